"""Small fake game objects and shortcuts for the tests of the expression compiler (rulespec/compiler.py).

The fakes (players, cards, tricks, plays, combos, a seating) keep to the vocabulary of rulespec/types.py;
``make_env`` builds one table of them, and ``compiled``, ``value``, ``compile_error`` and
``evaluation_error`` compile and evaluate a text in a scope.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import CompileError, EvaluationError, Expression, Scope, Vocabulary, compile_expression
from rulespec.model import BidFacts

# --- fake runtime objects -------------------------------------------------------------------


@dataclass(eq=False)
class Player:
    name: str
    seat: int
    tricks: int = 0
    won: list[Card] = field(default_factory=list)
    won_tricks: list[Trick] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    score: int = 0
    start_score: int = 0
    marks: SimpleNamespace = field(default_factory=lambda: SimpleNamespace(potential=0))
    is_declarer: bool = False
    meld_points: int = 0

    def tricks_in(self, numbers: Sequence[int]) -> int:
        return sum(1 for trick in self.won_tricks if trick.number in numbers)


@dataclass(eq=False)
class Card:
    """A fake card that carries its deal facts itself (the fake table below reads them off)."""

    rank: str
    suit: str
    value: int
    is_trump: bool = False
    holder: Player | None = None
    zone: str = ""
    color: str = ""


class CardTable:
    """What the interpreter passes as ``env["_table"]``: ``card_value(card)`` for ``card.value`` …"""

    def __getattr__(self, name: str) -> Any:
        fact = name.removeprefix("card_")
        if fact == name or fact not in T.TABLE_FACTS[T.CARD]:
            raise AttributeError(name)
        return operator.attrgetter(fact)


@dataclass(eq=False)
class Play:
    player: Player
    card: Card
    is_lead: bool = False


@dataclass(eq=False)
class Trick:
    number: int
    leader: Player
    winner: Player
    plays: list[Play]
    led_suit: str
    trump: str
    after_close: bool = False

    @property
    def cards(self) -> list[Card]:
        return [play.card for play in self.plays]

    @property
    def lead(self) -> Card:
        return self.plays[0].card


@dataclass(eq=False)
class Combo:
    standard: BidFacts
    specials: list[BidFacts]

    @property
    def bids(self) -> list[BidFacts]:
        return [self.standard, *self.specials]

    @property
    def worth(self) -> int:
        return sum(bid.worth for bid in self.bids)

    def has(self, bid_id: str) -> bool:
        return any(bid.id == bid_id for bid in self.bids)


class Seating:
    """What the interpreter passes as ``env["_seating"]``: seats 0..n-1 clockwise."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = list(players)

    def left_of(self, player: Player) -> Player:
        return self.players[(player.seat + 1) % len(self.players)]

    def right_of(self, player: Player) -> Player:
        return self.players[(player.seat - 1) % len(self.players)]


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VOCAB = Vocabulary(
    suits=frozenset("CDHS"),
    ranks=frozenset(RANKS),
    bids=frozenset({"trump", "grill", "misery", "plague", "taintless_bid"}),
    marks=frozenset({"potential"}),
    options={"rounds": T.NUMBER, "fast": T.BOOL},
    zones=frozenset({"atelier"}),
)
PARAMS = {"cards": 3, "strict": True, "favourite": "H", "bad_suit": "X"}


def card(text: str, **kwargs: Any) -> Card:
    rank, suit = text[:-1], text[-1]
    return Card(rank, suit, RANKS.index(rank) + 1, **kwargs)


def trump_bid(worth: int = 1) -> BidFacts:
    return BidFacts("trump", "standard", True, worth, 0, 1)


def make_env() -> dict[str, Any]:
    """A four-player deal: Ann (declarer, seat 0), Bob, Cid, Dee; a few tricks played."""
    ann, bob, cid, dee = players = [Player(name, seat) for seat, name in enumerate(["ann", "bob", "cid", "dee"])]
    ann.is_declarer = True
    ann.hand = [card("2H", holder=ann), card("AH", holder=ann, is_trump=True), card("KS", holder=ann, zone="atelier")]
    bob.hand = [card("3C", holder=bob)]
    tricks: list[Trick] = []
    for number, (leader, winner, led, cards) in enumerate(
        [(bob, ann, "H", "4H 5H 6H QH"), (ann, cid, "C", "2C 3C 2S 4C"), (cid, ann, "D", "7D 8D 9D 2D")], 1
    ):
        order = players[leader.seat :] + players[: leader.seat]  # the plays go round from the leader
        plays = [Play(p, card(text, holder=p)) for p, text in zip(order, cards.split(), strict=True)]  # held as played
        plays[0].is_lead = True
        trick = Trick(number, leader, winner, plays, led, "S")
        tricks.append(trick)
        winner.won_tricks.append(trick)
        winner.won.extend(trick.cards)
        winner.tricks += 1
    t1, t2, t3 = tricks
    ann.score, bob.score, cid.score, dee.score = 4, -6, 0, 2
    ann.marks.potential = 2
    deck = [
        card(rank + suit, holder=players[i % 4]) for i, (suit, rank) in enumerate((s, r) for s in "CDHS" for r in RANKS)
    ]
    combo = Combo(trump_bid(), [BidFacts("plague", "special", False, 2, 1)])
    return {
        "player_count": 4,
        "suits": ["C", "D", "H", "S"],
        "ranks": RANKS,
        "option": SimpleNamespace(rounds=3, fast=False),
        "hand_size": 13,
        "dealer": dee,
        "players": players,
        "declarer": ann,
        "opponents": [bob, cid, dee],
        "side": [],  # (no partners: a bid's ``partners`` fills it as play begins)
        "combo": combo,
        "standard": combo.standard,
        "trump": "S",
        "deck": deck,
        "tricks": [t1, t2, t3],
        "last_trick": t3,
        "plays": [play for trick in (t1, t2, t3) for play in trick.plays],
        "face_up": deck[-1],
        "stock_size": 0,
        "hand_number": 0,
        "card": ann.hand[0],
        "player": bob,
        "trick": t3,
        "_seating": Seating(players),
        "_table": CardTable(),
    }


def scope(names: Mapping[str, T.Type] = scopes.CARD_RULE, constants: Mapping[str, Any] | None = None) -> Scope:
    return Scope(dict(names), VOCAB, PARAMS if constants is None else constants)


def compiled(
    text: object, names: Mapping[str, T.Type] = scopes.CARD_RULE, expected: T.Type | None = None
) -> Expression:
    return compile_expression(text, scope(names), expected)


def value(text: str, env: dict[str, Any] | None = None, names: Mapping[str, T.Type] = scopes.CARD_RULE) -> Any:
    return compiled(text, names)(make_env() if env is None else env)


def compile_error(
    text: str, names: Mapping[str, T.Type] = scopes.CARD_RULE, expected: T.Type | None = None
) -> CompileError:
    with pytest.raises(CompileError) as info:
        compiled(text, names, expected)
    return info.value


def evaluation_error(text: str, env: dict[str, Any] | None = None) -> EvaluationError:
    expression = compiled(text)
    with pytest.raises(EvaluationError) as info:
        expression(make_env() if env is None else env)
    return info.value
