"""A move sent again is never taken for the next decision (interpreter/wire.py's ``read_move``).

A server that passes on what ``read_move`` gives it (the README's ``receive``) once took a move
without ``decision`` for whatever decision was pending: a card sent twice (a retry, a double
click) was played at the second decision too, where it was often legal (Christmas Whist, seed 7:
decision 84 played JH, the same text at 85 led it to the next trick). A move must now name its
decision; each turn below sends the move as such a server would receive it, then the same text
again.
"""

from __future__ import annotations

import json

import pytest
from table_helpers import TABLES, everything, new_table, players, ref

from interpreter.decisions import IllegalDecision
from interpreter.gamestate import GameState
from interpreter.wire import read_move, refusal_to_data


def receive(state: GameState, seat: int, text: str) -> dict[str, object] | None:
    """The README's server: read, apply, or say why not."""
    try:
        answer, decision = read_move(state.pending, text, seat=seat)
        state.apply(answer, seat=seat, decision=decision)
    except IllegalDecision as refused:
        return refusal_to_data(refused)
    return None


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_move_sent_again_is_refused_at_every_turn(name: str) -> None:
    state = new_table(name, 7)
    agents = players(state, 7)
    turns = 0
    while not state.is_over and turns < 150:
        request = state.pending
        assert request is not None
        answer = agents[request.seat].decide(request, state.view(request.seat))
        bare = json.dumps({"answer": answer.to_data() if hasattr(answer, "to_data") else answer})
        before = everything(state)
        refused = receive(state, request.seat, bare)  # no decision: refused, whatever the answer
        assert refused is not None and refused["key"] == "move_decision_missing", (ref(name), turns)
        assert everything(state) == before
        whole = json.dumps({"answer": json.loads(bare)["answer"], "decision": state.decision_number})
        assert receive(state, request.seat, whole) is None
        if not state.is_over and state.pending is not None and state.pending.seat == request.seat:
            kept = everything(state)
            assert receive(state, request.seat, whole) is not None  # the same text at its next turn
            assert everything(state) == kept
        turns += 1
    assert turns > 20


def test_a_caller_may_let_the_decision_be_left_out() -> None:
    """``require_decision=False``: a caller with its own way to tell a repeated move from a new one."""
    state = new_table("christmas-whist", 7)
    request = state.pending
    assert request is not None
    text = json.dumps({"answer": request.options[0]})
    assert read_move(request, text, seat=request.seat, require_decision=False) == (request.options[0], None)
    with pytest.raises(IllegalDecision, match="a move names its decision"):
        read_move(request, text, seat=request.seat)
