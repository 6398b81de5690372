"""Moves from hostile clients: whatever a stranger sends for whichever seat, at any position, the
game either takes a legal move of the deciding seat or refuses it with :class:`IllegalDecision` —
a short, printable reason — and is exactly where it was (its record, pending request and views).

Junk comes as JSON data through :func:`interpreter.wire.answer_from_data` (what a server reads),
and as Python values straight to :meth:`GameState.apply` (what a careless driver might pass).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import TABLES, everything, new_table, players, ref, step

from interpreter.decisions import SHOWN_REASON, BidAnswer, IllegalDecision, Request
from interpreter.gamestate import GameState
from interpreter.records import to_record
from interpreter.wire import MAX_MESSAGE_CHARS, MAX_SPECIALS, answer_from_data, read_message, read_move, refusal_to_data

CARDS = [rank + suit for suit in "CDHS" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
ODD_TEXTS = ["\x1b[2J\x1b]0;owned\x07", "A" * 5000, "pass", "nan", "AS ", "as", "‮AS", "", "trump", "0"]

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and the infinities among them
    | st.text(max_size=12)
    | st.sampled_from(CARDS + ODD_TEXTS)
)
json_junk = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["standard", "specials", "card", "x"]) | st.text(max_size=5), inner, max_size=3
        )
    ),
    max_leaves=10,
)
bids = st.builds(
    lambda standard, specials: {"standard": standard, "specials": specials},
    st.sampled_from(["trump", "master_trump", "no_such_bid", "\x00", "Z" * 3000]) | scalars,
    st.lists(st.sampled_from(["mail", "open_hand", "potential", "greed", "x" * 999]) | scalars, max_size=6) | scalars,
)
bid_answers = st.builds(BidAnswer, scalars | st.lists(scalars, max_size=2), st.tuples(scalars) | scalars)
python_junk = (
    json_junk
    | bid_answers
    | st.just(10**5000)  # (its text cannot even be told)
    | st.just(object())
    | st.frozensets(st.sampled_from(CARDS), max_size=3)
)
seats = st.integers(-1, 6) | st.sampled_from([True, "0", 1.0, None])


def position(name: str, seed: int, at: int) -> GameState | None:
    state = new_table(name, seed)
    step(state, players(state, seed), at)
    return None if state.is_over else state


def refused_or_legal(state: GameState, name: str, move: Any) -> None:
    """``move()`` is tried on ``state``: refused, the state is unchanged; taken, it was legal."""
    request = state.pending
    assert request is not None
    before, record = everything(state), json.dumps(to_record(state, ref(name)))
    made = len(state.decisions)
    try:
        move()
    except IllegalDecision as refused:
        reason = refused.reason
        assert reason == str(refused) and reason.isprintable() and len(reason) <= SHOWN_REASON + 1
        assert everything(state) == before and json.dumps(to_record(state, ref(name))) == record
    else:
        taken = state.decisions[-1]
        assert taken["seat"] == request.seat and len(state.decisions) == made + 1
        assert _legal(request, taken["answer"]), taken


def _legal(request: Request, answer: Any) -> bool:
    if request.kind == "bid":
        return answer is None or (request.check is not None and request.check(BidAnswer.from_data(answer)) is None)
    if answer is None:
        return request.optional
    values = answer if request.count > 1 else [answer]
    return all(value in request.options for value in values)


tables = st.sampled_from(sorted(TABLES))


@settings(derandomize=True, max_examples=150, deadline=None)
@given(
    name=tables,
    seed=st.integers(0, 10_000),
    at=st.integers(0, 300),
    data=json_junk | bids,
    seat=seats,
    as_deciding=st.booleans(),
)
def test_junk_from_a_client_is_refused_and_changes_nothing(
    name: str, seed: int, at: int, data: Any, seat: Any, as_deciding: bool
) -> None:
    state = position(name, seed, at)
    if state is None:
        return
    request = state.pending
    assert request is not None
    sender = request.seat if as_deciding else seat
    refused_or_legal(state, name, lambda: state.apply(answer_from_data(request, data), seat=sender))


@settings(derandomize=True, max_examples=100, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(0, 300), data=st.data())
def test_junk_given_to_apply_is_refused_and_changes_nothing(name: str, seed: int, at: int, data: st.DataObject) -> None:
    """Before: a BidAnswer of a list or None was a TypeError from deep in the bid check."""
    state = position(name, seed, at)
    if state is None:
        return
    request = state.pending
    assert request is not None
    answer = data.draw(bid_answers if request.kind == "bid" and data.draw(st.booleans()) else python_junk)
    refused_or_legal(state, name, lambda: state.apply(answer))


def test_a_move_of_another_seat_is_refused_with_whose_turn_it_is() -> None:
    state = new_table("combo-whist, five", 4)
    request = state.pending
    assert request is not None
    for seat in [s for s in range(5) if s != request.seat] + [9, -1, True, "2"]:
        with pytest.raises(IllegalDecision, match=rf"it is seat {request.seat}'s turn to bid, not seat "):
            state.apply(None, seat=seat)
    assert state.decisions == []
    state.apply(None, seat=request.seat)
    assert state.decisions[-1]["seat"] == request.seat


def test_a_strangers_long_or_unprintable_text_is_not_said_back_whole() -> None:
    state = new_table("combo-whist", 1)
    huge = {"standard": "trump", "specials": ["\x1b[2J" + "x" * 100_000]}
    with pytest.raises(IllegalDecision) as refused:
        state.apply(answer_from_data(state.pending, huge))  # type: ignore[arg-type]
    assert refused.value.reason == "'?[2Jxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not a special bid"
    with pytest.raises(IllegalDecision, match=f"at most {MAX_SPECIALS} special bids"):
        answer_from_data(state.pending, {"standard": "trump", "specials": ["mail"] * 10**6})  # type: ignore[arg-type]
    step(state, players(state, 1), 40)
    request = state.pending
    assert request is not None and request.kind == "play"
    with pytest.raises(IllegalDecision) as refused:
        state.apply("\x07" + "Q" * 10_000)
    assert refused.value.reason.startswith("?" + "Q" * 39 + "… is not allowed here; allowed: ")
    with pytest.raises(IllegalDecision, match="a card is one of the options: a text or a whole number"):
        answer_from_data(request, {"card": request.options[0]})


def serve(state: GameState, seat: Any, text: str | bytes) -> None:
    """A server's whole handling of one message from ``seat``: read, translate, apply."""
    request = state.pending
    assert request is not None
    answer, decision = read_move(request, text)
    state.apply(answer, seat=seat, decision=decision)


