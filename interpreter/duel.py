"""Duels between two agents over mirrored deals, and the single deals studies are made of.

A **deal** of a study is one deal played from a fresh game position (every score and mark 0),
dealer ``index % players``, the cards shuffled from the deal's own seed. In a game played as a
**match** (a schedule of hands, each with its own contract), the unit is the
whole match instead: its hands differ (winning tricks, then losing them …) and a later hand's
contract may depend on the points so far, so a single hand would leave most of the game unplayed.
In a **duel** every deal (or match) is played twice with the same cards: first agent A holds the
even seats (0, 2, …) and B the odd ones, then they swap. Luck of the cards cancels in the
difference; rotating the dealer from deal to deal puts each agent in every role (dealer, first
bidder, declarer, defender).

An agent's points in a deal are the score changes of the seats it holds, averaged over the two
plays; the difference A − B per deal has a 95 % interval (mean ± t standard errors over the
deals, Student's t: :func:`interval`), and a verdict from 30 deals on (:func:`verdict`). Thinking
time is the CPU time of each agent's decisions (``seconds_per_decision``), which a busy machine
does not inflate as the wall clock.
A match also has a winner: ``wins`` counts the matches each agent won (a drawn match, none), and
``unfinished`` the matches stopped at the game's cap of deals (hands tied again and again), won by neither.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.agentimport import PYTHON_KIND, build_agent, legal_answer, python_agent_class
from interpreter.decisions import Agent
from interpreter.gamestate import GameState
from interpreter.runner import rules as load_rules
from interpreter.runner import ruleset_digest, run
from interpreter.seeds import study_seed
from rulespec.model import RuleSet

AGENT_KINDS = ("random", "heuristic", "search", PYTHON_KIND)
#: The search agent's budget, as ``search:samples=8,rollouts=40,seconds=0.5`` (see SearchAgent).
SEARCH_BUDGET = {"samples": int, "max_options": int, "rollouts": int, "endgame": int, "seconds": float}


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """An agent's kind and options from ``--agents`` text: ``heuristic``, ``search:samples=8,seconds=0.5``."""
    kind, _, rest = spec.partition(":")
    if kind not in AGENT_KINDS:
        raise ValueError(f"unknown agents '{kind}'; known: {', '.join(AGENT_KINDS)}")
    if kind == PYTHON_KIND:  # a class of one's own: imported now, so a wrong name is said before any deal
        python_agent_class(rest)
        return kind, {"path": rest}
    options: dict[str, Any] = {}
    for pair in filter(None, rest.split(",")):
        name, _, value = pair.partition("=")
        if kind != "search" or name not in SEARCH_BUDGET:
            known = ", ".join(SEARCH_BUDGET) if kind == "search" else "none"
            raise ValueError(f"unknown option '{name}' for {kind} agents; known: {known}")
        if name in options:  # (which of two values was meant cannot be told)
            raise ValueError(f"{name} is given twice")
        try:
            number = SEARCH_BUDGET[name](value)
        except ValueError:
            raise ValueError(f"{name} takes a number, not '{value}'") from None
        if math.isnan(number):  # 'nan' parses as a float, and no time would ever be more than it
            raise ValueError(f"{name} takes a number, not '{value}'")
        if number < 0 or (number == 0 and name != "endgame"):
            raise ValueError(f"{name} must be more than 0")
        options[name] = number
    return kind, options


def make_agent(spec: str, seed: int, rules: RuleSet | None) -> Agent:
    """An agent for ``rules`` from its ``--agents`` text (``random``, ``heuristic``, ``search`` with a budget,
    ``python:MODULE:CLASS``: one's own class, built as ``CLASS(seed, rules=rules)`` or ``CLASS(seed)``,
    see :func:`interpreter.agentimport.build_agent`)."""
    from interpreter.agents import HeuristicAgent, RandomAgent

    kind, options = parse_agent(spec)
    if kind == PYTHON_KIND:
        return build_agent(python_agent_class(options["path"]), options["path"], seed, rules)
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed, rules=rules)
    from interpreter.search import SearchAgent

    return SearchAgent(seed, rules=rules, **options)


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
    """The seed of the study's deal number ``index`` (:func:`interpreter.seeds.study_seed`)."""
    return study_seed(seed, index)


