"""How much better the heuristic agent plays than the random one, on the same seeded deals.

For each of N seeded deals (4 players, dealer 0, the declarer left of the dealer) the bid
under test (default: Trump) is declared with :meth:`Deal.declare` — no auction — and the deal
is played out four times on the same cards:

* **declaring**: a heuristic declarer and a random declarer, the defenders random;
* **defending**: a random declarer, against heuristic defenders and against random ones.

It prints the completion rates (higher is better for a declarer, lower for defenders), the
average tricks of the declarer, and the heuristic agent's time per decision. Then a few whole
games of four heuristic agents show the bidding: deals per second, time per bid and per card,
playouts per agent and deal, and how often the declared combos were completed — for the agent
now and, side by side in the same run, for the agent as it was at a baseline commit (taken from
git history by :mod:`benchmarks.baseline`; default: before its speed work). Run in a git checkout::

    python benchmarks/agents.py --deals 300 --seed 1 --games 5
    python benchmarks/agents.py --deals 0 --games 4 --baseline 95ae456   # the agent before its own speed work

``--duel N`` plays N mirrored deals of the agent against itself with settings changed (``--setting
hopeless=2``: giving a combo up only after two playouts without a completion, as before; ``reach=1.5``,
``samples=4``: any public attribute of the agent; several as ``a=1,b=2``): the points per deal, as
``whist duel`` counts them, and the CPU time each side spent deciding. ``--ruleset christmas-whist``
plays the duel on another rule set (a match game: whole matches, as ``whist duel`` plays them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.baseline import REPO, run_in, temporary_folder, unpack  # noqa: E402
from interpreter.agents import HeuristicAgent, RandomAgent  # noqa: E402
from interpreter.deal import Deal, DealResult  # noqa: E402
from interpreter.decisions import Agent, BidAnswer, Request  # noqa: E402
from rulespec import load_ruleset  # noqa: E402
from rulespec.model import RuleSet  # noqa: E402

PLAYERS = 4
#: Self-play deals per CPU second before the engine became a steppable state (commit 6c0a0b5, measured
#: on the project's shared 2-core machine with --deals 40 --seed 1 --games 3): the figure to beat.
BASELINE_DEALS_PER_CPU_SECOND = 13.2
#: The commit whose heuristic agent is the default baseline: main when issue 17 ("4× faster than today")
#: was opened, before the engine became a steppable state. (95ae456, the agent just before its own speed
#: work, is about a tenth slower again, since the first playouts from clones cost more: ``--baseline 95ae456``.)
BASELINE_COMMIT = "6c0a0b5"
DEALER = 0
DECLARER = 1  # left of the dealer


class Timed(Agent):
    """Wraps an agent: validates every answer and adds up the time it took to decide, per kind.

    Times are the process's CPU time, so that other work on a shared machine does not count.
    """

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.wants_view = agent.wants_view
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}

    @property
    def decisions(self) -> int:
        return sum(self.counts.values())

    @property
    def total(self) -> float:
        return sum(self.seconds.values())

    def decide(self, request: Request, view: Any) -> Any:
        start = time.process_time()
        answer = self.agent.decide(request, view)
        self.seconds[request.kind] = self.seconds.get(request.kind, 0.0) + time.process_time() - start
        self.counts[request.kind] = self.counts.get(request.kind, 0) + 1
        return request.validate(answer)


def play_declared(rules: RuleSet, seed: int, bid: str, agents: dict[int, Agent]) -> DealResult:
    """Deal ``seed``'s cards, make ``DECLARER`` the declarer of ``bid``, and let ``agents`` play it."""
    deal: Deal

    def ask(request: Request) -> Any:
        agent = agents[request.seat]
        view = deal.view(request.seat) if agent.wants_view else None
        return agent.decide(request, view)

    seats = list(range(PLAYERS))
    deal = Deal(
        rules,
        seats,
        DEALER,
        {s: 0 for s in seats},
        {s: {} for s in seats},
        ask,
        random.Random(seed),
        dict(rules.game.options),
    )
    deal.declare(DECLARER, BidAnswer(bid))
    return deal.play_out()


