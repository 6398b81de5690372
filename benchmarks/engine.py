"""How fast the interpreter plays, measured against a hand-written whist loop.

Prints deals per second for
  (a) plain Trump deals with random play, run by the interpreter from the rule data, beside a
      hand-written plain whist loop doing the same work (shuffle, deal, trump, legal random
      plays, trick winners) in the same run — their ratio is the interpreter's cost;
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


def rate(run, seconds: float) -> float:
    """Deals per second of ``run(i)`` over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run(count)
        count += 1
    return count / (time.perf_counter() - start)


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

    hand_rate = rate(handwritten, args.seconds)
    engine_rate = rate(engine_trump_deal, args.seconds)
    print(
        f"(a) plain Trump deals, random play: interpreter {engine_rate:,.0f} deals/s, "
        f"hand-written loop {hand_rate:,.0f} deals/s, ratio {hand_rate / engine_rate:.2f}x"
    )

    deals = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < args.seconds:
        game = Game(rules, [RandomAgent(seed * 4 + s, bid_chance=0.7) for s in seats], seed=seed)
        game.run()
        deals += len(game.deal_records)
        seed += 1
    full_rate = deals / (time.perf_counter() - start)
    print(
        f"(b) full Combo Whist deals (auction with random combo bids, events, hand, scoring): "
        f"{full_rate:,.0f} deals/s over {seed} games"
    )


if __name__ == "__main__":
    main()
