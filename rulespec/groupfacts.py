"""Whether a bid belongs to a group, before any auction: its table facts, some not yet known.

A group's condition (``bid.worth > 1``) is evaluated over a bid's facts when the rule set is
built. A worth written ``3 if … else 1`` is tried with each value; one that only a combo can
tell is an :class:`Unknown`, and any use of it raises :class:`DependsOnCombo`, which the
builder reports.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from rulespec.compiled import Expression

_T = TypeVar("_T")


def replace_fields(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen dataclass with some fields changed."""
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]  # obj is a dataclass instance


class DependsOnCombo(Exception):
    """Raised when an expression looks at a bid fact that is known only in a combo."""

    def __init__(self, fact: str) -> None:
        super().__init__(fact)
        self.fact = fact


class Unknown:
    """A bid fact that depends on the combo: any use of it raises :class:`DependsOnCombo`."""

    def __init__(self, fact: str) -> None:
        self.fact = fact


def _refuse(value: Unknown, *args: Any) -> Any:
    """What every operation on an unknown fact does."""
    raise DependsOnCombo(value.fact)


#: Every use an expression can make of a value: each refuses an unknown fact.
_OPERATIONS = (
    "__eq__ __ne__ __lt__ __le__ __gt__ __ge__ __add__ __radd__ __sub__ __rsub__ __mul__ __rmul__",
    "__truediv__ __rtruediv__ __mod__ __rmod__ __neg__ __abs__ __bool__ __hash__ __index__ __int__",
    "__float__ __floor__",
)
for _name in " ".join(_OPERATIONS).split():
    setattr(Unknown, _name, _refuse)


def fixed_values(expression: Expression, fact: str) -> list[Any]:
    """The values a bid's worth or score can take before the auction (an unknown when open)."""
    values = expression.possible_values()
    return values if values else [Unknown(fact)]
