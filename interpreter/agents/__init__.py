"""Agents that answer the engine's requests: :class:`RandomAgent` (seeded random legal answers)
and :class:`HeuristicAgent` (playouts for bidding, greedy card play). Each takes a request and
the deciding player's view, and returns an answer (see :mod:`interpreter.decisions`)."""

from __future__ import annotations

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.agents.randomagent import RandomAgent

__all__ = ["HeuristicAgent", "RandomAgent"]
