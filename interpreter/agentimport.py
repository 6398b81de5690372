"""Agents of one's own: any object with ``decide(request, view)``, and classes named on the command line.

An agent need not derive from :class:`~interpreter.decisions.Agent`: :func:`as_agent` gives an
object that only has ``decide`` (a bot written in ten lines) the protocol's other members with their
defaults, so it plays as soon as the game is built instead of failing at its first card. A class
named as ``--agents python:MODULE:CLASS`` (simulate, duel, balance, play) is imported by
:func:`python_agent_class` and built as ``CLASS(seed, rules=rules)``; the module must be
importable (installed, or on ``PYTHONPATH``). Only a person's command line names one: nothing
read from a file (a save, a record, a message) ever names code to import.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from interpreter.decisions import Agent, BidChoice, Request, View

__all__ = ["PYTHON_KIND", "as_agent", "python_agent_class"]

#: The ``--agents`` kind of a class of one's own: ``python:mybots.low:LowBot``.
PYTHON_KIND = "python"
_PATH = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
_MEMBERS = ("wants_view", "legal_answers", "card_chooser", "bid_chooser", "refused")


class _Adapted(Agent):
    """An object with ``decide`` alone, with the protocol's defaults for the rest (and its own
    members where it has some)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.wants_view = bool(getattr(inner, "wants_view", True))
        self.legal_answers = bool(getattr(inner, "legal_answers", False))

    def decide(self, request: Request, view: View | None) -> Any:
        return self.inner.decide(request, view)

    def card_chooser(self, seat: int) -> Callable[[Sequence[str]], str]:
        own = getattr(self.inner, "card_chooser", None)
        return own(seat) if own is not None else super().card_chooser(seat)

    def bid_chooser(self, seat: int) -> BidChoice:
        own = getattr(self.inner, "bid_chooser", None)
        return own(seat) if own is not None else super().bid_chooser(seat)

    def refused(self, request: Request, reason: str) -> None:
        own = getattr(self.inner, "refused", None)
        if own is not None:
            own(request, reason)


def as_agent(agent: Any) -> Agent:
    """``agent`` itself when it has every member of :class:`~interpreter.decisions.Agent`, else
    ``agent`` with the defaults of those it lacks; a TypeError naming what is wrong when it has no
    ``decide`` (said when the game is built, not at its first decision)."""
    if not callable(getattr(agent, "decide", None)):
        raise TypeError(f"{type(agent).__name__} is not an agent: it has no decide(request, view) method")
    if all(hasattr(agent, member) for member in _MEMBERS):
        return agent  # type: ignore[no-any-return]
    return _Adapted(agent)


def python_agent_class(path: str) -> Callable[..., Any]:
    """The class ``MODULE:CLASS`` names, imported; a ValueError that says why when it cannot be."""
    if not _PATH.match(path):
        raise ValueError(f"'{path}' is not MODULE:CLASS (e.g. {PYTHON_KIND}:mybots.low:LowBot)")
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import {module_name}: {exc} (is it installed, or on PYTHONPATH?)") from None
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise ValueError(f"{module_name} has no class {class_name}")
    if not callable(getattr(found, "decide", None)):
        raise ValueError(f"{module_name}:{class_name} is not an agent: it has no decide(request, view) method")
    return found
