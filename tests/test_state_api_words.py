"""What the state API says when it refuses, read as a server author reads it.

Each case was a sentence that said something other than what happened: a size limit in
characters that counted bytes, a record of one version read with another said as "'X' is 'X'",
a recorded bid of the wrong shape told without where it was, the seats of a table of six named
as the four of the deal, and a seat not at the table taken for one before the first deal ended.
"""

from __future__ import annotations

import json

import pytest

from interpreter import GameState, RandomAgent
from interpreter.decisions import IllegalDecision, Request, ScriptError
from interpreter.recordcheck import RecordError
from interpreter.records import replay, state_from_record, to_record
from interpreter.wire import MAX_MESSAGE_CHARS, read_message, read_move, refusal_to_data
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")


@pytest.mark.parametrize("letter", ["a", "å", "€", "🂡"])
def test_a_message_is_measured_in_characters_however_many_bytes_each_is(letter: str) -> None:
    """UTF-8 of 1 to 4 bytes a character: as text or as bytes, the limit is the characters'."""
    request = Request("play", 0, "card", "card", ("AS",))
    fits = '{"answer": "' + letter * (MAX_MESSAGE_CHARS - 40) + '", "decision": 1}'
    for text in (fits, fits.encode()):  # (read whole: its legality is apply's to check)
        assert read_move(request, text) == (letter * (MAX_MESSAGE_CHARS - 40), 1)
    long = letter * (MAX_MESSAGE_CHARS + 1)
    for text in (long, long.encode()):
        with pytest.raises(IllegalDecision) as refused:
            read_message(text)
        data = refusal_to_data(refused.value)
        assert data["key"] == "message_too_long" and data["values"] == {"max": MAX_MESSAGE_CHARS, "n": len(long)}
        assert f"not {len(long)}" in data["reason"]


def _record(ruleset: str = "combo-whist", decisions: int = 3) -> dict[str, object]:
    state = GameState(RULES, 4, seed=1)
    for _ in range(decisions):
        state.apply(None)
    data: dict[str, object] = json.loads(json.dumps(to_record(state, ruleset)))
    return data


def test_a_record_read_with_another_version_says_which_is_which() -> None:
    record = _record()
    record["ruleset"] = "combo-whist@1.0.0"
    with pytest.raises(RecordError) as refused:
        state_from_record(record)
    said = str(refused.value)
    assert f"the record is of '{RULES.id}' (its ruleset_id), not of 'combo-whist@1.0.0' (its ruleset)" in said
    assert "'combo-whist@1.0.0' is 'combo-whist@1.0.0'" not in said


@pytest.mark.parametrize("answer", [{"x": 1}, ["trump"], 7, {"standard": 3}, {"standard": "trump", "specials": "x"}])
def test_a_recorded_bid_of_another_shape_is_told_with_its_decision_and_seat(answer: object) -> None:
    record = _record()
    decisions = record["decisions"]
    assert isinstance(decisions, list)
    seat = decisions[1]["seat"]
    decisions[1]["answer"] = answer
    with pytest.raises(ScriptError, match=rf"^decision 2: seat {seat}, bid: not a bid: ") as refused:
        state_from_record(record)
    assert refused.value.seat == seat
    assert any(p.startswith(f"replay stopped: decision 2: seat {seat}, bid: not a bid") for p in replay(record))


def _table_of(players: int) -> GameState:
    state = GameState(RULES, players, seed=2)
    state.advance()
    return state


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_seat_not_at_the_table_is_told_with_the_tables_seats(players: int) -> None:
    state = _table_of(players)
    assert state.last_view(players - 1) is None  # (every seat of the table, before a deal has ended)
    for seat in (players, 77, -1, "1", 1.0, None):
        for ask in (state.view, state.last_view):
            with pytest.raises(ValueError, match=rf"is not at this table \(its seats: 0 to {players - 1}\)$"):
                ask(seat)  # type: ignore[arg-type]
    for seat in range(players):  # those sitting the deal out too
        assert state.view(seat).seat == seat


def test_after_a_deal_every_seat_of_the_table_has_a_last_view() -> None:
    state = _table_of(6)
    agents = [RandomAgent(seat) for seat in range(6)]
    while not state.deal_records:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert all(state.last_view(seat) is not None for seat in range(6))
    with pytest.raises(ValueError, match="not at this table"):
        state.last_view(6)
