"""Christmas Whist played whole, property over seeds: the cards of each hand are conserved and
drawn as the rulebook says (10 set aside, 11 dealt to each, the other 20 in the stock, the first
face-up card giving trump; the trick's winner takes the face-up card, the loser the top of the
pile), each hand has 21 tricks, 10 before the close, and views hide the pile and the set-aside cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from christmas_helpers import (
    HAND_SIZE,
    MATCHES,
    MELD_OF,
    MELD_RANKS,
    SEEDS,
    SET_ASIDE,
    STOCK,
    TRICKS,
    TRICKS_BEFORE_CLOSE,
    assert_no_problems,
    beats,
    hands_of,
    meld_points,
    property_settings,
    rank,
    run_match,
    suit,
)
from hypothesis import given

# --- checks of each hand, from its record --------------------------------------------------------


def replay_hand(record: dict[str, Any]) -> Iterator[str]:
    """Replay a hand's record card by card as the rulebook says; yield every departure from it."""
    dealt = {int(s): list(cards) for s, cards in record["hands"].items()}
    stock = list(record["stock"])
    trump = suit(stock[0])
    seats = sorted(dealt)
    hands = {s: list(c) for s, c in dealt.items()}
    non_dealer = next(s for s in seats if s != record["dealer"])
    leader = non_dealer
    melds = {m["trick"]: m for m in record["melds"]}
    if record["trump"] != trump:
        yield f"trump {record['trump']}, but the first face-up card is {stock[0]}"
    for index, trick in enumerate(record["tricks"]):
        number = index + 1
        plays = [(int(s), c) for s, c in trick["plays"]]
        if trick["number"] != number or plays[0][0] != leader or len(plays) != 2:
            yield f"trick {number}: {trick['number']} led by {plays[0][0]}, expected {leader}"
        led = suit(plays[0][1])
        best_seat, best = plays[0]
        for position, (seat, card) in enumerate(plays):
            if card not in hands[seat]:
                yield f"trick {number}: seat {seat} plays {card}, which it does not hold"
                continue
            if position and suit(card) != led and any(suit(c) == led for c in hands[seat]):
                yield f"trick {number}: seat {seat} plays {card} holding {led}"
            hands[seat].remove(card)
            if beats(card, best, trump):
                best_seat, best = seat, card
        if trick["winner"] != best_seat:
            yield f"trick {number}: won by {trick['winner']}, the rules say {best_seat}"
        if bool(trick.get("after_close")) != (number > TRICKS_BEFORE_CLOSE):
            yield f"trick {number}: after_close is {trick.get('after_close')}"
        meld = melds.get(number)
        if meld is not None:  # declared by the leader, with a card still in the hand after the trick
            kind = MELD_OF.get(record["contract"])
            led_rank, shown_rank = MELD_RANKS.get(kind or "", ("", ""))
            lead = plays[0][1]
            if (
                meld["meld"] != kind
                or meld["seat"] != leader
                or meld["led"] != lead
                or rank(lead) != led_rank
                or rank(meld["shown"]) != shown_rank
                or suit(meld["shown"]) != suit(lead)
                or meld["shown"] not in hands[leader]
            ):
                yield f"trick {number}: meld {meld} in a hand of {record['contract']}"
            elif meld["points"] != meld_points(kind or "", meld["shown"], best_seat == leader):
                yield f"trick {number}: {meld['meld']} {meld['shown']} scores {meld['points']}"
        if number <= TRICKS_BEFORE_CLOSE:  # the winner takes the face-up card, the loser the top of the pile
            loser = next(s for s in seats if s != best_seat)
            hands[best_seat].append(stock[2 * index])
            hands[loser].append(stock[2 * index + 1])
        leader = best_seat
    if any(hands.values()):
        yield f"cards never played: {hands}"
    if set(melds) != {m["trick"] for m in record["melds"]} or len(melds) != len(record["melds"]):
        yield "two melds declared on one trick"


def check_hand_record(record: dict[str, Any]) -> list[str]:
    problems = []
    dealt = [c for cards in record["hands"].values() for c in cards]
    stock = record["stock"]
    if sorted(len(c) for c in record["hands"].values()) != [HAND_SIZE, HAND_SIZE] or len(stock) != STOCK:
        problems.append(f"dealt {[len(c) for c in record['hands'].values()]}, stock {len(stock)}")
    played = [card for trick in record["tricks"] for _, card in trick["plays"]]
    if Counter(played) != Counter(dealt + stock):
        problems.append("the cards played are not the cards dealt and drawn, each once")
    if len(set(dealt + stock)) != 52 - SET_ASIDE:
        problems.append(f"{52 - len(set(dealt + stock))} cards set aside, not {SET_ASIDE}")
    if len(record["tricks"]) != TRICKS:
        problems.append(f"{len(record['tricks'])} tricks")
    problems.extend(replay_hand(record))
    return [f"hand {record['hand_number']} ({record['contract']}): {p}" for p in problems]


# --- the properties -------------------------------------------------------------------------------


def test_cards_are_conserved_and_drawn_as_the_rules_say() -> None:
    seen: Counter[str] = Counter()

    @property_settings(60)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, watch = run_match(seed, match)
        assert_no_problems(watch, "table")
        assert_no_problems(watch, "legal")
        problems = [p for record in hands_of(game) for p in check_hand_record(record)]
        assert not problems, "\n".join(problems[:10])
        seen.update(watch.counts)
        seen["hands"] += len(hands_of(game))

    check()
    assert seen["plays"] and seen["meld asks"] and seen["contract asks"], seen


def test_each_hand_has_21_tricks_10_before_the_close() -> None:
    @property_settings(30)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, _ = run_match(seed, match)
        for record in hands_of(game):
            numbers = [t["number"] for t in record["tricks"]]
            assert numbers == list(range(1, TRICKS + 1))
            closed = [t["number"] for t in record["tricks"] if t.get("after_close")]
            assert closed == list(range(TRICKS_BEFORE_CLOSE + 1, TRICKS + 1)), closed
            assert sum(record["tricks_won"].values()) == TRICKS

    check()


def test_views_hide_the_pile_and_the_set_aside_cards() -> None:
    seen: Counter[str] = Counter()

    @property_settings(60)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        _, watch = run_match(seed, match)
        assert_no_problems(watch, "view")
        seen.update(watch.counts)

    check()
    assert seen["views"] > 0
