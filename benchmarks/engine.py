"""How fast the interpreter plays, measured against a hand-written whist loop.

Prints deals per second for
  (a) plain Trump deals with random play, run by the interpreter from the rule data, beside a
      hand-written plain whist loop doing the same work (shuffle, deal, trump, legal random
      plays, trick winners) in the same run, in alternating batches — their ratio is the
      interpreter's cost;
  (b) full Combo Whist deals: the auction with random combo bids, every event, the hand,
      scoring and the game around it.
Run: python benchmarks/engine.py [--seconds S]   (one core; the figures vary with the machine)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.agents import RandomAgent  # noqa: E402
from interpreter.deal import Deal  # noqa: E402
from interpreter.decisions import BidAnswer, Request  # noqa: E402
from interpreter.game import Game  # noqa: E402
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
        played = []
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


def alternating_rates(first, second, seconds: float, batch: int = 200) -> tuple[float, float, float]:
    """Deals per second of ``first(i)`` and ``second(i)``, and the median ratio of their batch times.

    The two run in alternating batches of ``batch`` deals over about ``seconds`` each, so a change
    in the machine's speed during the run (other load, clock changes) reaches both alike; the
    median of the per-round ratios ignores the odd disturbed round.
    """
    times: tuple[list[float], list[float]] = ([], [])
    start = time.perf_counter()
    index = 0
    while time.perf_counter() - start < 2 * seconds or len(times[0]) < 3:
        for run, spent in zip((first, second), times, strict=True):
            begin = time.perf_counter()
            for i in range(index, index + batch):
                run(i)
            spent.append(time.perf_counter() - begin)
        index += batch
    ratios = sorted(b / a for a, b in zip(*times, strict=True))
    rates = tuple(batch * len(spent) / sum(spent) for spent in times)
    return rates[0], rates[1], ratios[len(ratios) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    rules = load_ruleset("combo-whist")
    seats = [0, 1, 2, 3]
    zeros = {s: 0 for s in seats}

    def engine_trump_deal(i: int) -> None:
        rng = random.Random(i)

        def ask(request: Request):
            options = request.options
            return options[rng.randrange(len(options))]

        deal = Deal(rules, seats, i % 4, zeros, {s: {} for s in seats}, ask, rng, {})
        deal.declare((i + 1) % 4, BidAnswer("trump"))
        deal.play_out()

    def handwritten(i: int) -> None:
        handwritten_deal(random.Random(i))

    hand_rate, engine_rate, ratio = alternating_rates(handwritten, engine_trump_deal, args.seconds)
    print(
        f"(a) plain Trump deals, random play: interpreter {engine_rate:,.0f} deals/s, "
        f"hand-written loop {hand_rate:,.0f} deals/s, ratio {ratio:.2f}x "
        "(median over alternating batches; aim: at most 2x)"
    )

    full_rate, best_rate, games = full_deal_rates(rules, seats, args.seconds)
    print(
        f"(b) full Combo Whist deals (auction with random combo bids, events, hand, scoring): "
        f"{full_rate:,.0f} deals/s over {games} games, {best_rate:,.0f} deals/s in the fastest "
        "round of ten games (aim: at least 1,000)"
    )


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
