"""Every command shows a rule set's title as its own, or as its parent's with its id — never a
parent's title with the child's version, a release that does not exist.

``printf 'ruleset: friday\\nversion: 0.1.0\\nextends: combo-whist\\n'`` used to show as
"Combo Whist 0.1.0". Now the inherited title carries the house rule's id, as the bundled examples
write their own titles: "Combo Whist (friday) 0.1.0". The class: every command that prints a
title (show, simulate, analyze, diff, play, rules in md/html/pdf, cards), for a house rule without
a title, one with its own, one with its own in English only, an older release of a bundled rule
set, and a rule set with no title anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.loader_helpers import TINY_BIDS, TINY_GAME
from tests.test_translate_cli import whist

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = "ruleset: friday\nversion: 0.1.0\nextends: combo-whist\n"


def _friday(tmp_path: Path, en: str | None = None, sv: str | None = None) -> str:
    (tmp_path / "friday.yaml").write_text(FRIDAY, encoding="utf-8")
    for lang, title in (("en", en), ("sv", sv)):
        if title is not None:
            folder = tmp_path / "locales" / lang
            folder.mkdir(parents=True, exist_ok=True)
            text = f"language: {lang}\nruleset: friday\ntitle: {title}\n"
            (folder / "friday.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path / "friday.yaml")


def _tiny(tmp_path: Path) -> str:
    (tmp_path / "tiny.yaml").write_text(TINY_GAME + TINY_BIDS, encoding="utf-8")
    (tmp_path / "tinier.yaml").write_text("ruleset: tinier\nversion: 0.2.0\nextends: tiny.yaml\n", encoding="utf-8")
    return str(tmp_path / "tinier.yaml")


#: (how to make the rule set, language, the title it must show, a title it must never show)
RULE_SETS: dict[str, tuple[Callable[[Path], str], str, str, str]] = {
    "house rule without a title": (_friday, "en", "Combo Whist (friday) 0.1.0", "Combo Whist 0.1.0"),
    "house rule without a title, sv": (_friday, "sv", "Kombinations-Whist (friday) 0.1.0", "Kombinations-Whist 0.1.0"),
    "house rule with its own title": (
        lambda p: _friday(p, en="Friday Whist", sv="Fredagswhist"),
        "sv",
        "Fredagswhist 0.1.0",
        "(friday)",
    ),
    "its own title in English only": (
        lambda p: _friday(p, en="Friday Whist"),
        "sv",
        "Friday Whist 0.1.0",  # its own words, not its parent's with its id
        "Kombinations-Whist (friday)",
    ),
    "an example with its own title": (
        lambda p: str(ROOT / "bids" / "examples" / "quick-game.yaml"),
        "en",
        "Combo Whist (quick game) 1.5.1+quick.1",
        "(quick-game)",
    ),
    "an older release": (lambda p: "combo-whist@1.4.2", "en", "Combo Whist 1.4.2", "(combo-whist)"),
    "no title anywhere": (_tiny, "en", "tinier 0.2.0", "tiny 0.2.0"),
}


def _run(capsys, tmp_path: Path, command: str, ref: str, lang: str) -> str:
    """What ``command`` shows of ``ref`` (its output, or the text of the file it writes)."""
    out_file = tmp_path / "out"
    args = {
        "show": ["show", ref],
        "simulate": ["simulate", ref, "--games", "1", "--jobs", "1"],
        "analyze": ["analyze", ref, "--players", "4"],
        "diff": ["diff", "combo-whist", ref],
        "play": ["play", ref, "--seat", "0", "--save", str(tmp_path / "save.json")],
        "rules md": ["rules", ref, "--format", "md", "-o", str(out_file.with_suffix(".md"))],
        "rules html": ["rules", ref, "--format", "html", "-o", str(out_file.with_suffix(".html"))],
        "rules pdf": ["rules", ref, "--format", "pdf", "-o", str(out_file.with_suffix(".pdf"))],
        "cards": ["cards", ref, "-o", str(out_file.with_suffix(".pdf"))],
    }[command]
    code, out, err = whist(capsys, *args, "--lang", lang)
    assert code in (0, 1), err  # (play stops at the end of its input: 1)
    written = [p for p in tmp_path.glob("out.*")]
    if not written:
        return out
    data = written[0].read_bytes()
    written[0].unlink()
    if written[0].suffix == ".pdf":  # the document's title, as the PDF writes a string
        return data.decode("latin-1").replace("\\(", "(").replace("\\)", ")")
    return data.decode("utf-8")


COMMANDS = ["show", "simulate", "analyze", "diff", "play", "rules md", "rules html", "rules pdf", "cards"]
#: Commands that show the title without the version (it is in the line beside it, or not needed).
WITHOUT_VERSION = {"play"}


@pytest.mark.parametrize(
    ("case", "command"),
    [
        (case, command)
        for case in RULE_SETS
        for command in COMMANDS
        # (a PDF writes other letters as it likes: Swedish titles are checked in md and html)
        if not (command in ("rules pdf", "cards") and RULE_SETS[case][1] != "en")
    ],
)
def test_every_command_shows_whose_title_it_is(tmp_path, capsys, command: str, case: str) -> None:
    make, lang, title, never = RULE_SETS[case]
    shown = _run(capsys, tmp_path, command, make(tmp_path), lang)
    expected = title.rsplit(" ", 1)[0] + ":" if command in WITHOUT_VERSION else title
    assert expected in shown, shown[:400]
    assert never not in shown.replace(title, "")