def measure(
    rules: RuleSet, seeds: range, bid: str, declarer: Callable[[int], Agent], defender: Callable[[int], Agent]
) -> tuple[float, float]:
    """Completion rate and the declarer's average tricks over ``seeds``."""
    completed = tricks = 0
    for seed in seeds:
        agents = {s: (declarer if s == DECLARER else defender)(seed * 31 + s) for s in range(PLAYERS)}
        result = play_declared(rules, seed, bid, agents)
        completed += result.completed
        tricks += result.tricks[DECLARER]
    return completed / len(seeds), tricks / len(seeds)


#: One whole game of four heuristic agents, run in a given tree (the code now, or as it was at the
#: baseline commit): only the public API that both have (``Game``, ``HeuristicAgent``, ``load_ruleset``).
SELF_PLAY_GAME = """
import json, time
from interpreter.agents import HeuristicAgent
from interpreter.game import Game
from rulespec import load_ruleset

arg = json.loads(sys.argv[1])
rules = load_ruleset("combo-whist")
bid_cpu = [0.0]

class Timed:
    def __init__(self, agent):
        self.agent = agent
        self.wants_view = getattr(agent, "wants_view", True)
        self.legal_answers = getattr(agent, "legal_answers", False)

    def __getattr__(self, name):
        return getattr(self.agent, name)

    def decide(self, request, view):
        start = time.process_time()
        answer = self.agent.decide(request, view)
        if request.kind == "bid":
            bid_cpu[0] += time.process_time() - start
        return answer

seed, index = arg["seed"], arg["index"]
agents = [Timed(HeuristicAgent(seed * 1000 + index * 10 + s, rules=rules, samples=arg["samples"])) for s in range(4)]
start, cpu = time.perf_counter(), time.process_time()
game = Game(rules, agents, seed=seed * 1000 + index)
game.run()
cpu, seconds = time.process_time() - cpu, time.perf_counter() - start
played = [d for d in game.deal_records if d["declarer"] is not None]
print(json.dumps({
    "deals": len(game.deal_records), "declared": len(played), "cpu": cpu, "seconds": seconds,
    "completed": sum(1 for d in played if d["completed"]), "bid_cpu": bid_cpu[0],
    "playouts": sum(a.agent.playouts for a in agents),
}))
"""


#: One game as ``whist simulate --agents heuristic --jobs 1`` plays it, in a given tree: its own game
#: seed (``seed`` of the command with one game), the command's agents, and what the command does
#: around its games (now: lean games and the loaded rule set frozen, ``play_games``; at 6c0a0b5, before
#: ``--jobs``: full games, ``simulate``).
SIMULATION_GAME = """
import json, time
from interpreter.agents import HeuristicAgent
from rulespec import load_ruleset

arg = json.loads(sys.argv[1])
rules = load_ruleset("combo-whist")
seed = arg["seed"] * 1000 + arg["index"]
make = lambda agent_seed: HeuristicAgent(agent_seed, rules=rules)
cpu = time.process_time()
try:
    from interpreter.simulation import play_games
except ImportError:
    from interpreter.simulation import simulate
    summary = simulate(rules, 1, seed, 4, make)
else:
    summary = play_games(rules, range(1), seed, 4, make)
cpu = time.process_time() - cpu
print(json.dumps({"deals": summary.deals + summary.redeals, "cpu": cpu}))
"""


def simulation(games: int, seed: int, baseline: str) -> None:
    """Games as ``whist simulate --agents heuristic --jobs 1`` plays them, now and at ``baseline``, in turn
    (each game in its own process, on the same seeds, as :func:`self_play`)."""
    totals: dict[str, dict[str, float]] = {"now": {}, "before": {}}
    with temporary_folder() as folder:
        trees = {"now": REPO, "before": unpack(baseline, Path(folder))}
        for index in range(games):
            for side in ("before", "now") if index % 2 == 0 else ("now", "before"):
                figures = run_in(trees[side], SIMULATION_GAME, {"seed": seed, "index": index})
                for key, value in figures.items():
                    totals[side][key] = totals[side].get(key, 0.0) + value
    now, before = (totals[side]["deals"] / max(totals[side]["cpu"], 1e-9) for side in ("now", "before"))
    print(
        f"simulation: {games} games as `whist simulate --agents heuristic --jobs 1` plays them, {now:.1f} deals "
        f"per CPU second, {now / before:.2f}x the command at {baseline} in the same run ({before:.1f})"
    )


