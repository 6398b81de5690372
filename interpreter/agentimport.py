"""Agents of one's own: any object with ``decide(request, view)``, and classes named on the command line.

An agent need not derive from :class:`~interpreter.decisions.Agent`: :func:`as_agent` gives an
object that only has ``decide`` (a bot written in ten lines) the protocol's other members with their
defaults, so it plays as soon as the game is built instead of failing at its first card. A class
named as ``--agents python:MODULE:CLASS`` (simulate, duel, balance, play) is imported by
:func:`python_agent_class` and built by :func:`build_agent` as ``CLASS(seed, rules=rules)``, or
``CLASS(seed)`` when its constructor takes no ``rules`` (told from its signature); the module must be
importable (installed, or on ``PYTHONPATH``). Only a person's command line names one: nothing
read from a file (a save, a record, a message) ever names code to import.

What goes wrong with code of one's own is said, never shown as a traceback: a module that fails to
import (any exception, a SyntaxError too), a class that is not an agent, a constructor that takes
neither form or raises are a ValueError naming the class (the commands build one instance before any
deal, so these are usage errors); an agent that answers illegally 100 times running is an
:class:`AgentMisbehaved` with the last refusal's reason (:func:`legal_answer`).
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Sequence
from typing import Any

from interpreter.decisions import Agent, BidChoice, IllegalDecision, Request, View

__all__ = ["PYTHON_KIND", "AgentMisbehaved", "as_agent", "build_agent", "legal_answer", "python_agent_class"]

#: The ``--agents`` kind of a class of one's own: ``python:mybots.low:LowBot``.
PYTHON_KIND = "python"
_PATH = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
_MEMBERS = ("wants_view", "legal_answers", "card_chooser", "bid_chooser", "refused")
#: How many illegal answers running an agent may give to one request before the game gives up on it.
TRIES = 100


class AgentMisbehaved(RuntimeError):
    """An agent kept answering one request illegally: the game cannot go on with it (the message
    names the seat, the request and the last refusal's reason)."""


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
    except (Exception, SystemExit) as exc:  # its own code failed as it ran (SyntaxError, a raise, sys.exit): said
        raise ValueError(f"cannot import {module_name}: {_said(exc)}") from None
    found = getattr(module, class_name, None)
    if not isinstance(found, type):
        raise ValueError(f"{module_name} has no class {class_name}")
    if not callable(getattr(found, "decide", None)):
        raise ValueError(f"{module_name}:{class_name} is not an agent: it has no decide(request, view) method")
    return found


def build_agent(found: Callable[..., Any], path: str, seed: int, rules: Any) -> Agent:
    """An agent of the class ``found`` (named ``path``): ``CLASS(seed, rules=rules)``, or ``CLASS(seed)``
    when its constructor takes no ``rules``. Which one is told from the signature, not by catching a
    TypeError, which might come from inside the constructor; a ValueError naming the class when it
    takes neither, or when building it raises."""
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):  # (a constructor written in C may have none to read)
        signature = None
    if signature is None or _fits(signature, seed, rules=rules):
        build: Callable[[], Any] = lambda: found(seed, rules=rules)  # noqa: E731
    elif _fits(signature, seed):
        build = lambda: found(seed)  # noqa: E731
    else:
        raise ValueError(f"{PYTHON_KIND}:{path}: its constructor must take (seed, rules=…) or (seed), not {signature}")
    try:
        made = build()
    except (Exception, SystemExit) as exc:  # the class's own code: said with the class's name, not as a traceback
        raise ValueError(f"{PYTHON_KIND}:{path}: building it failed: {_said(exc)}") from None
    try:
        return as_agent(made)
    except TypeError as exc:
        raise ValueError(f"{PYTHON_KIND}:{path}: {exc}") from None


def legal_answer(agent: Agent, request: Request, view: View | None, check: Callable[[Any], Any]) -> Any:
    """``check`` of the agent's answer (e.g. ``request.validate``): each refusal is told to the agent
    (``refused``) and it is asked again; :class:`AgentMisbehaved` with the last reason after
    :data:`TRIES` illegal answers running (an agent that never learns would loop for ever)."""
    reason = ""
    for _ in range(TRIES):
        try:
            return check(agent.decide(request, view))
        except IllegalDecision as exc:
            reason = exc.reason
            agent.refused(request, reason)
    raise AgentMisbehaved(
        f"seat {request.seat}'s agent gave {TRIES} illegal answers to {request.kind}; the last was refused: {reason}"
    )


def _fits(signature: inspect.Signature, *args: Any, **kwargs: Any) -> bool:
    try:
        signature.bind(*args, **kwargs)
    except TypeError:  # (bind only matches names against the signature: nothing is run)
        return False
    return True


def _said(exc: BaseException) -> str:
    """An exception as one line: its type and message (a SyntaxError with its file and line)."""
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} ({exc.filename}, line {exc.lineno})"
    return f"{type(exc).__name__}: {exc}"
