"""The refusals of a move sent by the wrong seat or for the wrong decision (:meth:`GameState.apply`).

Each is a :class:`~interpreter.decisions.Refusal`: an English sentence for logs, and a label of
``locales/*/ui.yaml`` with its facts, so that a client says it in its player's language. A
stranger's seat or decision number is repeated only as :func:`~interpreter.decisions.shown` makes it.
"""

from __future__ import annotations

from typing import Any

from interpreter.decisions import IllegalDecision, Refusal, Request, shown


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
