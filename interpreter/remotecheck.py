"""A bid request's check on the far side of the wire, rebuilt from the rules and the view.

A bid :class:`~interpreter.decisions.Request` carries a ``check`` (why a combo may not be bid now)
that reads the deal, so :func:`interpreter.wire.request_from_data` cannot send it: a client's
agents then saw no check, and the built-in ones passed every bid. What the check reads is public
(the auction, the lead, every seat's marks and score — the view holds the whole table's, those
sitting the deal out too, so the state seats as many — the rule data), so a game state that agrees
with the client's view answers it the same: :func:`with_check` samples one as the search agent
does (:func:`interpreter.search.worlds.sample_world`, the hidden cards drawn at random) and takes
its request's check. tests/test_remote_check.py compares it with the server's on random combos.
The server still checks every bid it receives: this only lets a client's agents choose well.

:func:`legal_bids` lists the combos a request's check allows (a bot would otherwise build each
standard bid with every subset of up to 15 special bids itself): fewest special bids first, as an
iterator that asks the check at most a given number of times.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterator

from interpreter.decisions import BidAnswer, Request, View
from interpreter.search.worlds import sample_world
from interpreter.viewdata import view_problem
from rulespec.model import RuleSet

__all__ = ["legal_bids", "with_check"]

#: Worlds tried before giving up (a sample may fail to agree with the view; another usually does).
TRIES = 6


def with_check(rules: RuleSet, request: Request, view: View, seed: int = 0) -> Request:
    """``request`` (a bid request received without its check) with the check of a game state that
    agrees with ``view``; ``request`` itself when it is no bid request, has a check, or no such
    state was found (the server's refusal is then the only check). A view that no bidder's turn
    gives (another seat's, a seat not among its players, a player twice, scores of no table:
    :func:`~interpreter.viewdata.view_problem`; marks the rule set does not have) has no such state
    either, so it too gives ``request`` unchanged, never an error from inside the sampling. The work
    is bounded: a few worlds, each replaying one deal at most."""
    if request.kind != "bid" or request.check is not None:
        return request
    if view.seat != request.seat or view.seat not in view.players or view_problem(view) is not None:
        return request
    if not {name for marks in view.marks.values() for name in marks} <= set(rules.game.marks):
        return request  # marks this rule set does not have: the view is of another game
    for attempt in range(TRIES):
        world = sample_world(rules, request, view, None, random.Random(seed + attempt))
        pending = world.pending if world is not None else None
        if pending is not None and pending.kind == "bid" and pending.seat == request.seat:
            return dataclasses.replace(request, check=pending.check)
    return request


def legal_bids(request: Request, max_specials: int = 3, budget: int = 10_000) -> Iterator[BidAnswer]:
    """The combo bids ``request``'s check allows now: each standard bid alone, then with one special
    bid, then two, … up to ``max_specials`` (each special bid once; a repeatable one's further copies
    are not tried), in the request's order. The check is asked at most ``budget`` times in all, so a
    request with many special bids ends early rather than late (2**15 subsets of 15); an iterator, so
    a bot takes what it needs (``itertools.islice``, ``next``) and the rest is never asked. A pass is
    not among them. A request without a check (one from the wire: :func:`with_check` gives it one) is
    a ValueError: nothing would say which combos are legal."""
    check = request.check
    if request.kind != "bid" or check is None:  # (said at the call, not at the first bid taken)
        raise ValueError("legal_bids needs a bid request with its check (with_check gives one)")
    return _allowed(request, check, max_specials, budget)


def _allowed(
    request: Request, check: Callable[[BidAnswer], str | None], max_specials: int, budget: int
) -> Iterator[BidAnswer]:
    asked = 0
    for size in range(max(0, max_specials) + 1):
        for specials in itertools.combinations(request.special_ids, size):
            for standard in request.standard_ids:
                if asked >= budget:
                    return
                asked += 1
                answer = BidAnswer(standard, specials)
                if check(answer) is None:
                    yield answer
