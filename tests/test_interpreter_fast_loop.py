"""The fast loops of a hand (hook-less, and answered with hooks) play exactly as the general
agenda does: the same requests, tricks and result for the same seed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from interpreter_helpers import RULES, RULES_DECK

from interpreter.deal import Deal
from interpreter.decisions import BidAnswer, Request
from rulespec import load_ruleset

# --- the hook-less hand's fast loop --------------------------------------------------------------


def played_deal(
    rules: Any, answer: BidAnswer, seed: int, players: int, general: bool, contract: bool = False
) -> tuple[list[Any], Any]:
    """A seeded deal with random answers: every request asked, the tricks, and the result.

    Without ``general`` the hand is played as a driver that answers at once plays it (in one loop);
    ``general`` steps it task by task on the agenda (``advance``/``apply``), as a state is stepped.
    ``contract``: ``answer`` is a match hand's contract (no declarer).
    """
    rng = random.Random(seed)
    asked: list[tuple[str, int, tuple[Any, ...]]] = []

    def ask(request: Request) -> Any:
        asked.append((request.kind, request.seat, request.options))
        if request.count > 1:
            return rng.sample(list(request.options), request.count)
        return request.options[rng.randrange(len(request.options))]

    seats = list(range(players))
    deal = Deal(rules, seats, seed % players, dict.fromkeys(seats, 0), {s: {} for s in seats}, ask, rng, {})
    if contract:
        deal.set_contract(answer)
    else:
        deal.declare((seed + 1) % players, answer)
    if general:
        deal._hookless_hand = lambda: False  # type: ignore[method-assign]
        deal.run_events()
        deal._then(("_begin_hand",))  # what play_hand() does, stepped instead of answered at once
        request = deal.advance()
        while request is not None:
            request = deal.apply(ask(request))
        result = deal.score()
    else:
        result = deal.play_out()
    for trick in deal.tricks if not deal.taker_rules else ():  # (a trick taker may give a trick away)
        assert trick.winner is deal.trick_winner(trick)  # the fast loop keeps the winner as the cards come
    return asked, (deal.trick_log, result.tricks, result.completed, result.points, result.hand_points)


@pytest.mark.parametrize("standard", ["trump", "misery", "rank_trump", "zero"])  # hook-less hands
@pytest.mark.parametrize("players", [3, 4])
def test_the_fast_loop_of_a_hookless_hand_plays_as_the_general_one(standard: str, players: int) -> None:
    answer = BidAnswer(standard)
    for seed in range(12):
        fast = played_deal(RULES, answer, seed, players, general=False)
        assert fast == played_deal(RULES, answer, seed, players, general=True), f"seed {seed}"
        assert len(fast[0]) >= len(RULES_DECK) * players // 4  # every card was asked for


@pytest.mark.parametrize(
    "answer",  # hooks inside tricks: who plays last, cards one may not lead or play, who takes the trick
    [
        BidAnswer("trump", ("sloth",)),
        BidAnswer("trump", ("plague",)),
        BidAnswer("block_trump"),
        BidAnswer("trump", ("justice", "sloth")),
        BidAnswer("grill", ("plague", "justice")),
        BidAnswer("trump", ("atelier", "sloth")),  # a zone refilled as its cards are played
        BidAnswer("trump", ("atelier",)),  # the same in the lean loop (a refill answered at once)
        BidAnswer("block_trump", ("atelier", "plague")),  # and with rules on the cards one may play and lead
        BidAnswer("grill", ("justice",)),  # the trump changes after each trick
    ],
)
@pytest.mark.parametrize("players", [3, 4])
def test_the_answered_loop_of_a_hand_with_hooks_plays_as_the_agenda(answer: BidAnswer, players: int) -> None:
    for seed in range(12):
        loop = played_deal(RULES, answer, seed, players, general=False)
        assert loop == played_deal(RULES, answer, seed, players, general=True), f"seed {seed}"
        assert len(loop[0]) >= len(RULES_DECK) * players // 4  # every card was asked for


@pytest.mark.parametrize("hand", ["tricks_up", "pairs_down", "marriages_up"])
def test_the_answered_loop_plays_melds_draws_and_the_close_as_the_agenda(hand: str) -> None:
    """Christmas Whist's hands: melds after tricks, draws from the stock, play after it is closed."""
    rules = load_ruleset("christmas-whist")
    for seed in range(8):
        loop = played_deal(rules, BidAnswer(hand), seed, 2, general=False, contract=True)
        assert loop == played_deal(rules, BidAnswer(hand), seed, 2, general=True, contract=True), f"seed {seed}"
        assert any(trick.get("after_close") for trick in loop[1][0])  # the stock ran out and play went on
