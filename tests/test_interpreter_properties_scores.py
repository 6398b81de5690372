"""Properties of games played by seeded, watched random agents over seeds and player counts:
the tricks sum to the hand size, each trick goes to the card the rank order makes best, and
scores change only as the rules say (the standard bid, bonuses, failure points, the free point).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from hypothesis import given
from interpreter_helpers import (
    BIDDING_FLOOR,
    FAILURE_POINTS,
    FREE_POINTS,
    HAND_SIZE,
    PLAYER_COUNTS,
    RULES,
    SEEDS,
    deck_names,
    declared_bids,
    played_deals,
    property_settings,
    run_game,
)

from interpreter.game import Game

# --- tricks ------------------------------------------------------------------------------


def rank_order(bid_ids: Iterable[str]) -> list[str]:
    """The ranks low to high under the combo's rank-order rules."""
    ranks = list(RULES.game.deck.ranks)
    for bid_id in bid_ids:
        order = RULES.bids[bid_id].rank_order
        if order:
            moved = (*order.lowest, *order.highest)
            ranks = [*order.lowest, *(r for r in ranks if r not in moved), *order.highest]
    return ranks


def expected_winner(trick: dict[str, Any], ranks: list[str]) -> int:
    """Highest card of the led suit, unless trumped: then the highest trump."""
    value = {rank: i for i, rank in enumerate(ranks)}
    trump = trick["trump"]
    best_seat, best = trick["plays"][0]
    for seat, card in trick["plays"][1:]:
        rank, suit, top_rank, top_suit = card[:-1], card[-1], best[:-1], best[-1]
        if (suit == top_suit and value[rank] > value[top_rank]) or (suit != top_suit and suit == trump):
            best_seat, best = seat, card
    return best_seat


def check_tricks(deal: dict[str, Any]) -> None:
    tricks = deal["tricks"]
    players = deal["players"]
    assert len(tricks) == HAND_SIZE
    assert [trick["number"] for trick in tricks] == list(range(1, HAND_SIZE + 1))
    ranks = rank_order(deal["combo"]["bids"])
    for before, trick in zip([None, *tricks], tricks, strict=False):
        assert sorted(seat for seat, _ in trick["plays"]) == sorted(players)
        assert trick["winner"] in players
        if before is not None:
            assert trick["leader"] == before["winner"], "the winner of a trick leads the next one"
        if "justice" not in deal["combo"]["bids"]:  # justice lets the declarer name the taker
            assert trick["winner"] == expected_winner(trick, ranks)
    won = Counter(trick["winner"] for trick in tricks)
    assert deal["tricks_won"] == {str(seat): won.get(seat, 0) for seat in players}
    assert sum(deal["tricks_won"].values()) == HAND_SIZE


def test_tricks_sum_to_the_hand_size_and_match_tricks_won() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        game = run_game(players, seed)
        for deal in played_deals(game):
            check_tricks(deal)
        seen.update(declared_bids(game))
        seen["deals"] += len(played_deals(game))

    check()
    assert seen["deals"] > 100 and seen["iron"] > 0 and seen["justice"] > 0, seen


# --- scores --------------------------------------------------------------------------


def expected_points(deal: dict[str, Any]) -> int:
    """The deal's points: the standard bid's score plus bonuses when completed, else −2 minus penalties."""
    bids = [RULES.bids[bid_id] for bid_id in deal["combo"]["bids"]]
    if not deal["completed"]:
        return -FAILURE_POINTS - sum(bid.penalty.constant for bid in bids if bid.penalty is not None)
    standard = bids[0]
    assert standard.kind == "standard" and standard.score is not None
    points = standard.score.constant if standard.score.is_constant else deal["combo"]["worth"]  # taintless bid
    for bid in bids:
        if bid.bonus is None:
            continue
        if bid.bonus.is_constant:
            points += bid.bonus.constant
        else:  # plague: honourably beplagued when the declarer took every card of the plague suit
            assert bid.id == "plague"
            plague = deal["declarations"]["plague"]
            won = [card for t in deal["tricks"] if t["winner"] == deal["declarer"] for _, card in t["plays"]]
            all_of_suit = [card for card in deck_names(len(deal["players"])) if card.endswith(plague)]
            points += RULES.bids["plague"].params["honour_points"] if set(all_of_suit) <= set(won) else 0
    return points


def check_scores(game: Game) -> int:
    """Check every deal's scores against the previous ones; the number of free points given."""
    free = 0
    before = {seat: 0 for seat in range(game.n)}
    for deal in game.deal_records:
        expected = dict(before)
        if deal["declarer"] is not None:
            assert deal["points"] == expected_points(deal)
            expected[deal["declarer"]] += deal["points"]
        # The free point rule (reading 13), for the players of the deal who were below the floor
        # when it began (judged on ``before``, not on the score after this deal's bid).
        for seat in deal["players"]:
            if before[seat] < BIDDING_FLOOR:
                expected[seat] += FREE_POINTS
                free += 1
        assert {int(seat): score for seat, score in deal["scores"].items()} == expected
        before = expected
    assert game.scores == before
    return free


def test_scores_change_only_as_the_rules_say() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        game = run_game(players, seed, max_deals=10)
        seen["free points"] += check_scores(game)
        before = {str(seat): 0 for seat in range(players)}
        for deal in game.deal_records:
            if deal["declarer"] is not None:
                seen["completed" if deal["completed"] else "failed"] += 1
                seat = str(deal["declarer"])
                # A declarer who falls below the floor in this deal: no free point for it yet.
                seen["fell below"] += before[seat] >= BIDDING_FLOOR > deal["scores"][seat]
            before = deal["scores"]

    check()
    assert seen["completed"] > 0 and seen["failed"] > 0 and seen["free points"] > 0, seen
    assert seen["fell below"] > 0, seen
