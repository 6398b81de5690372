"""The validated, compiled rule set: what the interpreter executes and renderers print.

Every field holding an expression is a compiled :class:`~rulespec.compiler.Expression`.
A :class:`Bid` is a set of filled *hook points*; an empty hook point means "no change
to the game's usual rule". The hook points are declared once in :mod:`rulespec.hooks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rulespec.compiler import Expression
from rulespec.declaredoptions import DeclaredOptions
from rulespec.hookparts import (  # the parts of hook points, read as M.Trump …
    BidFacts as BidFacts,
)
from rulespec.hookparts import (
    Choose as Choose,
)
from rulespec.hookparts import (
    DealBack as DealBack,
)
from rulespec.hookparts import (
    Give as Give,
)
from rulespec.hookparts import (
    Meld as Meld,
)
from rulespec.hookparts import (
    PassCards as PassCards,
)
from rulespec.hookparts import (
    PlaysLast as PlaysLast,
)
from rulespec.hookparts import (
    RankOrder as RankOrder,
)
from rulespec.hookparts import (
    Reveal as Reveal,
)
from rulespec.hookparts import (
    SetScores as SetScores,
)
from rulespec.hookparts import (
    Step as Step,
)
from rulespec.hookparts import (
    Tricks as Tricks,
)
from rulespec.hookparts import (
    TrickTaker as TrickTaker,
)
from rulespec.hookparts import (
    Trump as Trump,
)
from rulespec.hookparts import (
    Visibility as Visibility,
)
from rulespec.hookparts import (
    Zone as Zone,
)
from rulespec.hookparts import (
    ZoneLimit as ZoneLimit,
)
from rulespec.hooks import MODEL_FIELDS

#: A bid's kind: a standard bid (one per combo, with a score) or a special bid (added to it).
BidKind = Literal["standard", "special"]

#: The value of ``auction.minimum_worth`` when the rules set no minimum: every combo worth is above it.
NO_MINIMUM = float("-inf")

#: The compiled bid's hook fields, in the order of the hook registry (:mod:`rulespec.hooks`).
BID_HOOKS = MODEL_FIELDS


@dataclass(frozen=True)
class Suit:
    id: str
    color: str | None = None


@dataclass(frozen=True)
class Removal:
    """Cards taken out of the deck when ``when`` holds (over ``player_count``)."""

    when: Expression
    cards: tuple[tuple[str, str], ...]  # (rank, suit)
    ranks: tuple[str, ...]


@dataclass(frozen=True)
class Deck:
    suits: tuple[Suit, ...]
    ranks: tuple[str, ...]  # low to high
    removals: tuple[Removal, ...] = ()

    def cards(self, player_count: int) -> list[tuple[str, str]]:
        """The (rank, suit) pairs in play for this many players, suit by suit, low to high."""
        env = {"player_count": player_count}
        removed: set[tuple[str, str]] = set()
        for removal in self.removals:
            if removal.when(env):
                removed.update(removal.cards)
                removed.update((rank, suit.id) for rank in removal.ranks for suit in self.suits)
        return [(r, s.id) for s in self.suits for r in self.ranks if (r, s.id) not in removed]


@dataclass(frozen=True)
class Players:
    min: int = 2
    max: int = 12
    in_deal: int | None = None
    sit_out: str = "right_of_dealer"

    @property
    def usual(self) -> int:
        """The number of players when none is asked for: those of a deal, else four if allowed."""
        return self.in_deal or max(self.min, min(4, self.max))


@dataclass(frozen=True)
class Stock:
    face_up: int = 0  # cards of the stock turned face up (0 or 1)


@dataclass(frozen=True)
class DealRules:
    hand_size: Expression
    first_dealer: str = "random"
    next_dealer: str = "left"
    set_aside: int = 0  # cards removed unseen after the shuffle
    stock: Stock | None = None  # the undealt cards form a stock to draw from


@dataclass(frozen=True)
class Auction:
    first_bidder: Expression
    may_bid: Expression
    minimum_worth: Expression  # NO_MINIMUM when the rules set none (``minimum_worth: false``)
    beats: Expression
    combo_standard: str = "one"
    combo_special: str = "any_distinct"
    all_pass: str = "redeal_same_dealer"
    time_limits: Mapping[str, int] = field(default_factory=dict)
    forbid_impossible: bool = False  # combo bids that cannot be completed are refused (checked later)
    #: A combo's worth over ``standard``, ``specials`` and ``player`` (the bidder); None: the sum of its bids' worths.
    combo_worth: Expression | None = None

    @property
    def has_minimum(self) -> bool:
        """Whether the rules set a least worth for a combo bid at all."""
        return not (self.minimum_worth.is_constant and self.minimum_worth.constant == NO_MINIMUM)


@dataclass(frozen=True)
class Draw:
    """After a trick: each ``who`` takes the face-up card or the top of the stock."""

    who: Expression
    source: str  # face_up | stock


@dataclass(frozen=True)
class TurnUp:
    """After a trick: turn the stock's top card face up when none is."""

    count: int = 1


