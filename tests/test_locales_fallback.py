"""Which language is shown: English fallback for a missing translation, the default language
from the environment, unknown languages, and the languages a rule set brings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from locales_helpers import FAVOURITE_BID, LOCALE_VARS, clean_env, edit, whist, write_house

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status

import rulespec.locale as locale
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.translations import status

# --- fallback and the choice of language ----------------------------------------------------


def test_a_missing_translation_falls_back_to_english(locales, combo):
    edit(locales / "sv" / "combo-whist.yaml", "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    texts = load_texts(combo, "sv")
    assert texts.bid_text("lock", "short") == "Take none of the first 3 tricks"  # English, numbers filled
    assert texts.bid_text("lock") == "Inget av handens 3 första stick får gå till spelföraren."
    assert texts.missing == {"bids.lock.short"}
    assert status("sv", combo).missing == ["bids.lock.short"]


def test_a_language_without_files_is_all_english(locales, combo):
    texts = load_texts(combo, "fi")
    assert texts.bid_name("misery") == "Misery" and texts.label("standard_bids") == "Standard bids"
    assert texts.missing == {"bids.misery.name", "labels.standard_bids"}


def test_a_bid_with_no_text_anywhere_shows_its_id(tmp_path):
    rules = load_ruleset(write_house(tmp_path, "bids:\n" + FAVOURITE_BID))
    texts = load_texts(rules, "sv")
    assert texts.bid_name("favourite") == "favourite"
    assert texts.bid_text("favourite") == "favourite"
    assert texts.bid_text("no_such_bid") == "no_such_bid"  # never a KeyError
    assert texts.get("groups.unheard_of") == "unheard_of" and texts.get("labels.nothing") == "labels.nothing"
    assert texts.get("declarations.a_new_meld") == "a_new_meld"  # (a meld, a choice or a zone of a house rule)
    assert {"bids.favourite.name", "bids.favourite.rules", "groups.unheard_of"} <= texts.missing
    result = whist("show", str(tmp_path / "house.yaml"), "--lang", "sv")
    assert result.returncode == 0, result.stderr
    assert "favourite" in result.stdout and "Misär" in result.stdout


def test_show_prints_english_for_a_missing_translation_and_says_so(tmp_path):
    house = write_house(
        tmp_path,
        "bids:\n" + FAVOURITE_BID,
        {"en": "language: en\nruleset: house\nbids:\n  favourite:\n    name: Favourite\n"},
    )
    result = whist("show", str(house), "--lang", "sv", "--format", "table")
    assert result.returncode == 0, result.stderr
    assert "Favourite" in result.stdout and "Specialbud" in result.stdout and "Misär" in result.stdout
    assert (
        f"note: 1 text(s) missing in 'sv', shown in English (see: whist translate status sv {house})" in result.stderr
    )
    assert "Traceback" not in result.stderr
    english = whist("show", str(house), "--lang", "en")
    assert english.returncode == 0 and "Favourite" in english.stdout and english.stderr == ""


@pytest.mark.parametrize(
    "command",
    [
        ["show", "combo-whist"],
        ["rules", "combo-whist", "--format", "md"],
        ["diff", "combo-whist@1.5.0", "combo-whist"],
        ["simulate", "combo-whist", "--games", "1"],
        ["analyze", "combo-whist"],
        ["cards", "combo-whist", "-o", "x.pdf"],
    ],
)
def test_an_unknown_language_is_the_same_usage_error_in_every_command(command: list[str], tmp_path: Path) -> None:
    """``show`` said it in a form of its own (no ``error:``, no option named) while ``cards`` and
    ``rules`` said it as every other usage error is said."""
    result = whist(*command, "--lang", "xx", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "error: Invalid value for --lang: unknown language 'xx' (available: en, sv)" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_an_unknown_language_is_an_error_with_a_hint():
    result = whist("show", "combo-whist", "--lang", "xx")
    assert result.returncode == 2
    assert "error: Invalid value for --lang: unknown language 'xx' (available: en, sv)" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "Standard bids"),
        ({"WHIST_LANG": "sv"}, "Standardbud"),
        ({"LANG": "sv_SE.UTF-8"}, "Standardbud"),
    ],
)
def test_the_default_language_comes_from_the_environment(env, expected):
    result = whist("show", "combo-whist", env=clean_env(**env))
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"WHIST_LANG": "sv", "LANG": "en_GB.UTF-8"}, "sv"),
        ({"WHIST_LANG": "en", "LANG": "sv_SE.UTF-8"}, "en"),
        ({"WHIST_LANG": "xx", "LANG": "sv_SE.UTF-8"}, "sv"),  # a language without texts is skipped
        ({"LANGUAGE": "de:sv", "LANG": "de_DE.UTF-8"}, "sv"),  # LANGUAGE lists preferences
        ({"LC_ALL": "C", "LANGUAGE": "sv", "LANG": "sv_SE.UTF-8"}, "en"),  # C means English, as with gettext
        ({"LC_ALL": "sv_FI.UTF-8", "LANG": "en_US.UTF-8"}, "sv"),
        ({"WHIST_LANG": "sv-SE"}, "sv"),
    ],
)
def test_default_language(monkeypatch, env, expected):
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert locale.default_language() == expected


def test_available_languages_include_those_a_rule_set_brings(tmp_path):
    house = write_house(tmp_path, texts={"de": "language: de\nruleset: house\ntitle: Kombi-Whist\n"})
    assert locale.available_languages() == ["en", "sv"]
    assert locale.available_languages(load_ruleset(house)) == ["de", "en", "sv"]


#: Each command that shows a rule set's texts (README: they take --lang), run small.
_TEXT_COMMANDS = {
    "show": [],
    "diff": ["combo-whist"],  # (the house rule comes last: diff OLD NEW)
    "cards": ["--bids", "lock", "-o", "{out}/cards.pdf"],
    "rules": ["--format", "md", "-o", "{out}/rules.md"],
    "play": ["--seed", "1"],  # (no input: it stops at once, as Ctrl-D would)
    "simulate": ["--games", "1", "--jobs", "1"],
    "duel": ["random", "random", "--deals", "1", "--jobs", "1"],
    "balance": ["--deals", "1", "--agents", "random", "--jobs", "1"],
    "analyze": ["--players", "4"],
}


def _text_command(name: str, ruleset: str, out: Path, lang: str) -> tuple[str, str]:
    """``whist NAME`` on ``ruleset`` in ``lang``, in this process (as a subprocess each took a second
    of start-up): what it printed on stdout (and into its output file), and on stderr."""
    from click.testing import CliRunner

    from whist.cli import cli

    args = [a.replace("{out}", str(out)) for a in _TEXT_COMMANDS[name]]
    if name == "diff":
        argv = [name, *args, ruleset]
    elif name == "duel":  # (duel A B RULESET)
        argv = [name, *args[:2], ruleset, *args[2:]]
    else:
        argv = [name, ruleset, *args]
    result = CliRunner().invoke(cli, [*argv, "--lang", lang], input="", env={"COLUMNS": "200"})
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), (
        name,
        result.exception,
    )
    shown = result.stdout + ((out / "rules.md").read_text(encoding="utf-8") if name == "rules" else "")
    return shown, result.stderr


def test_every_command_that_shows_texts_says_which_fell_back_to_english(tmp_path, monkeypatch):
    """README: "A missing translation falls back to English and is reported on stderr" — play,
    simulate, duel, balance and analyze said nothing. A house rule whose own English renames a bid
    and retitles the game has no Swedish for them: whenever a command shows one of those English
    words, it says so on stderr, naming the rule set to run status on."""
    from test_cli_conventions import _commands

    from whist.cli import cli

    monkeypatch.chdir(tmp_path)  # (play saves its game in the working folder)
    english = "language: en\nruleset: house\ntitle: Our Own Table\nbids:\n  lock:\n    name: Bolt\n"
    house = write_house(tmp_path / "h", texts={"en": english})
    taking = {path[0] for path, c in _commands(cli) if len(path) == 1 and any("--lang" in p.opts for p in c.params)}
    assert taking == set(_TEXT_COMMANDS)  # (a new command that shows texts joins this test)
    noted = 0
    for name in _TEXT_COMMANDS:
        shown, stderr = _text_command(name, str(house), tmp_path, "sv")
        if name == "cards" or "Bolt" in shown or "Our Own Table" in shown:  # (the card of Lock names it)
            assert f"in English (see: whist translate status sv {house})" in stderr, (name, stderr)
            noted += 1
    assert noted >= 7, noted


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_command_finds_a_bundled_text_missing(tmp_path, monkeypatch, lang):
    """The bundled rule set is whole in English and Swedish: no command that shows texts notes a
    missing one (play counted the card ranks it asks for before using the rank itself: "9 text(s)
    missing in every language")."""
    monkeypatch.chdir(tmp_path)
    for name in _TEXT_COMMANDS:
        ruleset = "combo-whist@1.5.0" if name == "diff" else "combo-whist"  # (diff: 1.5.0 against the current one)
        shown, stderr = _text_command(name, ruleset, tmp_path, lang)
        assert shown and "missing" not in stderr, (name, stderr)


def test_an_english_text_standing_in_says_its_values_in_english(locales, combo):
    """Master Mail's rank is "1 or 3": an English text shown for a missing Swedish one said
    "1 el. 3" (the values were joined in the language asked for, not the text's)."""
    swedish = load_texts(combo, "sv").bid_text("master_mail")
    assert "1 el. 3" in swedish
    path = locales / "sv" / "combo-whist.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    rules: >-\n      Före handen skickar varje motspelare")
    end = text.index("\n\n", start)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    fallback = load_texts(combo, "sv").bid_text("master_mail")
    assert "Its rank is 1 or 3:" in fallback and "el." not in fallback
