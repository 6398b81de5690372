"""The heuristic agent's dressings (sets of harmless special bids that raise a combo) stay few.

Every subset of the harmless special bids is a dressing, so a house rule with a dozen of them made
thousands for every standard bid and bid turn: `whist duel` and `balance` with heuristic agents took
over a minute a deal. The agent now dresses from at most ``DRESSING_POOL`` of them (the dearest);
the bundled rule sets have fewer, so their dressings are all the subsets, as before.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic import bidding
from interpreter.agents.heuristic.knowledge import DRESSING_POOL
from interpreter.analysis import impossible_reason
from interpreter.auction import ComboMaker
from interpreter.deal import Deal
from rulespec import load_ruleset
from rulespec.model import RuleSet


def _maker(rules: RuleSet) -> ComboMaker:
    seats = list(range(4))
    scores, marks = dict.fromkeys(seats, 0), {s: {} for s in seats}
    deal = Deal(rules, seats, 0, scores, marks, None, random.Random(0), {}, impossible=impossible_reason)
    return deal.combos


def _house(tmp_path: Path, extra: int) -> str:
    """Combo Whist with ``extra`` more special bids that fill no hook point (harmless) and raise the worth."""
    if not extra:
        return "combo-whist"
    path = tmp_path / f"many{extra}.yaml"
    bids = "".join(f"  - id: extra_{i}\n    kind: special\n    worth: {1 + i % 3}\n" for i in range(extra))
    path.write_text(f"ruleset: many\nversion: '1'\nextends: combo-whist\nbids:\n{bids}", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("extra", [0, 3, 6, 12, 20])
def test_a_combo_is_dressed_from_a_pool_of_at_most_the_cap(tmp_path: Path, extra: int) -> None:
    rules = load_ruleset(_house(tmp_path, extra))
    assert len([b for b in rules.special_bids if b.id.startswith("extra_")]) == extra
    agent, maker = HeuristicAgent(1, rules=rules), _maker(rules)
    for bid in rules.standard_bids:
        found = agent.dressings(maker, 4, bid.id)
        pool: Counter[str] = Counter()
        for _, subset in found:
            pool |= Counter(subset)  # (a repeatable bid's copies count each)
        assert sum(pool.values()) <= DRESSING_POOL, bid.id
        assert len(found) <= 2**DRESSING_POOL


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.0.0", "combo-whist@1.3.0"])
def test_below_the_cap_the_dressings_are_every_subset_as_before(monkeypatch, ref: str) -> None:
    rules = load_ruleset(ref)
    capped = HeuristicAgent(1, rules=rules)
    maker = _maker(rules)
    with_cap = {bid.id: capped.dressings(maker, 4, bid.id) for bid in rules.standard_bids}
    monkeypatch.setattr(bidding, "DRESSING_POOL", 10**6)
    uncapped = HeuristicAgent(1, rules=rules)
    assert with_cap == {bid.id: uncapped.dressings(maker, 4, bid.id) for bid in rules.standard_bids}


def test_a_game_with_a_dozen_harmless_special_bids_is_played(tmp_path: Path) -> None:
    """The house rule that took minutes a deal: a few deals of heuristic self-play (counted, not timed:
    each agent's dressings stay within the cap for every combo it looked at)."""
    from interpreter.game import Game

    rules = load_ruleset(_house(tmp_path, 12))
    agents = [HeuristicAgent(seat, rules=rules, strict=True) for seat in range(4)]
    Game(rules, agents, seed=3, max_deals=2).run()
    looked = [found for agent in agents for found in agent._dressings.values()]
    assert looked and all(len(found) <= 2**DRESSING_POOL for found in looked)
