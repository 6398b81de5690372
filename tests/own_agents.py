"""Agents of one's own for the tests of ``--agents python:MODULE:CLASS`` (tests/test_own_agents.py)."""

from __future__ import annotations

from typing import Any


class LowBot:
    """Plays its lowest legal card, passes every bid, takes the first option of any choice: a bot
    with ``decide`` alone (no :class:`~interpreter.decisions.Agent` base class)."""

    def __init__(self, seed: int, rules: Any = None) -> None:
        self.seed = seed

    def decide(self, request: Any, view: Any) -> Any:
        if request.kind == "bid":
            return None
        if request.kind == "play":
            return request.options[-1]
        if request.optional:
            return None
        options = list(request.options)
        return options[: request.count] if request.count > 1 else options[0]


NOT_A_CLASS = 3


class NoDecide:
    def __init__(self, seed: int, rules: Any = None) -> None:
        pass


class SeedOnly(LowBot):
    """A constructor that takes the seed alone (as the engine's RandomAgent): built as ``CLASS(seed)``."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)


class FailsToBuild:
    def __init__(self, seed: int, rules: Any = None) -> None:
        raise ValueError("no table for me")

    def decide(self, request: Any, view: Any) -> Any:
        return None


class TypeErrorInside:
    """Takes ``rules`` but raises a TypeError of its own: not to be taken for 'takes no rules'."""

    def __init__(self, seed: int, rules: Any = None) -> None:
        raise TypeError("a bug of my own")

    def decide(self, request: Any, view: Any) -> Any:
        return None


class WantsMore:
    def __init__(self, seed: int, rules: Any, style: str) -> None:
        pass

    def decide(self, request: Any, view: Any) -> Any:
        return None


class Junk(LowBot):
    """Answers every request with a number no request takes."""

    def decide(self, request: Any, view: Any) -> Any:
        return 12345
