"""Every bid turn's check can be rebuilt on the far side of the wire, and every turn's world sampled.

A client's :func:`~interpreter.remotecheck.with_check` (and the search agent's sampled worlds)
replay the deal's public history on a fresh state. Two kinds of turn once gave no check at all:

* a turn right after a pass the rules entered themselves (a seat below the bidding floor, or
  blockaded, may not bid: the auction-wide ``may_bid``): the replay counted the bids before that
  pass and never stopped at the turn;
* any turn after a bid that cost a mark (an Extended Bid spends a P when bid in 1.1.1 and before,
  when declared from 1.2.0): the view shows the marks after the spending, and the replay, starting
  from them, found the bid the view shows made not allowed.

So the tests ask of every bid turn, in many seeded games of several versions and table sizes,
that the client's check exists and says what the server's says on sampled combos; and of every
turn, that the replay starts from the marks the deal began with.
"""

from __future__ import annotations

import json
import random

import pytest

from interpreter import GameState, RandomAgent
from interpreter.decisions import BidAnswer, Request, View
from interpreter.remotecheck import with_check
from interpreter.search.replay import new_state
from interpreter.wire import request_from_data, request_to_data, view_from_data, view_to_data
from rulespec import load_ruleset

#: 1.0.0: blockade (a seat with a B mark passes); 1.1.1: marks spent on bidding; 1.2.0: on
#: declaring; combo-whist (the newest): the bidding floor (a seat below it passes).
VERSIONS = ("combo-whist@1.0.0", "combo-whist@1.1.1", "combo-whist@1.2.0", "combo-whist")


def _over_the_wire(request: Request, view: View) -> tuple[Request, View]:
    sent = json.loads(json.dumps({"request": request_to_data(request), "view": view_to_data(view)}))
    return request_from_data(sent["request"]), view_from_data(sent["view"])


@pytest.mark.parametrize("ref", VERSIONS)
def test_every_bid_turn_has_a_rebuilt_check_that_agrees(ref: str) -> None:
    rules = load_ruleset(ref)
    rng = random.Random(5)
    turns = forced = compared = 0
    for players in (3, 4, 5, 6):
        for seed in range(3):
            state = GameState(rules, players, seed=seed, max_deals=15)
            agents = [RandomAgent(seed * 7 + s) for s in range(players)]
            while not state.is_over:
                real = state.pending
                assert real is not None
                view = state.view(real.seat)
                if real.kind == "bid":
                    turns += 1
                    forced += real.check is not None and all(real.check(BidAnswer(b, ())) for b in real.standard_ids)
                    request, sent_view = _over_the_wire(real, view)
                    remote = with_check(rules, request, sent_view, seed)
                    where = f"{ref}, {players} players, seed {seed}, decision {state.decision_number}"
                    assert remote.check is not None, where
                    assert real.check is not None
                    for _ in range(4):
                        specials = tuple(rng.sample(real.special_ids, rng.randint(0, 3)))
                        answer = BidAnswer(rng.choice(real.standard_ids), specials)
                        assert (remote.check(answer) is None) == (real.check(answer) is None), (where, answer)
                        compared += 1
                state.apply(agents[real.seat].decide(real, view))
    assert turns > 100 and compared > 400
    assert forced > 0  # (the turns of seats that may bid nothing were among them)


def _counted(marks: dict[int, dict[str, int]]) -> dict[int, dict[str, int]]:
    return {seat: {name: n for name, n in counts.items() if n} for seat, counts in marks.items()}


@pytest.mark.parametrize("ref", ["combo-whist@1.1.1", "combo-whist@1.2.0"])
def test_a_replay_starts_from_the_marks_the_deal_began_with(ref: str) -> None:
    """At every turn (bid or play, before or after a bid that spent a mark), the replay's fresh
    state holds the marks the table held when the deal began: what the deal has spent so far is
    spent again by the replay, not twice."""
    rules = load_ruleset(ref)
    spent = 0
    for seed in range(4):
        state = GameState(rules, 4, seed=seed, max_deals=8)
        for counts in state.marks.values():  # every seat holds Ps to spend (on an Extended Bid)
            counts["potential"] = 3
        agents = [RandomAgent(seed * 3 + s) for s in range(4)]
        deal, began = None, _counted(state.marks)
        while not state.is_over:
            real = state.pending
            assert real is not None
            if state.current is not deal:
                deal, began = state.current, _counted(state.marks)
            view = state.view(real.seat)
            spent += _counted(state.marks) != began
            assert _counted(new_state(rules, view).marks) == began, (seed, state.decision_number)
            state.apply(agents[real.seat].decide(real, view))
    assert spent > 0  # (turns after a mark was spent were among them)
