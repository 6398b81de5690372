"""What the heuristic agent knows of a rule set: its cards, what a combo requires, a hand's strength."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from interpreter import prepared
from interpreter.deal import Deal
from interpreter.decisions import TRUMP
from interpreter.scoring import completes, trick_bounds  # the engine's own checks of a requirement
from interpreter.state import Card, Player
from rulespec import model as M
from rulespec.hooks import STAKE_OF_FIELD

MORE = 1  # the declarer steers toward more tricks
FEWER = -1  # … toward fewer tricks

#: Hook points that only show cards or give something extra: a special bid filling no other
#: hook point cannot make a combo fail (the registry's stake "none").
INFORMATION_HOOKS = frozenset(f for f, stake in STAKE_OF_FIELD.items() if stake == "none")
#: … and those that only add failure points, spend marks or say who may bid are harmless
#: when the agent is confident (they cost something, but cannot make the combo fail).
COSTLY_HOOKS = frozenset(f for f, stake in STAKE_OF_FIELD.items() if stake == "cost")
COPIES = 3  # copies of a repeatable special bid the agent considers at most
#: Harmless special bids (copies counted) the agent dresses a combo from at most: every subset of them
#: is a dressing, so a house rule with many (a dozen) would make thousands a bid turn. The bundled
#: rule sets have at most six; beyond the cap, the ones that raise the worth most are kept.
DRESSING_POOL = 8

#: Playouts without a completion after which a combo is given up. One: in self-play, of the combos whose
#: first playout failed 4 % went on to be bid, and their further playouts were 3/10 of all playouts; a
#: mirrored duel against the agent that gave up after two found no difference in points (README).
HOPELESS = 1
REACH = 2.0  # a bid needing this many tricks more (or fewer) than the hand's expected ones is not tried
GUESS_LIFT = 0.75  # a guess adds this to the quick count (length and discards win more; from playouts)

TRUMP_CHOICE = TRUMP  # a trump choice: length and strength decide it


# --- what a rule set says about its cards ---------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """The cards of one rule set for one number of players, and how names split into rank and suit."""

    names: tuple[str, ...]  # the deck in play, suit by suit, low to high
    suit_of: dict[str, str]
    rank_of: dict[str, str]
    by_suit: dict[str, tuple[str, ...]]
    suits: tuple[str, ...]
    hand_size: int
    top: int  # the value of the highest rank

    @staticmethod
    def make(rules: M.RuleSet, player_count: int) -> Tables:
        deck = rules.game.deck
        pairs = deck.cards(player_count)
        names = tuple(rank + suit for rank, suit in pairs)
        suits = tuple(s.id for s in deck.suits)
        return Tables(
            names=names,
            suit_of={rank + suit: suit for rank, suit in pairs},
            rank_of={rank + suit: rank for rank, suit in pairs},
            by_suit={s: tuple(rank + suit for rank, suit in pairs if suit == s) for s in suits},
            suits=suits,
            hand_size=prepared.deck_layout(rules, player_count).hand_size,
            top=len(deck.ranks),
        )


def rank_values(rules: M.RuleSet, bid_ids: Iterable[str]) -> dict[str, int]:
    """Rank → value under the ``rank_order`` hook points of ``bid_ids`` (as the engine orders them)."""
    bids = [rules.bids[b] for b in bid_ids if b in rules.bids]
    return prepared.rank_values(rules.game.deck.ranks, prepared.event_order(bids))


@lru_cache(maxsize=8)
def _bundled_rules() -> tuple[M.RuleSet, ...]:
    from rulespec import bundled_names, load_ruleset

    return tuple(load_ruleset(name) for name in bundled_names())


def find_rules(bid_ids: Iterable[str]) -> M.RuleSet | None:
    """The bundled rule set that has all these bids (for an agent made without ``rules``)."""
    wanted = set(bid_ids)
    for rules in _bundled_rules():
        if wanted and wanted <= set(rules.bids):
            return rules
    return None


# --- what a combo requires ------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How a declarer steers: toward ``targets`` (final trick counts that complete), else ``direction``.

    With targets that reach ``most`` (every trick), more is never worse — "at least 5", or
    "more than anyone" (which the start of the deal shows as "at least 1") — so the declarer
    keeps wanting tricks. Otherwise it wants tricks until its count completes (a guess, or at
    most so many) and then avoids them.
    """

    direction: int = MORE
    targets: frozenset[int] | None = None
    most: int = 0  # the number of tricks in the deal
    _table: tuple[bool, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # every answer worked out once: it is asked for each card
        object.__setattr__(self, "_table", tuple(self._wants(won) for won in range(self.most + 1)))

    @property
    def table(self) -> tuple[bool, ...]:
        """:meth:`wants` for each count from 0 to ``most`` (plans with the same table steer alike)."""
        return self._table

    def wants(self, won: int) -> bool:
        """Whether the declarer, having won ``won`` tricks, wants the next one."""
        return self._table[won] if 0 <= won < len(self._table) else self._wants(won)

    def _wants(self, won: int) -> bool:
        if self.targets is None:
            return self.direction == MORE
        if self.most in self.targets:
            return True
        if won in self.targets:
            return False
        return any(count > won for count in self.targets)


def completing_counts(deal: Deal) -> frozenset[int] | None:
    """The declarer's final trick counts that would complete the combo, as far as counts decide it.

    Asked after the steps (so guesses are known) and before the first trick. Each bid's
    requirement is evaluated with the declarer given every possible count (and each
    ``tricks_adjust`` on top); a bid whose answer does not depend on the count (always or
    never, or an error) says nothing. None when no bid says anything.
    """
    declarer = deal.declarer
    if declarer is None:
        return None
    env = deal.env
    won = declarer.won_count
    adjustments = prepared.adjustments(deal.bids)
    everything = frozenset(range(deal.hand_size + 1))
    result: frozenset[int] | None = None
    try:
        for bid in deal.bids:
            if bid.tricks is None and bid.requires is None:
                continue
            good: set[int] = set()
            try:
                for count in everything:
                    if completes((bid,), env, declarer, [count - won + k for k in adjustments]):
                        good.add(count)
            except Exception:  # a requirement that cannot be judged before the hand says nothing
                continue
            if not good or len(good) == len(everything):
                continue
            result = frozenset(good) if result is None else result & good
    finally:
        declarer.adjust = 0
    return result or None


def counts_decide(deal: Deal) -> frozenset[int] | None:
    """The declarer's final trick counts that complete the combo, when nothing else can change it.

    That is when no bid has a ``requires`` hook point and every bound of its ``tricks`` reads
    nothing (a number), and no cards come to the hands during the hand (no draws, no zones): then
    the engine's own check (:meth:`~interpreter.deal.Deal.requirements_hold`, with each
    ``tricks_adjust``) is asked once for every count. None otherwise.
    """
    if deal.declarer is None or deal.declarer.won_count or deal.zones or deal.game.play.after_trick:
        return None
    count = len(deal.players)
    for bid in deal.bids:
        if bid.requires is not None:
            return None
        if bid.tricks is not None and any(bound.reads for _, bound in trick_bounds(bid.tricks, count)):
            return None
    shifts = prepared.adjustments(deal.bids)
    most = max(len(p.hand) for p in deal.players)
    return frozenset(c for c in range(most + 1) if all(deal.requirements_hold(c + k) for k in shifts))


# --- simple judgements on a hand ------------------------------------------------------------


def suit_strength(hand: Iterable[str], suit: str, tables: Tables, value: dict[str, int]) -> float:
    """Length plus half the high-card points (4, 3, 2, 1 for the top four ranks) of ``suit`` in ``hand``."""
    return suit_strengths(hand, tables, value).get(suit, 0.0)


def suit_strengths(hand: Iterable[str], tables: Tables, value: dict[str, int]) -> dict[str, float]:
    """:func:`suit_strength` of every suit (0.0 for a void), in one pass over ``hand``."""
    scores = dict.fromkeys(tables.suits, 0.0)
    floor = tables.top - 4
    suit_of, rank_of = tables.suit_of, tables.rank_of
    for name in hand:
        suit = suit_of.get(name)
        if suit is not None:
            scores[suit] = scores.get(suit, 0.0) + (1.0 + max(0, value[rank_of[name]] - floor) / 2)
    return scores


def expected_tricks(hand: Collection[str], trump: str | None, tables: Tables, value: dict[str, int]) -> float:
    """A quick count of the tricks a hand should take: its sure and likely winners, and long trump."""
    total = 0.0
    by_suit: dict[str | None, list[int]] = {}  # the hand's card values by suit, in one pass over it
    suit_of, rank_of = tables.suit_of, tables.rank_of
    for name in hand:
        suit = suit_of.get(name)
        if suit is not None:
            by_suit.setdefault(suit, []).append(value[rank_of[name]])
    for suit in tables.suits:
        cards = sorted(by_suit.get(suit, ()), reverse=True)
        for position, card_value in enumerate(cards):
            missing = tables.top - card_value - position  # higher cards held by the others
            if missing <= 0:
                total += 1.0
            elif missing == 1 and len(cards) >= 2:
                total += 0.5
        if suit == trump:
            total += max(0, len(cards) - 3) * 0.7
    return total


def plain_value(value: Any) -> Any:
    """A declaration's value as a hashable plain value (cards by name, players by seat)."""
    if isinstance(value, list | tuple):
        return tuple(plain_value(v) for v in value)
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Player):
        return value.seat
    return value
