"""Every scenario in tests/scenarios/ plays to the outcome it expects.

A scenario is a scripted deal (hands, decisions, tricks) with its expected tricks,
completion and scores; see interpreter/scenario.py for the format.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.scenario import check_scenario, load_scenario
from rulespec.errors import RuleError

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    problems = check_scenario(load_scenario(path), path.parent)
    assert not problems, "\n".join(problems)


REFUSED = [p for p in SCENARIOS if "was asked for" in p.read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_refused_scripted_decision_says_what_was_asked(path: Path) -> None:
    """A scripted answer the rules refuse names the request as a person would ("seat 1 was asked
    for a bid or a pass"), never its kind and name side by side ("seat 1, bid bid")."""
    data = load_scenario(path)
    data["expect"] = {**data["expect"], "error": "(nothing)"}
    (problem,) = check_scenario(data, path.parent)
    got = problem.split(", got ", 1)[1]
    # Counted as the file counts: ``decision 5 of deal 1``, ``card play 5 of deal 1 (trick 2)``.
    counted = r"(decision \d+ of deal \d+|card play \d+ of deal \d+ \(trick \d+\))"
    assert re.search(counted + r": seat \d+ was asked for (a bid or a pass|a card to play|a choice of \w+): ", got)
    assert not re.search(r"\b(bid bid|play card|choose \w+):", got)


def test_a_wrong_expectation_is_reported() -> None:
    data = load_scenario(SCENARIOS[0])
    data["expect"] = {**data["expect"], "points": 99}
    assert any("points" in p for p in check_scenario(data))


def test_an_illegal_scripted_play_stops_the_deal() -> None:
    data = load_scenario(Path(__file__).parent / "scenarios" / "trump-basic.yaml")
    data["tricks"] = ["2C AH 8D"]  # seat 2 holds clubs and must follow suit
    data["expect"] = {"error": "not allowed"}
    assert check_scenario(data) == []


# --- strict replay and game scenarios ------------------------------------------------------

HERE = Path(__file__).parent / "scenarios"


def test_a_missing_decision_is_an_error_naming_it() -> None:
    data = load_scenario(HERE / "trump-basic.yaml")
    data["tricks"] = data["tricks"][:1]  # the second trick's first card is not given
    problems = check_scenario(data)
    assert len(problems) == 1
    assert "card play 5 of deal 1 (trick 2) is missing: seat" in problems[0]
    assert "was asked for a card to play" in problems[0] and "fill: first-legal" in problems[0]


def test_a_missing_choice_names_what_was_asked() -> None:
    data = load_scenario(HERE / "trump-basic.yaml")
    data["decisions"] = data["decisions"][:-1]  # the trump suit is not given
    (problem,) = check_scenario(data)
    assert "decision 5 of deal 1 is missing: seat 1 was asked for a choice of trump" in problem


def test_a_missing_trick_taker_says_who_takes_the_trick() -> None:
    # The engine asks for the taker of a trick with kind "choose" and name "trick_taker"; the
    # message is chosen by that name, not by a kind no request has.
    data = load_scenario(HERE / "sp-justice.yaml")
    data["decisions"] = data["decisions"][:-1]  # who takes the trick of justice is not given
    (problem,) = check_scenario(data)
    assert "decision 6 of deal 1 is missing: seat 1 was asked for who takes the trick" in problem


def test_a_decision_by_the_wrong_seat_names_what_that_seat_was_asked() -> None:
    """A missing decision and a decision given to another seat say what was asked in the same words
    (the second said "(bid bid)": the request's kind and name side by side)."""
    data = load_scenario(HERE / "game-all-pass-redeal.yaml")
    data["decisions"] = [{"seat": 3, "answer": None}, *data["decisions"][1:]]  # seat 1 bids first
    (problem,) = check_scenario(data)
    assert "the script has seat 3 deciding, but the game asks seat 1 for a bid or a pass" in problem


def test_fill_first_legal_fills_what_is_missing() -> None:
    data = load_scenario(HERE / "trump-basic.yaml")
    data["tricks"], data["fill"] = [], "first-legal"
    data["expect"] = {"declarer": data["expect"]["declarer"]}
    assert check_scenario(data) == []


def test_an_unknown_fill_policy_is_refused() -> None:
    data = load_scenario(HERE / "trump-basic.yaml")
    data["fill"] = "random"
    with pytest.raises(RuleError, match="fill: 'random' is not a policy"):
        check_scenario(data)


@pytest.mark.parametrize(
    ("text", "message", "place", "hint"),
    [
        ("ruleset: combo-whist\nhands: {}\nexpectt: {}\n", "unknown scenario key 'expectt'", (3, 1), "'expect'"),
        (
            "ruleset: combo-whist\nhands: {}\nexpect:\n  scroes: [0]\n",
            "unknown expect key 'scroes'",
            (4, 3),
            "'scores'",
        ),
        (
            "ruleset: combo-whist\ndeals:\n  - hands: {}\n    expects: {}\n",
            "unknown key 'expects' in deal 1",
            (4, 5),
            "'expect'",
        ),
        (
            "ruleset: combo-whist\ndeals:\n  - hands: {}\n  - hands: {}\n    expect: {declarre: 1}\n",
            "unknown expect key 'declarre' in deal 2",
            (5, 14),
            "'declarer'",
        ),
        ("ruleset: combo-whist\ndeals: []\nexpect: {winers: 0}\n", "unknown expect key 'winers'", (3, 10), "'winner'"),
    ],
)
def test_an_unknown_key_at_any_level_is_refused_at_its_place(
    tmp_path: Path, text: str, message: str, place: tuple[int, int], hint: str
) -> None:
    """A misspelt key is a mistake in the file (located, with a suggestion), not a difference found
    by playing it: ``scroes:`` under ``expect`` used to be reported as one after the whole deal."""
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_scenario(path)
    error = caught.value
    assert error.message == message
    assert error.position is not None and (error.position.line, error.position.column) == place
    assert error.hint == f"did you mean {hint}?"


def test_a_game_scenario_reports_the_deal_of_a_difference() -> None:
    data = load_scenario(HERE / "game-classic-target-falls.yaml")
    data["deals"][3]["expect"] = {**data["deals"][3]["expect"], "next_dealer": 0}
    data["expect"] = {**data["expect"], "deals": 4}
    assert check_scenario(data) == ["deal 4: next_dealer: expected 0, got 3", "at the end: deals: expected 4, got 5"]


def test_a_game_that_ends_before_the_last_deal_is_reported() -> None:
    data = load_scenario(HERE / "game-win-of-shame-after-deals.yaml")
    data["deals"].append(data["deals"][0])
    problems = check_scenario(data)
    assert problems and "the game ended after deal 2 (anyone, winner 0)" in problems[0]


def test_a_game_scenario_stops_at_a_missing_decision() -> None:
    data = load_scenario(HERE / "game-classic-target-falls.yaml")
    del data["fill"]
    (problem,) = check_scenario(data)
    assert problem.startswith("deal 2: the deal stopped: card play 1 of deal 2 (trick 1) is missing: seat 0")


def test_whist_replay_runs_a_game_scenario_and_reports_a_missing_decision(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from whist.cli import cli

    runner = CliRunner()
    good = HERE / "game-free-point-timing.yaml"
    result = runner.invoke(cli, ["replay", str(good)])
    assert result.exit_code == 0 and "no difference" in result.output
    strict = tmp_path / "strict.yaml"
    text = good.read_text(encoding="utf-8").replace("fill: first-legal\n", "")
    strict.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["replay", str(strict)])
    assert result.exit_code == 1
    # The declarer is seat 3, so seat 2 (on its right) leads the first trick.
    assert "card play 1 of deal 1 (trick 1) is missing: seat 2 was asked for a card to play" in result.output


# --- which rules a scenario tests is never a default ------------------------------------------


@pytest.mark.parametrize("path", [HERE / "trump-basic.yaml", HERE / "game-classic-win.yaml"], ids=["deal", "game"])
def test_a_scenario_without_its_rule_set_is_refused(path: Path, tmp_path: Path) -> None:
    """The engine names no game, so it has no rule set to fall back on: a scenario file without
    ``ruleset`` is a located error with a hint, and so is one built in Python without it."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    without = "".join(line for line in lines if not line.startswith("ruleset:"))
    assert without != text
    file = tmp_path / path.name
    file.write_text(without, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_scenario(file)
    message = str(caught.value)
    assert re.match(rf"{re.escape(str(file))}:\d+:1: not a valid scenario: 'ruleset' is a required property", message)
    assert "hint: a scenario starts with 'ruleset: NAME'" in message
    data = load_scenario(path)
    del data["ruleset"]
    with pytest.raises(RuleError, match="a scenario needs 'ruleset'"):
        check_scenario(data, path.parent)
