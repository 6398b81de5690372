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
import re
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


#: The minus sign every text shows (README: "a true minus sign"), never the hyphen-minus ``-``.
MINUS = "\u2212"
#: A value that is a number written out as text (``str(-5)``, ``"-1/2"``, ``"-0.5"``): the whole value.
_NUMBER_TEXT = re.compile(r"-\d+(?:[./]\d+)?")


def shown_number(value: Any) -> str:
    """A value as a text places it: a number (or a number already made text, ``str(-5)``) with a
    true minus sign, ``−5``; any other value as ``str`` gives it. Every number put into a text a
    person reads goes through here (:func:`rulespec.placeholders.fill` calls it for each value)."""
    if isinstance(value, bool):
        return str(value)
    text = str(value)
    if isinstance(value, int | float | Fraction) or (isinstance(value, str) and _NUMBER_TEXT.fullmatch(value)):
        return text.replace("-", MINUS, 1) if text.startswith("-") else text
    return text
