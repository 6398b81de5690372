"""What ``refusal_to_data`` sends a client, as its docstring says (interpreter/wire.py).

A client renders ``key`` and ``values``; ``reason`` is the engine's English sentence with bid ids
("misery cannot be combined with plague"), for logs. The facts' types were undocumented (``'seat': 3``
beside ``'sender': '0'``): the game's own facts are numbers, what repeats the client's message is
always text, whatever the client sent there.
"""

from __future__ import annotations

import json

import pytest

from interpreter.decisions import BidAnswer, IllegalDecision
from interpreter.gamestate import GameState
from interpreter.refusalwords import say_refusal
from interpreter.wire import read_move, refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import load_texts

RULES = load_ruleset("combo-whist")


def _sent(refused: IllegalDecision) -> dict[str, object]:
    return json.loads(json.dumps(refusal_to_data(refused)))  # as a client reads it


@pytest.mark.parametrize("sender", [0, 2, -1, 2.5, "1", "x" * 10_000, [3]])
def test_what_repeats_the_clients_message_is_text_whatever_was_sent(sender: object) -> None:
    state = GameState(RULES, players=4, seed=3)
    request = state.pending
    assert request is not None
    if sender == request.seat:
        return
    with pytest.raises(IllegalDecision) as wrong_seat:
        state.apply(None, seat=sender, decision=state.decision_number)  # type: ignore[arg-type]
    with pytest.raises(IllegalDecision) as wrong_decision:
        state.apply(None, seat=request.seat, decision=sender)  # type: ignore[arg-type]
    seat_values = _sent(wrong_seat.value)["values"]
    decision_values = _sent(wrong_decision.value)["values"]
    assert isinstance(seat_values, dict) and isinstance(decision_values, dict)
    assert type(seat_values["seat"]) is int and type(decision_values["waiting"]) is int  # the game's own
    assert type(seat_values["sender"]) is str and type(decision_values["decision"]) is str  # the client's
    assert len(seat_values["sender"]) <= 100 and seat_values["sender"].isprintable()


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_reason_names_ids_and_the_key_and_values_say_names(lang: str) -> None:
    state = GameState(RULES, players=4, seed=3)
    request = state.pending
    assert request is not None and request.kind == "bid"
    with pytest.raises(IllegalDecision) as refused:
        state.apply(BidAnswer("misery", ("plague",)))
    sent = _sent(refused.value)
    assert sent["reason"] == "misery cannot be combined with plague"
    assert sent["values"] == {"first": "misery", "second": "plague"}
    texts = load_texts(RULES, lang)
    said = say_refusal(texts, str(sent["key"]), sent["values"])  # type: ignore[arg-type]
    assert texts.bid_name("misery") in said and texts.bid_name("plague") in said
    assert "misery" not in said and "plague" not in said


def test_read_move_sends_the_same_types() -> None:
    request = GameState(RULES, players=4, seed=3).pending
    assert request is not None
    with pytest.raises(IllegalDecision) as refused:
        read_move(request, '{"answer": null, "decision": 1}', seat=(request.seat + 1) % 4)
    assert _sent(refused.value)["values"] == {"seat": request.seat, "sender": str((request.seat + 1) % 4)}
