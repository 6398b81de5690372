"""The one bound on every number a rule file can hold or an expression can produce.

Rule numbers are small (worths, scores, trick counts, a target of 13). Python's integers are
unbounded, so a hostile file could otherwise write, or make an expression build, a number of
thousands of digits: slow to compute, and some of them cannot even be printed (Python refuses
to turn an integer of over 4,300 digits into text). Every literal in YAML, every literal in an
expression, every constant the compiler folds and every result of arithmetic at run time is
checked against :data:`MAX_NUMBER`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

#: Largest magnitude of any number in a rule set (a trillion: far beyond any score).
MAX_NUMBER = 10**12
#: Longest text of a number literal: longer ones are refused before they are converted
#: (converting base-60 ``1:2:3:…`` is quadratic in its length).
MAX_NUMBER_CHARS = 40


def out_of_range(value: Any) -> str | None:
    """Why ``value`` is not an acceptable number (None: it is, or it is no number)."""
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return "number is not finite"
    if isinstance(value, Fraction) and (abs(value.numerator) > MAX_NUMBER**2 or value.denominator > MAX_NUMBER**2):
        return f"number is out of range (at most {MAX_NUMBER} in size)"
    if abs(value) > MAX_NUMBER:  # type: ignore[operator]  # int, float or Fraction here
        return f"number is out of range (at most {MAX_NUMBER} in size)"
    return None
