"""Declaring a combo (interpreter/bidding.py): the standard bid's score and least tricks in the deal.

A declared combo whose standard bid's score and trick requirement are constants is the same in every
deal, so it is kept (with its plan) and taken again: these tests check that what a deal declares —
kept or not — is what the standard bid's words say, in the first deal and in a later one.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from interpreter.bidding import _DECLARED, _no_declared
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer
from interpreter.prepared import combo_plan
from rulespec import load_ruleset
from rulespec.build import least_tricks, least_tricks_fixed

RULES = load_ruleset("combo-whist")


def declared(answer: BidAnswer, players: int) -> Deal:
    seats = list(range(players))
    deal = Deal(RULES, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, lambda r: None, random.Random(1), {})
    deal.declare(1, answer)
    return deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_declared_combo_is_what_its_standard_bid_says_in_every_deal(players: int) -> None:
    rng = random.Random(players)
    specials = [b.id for b in RULES.special_bids]
    tried = 0
    for standard in RULES.standard_bids:
        for others in [(), *(tuple(s for s in specials if rng.random() < 0.2) for _ in range(3))]:
            answer = BidAnswer(standard.id, others)
            maker = declared(BidAnswer("trump"), players).combos
            if maker.problem(answer) is not None:
                continue
            tried += 1
            for _ in range(2):  # the second deal takes what the first kept
                deal = declared(answer, players)
                env, combo = deal.env, deal.combo
                assert combo is not None
                assert env["combo"] is combo and env["standard"] is combo.standard
                made = deal.combos.make(answer, deal.by_seat[1])
                assert (combo.specials, combo.worth) == (made.specials, made.worth)
                env["combo"] = made  # (a score reads the combo as it was made, e.g. its worth)
                score = standard.score(env) if standard.score is not None else 0
                wanted = standard.tricks.in_force(players) if standard.tricks is not None else None
                assert combo.standard.score == score and type(combo.standard.score) is type(score)
                assert combo.standard.min_tricks == least_tricks(wanted, env)
                assert deal._plan == combo_plan(RULES, answer.standard, answer.specials)
    assert tried > len(RULES.standard_bids)


def test_a_score_that_is_not_a_constant_is_worked_out_in_each_deal() -> None:
    """Taintless bid scores the combo's worth: never kept, so each deal's worth is its score."""
    standard = RULES.bids["taintless_bid"]
    assert standard.score is not None and not standard.score.is_constant
    kept = _DECLARED.get(RULES, _no_declared)
    for specials in [(), ("sloth",), ("justice", "sloth")]:
        combo = declared(BidAnswer("taintless_bid", specials), 4).combo
        assert combo is not None and combo.standard.score == combo.worth
        assert all(entry[2] is not combo for entry in kept.values())


def test_a_bid_chooser_may_answer_a_combo_it_checked_before_others() -> None:
    """The check keeps the combo it passed last; a chooser that checks several and bids an earlier
    one leads with the combo it bid, and the deal declares it."""
    bid: list[BidAnswer] = []

    def chooser(refuse: Any, standard_ids: Any, special_ids: Any, repeatable_ids: Any) -> BidAnswer | None:
        if bid:  # one bid, then passes: the first bidder declares
            return None
        passed = [
            BidAnswer(standard, specials)
            for standard in ("misery", "trump", "grill")
            for specials in [(), ("sloth",)]
            if refuse(standard, specials) is None
        ]
        assert len(passed) > 1
        bid.append(passed[0])
        return passed[0]

    seats = list(range(4))
    deal = Deal(RULES, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, lambda r: None, random.Random(1), {})
    deal.sync_bids = dict.fromkeys(seats, chooser)
    assert deal.auction()
    combo = deal.combo
    assert combo is not None
    assert (combo.standard.id, tuple(b.id for b in combo.specials)) == (bid[0].standard, bid[0].specials)
    assert combo.worth == deal.combos.make(bid[0]).worth


def test_least_tricks_is_fixed_when_its_first_bound_is_a_constant() -> None:
    """As least_tricks reads them: ``exactly`` first, then ``min``; none at all is 0, a constant too."""
    trump = RULES.bids["trump"].tricks
    varying = RULES.bids["taintless_bid"].score  # (any expression that is not a constant)
    assert trump is not None and trump.min is not None and varying is not None
    assert least_tricks_fixed(None) and least_tricks_fixed(trump)
    assert not least_tricks_fixed(replace(trump, min=varying))
    assert not least_tricks_fixed(replace(trump, exactly=varying))
    assert least_tricks_fixed(replace(trump, exactly=trump.min, min=varying))
