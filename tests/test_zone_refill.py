"""A refilled zone is topped up whenever a card leaves it, however it leaves.

The Atelier's rule (1.4.1): "As soon as the atelier no longer consists of 4 cards, the declarer
must add a card to it, if possible"; docs/writing-rules.md: ``refill: true`` tops the zone up from
the hand whenever a card leaves it. Up to 1.4.2 the atelier is laid out before Mail, and a card the
declarer mailed from it left it three short for the whole hand: only a card *played* from a zone
refilled it. The property: at every decision of random games whose combos join a refilled zone with
bids that move cards before the hand (pass, give, deal back), every refilled zone holds its size, or
none of its owner's other cards may go into it — except while its owner is choosing the cards that
fill it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import GameState
from interpreter.decisions import BidAnswer, IllegalDecision
from rulespec import load_ruleset
from rulespec.locate import bundled_versions
from rulespec.model import DealBack, Give, PassCards, RuleSet, Zone

VERSIONS = ["combo-whist", *(f"combo-whist@{v}" for v in bundled_versions("combo-whist"))]


def _zones(rules: RuleSet) -> dict[str, Zone]:
    return {step.name: step for bid in rules.bids.values() for step in bid.steps if isinstance(step, Zone)}


def _combos(rules: RuleSet) -> list[tuple[str, tuple[str, ...]]]:
    """Every standard bid with a refilled zone's bid and a bid that moves cards before the hand."""
    zoned = [b.id for b in rules.bids.values() if any(isinstance(s, Zone) and s.refill for s in b.steps)]
    movers = [b.id for b in rules.bids.values() if any(isinstance(s, PassCards | Give | DealBack) for s in b.steps)]
    specials = {b.id for b in rules.bids.values() if b.kind == "special"}
    return [
        (standard.id, tuple(sorted({zone, mover} - {standard.id})))
        for standard in rules.standard_bids
        for zone in zoned
        for mover in movers
        if zone != mover and {zone, mover} - {standard.id} <= specials
    ]


def _check_zones(state: GameState, zones: dict[str, Zone]) -> int:
    """The rule at this decision; how many refilled zones were looked at."""
    deal, pending = state.current, state.pending
    if deal is None or pending is None:
        return 0
    looked = 0
    for name, zone in getattr(deal, "zones", {}).items():
        if not zones[name].refill or (pending.kind == "choose" and pending.name == name):
            continue  # (its owner is filling it now)
        held = [c for c in zone.owner.hand if deal.table.zone.get(c) == name]
        free = [c for c in zone.owner.hand if c not in deal.table.zone and not deal._forbidden(zone, c)]  # noqa: SLF001
        assert len(held) == zone.size or not free, (name, len(held), zone.size, [c.name for c in free], pending)
        looked += 1
    return looked


@pytest.mark.parametrize("ref", VERSIONS)
@settings(max_examples=6, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**31))
def test_a_refilled_zone_is_topped_up_whenever_a_card_leaves_it(ref: str, seed: int) -> None:
    rules = load_ruleset(ref)
    zones, combos = _zones(rules), _combos(rules)
    assert combos, ref  # every version has a refilled zone and a pass (else this test says nothing)
    rng = random.Random(seed)
    state = GameState(rules, players=4, seed=seed, max_deals=2)
    declared = looked = 0
    while not state.is_over and state.decisions_made < 600:
        request = state.pending
        assert request is not None
        looked += _check_zones(state, zones)
        if request.kind == "bid" and not declared:
            for standard, specials in rng.sample(combos, len(combos)):
                try:
                    state.apply(BidAnswer(standard, specials))
                except IllegalDecision:
                    continue
                declared += 1
                break
            else:
                state.apply(None)
            continue
        if request.kind == "bid":
            state.apply(None)
        elif request.count > 1:
            state.apply(rng.sample(list(request.options), request.count))
        elif request.optional and rng.random() < 0.3:
            state.apply(None)
        else:
            state.apply(rng.choice(list(request.options)))
    assert declared and looked, (declared, looked)
