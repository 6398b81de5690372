"""Requests, answers and views as plain data (interpreter/wire.py), as a networked table sends them.

Properties, at random positions of each kind of table (a seat sitting out, a match, fractional
scores): every seat's view, written as JSON text and read back, equals the view; so do the pending
request and an agent's answer; the data is new (changing any part of it, or of the view it came
from, changes nothing in the game). Data from the other side that does not fit is a ValueError.
"""

from __future__ import annotations

import json
from dataclasses import fields
from fractions import Fraction
from typing import Any

import pytest
from fuzz_helpers import junk_leaves
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import TABLES, everything, new_table, players, ref, step

from interpreter.decisions import BidAnswer, IllegalDecision, Request, View
from interpreter.records import to_record
from interpreter.viewdata import _VIEW_FIELDS
from interpreter.wire import (
    answer_from_data,
    answer_to_data,
    refusal_to_data,
    request_from_data,
    request_to_data,
    view_from_data,
    view_to_data,
)
from rulespec.numbers import out_of_range

tables = st.sampled_from(sorted(TABLES))


def over_json(data: Any) -> Any:
    """``data`` as the other side reads it: JSON text (no NaN: other languages' parsers refuse it)."""
    return json.loads(json.dumps(data, allow_nan=False))


def test_every_field_of_a_view_comes_back_from_plain_data() -> None:
    """A field added to View without a way back would be dropped on the client's side."""
    assert set(_VIEW_FIELDS) == {field.name for field in fields(View)}


@settings(derandomize=True, max_examples=40, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(0, 400))
def test_views_requests_and_answers_come_back_equal_from_json(name: str, seed: int, at: int) -> None:
    state = new_table(name, seed)
    agents = players(state, seed)
    step(state, agents, at)
    if state.is_over:
        return
    for seat in range(state.n):  # (the seat sitting out too)
        view = state.view(seat)
        assert view_from_data(over_json(view_to_data(view))) == view
    request = state.pending
    assert request is not None
    assert request_from_data(over_json(request_to_data(request))) == request
    answer = agents[request.seat].decide(request, state.view(request.seat))
    back = answer_from_data(request, over_json(answer_to_data(answer)))
    assert back == answer
    state.apply(back, seat=request.seat)


def test_the_tables_show_what_the_plain_data_must_carry() -> None:
    """The positions above hold each sort of value a view has: a seat sitting out, cards shown to
    others, declarations by seat, melds, a face-up card, fractional scores, a lead's worth."""
    seen: dict[str, bool] = {}
    for name in sorted(TABLES):
        state = new_table(name, 1)
        agents = players(state, 1)
        while not state.is_over:
            for seat in range(state.n):
                view = state.view(seat)
                assert view_from_data(over_json(view_to_data(view))) == view
                seen["sitting out"] = seen.get("sitting out") or seat not in view.players
                seen["visible"] = seen.get("visible") or bool(view.visible)
                by_seat = any(isinstance(value, dict) for value in view.declarations.values())
                seen["declaration by seat"] = seen.get("declaration by seat") or by_seat
                seen["meld"] = seen.get("meld") or bool(view.melds)
                seen["face up"] = seen.get("face up") or view.face_up is not None
                fractions = any(type(score) is Fraction and score.denominator > 1 for score in view.scores.values())
                seen["fraction"] = seen.get("fraction") or fractions
                seen["lead worth"] = seen.get("lead worth") or view.lead_worth is not None
            step(state, agents, 1)
    assert all(seen.values()) and len(seen) == 7, seen


def mutate(data: Any) -> None:
    """Change every list and dict inside ``data`` (as a careless server or agent might)."""
    if isinstance(data, list):
        for item in data:
            mutate(item)
        data.append("changed")
    elif isinstance(data, dict):
        for item in data.values():
            mutate(item)
        data["changed"] = 1
        for key in list(data):
            if key != "changed" and not isinstance(data[key], dict | list):
                data[key] = "changed"
    elif isinstance(data, tuple):
        for item in data:
            mutate(item)


