"""The heuristic agent's greedy choices: which card to play, and other choices on its hand."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.agents.heuristic.knowledge import GUESS_LIFT, Tables, expected_tricks, suit_strengths
from interpreter.decisions import PASS_CARDS, Request

# --- choosing a card ------------------------------------------------------------------------

#: Two orders of the cards under one trump (see :func:`card_keys`): card name → a whole number.
KeyOrders = tuple[dict[str, int], dict[str, int]]


@dataclass(slots=True)
class Table:
    """What one player sees when choosing: plain names and seats (from a view, or from a playout)."""

    seat: int
    declarer: int | None
    hand: Collection[str]  # a list from a view; a playout may give a set (only membership and counts are read)
    trump: str | None
    value: dict[str, int]  # rank → value now
    tables: Tables
    won: dict[int, int]  # tricks won so far, per seat
    players: Sequence[int]
    plays: Sequence[tuple[int, str]] = ()  # the current trick so far
    played: frozenset[str] | set[str] = frozenset()  # cards played in this deal, this trick included
    high_first: dict[str, list[str]] | None = None  # suit → its cards, highest first (see :func:`high_first`)
    card_value: dict[str, int] | None = None  # card name → value now (see :func:`card_values`)
    key_orders: dict[str | None, KeyOrders] | None = None  # trump → :func:`card_keys`
    unseen: dict[str, int] | None = None  # suit → value of its highest card still in another hand (None: not known)

    def values(self) -> dict[str, int]:
        """Card name → its value under the rank order in force (one lookup instead of two)."""
        if self.card_value is None:
            self.card_value = card_values(self.tables, self.value)
        return self.card_value

    def v(self, name: str) -> int:
        return self.values()[name]

    def suit(self, name: str) -> str:
        return self.tables.suit_of[name]

    def highest_unseen(self, suit: str) -> int:
        """The value of the highest card of ``suit`` neither played nor in this hand (0: none): a card
        worth more is a *master*, it wins unless trumped."""
        unseen = self.unseen
        if unseen is None:
            unseen = self.unseen = {}
        elif suit in unseen:
            return unseen[suit]
        if self.high_first is None:
            self.high_first = high_first(self.tables, self.value)
        played, hand = self.played, self.hand
        top = 0
        for other in self.high_first.get(suit, ()):
            if other not in played and other not in hand:
                top = (self.card_value or self.values())[other]
                break
        unseen[suit] = top
        return top


def card_values(tables: Tables, value: dict[str, int]) -> dict[str, int]:
    """Each card's value under the rank values ``value`` (rank → value), by card name."""
    rank_of = tables.rank_of
    return {name: value[rank_of[name]] for name in tables.names}


def high_first(tables: Tables, value: dict[str, int]) -> dict[str, list[str]]:
    """Each suit's cards from the highest down, under the rank values in force."""
    rank_of = tables.rank_of
    return {suit: sorted(names, key=lambda n: -value[rank_of[n]]) for suit, names in tables.by_suit.items()}


def seen(table: Table, view: Any) -> Table:
    """``table`` with the view's trick so far and every card played in the deal (what a card choice reads)."""
    table.plays = view.current_trick
    table.played = {card for trick in view.tricks for _, card in trick["plays"]}
    table.played.update(card for _, card in view.current_trick)
    return table


def pick_card(legal: Sequence[str], table: Table, want: bool) -> str:
    """The greedy card: win cheaply when ``want``, else duck and dump high cards.

    Written for speed (it plays every card of every playout): suits and values are looked
    up once, and "does it beat the trick so far" is one comparison with the winning card.
    """
    if len(legal) == 1:
        return legal[0]
    plays = table.plays
    if not plays:
        return _lead(legal, table, want)
    suit_of, trump = table.tables.suit_of, table.trump
    value = table.card_value if table.card_value is not None else table.values()
    orders = table.key_orders  # (the card orders of this trump, most often kept: looked up here)
    keys = orders.get(trump) if orders is not None else None
    if keys is None:
        keys = card_keys(table)
    declarer = table.declarer
    win_seat, win_card = plays[0]
    best_suit, best_value = suit_of[win_card], value[win_card]
    declarer_played = win_seat == declarer
    for seat, card in plays[1:]:
        suit, card_value = suit_of[card], value[card]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            win_seat, win_card, best_suit, best_value = seat, card, suit, card_value
        if seat == declarer:
            declarer_played = True
    winners: list[str] = []
    losers: list[str] = []
    for card in legal:
        suit, card_value = suit_of[card], value[card]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            winners.append(card)
        else:
            losers.append(card)
    if want:
        defending = declarer is not None and table.seat != declarer
        declarer_to_come = defending and not declarer_played
        if (
            defending
            and win_seat != declarer
            and (not declarer_to_come or best_value > table.highest_unseen(best_suit))  # the winner is a master
        ):
            return min(losers or legal, key=keys[0].__getitem__)  # leave it to a partner
        if winners:
            last = len(plays) == len(table.players) - 1
            if last or (defending and not declarer_to_come):
                return min(winners, key=value.__getitem__)  # nobody that matters can overtake: win cheaply
            highest_unseen = table.highest_unseen
            sure = [c for c in winners if value[c] > highest_unseen(suit_of[c])]
            return min(sure, key=value.__getitem__) if sure else max(winners, key=value.__getitem__)
        return min(legal, key=keys[0].__getitem__)  # discard low
    if losers:
        return max(losers, key=keys[1].__getitem__)  # duck as high as possible
    return max(legal, key=value.__getitem__)  # forced to win: dump the highest