def play_deal(task: DealTask) -> dict[str, Any]:
    """Play one deal (in a match game, the whole match) from a fresh game; the score change of
    every seat, the declarer and the combo (a match: its winner, and how many hands it took)."""
    rules = load_rules(task.ruleset)
    whole_game = rules.game.match is not None
    game_seed = deal_seed(task.seed, task.index)
    agents = [make_agent(kind, game_seed * 17 + seat, rules) for seat, kind in enumerate(task.seats)]
    state = GameState(rules, task.players, seed=game_seed, first_dealer=task.index % task.players)
    before = dict(state.scores)
    seconds = [0.0] * task.players
    decisions = [0] * task.players
    request = state.advance()
    while request is not None:
        start = time.process_time()  # CPU time: on a shared machine the wall clock says little
        agent = agents[request.seat]
        view = state.view(request.seat)
        # One's own agent is asked again when refused, as in a Game (built-in ones answer legally).
        answer = (
            agent.decide(request, view) if agent.legal_answers else legal_answer(agent, request, view, request.validate)
        )
        seconds[request.seat] += time.process_time() - start
        decisions[request.seat] += 1
        state.apply(answer)
        request = state.advance(one_deal=not whole_game)
    record = state.deal_records[-1] if state.deal_records else {}
    combo = record.get("combo")
    if whole_game:
        return {
            "index": task.index,
            "dealer": task.index % task.players,
            "players": list(range(task.players)),
            "hands": state.deal_records[0].get("hands") if state.deal_records else None,  # the first hand's cards
            "hands_played": len(state.deal_records),  # the schedule's, and each tied hand again
            "gains": [_number(state.scores[s] - before[s]) for s in range(task.players)],
            "declarer": None,
            "combo": None,
            "worth": None,
            "completed": None,
            "winner": state.result.winner if state.result is not None else None,
            "unfinished": state.result is not None and state.result.reason == "unfinished",  # at the deal cap
            "seconds": seconds,
            "decisions": decisions,
        }
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


def study_deal(task: DealTask) -> dict[str, Any]:
    """:func:`play_deal`'s result without the dealt cards: what a study keeps of each deal (the
    reports never read the cards, 52 of them a deal, and a study holds up to a million deals).
    An error says which of the study's deals it came from (the game's own words count the deals
    of the fresh game each one is: always its first)."""
    try:
        result = play_deal(task)
    except Exception as exc:
        mirrored = ", seats mirrored" if task.mirrored else ""
        exc.add_note(f"(in deal {task.index + 1} of the study: seed {deal_seed(task.seed, task.index)}{mirrored})")
        raise
    del result["hands"]
    return result


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def arrangement(a: str, b: str, players: int, mirrored: bool) -> tuple[str, ...]:
    """A at the even seats and B at the odd ones, or the other way round when ``mirrored``."""
    first, second = (b, a) if mirrored else (a, b)
    return tuple(first if seat % 2 == 0 else second for seat in range(players))


#: Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom (t at 0.975), as printed
#: in the NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.2 ("Critical values of
#: the Student's t distribution"). A sample of n values has n − 1 degrees of freedom.
T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
#: The normal quantile the t quantiles approach (and the Wilson interval of a rate uses).
Z95 = 1.96
#: Fewest deals (matches) a study tells anything from: below it a duel gives no verdict, and a
#: sample whose values are all equal gives no interval (two deals both won by one point would
#: claim "[+1, +1]": a spread of 0 is what a few deals show, not what the agents are).
MIN_DEALS_TO_TELL = 30


