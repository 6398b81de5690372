"""The heuristic agent's playouts, made faster without changing what they find.

* A playout ends early when the declarer's trick counts alone decide the combo and are settled
  (:func:`counts_decide`, tested beside ``completing_counts`` in ``test_agents.py``): the outcome
  is the one the whole deal and the engine's scoring give (also when it is played to its end and
  judged by the declarer's final count, without scoring the deal).
* The greedy card policy, rewritten for speed (card values and orders made once, a playout's
  hands kept as cards are played), picks a legal card, and the same one whether the hand comes as
  the engine gives it or as a playout keeps it (a set), and the card the policy written out plainly
  (every quantity worked out from scratch: :func:`plain_pick`) picks. That it picks what it picked
  before its speed work was checked against the agent at commit 95ae456 when the work was done, and
  ``python benchmarks/agents.py --baseline 95ae456`` plays the two side by side.
* Cards chosen once in a hook-less position are replayed by later playouts that meet it again
  (and a later playout whose combo the recorded trick counts settle ends at its first card):
  the same completions and trick counts as choosing them anew.
* A playout leaves no reference cycle behind (its deal is freed at once, not by the cyclic
  garbage collector).
"""

from __future__ import annotations

import gc
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic import FEWER, MORE, Table, Tables, pick_card, rank_values
from interpreter.deal import Deal, DealResult
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
TABLES = Tables.make(RULES, 4)
COUNTED = ("trump", "zero", "abundance", "master_trump", "grill", "sub_trump", "max_trump", "block_trump")


def test_a_settled_playout_ends_as_the_whole_deal_would() -> None:
    """The same playouts with and without the early end: the same completions, and some ended early."""
    view_deal = Deal(
        RULES, [0, 1, 2, 3], 0, dict.fromkeys(range(4), 0), {s: {} for s in range(4)}, None, random.Random(5), {}
    )
    view = view_deal.view(1)
    early = HeuristicAgent(11, RULES, strict=True)
    whole = HeuristicAgent(11, RULES, strict=True)
    whole._deciding = lambda deal: None  # type: ignore[method-assign]  # never settled: every trick played
    results: list[tuple[DealResult, DealResult]] = []
    for index in range(6):
        hands = early.layout(TABLES, view, view.hand)
        for standard in COUNTED:
            for specials in ((), ("greed",)):
                answer = BidAnswer(standard, specials)
                for direction in (MORE, FEWER):
                    ended, _ = early.playout(RULES, view, index % 4, answer, hands, direction)
                    played, _ = whole.playout(RULES, view, index % 4, answer, hands, direction)
                    results.append((ended, played))
    assert all(ended.completed == played.completed for ended, played in results)
    assert all(played.tricks for _, played in results)
    settled = sum(1 for ended, _ in results if not ended.tricks)  # ended early: no trick counts kept
    assert settled > len(results) // 4
    assert any(ended.completed for ended, _ in results) and not all(ended.completed for ended, _ in results)


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A random moment of a hand: four hands, cards played before, the trick so far, whose turn."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cards = list(TABLES.names)
    rng.shuffle(cards)
    done = draw(st.integers(0, 12))  # tricks finished
    in_trick = draw(st.integers(0, 3))  # cards of the trick so far
    hands = [cards[13 * s : 13 * s + 13] for s in range(4)]
    leader = draw(st.integers(0, 3))
    played = {hands[s].pop() for s in range(4) for _ in range(done)}
    plays = []
    for turn in range(in_trick):
        seat = (leader + turn) % 4
        card = hands[seat].pop()
        plays.append((seat, card))
        played.add(card)
    seat = (leader + in_trick) % 4
    hand = hands[seat]
    led = TABLES.suit_of[plays[0][1]] if plays else None
    legal = tuple(c for c in hand if TABLES.suit_of[c] == led) or tuple(hand)
    bids = draw(st.sampled_from((("trump",), ("misery",), ("trump", "iron"), ("zero",))))
    facts = {
        "seat": seat,
        "declarer": draw(st.sampled_from((0, 1, 2, 3, None))),
        "hand": hand,
        "trump": draw(st.sampled_from((*TABLES.suits, None))),
        "value": rank_values(RULES, bids),
        "tables": TABLES,
        "won": {},
        "players": [0, 1, 2, 3],
        "plays": plays,
        "played": played,
    }
    return legal, facts


@settings(max_examples=200, deadline=None, derandomize=True)
@given(position=positions(), want=st.booleans())
def test_the_card_policy_picks_a_legal_card_whatever_form_the_hand_takes(
    position: tuple[tuple[str, ...], dict[str, Any]], want: bool
) -> None:
    legal, facts = position
    picked = pick_card(legal, Table(**facts), want)
    assert picked in legal
    # As a playout gives it: the hand as a set of names, the played cards shared.
    assert pick_card(legal, Table(**{**facts, "hand": set(facts["hand"])}), want) == picked


@settings(max_examples=600, deadline=None, derandomize=True)
@given(position=positions(), want=st.booleans())
def test_the_fast_policy_picks_what_the_plain_one_picks(position: tuple[tuple[str, ...], Any], want: bool) -> None:
    legal, facts = position
    assert pick_card(legal, Table(**facts), want) == plain_pick(legal, facts, want)


