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
    """How a bid sets the trump: a player picks it (``chosen_by``, limited by ``where``) or ``suit`` names it;
    ``after_each_trick`` gives the next trick's trump from the finished one (writing-rules §6 ``trump``)."""

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
    """A ``choose`` step: ``who`` picks ``count`` values of kind ``what`` (from ``source``, meeting ``where``)
    and the bid calls them ``name``; ``hidden`` keeps the pick from the others until a ``reveal``."""

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
    """A ``reveal`` step: the hidden choice called ``name`` becomes known to every player."""

    name: str


@dataclass(frozen=True)
class Give:
    """A ``give`` step: one ``card`` changes hands, to the player ``to``."""

    card: Expression
    to: Expression


@dataclass(frozen=True)
class PassCards:
    """A ``pass_cards`` step: every sender hands ``count`` cards to the next sender in ``direction``."""

    senders: Expression
    count: int
    direction: Expression


@dataclass(frozen=True)
class Zone:
    """A ``zone`` step: ``owner`` sets ``size`` cards of the hand apart under ``name`` (topped up when ``refill``).

    The cards stay in the hand and playable; ``card.zone`` tells where one lies.
    """

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
    """One ``visible`` entry: the cards of ``of`` for which ``cards`` holds are shown to ``to``.

    Asked again at every look, so what is shown follows the cards as they move.
    """

    of: Expression
    cards: Expression
    to: Expression | None = None  # None: every player


@dataclass(frozen=True)
class PlaysLast:
    """``player`` plays last in every trick where ``when`` holds; the rest keep their order."""

    player: Expression
    when: Expression | None = None


@dataclass(frozen=True)
class RankOrder:
    """Ranks moved to the bottom (``lowest``) or the top (``highest``) of the order in force."""

    lowest: tuple[str, ...] = ()
    highest: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrickTaker:
    """In tricks where ``when`` holds, ``chosen_by`` names the player who takes the trick (and leads next)."""

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
    """One ``zone_limits`` entry: a card for which ``forbid`` holds may not lie in the zone ``zone``."""

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
