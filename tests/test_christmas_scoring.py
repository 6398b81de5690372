"""Christmas Whist scoring, property over seeds: only tricks after the close score (+1 or -1 by
the kind of hand) besides declared pairs (red 2, black 1) and marriages (king wins its trick 3,
loses 2); a tie replays the hand; hand 7 is chosen by the player behind (the non-dealer on equal
scores); the match goes to the most hands won. Expectations are written from the rulebook.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from christmas_helpers import (
    KINDS,
    MATCHES,
    SCHEDULES,
    SEEDS,
    TRICK_SIGN,
    TRICKS_BEFORE_CLOSE,
    hands_of,
    meld_points,
    property_settings,
    run_match,
)
from hypothesis import given

from interpreter.game import Game


def expected_hand_points(record: dict[str, Any]) -> dict[int, int]:
    """+-1 per trick after the close by the kind of hand, plus each declared meld as the rulebook scores it."""
    sign = TRICK_SIGN[record["contract"]]
    points = {int(s): 0 for s in record["hands"]}
    for trick in record["tricks"][TRICKS_BEFORE_CLOSE:]:
        points[trick["winner"]] += sign
    for meld in record["melds"]:
        king_won = record["tricks"][meld["trick"] - 1]["winner"] == meld["seat"]
        points[meld["seat"]] += meld_points(meld["meld"], meld["shown"], king_won)
    return points


def check_scoring(record: dict[str, Any]) -> list[str]:
    problems = []
    points = expected_hand_points(record)
    got = {int(s): p for s, p in record["hand_points"].items()}
    if got != points:
        problems.append(f"hand points {got}, the rules say {points}")
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    winner = leaders[0] if len(leaders) == 1 else None
    if record["hand_winner"] != winner or record["replay"] != (winner is None):
        problems.append(f"hand winner {record['hand_winner']} (replay {record['replay']}), expected {winner}")
    return [f"hand {record['hand_number']} ({record['contract']}): {p}" for p in problems]


def chooser_of_hand_7(dealer: int, scores: dict[int, int]) -> int:
    """The player behind picks; on equal scores, the non-dealer."""
    other = 1 - dealer
    return dealer if scores[dealer] < scores[other] else other


def check_match(game: Game, match: str) -> list[str]:
    schedule = SCHEDULES[match]
    records = hands_of(game)
    problems = []
    position = 0
    scores = {0: 0, 1: 0}
    won = Counter[int]()
    contract_decisions = [d for d in game.decisions if d["name"] == "contract"]
    for index, record in enumerate(records):
        if record["hand_number"] != position + 1:
            problems.append(f"record {index}: hand {record['hand_number']}, expected {position + 1}")
        if index and record["dealer"] == records[index - 1]["dealer"]:
            problems.append(f"record {index}: the same dealer twice")
        planned = schedule[position] if position < len(schedule) else None
        if planned == "chosen":
            decision = contract_decisions.pop(0) if contract_decisions else None
            chooser = chooser_of_hand_7(record["dealer"], scores)
            if decision is None or decision["seat"] != chooser or decision["answer"] != record["contract"]:
                problems.append(f"hand 7 chosen by {decision}, scores {scores}, dealer {record['dealer']}")
        elif record["contract"] != planned:
            problems.append(f"hand {position + 1} is {record['contract']}, the schedule says {planned}")
        if record["hand_winner"] is not None:  # a tied hand is void: played again, its points not kept
            for seat, points in record["hand_points"].items():
                scores[int(seat)] += points
            won[record["hand_winner"]] += 1
            position += 1
    if contract_decisions:
        problems.append(f"contract decisions left over: {contract_decisions}")
    if position != len(schedule) or (records and records[-1]["replay"]):
        problems.append(f"the match ended after {position} decided hands of {len(schedule)}")
    if {s: game.marks[s].get("hands_won", 0) for s in (0, 1)} != {s: won[s] for s in (0, 1)}:
        problems.append(f"marks {game.marks}, hands won {dict(won)}")
    if game.scores != scores:
        problems.append(f"scores {game.scores}, the hands add up to {scores}")
    result = game.result
    best = max(won[0], won[1])
    leaders = [s for s in (0, 1) if won[s] == best]
    expected_winner = leaders[0] if len(leaders) == 1 else None
    if result is None or result.reason != "match" or result.winner != expected_winner:
        problems.append(f"result {result}, hands won {dict(won)}")
    if expected_winner is None:  # an odd number of decided hands between two players has a winner
        problems.append("no winner")
    return problems


def test_hand_points_are_the_tricks_after_the_close_and_the_melds() -> None:
    seen: Counter[str] = Counter()

    @property_settings(100)
    @given(seed=SEEDS)
    def check(seed: int) -> None:
        game, watch = run_match(seed)
        problems = [p for record in hands_of(game) for p in check_scoring(record)]
        assert not problems, "\n".join(problems[:10])
        for index, record in enumerate(game.deal_records):
            # Declaring is optional: exactly the melds accepted are recorded (and scored), none declined.
            asked = [(trick, seat, answer) for hand, trick, seat, answer in watch.meld_answers if hand == index]
            accepted = [(trick, seat, answer) for trick, seat, answer in asked if answer is not None]
            assert [(m["trick"], m["seat"], m["shown"]) for m in record["melds"]] == accepted
            seen["declined"] += len(asked) - len(accepted)
        for record in hands_of(game):
            seen[record["contract"]] += 1
            for meld in record["melds"]:
                seen[f"{meld['meld']} {meld['points']}"] += 1
                seen[f"{meld['meld']} {'after' if meld['trick'] > TRICKS_BEFORE_CLOSE else 'before'} the close"] += 1

    check()
    for key in (*KINDS, "pair 1", "pair 2", "marriage 2", "marriage 3", "declined"):
        assert seen[key] > 0, seen
    for meld in ("pair", "marriage"):
        assert seen[f"{meld} before the close"] and seen[f"{meld} after the close"], seen


def test_a_tied_hand_is_replayed() -> None:
    seen: Counter[str] = Counter()

    @property_settings(150)
    @given(seed=SEEDS)
    def check(seed: int) -> None:
        game, _ = run_match(seed)
        records = hands_of(game)
        for index, record in enumerate(records):
            points = list(record["hand_points"].values())
            if points[0] != points[1]:
                assert record["hand_winner"] is not None and not record["replay"]
                continue
            seen["ties"] += 1
            assert record["replay"] and record["hand_winner"] is None
            before = records[index - 1] if index else {"marks": {}, "scores": {"0": 0, "1": 0}}
            assert record["marks"] == before["marks"] and record["scores"] == before["scores"]  # void
            following = records[index + 1]  # a tie is never the last hand
            assert following["hand_number"] == record["hand_number"]
            if record["hand_number"] < 7:
                assert following["contract"] == record["contract"]

    check()
    assert seen["ties"] > 0, "no tied hand was played"


def test_the_match_ends_after_the_schedule_with_the_most_hands_won() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, _ = run_match(seed, match)
        problems = check_match(game, match)
        assert not problems, "\n".join(problems[:10])
        seen[match] += 1

    check()
    assert seen["full"] and seen["single"], seen
