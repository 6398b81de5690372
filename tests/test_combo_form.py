"""Whether a combo bid is well formed (``ComboMaker.problem``), against the rules as the model
states them: the standard bid first, then each special bid in the order given (unknown or of the
wrong kind; twice though not repeatable), no special bids where the auction uses none, then the
first incompatible pair in the order bid, then (where the rules ask it) the impossibility check.

``ComboMaker`` answers from tables worked out once per rule set; the reference below reads the
bids themselves, so a table that drifts from the model is caught.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.auction import ComboMaker
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset
from rulespec import model as M

REPO = Path(__file__).resolve().parent.parent
REFS = [
    "combo-whist",
    "combo-whist@1.0.0",
    "combo-whist@1.1.1",  # extended_bid is repeatable
    "combo-whist@1.4.2",  # refuses impossible combos: the check passed in is asked last
    "christmas-whist",
    *(str(p) for p in sorted((REPO / "bids/examples").glob("*.yaml"))),
]
RULES = {ref: load_ruleset(ref) for ref in REFS}


def _no_specials(rules: M.RuleSet) -> M.RuleSet:
    """``rules`` with an auction whose combos hold no special bids."""
    assert rules.game.auction is not None
    auction = dataclasses.replace(rules.game.auction, combo_special="none")
    return dataclasses.replace(rules, game=dataclasses.replace(rules.game, auction=auction))


RULES["combo-whist (no specials)"] = _no_specials(RULES["combo-whist"])


def _impossible(rules: M.RuleSet, answer: BidAnswer, players: int | None) -> str | None:
    return f"impossible {answer.standard} {len(answer.specials)}" if answer.specials else None


def reference(rules: M.RuleSet, answer: BidAnswer) -> str | None:
    bids = rules.bids
    standard = bids.get(answer.standard)
    if standard is None or standard.kind != "standard":
        return f"'{answer.standard}' is not a standard bid"
    chosen = [standard]
    for bid_id in dict.fromkeys(answer.specials):
        bid = bids.get(bid_id)
        if bid is None or bid.kind != "special":
            return f"'{bid_id}' is not a special bid"
        if bid.repeatable is None and answer.specials.count(bid_id) > 1:
            return f"{bid_id} appears twice (a special bid is bid once, unless it is repeatable)"
        chosen.append(bid)
    auction = rules.game.auction  # (a game of matched hands has none)
    if auction is not None and auction.combo_special == "none" and answer.specials:
        return "special bids are not used in this game"
    for i, first in enumerate(chosen):
        for second in chosen[i + 1 :]:
            if second.id in first.incompatible_ids:
                return f"{first.id} cannot be combined with {second.id}"
    return _impossible(rules, answer, 4) if auction is not None and auction.forbid_impossible else None


@st.composite
def _answers(draw: st.DrawFn) -> tuple[str, BidAnswer]:
    ref = draw(st.sampled_from(sorted(RULES)))
    ids = [*RULES[ref].bids, "no_such_bid"]
    standard = draw(st.sampled_from(ids))  # a special bid or an unknown one now and then
    specials = draw(st.lists(st.sampled_from(ids), max_size=6))  # repeats and standard bids too
    return ref, BidAnswer(standard, tuple(specials))


@settings(derandomize=True, max_examples=1500, deadline=None)
@given(_answers())
def test_a_combo_is_refused_as_the_rules_say(case: tuple[str, BidAnswer]) -> None:
    ref, answer = case
    rules = RULES[ref]
    maker = ComboMaker(rules, {"player_count": 4}, _impossible)
    assert maker._problem(answer) == reference(rules, answer)
    assert maker.problem(answer) == reference(rules, answer)  # … and as kept


def test_the_first_incompatible_pair_in_the_order_bid_is_named() -> None:
    """A standard bid bid with several special bids it excludes, in both orders (and one bid
    between them that it does not exclude): the pair named is the first."""
    tried = 0
    for ref, rules in RULES.items():
        maker = ComboMaker(rules, {"player_count": 4}, _impossible)
        for standard in rules.standard_bids:
            excluded = sorted(b for b in standard.incompatible_ids if rules.bids[b].kind == "special")
            allowed = [b.id for b in rules.special_bids if b.id not in standard.incompatible_ids]
            if len(excluded) < 2:
                continue
            between = allowed[:1]
            for specials in (
                (*between, *excluded[:3]),
                tuple(reversed(excluded[:3])),
                (excluded[1], *between, excluded[0]),
            ):
                answer = BidAnswer(standard.id, specials)
                assert maker._problem(answer) == reference(rules, answer), (ref, answer)
                tried += 1
    assert tried > 10
