"""A deal's score: whether the combo was completed, its points, bonuses, penalties, marks."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from interpreter.dealparts import DealParts
from interpreter.state import Combo, Marks, Player
from rulespec import model as M
from rulespec.compiler import Expression


@dataclass
class DealResult:
    """What a deal came to; ``declarer`` is None when everyone passed."""

    declarer: int | None
    combo: Combo | None = None
    completed: bool = False
    points: Any = 0
    tricks: dict[int, int] = field(default_factory=dict)
    instant_win: bool = False
    hand_points: dict[int, Any] = field(default_factory=dict)  # deals without a declarer: each player's
    partners: tuple[int, ...] = ()  # the seats on the declarer's side, who scored ``points`` too


class Scoring(DealParts):
    """The deal's score (part of :class:`interpreter.deal.Deal`)."""

    def requirements_hold(self, adjust: int) -> bool:
        """Whether every bid of the combo holds with the declarer's trick count changed by ``adjust``."""
        assert self.declarer is not None
        return completes(self.bids, self.env, self.declarer, (adjust,))

    def hand_points(self) -> dict[int, Any]:
        """Each player's points in a deal without a declarer (a match's hand)."""
        env = self.env
        base = self.game.match.hand_points if self.game.match else None
        rules = [bid.points_each for bid in self.bids if bid.points_each is not None]
        points: dict[int, Any] = {}
        for player in self.players:
            env["player"] = player
            total: Any = base(env) if base is not None else 0
            for rule in rules:
                total = total + rule(env)
            points[player.seat] = total
        return points

    def score(self) -> DealResult:
        assert self.combo is not None
        if self.declarer is None:
            return DealResult(
                declarer=None,
                combo=self.combo,
                tricks={p.seat: p.won_count for p in self.players},
                hand_points=self.hand_points(),
            )
        plan = self._plan
        env = self.env
        completed = completes(self.bids, env, self.declarer, plan.adjustments)
        bonus = sum([rule(env) for rule in plan.bonuses], 0) if plan.bonuses else 0
        penalty = sum([rule(env) for rule in plan.penalties], 0) if plan.penalties else 0
        scoring = self.game.scoring
        points: Any = 0
        if scoring is not None:
            formula = scoring.completed if completed else scoring.failed
            env["bonus"], env["penalty"] = bonus, penalty  # names of the scoring formulas only
            points = formula(env)
            del env["bonus"], env["penalty"]
        declarer = self.declarer
        declarer.score = floored(scoring, declarer.score + points, declarer.marks)
        for seat in self.side:  # the declarer's side (``partners``, set as play began): the same points
            partner = self.by_seat[seat]
            partner.score = floored(scoring, partner.score + points, partner.marks)
        instant = completed and bool(plan.wins_game) and any(rule(env) for rule in plan.wins_game)
        tricks = {p.seat: p.won_count for p in self.players}
        return DealResult(declarer.seat, self.combo, completed, points, tricks, instant, partners=self.side)

    def marks_earned(self) -> dict[str, int]:
        earned: dict[str, int] = {}
        for bid in self.bids:
            for name, count in bid.marks_on_completion.items():
                earned[name] = earned.get(name, 0) + count
        return earned


def floored(scoring: M.Scoring | None, score: Any, marks: Marks) -> Any:
    """``score`` raised to the rules' lowest score, the points missing kept as debt marks."""
    floor = scoring.floor if scoring is not None else None
    if floor is None or score >= floor.score:
        return score
    if floor.debt is not None:  # a mark for each point not paid, a part of one counting whole
        marks.add(floor.debt, math.ceil(floor.score - score))
    return floor.score


def with_score(facts: M.BidFacts, score: Any, min_tricks: Any) -> M.BidFacts:
    """``facts`` with the bid's score and trick minimum in this deal (the same facts when unchanged)."""
    if type(score) is type(facts.score) and score == facts.score and min_tricks == facts.min_tricks:
        return facts
    return replace(facts, score=score, min_tricks=min_tricks)


def bid_holds(bid: M.Bid, env: dict[str, Any], declarer: Player) -> bool:
    """One bid's requirement (its ``tricks`` and ``requires`` hook points) for the declarer now."""
    wanted = bid.tricks
    if wanted is not None:
        tricks = declarer.tricks
        for holds, bound in trick_bounds(wanted, env["player_count"]):
            if not holds(tricks, bound(env)):
                return False
    requires = bid.requires
    return requires is None or bool(requires(env))


def completes(bids: Iterable[M.Bid], env: dict[str, Any], declarer: Player, adjustments: Iterable[int]) -> bool:
    """Whether the requirements of ``bids`` hold for the declarer under each trick-count change of ``adjustments``.

    The one check of completion: the deal's score asks it for its combo (with the combo's
    :func:`interpreter.prepared.adjustments`), the heuristic agent for one bid and a trick
    count it supposes (each adjustment moved by the count).
    """
    bids = tuple(bids)
    try:
        for adjust in adjustments:
            declarer.adjust = adjust
            for bid in bids:
                if not bid_holds(bid, env, declarer):
                    return False
        return True
    finally:
        declarer.adjust = 0


def trick_bounds(tricks: M.Tricks, player_count: int) -> tuple[tuple[Callable[[Any, Any], bool], Expression], ...]:
    """The bounds of a ``tricks`` hook point in force for ``player_count`` players, as ``(holds, bound)``.

    ``holds(count, bound(env))`` says whether the declarer's trick ``count`` meets the bound:
    ``exactly`` is equal to it, ``min`` at least, ``max`` at most. The one reading of the hook
    point: :func:`bid_holds` (the engine) and the prover both check trick counts with it. Made
    once per hook point and player count, and kept with the hook point (it never changes).
    """
    made: dict[int, Any] = tricks.__dict__.setdefault("_bounds", {})
    found = made.get(player_count)
    if found is None:
        wanted = tricks.in_force(player_count)
        bounds = ((operator.eq, wanted.exactly), (operator.ge, wanted.min), (operator.le, wanted.max))
        found = made[player_count] = tuple((holds, bound) for holds, bound in bounds if bound is not None)
    return found


def trick_bound_expressions(tricks: M.Tricks) -> list[Expression]:
    """Every bound of a ``tricks`` hook point, for any number of players (what it may read)."""
    counts = (None, *tricks.for_players)
    return [bound for n in counts for _, bound in trick_bounds(tricks, n if n is not None else -1)]