def spoiled(text: str, cut: int, insert: str) -> str:
    """``text`` cut short or with ``insert`` put in at ``cut`` (a message mangled on its way)."""
    at = cut % (len(text) + 1)
    return text[:at] + insert if insert == "" else text[:at] + insert + text[at:]


messages = st.builds(
    lambda answer, decision, cut, insert: spoiled(json.dumps({"answer": answer, "decision": decision}), cut, insert),
    json_junk | bids,
    st.integers(0, 3) | scalars,
    st.integers(0, 200),
    st.sampled_from(["", "[" * 50, '"', "}", "\\u0000", '"x": 1, "x": 2, ', "1" * 60, "NaN", "\x00"]),
)


@settings(derandomize=True, max_examples=150, deadline=None)
@given(
    name=tables,
    seed=st.integers(0, 10_000),
    at=st.integers(0, 300),
    text=messages | st.text(max_size=60) | st.binary(max_size=30),
    as_deciding=st.booleans(),
)
def test_any_text_a_client_sends_is_refused_or_is_a_legal_move(
    name: str, seed: int, at: int, text: str | bytes, as_deciding: bool
) -> None:
    state = position(name, seed, at)
    if state is not None:
        seat = state.pending.seat if as_deciding else 0  # type: ignore[union-attr]
        refused_or_legal(state, name, lambda: serve(state, seat, text))


