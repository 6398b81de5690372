"""The heuristic agent's greedy choices: which card to play, and other choices on its hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.heuristic_before.knowledge import GUESS_LIFT, Tables, expected_tricks, suit_strength
from interpreter.decisions import PASS_CARDS, Request

# --- choosing a card ------------------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """What one player sees when choosing: plain names and seats (from a view, or from a playout)."""

    seat: int
    declarer: int | None
    hand: Sequence[str]
    trump: str | None
    value: dict[str, int]  # rank → value now
    tables: Tables
    won: dict[int, int]  # tricks won so far, per seat
    players: Sequence[int]
    plays: Sequence[tuple[int, str]] = ()  # the current trick so far
    played: frozenset[str] | set[str] = frozenset()  # cards played in this deal, this trick included
    high_first: dict[str, list[str]] | None = None  # suit → its cards, highest first (see :func:`high_first`)
    _unseen: dict[str, int] | None = None  # suit → value of its highest card still in another hand

    def v(self, name: str) -> int:
        return self.value[self.tables.rank_of[name]]

    def suit(self, name: str) -> str:
        return self.tables.suit_of[name]

    def highest_unseen(self, suit: str) -> int:
        """The value of the highest card of ``suit`` neither played nor in this hand (0: none)."""
        if self._unseen is None:
            self._unseen = {}
        if suit not in self._unseen:
            if self.high_first is None:
                self.high_first = high_first(self.tables, self.value)
            played, hand = self.played, self.hand
            self._unseen[suit] = 0
            for other in self.high_first.get(suit, ()):
                if other not in played and other not in hand:
                    self._unseen[suit] = self.value[self.tables.rank_of[other]]
                    break
        return self._unseen[suit]

    def is_master(self, name: str) -> bool:
        """No higher card of its suit is still unseen: it wins unless trumped."""
        unseen = self._unseen
        suit = self.tables.suit_of[name]
        top = unseen[suit] if unseen is not None and suit in unseen else self.highest_unseen(suit)
        return self.value[self.tables.rank_of[name]] > top

    def low_key(self, name: str) -> tuple[bool, int]:
        """Sort key: cheapest to part with first (non-trump before trump, then low before high)."""
        return (self.suit(name) == self.trump, self.v(name))


def high_first(tables: Tables, value: dict[str, int]) -> dict[str, list[str]]:
    """Each suit's cards from the highest down, under the rank values in force."""
    rank_of = tables.rank_of
    return {suit: sorted(names, key=lambda n: -value[rank_of[n]]) for suit, names in tables.by_suit.items()}


def pick_card(legal: Sequence[str], table: Table, want: bool) -> str:
    """The greedy card: win cheaply when ``want``, else duck and dump high cards.

    Written for speed (it plays every card of every playout): suits and values are looked
    up once, and "does it beat the trick so far" is one comparison with the winning card.
    """
    if len(legal) == 1:
        return legal[0]
    if not table.plays:
        return _lead(legal, table, want)
    suit_of, rank_of, value, trump = table.tables.suit_of, table.tables.rank_of, table.value, table.trump
    win_seat, win_card = table.plays[0]
    best_suit, best_value = suit_of[win_card], value[rank_of[win_card]]
    for seat, card in table.plays[1:]:
        suit, card_value = suit_of[card], value[rank_of[card]]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            win_seat, win_card, best_suit, best_value = seat, card, suit, card_value
    winners: list[str] = []
    losers: list[str] = []
    for card in legal:
        suit, card_value = suit_of[card], value[rank_of[card]]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            winners.append(card)
        else:
            losers.append(card)
    me, declarer = table.seat, table.declarer
    if want:
        defending = declarer is not None and me != declarer
        declarer_to_come = defending and all(s != declarer for s, _ in table.plays)
        if defending and win_seat != declarer and (not declarer_to_come or table.is_master(win_card)):
            return min(losers or legal, key=lambda c: (suit_of[c] == trump, value[rank_of[c]]))  # leave it to a partner
        if winners:
            last = len(table.plays) == len(table.players) - 1
            if last or (defending and not declarer_to_come):
                return min(winners, key=table.v)  # nobody that matters can overtake: win cheaply
            sure = [c for c in winners if table.is_master(c)]
            return min(sure, key=table.v) if sure else max(winners, key=table.v)
        return min(legal, key=lambda c: (suit_of[c] == trump, value[rank_of[c]]))  # discard low
    if losers:
        return max(losers, key=lambda c: (suit_of[c] != trump, value[rank_of[c]]))  # duck as high as possible
    return max(legal, key=table.v)  # forced to win: dump the highest