@dataclass(frozen=True)
class PlayRules:
    first_leader: Expression
    follow_suit: bool = True
    must_trump: bool = False
    trump: Expression | None = None  # the hand's trump, set when play begins
    close_when: Expression | None = None  # once true before a trick, later tricks are after the close
    after_trick: tuple[Draw | TurnUp, ...] = ()


@dataclass(frozen=True)
class AfterDeal:
    players: Expression
    points: Expression


@dataclass(frozen=True)
class Floor:
    """No score goes below ``score``; each point that could not be taken is a ``debt`` mark.

    ``debt_fades`` debt marks wear off after each later deal (not the deal that made them).
    """

    score: int
    debt: str | None = None
    debt_fades: int = 0


@dataclass(frozen=True)
class Scoring:
    completed: Expression
    failed: Expression
    after_deal: tuple[AfterDeal, ...] = ()
    floor: Floor | None = None


@dataclass(frozen=True)
class WinningVariant:
    name: str
    declarer_wins: Expression
    target: Expression | None = None


@dataclass(frozen=True)
class Winning:
    variants: Mapping[str, WinningVariant]
    default: str
    anyone_wins: Expression | None = None


@dataclass(frozen=True)
class MatchHand:
    """One hand of a match: fixed rules (a bid id) or rules chosen by a player after the deal."""

    bid: str | None = None
    chosen_by: Expression | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Match:
    """A match of hands, each with its own rules; ties are replayed; most hands won wins."""

    schedules: Mapping[str, tuple[MatchHand, ...]]
    schedule: Expression | None
    hand_points: Expression | None
    hand_winner_mark: str | None = None
    tie: str = "replay"


@dataclass(frozen=True)
class Game:
    players: Players
    deck: Deck
    deal: DealRules
    play: PlayRules
    auction: Auction | None = None
    scoring: Scoring | None = None
    winning: Winning | None = None
    marks: tuple[str, ...] = ()
    options: DeclaredOptions = field(default_factory=DeclaredOptions)  # the defaults, with bounds
    params: Mapping[str, Any] = field(default_factory=dict)  # named values, also text placeholders
    match: Match | None = None


@dataclass(frozen=True)
class Bid:
    """One standard or special bid: its table facts and the hook points it fills."""

    id: str
    kind: BidKind
    worth: Expression
    params: Mapping[str, Any] = field(default_factory=dict)  # the bid's own named values
    priority: int | None = None
    score: Expression | None = None
    events_after: tuple[str, ...] = ()  # bids whose events come first when both are in a combo at one priority
    incompatible: tuple[str, ...] = ()  # as written: bid ids and group names
    incompatible_ids: frozenset[str] = frozenset()  # groups expanded, made symmetric
    trump: Trump | None = None
    tricks: Tricks | None = None
    steps: tuple[Step, ...] = ()
    requires: Expression | None = None
    bonus: Expression | None = None
    penalty: Expression | None = None
    partners: Expression | None = None  # players who score what the declarer scores
    tricks_adjust: tuple[int, ...] = ()
    visible: tuple[Visibility, ...] = ()
    may_not_play: Expression | None = None
    may_not_lead: Expression | None = None
    first_leader: Expression | None = None
    plays_last: PlaysLast | None = None
    rank_order: RankOrder | None = None
    trick_taker: TrickTaker | None = None
    marks_on_completion: Mapping[str, int] = field(default_factory=dict)
    marks_on_declaring: Mapping[str, int] = field(default_factory=dict)
    may_bid: Expression | None = None  # over ``player``, the bidder; None: anyone who may bid at all
    repeatable: Expression | None = None  # most copies in one combo, over ``player``; None: one
    marks_on_bidding: Mapping[str, int] = field(default_factory=dict)
    set_scores: SetScores | None = None
    wins_game: Expression | None = None
    zone_limits: tuple[ZoneLimit, ...] = ()
    melds: tuple[Meld, ...] = ()
    points_each: Expression | None = None

    @property
    def has_trump(self) -> bool:
        return self.trump is not None

    @property
    def event_priority(self) -> int:
        """When its events happen: standard bids at 0, special bids at their priority."""
        return self.priority if self.priority is not None else 0

    def hooks(self) -> list[str]:
        """The hook points this bid fills, in :data:`BID_HOOKS` order."""
        return [name for name in BID_HOOKS if getattr(self, name) not in (None, (), {}, frozenset())]


@dataclass(frozen=True)
class RuleSet:
    """A fully resolved rule set (after ``extends``), validated and compiled."""

    name: str
    version: str
    game: Game
    bids: Mapping[str, Bid]
    groups: Mapping[str, Expression]
    group_members: Mapping[str, tuple[str, ...]]
    lineage: tuple[str, ...] = ()  # this rule set, then its parents, as "name@version"
    sources: tuple[str, ...] = ()  # files read, child first

    @property
    def standard_bids(self) -> list[Bid]:
        return [b for b in self.bids.values() if b.kind == "standard"]

    @property
    def special_bids(self) -> list[Bid]:
        return [b for b in self.bids.values() if b.kind == "special"]

    @property
    def id(self) -> str:
        return f"{self.name}@{self.version}"
