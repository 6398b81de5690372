"""The heuristic agent's cheap deals of its layouts: :meth:`Deal.redeal` (hands not checked again).

The shortcut is sound only because every layout is a real deal by construction, whatever view it
was made from; and only the agents may reach it (hands from files and scripts are checked).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from interpreter.agents import HeuristicAgent
from interpreter.deal import Deal
from interpreter.decisions import ScriptError
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
SEATS = [0, 1, 2, 3]
ROOT = Path(__file__).resolve().parents[1]


def fresh(hands: dict[int, list[str]] | None, seed: int = 1) -> Deal:
    return Deal(RULES, SEATS, 0, {s: 0 for s in SEATS}, {s: {} for s in SEATS}, None, random.Random(seed), {}, hands)


def state(deal: Deal) -> tuple[object, ...]:
    return (
        {p.seat: [c.name for c in p.hand] for p in deal.players},
        deal.dealt,
        deal.dealt_stock,
        [c.name for c in deal.set_aside],
        [c.name for c in deal.stock],
        deal.face_up,
        deal.env["stock_size"],
    )


CHRISTMAS = load_ruleset("christmas-whist")  # a stock with a face-up card, cards set aside


@settings(derandomize=True, max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans())
def test_a_redealt_copy_is_the_deal_the_constructor_makes(first: int, second: int, stock: bool) -> None:
    def make(hands: dict[int, list[str]] | None, seed: int = 1) -> Deal:
        if not stock:
            return fresh(hands, seed)
        return Deal(CHRISTMAS, [0, 1], 0, {0: 0, 1: 0}, {0: {}, 1: {}}, None, random.Random(seed), {}, hands)

    hands = make(None, second).dealt
    blank = make(make(None, first).dealt)
    copy = blank.clone()
    copy.redeal(hands)
    assert state(copy) == state(make(hands))
    assert state(blank) == state(make(make(None, first).dealt))  # the original keeps its cards


def test_hands_given_to_the_constructor_are_still_checked() -> None:
    hands = fresh(None).dealt
    hands[1][0] = hands[2][0]  # a card twice
    with pytest.raises(ScriptError, match="twice"):
        fresh(hands)


def test_only_the_agents_re_deal_a_deal() -> None:
    """Files and scripts reach deals through games, scenarios and saves, which never call it."""
    callers = {
        path.relative_to(ROOT).as_posix()
        for folder in ("interpreter", "whist", "rulespec", "printing")
        for path in (ROOT / folder).rglob("*.py")
        if ".redeal(" in path.read_text(encoding="utf-8")
    }
    assert callers == {"interpreter/agents/heuristic/agent.py"}


cards = st.sampled_from(sorted(fresh(None).card_by_name))
HAND = [n for n in sorted(fresh(None).card_by_name) if n.endswith("H")]  # 13 cards of one suit


@settings(derandomize=True, max_examples=60, deadline=None)
@given(
    st.lists(cards, max_size=15),
    st.dictionaries(st.integers(-1, 5), st.lists(cards, max_size=15), max_size=4),
    st.integers(0, 100),
)
@example(["AS"] * 2 + sorted(HAND)[:11], {}, 0)  # a full hand with a card twice
@example(sorted(HAND), {1: ["KS", "KS", "QS"], 2: ["KS"]}, 0)  # shown cards twice, and someone else's
def test_layouts_are_real_deals_whatever_the_view(own: list[str], visible: dict[int, list[str]], seed: int) -> None:
    """A view from a stranger (cards twice, unknown seats, too many cards) still gives real deals."""
    deal = fresh(None, seed)
    view = dataclasses.replace(deal.view(0), hand=tuple(own), visible={s: tuple(c) for s, c in visible.items()})
    agent = HeuristicAgent(seed, rules=RULES)
    hands = agent.layout(agent.tables(RULES, len(SEATS)), view, view.hand)
    deal._check_hands(hands)  # raises on a card twice, a short hand or a card not in the deck
    assert sorted(hands) == SEATS
    assert max(Counter(c for h in hands.values() for c in h).values()) == 1
