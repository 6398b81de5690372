"""Placeholders in texts: filled from the rule data (numbers of bids and of the game) in every
language, and checked with positions (unknown, dropped or added placeholders, malformed braces).
"""

from __future__ import annotations

import pytest

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import edit, errors_matching, line_and_column, whist_on, write_house
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status

from rulespec import RuleError, load_ruleset
from rulespec.locale import Texts, bid_values, general_values, load_texts, locale_files
from rulespec.translations import placeholder_fields, placeholders, status

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
        "bidding_floor": "-5",  # (the text shows it with a true minus: rulespec.placeholders.fill)
        "hand_size": "13",
        "in_deal": "4",
        "per_bid": "30",
        "minimum_worth": "1",
        "rounds": "3",
    }
    en = load_texts(combo, "en")
    assert "A player whose score is below \u22125 may not bid" in en.general("bidding")
    assert "gives 13 cards to each player" in en.general("deal")
    assert "30 seconds for each bid" in en.general("time_limits")

    house = write_house(
        tmp_path,
        "game:\n  params: {bidding_floor: -3}\n  deal:\n    hand_size: 12 if player_count == 3 else 13\n",
    )
    rules = load_ruleset(house)
    en, sv = load_texts(rules, "en"), load_texts(rules, "sv")
    assert "A player whose score is below \u22123 may not bid" in en.general("bidding")
    assert "En spelare med under \u22123 poäng får inte buda" in sv.general("bidding")
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
    assert "3 error(s)" in result.stdout
    assert "Traceback" not in result.stderr


#: Values the general rules need not name: the program's own limit on the table (the rulebooks
#: say "3 to many"), and an option whose value is a name (Christmas Whist's match schedule).
UNSAID_GENERAL_VALUES = {"players_max", "match"}


@pytest.mark.parametrize(
    "ruleset", ["combo-whist", "christmas-whist", "combo-whist@1.0.0", "combo-whist@1.3.0", "combo-whist@1.4.2"]
)
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_general_rules_name_every_number_of_the_game(ruleset: str, lang: str) -> None:
    """Each number the game's data gives the general rules (cards set aside, hand size, limits, …) is
    said in them by its placeholder, in every language: Christmas Whist's said "removes some cards"
    for the 10 its data sets aside."""
    rules = load_ruleset(ruleset)
    texts = load_texts(rules, lang)
    named: set[str] = set()
    for text in _texts_under(texts.data.get("general", {})):
        named |= placeholders(text) or set()
    assert set(general_values(rules)) - UNSAID_GENERAL_VALUES <= named


def _texts_under(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts_under(value)]
    return []


def test_a_texts_unknown_placeholders_are_told_in_the_order_they_stand(tmp_path) -> None:
    """Two unknown names in one text were told alphabetically: column 47, then column 17."""
    from rulespec.localecheck import check_locales

    text = "language: en\nruleset: house\nbids:\n  trump:\n    short: '{zeta} tricks, then {alpha} more'\n"
    rules = load_ruleset(write_house(tmp_path / "h", texts={"en": text}))
    columns = [e.position.column for e in check_locales(rules) if e.position and "unknown placeholder" in e.message]
    assert len(columns) == 2 and columns == sorted(columns)
