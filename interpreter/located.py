"""Run-time errors of a rule's expressions, told with when they happened.

An expression that fails while a game is played (division by zero, a card that is not there)
raises :class:`rulespec.compiler.EvaluationError` located at the expression in its rule file;
:func:`when_played` adds the deal and the decision it happened at, so the person who wrote
the rule can replay up to that point.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from rulespec.compiler import EvaluationError

F = TypeVar("F", bound=Callable[..., Any])


def when_played(method: F) -> F:
    """Decorate a game's method that plays a deal: its evaluation errors say the deal and decision."""

    @functools.wraps(method)
    def run(game: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(game, *args, **kwargs)
        except EvaluationError as exc:
            deal = len(game.deal_records) + 1
            made = getattr(game, "decisions_made", len(game.decisions))  # a lean game logs none, counts all
            raise exc.during(f"deal {deal}, decision {made + 1}") from None

    return run  # type: ignore[return-value]
