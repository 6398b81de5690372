"""Texts per language (rulespec/locale.py) and the translation tooling (rulespec/translations.py).

Placeholders filled from the rule data, placeholder checks with positions, English fallback,
fingerprints (missing / stale / obsolete), ``whist translate init`` round trips, locales that
layer like rule sets, and the ``whist show`` / ``whist translate`` commands.

No test changes the real ``locales/`` folder: tests that edit texts work on a copy in
``tmp_path`` (the ``locales`` fixture points the modules at it), or on house-rule rule sets
written in ``tmp_path`` with a ``locales/<lang>/`` folder beside them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import rulespec.locale as locale
import rulespec.skeleton as skeleton
import rulespec.translations as translations
from rulespec import RuleError, load_ruleset
from rulespec.locale import Texts, bid_values, general_values, load_texts, locale_files
from rulespec.translations import catalog, fingerprint, mark, placeholder_fields, placeholders, status

ROOT = Path(__file__).resolve().parent.parent
LOCALE_VARS = ("WHIST_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# `whist` with its locales read from another folder (the CLI otherwise reads the real locales/).
PATCHED_CLI = (
    "import sys; from pathlib import Path; import rulespec.locale as L; "
    "L.LOCALES_DIR = Path(sys.argv[1]); from whist.cli import main; main(sys.argv[2:])"
)

FAVOURITE_BID = """\
  - id: favourite
    kind: special
    worth: 1
    priority: 5
    incompatible: [zero, misery, master_misery]
    params: {favourite_cards: 5}
    steps:
      - choose: {who: declarer, what: suit, as: favourite_suit}
    requires: count(declarer.won, card.suit == favourite_suit) >= favourite_cards
