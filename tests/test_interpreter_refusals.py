"""Refusing illegal answers: answers are matched with the options by their text; cards, counts,
bids and combos outside the rules are refused, asked again and reported to the agent.
"""

from __future__ import annotations

from typing import Any

import pytest
from interpreter_helpers import RULES, RULES_DECK, TableAgent, play_one_deal, requests_of

from interpreter.decisions import BidAnswer, IllegalDecision, Request, View
from interpreter.game import Game

# --- refusing illegal answers -----------------------------------------------------------


def refusal(request: Request, answer: Any) -> str:
    with pytest.raises(IllegalDecision) as caught:
        request.validate(answer)
    assert caught.value.reason == str(caught.value)
    return caught.value.reason


def test_answers_are_matched_with_the_options_by_their_text() -> None:
    play = Request("play", 0, "card", "card", ("10H", "QS"))
    assert play.validate("QS") == "QS"
    assert refusal(play, "KS").startswith("KS is not allowed here")
    seats = Request("choose", 0, "trick_taker", "player", (0, 1, 2))
    assert seats.validate(1) == 1 and seats.validate("2") == 2  # the option itself, from its text
    assert refusal(seats, True).startswith("True is not allowed")  # a bool is no seat
    assert refusal(seats, 3).startswith("3 is not allowed")


@pytest.fixture(scope="module")
def mail_deal() -> TableAgent:
    """Seat 1 bids abundance, mail and penalty (worth 3); seat 2 is asked to beat it; everyone passes 3 cards."""
    _, agent = play_one_deal({1: BidAnswer("abundance", ("mail", "penalty"))}, seed=2)
    return agent


def test_a_card_outside_the_legal_options_is_refused(mail_deal: TableAgent) -> None:
    plays = requests_of(mail_deal, "play")
    assert len(plays) == 52
    request, view = next((r, v) for r, v in plays if len(r.options) < len(v.hand))
    illegal = next(card for card in view.hand if card not in request.options)
    reason = refusal(request, illegal)
    assert illegal in reason and "not allowed" in reason and request.options[0] in reason
    not_held = next(card for card in RULES_DECK if card not in view.hand)
    assert not_held in refusal(request, not_held)
    assert "must be chosen" in refusal(request, None)
    assert request.validate(request.options[0]) == request.options[0]


def test_a_wrong_count_is_refused(mail_deal: TableAgent) -> None:
    passes = requests_of(mail_deal, "choose", "pass_cards")
    assert len(passes) == 4
    request, view = passes[0]
    assert request.count == 3
    hand = list(view.hand)
    assert "choose 3 different values" in refusal(request, hand[:2])
    assert "choose 3 different values" in refusal(request, hand[:4])
    assert "choose 3 different values" in refusal(request, [hand[0], hand[0], hand[1]])
    assert "choose 3 different values" in refusal(request, hand[0])
    foreign = next(card for card in RULES_DECK if card not in hand)
    assert foreign in refusal(request, [hand[0], hand[1], foreign])
    assert request.validate(hand[:3]) == hand[:3]


def test_a_bid_that_does_not_beat_the_lead_is_refused(mail_deal: TableAgent) -> None:
    bids = requests_of(mail_deal, "bid")
    first, _ = bids[0]
    second, _ = bids[1]
    assert (first.seat, second.seat) == (1, 2)
    assert first.validate(BidAnswer("trump")) == BidAnswer("trump")  # no lead yet
    assert refusal(second, BidAnswer("trump")) == "a combo bid worth 1 does not beat the lead (3)"
    equal = refusal(second, BidAnswer("certainty"))  # equal worth, and no more potentials than the leader
    assert equal == "a combo bid worth 3 does not beat the lead (3)"
    assert "does not beat the lead" in refusal(second, BidAnswer("abundance", ("mail", "penalty")))
    assert second.validate(BidAnswer("zero")) == BidAnswer("zero")  # worth 4
    assert second.validate(None) is None  # a pass is always allowed


def test_a_bid_below_the_minimum_worth_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "at least 1" in refusal(first, BidAnswer("misery"))  # worth 0


def test_an_incompatible_combo_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "cannot be combined" in refusal(first, BidAnswer("misery", ("open_trump",)))
    reason = refusal(first, BidAnswer("trump", ("open_trump", "open_hand")))
    assert "open_trump" in reason and "open_hand" in reason
    assert "cannot be combined" in refusal(first, BidAnswer("grill", ("open_trump",)))
    assert "twice" in refusal(first, BidAnswer("trump", ("mail", "mail")))


def test_an_unknown_bid_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "'no_such_bid' is not a standard bid" in refusal(first, BidAnswer("no_such_bid"))
    assert "'no_such_bid' is not a special bid" in refusal(first, BidAnswer("trump", ("no_such_bid",)))
    assert "'mail' is not a standard bid" in refusal(first, BidAnswer("mail"))
    assert "'trump' is not a special bid" in refusal(first, BidAnswer("abundance", ("trump",)))
    assert "standard bid plus special bids" in refusal(first, "trump")
    assert "standard bid plus special bids" in refusal(first, {"standard": "trump"})


def test_more_potentials_may_equal_the_lead() -> None:
    agent = TableAgent({1: BidAnswer("abundance", ("mail", "penalty"))}, seed=2)
    game = Game(RULES, [agent] * 4, seed=2, first_dealer=0)
    game.marks[2] = {"potential": 1}
    game.play_deal()
    (second, _), (third, _) = requests_of(agent, "bid")[1:3]
    assert (second.seat, third.seat) == (2, 3)
    assert second.validate(BidAnswer("certainty")) == BidAnswer("certainty")  # worth 3, one potential more
    assert "does not beat the lead" in refusal(third, BidAnswer("certainty"))  # worth 3, no potential


# A player below the floor (not asked, listed as passing, the free point): the scenarios
# game-auction-barred-player.yaml and game-free-point-timing.yaml.


def test_when_everyone_passes_the_same_dealer_deals_again() -> None:
    agent = TableAgent({}, seed=2)
    game = Game(RULES, [agent] * 4, seed=2, first_dealer=0)
    game.play_deal()
    game.play_deal()
    first, second = game.deal_records
    assert first["declarer"] is None and second["declarer"] is None
    assert first["dealer"] == second["dealer"] == 0 and first["hands"] != second["hands"]
    assert first["scores"] == second["scores"] == {"0": 0, "1": 0, "2": 0, "3": 0}


def test_a_refused_answer_is_asked_again_and_reported_to_the_agent() -> None:
    class Clumsy(TableAgent):
        def __init__(self) -> None:
            super().__init__({1: BidAnswer("trump")}, seed=6)
            self.refusals: list[tuple[str, str]] = []

        def decide(self, request: Request, view: View) -> Any:
            if request.kind == "play" and len(self.refusals) < 3 and len(request.options) < len(view.hand):
                return next(card for card in view.hand if card not in request.options)
            return super().decide(request, view)

        def refused(self, request: Request, reason: str) -> None:
            self.refusals.append((request.kind, reason))

    agent = Clumsy()
    game = Game(RULES, [agent] * 4, seed=6, first_dealer=0)
    game.play_deal()
    assert len(agent.refusals) == 3
    assert all(kind == "play" and "not allowed" in reason for kind, reason in agent.refusals)
    assert sum(1 for d in game.decisions if d["kind"] == "play") == 52
