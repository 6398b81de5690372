"""Runtime objects of one deal: what rule expressions see as card, player, trick, play, combo.

Their attributes are exactly those declared in :mod:`rulespec.types` (a test keeps the two
in step). A card is the same object in every deal of a rule set (cards are made once per
deck layout, see :mod:`interpreter.prepared`): the facts about a card that depend on the deal —
its value under the rank order in force, whether it is trump, who holds it, which zone it lies
in — are answered by the deal's :class:`Table`, which expressions reach as ``_table`` in their
environment (``rulespec.types.TABLE_FACTS``). A change of trump or of rank order is thus seen
at once by every expression.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from interpreter.copying import copy_value as deepcopy
from interpreter.copying import share
from rulespec.model import BidFacts


@share
class Card:
    """One card of a deck. ``str(card)`` is its name, e.g. ``"10H"``.

    Immutable and shared by every deal of its rule set; what a deal knows about it lives in
    the deal's :class:`Table` (``table.card_value(card)``, ``table.card_holder(card)`` …).
    """

    __slots__ = ("rank", "suit", "name")
    rank: str
    suit: str
    name: str

    def __init__(self, rank: str, suit: str) -> None:
        # Cards are made once per deck layout, so the cost of guarding them is paid once.
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "name", rank + suit)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"card {self.name} is shared by every deal of its rule set and cannot change")

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __copy__(self) -> Card:
        return self  # shared by every deal (and every copy of a deal)

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


class Marks:
    """A player's marks (e.g. potentials), read as ``player.marks.NAME``."""

    def __init__(self, counts: dict[str, int]) -> None:
        self._counts = counts

    def __getattr__(self, name: str) -> int:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._counts.get(name, 0)

    def add(self, name: str, count: int) -> None:
        """Gain ``count`` marks called ``name`` (spend them when ``count`` is negative)."""
        self._counts[name] = self._counts.get(name, 0) + count

    def wraps(self, counts: dict[str, int]) -> bool:
        """Whether these are the marks counted in ``counts`` (a game's own, for one seat)."""
        return self._counts is counts

    def as_dict(self) -> dict[str, int]:
        """A copy of the counts by name (for views and records; changing it changes no marks)."""
        return dict(self._counts)

    def __deepcopy__(self, memo: dict[int, Any]) -> Marks:
        counts = self._counts  # the counts may be the game's too: one copy for both
        copied = memo.get(id(counts))
        if copied is None:  # (names and numbers: a plain copy, made at every playout for each player)
            copied = memo[id(counts)] = dict(counts)
        return Marks(copied)


class Tricks(list["Trick"]):
    """A deal's finished tricks, in order (players refer to it weakly: see :class:`Player`)."""

    __slots__ = ("__weakref__",)


@dataclass(eq=False, slots=True)
class Player:
    """A player taking part in the deal (``seat`` is the game seat).

    The tricks a player won are found in the deal's :class:`Tricks`, held weakly: a trick refers
    to its players, so strong links both ways would make every finished deal a reference cycle,
    left for Python's cyclic garbage collector instead of being freed at once.
    """

    seat: int
    score: Any
    marks: Marks
    hand: list[Card] = field(default_factory=list)
    is_declarer: bool = False
    adjust: int = 0  # virtual tricks while requirements are checked
    meld_points: Any = 0  # points from melds declared this hand
    # Tricks won this hand (``tricks`` without virtual ones): counted as they are won, because
    # requirements read ``tricks`` far more often than ``won_tricks`` walks the deal's tricks.
    won_count: int = 0
    deal_tricks: weakref.ref[Tricks] | None = field(default=None, repr=False)  # where the tricks are
    start_score: Any = None  # the score when the deal began (``score`` when not given)

    def __post_init__(self) -> None:
        if self.start_score is None:
            self.start_score = self.score

    def start_deal(self, score: Any, deal_tricks: weakref.ref[Tricks]) -> None:
        """Make this player of a finished deal that nobody looks at any more a new deal's, as the
        constructor would make it (the seat and marks stay): a simulation makes no new players."""
        self.score = self.start_score = score
        self.hand = []
        self.is_declarer = False
        self.adjust = self.meld_points = self.won_count = 0
        self.deal_tricks = deal_tricks

    def win(self, trick: Trick) -> None:
        """Count ``trick`` (its winner is this player; the deal's trick list keeps it)."""
        self.won_count += 1

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        """A copy for a copy of the deal (its ``deal_tricks`` is set by the deal): every field as it
        is (numbers, shared values), but the hand and the marks copied."""
        new = Player(*_player_fields(self))  # every field, in one call (a copy is made at every playout)
        new.hand = memo[id(self.hand)] = list(self.hand)  # cards are shared; others may refer to the list
        new.marks = self.marks.__deepcopy__(memo)  # (as deepcopy would: marks are not kept in the memo)
        memo[id(self)] = new
        return new

    @property
    def won_tricks(self) -> list[Trick]:
        tricks: list[Trick] | None = self.deal_tricks() if self.deal_tricks is not None else []
        if tricks is None:
            raise ReferenceError(f"seat {self.seat}: the deal holding this player's tricks is gone")
        return [trick for trick in tricks if trick.winner is self]

    @property
    def tricks(self) -> int:
        return self.won_count + self.adjust

    @property
    def won(self) -> list[Card]:
        return [play.card for trick in self.won_tricks for play in trick.plays]

    def tricks_in(self, numbers: Iterable[int]) -> int:
        wanted = set(numbers)
        return sum(1 for trick in self.won_tricks if trick.number in wanted)

    def __repr__(self) -> str:
        return f"Player({self.seat})"