"""


# --- helpers -------------------------------------------------------------------------------


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for a ``whist`` subprocess: no locale variables unless given, wide output."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update({"COLUMNS": "200", "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8"})
    env.update(extra)
    return env


def whist(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "whist", *args],
        cwd=ROOT,
        env=env or clean_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def whist_on(locales_dir: Path, *args: str) -> subprocess.CompletedProcess:
    """``whist`` run with its locales read from ``locales_dir`` (a copy), not the real folder."""
    return subprocess.run(
        [sys.executable, "-c", PATCHED_CLI, str(locales_dir), *args],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def write_house(folder: Path, body: str = "", texts: dict[str, str] | None = None, name: str = "house") -> Path:
    """A house rule set extending combo-whist, with locale files ``locales/<lang>/<name>.yaml`` beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\nversion: '1'\nextends: combo-whist\n{body}", encoding="utf-8")
    for lang, text in (texts or {}).items():
        (folder / "locales" / lang).mkdir(parents=True, exist_ok=True)
        (folder / "locales" / lang / f"{name}.yaml").write_text(text, encoding="utf-8")
    return path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_and_column(path: Path, needle: str, shift: int = 0) -> tuple[int, int]:
    """1-based line and column of ``needle`` (plus ``shift`` characters) in a file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1 + shift
    raise AssertionError(f"{needle!r} not in {path}")


def errors_matching(report, text: str) -> list[RuleError]:
    return [e for e in report.errors if text in e.message]


@pytest.fixture(scope="module")
def combo():
    return load_ruleset("combo-whist")


@pytest.fixture(scope="module")
def real_sv_status(combo):
    return status("sv", combo)


@pytest.fixture
def locales(tmp_path, monkeypatch, combo, real_sv_status) -> Path:
    """A copy of locales/ that the locale and translations modules read (and write) instead.

    The copy starts with a complete, current Swedish translation of combo-whist even while the
    real one lags behind (that is for the tests on the real tree to report): entries missing in
    Swedish are filled with the English text in ``sv/combo-whist@<version>.yaml``, then marked.
    """
    copy = tmp_path / "project" / "locales"
    shutil.copytree(ROOT / "locales", copy)
    monkeypatch.setattr(locale, "LOCALES_DIR", copy)
    missing = real_sv_status.missing
    if missing:
        english = catalog("en", combo).entries
        data: dict = {"language": "sv"}
        for key in missing:
            *parents, last = key.split(".")
            node = data
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = english[key].text
        filler = copy / "sv" / f"combo-whist@{combo.version}.yaml"
        assert not filler.exists()
        filler.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    if missing or real_sv_status.stale:
        mark("sv", combo)
    return copy


@pytest.fixture(autouse=True)
def never_write_the_real_locales(monkeypatch):
    """The writers of the translation tooling refuse the real locales/ folder during these tests."""
    real = (ROOT / "locales").resolve()
    write, init = translations._write_fingerprints, skeleton.init

    def guarded_write(path: Path, prints: dict[str, str]) -> int:
        assert real not in Path(path).resolve().parents, f"a test would write {path}"
        return write(path, prints)

    def guarded_init(*args, **kwargs):
        assert Path(locale.LOCALES_DIR).resolve() != real, "a test would write into locales/"
        return init(*args, **kwargs)

    monkeypatch.setattr(translations, "_write_fingerprints", guarded_write)
    monkeypatch.setattr(skeleton, "init", guarded_init)


# --- placeholders filled from the rule data -------------------------------------------------


def test_bid_texts_take_their_numbers_from_the_rules(combo):
    en, sv = load_texts(combo, "en"), load_texts(combo, "sv")
    assert en.bid_text("mail", "short") == "Everyone passes 3 cards to the right"
    assert sv.bid_text("mail", "short") == "Alla skickar 3 kort till höger"
    assert en.bid_text("lock") == "None of the first 3 tricks of the hand may go to the declarer."
    assert en.bid_text("trump", "short") == "Name trump and take at least 5 tricks"
    assert en.bid_text("zero", "short") == "Take 0 tricks, not a single one"
    assert en.bid_text("penalty") == "If the combo bid fails, the declarer loses 2 points more than usual."
    assert not en.missing and not sv.missing


def test_changing_a_number_in_the_rules_changes_every_language(tmp_path):
    house = write_house(
        tmp_path,
        "bids:\n  - id: mail\n    params: {cards: 4}\n  - id: lock\n    params: {locked_tricks: 5}\n"
        "  - id: penalty\n    penalty: 3\n",
    )
    rules = load_ruleset(house)
    en, sv = load_texts(rules, "en"), load_texts(rules, "sv")
    assert en.bid_text("mail", "short") == "Everyone passes 4 cards to the right"
    assert sv.bid_text("mail", "short") == "Alla skickar 4 kort till höger"
    assert "passes 4 cards from their hand" in en.bid_text("mail")
    assert en.bid_text("lock", "short") == "Take none of the first 5 tricks"
    assert sv.bid_text("lock") == "Inget av handens 5 första stick får gå till spelföraren."
    assert sv.bid_text("penalty", "short") == "Ett misslyckande kostar dig 3 extra"
    # the same locale files as for combo-whist: the house rule brings no texts
    assert [p.name for p in locale_files("sv", rules)] == ["ui.yaml", "combo-whist.yaml"]
    assert not en.missing and not sv.missing


def test_a_conditional_worth_reads_one_or_three_in_each_language(combo):
    master_mail = combo.bids["master_mail"]
    assert bid_values(master_mail) == {"cards": "3", "worth": "1 or 3", "priority": "3"}
    assert bid_values(master_mail, "el.")["worth"] == "1 el. 3"
    assert "Its rank is 1 or 3: the higher value" in load_texts(combo, "en").bid_text("master_mail")
    assert "Budets rang är 1 el. 3: det högre värdet" in load_texts(combo, "sv").bid_text("master_mail")


def test_general_prose_takes_the_game_numbers(combo, tmp_path):
    values = general_values(combo)
    assert {k: values[k] for k in ("bidding_floor", "hand_size", "in_deal", "per_bid", "minimum_worth", "rounds")} == {
        "bidding_floor": "-5",
        "hand_size": "13",
        "in_deal": "4",
        "per_bid": "30",
        "minimum_worth": "1",
        "rounds": "3",
    }
    en = load_texts(combo, "en")
    assert "A player whose score is below -5 may not bid" in en.general("bidding")
    assert "gives 13 cards to each player" in en.general("deal")
    assert "30 seconds for each bid" in en.general("time_limits")

    house = write_house(
        tmp_path,
        "game:\n  params: {bidding_floor: -3}\n  deal:\n    hand_size: 12 if player_count == 3 else 13\n",
    )
    rules = load_ruleset(house)
    en, sv = load_texts(rules, "en"), load_texts(rules, "sv")
    assert "A player whose score is below -3 may not bid" in en.general("bidding")
    assert "En spelare med under -3 poäng får inte buda" in sv.general("bidding")
    # a number that depends on the table reads "12 or 13", in the text's own language
    assert "as usual, 12 or 13 cards each" in en.general("three_players")
    assert "som vanligt, 12 el. 13 kort var" in sv.general("three_players")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_real_text_is_left_with_an_unfilled_placeholder(combo, lang):
    texts = load_texts(combo, lang)
    shown = [texts.get("title")]
    for bid_id in combo.bids:
        shown += [texts.bid_text(bid_id, field_name) for field_name in ("name", "short", "rules")]
    shown += [texts.general(section) for section in texts.data["general"]]
    assert not [text for text in shown if "{" in text or "}" in text]
    assert not texts.missing


def test_labels_are_filled_by_the_code_that_prints_them():
    texts = load_texts(None, "sv")
    assert texts.label("trick_n", n=3) == "Stick 3"
    assert texts.label("trick_n") == "Stick {n}"  # a value not given stays visible, no crash
    made = Texts("en", {"a": "{{literal}} {n}", "b": "broken {", "c": 10, "d": True}, {})
    assert made.get("a") == made.get("a", x=1) == "{literal} {n}"  # {{ shows as { with or without values
    assert made.get("a", n=2) == "{literal} 2"
    assert made.get("b", n=1) == "broken {"  # malformed: reported by `whist translate check`, never fatal
    assert made.get("c") == "10"  # a number is a text
    assert made.get("d") == "d" and made.missing == {"d"}  # an unquoted yes/true is not


# --- placeholder checks with positions -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fields", "bad"),
    [
        ("Take {tricks_min} tricks", [("tricks_min", 5)], None),
        ("{a} and {b} and {a}", [("a", 0), ("b", 8), ("a", 16)], None),
        ("{{literal}} {n}", [("n", 12)], None),
        ("{n:>3} {m!r}", [], 0),  # no format specs or conversions: a text is not a Python format string
        ("{n} {m.__class__}", [("n", 0)], 4),
        ("{n} {m[0]}", [("n", 0)], 4),
        ("{0}", [], 0),
        ("fine {a} then {broken", [("a", 5)], 14),
        ("a } b", [], 2),
        ("{a {b}", [], 0),
        ("{}", [], 0),
    ],
)
def test_placeholder_fields(text, fields, bad):
    assert placeholder_fields(text) == (fields, bad)
    assert placeholders(text) == (None if bad is not None else {name for name, _ in fields})


def test_an_unknown_placeholder_in_english_points_into_the_text(locales, combo):
    en = locales / "en" / "combo-whist.yaml"
    edit(en, "may go to the declarer.", "may go to the {declarer_seat}.")  # inside a folded >- text
    edit(
        en,
        "short: Take none of the first {locked_tricks} tricks",
        "short: Take none of the first {locked_trick} tricks",
    )
    report = status("en", combo)
    assert len(report.errors) == 2 and all(isinstance(e, RuleError) for e in report.errors)
    [folded] = errors_matching(report, "'{declarer_seat}'")
    assert folded.message == "unknown placeholder '{declarer_seat}'"
    assert folded.position.path == str(en)
    # line and column of the name inside the braces, in the file
    assert (folded.position.line, folded.position.column) == line_and_column(en, "{declarer_seat}", 1)
    assert folded.hint == "known here: locked_tricks, worth"
    assert (
        str(folded).splitlines()[1].strip()
        == "None of the first {locked_tricks} tricks of the hand may go to the {declarer_seat}."
    )
    [plain] = errors_matching(report, "'{locked_trick}'")
    assert (plain.position.line, plain.position.column) == line_and_column(en, "{locked_trick}", 1)
    # the English errors show in every language's report (with the translation's mismatches after them)
    assert [str(e) for e in status("sv", combo).errors[:2]] == [str(e) for e in report.errors]


def test_texts_that_take_no_placeholders(locales, combo):
    edit(locales / "en" / "combo-whist.yaml", "title: Combo Whist", "title: Combo Whist {version}")
    [error] = status("en", combo).errors
    assert error.message == "unknown placeholder '{version}'" and error.hint == "this text takes no placeholders"


def test_a_translation_that_drops_or_adds_a_placeholder(locales, combo):
    sv = locales / "sv" / "combo-whist.yaml"
    edit(sv, "short: Alla skickar {cards} kort till höger", "short: Alla skickar kort till höger")
    edit(sv, "Av handens {early_tricks} första stick", "Av handens {early_tricks} första {cards} stick")
    report = status("sv", combo)
    [dropped] = errors_matching(report, "of the English text is missing")
    assert dropped.message == "placeholder '{cards}' of the English text is missing"
    assert dropped.position.path == str(sv)
    assert (dropped.position.line, dropped.position.column) == line_and_column(sv, "Alla skickar kort")
    [added] = errors_matching(report, "is not in the English text")
    assert added.message == "placeholder '{cards}' is not in the English text"
    assert (added.position.line, added.position.column) == line_and_column(sv, "{cards} stick", 1)
    [unknown] = errors_matching(report, "unknown placeholder")  # Limbo has no {cards} at all
    assert unknown.position == added.position
    assert len(report.errors) == 3 and not report.missing


def test_malformed_braces_are_errors(locales, combo):
    sv = locales / "sv" / "combo-whist.yaml"
    edit(sv, "short: Trumf är färgen som", "short: Trumf {är färgen som")
    edit(sv, "short: Alla skickar {cards} kort", "short: Alla skickar {cards} kort}")
    report = status("sv", combo)
    [unclosed, unopened] = errors_matching(report, "malformed placeholder")
    assert unclosed.message == "malformed placeholder: '{' is not closed"
    assert (unclosed.position.line, unclosed.position.column) == line_and_column(sv, "{är färgen")
    assert unopened.message == "malformed placeholder: '}' was not opened"
    assert (unopened.position.line, unopened.position.column) == line_and_column(sv, "kort} till", 4)
    assert len(report.errors) == 2  # no follow-up errors about the English placeholders


def test_a_value_that_is_not_a_text(locales, combo):
    edit(locales / "sv" / "ui.yaml", '"yes": ja', '"yes": true')
    report = status("sv", combo)
    [error] = report.errors
    assert error.message == "'labels.yes' is not a text" and "quote it" in error.hint
    assert error.position.line == line_and_column(locales / "sv" / "ui.yaml", '"yes": true')[0]
    assert "labels.yes" in report.missing
    texts = load_texts(combo, "sv")
    assert texts.label("yes") == "yes" and texts.missing == {"labels.yes"}  # English stands in


def test_translate_status_and_check_report_placeholder_errors(locales):
    edit(locales / "sv" / "combo-whist.yaml", "short: Alla skickar {cards} kort", "short: Alla skickar {kort} kort")
    result = whist_on(locales, "translate", "status", "sv")
    assert result.returncode == 1, result.stderr
    line, column = line_and_column(locales / "sv" / "combo-whist.yaml", "{kort}", 1)
    assert f"sv/combo-whist.yaml:{line}:{column}: unknown placeholder '{{kort}}'" in result.stderr
    # unknown here, not in the English text, and the English {cards} is missing
    assert "3 placeholder error(s)" in result.stdout
    assert "Traceback" not in result.stderr


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
    assert "note: 1 text(s) missing in 'sv', shown in English (see: whist translate status sv)" in result.stderr
    assert "Traceback" not in result.stderr
    english = whist("show", str(house), "--lang", "en")
    assert english.returncode == 0 and "Favourite" in english.stdout and english.stderr == ""


def test_an_unknown_language_is_an_error_with_a_hint():
    result = whist("show", "combo-whist", "--lang", "xx")
    assert result.returncode == 2
    assert "unknown language 'xx'" in result.stderr and "hint: available: en, sv" in result.stderr
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


# --- fingerprints: stale, mark, obsolete ----------------------------------------------------


def test_the_real_translation_is_complete_and_current(combo):
    report = status("sv", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    assert report.total == len(catalog("en", combo).entries) > 250
    result = whist("translate", "status", "sv")
    assert result.returncode == 0, result.stderr
    assert (
        f"sv / combo-whist: {report.total} entries, 0 missing, 0 unreviewed, 0 stale, 0 obsolete, "
        "0 placeholder error(s)" in result.stdout
    )


def test_an_english_change_makes_the_translation_stale_until_marked(locales, combo):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    edit(locales / "en" / "ui.yaml", "  scores: Scores\n", "  scores: Score table\n")
    assert status("sv", combo).stale == ["labels.scores", "bids.trump.name"]  # ui.yaml first
    assert mark("sv", combo, ["bids.trump.name"]) == 1  # one file changed
    assert status("sv", combo).stale == ["labels.scores"]
    assert catalog("sv", combo).entries["bids.trump.name"].fingerprint == fingerprint("Trumps")
    assert mark("sv", combo) == 1  # ui.yaml
    assert mark("sv", combo) == 0  # nothing left to change
    report = status("sv", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    # the texts themselves are untouched
    assert load_texts(combo, "sv").bid_name("trump") == "Trumf"


def test_mark_refuses_english_and_unknown_keys(locales, combo):
    with pytest.raises(RuleError, match="English is the source language"):
        mark("en", combo)
    with pytest.raises(RuleError, match="no 'sv' text to mark for bids.nope.name"):
        mark("sv", combo, ["bids.nope.name"])


def test_mark_rewrites_only_the_fingerprints_and_keeps_them_last(locales, combo):
    files = [locales / "sv" / "combo-whist.yaml", locales / "sv" / "ui.yaml"]
    before = {path: yaml.safe_load(path.read_text(encoding="utf-8")) for path in files}
    assert mark("sv", combo) == 0  # all current: no file is rewritten
    assert all(yaml.safe_load(path.read_text(encoding="utf-8")) == before[path] for path in files)
    for round_ in (1, 2):
        edit(
            locales / "en" / "combo-whist.yaml",
            f"    name: Trump{'s' * (round_ - 1)}\n",
            f"    name: Trump{'s' * round_}\n",
        )
        edit(locales / "en" / "ui.yaml", f"  scores: Scores{'!' * (round_ - 1)}\n", f"  scores: Scores{'!' * round_}\n")
        assert mark("sv", combo) == 2
        for path in files:
            text = path.read_text(encoding="utf-8")
            data = yaml.safe_load(text)
            assert text.count(translations.FINGERPRINTS_COMMENT) == 1  # not one more per run
            assert list(data)[-1] == "fingerprints"
            assert all(isinstance(v, str) for v in data["fingerprints"].values())
            old = before[path]["fingerprints"]  # all digits were written unquoted before: read as numbers
            changed = {k for k, v in data["fingerprints"].items() if v != str(old[k])}
            assert changed == ({"bids.trump.name"} if path.name == "combo-whist.yaml" else {"labels.scores"})
            # every text as before
            assert {k: v for k, v in data.items() if k != "fingerprints"} == {
                k: v for k, v in before[path].items() if k != "fingerprints"
            }
    assert not status("sv", combo).stale


def test_mark_keeps_what_follows_the_fingerprints_and_drops_fingerprints_of_gone_keys(tmp_path, locales):
    sv_text = (
        "language: sv\nruleset: house\nfingerprints:\n  bids.favourite.name: 00000000\n  bids.gone.name: 12345678\n"
        "# Nya bud\nbids:\n  favourite:\n    name: Favorit\n"
    )
    house = write_house(
        tmp_path,
        "bids:\n" + FAVOURITE_BID,
        {"en": "language: en\nruleset: house\nbids:\n  favourite:\n    name: Favourite\n", "sv": sv_text},
    )
    rules = load_ruleset(house)
    assert status("sv", rules).stale == ["bids.favourite.name"]
    assert mark("sv", rules, ["bids.favourite.name"]) == 1
    text = (tmp_path / "locales" / "sv" / "house.yaml").read_text(encoding="utf-8")
    assert "# Nya bud\nbids:\n  favourite:\n    name: Favorit\n" in text
    assert yaml.safe_load(text)["fingerprints"] == {"bids.favourite.name": fingerprint("Favourite")}
    assert text.rstrip().splitlines()[-1] == f"  bids.favourite.name: {fingerprint('Favourite')}"
    assert not status("sv", rules).stale


def test_a_child_text_needs_its_own_fingerprint(tmp_path):
    """A house rule's translation that overrides a parent text is not vouched for by the parent's fingerprint."""
    house = write_house(tmp_path, texts={"sv": "language: sv\nruleset: house\nbids:\n  trump:\n    name: Trumfen\n"})
    rules = load_ruleset(house)
    assert load_texts(rules, "sv").bid_name("trump") == "Trumfen"
    report = status("sv", rules)
    assert report.unreviewed == ["bids.trump.name"] and report.stale == []  # never marked: unreviewed


def test_obsolete_entries_are_listed(locales, combo):
    edit(locales / "sv" / "combo-whist.yaml", "groups:\n", "groups:\n  retired_group: pensionerade bud\n")
    report = status("sv", combo)
    assert report.obsolete == ["groups.retired_group"] and not report.missing and not report.stale
    mark("sv", combo)
    assert "groups.retired_group" not in catalog("sv", combo).fingerprints


def test_translate_status_lists_and_counts(locales, combo):
    sv = locales / "sv" / "combo-whist.yaml"
    edit(sv, "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    edit(sv, "groups:\n", "groups:\n  retired_group: pensionerade bud\n")
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    total = len(catalog("en", combo).entries)
    result = whist_on(locales, "translate", "status", "sv")
    assert result.returncode == 0, result.stderr  # missing and stale are not errors here
    lines = result.stdout.splitlines()
    line, _ = line_and_column(sv, "    name: Trumf\n".strip())
    assert lines[:5] == [
        "missing: bids.lock.short",
        f"stale: bids.trump.name  {sv}:{line}",  # where to edit, and what changed in English
        "  was: (the older English text is not known here)",  # no file holds it any more
        "  now: Trumps",
        "obsolete: groups.retired_group",
    ]
    assert lines[-1] == (
        f"sv / combo-whist: {total} entries, 1 missing, 0 unreviewed, 1 stale, 1 obsolete, 0 placeholder error(s)"
    )


# --- a new language: init, fill, mark, clean ------------------------------------------------


def fill_from_english(path: Path, english: dict[str, str]) -> None:
    """Fill each ``key: ""`` of a skeleton with the English text, as a translator would, keeping comments."""
    doc = locale.read_locale(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    for key, _ in locale.flatten(doc.data):
        number = doc.locations[tuple(key.split("."))].line - 1
        assert lines[number].endswith('""')
        lines[number] = lines[number][:-2] + json.dumps(english[key], ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_init_writes_a_complete_skeleton_with_the_english_beside_each_entry(locales, combo):
    written = [path for path, _, created in skeleton.init("xx", combo) if created]
    assert written == [locales / "xx" / "ui.yaml", locales / "xx" / "combo-whist.yaml"]
    english = catalog("en", combo)
    keys = set()
    for path in written:
        doc = locale.read_locale(path)
        assert doc.data["language"] == "xx"
        lines = path.read_text(encoding="utf-8").splitlines()
        for key, value in locale.flatten(doc.data):
            keys.add(key)
            assert value == "", key
            # the English text, line by line, in the comment lines just above the entry
            text_lines = english.entries[key].text.splitlines()
            line = doc.locations[tuple(key.split("."))].line
            above = [comment.strip() for comment in lines[line - 1 - len(text_lines) : line - 1]]
            assert above == [f"# en: {t}".rstrip() for t in text_lines], key
        # keys YAML would read as booleans are quoted, so every tool sees strings
        assert all(
            isinstance(k, str)
            for k in yaml.safe_load(path.read_text(encoding="utf-8"))["labels" if "ui" in path.name else "bids"]
        )
    assert keys == set(english.entries)
    assert yaml.safe_load(written[1].read_text(encoding="utf-8"))["ruleset"] == "combo-whist"
    assert "ruleset" not in yaml.safe_load(written[0].read_text(encoding="utf-8"))


def test_init_fill_mark_round_trip(locales, combo):
    skeleton.init("xx", combo)
    report = status("xx", combo)
    assert sorted(report.missing) == sorted(catalog("en", combo).entries) and report.total == len(report.missing)
    assert (report.stale, report.obsolete, report.errors) == ([], [], [])
    texts = load_texts(combo, "xx")
    assert texts.bid_name("misery") == "Misery" and "bids.misery.name" in texts.missing  # empty = missing

    english = {key: entry.text for key, entry in catalog("en", combo).entries.items()}
    for path in catalog("xx", combo).files:
        fill_from_english(path, english)
    report = status("xx", combo)
    assert not report.missing and not report.errors and len(report.unreviewed) == report.total  # not marked yet
    assert mark("xx", combo) == 2
    report = status("xx", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    texts = load_texts(combo, "xx")
    assert texts.bid_text("master_mail", "short") == "The others pass 3 cards to the left, past you"
    assert "Its rank is 1 or 3: the higher value when the standard bid is a trump" in texts.bid_text("master_mail")
    assert not texts.missing


def test_init_refuses_to_overwrite_english_and_odd_codes(locales, combo):
    skeleton.init("xx", combo)
    (locales / "xx" / "ui.yaml").write_text("language: xx\nlabels:\n  scores: Poäng\n", encoding="utf-8")
    with pytest.raises(RuleError, match="exists already") as caught:
        skeleton.init("xx", combo)
    assert caught.value.hint == "use --force to add the entries it lacks (translations are kept)"
    assert "Poäng" in (locales / "xx" / "ui.yaml").read_text(encoding="utf-8")  # nothing overwritten
    lacking = len(status("xx", None).missing)
    [(ui, added, created), (_, nothing, _)] = skeleton.init("xx", combo, force=True)
    assert (ui, created, added, nothing) == (locales / "xx" / "ui.yaml", False, lacking, 0)
    assert load_texts(None, "xx").label("scores") == "Poäng"  # --force only adds what is missing
    report = status("xx", combo)
    assert report.unreviewed == ["labels.scores"] and len(report.missing) == report.total - 1
    with pytest.raises(RuleError, match="English is the source language"):
        skeleton.init("en", combo, force=True)
    with pytest.raises(RuleError, match="not a language code"):
        skeleton.init("../evil", combo)
    assert not (locales.parent / "evil").exists() and not (locales / "evil").exists()


def test_translate_init_then_status_on_the_command_line(locales):
    result = whist_on(locales, "translate", "init", "de")
    assert result.returncode == 0, result.stderr
    [ui_line, combo_line] = result.stdout.splitlines()
    assert ui_line.startswith(f"wrote {locales / 'de' / 'ui.yaml'} (") and combo_line.startswith(
        f"wrote {locales / 'de' / 'combo-whist.yaml'} ("
    )
    result = whist_on(locales, "translate", "status", "de")
    assert result.returncode == 0, result.stderr
    summary = result.stdout.splitlines()[-1]
    total = int(summary.split(": ")[1].split()[0])
    assert summary == (
        f"de / combo-whist: {total} entries, {total} missing, 0 unreviewed, 0 stale, 0 obsolete, 0 placeholder error(s)"
    )
    assert result.stdout.count("missing: ") == total > 250
    again = whist_on(locales, "translate", "init", "de")
    assert again.returncode == 1 and "exists already" in again.stderr and "--force" in again.stderr
    # check and status after ``init de`` look at what de has files for: combo-whist, not every version
    check = whist_on(locales, "translate", "check", "de")
    assert check.returncode == 1 and check.stdout.splitlines() == [
        f"de/combo-whist: {total} missing, 0 unreviewed, 0 stale, 0 error(s)"
    ]


# --- locales layer like rule sets ----------------------------------------------------------

HOUSE_EN = """\
language: en
ruleset: house
title: Combo Whist at our table
bids:
  favourite:
    name: Favourite
    short: Take {favourite_cards} cards of a suit you name
  penalty:
    short: A failure costs you {penalty} more (house rule)
