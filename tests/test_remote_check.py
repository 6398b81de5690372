"""A client rebuilds a bid request's check from the rules and its view (interpreter/remotecheck.py).

Over the wire a bid request came without its check, and the built-in agents on the client side
passed every bid (a developer saw 0 bids where 12 were made beside the game). The check reads only
what is public, so a game state that agrees with the view answers it as the server does: checked
here on random combos at every bid turn of random games, through JSON, in three versions.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# --- views no game gives ---------------------------------------------------------------------------

_RULES = load_ruleset("combo-whist")
_STATE = GameState(_RULES, 4, seed=2)
_REQUEST, _VIEW = _over_the_wire(_STATE)
_SEATS = st.integers(-2, 9)

#: Ways of forging a bidder's view: each field fits alone (the wire takes it), the whole is no game's.
forged = st.fixed_dictionaries(
    {},
    optional={
        "seat": _SEATS,
        "players": st.lists(_SEATS, min_size=0, max_size=6).map(tuple),
        "dealer": _SEATS,
        "declarer": st.none() | _SEATS,
        "auction": st.lists(st.tuples(_SEATS, st.none()), max_size=4).map(tuple),
        "scores": st.dictionaries(_SEATS, st.integers(-50, 50), max_size=5),
        "visible": st.dictionaries(_SEATS, st.just(("AS",)), max_size=2),
        "current_trick": st.lists(st.tuples(_SEATS, st.sampled_from(["AS", "2C"])), max_size=3).map(tuple),
        "hand": st.lists(st.sampled_from(["AS", "2C", "ZZ", "", "AS"]), max_size=14).map(tuple),
        "tricks": st.lists(
            st.fixed_dictionaries({"leader": _SEATS, "winner": _SEATS, "plays": st.just(((0, "AS"), (1, "2C")))}),
            max_size=2,
        ).map(tuple),
        "stock_size": st.integers(0, 60),
        "hand_number": st.integers(0, 9),
    },
)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(changes=forged)
def test_a_forged_view_gives_the_request_back_not_an_error(changes: dict) -> None:
    """``with_check`` is a client's own help to its agents: a view no game gives (a seat 7 of players
    0 to 3, players 0, 0, 0, 0: once a KeyError from inside the sampling) has no state that agrees
    with it, and the request comes back as it came (the server's refusal is then the only check)."""
    view = dataclasses.replace(_VIEW, **changes)
    answer = with_check(_RULES, _REQUEST, view)
    assert answer is _REQUEST or dataclasses.replace(answer, check=None) == _REQUEST
    if view.seat not in view.players or len(set(view.players)) != len(view.players):
        assert answer is _REQUEST


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"seat": 7}, "seat 7 holds cards but is not among the players"),
        ({"players": [0, 0, 0, 0]}, "players lists a seat twice"),
        ({"players": [0, 1, 2, 1]}, "players lists a seat twice"),
    ],
)
def test_view_data_of_no_game_is_refused(changes: dict, said: str) -> None:
    data = {**view_to_data(_VIEW), **changes}
    with pytest.raises(ValueError, match=f"^view data: {said}"):
        view_from_data(data)


def test_the_view_of_a_seat_sitting_the_deal_out_comes_back_over_the_wire() -> None:
    """A seat not among the deal's players that holds no cards is an onlooker (five at a table of four)."""
    state = GameState(_RULES, 5, seed=1)
    state.advance()
    out = [seat for seat in range(5) if seat not in state.view(0).players]
    assert out
    for seat in range(5):
        view = state.view(seat)
        assert view_from_data(json.loads(json.dumps(view_to_data(view)))) == view