def plain_pick(legal: tuple[str, ...], facts: dict[str, Any], want: bool) -> str:
    """The greedy card, every quantity worked out from scratch (first of equals, in ``legal``'s order)."""
    suit_of, trump, plays = TABLES.suit_of, facts["trump"], facts["plays"]
    value = {name: facts["value"][TABLES.rank_of[name]] for name in TABLES.names}
    hand, played, seat, declarer = set(facts["hand"]), facts["played"], facts["seat"], facts["declarer"]

    def unseen_top(suit: str) -> int:  # the highest card of the suit in nobody's sight but another's hand
        return max((value[c] for c in TABLES.by_suit[suit] if c not in played and c not in hand), default=0)

    def cheapest(cards: Any) -> str:  # non-trump before trump, then low before high
        return min(cards, key=lambda c: (suit_of[c] == trump, value[c]))

    if len(legal) == 1:
        return legal[0]
    if not plays:
        if not want:
            return cheapest(legal)
        if trump is not None and seat == declarer:
            trumps = [c for c in legal if suit_of[c] == trump]
            mine = len([c for c in hand if suit_of[c] == trump])
            outstanding = len([c for c in TABLES.by_suit[trump] if c not in played and c not in hand])
            if trumps and outstanding and mine >= outstanding:
                return max(trumps, key=lambda c: value[c])
        masters = [c for c in legal if value[c] > unseen_top(suit_of[c])]
        if masters:
            return min(masters, key=lambda c: (suit_of[c] == trump, value[c], c))
        length = {s: len([c for c in hand if suit_of[c] == s]) for s in TABLES.suits}
        return min(legal, key=lambda c: (suit_of[c] == trump, -length[suit_of[c]], value[c]))

    def beats(card: str, other: str) -> bool:
        mine, theirs = suit_of[card], suit_of[other]
        return (mine == theirs and value[card] > value[other]) or (mine == trump and theirs != trump)

    win_seat, win_card = plays[0]
    for by, card in plays[1:]:
        if beats(card, win_card):
            win_seat, win_card = by, card
    declarer_played = any(by == declarer for by, _ in plays)
    winners = [c for c in legal if beats(c, win_card)]
    losers = [c for c in legal if not beats(c, win_card)]
    if want:
        defending = declarer is not None and seat != declarer
        to_come = defending and not declarer_played
        if defending and win_seat != declarer and (not to_come or value[win_card] > unseen_top(suit_of[win_card])):
            return cheapest(losers or legal)
        if winners:
            if len(plays) == 3 or (defending and not to_come):
                return min(winners, key=lambda c: value[c])
            sure = [c for c in winners if value[c] > unseen_top(suit_of[c])]
            return min(sure, key=lambda c: value[c]) if sure else max(winners, key=lambda c: value[c])
        return cheapest(legal)
    if losers:
        return max(losers, key=lambda c: (suit_of[c] != trump, value[c]))
    return max(legal, key=lambda c: value[c])


def _a_view() -> Any:
    seats = [0, 1, 2, 3]
    deal = Deal(RULES, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, None, random.Random(7), {})
    return deal.view(2)


def test_replayed_cards_give_what_the_cards_chosen_anew_give() -> None:
    """A playout that replays the cards an earlier playout chose in the same hook-less position (up to
    where that one ended) finds the same completions and trick counts as one that chooses every card."""
    view = _a_view()
    replaying = HeuristicAgent(13, RULES, strict=True)
    fresh = HeuristicAgent(13, RULES, strict=True)
    fresh._recordings = None  # type: ignore[assignment]  # no recordings: every card chosen anew
    bids = ("misery", "master_misery", "abundance", "master_abundance", "trump", "max_trump", "zero", "limbo")
    compared = 0
    for _ in range(4):
        hands = replaying.layout(TABLES, view, view.hand)
        for standard in bids:
            for direction in (MORE, FEWER):
                answer = BidAnswer(standard)
                replayed, _ = replaying.playout(RULES, view, view.seat, answer, hands, direction)
                chosen, _ = fresh.playout(RULES, view, view.seat, answer, hands, direction)
                assert replayed.completed == chosen.completed, (standard, direction)
                assert replayed.tricks == chosen.tricks, (standard, direction)
                compared += 1
    recorded = [cards for cards in replaying._recordings.values() if cards]
    assert compared == 64 and recorded
    assert len(replaying._recordings) < compared  # positions met again: cards replayed


def test_a_playout_leaves_no_reference_cycles() -> None:
    """Everything a playout builds is freed as soon as it ends (a cycle would leave thousands of objects
    a bid to the cyclic garbage collector)."""
    view = _a_view()
    agent = HeuristicAgent(17, RULES, strict=True)
    hands = agent.layout(TABLES, view, view.hand)
    agent.playout(RULES, view, view.seat, BidAnswer("trump"), hands, MORE)  # the agent's caches, made once
    gc.collect()
    gc.disable()
    try:
        for standard in ("trump", "misery", "certainty", "block_trump", "rank_trump"):
            for direction in (MORE, FEWER):
                agent.playout(RULES, view, view.seat, BidAnswer(standard), hands, direction)
        assert gc.collect() == 0
    finally:
        gc.enable()