def self_play(games: int, seed: int, samples: int, baseline: str) -> None:
    """Whole games of four heuristic agents, the agent now and as it was at ``baseline``, in turn.

    Each game runs in its own process, in this tree or in the baseline's (unpacked from git), on the
    same seeds, alternating, so that the ratio holds on a busy machine whose speed changes from
    minute to minute. The games differ once the agents' decisions do.
    """
    totals: dict[str, dict[str, float]] = {"now": {}, "before": {}}
    with temporary_folder() as folder:
        trees = {"now": REPO, "before": unpack(baseline, Path(folder))}
        for index in range(games):
            for side in ("before", "now") if index % 2 == 0 else ("now", "before"):
                figures = run_in(trees[side], SELF_PLAY_GAME, {"seed": seed, "index": index, "samples": samples})
                for key, value in figures.items():
                    totals[side][key] = totals[side].get(key, 0.0) + value
    now, before = totals["now"], totals["before"]

    def rate(side: dict[str, float]) -> float:
        return side["deals"] / max(side["cpu"], 1e-9)

    print(
        f"self-play: {games} games of {PLAYERS} heuristic agents, {rate(now):.1f} deals per CPU second, "
        f"{rate(now) / rate(before):.2f}x the agent at {baseline} in the same run ({rate(before):.1f}; "
        f"at the start of issue 17, --games 3 --seed 1: {BASELINE_DEALS_PER_CPU_SECOND} on this busy machine)"
    )
    for label, sums in (("now", now), ("before", before)):
        per_agent_deal = max(1.0, sums["deals"]) * PLAYERS
        print(
            f"  {label:7} {sums['deals']:4.0f} deals, {rate(sums):6.1f} deals per CPU second; bidding "
            f"{sums['bid_cpu'] / per_agent_deal * 1000:.1f} CPU ms and {sums['playouts'] / per_agent_deal:.0f} "
            f"playouts per agent and deal; declared combos completed "
            f"{sums['completed']:.0f}/{sums['declared']:.0f} = {sums['completed'] / max(1.0, sums['declared']):.1%}"
        )


def settings_duel(deals: int, seed: int, setting: str, ruleset: str = "combo-whist") -> None:
    """Mirrored deals (as ``whist duel`` plays them: whole matches in a match game) of the heuristic
    agent now (A) against the same agent with class settings changed (B, e.g. ``hopeless=2``: the
    agent before a change of it)."""
    from interpreter.duel import arrangement, deal_seed, interval
    from interpreter.gamestate import GameState

    rules = load_ruleset(ruleset)
    players = PLAYERS if rules.game.players.min <= PLAYERS <= rules.game.players.max else rules.game.players.min
    whole_game = rules.game.match is not None
    probe = HeuristicAgent(0, rules=rules)  # class settings (hopeless, reach) and the agent's own (samples)
    changes: dict[str, Any] = {}
    for part in setting.split(","):
        name, _, text = part.partition("=")
        if name.startswith("_") or not hasattr(probe, name) or callable(getattr(probe, name)):
            raise SystemExit(f"the heuristic agent has no setting {name!r}")
        kind = type(getattr(probe, name))
        changes[name] = text.lower() in ("1", "true", "yes") if kind is bool else kind(text)
    differences: list[float] = []
    declared = {"A": 0, "B": 0}
    completed = {"A": 0, "B": 0}
    cpu = {"A": 0.0, "B": 0.0}
    for index in range(deals):
        difference = 0.0
        for mirrored in (False, True):
            sides = arrangement("A", "B", players, mirrored)
            game_seed = deal_seed(seed, index)
            agents = [HeuristicAgent(game_seed * 17 + s, rules=rules) for s in range(players)]
            for agent, side in zip(agents, sides, strict=True):
                if side == "B":
                    for name, value in changes.items():
                        setattr(agent, name, value)
            state = GameState(rules, players, seed=game_seed, first_dealer=index % players)
            before = dict(state.scores)
            request = state.advance()
            while request is not None:
                start = time.process_time()
                answer = agents[request.seat].decide(request, state.view(request.seat))
                cpu[sides[request.seat]] += time.process_time() - start
                state.apply(answer)
                request = state.advance(one_deal=not whole_game)
            record = state.deal_records[-1]
            for seat in range(players):
                gain = float(state.scores[seat] - before[seat]) / 2
                difference += gain if sides[seat] == "A" else -gain
            if record.get("declarer") is not None:
                declared[sides[record["declarer"]]] += 1
                completed[sides[record["declarer"]]] += bool(record["completed"])
        differences.append(difference)
    mean, ci95 = interval(differences)
    print(
        f"duel ({ruleset}): the agent now (A) against {setting} (B), {deals} mirrored "
        f"{'matches' if whole_game else 'deals'}, seed {seed}: A - B = {mean:+.3f} "
        f"points per {'match' if whole_game else 'deal'}, 95 % interval {ci95}; declarers completed "
        + ", ".join(f"{side} {completed[side]}/{declared[side]}" for side in ("A", "B"))
        + f"; CPU seconds deciding: A {cpu['A']:.1f}, B {cpu['B']:.1f}"
    )


