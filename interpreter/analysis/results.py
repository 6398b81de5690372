"""The prover's results and the signals its search raises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulespec import types as T

Var = tuple[Any, ...]

#: Card attributes (no other object has them); ``holder`` and ``zone`` are the same for every
#: card once the hand is over, ``value`` follows the rank, ``is_trump`` the suit.
CARD_ATTRIBUTES = frozenset(T.ATTRIBUTES[T.CARD]) - frozenset(
    name for kind, names in T.ATTRIBUTES.items() if kind != T.CARD for name in names
)
#: Names an element is bound to inside a predicate (``count(declarer.won, card.suit == …)``).
BOUND_NAMES = frozenset(T.ELEMENT_NAMES.values())
#: Deal-scope names an expression may read without depending on the deal (``from: 0..hand_size``).
STATIC_NAMES = frozenset({"player_count", "suits", "ranks", "hand_size"})
#: Attributes whose value is a list of cards: comparing such lists with ``==`` depends on their order.
CARD_LISTS = frozenset({"won", "hand", "cards"})
FULL = None  # a card attribute whose every value must be told apart


# --- control flow of the search -----------------------------------------------------------


class Need(Exception):
    """An evaluation read a variable that has no value yet."""

    def __init__(self, var: Var) -> None:
        super().__init__(var)
        self.var = var


class Refine(Exception):
    """An evaluation asked about a set of trick numbers that splits a class of them."""

    def __init__(self, numbers: frozenset[int]) -> None:
        super().__init__(sorted(numbers))
        self.numbers = numbers


#: What the prover can fail to model, each worded by the label ``analyze_unknown_<kind>`` (en and sv):
#: a name's value, a fact (``player.score``), the rank order, the ways to share the cards won, a
#: choice made by several players, one with too many values or values it cannot list, an
#: expression it does not read, an evaluation that failed, the checker failing, the whole game.
UNMODELLED_KINDS = (
    "name",
    "fact",
    "rank_order",
    "shares",
    "several_choosers",
    "too_many_values",
    "values",
    "expression",
    "evaluation",
    "checker",
    "game",
)


@dataclass(frozen=True)
class Unmodelled:
    """Something a bid's requirement read that the prover does not model (so it counts as met):
    ``kind`` (one of :data:`UNMODELLED_KINDS`) and the ``name`` it is about, as plain facts that
    :func:`interpreter.analysis.wording.unmodelled_words` words in any language."""

    bid: str  # the bid whose hook read it ("" for the whole game)
    kind: str
    name: str = ""


class Unknown(Exception):
    """An evaluation read something the model does not cover; the requirement counts as met."""

    def __init__(self, kind: str, name: str = "") -> None:
        super().__init__(kind, name)
        self.kind, self.name = kind, name


# --- results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """Whether one set of requirement bids can be completed with ``player_count`` players.

    ``possible`` is None when the search gave up (its limit, or too many ways to share the
    cards); that counts as possible everywhere. For an impossible set, ``observed`` says what
    the proof had to look at (``count``: the declarer's number of tricks; ``counts``: the
    other players' numbers; ``tricks``: which tricks; ``cards``: which cards; ``choices``: the
    declarations) and ``adjusted`` whether the set would be possible without its
    ``tricks_adjust``.
    """

    bids: tuple[str, ...]
    player_count: int
    possible: bool | None
    observed: frozenset[str] = frozenset()
    adjusted: bool = False
    adjustments: tuple[int, ...] = (0,)
    unknown: tuple[Unmodelled, ...] = ()
    evaluations: int = 0
    witness: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Finding:
    """A minimal set of bids that no combo bid may hold (or that was not decided).

    ``standard`` is None when the special bids alone cannot be completed, whatever the
    standard bid; ``player_counts`` are the numbers of players in a deal for which it holds.
    """

    standard: str | None
    specials: tuple[str, ...]
    player_counts: tuple[int, ...]
    verdict: Verdict

    @property
    def bids(self) -> tuple[str, ...]:
        return ((self.standard,) if self.standard else ()) + self.specials


@dataclass
class Analysis:
    """Every minimal impossible set of bids of a rule set (see :func:`analyze`)."""

    ruleset: str
    player_counts: tuple[int, ...]
    forbid_impossible: bool
    impossible: list[Finding] = field(default_factory=list)
    undecided: list[Finding] = field(default_factory=list)
    checked: int = 0  # sets of requirement bids searched (per number of players)
    unknown: tuple[Unmodelled, ...] = ()  # what the checker could not model, over all searches
    note: str | None = None  # why nothing was analysed (no auction, a draw pile)
    seconds: float = 0.0