#: A player's fields, in the order ``Player`` takes them (all of them: a copy passes every one on).
_player_fields = attrgetter(*(f.name for f in fields(Player)))
assert all(f.init for f in fields(Player)), "Player.__deepcopy__ passes every field to Player()"
_KEPT = {"seat", "marks"}  # what Player.start_deal keeps; it sets every other field
assert {f.name for f in fields(Player)} - _KEPT == {
    "score",
    "start_score",
    "hand",
    "is_declarer",
    "adjust",
    "meld_points",
    "won_count",
    "deal_tricks",
}, "Player.start_deal sets every field but the seat and marks"


@dataclass(eq=False, slots=True)  # slots: one per card played, made in the trick loop
class Play:
    player: Player
    card: Card
    is_lead: bool = False  # the first card of its trick: rules may tell a lead from other plays

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        new = memo[id(self)] = Play(deepcopy(self.player, memo), self.card, self.is_lead)  # the card is shared
        return new


@dataclass(eq=False, slots=True)
class Trick:
    number: int
    leader: Player
    trump: str | None
    plays: list[Play] = field(default_factory=list)
    winner: Player | None = None
    after_close: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Trick:
        new = Trick(self.number, deepcopy(self.leader, memo), self.trump, [], None, self.after_close)
        memo[id(self)] = new
        new.plays = [deepcopy(play, memo) for play in self.plays]
        new.winner = deepcopy(self.winner, memo)
        return new

    @property
    def cards(self) -> list[Card]:
        return [play.card for play in self.plays]

    @property
    def lead(self) -> Card | None:
        return self.plays[0].card if self.plays else None

    @property
    def led_suit(self) -> str | None:
        return self.plays[0].card.suit if self.plays else None


@share
@dataclass(frozen=True)
class Combo:
    """A combo bid in one deal: the standard bid, the special bids, and its worth."""

    standard: BidFacts
    specials: tuple[BidFacts, ...]
    worth: Any

    def __deepcopy__(self, memo: dict[int, Any]) -> Combo:
        return self  # immutable: shared by copies of a deal

    @property
    def bids(self) -> list[BidFacts]:
        return [self.standard, *self.specials]

    def has(self, bid_id: str) -> bool:
        return any(b.id == bid_id for b in self.bids)

    @property
    def ids(self) -> list[str]:
        return [b.id for b in self.bids]


class Seating:
    """Neighbours among the players of a deal; seats go clockwise, left is the next one."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = list(players)
        # Each player's round of the table, starting with them (read only: shared by the deal).
        self.rounds = {p: self.players[i:] + self.players[:i] for i, p in enumerate(self.players)}

    def left_of(self, player: Player) -> Player:
        return self.rounds[player][1 % len(self.players)]

    def right_of(self, player: Player) -> Player:
        return self.rounds[player][-1]

    def clockwise_from(self, player: Player) -> list[Player]:
        return list(self.rounds[player])

    def __deepcopy__(self, memo: dict[int, Any]) -> Seating:
        new = memo[id(self)] = Seating(deepcopy(self.players, memo))
        return new


class CardFacts:
    """The card attributes that depend on the deal (``rulespec.types.TABLE_FACTS``), answered from
    the deal's ``trump``, ``rank_value``, ``players`` (their hands), ``zone`` and ``colors``:
    compiled expressions call ``card_value(card)`` and the like for ``card.value``.
    """

    __slots__ = ()
    trump: str | None
    rank_value: dict[str, int]
    players: Sequence[Any]
    zone: dict[Card, str]
    colors: dict[str, str]

    def card_value(self, card: Card) -> int:
        """The card's position in the rank order in force, 1 = lowest."""
        return self.rank_value[card.rank]

    def card_is_trump(self, card: Card) -> bool:
        return card.suit == self.trump

    def card_holder(self, card: Card) -> Any:
        """Who holds the card now (None: played, in the stock or set aside).

        Read from the hands themselves, so nothing else has to follow a card about: expressions
        ask this seldom, while cards move at every play.
        """
        for player in self.players:
            if card in player.hand:
                return player
        return None

    def card_zone(self, card: Card) -> str:
        """The named zone the card lies in, or "" when none."""
        return self.zone.get(card, "")

    def card_color(self, card: Card) -> str:
        return self.colors.get(card.suit, "")


@dataclass
class Table(CardFacts):
    """The changing facts of a deal that expressions consult about cards (see :class:`CardFacts`)."""

    trump: str | None = None
    rank_value: dict[str, int] = field(default_factory=dict)
    players: Sequence[Player] = ()
    zone: dict[Card, str] = field(default_factory=dict)
    colors: dict[str, str] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # The rank order and colours are replaced, never changed: shared.
        new = Table(self.trump, self.rank_value, deepcopy(self.players, memo), dict(self.zone), self.colors)
        memo[id(self)] = new
        return new
