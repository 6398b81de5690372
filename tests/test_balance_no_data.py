"""``whist balance`` reports no mean where nothing was played, at any number of players.

At five or more four are dealt in and the rest sit out, yet ``seats.positions`` listed a position
for every seat at the table: positions 4 and 5 at six players, which no deal has, said
``"mean_points": 0.0`` with ``"declared": 0`` (the mean of no values was 0.0), and a seat that sat
out every deal (an agent per seat) was said to score +0.00 a deal. Now a position is one of a
deal's seats, each says how many deals it was played in, and a mean of no deals is null (and said
so in words). Checked on real studies at 3 to 8 players and on any list of deal results.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from interpreter.balance import balance, summarise
from interpreter.duel import interval
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.balancecli import findings

RULES = load_ruleset("combo-whist")


def means_and_counts(data: dict[str, Any]) -> list[tuple[str, Any, int]]:
    """Every mean the report gives, with the number of deals it is the mean of."""
    found = [(f"bid {b['id']}", b["mean_points"], b["bid"]) for b in data["bids"]]
    found += [(f"position {p['position']}", p["mean_points"], p["deals"]) for p in data["seats"]["positions"]]
    found += [(f"seat {s['seat']}", s["mean_points"], s["deals"]) for s in data.get("by_seat", [])]
    return found


def assert_no_mean_without_data(data: dict[str, Any], players: int) -> None:
    positions = data["seats"]["positions"]
    in_deal = min(players, RULES.game.players.in_deal or players)
    assert [p["position"] for p in positions] == list(range(in_deal)), positions  # (none past a deal's seats)
    assert all(p["deals"] == data["deals"] for p in positions)  # every deal has each of its positions
    for what, mean, count in means_and_counts(data):
        assert (mean is None) == (count == 0), (what, mean, count)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_a_study_reports_no_mean_without_deals(players: int) -> None:
    agents = "/".join(["random"] * players)  # an agent per seat: each seat's figures too
    data = balance("combo-whist", 3, 2, players, agents=agents)
    assert_no_mean_without_data(data, players)
    if players >= 7:  # three deals, the dealer moving one seat each: a seat sits out all three
        assert any(seat["deals"] == 0 for seat in data["by_seat"])
    console = Console(record=True, width=200, color_system=None)
    texts = load_texts(RULES, "en")
    for line in findings(data, texts):
        console.print(line)
    shown = console.export_text()
    for seat in data["by_seat"]:
        said = texts.label("balance_by_seat_none", n=seat["seat"], agent=seat["agent"])
        assert (said in shown) == (seat["deals"] == 0), shown


#: A deal's result as the study records it (:func:`interpreter.duel.play_deal`), for any table.
@st.composite
def results(draw: st.DrawFn) -> tuple[list[dict[str, Any]], int]:
    players = draw(st.integers(3, 8))
    deals = []
    for dealer in draw(st.lists(st.integers(0, players - 1), max_size=6)):
        seats = sorted(draw(st.sets(st.integers(0, players - 1), min_size=min(players, 4), max_size=4)) | {dealer})
        declarer = draw(st.none() | st.sampled_from(seats))
        deals.append(
            {
                "dealer": dealer,
                "players": seats,
                "gains": [draw(st.integers(-9, 9)) if s in seats else 0 for s in range(players)],
                "declarer": declarer,
                "combo": None if declarer is None else ["trump"],
                "completed": draw(st.booleans()),
            }
        )
    return deals, players


@settings(derandomize=True, max_examples=150, deadline=None)
@given(given_results=results())
def test_a_summary_has_no_mean_without_deals(given_results: tuple[list[dict[str, Any]], int]) -> None:
    deals, players = given_results
    data = summarise(RULES, deals, players)
    for what, mean, count in means_and_counts(data):
        assert (mean is None) == (count == 0), (what, mean, count)
    if not deals:
        assert data["seats"]["first_seat_advantage"] is None


def test_the_mean_of_nothing_is_none() -> None:
    assert interval([]) == (None, None)
    assert interval([2.0]) == (2.0, None)
