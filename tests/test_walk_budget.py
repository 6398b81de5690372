"""The step budget of walks (rulespec/evaluation.py): every element a walk visits counts, nested
walks share the budget, and an evaluation whose walks visit more than MAX_WALK_STEPS elements
in all is refused — whether a walk counts its elements one by one or at once (a body that walks
nothing), and whether it stops early (any, all, first) or not.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import types as T
from rulespec.compiler import MAX_ITERATION, MAX_WALK_STEPS, EvaluationError, Scope, Vocabulary, compile_expression

SCOPE = Scope({"n": T.NUMBER}, Vocabulary())


def walk(kind: str, size: int, stop: int) -> tuple[str, int]:
    """A true operand that walks, and how many elements it visits (any, all, first: 1 <= stop <= size)."""
    if kind == "any":  # stops at `stop`
        return f"any(1..{size}, number == {stop})", stop
    if kind == "all":  # stops at the first element not below `stop`
        return f"not all(1..{size}, number < {stop})", stop
    if kind == "first":
        return f"first(1..{size}, number >= {stop}) > 0", stop
    if kind == "count":
        return f"count(1..{size}, number > {stop}) >= 0", size
    if kind == "filter":
        return f"count(filter(1..{size}, true)) >= 0", size
    if kind == "sum":
        return f"sum(1..{size}, 1) >= 0", size
    if kind == "max":
        return f"max(1..{size}, number) >= 0", size
    # nested: the outer walk's elements and each inner walk's
    return f"count(1..{size}, count(1..{stop}, true) >= 0) >= 0", size + size * stop


KINDS = ["any", "all", "first", "count", "filter", "sum", "max", "nested"]


@st.composite
def walks(draw: st.DrawFn) -> tuple[str, int]:
    kind = draw(st.sampled_from(KINDS))
    if kind == "nested":
        size = draw(st.integers(0, 400))
        return walk(kind, size, draw(st.integers(0, 400)))
    size = draw(st.integers(1 if kind in ("any", "all", "first") else 0, MAX_ITERATION))
    return walk(kind, size, draw(st.integers(1, size)) if size else 1)


def refused(text: str) -> bool:
    try:
        assert compile_expression(text, SCOPE, T.BOOL)({"n": 0}) is True
    except EvaluationError as exc:
        assert f"walks more than {MAX_WALK_STEPS} items" in exc.message
        return True
    return False


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.lists(walks(), min_size=1, max_size=30))
def test_an_evaluation_is_refused_exactly_when_its_walks_visit_too_many(operands: list[tuple[str, int]]) -> None:
    text = " and ".join(f"({o})" for o, _ in operands)
    assert refused(text) == (sum(visits for _, visits in operands) > MAX_WALK_STEPS)


@pytest.mark.parametrize("kind", KINDS)
def test_the_budget_is_spent_to_the_last_element(kind: str) -> None:
    """Walks that visit exactly the budget pass; one element more is refused."""
    last, visits = walk(kind, 100, 99) if kind != "first" else walk(kind, 100, 100)
    rest = MAX_WALK_STEPS - visits
    full = [walk("count", MAX_ITERATION, 1)[0]] * (rest // MAX_ITERATION)
    part = walk("count", rest % MAX_ITERATION, 1)[0]
    for exact in (" and ".join([*full, part, last]), " and ".join([last, *full, part])):  # counted last, or first
        assert not refused(exact)
        assert refused(exact + " and count(1..1, true) > 0")
    assert refused(" and ".join([last, *full, walk("count", rest % MAX_ITERATION + 1, 1)[0]]))
