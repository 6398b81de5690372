"""The search agent's thinking time beside the heuristic agent's, on the same seeded deals.

Each deal (the deals of ``whist duel``: a fresh game, the dealer rotating) is played with the
search agent at seat 0 and heuristic agents elsewhere, then again with a heuristic agent at
seat 0. It prints, side by side, seat 0's CPU seconds per decision (mean, and the slowest
decision), the worlds the search agent sampled per decision, and how often it found none (and
answered as the heuristic agent). CPU time, not the wall clock: on a shared machine the wall
clock measures the neighbours. Run::

    python benchmarks/search.py --deals 10 --seed 1 [--budget samples=6,rollouts=24]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.duel import make_agent  # noqa: E402
from interpreter.gamestate import GameState  # noqa: E402
from interpreter.seeds import study_seed  # noqa: E402
from rulespec import load_ruleset  # noqa: E402


def seat_zero(ruleset: str, spec: str, deals: int, seed: int, players: int) -> dict[str, float]:
    rules = load_ruleset(ruleset)
    times: list[float] = []
    worlds = fallbacks = searched = 0
    for index in range(deals):
        game_seed = study_seed(seed, index)
        agents = [make_agent(spec if s == 0 else "heuristic", game_seed * 17 + s, rules) for s in range(players)]
        state = GameState(rules, players, seed=game_seed, first_dealer=index % players)
        request = state.advance()
        while request is not None:
            start = time.process_time()
            answer = agents[request.seat].decide(request, state.view(request.seat))
            if request.seat == 0:
                times.append(time.process_time() - start)
            state.apply(answer)
            request = state.advance(one_deal=True)
        agent = agents[0]
        worlds += getattr(agent, "worlds_built", 0)
        fallbacks += getattr(agent, "fallbacks", 0)
        searched += getattr(agent, "decisions", 0)
    return {
        "decisions": len(times),
        "mean": sum(times) / len(times) if times else 0.0,
        "slowest": max(times, default=0.0),
        "worlds": worlds / searched if searched else 0.0,
        "fallbacks": fallbacks,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="combo-whist")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", default="", help="search budget, e.g. samples=6,rollouts=24")
    args = parser.parse_args()
    search = "search" + (f":{args.budget}" if args.budget else "")
    rows = {
        name: seat_zero(args.ruleset, spec, args.deals, args.seed, args.players)
        for name, spec in (("search", search), ("heuristic", "heuristic"))
    }
    print(f"{args.ruleset}, {args.deals} deals, seed {args.seed}: seat 0's CPU seconds per decision")
    print(f"{'agent':<10} {'decisions':>9} {'mean s':>8} {'slowest s':>10} {'worlds':>7} {'no world':>9}")
    for name, row in rows.items():
        print(
            f"{name:<10} {row['decisions']:>9} {row['mean']:>8.3f} {row['slowest']:>10.3f} "
            f"{row['worlds']:>7.1f} {row['fallbacks']:>9}"
        )


if __name__ == "__main__":
    main()
