"""A wrong scenario fails, told at its place in the file; it never passes while testing something else.

A scenario is how a rule is tested, so a mistake in one must not pass silently: a misspelt key in
a bid answer (``special: [penalty]`` tested plain Trump), an expectation that is never compared
(after a deal that stops the game, for a seat not at the table), a trick written 5+3+4, a stock
with a card twice. Each is a located error (``file:line:col``, exit 1) or a difference, and the
expectations here come from the format's words (interpreter/scenario.py, docs/writing-rules.md
§10), not from what the engine prints.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.test_translate_cli import whist

HERE = Path(__file__).parent / "scenarios"
PENALTY = (HERE / "sp-penalty.yaml").read_text(encoding="utf-8")
TRUMP = (HERE / "trump-basic.yaml").read_text(encoding="utf-8")
GAME = (HERE / "game-classic-target-falls.yaml").read_text(encoding="utf-8")
XMAS = (HERE / "xmas-pairs-down.yaml").read_text(encoding="utf-8")
STOCK = "stock: 8S AS KS 3H AH QS JS KH 10S QH 9S JH 10H 4H 5H 9H 6H 2H 7S 7H"
LOCATED = r"s\.yaml:(\d+):(\d+): "


def _replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str]:
    """``whist replay`` of ``text`` as a file: its exit status and everything it printed (never a traceback)."""
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    code, out, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    return code, out + err


def _refused_at(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line_has: str, message: str) -> str:
    """The scenario is refused (exit 1) at the line holding ``line_has``, with ``message``."""
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1, said
    place = re.search(LOCATED + ".*", said)
    assert place is not None, said
    assert line_has in text.splitlines()[int(place.group(1)) - 1], said
    assert message in said, said
    assert "no difference" not in said
    return said


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# --- 1. a bid answer holds a bid and nothing else ------------------------------------------------------

PENALTY_BID = "{standard: trump, specials: [penalty]}"


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("{standard: trump, special: [penalty]}", "unknown key 'special' in a bid answer"),
        ("{standard: trump, specials: [penalty], bogus: 1}", "unknown key 'bogus' in a bid answer"),
        ("{standrd: trump, specials: [penalty]}", "unknown key 'standrd' in a bid answer"),
        ("{specials: [penalty]}", "'standard' is a required property"),
        ("{standard: trump, specials: penalty}", "is not of type 'array', 'null'"),
        ("{standard: trump, specials: [1]}", "is not of type 'string'"),
        ("{standard: [trump]}", "is not of type 'string'"),
    ],
)
def test_a_bid_answer_with_anything_but_a_bid_is_refused_at_it(tmp_path, capsys, answer: str, message: str) -> None:
    """Without this, ``special: [penalty]`` was dropped and a test of Penalty passed testing Trump."""
    assert PENALTY_BID in PENALTY
    text = PENALTY.replace(PENALTY_BID, answer, 1)
    _refused_at(tmp_path, capsys, text, answer[:10], message)


def test_a_decision_with_seat_and_answer_holds_nothing_else(tmp_path, capsys) -> None:
    text = _replace(PENALTY, f"{{1: {PENALTY_BID}}}", f"{{seat: 1, answer: {PENALTY_BID}, note: x}}")
    _refused_at(tmp_path, capsys, text, "note: x", "unknown key 'note' in a decision")


# --- 2. nothing after an expected error, nothing beside it ---------------------------------------------


def _game_with_error(deals_after: int, final: bool) -> str:
    refused = (
        "  - hands: {0: 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC, 1: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS,\n"
        "            2: 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD, 3: 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH}\n"
        "    decisions: [{1: {standard: zero, specials: [lock]}}]\n"
        '    expect: {error: "cannot be combined"}\n'
    )
    later = "  - fill: first-legal\n    expect: {declarer: 3}\n" * deals_after
    top = "expect: {deals: 7}\n" if final else ""
    return f"ruleset: combo-whist\nplayers: 4\ndealer: 0\ndeals:\n{refused}{later}{top}"


def test_a_game_that_expects_an_error_as_its_last_deal_passes(tmp_path, capsys) -> None:
    code, said = _replay(tmp_path, capsys, _game_with_error(0, final=False))
    assert code == 0, said


@pytest.mark.parametrize("deals_after", [1, 3])
def test_deals_after_an_expected_error_are_refused(tmp_path, capsys, deals_after: int) -> None:
    """They would never be played: the scenario used to pass whatever they expected."""
    text = _game_with_error(deals_after, final=False)
    _refused_at(tmp_path, capsys, text, "cannot be combined", f"the {deals_after} deal(s) after it")


def test_an_end_of_game_expectation_after_an_expected_error_is_refused(tmp_path, capsys) -> None:
    _refused_at(tmp_path, capsys, _game_with_error(0, final=True), "deals: 7", "no end of the game to check")


@pytest.mark.parametrize("beside", ["trump: S", "declarer: 1", "scores: [0, 0, 0, 0]", "auction_order: [1]"])
def test_an_expectation_beside_an_error_is_refused(tmp_path, capsys, beside: str) -> None:
    text = _replace(_game_with_error(0, final=False), '{error: "cannot be combined"}', f'{{error: "x", {beside}}}')
    _refused_at(tmp_path, capsys, text, beside, "beside 'error'")
    one = re.sub(r"expect:\n(  .*\n)+", f"expect: {{error: x, {beside}}}\n", TRUMP)
    _refused_at(tmp_path, capsys, one, beside, "beside 'error'")


def test_a_refusal_that_comes_tricks_early_is_a_difference(tmp_path, capsys) -> None:
    """An expected refusal at trick 2 of a scenario written for one at trick 13 used to pass."""
    tricks = TRUMP.split("tricks:\n", 1)[1].split("expect:", 1)[0]
    text = _replace(TRUMP, tricks, tricks.replace("KH 8D 3H 3C", "KH 8D 3H 9S"))  # seat 0 may not play 9S
    text = re.sub(r"expect:\n(  .*\n)+", 'expect: {error: "not allowed"}\n', text)
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1 and "44 card play(s) from card play 9 that were never asked for" in said, said
    early = text.split("  - QH 9D 4H 4C")[0] + "expect:" + text.split("expect:", 1)[1]  # the script ends there
    code, said = _replay(tmp_path, capsys, early)
    assert code == 0, said


# --- 3. a given stock is the rest of the deck ----------------------------------------------------------


@pytest.mark.parametrize(
    ("stock", "message"),
    [
        (STOCK.replace(" KS ", " AS "), "stock cards given twice: AS"),
        (STOCK.replace(" 7H", ""), "stock of 19 cards given, but the deal leaves 20, after 10 set aside"),
        (STOCK + " 2S", "stock of 21 cards given, but the deal leaves 20"),
        (STOCK.replace(" 7H", " 2C"), "not in the deck or already dealt: 2C"),
    ],
)
def test_a_stock_that_is_not_the_rest_of_the_deck_is_refused_at_it(tmp_path, capsys, stock: str, message: str) -> None:
    """A card twice was played twice; a stock one card short failed at a draw, blamed on the rule file."""
    _refused_at(tmp_path, capsys, _replace(XMAS, STOCK, stock), "stock:", message)


def test_a_stock_for_a_game_without_one_is_refused(tmp_path, capsys) -> None:
    text = _replace(TRUMP, "decisions:", "stock: 2C\ndecisions:")
    _refused_at(tmp_path, capsys, text, "stock: 2C", "this game deals no stock")


def test_a_record_with_a_stock_changed_is_a_difference() -> None:
    from interpreter.agents import RandomAgent
    from interpreter.game import Game
    from interpreter.records import replay, to_record
    from rulespec import load_ruleset

    game = Game(load_ruleset("christmas-whist"), [RandomAgent(3), RandomAgent(4)], seed=5, options={"match": "single"})
    game.run()
    record = to_record(game, "christmas-whist")
    assert replay(record) == []
    stock = record["deals"][0]["stock"]
    stock[1] = stock[2]  # a card twice
    assert any("stock" in problem for problem in replay(record))


# --- 4. what cannot be checked is refused --------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  - KH 8D 3H 3C", "  - KH 8D 3H 3C QH", "trick 2 has 5 card(s)"),
        ("  - KH 8D 3H 3C", "  - KH 8D 3H", "trick 2 has 3 card(s)"),
        ("  - QH 9D 4H 4C\n", "", "trick 3 has 8 card(s)"),  # (the next trick written on the same line)
        (
            "  - 2C AH 9C 2H     # seat 1 is void in clubs and trumps\n  - KH 8D 3H 3C",
            "  - 2C AH 9C 2H KH 8D 3H 3C",
            "",
        ),
    ],
)
def test_a_trick_that_is_not_one_card_per_seat_is_refused_at_it(
    tmp_path, capsys, old: str, new: str, message: str
) -> None:
    """13 tricks written 5+3+4+…, or on one line, used to pass: nothing compared the grouping."""
    text = _replace(TRUMP, old, new)
    if "8 card(s)" in message:
        text = _replace(text, "  - JH 10D 5H 5C", "  - QH 9D 4H 4C JH 10D 5H 5C")
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1, said
    assert re.search(LOCATED + r"trick \d+ has \d+ card\(s\): a trick is one card from each of the 4 seats", said)
    assert message in said


@pytest.mark.parametrize(
    ("old", "new", "line_has"),
    [
        ("tricks_won: {1: 13}", "tricks_won: {1: 13, 9: 0}", "9: 0"),
        ("tricks_won: {1: 13}", "tricks_won: {1: 13, 4: 0}", "4: 0"),
        ("expect:\n  declarer: 1", "expect:\n  marks: {5: {}}\n  declarer: 1", "{5: {}}"),
        ("  3: 2H", "  7: 2H 3H\n  3: 2H", "7: 2H 3H"),
        ("dealer: 0", "dealer: 0\nscores: {6: 1}", "{6: 1}"),
        ("dealer: 0", "dealer: 0\nmarks: [{}, {}, {}, {}, {potential: 1}]", "marks:"),
        ("  - {2: pass}", "  - {8: pass}", "{8: pass}"),
        ("  - {2: pass}", "  - {seat: 8, answer: pass}", "seat: 8"),
        ("dealer: 0", "dealer: 7", "dealer: 7"),
    ],
)
def test_a_seat_not_at_the_table_is_refused_at_it(tmp_path, capsys, old: str, new: str, line_has: str) -> None:
    """``tricks_won: {9: 0}`` at four players used to pass (a seat that is not there wins nothing)."""
    _refused_at(tmp_path, capsys, _replace(TRUMP, old, new), line_has, "not")


def test_a_hand_for_a_seat_that_sits_out_is_refused_at_it(tmp_path, capsys) -> None:
    """Five players, dealer 0: seat 4 sits out (game-five-players.yaml), so a hand for it is never played."""
    five = (HERE / "game-five-players.yaml").read_text(encoding="utf-8")
    text = _replace(five, "  3: 6C", "  4: 2C 3C\n  3: 6C")
    _refused_at(tmp_path, capsys, text, "4: 2C 3C", "seat 4 sits out this deal (dealer 0; seats 0, 1, 2, 3 play)")


@pytest.mark.parametrize("expect", ["", "expect:\n", "expect: {}\n"])
def test_a_scenario_that_expects_nothing_is_refused(tmp_path, capsys, expect: str) -> None:
    text = re.sub(r"expect:\n(  .*\n)+", expect, TRUMP)
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1 and ("expects nothing, so it checks nothing" in said or "empty expectation checks nothing" in said)


def test_a_mark_the_game_does_not_know_is_refused_before_the_deal(tmp_path, capsys) -> None:
    text = _replace(TRUMP, "dealer: 0", "dealer: 0\nmarks: {2: {potental: 1}}")
    said = _refused_at(tmp_path, capsys, text, "potental", "'potental' is not a mark of this game")
    assert "did you mean 'potential'?" in said


# --- 6. a broken hand is the file's mistake, at the hand -----------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  0: 2C 3C", "  0: 2S 3C", "2S is given twice: in the hands of seats 0 and 3"),
        ("  0: 2C 3C 4C", "  0: 2C 3C 2C", "2C is given twice in the hand of seat 0"),
        ("  0: 2C 3C 4C", "  0: 3C 4C", "the hand of seat 0: 12 cards given, a hand has 13"),
        ("  0: 2C 3C", "  0: 8H 2C 3C", "the hand of seat 0: 14 cards given"),
        ("  0: 2C 3C", "  0: 1C 3C", "the hand of seat 0: 1C is not a card of this deck"),
        ("  3: 2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 7S 8S\n", "", "no hand given for seat 3"),
    ],
)
def test_a_broken_hand_is_refused_at_the_hand_and_never_expected(
    tmp_path, capsys, old: str, new: str, message: str
) -> None:
    """It was reported as "the deal stopped", and ``expect: {error: "cards given twice"}`` passed."""
    text = _replace(TRUMP, old, new)
    _refused_at(tmp_path, capsys, text, new[:6] or "  0:", message)
    expected = re.sub(r"expect:\n(  .*\n)+", f'expect: {{error: "{message.split(": ")[-1]}"}}\n', text)
    code, said = _replay(tmp_path, capsys, expected)
    assert code == 1 and message in said, said


@pytest.mark.parametrize(
    ("version", "hand", "card"),
    [("", "QC KC AC JD QD KD AD 3H 5H 6H JH 2S 8D", "8D"), ("@1.4.1", "QC KC AC 10D JD QD AD 3H 5H 6H JH 2S 7S", "7S")],
)
def test_three_players_play_without_the_removed_cards(tmp_path, capsys, version: str, hand: str, card: str) -> None:
    """Three players: 8D is not in the 39-card deck (1.4.1: no 7 is); a hand holding one is refused
    before the auction, at that hand (from the scenarios game-three-players-removed-card and
    versions/v1.4.1-three-players-no-sevens, which expected it as the deal's error)."""
    text = f"ruleset: combo-whist{version}\nplayers: 3\ndealer: 0\nhands:\n  0: {hand}\nexpect: {{declarer: 1}}\n"
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1, said
    assert re.search(LOCATED + f"the hand of seat 0: {card} is not a card of this deck", said), said


# --- 6. refusals counted as the file counts, at their entry ----------------------------------------------


def test_a_refused_play_is_counted_and_placed_as_the_file_writes_it(tmp_path, capsys) -> None:
    text = _replace(TRUMP, "  - KH 8D 3H 3C", "  - KH 8D 3H 9S")  # seat 0 holds clubs: 9S is not allowed
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1
    place = re.search(LOCATED + r"the deal stopped: card play 8 of deal 1 \(trick 2\): seat 0", said)
    assert place is not None, said
    line = text.splitlines()[int(place.group(1)) - 1]
    assert line[int(place.group(2)) - 1 :].startswith("9S"), said  # the column of the card itself
    assert f"    {line}\n" in said and "^" in said


def test_a_refused_decision_of_a_later_deal_is_counted_in_its_deal(tmp_path, capsys) -> None:
    data = yaml.safe_load(GAME)
    assert len(data["deals"]) > 1
    text = _replace(GAME, "deals:\n", "deals:\n  - fill: first-legal\n    decisions: [{1: pass}, {2: Pass}]\n")
    text = text.replace("fill: first-legal\n", "", 1) if text.startswith("fill") else text
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1
    assert re.search(LOCATED + r"the deal stopped: decision 2 of deal 1: (seat 2, bid: )?not a bid: Pass", said), said


# --- 7. a card written another way is told with the card meant --------------------------------------------


@pytest.mark.parametrize(
    ("written", "meant", "where"),
    [
        ("TS", "10S", "hands"),
        ("2s", "2S", "hands"),
        ("2♠", "2S", "hands"),
        ("q♥", "QH", "tricks"),
        ("ZZ", None, "tricks"),
    ],
)
def test_a_card_not_of_the_deck_is_told_at_the_card(
    tmp_path, capsys, written: str, meant: str | None, where: str
) -> None:
    """``whist play`` reads cards forgivingly; a scenario names each card exactly, so another
    spelling is refused at that card, with the name it means."""
    card = {"TS": "10S", "2s": "2S", "2♠": "2S", "q♥": "QH", "ZZ": "KH"}[written]
    if where == "hands":
        line = next(ln for ln in TRUMP.splitlines() if re.match(r"  \d: ", ln) and f" {card} " in f"{ln} ")
    else:
        line = next(ln for ln in TRUMP.splitlines() if ln.startswith("  - ") and f" {card} " in f"{ln} ")
    text = _replace(TRUMP, line, f"{line} ".replace(f" {card} ", f" {written} ", 1).rstrip())
    said = _refused_at(tmp_path, capsys, text, written, f"{written} is not a card of this deck")
    place = re.search(LOCATED, said)
    assert place is not None
    assert text.splitlines()[int(place.group(1)) - 1][int(place.group(2)) - 1 :].startswith(written)
    assert (f"did you mean '{meant}'?" in said) if meant else "10S, QH, 2C" in said


@pytest.mark.parametrize(
    ("written", "meant"), [("{standard: Trump}", "trump"), ("{standard: trump, specials: [gred]}", "greed")]
)
def test_a_misspelt_bid_is_refused_with_the_bid_meant(tmp_path, capsys, written: str, meant: str) -> None:
    text = _replace(TRUMP, "{1: {standard: trump}}", f"{{1: {written}}}")
    code, said = _replay(tmp_path, capsys, text)
    assert code == 1
    assert re.search(LOCATED + r"the deal stopped: decision 1 of deal 1: seat 1 was asked for a bid", said), said
    assert f"  hint: did you mean '{meant}'?" in said


def test_a_folder_is_a_problem_with_the_file_as_a_missing_file_is(tmp_path, capsys) -> None:
    """README: a problem in a file exits with 1 (``whist check`` of a missing file does too)."""
    folder = tmp_path / "s.yaml"
    folder.mkdir()
    for path in (folder, tmp_path / "missing.yaml"):
        code, out, err = whist(capsys, "replay", str(path))
        assert code == 1, out + err
        assert str(path) in err


def test_replay_help_shows_a_scenario() -> None:
    from click.testing import CliRunner

    from whist.cli import cli

    result = CliRunner().invoke(cli, ["replay", "--help"])
    example = re.search(r"whist replay (tests/scenarios/\S+\.yaml)", result.output)
    assert example is not None, result.output
    assert (Path(__file__).parent.parent / example.group(1)).is_file()


@pytest.mark.parametrize(
    ("expectation", "shown"),
    [
        ("marks: {}", "marks"),
        ("marks: []", "marks"),
        ("hand_points: {}", "hand_points"),
        ("declarations: {}", "declarations"),
        ('error: ""', "error"),
    ],
)
def test_an_empty_expectation_is_refused_at_it(tmp_path, capsys, expectation: str, shown: str) -> None:
    """An expected mapping is compared key by key, so an empty one (``marks: {}``) checked nothing
    and passed, beside expectations that did check: it is refused at its place, as ``expect: {}``."""
    text = _replace(TRUMP, "expect:\n", f"expect:\n  {expectation}\n")
    _refused_at(tmp_path, capsys, text, shown, "an empty expectation checks nothing")


def test_an_empty_expect_of_a_game_is_refused_at_it(tmp_path, capsys) -> None:
    """A game's own ``expect: {}`` was taken (its deals expected something), a deal's refused."""
    text = GAME[: GAME.index("\nexpect:\n")] + "\nexpect: {}\n"
    _refused_at(tmp_path, capsys, text, "expect: {}", "an empty expectation checks nothing")


def test_a_mark_the_game_does_not_know_is_refused_where_it_is_expected(tmp_path, capsys) -> None:
    """``expect: {marks: {1: {potental: 1}}}`` was only a difference after playing (expected
    {'potental': 1}, got None): refused at the name, before anything is played, as before a deal."""
    text = _replace(TRUMP, "expect:\n", "expect:\n  marks: {1: {potental: 1}}\n")
    said = _refused_at(tmp_path, capsys, text, "potental", "'potental' is not a mark of this game")
    assert "did you mean 'potential'?" in said
