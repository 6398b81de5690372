"""A client rebuilds a bid request's check from the rules and its view (interpreter/remotecheck.py).

Over the wire a bid request came without its check, and the built-in agents on the client side
passed every bid (a developer saw 0 bids where 12 were made beside the game). The check reads only
what is public, so a game state that agrees with the view answers it as the server does: checked
here on random combos at every bid turn of random games, through JSON, in three versions.
"""

from __future__ import annotations

import json
import random

import pytest

from interpreter import GameState, RandomAgent
from interpreter.decisions import BidAnswer
from interpreter.remotecheck import with_check
from interpreter.wire import request_from_data, request_to_data, view_from_data, view_to_data
from rulespec import load_ruleset


def _over_the_wire(state: GameState):
    request, view = state.pending, state.view(state.pending.seat)
    sent = json.dumps({"request": request_to_data(request, state.decision_number), "view": view_to_data(view)})
    got = json.loads(sent)
    return request_from_data(got["request"]), view_from_data(got["view"])


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.0.0", "combo-whist@1.4.2"])
def test_the_rebuilt_check_says_what_the_servers_says(ref: str) -> None:
    rules = load_ruleset(ref)
    compared = rebuilt = 0
    for seed in range(3):
        state = GameState(rules, 4, seed=seed, max_deals=2)
        agents = [RandomAgent(seed * 10 + s) for s in range(4)]
        rng = random.Random(seed)
        while not state.is_over:
            real = state.pending
            assert real is not None
            if real.kind == "bid":
                request, view = _over_the_wire(state)
                assert request.check is None  # (what the wire carries)
                remote = with_check(rules, request, view, seed)
                if remote.check is not None:
                    rebuilt += 1
                    for _ in range(20):
                        specials = tuple(rng.sample(real.special_ids, rng.randint(0, 3)))
                        answer = BidAnswer(rng.choice(real.standard_ids), specials)
                        assert str(remote.check(answer)) == str(real.check(answer)), answer
                        compared += 1
            state.apply(agents[real.seat].decide(real, state.view(real.seat)))
    assert rebuilt > 10 and compared > 200


def test_a_clients_random_agent_bids_with_the_rebuilt_check() -> None:
    rules = load_ruleset("combo-whist")
    state = GameState(rules, 4, seed=4, max_deals=3)
    agents = [RandomAgent(40 + s) for s in range(4)]
    bids = 0
    while not state.is_over:
        if state.pending.kind == "bid":
            request, view = _over_the_wire(state)
            answer = agents[request.seat].decide(with_check(rules, request, view), view)
            bids += answer is not None
        else:
            answer = agents[state.pending.seat].decide(state.pending, state.view(state.pending.seat))
        state.apply(answer)  # the server checks it again
    assert bids > 0
