"""Where a full random Combo Whist deal spends its time, sampled (not traced).

cProfile charges a cost to every Python call, so call-heavy code looks dearer than it is (in
this engine it made the random module's draws look like a fifth of a deal; inlining them saved
nothing in CPU time). This script plays the seeded games of ``benchmarks/engine.py`` line (b)
(four random agents, combo bids, ``lean`` as ``whist simulate`` plays them) and samples the
running Python stack on a CPU-time timer instead: each function's share of the samples, where
it was running (own) and anywhere on the stack (cumulative).

    python benchmarks/sampled.py --games 600 --top 30
"""

from __future__ import annotations

import argparse
import collections
import signal
import sys
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import RandomAgent  # noqa: E402
from interpreter.game import Game  # noqa: E402
from rulespec import load_ruleset  # noqa: E402

Where = tuple[str, str]  # file name, function name


def play(games: int, first_seed: int = 100) -> int:
    """The seeded games of engine.py's full-deal line; the number of deals played."""
    rules = load_ruleset("combo-whist")
    deals = 0
    for seed in range(first_seed, first_seed + games):
        agents = [RandomAgent(seed * 4 + s, bid_chance=0.7) for s in range(4)]
        game = Game(rules, agents, seed=seed, lean=True)
        game.run()
        deals += len(game.deal_records)
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--top", type=int, default=30)
    # (the kernel's timer may fire less often than asked: the count of samples is printed)
    parser.add_argument("--interval", type=float, default=0.0002, help="seconds of CPU time between samples")
    args = parser.parse_args()
    own: collections.Counter[Where] = collections.Counter()
    anywhere: collections.Counter[Where] = collections.Counter()
    samples = [0]

    def sample(signum: int, frame: FrameType | None) -> None:
        samples[0] += 1
        seen: set[Where] = set()
        if frame is not None:
            own[(Path(frame.f_code.co_filename).name, frame.f_code.co_name)] += 1
        while frame is not None:
            where = (Path(frame.f_code.co_filename).name, frame.f_code.co_name)
            if where not in seen:  # a recursive function counted once per sample
                anywhere[where] += 1
                seen.add(where)
            frame = frame.f_back

    play(20)  # (warm: the rule set loaded, its caches started)
    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, args.interval, args.interval)
    try:
        deals = play(args.games)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    total = max(1, samples[0])
    print(f"{deals} deals, {total} samples")
    for title, counts in (("own", own), ("cumulative", anywhere)):
        print(title)
        for (name, function), count in counts.most_common(args.top):
            print(f"  {100 * count / total:5.1f}%  {name}:{function}")


if __name__ == "__main__":
    main()
