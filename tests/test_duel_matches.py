"""Duels of a game played as a match (Christmas Whist: seven hands, each with its own contract).

A study's unit in a match game is the whole match (interpreter/duel.py): a duel that played only
the first hand of each match compared the agents on "take tricks" alone and never on the hands
that ask the opposite (tricks_down, pairs_down, …) nor on the seventh hand's choice of contract.
Expectations here come from the rule set's own schedule, read independently of the duel code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter.duel import DealTask, arrangement, duel, play_deal
from interpreter.runner import rules as load_rules
from whist.cli import cli


def _schedule_length(ruleset: str) -> int:
    match = load_rules(ruleset).game.match
    assert match is not None
    return len(match.schedules["full"])


@pytest.mark.parametrize("index", range(4))
@pytest.mark.parametrize("mirrored", [False, True])
def test_a_match_deal_plays_every_hand_of_the_schedule(index: int, mirrored: bool) -> None:
    seats = arrangement("random", "heuristic", 2, mirrored)
    result = play_deal(DealTask("christmas-whist", seats, index, 5, 2, mirrored))
    # Every scheduled hand, and a tied hand again (it is replayed): never fewer than the schedule.
    assert result["hands_played"] >= _schedule_length("christmas-whist") == 7
    assert result["winner"] in (0, 1, None)
    assert result["dealer"] == index % 2
    assert result["declarer"] is None and result["combo"] is None


def test_the_mirrored_match_starts_from_the_same_cards() -> None:
    first = play_deal(DealTask("christmas-whist", arrangement("random", "heuristic", 2, False), 3, 9, 2, False))
    second = play_deal(DealTask("christmas-whist", arrangement("random", "heuristic", 2, True), 3, 9, 2, True))
    assert first["hands"] == second["hands"] and first["hands"]


def test_a_match_duel_counts_wins_and_points_per_match() -> None:
    data = duel("christmas-whist", "heuristic", "random", 3, 1, 2)
    assert data["unit"] == "match"
    wins = data["wins"]
    # Each of the 3 mirrored matches is played twice; a drawn match has no winner.
    assert sum(wins.values()) <= 2 * 3
    assert set(wins) == {"heuristic", "random"}
    assert data["difference"] == pytest.approx(
        data["mean_points"]["heuristic"] - data["mean_points"]["random"], abs=1e-3
    )


def test_a_game_with_an_auction_keeps_deals_as_its_unit() -> None:
    data = duel("combo-whist", "random", "random", 2, 1, 4)
    assert data["unit"] == "deal"
    assert "wins" not in data


def _run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("mirrored matches", "Matches won", "per match")),
        ("sv", ("speglade matcher", "Vunna matcher", "per match")),
    ],
)
def test_the_duel_table_speaks_of_matches(lang: str, words: tuple[str, ...]) -> None:
    result = _run("duel", "random", "heuristic", "christmas-whist", "--deals", "2", "--lang", lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output
    assert "giv" not in result.output and " deal" not in result.output
    data = json.loads(_run("duel", "random", "heuristic", "christmas-whist", "--deals", "1", "--json").output)
    assert data["unit"] == "match" and sum(data["wins"].values()) <= 2


def test_a_match_duel_gives_the_same_figures_for_any_jobs() -> None:
    one = duel("christmas-whist", "heuristic", "random", 3, 5, 2, jobs=1)
    two = duel("christmas-whist", "heuristic", "random", 3, 5, 2, jobs=2)
    timing = ("seconds", "seconds_per_decision")
    assert {k: v for k, v in one.items() if k not in timing} == {k: v for k, v in two.items() if k not in timing}


def _house_match(folder: Path, schedule: str, bids: str = "") -> str:
    """A house rule of Christmas Whist playing ``schedule`` (a list of kinds of hand) by default."""
    text = "\n".join(
        [
            "ruleset: house-match",
            "version: 1.0.0",
            "extends: christmas-whist",
            "game:",
            "  options: {match: house}",
            "  match:",
            f"    schedules: {{house: {schedule}}}",
            bids,
        ]
    )
    path = folder / "house.yaml"
    path.write_text(text + "\n", encoding="utf-8")
    return str(path)


def test_a_schedule_of_one_hand_has_a_winner_in_every_match(tmp_path: Path) -> None:
    """One hand, a tie played again: every match is won by one side, so the wins add up to them all."""
    data = duel(_house_match(tmp_path, "[tricks_up]"), "heuristic", "random", 2, 3, 2)
    assert sum(data["wins"].values()) == 2 * 2 and data["unfinished"] == 0


@pytest.mark.parametrize(("lang", "words"), [("en", "did not finish"), ("sv", "blev inte färdiga")])
def test_matches_whose_hands_always_tie_stop_and_are_said_unfinished(tmp_path: Path, lang: str, words: str) -> None:
    """A kind of hand where both always score alike is replayed until the game's cap of deals: the duel
    still ends, wins nothing for either agent, and says how many matches did not finish."""
    house = _house_match(tmp_path, "[even]", "bids:\n  - {id: even, kind: standard, points_each: '0'}")
    result = _run("duel", "random", "random", house, "--deals", "1", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert f"2 {'of the' if lang == 'en' else 'av de'} 2" in result.output and words in result.output
    if lang == "en":  # (the figures are the same in any language: read once)
        data = json.loads(_run("duel", "random", "random", house, "--deals", "1", "--json").output)
        assert data["unfinished"] == 2 and sum(data["wins"].values()) == 0


def test_a_duel_of_finished_matches_says_nothing_of_unfinished_ones() -> None:
    result = _run("duel", "random", "heuristic", "christmas-whist", "--deals", "1")
    assert result.exit_code == 0 and "did not finish" not in result.output
    data = duel("christmas-whist", "random", "heuristic", 1, 1, 2)
    assert data["unfinished"] == 0
