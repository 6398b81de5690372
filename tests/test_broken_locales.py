"""A broken locale file beside a house rule, given to every command that reads texts.

Whatever is wrong with the file (YAML that does not parse, a list where a mapping belongs, a
control character, a text that is not a text, an unknown placeholder), every command that reads
it stops with the file's name, line and column (exit 1) or, if it has no use for the texts,
does its work (exit 0): never a traceback, never another status, and no output file written
half (or at all) when it stops. Commands run in-process through the real entry point.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_translate_cli import HOUSE_EN, HOUSE_RULE, whist

#: what is wrong → (the lines after ``language`` and ``ruleset``, the line of the fault among them,
#: the commands that must stop on it). A file that is no locale at all stops every command that shows
#: or edits texts; a text that may not be shown stops those that show it (the translate commands
#: report it, or carry it into the PO file for the translator to mend); a text that is a mapping
#: is shown as missing.
SHOWN = {"show", "rules", "cards", "diff"}
BROKEN = {
    "syntax": ("title: [unclosed\n", 1, SHOWN | {"translate"}),
    "tab": ("bids:\n\tfavourite:\n    name: Favorit\n", 2, SHOWN | {"translate"}),
    "list": ("- a\n- b\n", 1, SHOWN | {"translate"}),
    "control": ('title: "Hus\\e[2Jregler"\n', 1, SHOWN),
    "not a text": ("bids:\n  favourite:\n    name: {a: 1}\n", 3, set()),
    "placeholder": ("bids:\n  favourite:\n    short: Ta {nothing} kort\n", 3, SHOWN),
}

COMMANDS = [
    ["show", "{house}"],
    ["rules", "{house}", "-o", "{tmp}/out.md"],
    ["rules", "{house}", "-o", "{tmp}/out.html"],
    ["cards", "{house}", "-o", "{tmp}/out.pdf"],
    ["analyze", "{house}", "--players", "4"],
    ["diff", "combo-whist", "{house}"],
    ["diff", "{house}", "combo-whist", "--texts"],
    ["diff", "{house}", "combo-whist", "--format", "json"],
    ["simulate", "{house}", "--games", "1", "--jobs", "1"],
    ["duel", "random", "random", "{house}", "--deals", "1"],
    ["balance", "{house}", "--deals", "2", "--agents", "random"],
    ["translate", "status", "{lang}", "{house}"],
    ["translate", "check", "{lang}", "{house}"],
    ["translate", "export", "{lang}", "{house}", "-o", "{tmp}/out.po"],
    ["translate", "mark", "{lang}", "{house}"],
    ["translate", "init", "{lang}", "{house}", "--force"],
]


@pytest.fixture
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    for lang in ("en", "sv"):
        (folder / "locales" / lang).mkdir(parents=True)
    (folder / "house.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (folder / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    (folder / "locales" / "sv" / "house.yaml").write_text("language: sv\nruleset: house\n", encoding="utf-8")
    return folder


#: Each command with each language it takes: export, mark and init refuse English, the source
#: language, whatever its files say, so they are run on the translation only.
CASES = [
    (" ".join(c[:2]).replace("{house}", "house") + f" {lang}", c, lang)
    for c in COMMANDS
    for lang in ("sv", "en")
    if not (c[0] == "translate" and lang == "en" and c[1] in ("export", "mark", "init"))
]


@pytest.mark.parametrize("broken", list(BROKEN))
@pytest.mark.parametrize(("name", "command", "lang"), CASES, ids=[name for name, _, _ in CASES])
def test_every_command_stops_on_a_broken_locale_with_its_place(
    club, tmp_path, capsys, broken, name, command, lang
) -> None:
    text, line, stopping = BROKEN[broken]
    (club / "locales" / lang / "house.yaml").write_text(f"language: {lang}\nruleset: house\n{text}", encoding="utf-8")
    before = {p: p.read_bytes() for p in club.rglob("*") if p.is_file()}
    argv = [
        a.replace("{house}", str(club / "house.yaml")).replace("{tmp}", str(tmp_path)).replace("{lang}", lang)
        for a in command
    ]
    if command[0] != "translate":
        argv += ["--lang", lang]
    code, out, err = whist(capsys, *argv)
    assert code in (0, 1), err
    if command[0] in stopping:
        assert code == 1, (out, err)
    if command[0] in stopping:
        assert f"locales/{lang}/house.yaml:{line + 2}:" in err, err
    if code == 1:
        assert not [p for p in tmp_path.iterdir() if p.name.startswith("out.")]
        assert {p: p.read_bytes() for p in club.rglob("*") if p.is_file()} == before
    assert "\x1b" not in out + err
