"""Duels between two agents over mirrored deals, and the single deals studies are made of.

A **deal** of a study is one deal played from a fresh game position (every score and mark 0),
dealer ``index % players``, the cards shuffled from the deal's own seed. In a **duel** every
deal is played twice with the same cards: first agent A holds the even seats (0, 2, …) and B
the odd ones, then they swap. Luck of the cards cancels in the difference; rotating the dealer
from deal to deal puts each agent in every role (dealer, first bidder, declarer, defender).

An agent's points in a deal are the score changes of the seats it holds, averaged over the two
plays; the difference A − B per deal has a 95 % interval from the normal approximation
(mean ± 1.96 standard errors over the deals). Thinking time is the CPU time of each agent's
decisions (``seconds_per_decision``), which a busy machine does not inflate as the wall clock.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.decisions import Agent
from interpreter.gamestate import GameState
from interpreter.runner import rules as load_rules
from interpreter.runner import run
from rulespec.model import RuleSet

AGENT_KINDS = ("random", "heuristic", "search")


def make_agent(kind: str, seed: int, rules: RuleSet) -> Agent:
    """An agent of ``kind`` (``random``, ``heuristic`` or ``search``) for ``rules``."""
    from interpreter.agents import HeuristicAgent, RandomAgent

    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed, rules=rules)
    if kind == "search":
        from interpreter.search import SearchAgent

        return SearchAgent(seed, rules=rules)
    raise ValueError(f"unknown agents '{kind}'; known: {', '.join(AGENT_KINDS)}")


@dataclass(frozen=True)
class DealTask:
    """One deal to play: the rule set (by reference), who sits where, and the deal's seed."""

    ruleset: str
    seats: tuple[str, ...]  # the agent kind at each seat
    index: int
    seed: int
    players: int
    mirrored: bool = False  # in a duel: the second play of the deal, agents swapped


def deal_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_deal(task: DealTask) -> dict[str, Any]:
    """Play one deal from a fresh game; the score change of every seat, the declarer and the combo."""
    rules = load_rules(task.ruleset)
    game_seed = deal_seed(task.seed, task.index)
    agents = [make_agent(kind, game_seed * 17 + seat, rules) for seat, kind in enumerate(task.seats)]
    state = GameState(rules, task.players, seed=game_seed, first_dealer=task.index % task.players)
    before = dict(state.scores)
    seconds = [0.0] * task.players
    decisions = [0] * task.players
    request = state.advance()
    while request is not None:
        start = time.process_time()  # CPU time: on a shared machine the wall clock says little
        answer = agents[request.seat].decide(request, state.view(request.seat))
        seconds[request.seat] += time.process_time() - start
        decisions[request.seat] += 1
        state.apply(answer)
        request = state.advance(one_deal=True)
    record = state.deal_records[-1] if state.deal_records else {}
    combo = record.get("combo")
    return {
        "index": task.index,
        "dealer": record.get("dealer"),
        "players": record.get("players"),
        "hands": record.get("hands"),
        "gains": [_number(state.scores[s] - before[s]) for s in range(task.players)],
        "declarer": record.get("declarer"),
        "combo": combo["bids"] if combo else None,
        "worth": _number(combo["worth"]) if combo else None,
        "completed": record.get("completed"),
        "seconds": seconds,
        "decisions": decisions,
    }


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def arrangement(a: str, b: str, players: int, mirrored: bool) -> tuple[str, ...]:
    """A at the even seats and B at the odd ones, or the other way round when ``mirrored``."""
    first, second = (b, a) if mirrored else (a, b)
    return tuple(first if seat % 2 == 0 else second for seat in range(players))


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % interval (normal approximation; a single value has none)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def duel(
    ruleset: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    players: int,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` mirrored deals between agent kinds ``a`` and ``b``; the summary as data."""
    for kind in (a, b):
        if kind not in AGENT_KINDS:
            raise ValueError(f"unknown agents '{kind}'; known: {', '.join(AGENT_KINDS)}")
    tasks = [
        DealTask(ruleset, arrangement(a, b, players, mirrored), index, seed, players, mirrored)
        for index in range(deals)
        for mirrored in (False, True)
    ]
    start = time.perf_counter()
    results = run(play_deal, tasks, jobs, scheduler, progress)
    seconds = time.perf_counter() - start
    names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
    points: dict[str, list[float]] = {names[0]: [], names[1]: []}
    declared = {names[0]: 0, names[1]: 0}
    completed = {names[0]: 0, names[1]: 0}
    think = {names[0]: [0.0, 0], names[1]: [0.0, 0]}
    differences = []
    for index in range(deals):
        pair = results[2 * index : 2 * index + 2]
        totals = {names[0]: 0.0, names[1]: 0.0}
        for task, result in zip(tasks[2 * index : 2 * index + 2], pair, strict=True):
            for seat in range(players):
                name = names[0] if (seat % 2 == 0) != task.mirrored else names[1]
                totals[name] += result["gains"][seat] / 2
                think[name][0] += result["seconds"][seat]
                think[name][1] += result["decisions"][seat]
                if result["declarer"] == seat:
                    declared[name] += 1
                    completed[name] += bool(result["completed"])
        for name in names:
            points[name].append(totals[name])
        differences.append(totals[names[0]] - totals[names[1]])
    mean, low, high = interval(differences)
    return {
        "ruleset": ruleset,
        "agents": list(names),
        "deals": deals,
        "players": players,
        "seed": seed,
        "mean_points": {name: round(sum(v) / len(v), 4) if v else 0.0 for name, v in points.items()},
        "declarer_completion": {
            name: round(completed[name] / declared[name], 4) if declared[name] else None for name in names
        },
        "declared": declared,
        "difference": round(mean, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "seconds": round(seconds, 2),
        "seconds_per_decision": {
            name: round(total / count, 4) if count else None for name, (total, count) in think.items()
        },
    }
