"""Hands without a declarer (a hand of a match): which way a seat's points go with its tricks.

With a declarer the agent steers by the declarer's requirement (:mod:`.knowledge`). A hand of a
match has none: its rules (a *contract*, e.g. a hand where every trick costs its taker a point)
give every player points of their own, and each plays for them. Whether more tricks bring a
player more points is a fact of the contract's rules, not of the cards, so it is worked out once
per rule set, contract and number of players, on seeded trial hands of its own (never a game's:
the answer does not depend on which game of a process asks first), played at random: the sign of
how each seat's tricks and its hand points move together over the trials. :data:`~.knowledge.MORE`
when they rise together, :data:`~.knowledge.FEWER` when the points fall as the tricks rise, None
when they do not move together (the agent then answers at random, as it did for every such hand
before). Melds and the phases of a hand (tricks that count only after a close) are not told apart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from interpreter.agents.heuristic.knowledge import FEWER, MORE
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer, Request
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache

#: Trial hands per contract and number of players (each seat's tricks and points a pair of figures).
TRIALS = 16

_KNOWN: RuleSetCache[dict[tuple[int, tuple[str, ...]], int | None]] = RuleSetCache()


def trick_direction(rules: M.RuleSet, players: int, contract: Sequence[str]) -> int | None:
    """Which way a seat's hand points go with its tricks under ``contract`` (its bid ids, the standard
    bid first) with ``players`` players: MORE, FEWER or None (see the module's docstring), kept per
    rule set."""
    known = _KNOWN.get(rules, lambda _: {})
    key = (players, tuple(contract))
    if key not in known:
        known[key] = _work_out(rules, players, key[1])
    return known[key]


def _work_out(rules: M.RuleSet, players: int, contract: tuple[str, ...]) -> int | None:
    if not contract:
        return None
    seats = list(range(players))
    pairs: list[tuple[float, float]] = []
    for index in range(TRIALS):
        answers = random.Random(index)

        def ask(request: Request, answers: random.Random = answers) -> object:
            return answers.choice(request.options) if request.options else None

        try:
            trial = Deal(
                rules,
                seats,
                index % players,
                {seat: 0 for seat in seats},
                {seat: {} for seat in seats},
                ask,
                random.Random(TRIALS + index),
                dict(rules.game.options),
            )
            trial.set_contract(BidAnswer(contract[0], contract[1:]))
            result = trial.play_out()
            pairs.extend((float(result.tricks[seat]), float(result.hand_points[seat])) for seat in seats)
        except Exception:  # a contract that cannot be played this way says nothing
            return None
    if not pairs:
        return None
    mean_tricks = sum(t for t, _ in pairs) / len(pairs)
    mean_points = sum(p for _, p in pairs) / len(pairs)
    together = sum((t - mean_tricks) * (p - mean_points) for t, p in pairs)
    if abs(together) < 1e-9:
        return None
    return MORE if together > 0 else FEWER
