"""The legal combo bids of a bid request, listed within a budget (interpreter/remotecheck.py).

A bot on the far side of the wire built each standard bid with subsets of up to 15 special bids
and asked the check of each itself. ``legal_bids`` does it once: exactly the combos the check
allows (compared here with every combo asked directly), fewest special bids first, never asking
the check more than its budget, and the same from a client's rebuilt check as from the server's.
"""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

from interpreter import GameState, RandomAgent
from interpreter.decisions import BidAnswer, Request
from interpreter.remotecheck import legal_bids, with_check
from interpreter.wire import request_from_data, request_to_data, view_from_data, view_to_data
from rulespec import load_ruleset


def _bid_turns(ref: str, seed: int, players: int = 4) -> list[tuple[GameState, Request]]:
    """Bid turns of one seeded game (its positions kept as clones), the first deals' only."""
    state = GameState(load_ruleset(ref), players, seed=seed, max_deals=3)
    agents = [RandomAgent(seed * 5 + s) for s in range(players)]
    turns = []
    while not state.is_over:
        request = state.pending
        assert request is not None
        if request.kind == "bid":
            turns.append((state.clone(), request))
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    return turns


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.0.0"])
def test_exactly_the_combos_the_check_allows_fewest_specials_first(ref: str) -> None:
    listed_any = 0
    for _, request in _bid_turns(ref, 3)[:12]:
        assert request.check is not None
        listed = list(legal_bids(request, max_specials=1))
        every = [
            BidAnswer(standard, specials)
            for specials in [(), *((s,) for s in request.special_ids)]
            for standard in request.standard_ids
        ]
        assert listed == [answer for answer in every if request.check(answer) is None]
        assert [len(a.specials) for a in listed] == sorted(len(a.specials) for a in listed)
        listed_any += bool(listed)
    assert listed_any > 3


@pytest.mark.parametrize("budget", [0, 1, 7, 100, 2_000])
def test_the_check_is_asked_no_more_than_the_budget(budget: int) -> None:
    _, request = _bid_turns("combo-whist", 1)[0]
    real = request.check
    assert real is not None
    asked: list[BidAnswer] = []

    def counting(answer: BidAnswer) -> str | None:
        asked.append(answer)
        return real(answer)

    counted = dataclasses.replace(request, check=counting)
    listed = list(legal_bids(counted, max_specials=15, budget=budget))
    assert len(asked) == budget  # (15 special bids: far more combos than any budget here)
    assert listed == [answer for answer in asked if real(answer) is None]
    asked.clear()
    first = list(itertools.islice(legal_bids(counted, budget=budget), 1))
    assert len(asked) <= budget and len(first) <= 1  # taken one: the rest never asked


def test_a_client_lists_the_same_bids_as_the_server() -> None:
    rules = load_ruleset("combo-whist")
    for state, request in _bid_turns("combo-whist", 2)[:8]:
        sent = json.loads(json.dumps({"r": request_to_data(request), "v": view_to_data(state.view(request.seat))}))
        remote = with_check(rules, request_from_data(sent["r"]), view_from_data(sent["v"]))
        assert list(legal_bids(remote, max_specials=1)) == list(legal_bids(request, max_specials=1))


def test_a_request_without_a_check_or_of_another_kind_is_refused() -> None:
    _, request = _bid_turns("combo-whist", 1)[0]
    with pytest.raises(ValueError, match="with_check gives one"):
        legal_bids(dataclasses.replace(request, check=None))  # (at the call: nothing to iterate first)
    with pytest.raises(ValueError, match="needs a bid request"):
        legal_bids(Request("play", 0, "card", "card", ("AS",)))
