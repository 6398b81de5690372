"""A simulation on every core: games split by number into pieces, the pieces' summaries added up.

Each game's seed and agents depend on its number alone (:func:`interpreter.simulation.play_games`),
so the summary is the same whatever the number of processes. The pieces run on the project's one
pool (:func:`interpreter.runner.run`: workers load the rule set themselves, Ctrl-C stops them all,
a worker's error reaches the caller located).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.duel import AGENT_KINDS, make_agent, parse_agent
from interpreter.runner import cores, keep, run
from interpreter.runner import rules as load_rules
from interpreter.seating import seat_agents
from interpreter.simulation import AgentFactory, Summary, play_games
from rulespec.model import RuleSet

__all__ = ["AGENT_KINDS", "agent_factory", "simulate_on_cores"]


def agent_factory(kind: str, rules: RuleSet | None = None) -> AgentFactory:
    """seed → agent for an agent kind (``random``, ``heuristic`` or ``search``, playing ``rules``)."""
    parse_agent(kind)  # an unknown kind fails here, not in the first game
    return lambda seed: make_agent(kind, seed, rules)


@dataclass(frozen=True)
class Piece:
    """Games ``begin`` to ``end`` of a simulation: one task of the pool."""

    ruleset: str
    begin: int
    end: int
    seed: int
    players: int
    agents: str
    options: dict[str, Any] | None
    variant: str | None

    def games(self) -> int:
        return self.end - self.begin


def simulate_on_cores(
    ruleset_ref: str,
    games: int,
    seed: int,
    players: int,
    agents: str,
    options: dict[str, Any] | None = None,
    variant: str | None = None,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
    rules: RuleSet | None = None,
) -> Summary:
    """Play ``games`` games of the rule set ``ruleset_ref`` (a name or path) with ``agents`` (one
    spec for every seat, or one per seat: :func:`interpreter.seating.seat_agents`) on
    ``jobs`` processes (default: every core); the same figures for any ``jobs``. ``rules``: the
    rule set already loaded (used in this process; workers load ``ruleset_ref``)."""
    seat_agents(agents, players)  # a wrong list fails here, before any process starts
    jobs = max(1, min(jobs or cores(), games))
    start = time.perf_counter()
    if rules is not None:
        keep(ruleset_ref, rules)
    # On processes, small pieces (several per worker) keep the workers busy to the end and the
    # progress moving; in this process a piece is one game, so the progress moves with every game.
    size = 1 if jobs == 1 else max(1, min(50, games // (jobs * 8)))
    pieces = [
        Piece(ruleset_ref, begin, min(games, begin + size), seed, players, agents, options, variant)
        for begin in range(0, games, size)
    ]
    summary = Summary(players=players)
    for part in run(play_piece, pieces, jobs, progress=progress, size=Piece.games):
        summary.add(part)
    summary.seconds = time.perf_counter() - start
    return summary


def play_piece(piece: Piece) -> Summary:
    """The games of one piece (in a worker, or in this process)."""
    rules = load_rules(piece.ruleset)
    games = range(piece.begin, piece.end)
    make = [agent_factory(spec, rules) for spec in seat_agents(piece.agents, piece.players)]
    return play_games(rules, games, piece.seed, piece.players, make, piece.options, piece.variant)
