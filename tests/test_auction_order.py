"""The auction's turn order, stated from the rules (reading 14), over random auctions.

"Passing is final, and the auction goes round clockwise among those who have not passed."
Each test plays one deal of random auctions with 3 to 6 players, some of them below the
bidding floor (barred: they are passed for without being asked), and checks the auction log
against the rule's own words, not against the engine's algorithm:

* the first entry is the player on the dealer's left (among those dealt in);
* every later entry is the next player clockwise after the previous entry who has not passed;
* nobody is asked twice in a row, and the high bidder is never asked while anyone else is in;
* a barred player is never asked;
* the auction ends exactly when all but one have passed after a bid (that one declares), or
  when everyone has passed (a redeal).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.decisions import BidAnswer, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.model import RuleSet

RULES = load_ruleset("combo-whist")
BIDDING_FLOOR = -5  # "a player below -5 may not bid" (the rule set's bidding_floor)
IN_DEAL = 4  # with more than four players, four play each deal
assert RULES.game.params["bidding_floor"] == BIDDING_FLOOR


class LowBidder(RandomAgent):
    """Bids the lowest legal standard bid it finds (long auctions that go round many times), or passes."""

    def __init__(self, seed: int, pass_chance: float) -> None:
        super().__init__(seed)
        self.pass_chance = pass_chance

    def decide(self, request: Request, view: View | None) -> Any:
        if request.kind != "bid":
            return super().decide(request, view)
        if self.rng.random() < self.pass_chance or request.check is None:
            return None
        for standard in request.standard_ids:
            answer = BidAnswer(standard)
            if request.check(answer) is None:
                return answer
        return None


def clockwise_players(n: int, dealer: int) -> list[int]:
    """The players dealt in, clockwise from the dealer's left (those nearest the dealer's right sit out)."""
    out = {(dealer - 1 - i) % n for i in range(max(0, n - IN_DEAL))}
    return [s for s in ((dealer + 1 + i) % n for i in range(n)) if s not in out]


def next_still_in(after: int, order: list[int], passed: set[int]) -> int:
    """The next player clockwise after ``after`` who has not passed (``after`` itself if alone)."""
    start = order.index(after)
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if seat not in passed:
            return seat
    raise AssertionError("nobody is still in")


def check_auction(n: int, dealer: int, barred: set[int], log: list[list[Any]], asked: list[int], declarer: Any) -> None:
    order = clockwise_players(n, dealer)
    assert log, "the auction asked nobody"
    assert log[0][0] == order[0], "the auction starts on the dealer's left"
    passed: set[int] = set()
    leader: int | None = None
    previous: int | None = None
    for i, (seat, bid) in enumerate(log):
        if previous is not None:
            assert seat == next_still_in(previous, order, passed), f"entry {i}: {log[: i + 1]}"
            assert seat != previous, f"seat {seat} asked twice in a row: {log}"
        still_in = [s for s in order if s not in passed]
        assert not (seat == leader and len(still_in) > 1), f"the leader {seat} asked while others are in: {log}"
        if seat in barred:
            assert bid is None, f"barred seat {seat} bid: {log}"
        if bid is None:
            passed.add(seat)
        else:
            leader = seat
        previous = seat
        # The auction goes on exactly while it is not over.
        left = [s for s in order if s not in passed]
        over = (leader is not None and left == [leader]) or not left
        assert over == (i == len(log) - 1), f"entry {i}: over={over}, log={log}"
    assert declarer == leader
    # Barred players are passed for, never asked; everybody else in the log was asked, in order.
    assert asked == [seat for seat, _ in log if seat not in barred]


def play_auction(rules: RuleSet, n: int, seed: int, dealer: int, barred: set[int], pass_chance: float) -> list[Any]:
    """One deal of ``rules``; the seats of ``barred`` may not bid (below the floor, or blockaded in 1.0.0)."""
    dealer %= n
    barred = {s % n for s in barred}
    agents = [LowBidder(seed + seat, pass_chance) for seat in range(n)]
    game = Game(rules, agents, seed=seed, first_dealer=dealer)
    for seat in barred:
        if "bidding_floor" in rules.game.params:
            game.scores[seat] = rules.game.params["bidding_floor"] - 1 - random.Random(seed).randrange(3)
        else:  # 1.0.0: a player with B marks (blockade) may not bid
            game.marks[seat] = {"blockade": 1}
    game.play_deal()
    record = game.deal_records[-1]
    asked = [d["seat"] for d in game.decisions if d["kind"] == "bid"]
    in_deal = set(clockwise_players(n, dealer))
    check_auction(n, dealer, barred & in_deal, record["auction"], asked, record["declarer"])
    return record["auction"]


AUCTIONS = {
    "n": st.sampled_from((3, 4, 5, 6)),
    "seed": st.integers(0, 2**32 - 1),
    "dealer": st.integers(0, 5),
    "barred": st.sets(st.integers(0, 5), max_size=3),
    "pass_chance": st.sampled_from((0.0, 0.15, 0.35, 0.6, 1.0)),
}


def test_the_auction_goes_round_clockwise_among_those_still_in() -> None:
    seen: Counter[str] = Counter()

    @settings(derandomize=True, max_examples=160, deadline=None)
    @given(**AUCTIONS)
    def check(n: int, seed: int, dealer: int, barred: set[int], pass_chance: float) -> None:
        log = play_auction(RULES, n, seed, dealer, barred, pass_chance)
        seen[f"{n} players"] += 1
        seen["barred"] += any(s in {b % n for b in barred} for s, _ in log)
        # A pass by someone asked for the second time (the bidding went round) with others in.
        asked: Counter[int] = Counter()
        for seat, bid in log:
            asked[seat] += 1
            seen["pass after the round"] += bid is None and asked[seat] > 1

    check()
    for n in (3, 4, 5, 6):
        assert seen[f"{n} players"] > 10, seen
    assert seen["barred"] > 10 and seen["pass after the round"] > 10, seen


@pytest.mark.parametrize("version", ["1.0.0", "1.1.1", "1.3.0", "1.4.2", "1.5.0"])
def test_older_versions_go_round_the_same_way(version: str) -> None:
    """Versions whose auction differs (blockade, no minimum worth, Potential's half rank, banned combos)."""
    rules = load_ruleset(f"combo-whist@{version}")

    @settings(derandomize=True, max_examples=30, deadline=None)
    @given(**AUCTIONS)
    def check(n: int, seed: int, dealer: int, barred: set[int], pass_chance: float) -> None:
        play_auction(rules, n, seed, dealer, barred, pass_chance)

    check()


def test_the_checks_catch_a_skipped_player() -> None:
    """The checks above fail on the auction of issue 14 (seat 2 skipped after seat 1's pass)."""
    wrong = [
        [1, {"standard": "trump"}],
        [2, {"standard": "grill"}],
        [3, {"standard": "limbo"}],
        [0, {"standard": "abundance"}],
        [1, None],
        [3, None],
        [0, None],
    ]
    try:
        check_auction(4, 0, set(), wrong, [1, 2, 3, 0, 1, 3, 0], 0)
    except AssertionError:
        return
    raise AssertionError("a skipped player went unnoticed")