def declared_deals(rules: RuleSet, deals: int, seed: int, bid: str, samples: int) -> None:
    """Seeded deals declared ``bid``: heuristic and random declarers and defenders compared."""
    seeds = range(seed * 100_000, seed * 100_000 + deals)
    timed: list[Timed] = []

    def heuristic(seed: int) -> Agent:
        agent = Timed(HeuristicAgent(seed, rules, samples=samples))
        timed.append(agent)
        return agent

    def random_agent(seed: int) -> Agent:
        return RandomAgent(seed)

    rows = [
        ("declaring", "heuristic declarer, random defenders", heuristic, random_agent),
        ("declaring", "random declarer, random defenders", random_agent, random_agent),
        ("defending", "random declarer, heuristic defenders", random_agent, heuristic),
        ("defending", "random declarer, random defenders", random_agent, random_agent),
        ("both", "heuristic declarer, heuristic defenders", heuristic, heuristic),
    ]
    print(f"{bid}: {deals} seeded deals, {PLAYERS} players, declared by seat {DECLARER}")
    print(f"{'':10} {'who plays':42} {'completed':>9} {'tricks':>7}")
    results = {}
    for group, label, declarer, defender in rows:
        rate, tricks = measure(rules, seeds, bid, declarer, defender)
        results[label] = rate
        print(f"{group:10} {label:42} {rate:9.1%} {tricks:7.2f}")
    decisions = sum(t.decisions for t in timed)
    seconds = sum(t.total for t in timed)
    print(f"heuristic agent: {decisions} decisions, {seconds / max(1, decisions) * 1000:.2f} CPU ms per decision")
    declaring = results["heuristic declarer, random defenders"] - results["random declarer, random defenders"]
    defending = results["random declarer, random defenders"] - results["random declarer, heuristic defenders"]
    print(f"heuristic advantage: declaring {declaring:+.1%}, defending {defending:+.1%} (completion points)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bid", default="trump", help="the standard bid declared (default: trump)")
    parser.add_argument("--samples", type=int, default=5, help="the heuristic agent's layouts per deal")
    parser.add_argument("--games", type=int, default=3, help="whole games of heuristic agents (0: none)")
    parser.add_argument(
        "--baseline",
        default=BASELINE_COMMIT,
        help=f"the commit whose agent is the baseline (default {BASELINE_COMMIT})",
    )
    parser.add_argument("--duel", type=int, default=0, help="mirrored deals of the agent against --setting")
    parser.add_argument("--setting", default="hopeless=2", help="B's changed settings in --duel (a=1,b=2)")
    parser.add_argument("--ruleset", default="combo-whist", help="the rule set of --duel (default combo-whist)")
    args = parser.parse_args()
    rules = load_ruleset("combo-whist")
    start = time.perf_counter()
    if args.deals:
        declared_deals(rules, args.deals, args.seed, args.bid, args.samples)
    if args.games:
        self_play(args.games, args.seed, args.samples, args.baseline)
        simulation(args.games, args.seed, args.baseline)
    if args.duel:
        settings_duel(args.duel, args.seed, args.setting, args.ruleset)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
