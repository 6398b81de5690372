"""A request to pass cards says who receives them, and the cards go there.

A person asked "Choose 3 cards — cards to send" was not told to whom ("to the right" in the
rules: which seat is that?), and "Out of your hand" named nobody. The request now carries its
``receiver``; the class checked here is every pass of cards in played games, at every table size
that passes: the announced receiver holds the chosen cards once everyone has passed. Clients get it
over the wire, and the play screen says it.
"""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from rich.text import Text

from interpreter import GameState, RandomAgent
from interpreter.decisions import PASS_CARDS, Request
from interpreter.wire import request_from_data, request_to_data
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent

RULES = load_ruleset("combo-whist")


def _passes_checked(players: int, seed: int, wanted: int) -> int:
    """Play random games until ``wanted`` passes of cards were seen; each announced receiver must
    hold what was sent to it once the step's passes are over (nothing is played in between). How
    many passes were checked."""
    state = GameState(RULES, players, seed=seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(players)]
    sent: list[tuple[int, int, list[str]]] = []
    checked = 0
    while (request := state.pending) is not None and checked < wanted:
        passing = request.kind == "choose" and request.name == PASS_CARDS
        # The pass is over at the next request that is no pass, or at a sender asked again (a second
        # step of passes: Mail to the right, then another bid's to the left, in one combo).
        if sent and (not passing or request.seat in {sender for sender, _, _ in sent}):
            for sender, receiver, cards in sent:
                assert receiver != sender
                held = state.view(receiver).hand
                assert all(card in held for card in cards), (sender, receiver, cards, held)
            checked, sent = checked + len(sent), []
        answer = agents[request.seat].decide(request, state.view(request.seat))
        if passing:
            assert request.receiver is not None and request.receiver in state.seats_in_deal()
            sent.append((request.seat, request.receiver, list(answer) if isinstance(answer, list) else [answer]))
        else:
            assert request.receiver is None
        state.apply(answer)
    return checked


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_announced_receiver_holds_the_cards_sent(players: int) -> None:
    checked = sum(_passes_checked(players, seed, 6) for seed in range(1, 40))
    assert checked >= 6  # (random bidders declare Mail often enough over these games)


def test_the_receiver_goes_over_the_wire_and_is_checked() -> None:
    request = Request("choose", 2, PASS_CARDS, "card", ("AS", "KS", "2H"), 2, receiver=1)
    again = request_from_data(json.loads(json.dumps(request_to_data(request))))
    assert again.receiver == 1 and again == request
    plain = Request("play", 0, "", "card", ("AS",))
    assert request_from_data(json.loads(json.dumps(request_to_data(plain)))).receiver is None
    for forged in ("1", 1.5, True, [1]):
        with pytest.raises(ValueError, match="receiver is a whole number"):
            request_from_data(request_to_data(request) | {"receiver": forged})


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_play_screen_says_to_whom_the_cards_go(lang: str) -> None:
    state = GameState(RULES, 4, seed=3)
    view = state.view(2)
    request = Request("choose", 2, PASS_CARDS, "card", view.hand, 2, receiver=1)
    texts = load_texts(RULES, lang)
    screen = io.StringIO()
    answers = iter([" ".join(view.hand[:2])])
    human = HumanAgent(RULES, texts, Console(file=screen, width=200, color_system=None), lambda p, t: next(answers))
    human.ask_choice(request, view)
    said = Text.from_markup(texts.label("pass_receiver", player=human.name(1, view))).plain
    assert said in screen.getvalue() and human.sent_to == 1


def test_the_cards_sent_are_said_with_their_receiver() -> None:
    from dataclasses import replace

    from whist.playscreen import exchanges

    state = GameState(RULES, 4, seed=5)
    mine = state.view(0)
    texts = load_texts(RULES, "en")
    screen = io.StringIO()
    human = HumanAgent(RULES, texts, Console(file=screen, width=200, color_system=None), lambda p, t: "")
    human.held, human.sent_to = mine.hand, 3
    exchanges(human, replace(mine, declarer=1))  # a redraw before the cards go (in play: the next prompt)
    assert human.sent_to == 3, "the receiver was forgotten before the cards went"
    went = list(mine.hand[:3])
    exchanges(human, replace(mine, declarer=1, hand=tuple(c for c in mine.hand if c not in went)))
    shown = " ".join(human.cards.show(c) for c in human.cards.sorted_hand(tuple(went)))
    said = Text.from_markup(texts.label("hand_sent_to", cards=shown, player=human.name(3, mine))).plain
    assert said in screen.getvalue(), screen.getvalue()
    assert human.sent_to is None  # (said once: the next deal's cards are another pass's)
