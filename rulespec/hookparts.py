"""The parts of a bid's hook points in the compiled rule set: trump, tricks, steps, card rules, melds.

:mod:`rulespec.model` re-exports each; read them there (``M.Trump``). Which hook point holds
which part is in :mod:`rulespec.hooks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulespec.compiler import Expression


@dataclass(frozen=True)
class Trump:
    chosen_by: Expression | None = None
    where: Expression | None = None
    suit: Expression | None = None
    after_each_trick: Expression | None = None


@dataclass(frozen=True)
class Tricks:
    """A trick-count requirement; ``for_players`` replaces it for some numbers of players."""

    min: Expression | None = None
    max: Expression | None = None
    exactly: Expression | None = None
    for_players: Mapping[int, Tricks] = field(default_factory=dict)

    def in_force(self, player_count: int) -> Tricks:
        """The requirement for a deal of ``player_count`` players."""
        return self.for_players.get(player_count, self)


@dataclass(frozen=True)
class Choose:
    who: Expression
    what: str  # suit | card | number | player
    name: str
    count: int | None = None
    source: Expression | None = None
    where: Expression | None = None
    hidden: bool = False
    optional: bool = False


@dataclass(frozen=True)
class Reveal:
    name: str


@dataclass(frozen=True)
class Give:
    card: Expression
    to: Expression


@dataclass(frozen=True)
class PassCards:
    senders: Expression
    count: int
    direction: Expression


@dataclass(frozen=True)
class Zone:
    name: str
    owner: Expression
    size: int
    refill: bool = False


@dataclass(frozen=True)
class DealBack:
    """``cards`` are taken from their holders, shuffled and dealt back, one to each of them."""

    cards: Expression
    name: str
    face_up: bool = False


Step = Choose | Reveal | Give | PassCards | Zone | DealBack


@dataclass(frozen=True)
class Visibility:
    of: Expression
    cards: Expression
    to: Expression | None = None  # None: every player


@dataclass(frozen=True)
class PlaysLast:
    player: Expression
    when: Expression | None = None


@dataclass(frozen=True)
class RankOrder:
    lowest: tuple[str, ...] = ()
    highest: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrickTaker:
    when: Expression
    chosen_by: Expression
    to: Expression | None = None  # who may be named (None: every player of the deal)
    optional: bool = False  # the chooser may decline: the trick goes to its winner
    once: bool = False  # at most one trick a deal


@dataclass(frozen=True)
class Meld:
    """A meld declared by leading a card (``lead``) and then showing a matching card (``show``)."""

    name: str
    lead: Expression
    show: Expression
    points: Expression


@dataclass(frozen=True)
class ZoneLimit:
    zone: str
    forbid: Expression


@dataclass(frozen=True)
class BidFacts:
    """What expressions see of a bid (the ``bid`` type): its table facts in one combo."""

    id: str
    kind: str
    trump: bool
    worth: Any
    priority: int
    score: Any = 0
    min_tricks: Any = 0  # the fewest tricks its table asks for in this deal (min or exactly; 0: none)


@dataclass(frozen=True)
class SetScores:
    """Scores set when a combo bid is completed: ``players`` (of the whole game) get ``to``."""

    players: Expression
    to: Expression
