"""Versions without priorities (1.0.0–1.3.0): the special bids' events happen in the order the
declarer named the bids in the combo bid, and every record, replay and resume keeps that order.

The rules reference of those versions says so ("Trump + Atelier + Switcheroo lays out the atelier
before the cards are passed, Trump + Switcheroo + Atelier passes them first"). A place that
reordered the combo (sorted it, rebuilt it from a set) would play another deal on replay or resume:
each order is played, recorded, sent through JSON, replayed and resumed here.

Versions with priorities (1.4.0 on) have bids that share one (Justice, or the triumph trump, and
Plague at 1): those take their turns in the order named too, and their rules reference says so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from interpreter import records
from interpreter.agents import RandomAgent
from interpreter.decisions import Agent, BidAnswer, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_versions

#: The versions whose Atelier and (Master's) Switcheroo have no priority: both happen at 0.
UNORDERED = [
    f"combo-whist@{v}"
    for v in bundled_versions("combo-whist")
    if load_ruleset(f"combo-whist@{v}").bids["atelier"].event_priority
    == load_ruleset(f"combo-whist@{v}").bids["mail"].event_priority
]
ORDERS = [("atelier", "mail"), ("mail", "atelier")]
DECLARER = 1  # (dealer 0: seat 1 bids first)


def test_the_versions_without_priorities_are_found() -> None:
    assert {"combo-whist@1.2.0", "combo-whist@1.3.0"} <= set(UNORDERED)
    assert "combo-whist@1.4.0" not in UNORDERED  # (1.4.0 gave Mail an order: the combo's order no longer decides)


class _Declarer(Agent):
    """Seat 1 bids ``standard`` (Trump) + ``specials``; everyone else passes; the rest is seeded random."""

    def __init__(self, specials: tuple[str, ...], standard: str = "trump") -> None:
        self.specials, self.standard, self.random = specials, standard, RandomAgent(3, bid_chance=0.0)

    def decide(self, request: Request, view: View) -> Any:
        if request.kind == "bid":
            if request.seat != DECLARER or view.auction:
                return None
            answer = BidAnswer(self.standard, self.specials)
            assert request.check is not None and request.check(answer) is None
            return answer
        return self.random.decide(request, view)


def _first(decisions: list[dict[str, Any]], name: str) -> int:
    return next(i for i, d in enumerate(decisions) if d["name"] == name)


@pytest.mark.parametrize("ref", UNORDERED)
@pytest.mark.parametrize("order", ORDERS, ids="+".join)
def test_the_order_named_is_the_order_played_recorded_replayed_and_resumed(ref: str, order: tuple[str, str]) -> None:
    rules = load_ruleset(ref)
    game = Game(rules, [_Declarer(order)] * 4, seed=4, first_dealer=0)
    game.play_deal()
    record = json.loads(json.dumps(records.to_record(game, ref)))  # (as a save file holds it)
    decisions = record["decisions"]

    # played: the bid named first has its event first
    atelier_first = _first(decisions, "atelier") < _first(decisions, "pass_cards")
    assert atelier_first == (order[0] == "atelier")

    # recorded: the bid as named, and the deal's combo as named
    assert decisions[0]["answer"] == {"standard": "trump", "specials": list(order)}
    assert record["deals"][0]["combo"]["bids"] == ["trump", *order]

    # replayed: the same deal
    assert records.replay(record) == []

    # resumed just after the auction (a save taken then): the same next question, the combo as named
    bids = sum(1 for d in decisions if d["kind"] == "bid")
    state = records.state_from_record(record, bids)
    pending = state.pending
    assert pending is not None and (pending.seat, pending.name) == (decisions[bids]["seat"], decisions[bids]["name"])
    combo = state.view(DECLARER).combo
    assert combo is not None and combo["bids"] == ["trump", *order]


@pytest.mark.parametrize("ref", UNORDERED)
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_rules_reference_says_the_order_named_counts(ref: str, lang: str) -> None:
    """The general rules of each such version say it, with the two orders of the example."""
    rules = load_ruleset(ref)
    texts = load_texts(rules, lang)
    said = " ".join(texts.general("event_order").split())
    for order in ORDERS:
        named = " + ".join(texts.bid_name(b) for b in ("trump", *order))
        assert named in said, f"{ref} ({lang}): {named!r} not in {said!r}"


def _step_names(bid: Any) -> set[str]:
    return {step.name for step in bid.steps if getattr(step, "name", None)}


def _tied_pairs(ref: str) -> list[tuple[str, str]]:
    """Pairs of special bids of ``ref`` that ask the declarer something before the hand (a step
    with a name) and whose events share a priority."""
    bids = [b for b in load_ruleset(ref).bids.values() if b.kind == "special" and _step_names(b)]
    return [(a.id, b.id) for a in bids for b in bids if a.id < b.id and a.event_priority == b.event_priority]


#: Versions with priorities where two special bids share one (1.4.0 on: Justice or triumph trump and Plague, at 1).
TIED = [
    r
    for r in ["combo-whist", *(f"combo-whist@{v}" for v in bundled_versions("combo-whist"))]
    if _tied_pairs(r) and r not in UNORDERED
]


def test_versions_with_tied_priorities_are_found() -> None:
    assert {"combo-whist@1.4.2", "combo-whist"} <= set(TIED)


@pytest.mark.parametrize("ref", TIED)
def test_bids_of_equal_priority_take_their_turns_in_the_order_named(ref: str) -> None:
    """Each pair of tied bids that a combo may hold, in both orders (with the first standard bid
    that makes the combo legal): the first named asks first."""
    rules, played = load_ruleset(ref), 0
    standards = [b.id for b in rules.bids.values() if b.kind == "standard"]
    for pair in _tied_pairs(ref):
        for order in (pair, pair[::-1]):
            for standard in standards:
                game = Game(rules, [_Declarer(order, standard)] * 4, seed=4, first_dealer=0)
                try:
                    game.play_deal()
                    break
                except AssertionError:  # _Declarer asserts the rules take its combo
                    continue  # not a combo this version allows (too low, incompatible)
            else:
                continue
            decisions = game.decisions
            firsts = [_first_step(decisions, rules, bid) for bid in order]
            assert firsts[0] < firsts[1], f"{ref}: {standard} + {' + '.join(order)} asked {order[1]} first"
            played += 1
    assert played, f"{ref}: no combo of tied bids could be played"


def _first_step(decisions: list[Any], rules: Any, bid: str) -> int:
    names = _step_names(rules.bids[bid])
    return next(i for i, d in enumerate(decisions) if d["name"] in names)


@pytest.mark.parametrize("ref", TIED)
@pytest.mark.parametrize(
    ("lang", "words"), [("en", ("same priority", "equal order")), ("sv", ("samma prioritet", "samma ordning"))]
)
def test_the_rules_reference_says_how_tied_bids_take_turns(ref: str, lang: str, words: tuple[str, ...]) -> None:
    said = " ".join(load_texts(load_ruleset(ref), lang).general("event_order").split())
    assert any(w in said for w in words) and ("combo bid" in said or "kombinationsbudet" in said), said
