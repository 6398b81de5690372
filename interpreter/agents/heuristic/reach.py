"""Which trick counts complete a bid alone: known before any playout of it, once per rule set.

The agent's quick look before playouts (:meth:`~interpreter.agents.heuristic.bidding.Bidder._out_of_reach`)
compares a hand's expected tricks with the counts that complete a standard bid. Those counts are a
fact of the rule set (the bid's ``tricks`` and ``requires`` asked with every count, see
:func:`~interpreter.agents.heuristic.knowledge.completing_counts`), not of the cards: they are
worked out here once, on a deal of their own with the bid declared, instead of being learnt from
the bid's first playout. So the look works from an agent's first deal on — an
agent made for one deal (``whist duel``, a server's seat) gets it too.

A bid with steps (guesses, choices) is left out: its counts depend on what is chosen in the deal.
"""

from __future__ import annotations

import random

from interpreter.agents.heuristic.knowledge import completing_counts
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache

_KNOWN: RuleSetCache[dict[tuple[int, str], frozenset[int] | None]] = RuleSetCache()


def bid_alone_targets(rules: M.RuleSet, players: int, standard: str) -> frozenset[int] | None:
    """The declarer's final trick counts that complete ``standard`` bid alone with ``players`` players
    (None: the counts alone do not decide it, or it has steps), kept per rule set.

    Worked out on a deal of its own (seeded, scores and marks at nothing), never on a game's: so the
    answer is the same whichever game of a process asks first (``--jobs`` splits games any way)."""
    known = _KNOWN.get(rules, lambda _: {})
    key = (players, standard)
    if key not in known:
        known[key] = _work_out(rules, players, standard)
    return known[key]


def _work_out(rules: M.RuleSet, players: int, standard: str) -> frozenset[int] | None:
    if rules.bids[standard].steps:
        return None
    seats = list(range(players))
    try:
        trial = Deal(
            rules,
            seats,
            0,
            {seat: 0 for seat in seats},
            {seat: {} for seat in seats},
            lambda request: None,
            random.Random(0),
            dict(rules.game.options),
        )
        trial.declare(1 % players, BidAnswer(standard))
        trial.run_events()
    except Exception:  # a bid that cannot be declared or set up this way says nothing
        return None
    if trial.declarations:
        return None
    return completing_counts(trial)
