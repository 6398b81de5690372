"""The heuristic agent's fast paths against plain ones (the greedy card policy itself is compared with
a plain version of it in ``test_playouts.py``).

* A playout keeps its tables from card to card (each card kept as it is answered, the trick so far as
  pairs, each hand as cards are played): every card it picks is the card :func:`pick_card` picks on a
  table made afresh from the deal at that moment, also where a zone or draws move cards.
* A real decision's table takes the rank order and card orders kept per combo; the quick look before bidding
  keeps a hand's expected tricks; a hand's expected tricks and suit strengths are counted in one pass:
  each gives what the plain way gives.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic import MORE, Table, Tables, pick_card, rank_values
from interpreter.agents.heuristic import playout as playout_module
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
TABLES = Tables.make(RULES, 4)


@pytest.mark.parametrize(
    ("name", "answers"),
    [
        ("combo-whist", [BidAnswer(s) for s in ("trump", "misery", "abundance", "zero", "rank_trump", "block_trump")]),
        ("combo-whist", [BidAnswer("trump", ("atelier",)), BidAnswer("misery", ("atelier",))]),  # a zone
        ("christmas-whist", [BidAnswer(s) for s in ("tricks_up", "tricks_down", "pairs_up")]),  # draws
    ],
)
def test_a_playouts_kept_tables_pick_what_fresh_tables_pick(
    name: str, answers: list[BidAnswer], monkeypatch: Any
) -> None:
    """Every card a playout picks on its kept tables, compared with :func:`pick_card` on a table made
    from the deal at that moment (hands, cards played, the trick so far): in hands where only plays
    move cards, and in hands with a zone or draws from a stock (the tables read again at every card)."""
    compared = []
    kept_play = playout_module.Playout._play

    def checked(self: Any, seat: int, legal: tuple[str, ...]) -> str:
        deal = self.deal
        played = {p.card.name for p in deal.env["plays"]}
        fresh = Table(
            seat,
            deal.declarer.seat,
            [c.name for c in deal.by_seat[seat].hand],
            deal.table.trump,
            deal.table.rank_value,
            self.tables,
            {},
            [p.seat for p in deal.players],
            [(p.player.seat, p.card.name) for p in deal.current.plays],
            played,
        )
        want = self.plan.wants(deal.declarer.won_count)
        expected = pick_card(legal, fresh, want)
        card: str = kept_play(self, seat, legal)
        compared.append(card == expected)
        return card

    monkeypatch.setattr(playout_module.Playout, "_play", checked)
    rules = load_ruleset(name)
    seats = list(range(rules.game.players.min if name == "christmas-whist" else 4))
    deal = Deal(rules, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, None, random.Random(3), {})
    view = deal.view(1)
    agent = HeuristicAgent(19, rules, strict=True)
    agent._recordings = None  # type: ignore[assignment]  # every card chosen anew
    tables = agent.tables(rules, len(seats))
    for _ in range(3):
        hands = agent.layout(tables, view, view.hand)
        for answer in answers:
            for declarer in (0, 1):
                agent.playout(rules, view, declarer, answer, hands, MORE)
    assert len(compared) > 100 and all(compared)


def test_a_views_table_takes_the_card_orders_of_its_own_rank_order() -> None:
    """The agent keeps each combo's rank order and card orders for the tables of its real decisions:
    each view's table has the values and suit orders made afresh for its combo's rank order."""
    from interpreter.agents.heuristic.cardplay import card_values, high_first

    agent = HeuristicAgent(23, RULES, strict=True)
    seats = [0, 1, 2, 3]
    deal = Deal(RULES, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, None, random.Random(4), {})
    view = deal.view(2)
    orders = []
    for bids in (["trump"], ["misery"], ["trump", "iron"], ["zero"], ["trump"], ["misery"]):
        table = agent._table(RULES, replace(view, combo={"bids": bids}))
        value = rank_values(RULES, bids)
        assert table.value == value
        assert table.card_value == card_values(TABLES, value)
        assert table.high_first == high_first(TABLES, value)
        orders.append(table.card_value)
    assert orders[4] is orders[0] and orders[5] is orders[1]  # kept, not made again
    assert len({tuple(o.items()) for o in orders}) > 1  # rank orders that differ give values that differ


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 13), trump=st.sampled_from((*TABLES.suits, None)))
def test_expected_tricks_counts_each_suits_winners_as_a_plain_count_does(seed: int, size: int, trump: Any) -> None:
    """:func:`expected_tricks` (the hand sorted by suit in one pass) against the count suit by suit."""
    from interpreter.agents.heuristic import expected_tricks

    hand = random.Random(seed).sample(list(TABLES.names), size)
    value = rank_values(RULES, ["trump"])
    plain = 0.0
    for suit in TABLES.suits:
        cards = sorted((value[TABLES.rank_of[n]] for n in hand if TABLES.suit_of[n] == suit), reverse=True)
        for position, card_value in enumerate(cards):
            missing = TABLES.top - card_value - position
            plain += 1.0 if missing <= 0 else 0.5 if missing == 1 and len(cards) >= 2 else 0.0
        plain += max(0, len(cards) - 3) * 0.7 if suit == trump else 0.0
    assert expected_tricks(hand, trump, TABLES, value) == plain


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 13))
def test_suit_strengths_in_one_pass_are_each_suits_own_count(seed: int, size: int) -> None:
    from interpreter.agents.heuristic.knowledge import suit_strengths

    hand = random.Random(seed).sample(list(TABLES.names), size)
    value = rank_values(RULES, ["misery"])
    plain = {suit: 0.0 for suit in TABLES.suits}
    for suit in TABLES.suits:
        for name in hand:
            if TABLES.suit_of[name] == suit:
                plain[suit] += 1.0 + max(0, value[TABLES.rank_of[name]] - (TABLES.top - 4)) / 2
    assert suit_strengths(hand, TABLES, value) == plain


def test_the_quick_look_with_kept_expectations_says_what_a_fresh_agent_says() -> None:
    """``_out_of_reach`` keeps a hand's expected tricks per bid: asked again, for other hands and bids
    in between, it answers as an agent that works them out anew."""
    seats = [0, 1, 2, 3]
    views = []
    for seed in (1, 2, 3):
        deal = Deal(RULES, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, None, random.Random(seed), {})
        views.append(deal.view(seed % 4))
    kept = HeuristicAgent(29, RULES, strict=True)
    answers = []
    for view in views + views[::-1]:
        for standard in ("trump", "misery", "abundance", "zero", "master_trump", "limbo"):
            fresh = HeuristicAgent(29, RULES, strict=True)
            again = kept._out_of_reach(RULES, TABLES, view, standard)
            assert again == fresh._out_of_reach(RULES, TABLES, view, standard), standard
            answers.append(again)
    assert len(kept._expected) > 6 and True in answers and False in answers