@settings(derandomize=True, max_examples=25, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(0, 300))
def test_changing_a_view_or_its_data_changes_nothing_in_the_game(name: str, seed: int, at: int) -> None:
    """A view and the data made from it are the game's copies (a view's tricks and auction were the
    deal's own lists: an agent that changed them rewrote the game's record)."""
    whole = new_table(name, seed)
    step(whole, players(whole, seed))
    state = new_table(name, seed)
    agents = players(state, seed)
    step(state, agents, at)
    if state.is_over:
        return
    before = to_record(state, ref(name))
    for seat in range(state.n):
        view = state.view(seat)
        data = view_to_data(view)
        mutate(data)
        for field in fields(View):
            mutate(getattr(view, field.name))
    assert to_record(state, ref(name)) == before
    step(state, agents)
    assert everything(state) == everything(whole)


def test_a_record_taken_is_not_changed_by_the_game_going_on() -> None:
    state = new_table("combo-whist", 2)
    agents = players(state, 2)
    step(state, agents, 30)
    record = to_record(state, "combo-whist")
    text = json.dumps(record)
    step(state, agents)
    assert json.dumps(record) == text and len(state.decisions) > len(record["decisions"])


def test_a_finished_game_with_fractional_scores_is_written_as_json() -> None:
    """Its result's scores are written as the deals' are (a whole number, or text such as "7/2");
    a fraction made the record unwritable at the game's end."""
    state = new_table("half-points", 3)
    step(state, players(state, 3))
    assert state.result is not None and any(type(v) is Fraction for v in state.result.scores.values())
    record = over_json(to_record(state, ref("half-points")))
    assert record["result"]["scores"] == record["deals"][-1]["scores"]
    assert any(isinstance(score, str) and "/" in score for score in record["result"]["scores"].values())


def test_a_rules_refusal_carries_its_label_and_facts() -> None:
    state = new_table("combo-whist", 3)
    request = state.pending
    assert request is not None and request.kind == "bid"
    state.apply(BidAnswer("master_trump"))
    with pytest.raises(IllegalDecision) as refused:
        state.apply(answer_from_data(state.pending, {"standard": "trump"}))  # type: ignore[arg-type]
    data = over_json(refusal_to_data(refused.value))
    assert data["key"] == "bid_too_low" and set(data["values"]) == {"worth", "lead"}
    assert data["reason"] == refused.value.reason
    with pytest.raises(IllegalDecision) as refused:
        state.apply("AS")
    # (the engine's own refusals of an answer's form carry a label too: tests/test_refusal_labels.py)
    assert refusal_to_data(refused.value) == {"reason": refused.value.reason, "key": "bid_form", "values": {}}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "view data is an object, not list"),
        ({"seat": 0}, "view data has no hand, visible"),
        ("view", "view data is an object, not str"),
    ],
)
def test_view_data_that_does_not_fit_is_a_value_error_that_says_why(data: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        view_from_data(data)


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("scores", {"0": "1/0"}),
        ("lead_worth", "-3/0"),
        ("scores", {"0": float("nan")}),
        ("lead_worth", float("inf")),
        ("scores", {"0": 10**13}),
        ("scores", {" 1 ": 3}),
        ("visible", {"١": ["AS"]}),
        ("marks", {"+1": {}}),
        ("hand", [1, 2]),
        ("trump", 3),
        ("trump", ["H"]),
        ("declarer", "1"),
        ("face_up", 7),
        ("current_trick", [[0, 12]]),
        ("current_trick", [["0", "AS"]]),
    ],
)
def test_a_value_a_lenient_reader_would_take_is_refused(name: str, wrong: Any) -> None:
    """Before: "1/0" was a ZeroDivisionError; " 1 " and "١" were seat 1; ``[1, 2]`` a hand of ('1', '2')."""
    good = view_to_data(new_table("combo-whist", 1).view(0))
    with pytest.raises(ValueError, match=f"view data: {name} does not fit"):
        view_from_data({**good, name: wrong})


