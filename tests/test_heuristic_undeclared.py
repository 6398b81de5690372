"""The heuristic agent in hands without a declarer (a hand of a match) plays for its own points.

It used to answer every decision of such a hand at random (it steers by a declarer's
requirement, and there is none), so in Christmas Whist it was the random agent under another
name. Now the way a seat's points go with its tricks is worked out per contract
(:mod:`interpreter.agents.heuristic.undeclared`), and each seat steers by it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from interpreter.agents import HeuristicAgent, RandomAgent
from interpreter.agents.heuristic.knowledge import FEWER, MORE
from interpreter.agents.heuristic.undeclared import trick_direction
from interpreter.duel import interval
from interpreter.gamestate import GameState
from rulespec import load_ruleset

#: Christmas Whist's rulebook: in the "up" hands each trick taken after the close scores a point for
#: its taker, in the "down" hands it costs one; pairs and marriages add their own points in both.
CHRISTMAS_DIRECTIONS = {
    "tricks_up": MORE,
    "tricks_down": FEWER,
    "pairs_up": MORE,
    "pairs_down": FEWER,
    "marriages_up": MORE,
    "marriages_down": FEWER,
}


def test_each_christmas_contract_steers_the_way_its_tricks_score() -> None:
    rules = load_ruleset("christmas-whist")
    assert {b.id for b in rules.standard_bids} == set(CHRISTMAS_DIRECTIONS)
    for contract, direction in CHRISTMAS_DIRECTIONS.items():
        assert trick_direction(rules, 2, [contract]) == direction, contract


def _house(tmp_path: Path, points: str) -> Path:
    """Christmas Whist with a schedule of one hand, each kind of hand alone (``--option match=KIND``),
    and the Take Tricks hand scoring ``points``."""
    path = tmp_path / "house.yaml"
    schedules = "".join(f"      {kind}: [{kind}]\n" for kind in CHRISTMAS_DIRECTIONS)
    path.write_text(
        "ruleset: house\nversion: '1'\nextends: christmas-whist\n"
        f"game:\n  match:\n    schedules:\n{schedules}"
        f"bids:\n  - id: tricks_up\n    points_each: '{points}'\n",
        encoding="utf-8",
    )
    return path


def test_a_contract_whose_points_do_not_follow_the_tricks_gives_no_direction(tmp_path: Path) -> None:
    rules = load_ruleset(str(_house(tmp_path, "0")))
    assert trick_direction(rules, 2, ["tricks_up"]) is None
    assert trick_direction(rules, 2, ["tricks_down"]) == FEWER  # the others are as before


def _hand_points(rules: Any, kind: str, seed: int, heuristic_seat: int) -> dict[int, float]:
    """One hand of ``kind``: a heuristic agent at ``heuristic_seat``, a random one at the other seat."""
    agents = [
        HeuristicAgent(seed + seat, rules=rules, strict=True) if seat == heuristic_seat else RandomAgent(seed + seat)
        for seat in range(2)
    ]
    state = GameState(rules, 2, seed=seed, options={"match": kind}, first_dealer=seed % 2)
    before = dict(state.scores)
    request = state.advance()
    while request is not None:
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        request = state.advance(one_deal=True)
    return {seat: float(state.scores[seat] - before[seat]) for seat in range(2)}


@pytest.mark.parametrize("kind", ["tricks_up", "tricks_down", "marriages_down"])
def test_the_heuristic_agent_outscores_a_random_one_in_every_kind_of_hand(tmp_path: Path, kind: str) -> None:
    """Mirrored hands (the same cards, seats swapped): the heuristic seat's points less the random seat's,
    per pair of hands, lie above 0 with 95 % confidence."""
    rules = load_ruleset(str(_house(tmp_path, "count(player.won_tricks, trick.after_close) * trick_points")))
    differences = []
    for seed in range(30):
        first, second = _hand_points(rules, kind, seed, 0), _hand_points(rules, kind, seed, 1)
        differences.append((first[0] - first[1] + second[1] - second[0]) / 2)
    mean, bounds = interval(differences)
    assert bounds is not None and bounds[0] > 0, (mean, bounds)


# --- the contract a player picks after seeing the cards ------------------------------------------


def _contract_outcomes(rules: Any, seed: int) -> tuple[str, dict[str, float]] | None:
    """At the hand whose contract a player picks (Christmas Whist's seventh, reached by heuristic
    play): the heuristic picker's choice, and for every contract the picker's points less the other's
    when the hand is played out with it by heuristic agents on the real cards."""
    agents = [HeuristicAgent(seed * 2 + seat, rules=rules, strict=True) for seat in range(2)]
    state = GameState(rules, 2, seed=seed)
    request = state.advance()
    while request is not None and request.name != "contract":
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        request = state.advance()
    if request is None:  # (a match decided before its seventh hand)
        return None
    picker = request.seat
    picked = str(agents[picker].decide(request, state.view(picker)))
    outcomes = {}
    for option in request.options:
        copy = state.clone()
        copy.apply(option)
        players = [HeuristicAgent(seed * 2 + seat + 100, rules=rules, strict=True) for seat in range(2)]
        step = copy.advance()
        while step is not None:
            copy.apply(players[step.seat].decide(step, copy.view(step.seat)))
            step = copy.advance(one_deal=True)
        points = copy.deal_records[-1]["hand_points"]
        outcomes[str(option)] = float(points[str(picker)] - points[str(1 - picker)])
    return picked, outcomes


def test_the_picked_contract_does_better_than_an_average_one() -> None:
    """The picker plays out each contract on layouts of the cards it cannot see: over forty seventh hands
    the one it picks gives it more points against the other player than the contracts do on average
    (on the real cards), with 95 % confidence. (Picking at random, as it did before, is the average.)"""
    rules = load_ruleset("christmas-whist")
    gains = []
    for seed in range(40):
        found = _contract_outcomes(rules, seed)
        if found is not None:
            picked, outcomes = found
            gains.append(outcomes[picked] - sum(outcomes.values()) / len(outcomes))
    mean, bounds = interval(gains)
    assert len(gains) >= 30 and bounds is not None and bounds[0] > 0, (mean, bounds)
