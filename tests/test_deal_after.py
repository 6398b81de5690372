"""A lean game's next deal takes over its finished deal's players, seating and combo maker
(``Deal(after=...)``): only when they were made for the same table, and then as the constructor
would make them (reset, bound to the new deal's environment)."""

from __future__ import annotations

import random

from interpreter.analysis import impossible_reason
from interpreter.deal import Deal
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
SEATS = [0, 1, 2, 3]


def make(seed: int, marks: dict[int, dict[str, int]], after: Deal | None = None, seats: list[int] = SEATS) -> Deal:
    scores = {s: 10 * s + seed for s in seats}
    return Deal(
        RULES, seats, seats[0], scores, marks, None, random.Random(seed), {}, impossible=impossible_reason, after=after
    )


def state(deal: Deal) -> tuple[object, ...]:
    players = [
        (p.seat, p.score, p.start_score, [c.name for c in p.hand], p.won_count, p.is_declarer) for p in deal.players
    ]
    shared = ("players", "_seating", "_table", "dealer", "option", "tricks")  # objects: compared above
    env = {k: v for k, v in deal.env.items() if k not in shared}
    return players, deal.dealt, deal.dealer.seat, env


def test_a_deal_after_another_of_the_same_table_is_the_deal_the_constructor_makes() -> None:
    marks: dict[int, dict[str, int]] = {s: {} for s in SEATS}
    for seed in range(5):
        before = make(seed + 100, marks)
        before.players[1].hand.clear()
        before.players[2].won_count = 3  # (a finished deal's players: reset by the next deal)
        after = make(seed, marks, before)
        assert after.players is before.players  # taken over
        assert state(after) == state(make(seed, marks))
        # The combo maker is taken over too, bound to the new deal's environment.
        assert after.combos is before.combos and after.combos.base_env is after.env
        assert after.combos.impossible is impossible_reason


def test_a_deal_after_another_table_makes_its_own_players_and_combo_maker() -> None:
    marks: dict[int, dict[str, int]] = {s: {} for s in SEATS}
    before = make(1, marks)
    others: tuple[tuple[list[int], dict[int, dict[str, int]]], ...] = (
        ([1, 2, 3, 0], marks),  # another seat order
        ([0, 1, 2], {s: marks[s] for s in range(3)}),  # fewer players
        (SEATS, {s: {} for s in SEATS}),  # other marks (another game's)
    )
    for other_seats, other_marks in others:
        deal = make(2, other_marks, before, other_seats)
        assert deal.players is not before.players and deal.combos is not before.combos
        assert state(deal) == state(make(2, other_marks, None, other_seats))
        assert [p.seat for p in deal.players] == other_seats


def test_a_combo_maker_of_other_rules_or_check_is_not_taken_over() -> None:
    marks: dict[int, dict[str, int]] = {s: {} for s in SEATS}
    before = make(1, marks)
    before.combos.impossible = None  # as if made for a game with another check
    deal = make(2, marks, before)
    assert deal.players is before.players
    assert deal.combos is not before.combos and deal.combos.impossible is impossible_reason
    assert deal.combos.base_env is deal.env
