"""One mistake in a house rule's locale file, one verdict, whichever command reads the file.

A text under a name the rule set never asks for (``groups.foo``, ``declarations.foo``) passed
``whist check`` while an unknown bid id was an error there, and ``translate status`` called
both "obsolete" (exit 0); a ``language:`` or ``ruleset:`` that is not the file's passed
everything. Now each is an error located at its key or value (rulespec/localekeys.py), exit 1,
from ``check``, ``translate status``/``check`` and every command that shows the texts.
"""

from __future__ import annotations

import pytest

from tests.test_broken_locales import club as club  # (the house rule with its en and sv files)
from tests.test_translate_cli import HOUSE_EN, whist

#: what is wrong → (the file, with {lang} for its language; the line of the fault; the message's start, hint)
WRONG = {
    "unknown group": ("language: {lang}\nruleset: house\ngroups:\n  foo: Foo\n", 4, "unknown group 'foo'", None),
    "unknown declaration": (
        "language: {lang}\nruleset: house\ndeclarations:\n  favourite_siut: x\n",
        4,
        "unknown declaration 'favourite_siut'",
        "did you mean 'favourite_suit'?",
    ),
    "unknown mark": ("language: {lang}\nruleset: house\nmarks:\n  debt: x\n", 4, "unknown mark 'debt'", None),
    "unknown variant": ("language: {lang}\nruleset: house\nvariants:\n  fast: x\n", 4, "unknown variant 'fast'", None),
    "unknown bid id": (
        "language: {lang}\nruleset: house\nbids:\n  favorite:\n    name: X\n",
        4,
        "unknown bid id 'favorite'",
        "did you mean 'favourite'?",
    ),
    "another language": ("language: se\nruleset: house\n", 1, "language 'se' in a file of locales/{lang}/", None),
    "another rule set": ("language: {lang}\nruleset: hose\n", 2, "ruleset 'hose' in house.yaml", None),
    "unknown section": (
        "language: {lang}\nruleset: house\nlables:\n  trick: x\n",
        3,  # at the key
        "unknown section 'lables'",
        "did you mean 'labels'?",
    ),
    "bids as a list": (
        "language: {lang}\nruleset: house\nbids:\n  - favourite: x\n",
        4,  # at the list
        "'bids' must be a mapping from bid ids to their texts",
        None,
    ),
}

COMMANDS = [
    ["check", "{house}"],
    ["translate", "status", "{lang}", "{house}"],
    ["translate", "check", "{lang}", "{house}"],
    ["show", "{house}", "--lang", "{lang}"],
    ["rules", "{house}", "--lang", "{lang}", "-o", "{tmp}/out.md"],
]


@pytest.mark.parametrize("wrong", list(WRONG))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]).replace("{house}", ""))
def test_every_reader_gives_the_same_located_error(club, tmp_path, capsys, wrong, command) -> None:
    text, line, message, hint = WRONG[wrong]
    lang = "sv"
    (club / "locales" / lang / "house.yaml").write_text(text.format(lang=lang), encoding="utf-8")
    argv = [
        a.replace("{house}", str(club / "house.yaml")).replace("{tmp}", str(tmp_path)).replace("{lang}", lang)
        for a in command
    ]
    code, out, err = whist(capsys, *argv)
    assert code == 1, (out, err)
    assert f"locales/{lang}/house.yaml:{line}:" in err and message.format(lang=lang) in err, err
    assert hint is None or hint in err
    assert "obsolete: " not in out  # an error, not a translator's leftover
    assert not (tmp_path / "out.md").exists()


@pytest.mark.parametrize("wrong", ["unknown group", "another rule set"])
def test_the_english_file_is_held_to_the_same(club, capsys, wrong) -> None:
    text, line, message, _ = WRONG[wrong]
    english = HOUSE_EN.replace("language: en\nruleset: house\n", text.format(lang="en"))
    (club / "locales" / "en" / "house.yaml").write_text(english, encoding="utf-8")
    for argv in (["check", str(club / "house.yaml")], ["translate", "status", "en", str(club / "house.yaml")]):
        code, _, err = whist(capsys, *argv)
        assert code == 1 and f"locales/en/house.yaml:{line}:" in err and message.format(lang="en") in err, err


def test_names_the_rule_set_asks_for_pass(club, capsys) -> None:
    sv = "language: sv\nruleset: house\ndeclarations:\n  favourite_suit: favoritfärg\ngroups:\n  non_trump_bids: x\n"
    (club / "locales" / "sv" / "house.yaml").write_text(sv, encoding="utf-8")
    code, _, err = whist(capsys, "check", str(club / "house.yaml"))
    assert code == 0, err