def test_a_message_sent_twice_is_refused_the_second_time() -> None:
    """A card sent twice (a double click, a retry after a lost reply) must not be played to the next trick."""
    state = new_table("christmas-whist", 2)
    request = state.pending
    assert request is not None and request.kind == "play"
    text = json.dumps({"answer": request.options[0], "decision": state.decision_number})
    serve(state, request.seat, text)
    agents = players(state, 2)
    while state.pending.seat != request.seat or request.options[0] not in state.pending.options:  # type: ignore[union-attr]
        step(state, agents, 1)  # (until the card would be legal again: it is in the next hand)
    waits = state.decision_number
    with pytest.raises(IllegalDecision, match=rf"the answer is for decision 1; the game waits for decision {waits}$"):
        serve(state, request.seat, text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100, "line 1, column 7: nesting is deeper than 6 levels"),
        ('{"answer": "AS", "answer": "KS"}', "line 1, column 18: duplicate key 'answer'"),
        ('{"answer": "AS"', "line 1, column 16: not JSON: Expecting ',' delimiter"),
        (b'"\xff"', "a message is UTF-8 text (byte 1 is not)"),
        ("x" * (MAX_MESSAGE_CHARS + 1), f"a message has at most {MAX_MESSAGE_CHARS} characters"),
        ('{"decision": 1' + "0" * 50 + "}", "line 1, column 14: a number of 51 digits"),
        ('{"answer": NaN}', "line 1, column 12: NaN is not a number JSON holds"),
        ('{"answer": -Infinity}', "line 1, column 12: -Infinity is not a number JSON holds"),
        ('{"answer": 1e999999}', "line 1, column 12: 1e999999 is not a number JSON holds"),
        ('{"answer": 1.' + "5" * 20_000 + "}", "a message has at most"),
        ('{"answer": 1.' + "5" * 19_000 + "}", "line 1, column 12: a number of 19002 characters"),
        ('{"answer": "\\ud800"}', "line 1, column 13: a text holds half a character: the lone surrogate U+D800"),
        ('{"answer": "\\u001b"}', "line 1, column 13: a text holds the control character U+001B"),
        (12345, "a message is JSON text, not int"),
        (None, "a message is JSON text, not NoneType"),
        (["AS"], "a message is JSON text, not list"),
    ],
)
def test_a_message_that_is_not_a_move_says_what_is_wrong_and_where(text: Any, words: str) -> None:
    with pytest.raises(IllegalDecision) as refused:
        read_message(text)
    assert refused.value.reason.startswith(words)
    with pytest.raises(IllegalDecision) as refused:  # (a move: the same reader, the same words)
        read_move(Request("play", 0, "card", "card", ("AS",)), text)
    assert refused.value.reason.startswith(words)


@pytest.mark.parametrize("mark", ["\ufeff", b"\xef\xbb\xbf"])
def test_a_message_after_a_byte_order_mark_is_read_as_it_stands(mark: str | bytes) -> None:
    """A BOM is read as the whitespace it stands for (not refused with Python's hint to decode with
    utf-8-sig); what follows it is read, and refused, at its own place."""
    request = Request("play", 0, "card", "card", ("AS",))
    text = '{"answer": "AS", "decision": 0}'
    assert read_move(request, mark + (text.encode() if isinstance(mark, bytes) else text)) == ("AS", 0)  # type: ignore[operator]
    with pytest.raises(IllegalDecision) as refused:
        read_message("\ufeff" + '{"answer": ]}')
    assert refused.value.reason.startswith("line 1, column 13: not JSON") and "utf-8-sig" not in refused.value.reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('["AS"]', 'a move is {"answer": …, "decision": N}'),
        ('{"decision": 1}', 'a move is {"answer": …, "decision": N}'),
        ('{"answer": "AS", "seat": 0}', 'a move is {"answer": …, "decision": N}'),
        ('{"answer": "AS", "decision": "1"}', "a move's decision is the whole number its request was sent with"),
        ('{"answer": "AS", "decision": 1.0}', "a move's decision is the whole number"),
        ('{"answer": {"card": "AS"}, "decision": 4}', "a card is one of the options: a text or a whole number"),
        ('{"answer": "AS"}', "a move names its decision: the number its request was sent with"),
        ('{"answer": "AS", "decision": null}', "a move names its decision"),
    ],
)
def test_a_move_of_another_shape_says_what_a_move_is(text: str, words: str) -> None:
    request = Request("play", 0, "card", "card", ("AS", "KS"))
    assert read_move(request, '{"answer": "AS", "decision": 4}') == ("AS", 4)
    assert read_move(request, '{"answer": "KS"}', require_decision=False) == ("KS", None)
    with pytest.raises(IllegalDecision) as refused:
        read_move(request, text)
    assert refused.value.reason.startswith(words)


