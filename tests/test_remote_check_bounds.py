"""A forged view's marks cannot make a client's rebuilt check run on (interpreter/remotecheck.py).

A view from a hostile server gave every seat a million blockade marks: in the sampled world no
seat might bid, every deal was passed out and redealt, one mark fading per deal, and
:func:`with_check` dealt for half a minute. Now a view's marks are bounded where the wire reads
them (few names, counts within every number's bounds), marks the rule set does not have give the
request back unchanged, and a world replays one deal at most, whatever the counts.
"""

from __future__ import annotations

import json
import time

import pytest

from interpreter import GameState
from interpreter.remotecheck import with_check
from interpreter.viewdata import MAX_MARK_NAMES
from interpreter.wire import request_from_data, request_to_data, view_from_data, view_to_data
from rulespec import load_ruleset
from rulespec.numbers import MAX_NUMBER

REFS = ("combo-whist@1.0.0", "combo-whist", "christmas-whist")


def _sent(ref: str) -> tuple[object, dict[str, object]]:
    rules = load_ruleset(ref)
    state = GameState(rules, 2 if ref == "christmas-whist" else 4, seed=5, max_deals=2)
    request = state.pending
    assert request is not None
    data = json.loads(json.dumps(view_to_data(state.view(request.seat))))
    return request_from_data(request_to_data(request)), data


@pytest.mark.parametrize("ref", REFS)
@pytest.mark.parametrize("count", [1_000_000, MAX_NUMBER, -MAX_NUMBER])
@pytest.mark.parametrize("everyone", [True, False])
def test_any_count_of_any_mark_is_answered_at_once(ref: str, count: int, everyone: bool) -> None:
    rules = load_ruleset(ref)
    request, data = _sent(ref)
    for name in (*rules.game.marks, "not_a_mark"):
        marks = data["marks"]
        assert isinstance(marks, dict)
        forged = {**data, "marks": {seat: ({name: count} if everyone or seat == "0" else {}) for seat in marks}}
        view = view_from_data(forged)
        started = time.process_time()
        answer = with_check(rules, request, view)  # type: ignore[arg-type]
        assert time.process_time() - started < 3, (ref, name, count)  # (it took 37 s: one deal now)
        if name == "not_a_mark":
            assert answer is request


@pytest.mark.parametrize(
    ("marks", "said"),
    [
        ({"blockade": MAX_NUMBER + 1}, "marks blockade: number is out of range"),
        ({"potential": True}, "a whole number is wanted, not bool"),
        ({f"m{i}": 0 for i in range(MAX_MARK_NAMES + 1)}, f"a seat has at most {MAX_MARK_NAMES} kinds of marks"),
    ],
)
def test_marks_out_of_bounds_are_refused_where_the_wire_reads_them(marks: dict[str, object], said: str) -> None:
    _, data = _sent("combo-whist")
    forged = {**data, "marks": {**data["marks"], "1": marks}}  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=f"^view data: marks does not fit \\({said}"):
        view_from_data(forged)
