"""Run-time errors of a rule's expressions, told with when they happened.

An expression that fails while a game is played (division by 0, a card that is not there)
raises :class:`rulespec.compiler.EvaluationError` located at the expression in its rule file;
:func:`when_played` adds the deal and the decision it happened at, so the person who wrote
the rule can replay up to that point.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sized
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from rulespec.compiler import EvaluationError


class Played(Protocol):
    """What :func:`when_played` reads of a game: the deals done and the decisions made so far."""

    @property
    def deal_records(self) -> Sized: ...

    @property
    def decisions_made(self) -> int: ...


G = TypeVar("G", bound=Played)
P = ParamSpec("P")
R = TypeVar("R")


def when_played(method: Callable[Concatenate[G, P], R]) -> Callable[Concatenate[G, P], R]:
    """Decorate a game's method that plays a deal: its evaluation errors say the deal and decision."""

    @functools.wraps(method)
    def run(game: G, /, *args: P.args, **kwargs: P.kwargs) -> R:  # (positional, as Concatenate says)
        try:
            return method(game, *args, **kwargs)
        except EvaluationError as exc:
            deal = len(game.deal_records) + 1
            # a lean game logs no decisions but counts them all
            raise exc.during(f"deal {deal}, decision {game.decisions_made + 1}") from None

    return run
