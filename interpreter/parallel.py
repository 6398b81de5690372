"""A simulation on every core: games split by number over processes, their summaries added up.

Each game's seed and agents depend on its number alone (:func:`interpreter.simulation.play_games`),
so the summary is the same whatever the number of processes. Workers load the rule set
themselves (compiled rules do not travel between processes) and ignore Ctrl-C: the parent
catches it, cancels what has not started and stops the workers.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from interpreter.agents import HeuristicAgent, RandomAgent
from interpreter.decisions import Agent
from interpreter.simulation import AgentFactory, Summary, play_games
from rulespec.model import RuleSet

AGENT_KINDS = ("random", "heuristic")


def agent_factory(kind: str, rules: RuleSet | None = None) -> AgentFactory:
    """seed → agent for an agent kind (``random`` or ``heuristic``, which plays ``rules``)."""
    if kind == "random":
        return RandomAgent
    if kind == "heuristic":

        def heuristic(seed: int) -> Agent:
            return HeuristicAgent(seed, rules=rules)

        return heuristic
    raise ValueError(f"unknown agents '{kind}'; known: {', '.join(AGENT_KINDS)}")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


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
    """Play ``games`` games of the rule set ``ruleset_ref`` (a name or path) with ``agents`` on
    ``jobs`` processes (default: every core); the same figures for any ``jobs``. ``rules``: the
    rule set already loaded (used in this process; workers load ``ruleset_ref``)."""
    jobs = max(1, min(jobs or cores(), games))
    start = time.perf_counter()
    if rules is not None:
        _loaded[ruleset_ref] = rules
    if jobs == 1:
        summary = _chunk(ruleset_ref, 0, games, seed, players, agents, options, variant, progress)
    else:
        summary = _on_processes(ruleset_ref, games, seed, players, agents, options, variant, jobs, progress)
    summary.seconds = time.perf_counter() - start
    return summary


def _on_processes(
    ruleset_ref: str,
    games: int,
    seed: int,
    players: int,
    agents: str,
    options: dict[str, Any] | None,
    variant: str | None,
    jobs: int,
    progress: Callable[[int], None] | None,
) -> Summary:
    # Small pieces (several per worker) keep the workers busy to the end and the progress moving.
    size = max(1, min(50, games // (jobs * 8)))
    summary = Summary(players=players)
    done = 0
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        running: dict[Future[Summary], int] = {}
        for begin in range(0, games, size):
            end = min(games, begin + size)
            args = (ruleset_ref, begin, end, seed, players, agents, options, variant, None)
            running[pool.submit(_chunk, *args)] = end - begin
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                summary.add(future.result())
                done += running.pop(future)
                if progress is not None:
                    progress(done)
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return summary


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the pieces not started and end the workers (Ctrl-C, or a worker's error)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # gone once shut down
    for process in processes:
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=5)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_loaded: dict[str, RuleSet] = {}  # rule sets by reference, in this process (a worker: the one it plays)


def _rules(ref: str) -> RuleSet:
    if ref not in _loaded:
        from rulespec import load_ruleset

        _loaded.clear()
        _loaded[ref] = load_ruleset(ref)
    return _loaded[ref]


def _chunk(
    ruleset_ref: str,
    begin: int,
    end: int,
    seed: int,
    players: int,
    agents: str,
    options: dict[str, Any] | None,
    variant: str | None,
    progress: Callable[[int], None] | None,
) -> Summary:
    """Games ``begin`` to ``end`` (one worker's piece, or everything on one core)."""
    rules = _rules(ruleset_ref)
    done = 0

    def one_more() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done)

    return play_games(rules, range(begin, end), seed, players, agent_factory(agents, rules), options, variant, one_more)
