"""The runtime objects of an outcome: players, the last trick, the table, the environment."""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.analysis.results import Unknown, Verdict
from interpreter.state import Card, CardFacts
from rulespec import model as M

# --- runtime objects of an outcome ----------------------------------------------------------

if TYPE_CHECKING:  # the search makes these objects; they only refer back to it
    from interpreter.analysis.search import ProofSearch


class OutcomeTable(CardFacts):
    """What expressions consult about cards: the trump and the rank order are variables of the search."""

    __slots__ = ("search", "players", "zone", "colors")

    def __init__(self, search: ProofSearch, colors: dict[str, str]) -> None:
        self.search = search
        self.players = ()  # every card has been played: nobody holds one
        self.zone: dict[Card, str] = {}
        self.colors = colors

    @property  # read-only here: the search decides the trump
    def trump(self) -> str | None:  # type: ignore[override]
        trump: str | None = self.search.value(("trump",))  # the trump variable holds a suit or None
        return trump

    @property  # read-only here: the search decides the rank order
    def rank_value(self) -> dict[str, int]:  # type: ignore[override]
        return self.search.rank_value()


class OutcomePlayer:
    """A player at the end of the hand; ``index`` counts clockwise from the declarer (0)."""

    __slots__ = ("search", "index", "adjust")

    def __init__(self, search: ProofSearch, index: int) -> None:
        self.search = search
        self.index = index
        self.adjust = 0

    @property
    def is_declarer(self) -> bool:
        return self.index == 0

    @property
    def tricks(self) -> int:
        return self.search.total(self.index) + self.adjust

    @property
    def won(self) -> list[Card]:
        return self.search.won(self.index)

    @property
    def hand(self) -> list[Card]:
        return []  # the hand is over

    def tricks_in(self, numbers: Iterable[int]) -> int:
        return self.search.tricks_in(self.index, numbers)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        raise Unknown("fact", f"player.{name}")

    def __repr__(self) -> str:
        return "declarer" if self.index == 0 else f"opponent {self.index}"


class OutcomeLastTrick:
    __slots__ = ("search", "number")

    def __init__(self, search: ProofSearch, number: int) -> None:
        self.search = search
        self.number = number

    @property
    def winner(self) -> OutcomePlayer:
        return self.search.last_winner()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        raise Unknown("fact", f"last_trick.{name}")


class OutcomeBid:
    """A bid as expressions see it; a worth or score that depends on the combo is not modelled."""

    def __init__(self, facts: M.BidFacts) -> None:
        self.facts = facts

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.facts, name)
        if value is None:
            raise Unknown("fact", f"standard.{name}")
        return value


class OutcomeEnv(dict[str, Any]):
    """The names of a requirement; the ones that are variables are looked up when read."""

    def __init__(self, search: ProofSearch, base: dict[str, Any]) -> None:
        super().__init__(base)
        self.search = search

    def __missing__(self, key: str) -> Any:
        return self.search.lazy_name(key)


@dataclass
class World:
    """What one rule set with one number of players fixes: the deck, the tricks, the hooks around."""

    ruleset: weakref.ref[M.RuleSet]  # not the rule set itself: worlds are kept in a cache beside it
    player_count: int
    tricks: int  # N, the number of tricks (the hand size)
    cards: list[tuple[str, str]]  # (rank, suit) in play
    trump_domain: tuple[str | None, ...]
    rank_orders: tuple[dict[str, int], ...]
    learned: dict[str, set[frozenset[int]]] = field(default_factory=dict)  # trick numbers each bid asks about
    verdicts: dict[tuple[frozenset[str], tuple[int, ...] | None], Verdict] = field(default_factory=dict)
    spent: int = 0  # the work of every search made in this world (see analysis.ANALYSIS_LIMIT)
    #: What each verdict cost to find: asking for it again spends it again, so that an analysis
    #: stops at the same set whether or not an earlier one in the process found some verdicts.
    costs: dict[tuple[frozenset[str], tuple[int, ...] | None], int] = field(default_factory=dict)

    @property
    def rules(self) -> M.RuleSet:
        rules = self.ruleset()
        assert rules is not None, "a world is only used while its rule set lives"
        return rules
