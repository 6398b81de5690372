"""How fast the interpreter plays, measured against a hand-written whist loop.

Prints deals per second for
  (a) plain Trump deals with random play, run by the interpreter from the rule data, beside a
      hand-written plain whist loop doing the same work (shuffle, deal, trump, legal random
      plays, trick winners) in the same run, in alternating batches — their ratio is the
      interpreter's cost;
  (b) full Combo Whist deals: the auction with random combo bids, every event, the hand,
      scoring and the game around it — also beside the hand-written loop, in alternating rounds;
  (c) the state API: a clone of a game position and an apply of one answer, at random decisions;
  (d) loading the Combo Whist rule set, and ``whist --help`` (start-up of the command line).
Run: python benchmarks/engine.py [--seconds S] [--only a|b|c|d]   (one core; the figures vary with the machine)
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import RandomAgent  # noqa: E402
from interpreter.deal import Deal  # noqa: E402
from interpreter.decisions import BidAnswer, Request  # noqa: E402
from interpreter.game import Game  # noqa: E402
from interpreter.gamestate import GameState  # noqa: E402
from interpreter.simulation import freeze_loaded  # noqa: E402
from rulespec import load_ruleset  # noqa: E402
from rulespec.model import RuleSet  # noqa: E402

SUITS = "CDHS"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def handwritten_deal(rng: random.Random) -> int:
    """One plain whist deal with trump and random legal play, written directly."""
    deck = [(suit, value) for suit in range(4) for value in range(13)]
    rng.shuffle(deck)
    hands = [deck[i * 13 : (i + 1) * 13] for i in range(4)]
    trump = rng.randrange(4)
    leader = rng.randrange(4)
    tricks = [0, 0, 0, 0]
    for _ in range(13):
        played: list[tuple[int, tuple[int, int]]] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            hand = hands[seat]
            if played:
                led = played[0][1][0]
                legal = [c for c in hand if c[0] == led] or hand
            else:
                legal = hand
            card = legal[rng.randrange(len(legal))]
            hand.remove(card)
            played.append((seat, card))
        led = played[0][1][0]
        best = played[0]
        for seat, card in played[1:]:
            top = best[1]
            if card[0] == top[0] and card[1] > top[1] or card[0] == trump and top[0] != trump:
                best = (seat, card)
        leader = best[0]
        tricks[leader] += 1
    return tricks[0]


def alternating_rates(
    first: Callable[[int], None], second: Callable[[int], None], seconds: float, batch: int = 200
) -> tuple[float, float, float]:
    """Deals per second of ``first(i)`` and ``second(i)``, and the median ratio of their batch times.

    The two run in alternating batches of ``batch`` deals over about ``seconds`` each, so a change
    in the machine's speed during the run (other load, clock changes) reaches both alike; the
    median of the per-round ratios ignores the odd disturbed round. Times are CPU times of this
    process (other processes on a busy machine count less).
    """
    times: tuple[list[float], list[float]] = ([], [])
    start = time.perf_counter()
    index = 0
    while time.perf_counter() - start < 2 * seconds or len(times[0]) < 3:
        for run, spent in zip((first, second), times, strict=True):
            begin = time.process_time()
            for i in range(index, index + batch):
                run(i)
            spent.append(time.process_time() - begin)
        index += batch
    ratios = sorted(b / a for a, b in zip(*times, strict=True))
    rates = tuple(batch * len(spent) / sum(spent) for spent in times)
    return rates[0], rates[1], ratios[len(ratios) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--only", choices="abcd", help="print only this line (e.g. b: the full deals)")
    args = parser.parse_args()
    rules = load_ruleset("combo-whist")
    freeze_loaded()  # as `whist simulate` does before its games
    seats = [0, 1, 2, 3]
    zeros = {s: 0 for s in seats}
    wanted = args.only or "abcd"

    def engine_trump_deal(i: int) -> None:
        rng = random.Random(i)

        def ask(request: Request) -> Any:
            options = request.options
            return options[rng.randrange(len(options))]

        deal = Deal(rules, seats, i % 4, zeros, {s: {} for s in seats}, ask, rng, {})
        deal.declare((i + 1) % 4, BidAnswer("trump"))
        deal.play_out()

    def handwritten(i: int) -> None:
        handwritten_deal(random.Random(i))

    if "a" in wanted:
        hand_rate, engine_rate, ratio = alternating_rates(handwritten, engine_trump_deal, args.seconds)
        print(
            f"(a) plain Trump deals, random play: interpreter {engine_rate:,.0f} deals/s, "
            f"hand-written loop {hand_rate:,.0f} deals/s of CPU time, ratio {ratio:.2f}x "
            "(median over alternating batches; aim: at most 2x)"
        )

    if "b" in wanted:
        full_rate, best_rate, games = full_deal_rates(rules, seats, args.seconds)
        print(
            f"(b) full Combo Whist deals (auction with random combo bids, events, hand, scoring): "
            f"{full_rate:,.0f} deals/s over {games} games, {best_rate:,.0f} deals/s in the fastest "
            "round of ten games (aim: at least 1,000)"
        )
        full, hand, speed = full_beside_handwritten(rules, seats, args.seconds)
        print(
            f"    as `whist simulate` plays them (no decision log, outcome-only records), beside the hand-written "
            f"loop in alternating rounds: full deals {full:,.0f}/s, hand-written {hand:,.0f}/s of CPU time, "
            f"full deals at {speed:.3f}x its speed (median of the rounds; aim: at least 0.25x)"
        )
    if "c" in wanted:
        clone_us, apply_us, positions = state_costs(rules, args.seconds)
        print(
            f"(c) state API at {positions} random positions of Combo Whist games: clone {clone_us:,.0f} µs, "
            f"apply (one answer and on to the next decision) {apply_us:,.1f} µs"
        )
    if "d" in wanted:
        start = startup_costs()
        print(
            f"(d) loading combo-whist {start['load']:,.0f} ms, CPU time {start['load_cpu']:,.1f} ms (aim: under 20 ms; "
            f"{start['load_cpu_parsing']:,.1f} ms CPU when every expression is parsed, without the shipped trees), "
            f"after importing lark and jsonschema ({start['libraries']:,.0f} ms, paid by the first load in a process); "
            f"`whist --help` {start['help']:,.0f} ms, CPU time {start['help_cpu']:,.0f} ms (aim: under 150 ms; "
            "medians of 5 runs)"
        )


def full_beside_handwritten(rules: RuleSet, seats: list[int], seconds: float) -> tuple[float, float, float]:
    """Full Combo Whist deals and as many hand-written deals, in alternating rounds: the rates per
    second of CPU time and the median of the rounds' speed ratios (full deals per second / hand-written
    deals per second). CPU time of this process, so that other processes on a busy machine count less
    (they still share its caches and cores)."""
    ratios: list[float] = []
    totals = [0, 0.0, 0.0]
    start, round_ = time.perf_counter(), 0
    while time.perf_counter() - start < 2 * seconds or len(ratios) < 3:
        begin = time.process_time()
        deals = 0
        for seed in range(round_ * 5, round_ * 5 + 5):
            agents = [RandomAgent(seed * 4 + s, bid_chance=0.7) for s in seats]
            game = Game(rules, agents, seed=seed, lean=True)  # as `whist simulate` plays them
            game.run()
            deals += len(game.deal_records)
        middle = time.process_time()
        for i in range(deals):
            handwritten_deal(random.Random(i))
        end = time.process_time()
        ratios.append((end - middle) / (middle - begin))
        totals[0] += deals
        totals[1] += middle - begin
        totals[2] += end - middle
        round_ += 1
    return totals[0] / totals[1], totals[0] / totals[2], statistics.median(ratios)


def state_costs(rules: RuleSet, seconds: float) -> tuple[float, float, int]:
    """Microseconds per clone of a game position and per apply, at random decisions of random games."""
    clone_time = apply_time = 0.0
    clones = applies = positions = 0
    start, seed = time.perf_counter(), 0
    while time.perf_counter() - start < seconds or positions < 20:
        rng = random.Random(seed)
        agents = [RandomAgent(seed * 4 + s) for s in seats_of(rules)]
        state = GameState(rules, len(agents), seed=seed, max_deals=3)
        stop = rng.randrange(20, 400)
        while not state.is_over and applies < 10**9:
            request = state.pending
            assert request is not None
            answer = agents[request.seat].decide(request, None)
            begin = time.perf_counter()
            state.apply(answer)
            state.pending  # noqa: B018 - runs on to the next decision
            apply_time += time.perf_counter() - begin
            applies += 1
            stop -= 1
            if stop == 0:
                begin = time.perf_counter()
                for _ in range(10):
                    state.clone()
                clone_time += time.perf_counter() - begin
                clones += 10
                positions += 1
                stop = rng.randrange(20, 400)
        seed += 1
    return 1e6 * clone_time / max(1, clones), 1e6 * apply_time / max(1, applies), positions


def seats_of(rules: RuleSet) -> list[int]:
    return list(range(4 if rules.game.players.min <= 4 <= rules.game.players.max else rules.game.players.min))


def startup_costs() -> dict[str, float]:
    """Milliseconds (medians over fresh processes) to load the Combo Whist rule set — wall and CPU
    time, and CPU time when every expression is parsed (without rulespec/grammar.trees.json) —,
    to import the libraries the load needs (lark, jsonschema: imported on first use, not at
    start-up), and to run `whist --help` (wall, and the child's CPU time). On a busy machine the
    CPU times are the steadier figures: the wall times include waiting for a core."""
    runs = [_timed(_LOAD_TIMER) for _ in range(5)]
    parsing = [_timed(_LOAD_TIMER.replace("#PARSE", _NO_TREES))[2] for _ in range(5)]
    helps, help_cpu = [], []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        begin = time.perf_counter()
        subprocess.run([sys.executable, "-m", "whist", "--help"], capture_output=True, check=True, cwd=ROOT)
        helps.append(time.perf_counter() - begin)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        help_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    figures = {
        "libraries": [run[0] for run in runs],
        "load": [run[1] for run in runs],
        "load_cpu": [run[2] for run in runs],
        "load_cpu_parsing": parsing,
        "help": helps,
        "help_cpu": help_cpu,
    }
    return {name: 1000 * statistics.median(values) for name, values in figures.items()}


def _timed(code: str) -> list[float]:
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return [float(figure) for figure in output.stdout.split()]


ROOT = Path(__file__).resolve().parent.parent
# Imports first (rulespec's are start-up, measured by `whist --help`; lark's and jsonschema's are
# timed apart, since the first load imports them), then the load alone: wall and CPU time.
_LOAD_TIMER = (
    "import time, rulespec, rulespec.loader, rulespec.build\n"
    "begin = time.perf_counter(); import lark, jsonschema, rulespec.grammartable\n"
    "print(time.perf_counter() - begin)\n"
    "#PARSE\n"
    "begin, cpu = time.perf_counter(), time.process_time(); rulespec.load_ruleset('combo-whist')\n"
    "print(time.perf_counter() - begin, time.process_time() - cpu)"
)
# The same load with no shipped parse trees: every expression parsed by Lark (built from its tables).
_NO_TREES = "import rulespec.grammartrees as trees; trees.TREES_PATH = trees.TREES_PATH.with_name('none.json')"


def full_deal_rates(rules: RuleSet, seats: list[int], seconds: float) -> tuple[float, float, int]:
    """Deals per second of whole games with random agents: over all, and in the fastest round.

    The same ten seeds are played in every round, so the rounds do equal work; the fastest is
    the figure least disturbed by other load on the machine (as ``timeit`` takes the best).
    """
    rounds: list[tuple[int, float]] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or len(rounds) < 3:
        begin = time.perf_counter()
        deals = 0
        for seed in range(10):
            game = Game(rules, [RandomAgent(seed * 4 + s, bid_chance=0.7) for s in seats], seed=seed)
            game.run()
            deals += len(game.deal_records)
        rounds.append((deals, time.perf_counter() - begin))
    total = sum(deals for deals, _ in rounds) / sum(spent for _, spent in rounds)
    best = max(deals / spent for deals, spent in rounds)
    return total, best, 10 * len(rounds)


if __name__ == "__main__":
    main()
