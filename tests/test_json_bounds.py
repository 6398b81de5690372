"""JSON from a stranger is measured before it is parsed (rulespec/jsonbounds.py): nesting and the
count of values, strings left out whatever they hold, refused at the place that goes over."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.errors import RuleError
from rulespec.jsonbounds import check_json_bounds

#: Text that looks like JSON's structure: strings holding it must not count.
_TRICKY = st.text(alphabet='[]{},:"\\ \nab\u00e9\u2028', max_size=12)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | _TRICKY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TRICKY, inner, max_size=4),
    max_leaves=30,
)


def _measure(value: Any) -> tuple[int, int]:
    """(commas and opening brackets, nesting) of ``value`` written as JSON: what the bounds count."""
    if isinstance(value, list | dict):
        members = list(value.values()) if isinstance(value, dict) else value
        inner = [_measure(member) for member in members]
        count = 1 + max(len(members) - 1, 0) + sum(c for c, _ in inner)
        return count, 1 + max((d for _, d in inner), default=0)
    return 0, 0


@settings(derandomize=True, max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 1, 2]), st.booleans(), st.integers(0, 12), st.integers(1, 14))
def test_the_bounds_count_structure_not_strings(
    value: Any, indent: int | None, ascii_only: bool, max_depth: int, max_values: int
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    count, depth = _measure(value)
    fits = count + 1 <= max_values and depth <= max_depth
    try:
        check_json_bounds(text, "doc.json", max_depth, max_values, "a test document")
    except RuleError as error:
        assert not fits, f"{text!r} was refused within the bounds ({count + 1} values, depth {depth})"
        assert error.position is not None and error.source_line is not None and error.hint
        # the caret stands on the bracket or comma that went over
        line = text.split("\n")[error.position.line - 1]
        assert line[error.position.column - 1] in "[{,"
    else:
        assert fits, f"{text!r} passed with {count + 1} values and depth {depth}"


def test_a_document_over_the_count_is_refused_where_it_goes_over() -> None:
    text = '{"a": [1,\n 2, 3, 4]}'
    with pytest.raises(RuleError) as caught:
        check_json_bounds(text, "doc.json", 10, 4, "a record")
    assert str(caught.value).startswith("doc.json:2:3: more than 4 values")
