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
now and, side by side in the same run, for the agent as it was before its speed work
(``benchmarks/heuristic_before``, a frozen copy: the baseline). Run::

    python benchmarks/agents.py --deals 300 --seed 1 --games 5
    python benchmarks/agents.py --deals 0 --games 0 --duel 300   # is the agent now as strong as before?
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

from benchmarks.heuristic_before import HeuristicAgent as HeuristicBefore  # noqa: E402
from interpreter.agents import HeuristicAgent, RandomAgent  # noqa: E402
from interpreter.deal import Deal, DealResult  # noqa: E402
from interpreter.decisions import Agent, BidAnswer, Request  # noqa: E402
from interpreter.game import Game  # noqa: E402
from rulespec import load_ruleset  # noqa: E402
from rulespec.model import RuleSet  # noqa: E402

PLAYERS = 4
#: Self-play deals per CPU second before the engine became a steppable state (commit 6c0a0b5, measured
#: on the project's shared 2-core machine with --deals 40 --seed 1 --games 3): the figure to beat.
BASELINE_DEALS_PER_CPU_SECOND = 13.2
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


class SelfPlay:
    """Whole games of four agents of one kind (the agent now, or as it was): speed and bidding."""

    def __init__(self, label: str, make: Callable[..., Agent]) -> None:
        self.label = label
        self.make = make
        self.timed: list[Timed] = []
        self.deals = self.declared = self.completed = 0
        self.cpu = self.seconds = 0.0

    def game(self, rules: RuleSet, seed: int, index: int, samples: int) -> None:
        agents = [Timed(self.make(seed * 1000 + index * 10 + s, rules, samples=samples)) for s in range(PLAYERS)]
        self.timed.extend(agents)
        start, cpu = time.perf_counter(), time.process_time()
        game = Game(rules, agents, seed=seed * 1000 + index)
        game.run()
        self.seconds += time.perf_counter() - start
        self.cpu += time.process_time() - cpu
        played = [d for d in game.deal_records if d["declarer"] is not None]
        self.deals += len(game.deal_records)  # redeals too: they were bid
        self.declared += len(played)
        self.completed += sum(1 for d in played if d["completed"])

    @property
    def bid_seconds_per_agent_deal(self) -> float:
        return sum(t.seconds.get("bid", 0.0) for t in self.timed) / max(1, self.deals * PLAYERS)

    @property
    def rate(self) -> float:
        """Deals per CPU second."""
        return self.deals / max(self.cpu, 1e-9)

    def report(self) -> None:
        print(
            f"  {self.label:7} {self.deals:4} deals, {self.rate:6.1f} deals per CPU second "
            f"({self.deals / max(self.seconds, 1e-9):.1f} per wall-clock second)"
        )
        timed = self.timed
        for kind in ("bid", "play", "choose"):
            count = sum(t.counts.get(kind, 0) for t in timed)
            spent = sum(t.seconds.get(kind, 0.0) for t in timed)
            if count:
                print(f"          {kind:6} {count:6} decisions, {spent / count * 1000:7.2f} CPU ms each")
        per_agent_deal = max(1, self.deals) * PLAYERS
        bid_seconds = sum(t.seconds.get("bid", 0.0) for t in timed)
        playouts = sum(getattr(t.agent, "playouts", 0) for t in timed)
        print(
            f"          bidding: {bid_seconds / per_agent_deal * 1000:.1f} CPU ms and "
            f"{playouts / per_agent_deal:.0f} playouts per agent per deal, "
            f"{bid_seconds / max(1, playouts) * 1e6:.0f} CPU µs per playout"
        )
        rate = self.completed / max(1, self.declared)
        print(f"          declared combos completed: {self.completed}/{self.declared} = {rate:.1%}")


def self_play(rules: RuleSet, games: int, seed: int, samples: int) -> None:
    """Whole games of four heuristic agents, the agent now and as it was, game by game in turn.

    The two are timed on the same seeds in the same run, alternating, so that the ratio holds on a
    busy machine whose speed changes from minute to minute.
    """
    now = SelfPlay("now", HeuristicAgent)
    before = SelfPlay("before", HeuristicBefore)
    for index in range(games):
        for side in (before, now) if index % 2 == 0 else (now, before):
            side.game(rules, seed, index, samples)
    print(
        f"self-play: {games} games of {PLAYERS} heuristic agents, {now.rate:.1f} deals per CPU second, "
        f"{now.rate / before.rate:.2f}x the agent before this work in the same run ({before.rate:.1f}; "
        f"benchmarks/heuristic_before; at the start of issue 17, --games 3 --seed 1: "
        f"{BASELINE_DEALS_PER_CPU_SECOND} on this busy machine)"
    )
    now_ms, before_ms = now.bid_seconds_per_agent_deal * 1000, before.bid_seconds_per_agent_deal * 1000
    print(
        f"  bidding, CPU time per agent and deal: {before_ms / max(now_ms, 1e-9):.2f}x as fast as before "
        f"({now_ms:.1f} ms, before {before_ms:.1f}; the games differ once decisions do, and deals per "
        "second also count how long their auctions are)"
    )
    now.report()
    before.report()


def duel_before(deals: int, seed: int) -> None:
    """``whist duel`` of the heuristic agent now (A) against the agent as it was (B), mirrored deals.

    The duel's own machinery plays it, with its agent maker told apart for the two sides: the
    kind "heuristic" makes the agent now and "random" stands for the agent before.
    """
    from interpreter import duel

    def make_agent(spec: str, agent_seed: int, rules: RuleSet) -> Agent:
        return (
            HeuristicAgent(agent_seed, rules=rules) if spec == "heuristic" else HeuristicBefore(agent_seed, rules=rules)
        )

    kept = duel.make_agent
    duel.make_agent = make_agent
    try:
        result = duel.duel("combo-whist", "heuristic", "random", deals, seed, PLAYERS)
    finally:
        duel.make_agent = kept
    now, before = result["mean_points"]["heuristic"], result["mean_points"]["random"]
    low, high = result["ci95"] or (result["difference"], result["difference"])
    completion = result["declarer_completion"]
    print(
        f"duel, {deals} mirrored deals, seed {seed}: now {now:+.3f} points per deal, before {before:+.3f}; "
        f"now − before = {result['difference']:+.3f}, 95 % interval [{low:+.3f}, {high:+.3f}]; declarers "
        f"completed {completion['heuristic']:.1%} (now) and {completion['random']:.1%} (before); CPU per decision "
        f"{result['seconds_per_decision']['heuristic'] * 1000:.2f} ms (now), "
        f"{result['seconds_per_decision']['random'] * 1000:.2f} ms (before)"
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
        "--duel", type=int, default=0, metavar="DEALS", help="a duel of the agent now against it as it was (0: none)"
    )
    args = parser.parse_args()
    rules = load_ruleset("combo-whist")
    start = time.perf_counter()
    if args.deals:
        declared_deals(rules, args.deals, args.seed, args.bid, args.samples)
    if args.games:
        self_play(rules, args.games, args.seed, args.samples)
    if args.duel:
        duel_before(args.duel, args.seed)
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