def card_keys(table: Table) -> KeyOrders:
    """Two orders of the cards as whole numbers, made once per trump and rank order: cheapest to
    part with first (non-trump before trump, then low before high), and the order a duck prefers
    (trump before non-trump, then low before high)."""
    cache = table.key_orders
    if cache is None:
        cache = table.key_orders = {}
    trump = table.trump
    keys = cache.get(trump)
    if keys is None:
        suit_of, value = table.tables.suit_of, table.values()
        step = 1 + max(value.values(), default=0)  # a value is smaller than a step: (is trump, value) as one number
        low = {card: (suit_of[card] == trump) * step + v for card, v in value.items()}
        duck = {card: (suit_of[card] != trump) * step + v for card, v in value.items()}
        keys = cache[trump] = (low, duck)
    return keys


def _lead(legal: Sequence[str], table: Table, want: bool) -> str:
    suit_of, trump = table.tables.suit_of, table.trump
    value = table.card_value if table.card_value is not None else table.values()
    if not want:
        return min(legal, key=card_keys(table)[0].__getitem__)
    hand = table.hand
    if trump is not None and table.seat == table.declarer:
        trumps = [c for c in legal if suit_of[c] == trump]
        if trumps:
            mine = len([c for c in hand if suit_of[c] == trump])  # (a list's length: quicker than sum())
            played = table.played
            outstanding = len([c for c in table.tables.by_suit.get(trump, ()) if c not in played and c not in hand])
            if outstanding and mine >= outstanding:
                return max(trumps, key=value.__getitem__)  # draw the others' trump
    best: tuple[bool, int, str] | None = None  # the cheapest sure winner: (is trump, value, card)
    highest_unseen = table.highest_unseen
    tops: dict[str, int] = {}  # suit → highest_unseen, asked once per suit
    for card in legal:
        suit = suit_of[card]
        card_value = value[card]
        top = tops.get(suit)
        if top is None:
            top = tops[suit] = highest_unseen(suit)
        if card_value > top:
            key = (suit == trump, card_value, card)
            if best is None or key < best:
                best = key
    if best is not None:
        return best[2]
    # Else the least card by (is trump, -length of its suit, value), the first of equals: the suits'
    # part is the same for all the cards of a suit, so it is compared per suit (``tops`` holds the
    # suits of ``legal``), then values among the cards of the least suits.
    lengths: dict[str, int] = {}
    for suit in map(suit_of.__getitem__, hand):
        lengths[suit] = lengths.get(suit, 0) + 1
    prefix = {suit: (suit == trump, -lengths.get(suit, 0)) for suit in tops}
    least = min(prefix.values())
    return min([c for c in legal if prefix[suit_of[c]] == least], key=value.__getitem__)


# --- other choices --------------------------------------------------------------------------


def choose(request: Request, table: Table, want: bool) -> Any:
    """A legal answer to a ``choose`` request, by simple rules on the chooser's hand."""
    options = list(request.options)
    is_declarer = table.declarer in (None, table.seat)  # (without a declarer each seat chooses for itself)
    if request.optional and not is_declarer:
        return None  # the others keep their options to themselves
    if not options:
        return None
    ranked = rank_options(request, options, table, want, is_declarer)
    if request.count > 1:
        return ranked[: request.count]
    return ranked[0]


def rank_options(request: Request, options: list[Any], table: Table, want: bool, is_declarer: bool) -> list[Any]:
    what = request.what
    if what == "suit":
        strengths = suit_strengths(table.hand, table.tables, table.value)
        strength = {o: strengths.get(str(o), 0.0) for o in options}
        return sorted(options, key=lambda o: strength[o], reverse=want)
    if what == "card" and all(map(table.tables.suit_of.__contains__, map(str, options))):
        hand = set(table.hand)
        if request.name == PASS_CARDS or all(map(hand.__contains__, map(str, options))):
            # Parting with cards: keep what helps (high cards when wanting tricks).
            values = table.values()  # (asked in every playout's steps: one lookup a card)
            return sorted(options, key=lambda o: values[str(o)], reverse=not want)
        # Naming cards that are not all one's own (a card to take, a card that decides a trick):
        # a high card — someone else's when wanting tricks, one's own when avoiding them.
        strength = suit_strengths(table.hand, table.tables, table.value)
        return sorted(
            options,
            key=lambda o: ((str(o) in hand) != want, table.v(str(o)), strength[table.suit(str(o))]),
            reverse=True,
        )
    if what == "number" and all(isinstance(o, int) for o in options):
        if not is_declarer:
            middle = (min(options) + max(options)) / 2
            return sorted(options, key=lambda o: abs(o - middle))
        guess = expected_tricks(table.hand, table.trump, table.tables, table.value) + GUESS_LIFT
        return sorted(options, key=lambda o: (abs(o - guess), o))
    if what == "player":
        mine = {table.seat} if is_declarer or table.declarer is None else set(table.players) - {table.declarer}

        def key(o: Any) -> tuple[int, int, int]:
            seat = int(o)
            on_my_side = seat in mine
            return (0 if on_my_side == want else 1, 0 if seat == table.seat else 1, -table.won.get(seat, 0))

        return sorted(options, key=key)
    return options


def fallback_answer(request: Request, rng: random.Random) -> Any:
    """A random legal answer (what the agent says when its own rules fail)."""
    if request.kind == "bid":
        return None
    if not request.options:
        return None
    if request.count > 1:
        return rng.sample(list(request.options), request.count)
    return rng.choice(request.options)