@pytest.mark.parametrize("given", [frozenset({"AS", "KS", "QS"}), {"AS", "KS", "QS"}, ("AS", "KS", "QS"), "AS KS QS"])
def test_several_choices_not_in_a_list_are_told_it_is_the_list_that_is_missing(given: Any) -> None:
    """Three different cards given as a set were refused as if they were not three different values."""
    request = Request("choose", 0, "pass_cards", "card", ("AS", "KS", "QS", "JS"), count=3)
    with pytest.raises(IllegalDecision) as refused:
        answer_from_data(request, given)
    kind = type(given).__name__
    assert refused.value.reason == f"choose 3 different values, sent as a list of texts or whole numbers (not a {kind})"
    assert answer_from_data(request, list(given) if not isinstance(given, str) else given.split()) is not None


@settings(derandomize=True, max_examples=60, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(0, 300), data=st.data())
def test_a_move_from_another_seat_is_refused_with_whose_turn_it_is_and_nothing_more(
    name: str, seed: int, at: int, data: st.DataObject
) -> None:
    """Even a legal option of the seat asked, sent from another seat's connection, is refused
    saying whose turn it is: never the options of the seat asked (their hand), never taken."""
    state = position(name, seed, at)
    if state is None:
        return
    request = state.pending
    assert request is not None
    sender = data.draw(st.sampled_from([s for s in range(state.n) if s != request.seat]))
    answer = None if request.kind == "bid" or not request.options else data.draw(st.sampled_from(request.options))
    if request.count > 1:  # (a move of the request's shape: a shape refused is told before whose turn it is)
        answer = list(request.options[: request.count])
    text = json.dumps({"answer": answer, "decision": state.decision_number})
    before = everything(state)
    with pytest.raises(IllegalDecision) as refused:
        serve(state, sender, text)
    sent = refusal_to_data(refused.value)
    assert sent["key"] == "not_seats_turn" and sent["values"] == {"seat": request.seat, "sender": str(sender)}
    assert sent["reason"] == f"it is seat {request.seat}'s turn to {request.kind}, not seat {sender}'s"
    assert everything(state) == before


def test_a_move_after_the_end_of_the_game_is_refused() -> None:
    """A late move (sent before the client heard the game was over) is refused like any other."""
    state = new_table("christmas-whist", 1)
    step(state, players(state, 1))
    assert state.is_over
    with pytest.raises(IllegalDecision, match="the game is over: no move is awaited"):
        read_move(state.pending, '{"answer": "AS", "decision": 9}')


@pytest.mark.parametrize(
    "answer",
    ['"AS"', '["AS", "KS", "QS"]', '{"x": 1}', "7", '"not a card"'],
)
def test_a_move_from_another_seat_is_refused_before_its_answer_is_read(answer: str) -> None:
    """read_move read the answer's shape before anyone knew whose move it was: a wrong seat's
    malformed answer was told how many values the request wants. Given the connection's seat,
    any move from another seat is refused as not its turn, whatever it holds."""
    request = Request("choose", 1, "offered", "card", ("AS", "KS"), 2)
    text = f'{{"answer": {answer}, "decision": 3}}'
    for sender in (0, 2, -1, "1"):
        with pytest.raises(IllegalDecision) as refused:
            read_move(request, text, seat=sender)  # type: ignore[arg-type]
        assert refusal_to_data(refused.value)["key"] == "not_seats_turn"
    with pytest.raises(IllegalDecision) as own:  # the seat's own malformed move: told its form
        read_move(request, '{"answer": "AS"}', seat=1)
    assert refusal_to_data(own.value)["key"] != "not_seats_turn"
