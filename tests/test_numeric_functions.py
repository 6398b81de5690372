"""A number missing at run time (None) in a function of numbers is the rule's failure, never a crash.

The operators already refused it with an :class:`EvaluationError` (``cannot evaluate None + 1``),
located at the expression by the rule set; ``max``, ``min``, ``sum``, ``abs`` and ``floor`` let
Python's ``TypeError`` through, which reached the user as a traceback. Every function of the
library that takes numbers is tried here, with the missing number in each place it can be.
"""

from __future__ import annotations

import pytest

from rulespec import types as T
from rulespec.compiler import EvaluationError, Scope, Vocabulary, compile_expression
from rulespec.functions import FUNCTIONS

SCOPE = Scope({"n": T.NUMBER, "ns": T.list_of(T.NUMBER)}, Vocabulary(), {})

#: Each function of numbers, called with ``n`` as an argument and over ``ns`` where it takes a list.
CALLS = {
    "max": ["max(n, 1)", "max(1, n)", "max(ns)", "max(ns, number * 2)"],
    "min": ["min(n, 1)", "min(ns)", "min(ns, number + 0)"],
    "sum": ["sum(ns)", "sum(ns, number)"],
    "abs": ["abs(n)"],
    "floor": ["floor(n)"],
}
#: The other functions take players or walk collections by conditions (their failures are tested elsewhere).
NOT_OF_NUMBERS = {"count", "any", "all", "filter", "first", "left_of", "right_of", "others", "answered"}


def test_every_function_is_sorted() -> None:
    assert set(CALLS) | NOT_OF_NUMBERS == set(FUNCTIONS)


@pytest.mark.parametrize("source", [call for calls in CALLS.values() for call in calls])
def test_a_missing_number_is_an_evaluation_error(source: str) -> None:
    expression = compile_expression(source, SCOPE)
    with pytest.raises(EvaluationError):  # (a list of one missing number is that number: nothing compared)
        expression({"n": None, "ns": [3, None]})


@pytest.mark.parametrize("source", [call for calls in CALLS.values() for call in calls])
def test_numbers_still_give_numbers(source: str) -> None:
    expression = compile_expression(source, SCOPE)
    assert isinstance(expression({"n": -2.5 if "floor" in source else -2, "ns": [3, -1]}), int)
