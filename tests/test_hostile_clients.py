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
from interpreter.wire import MAX_SPECIALS, answer_from_data

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
