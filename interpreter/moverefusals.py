"""The refusals of a move sent by the wrong seat, for the wrong decision or after the end of the game
(:meth:`GameState.apply`, :func:`interpreter.wire.read_move`), and of a card of the hand that may
not be played (:func:`checked_answer`: the rule in the way).

Each is a :class:`~interpreter.decisions.Refusal`: an English sentence for logs, and a label of
``locales/*/ui.yaml`` with its facts, so that a client says it in its player's language. A
stranger's seat or decision number is repeated only as :func:`~interpreter.decisions.shown` makes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.cardrefusals import card_refusal
from interpreter.decisions import IllegalDecision, Refusal, Request, View, shown
from rulespec import model as M


def wrong_seat(request: Request, seat: Any) -> IllegalDecision:
    """A move from ``seat`` when it is ``request.seat``'s turn."""
    sender = shown(seat)
    sentence = f"it is seat {request.seat}'s turn to {request.kind}, not seat {sender}'s"
    return IllegalDecision(Refusal("not_seats_turn", sentence, seat=request.seat, sender=sender))


def wrong_decision(decision: Any, waiting: int) -> IllegalDecision:
    """An answer sent for ``decision`` (an earlier one, or a number never sent) while ``waiting`` is asked."""
    sent = shown(decision)
    sentence = f"the answer is for decision {sent}; the game waits for decision {waiting}"
    return IllegalDecision(Refusal("not_this_decision", sentence, decision=sent, waiting=waiting))


def game_over() -> IllegalDecision:
    """An answer once the game is over: no decision is awaited. A client that sent a move before it
    heard of the end is told so like any other refused move (a server turns it into a message),
    and nothing changes."""
    return IllegalDecision(Refusal("no_move_awaited", "the game is over: no move is awaited"))


def checked_answer(request: Request, answer: Any, rules: M.RuleSet, view_of: Callable[[int], View]) -> Any:
    """``answer`` as ``request`` takes it (:meth:`Request.validate`); a card of the deciding seat's
    hand that may not be played is refused with the rule in the way
    (:func:`~interpreter.cardrefusals.card_refusal`: follow suit, trump, a bid's restriction), not
    only as "not an option" — a client says it as ``whist play`` does."""
    try:
        return request.validate(answer)
    except IllegalDecision:
        if request.kind == "play" and type(answer) is str:
            view = view_of(request.seat)
            if answer in view.hand:
                raise IllegalDecision(card_refusal(rules, request, view, answer)) from None
        raise