def _lead(legal: Sequence[str], table: Table, want: bool) -> str:
    if not want:
        return min(legal, key=table.low_key)
    trump, suit_of, hand = table.trump, table.tables.suit_of, table.hand
    if trump is not None and table.seat == table.declarer:
        trumps = [c for c in legal if suit_of[c] == trump]
        if trumps:
            mine = sum(1 for c in hand if suit_of[c] == trump)
            hand_set = set(hand)
            outstanding = sum(
                1 for c in table.tables.by_suit.get(trump, ()) if c not in table.played and c not in hand_set
            )
            if outstanding and mine >= outstanding:
                return max(trumps, key=table.v)  # draw the others' trump
    value, rank_of = table.value, table.tables.rank_of
    best: tuple[bool, int, str] | None = None  # the cheapest sure winner: (is trump, value, card)
    for card in legal:
        suit = suit_of[card]
        card_value = value[rank_of[card]]
        if card_value > table.highest_unseen(suit):
            key = (suit == trump, card_value, card)
            if best is None or key < best:
                best = key
    if best is not None:
        return best[2]
    lengths: dict[str, int] = {}
    for card in hand:
        lengths[suit_of[card]] = lengths.get(suit_of[card], 0) + 1
    return min(legal, key=lambda c: (suit_of[c] == trump, -lengths.get(suit_of[c], 0), value[rank_of[c]]))


# --- other choices --------------------------------------------------------------------------


def choose(request: Request, table: Table, want: bool) -> Any:
    """A legal answer to a ``choose`` request, by simple rules on the chooser's hand."""
    options = list(request.options)
    is_declarer = table.declarer == table.seat
    if request.optional and not is_declarer:
        return None  # the others keep their options to themselves
    if not options:
        return None
    ranked = _rank_options(request, options, table, want, is_declarer)
    if request.count > 1:
        return ranked[: request.count]
    return ranked[0]


def _rank_options(request: Request, options: list[Any], table: Table, want: bool, is_declarer: bool) -> list[Any]:
    what = request.what
    if what == "suit":
        strength = {o: suit_strength(table.hand, str(o), table.tables, table.value) for o in options}
        return sorted(options, key=lambda o: strength[o], reverse=want)
    if what == "card" and all(str(o) in table.tables.suit_of for o in options):
        hand = set(table.hand)
        if request.name == PASS_CARDS or all(str(o) in hand for o in options):
            # Parting with cards: keep what helps (high cards when wanting tricks).
            return sorted(options, key=lambda o: table.v(str(o)), reverse=not want)
        # Naming cards that are not all one's own (a card to take, a card that decides a trick):
        # a high card — someone else's when wanting tricks, one's own when avoiding them.
        strength = {s: suit_strength(table.hand, s, table.tables, table.value) for s in table.tables.suits}
        return sorted(
            options,
            key=lambda o: ((str(o) in hand) != want, table.v(str(o)), strength[table.suit(str(o))]),
            reverse=True,
        )
    if what == "number" and all(isinstance(o, int) for o in options):
        if not is_declarer:
            return sorted(options, key=lambda o: abs(o - (min(options) + max(options)) / 2))
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


def _fallback(request: Request, rng: random.Random) -> Any:
    """A random legal answer (what the agent says when its own rules fail)."""
    if request.kind == "bid":
        return None
    if not request.options:
        return None
    if request.count > 1:
        return rng.sample(list(request.options), request.count)
    return rng.choice(request.options)