"""

HOUSE_SV = """\
language: sv
ruleset: house
bids:
  favourite:
    name: Favorit
    short: Ta hem {favourite_cards} kort i en färg du väljer
"""


@pytest.fixture
def layered_house(tmp_path):
    return write_house(
        tmp_path, "bids:\n" + FAVOURITE_BID + "  - id: penalty\n    penalty: 3\n", {"en": HOUSE_EN, "sv": HOUSE_SV}
    )


def test_a_house_variant_adds_its_texts_on_top_of_its_parents(layered_house):
    rules = load_ruleset(layered_house)
    files = locale_files("en", rules)
    assert [p.name for p in files] == ["ui.yaml", "combo-whist.yaml", "house.yaml"]
    assert files[-1] == layered_house.parent / "locales" / "en" / "house.yaml"
    en = load_texts(rules, "en")
    assert en.bid_name("favourite") == "Favourite"
    assert en.bid_text("favourite", "short") == "Take 5 cards of a suit you name"
    assert en.bid_name("misery") == "Misery" and en.bid_text("lock", "short") == "Take none of the first 3 tricks"
    assert en.bid_text("penalty", "short") == "A failure costs you 3 more (house rule)"  # the child's text wins
    assert en.bid_name("penalty") == "Penalty"  # and the parent's other fields stay
    assert en.get("title") == "Combo Whist at our table"
    sv = load_texts(rules, "sv")
    assert (
        sv.bid_name("favourite") == "Favorit"
        and sv.bid_text("favourite", "short") == "Ta hem 5 kort i en färg du väljer"
    )
    assert sv.bid_name("misery") == "Misär"
    # the child's English overrides have no Swedish of their own yet: the parent's Swedish stands (stale)
    assert sv.bid_text("penalty", "short") == "Ett misslyckande kostar dig 3 extra"
    assert sv.get("title") == "Kombinations-Whist"
    assert not sv.missing


def test_status_of_a_house_variant(layered_house):
    rules = load_ruleset(layered_house)
    report = status("sv", rules)
    assert not report.missing and not report.errors and not report.obsolete
    # the parent's Swedish was made from other English texts; the new bid's was never marked
    assert report.stale == ["title", "bids.penalty.short"]
    assert report.unreviewed == ["bids.favourite.name", "bids.favourite.short"]
    assert report.total == len(catalog("en", load_ruleset("combo-whist")).entries) + 2  # favourite's two texts


def test_mark_a_house_variant_leaves_the_parents_files_alone(layered_house, locales):
    rules = load_ruleset(layered_house)
    before = {p: p.read_bytes() for p in locales.rglob("*.yaml")}
    with pytest.raises(RuleError, match="the 'sv' text of bids.penalty.short was made for another English text"):
        mark("sv", rules, ["bids.penalty.short"])
    assert mark("sv", rules) == 1  # the house rule's own Swedish file, nothing else
    assert {p: p.read_bytes() for p in locales.rglob("*.yaml")} == before
    assert status("sv", rules).stale == ["title", "bids.penalty.short"]  # these need Swedish in house.yaml
    sv_file = layered_house.parent / "locales" / "sv" / "house.yaml"
    sv_file.write_text(
        HOUSE_SV + "  penalty:\n    short: Ett misslyckande kostar dig {penalty} extra (husregel)\ntitle: Vårt bord\n",
        encoding="utf-8",
    )
    assert mark("sv", rules) == 1
    report = status("sv", rules)
    assert (report.missing, report.stale, report.errors) == ([], [], [])
    assert load_texts(rules, "sv").bid_text("penalty", "short") == "Ett misslyckande kostar dig 3 extra (husregel)"
    assert status("sv", load_ruleset("combo-whist")).stale == []  # the bundled translation is still current


def test_show_a_house_variant_in_swedish(layered_house):
    result = whist("show", str(layered_house), "--lang", "sv", "--format", "table")
    assert result.returncode == 0, result.stderr
    assert "Favorit" in result.stdout and "Misär" in result.stdout and "Specialbud" in result.stdout
    assert "Kombinations-Whist 1" in result.stdout and result.stderr == ""


def test_a_versioned_locale_file_overrides_for_that_version(tmp_path):
    house = write_house(tmp_path, texts={"en": "language: en\nruleset: house\ntitle: House\n"})
    (tmp_path / "locales" / "en" / "house@1.yaml").write_text(
        "language: en\ntitle: House, version one\n", encoding="utf-8"
    )
    assert load_texts(load_ruleset(house), "en").get("title") == "House, version one"


def test_removed_bids_keep_their_texts_without_errors(tmp_path):
    rules = load_ruleset(write_house(tmp_path, "remove_bids: [mail, master_mail, lock]\n"))
    assert "mail" not in rules.bids
    report = status("sv", rules)
    assert (report.missing, report.stale, report.errors) == ([], [], [])


def test_only_top_level_keys_are_meta(locales):
    edit(locales / "en" / "ui.yaml", "labels:\n", "labels:\n  language: Language\n")
    assert load_texts(None, "en").label("language") == "Language"
    assert load_texts(None, "sv").label("language") == "Language"
    assert status("sv", None).missing == ["labels.language"]


def test_a_broken_translation_file_is_an_error_of_the_report(tmp_path):
    house = write_house(tmp_path, texts={"sv": "language: sv\nbids:\n  trump: {name: [\n"})
    report = status("sv", load_ruleset(house))
    [error] = report.errors
    assert "YAML syntax error" in error.message and error.position.path.endswith("house.yaml")
    assert report.total > 250 and not report.missing  # what the file holds is unknown: not all missing


def test_an_empty_locale_file_holds_no_texts(tmp_path):
    house = write_house(tmp_path, texts={"sv": "# nothing yet\n"})
    texts = load_texts(load_ruleset(house), "sv")
    assert texts.bid_name("misery") == "Misär" and not texts.missing


# --- the commands on the real tree ----------------------------------------------------------


def test_translate_check_passes_on_the_real_tree():
    result = whist("translate", "check")
    assert result.returncode == 0, result.stderr
    assert "sv/combo-whist: 0 missing, 0 unreviewed, 0 stale, 0 error(s)" in result.stdout
    assert "en/combo-whist: 0 missing, 0 unreviewed, 0 stale, 0 error(s)" in result.stdout


def test_translate_check_fails_on_a_missing_key_and_warns_on_a_stale_one(locales):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    stale = whist_on(locales, "translate", "check")
    assert stale.returncode == 0, stale.stderr
    sv = locales / "sv" / "combo-whist.yaml"
    where = f"{sv}:{line_and_column(sv, 'name: Trumf')[0]}"
    # once, though every version of combo-whist shows this text
    assert stale.stderr.count("stale bids.trump.name") == 1
    assert f"{where}: warning: stale bids.trump.name (the English text changed)" in stale.stderr
    edit(locales / "sv" / "combo-whist.yaml", "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    missing = whist_on(locales, "translate", "check")
    assert missing.returncode == 1
    assert "sv/combo-whist: missing bids.lock.short" in missing.stderr
    assert "sv/combo-whist: 1 missing, 0 unreviewed, 1 stale, 0 error(s)" in missing.stdout


def test_show_combo_whist_in_swedish():
    result = whist("show", "combo-whist", "--lang", "sv", "--format", "table")
    assert result.returncode == 0, result.stderr
    for word in ("Kombinations-Whist", "Standardbud", "Specialbud", "Misär", "Mästarbrev", "Mästartrumf", "Benämning"):
        assert word in result.stdout, word
    assert "Standard bids" not in result.stdout and "Misery" not in result.stdout
    assert result.stderr == ""  # nothing missing, so no note
    english = whist("show", "combo-whist", "--lang", "en")
    assert "Standard bids" in english.stdout and "Master Mail" in english.stdout and "Misär" not in english.stdout
