"""Properties of games played by seeded, watched random agents over seeds and player counts (3 to 6):
cards are conserved at every decision (passed cards included), and the legal moves are never
empty while the player holds cards. Each test counts, over all its examples, that the deals it is
about really happened.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from interpreter_helpers import (
    HAND_SIZE,
    PASSING_BIDS,
    PLAYER_COUNTS,
    SEEDS,
    Hook,
    Watch,
    deck_names,
    declared_bids,
    property_settings,
    run_game,
)

from interpreter.decisions import Request, View

# --- cards are conserved -------------------------------------------------------------


def check_table(watch: Watch, request: Request, view: View) -> None:
    """At every decision: each card of the deck is in exactly one hand or played once; hand sizes fit."""
    deal = watch.deal
    held = [card.name for player in deal.players for card in player.hand]
    current = deal.current.plays if deal.current else []
    played = [play.card.name for trick in deal.tricks for play in trick.plays] + [p.card.name for p in current]
    assert Counter(held + played) == Counter(deck_names(len(deal.players)))
    in_current = {play.player.seat for play in current}
    for player in deal.players:
        expected = HAND_SIZE - len(deal.tricks) - (player.seat in in_current)
        assert len(player.hand) == expected, f"seat {player.seat} holds {len(player.hand)} cards, not {expected}"
        assert all(deal.table.card_holder(card) is player for card in player.hand)


def check_dealt_and_played(deal: dict[str, Any]) -> None:
    """From the deal's record: dealt exactly once, 13 each; when played, played exactly once."""
    deck = Counter(deck_names(len(deal["players"])))
    assert sum(deck.values()) == HAND_SIZE * len(deal["players"])
    assert set(deal["hands"]) == {str(seat) for seat in deal["players"]}
    assert all(len(cards) == HAND_SIZE for cards in deal["hands"].values())
    assert Counter(card for cards in deal["hands"].values() for card in cards) == deck
    if deal["declarer"] is not None:
        assert Counter(card for trick in deal["tricks"] for _, card in trick["plays"]) == deck


def test_cards_are_conserved() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((None, *PASSING_BIDS)))
    def check(seed: int, players: int, target: str | None) -> None:
        game = run_game(players, seed, target, hooks=[check_table])
        for deal in game.deal_records:
            check_dealt_and_played(deal)
        seen.update(declared_bids(game))
        seen[f"players={players}"] += 1

    check()
    for bid in PASSING_BIDS:
        assert seen[bid] > 0, f"no {bid} deal was played: {seen}"
    assert all(seen[f"players={n}"] for n in range(3, 7)), seen


# --- legal moves -----------------------------------------------------------------------


def check_play_request(watch: Watch, request: Request, view: View, counts: Counter[str]) -> None:
    if request.kind != "play":
        return
    deal = watch.deal
    player = deal.by_seat[request.seat]
    hand = [card.name for card in player.hand]
    assert list(view.hand) == hand
    assert hand, f"seat {request.seat} is asked to play with an empty hand"
    assert request.options, f"no legal card for seat {request.seat} holding {hand}"
    assert set(request.options) <= set(hand)
    assert len(set(request.options)) == len(request.options)
    led = deal.current.led_suit if deal.current else None
    if led is not None and any(card.suit == led for card in player.hand):
        assert all(deal.card_by_name[name].suit == led for name in request.options), "must follow suit"
    counts["plays"] += 1
    counts["restricted"] += len(request.options) < len(hand)


def test_legal_moves_are_never_empty_while_the_player_holds_cards() -> None:
    counts: Counter[str] = Counter()
    hook: Hook = lambda watch, request, view: check_play_request(watch, request, view, counts)

    @property_settings(60)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        run_game(players, seed, hooks=[hook])

    check()
    assert counts["plays"] > 1000 and counts["restricted"] > 0, counts