def t95(df: int) -> float:
    """Student's t quantile at 0.975 for ``df`` degrees of freedom: the table :data:`T95` up to 30,
    beyond it the Cornish–Fisher expansion of t in terms of the normal quantile (Abramowitz &
    Stegun 26.7.5), within 0.0005 of the table values at 40, 60 and 120."""
    if df <= len(T95):
        return T95[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(values: list[float]) -> tuple[float | None, list[float] | None]:
    """The mean and its 95 % interval, mean ± t·s/√n with Student's t for n − 1 degrees of freedom
    (the normal 1.96 claimed too much of a few deals: at three deals its "95 %" covered about 80 %),
    rounded. No interval below two values, nor from fewer than :data:`MIN_DEALS_TO_TELL` values all
    equal; no mean of no values (None: a report must not say 0.0 points where nothing was played)."""
    n = len(values)
    if n == 0:
        return None, None
    mean = sum(values) / n
    if n < 2:
        return round(mean, 4), None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    if sd == 0 and n < MIN_DEALS_TO_TELL:
        return round(mean, 4), None
    half = t95(n - 1) * sd / math.sqrt(n)
    return round(mean, 4), [round(mean - half, 4), round(mean + half, 4)]


def verdict(n: int, ci95: list[float] | None) -> str | None:
    """What a duel of ``n`` deals says: ``"A"`` or ``"B"`` is better (the interval of A − B lies
    above or below 0), ``"neither"`` (it holds 0), or None: too few deals to tell (fewer than
    :data:`MIN_DEALS_TO_TELL`, or no interval)."""
    if n < MIN_DEALS_TO_TELL or ci95 is None:
        return None
    return "A" if ci95[0] > 0 else "B" if ci95[1] < 0 else "neither"


def deal_tasks(ruleset: str, a: str, b: str, deals: int, seed: int, players: int, mirror: bool) -> list[DealTask]:
    """The deals of a study in order: A at the even seats and B at the odd ones, and with ``mirror``
    each deal again with the two swapped."""
    return [
        DealTask(ruleset, arrangement(a, b, players, mirrored), index, seed, players, mirrored)
        for index in range(deals)
        for mirrored in ((False, True) if mirror else (False,))
    ]


def play_deals(
    tasks: list[DealTask], jobs: int, scheduler: str | None, progress: Callable[[int], None] | None
) -> tuple[list[dict[str, Any]], float]:
    """Every task's :func:`play_deal` in order, on the pool (:func:`interpreter.runner.run`), and
    the seconds it took; an unknown agent fails here, before any deal is played (one's own class is
    built once, so a constructor that fails does too)."""
    for spec in sorted({spec for task in tasks for spec in task.seats}):
        if parse_agent(spec)[0] == PYTHON_KIND:
            make_agent(spec, 0, load_rules(tasks[0].ruleset))
    start = time.perf_counter()
    refs = sorted({task.ruleset for task in tasks})
    for ref in refs:  # a file edited since this process last loaded it is loaded again
        load_rules(ref, fresh=True)
    results = run(study_deal, tasks, jobs, scheduler, progress, rulesets=refs)
    return results, time.perf_counter() - start


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
    tasks = deal_tasks(ruleset, a, b, deals, seed, players, mirror=True)
    results, seconds = play_deals(tasks, jobs, scheduler, progress)
    names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
    matches = "winner" in results[0] if results else False
    points: dict[str, list[float]] = {names[0]: [], names[1]: []}
    declared = {names[0]: 0, names[1]: 0}
    completed = {names[0]: 0, names[1]: 0}
    think = {names[0]: [0.0, 0], names[1]: [0.0, 0]}
    wins = {names[0]: 0, names[1]: 0}
    unfinished = sum(1 for result in results if result.get("unfinished"))
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
                if matches and result["winner"] == seat:
                    wins[name] += 1
        for name in names:
            points[name].append(totals[name])
        differences.append(totals[names[0]] - totals[names[1]])
    mean, ci95 = interval(differences)
    played = load_rules(ruleset)
    data = {
        "ruleset": ruleset,
        "ruleset_version": f"{played.name}@{played.version}",
        "ruleset_sha256": ruleset_digest(played),  # the files played: a study can be checked and re-run
        "agents": list(names),
        "unit": "match" if matches else "deal",  # what one of the ``deals`` is
        "deals": deals,
        "players": players,
        "seed": seed,
        "mean_points": {name: round(sum(v) / len(v), 4) if v else None for name, v in points.items()},
        "declarer_completion": {
            name: round(completed[name] / declared[name], 4) if declared[name] else None for name in names
        },
        "declared": declared,
        "difference": mean,
        "ci95": ci95,  # None for a single deal, or too few all alike
        "verdict": verdict(deals, ci95),  # None: too few deals to tell
        "seconds": round(seconds, 2),
        "seconds_per_decision": {
            name: round(total / count, 4) if count else None for name, (total, count) in think.items()
        },
    }
    if matches:
        data["wins"] = wins  # of the 2 × ``deals`` matches played
        data["unfinished"] = unfinished  # of those, stopped at the game's deal cap (won by neither)
    return data