def test_a_view_field_that_does_not_fit_is_named() -> None:
    state = new_table("combo-whist", 1)
    good = view_to_data(state.view(0))
    for name, wrong in (("seat", "0"), ("hand", "AS"), ("closed", "false"), ("scores", {"a": 1}), ("tricks", [1])):
        with pytest.raises(ValueError, match=f"view data: {name} does not fit"):
            view_from_data({**good, name: wrong})
    assert view_from_data({**good, "from a newer server": 1}) == state.view(0)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"kind": "dance"}, "kind is one of bid, choose, play"),
        ({"seat": "1"}, "seat is a whole number"),
        ({"options": [{"card": "AS"}]}, "options is a list of texts and whole numbers"),
        ({"optional": 1}, "optional is true or false"),
        ({"special_ids": "mail"}, "special_ids is a list of texts"),
        ({"name": 3}, "name and what are texts"),
    ],
)
def test_request_data_that_does_not_fit_is_a_value_error_that_says_why(change: dict[str, Any], words: str) -> None:
    good = request_to_data(Request("play", 1, "card", "card", ("AS", "KS")))
    assert request_from_data(good) == Request("play", 1, "card", "card", ("AS", "KS"))
    with pytest.raises(ValueError, match=words):
        request_from_data({**good, **change})


#: Texts that look like numbers or seats to a lenient reader (``int(" 1 ")``, ``int("١")``, ``Fraction("1/0")``).
NEAR_NUMBERS = ["7/2", "1/0", "-3/0", "1/-2", "01/2", " 1 ", "١", "+1", "01", "1_0", "٣/٤", "1" * 99, "1" * 50 + "/3"]
junk = st.recursive(
    junk_leaves([*NEAR_NUMBERS, "AS"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=3) | st.sampled_from(NEAR_NUMBERS), inner, max_size=3)
    ),
    max_leaves=6,
)


def assert_as_the_engine_has_it(view: View) -> None:
    """What an agent reads of a view is of the engine's kinds: seats are ints (from ASCII digits),
    cards and suits are texts, numbers are finite and within the bound of every number."""
    by_seat = [view.visible, view.scores, view.marks, *(d for d in view.declarations.values() if isinstance(d, dict))]
    assert all(type(seat) is int and seat >= 0 for mapping in by_seat for seat in mapping)
    cards = [*view.hand, *view.declared_cards, *view.meld_leads, *(c for cs in view.visible.values() for c in cs)]
    cards += [card for _, card in view.current_trick] + [card for t in view.tricks for _, card in t["plays"]]
    assert all(type(card) is str for card in cards)
    assert all(value is None or type(value) is str for value in (view.trump, view.face_up))
    assert view.declarer is None or type(view.declarer) is int
    for number in [*view.scores.values(), view.lead_worth]:
        assert out_of_range(number) is None and not isinstance(number, str | bool)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(field=st.sampled_from(sorted(_VIEW_FIELDS)), value=junk, also=st.sampled_from(sorted(_VIEW_FIELDS)), more=junk)
def test_a_view_from_a_stranger_is_a_view_or_a_value_error(field: str, value: Any, also: str, more: Any) -> None:
    """A client reading what a hostile server sends gets a View or a ValueError, never another error."""
    good = view_to_data(new_table("combo-whist", 1).view(0))
    try:
        view = view_from_data({**good, field: value, also: more})
    except ValueError as error:
        assert str(error).startswith("view data: ")
    else:
        assert isinstance(view, View)
        assert_as_the_engine_has_it(view)
    for name in ("kind", "seat", "options", "count", "optional", "special_ids", "name"):
        try:
            request = request_from_data({**request_to_data(Request("play", 0, "card", "card", ("AS",))), name: value})
        except ValueError as error:
            assert str(error).startswith("request data: ")
        else:
            assert isinstance(request, Request)
