"""What the heuristic agent knows of a rule set: its cards, what a combo requires, a hand's strength."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from interpreter.deal import Deal, bid_holds
from interpreter.decisions import TRUMP
from rulespec import model as M

MORE = 1  # the declarer steers toward more tricks
FEWER = -1  # … toward fewer tricks

#: Hook points that only show cards or give something extra: a special bid filling no other
#: hook point cannot make a combo fail.
INFORMATION_HOOKS = frozenset({"visible", "zone_limits", "marks_on_completion", "bonus"})
#: … and those that only add failure points, spend marks or say who may bid are harmless
#: when the agent is confident (they cost something, but cannot make the combo fail).
COSTLY_HOOKS = frozenset({"penalty", "marks_on_bidding", "marks_on_declaring", "may_bid", "repeatable"})
COPIES = 3  # copies of a repeatable special bid the agent considers at most

HOPELESS = 2  # playouts without a completion after which a combo is given up (1 for one that never completes)
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
            hand_size=int(rules.game.deal.hand_size({"player_count": player_count})),
            top=len(deck.ranks),
        )


def rank_values(rules: M.RuleSet, bid_ids: Iterable[str]) -> dict[str, int]:
    """Rank → value under the ``rank_order`` hook points of ``bid_ids`` (as the engine orders them)."""
    ranks = list(rules.game.deck.ranks)
    bids = [rules.bids[b] for b in bid_ids if b in rules.bids]
    for bid in sorted(bids, key=lambda b: (b.event_priority, b.kind != "standard")):
        if bid.rank_order:
            order = bid.rank_order
            ranks = [r for r in ranks if r not in order.lowest and r not in order.highest]
            ranks = [*order.lowest, *ranks, *order.highest]
    return {rank: i + 1 for i, rank in enumerate(ranks)}


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


_bid_holds = bid_holds  # the engine's own check of one bid's requirement


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
    adjustments = [k for bid in deal.bids for k in bid.tricks_adjust] or [0]
    everything = frozenset(range(deal.hand_size + 1))
    result: frozenset[int] | None = None
    try:
        for bid in deal.bids:
            if bid.tricks is None and bid.requires is None:
                continue
            good: set[int] = set()
            try:
                for count in everything:
                    holds = True
                    for k in adjustments:
                        declarer.adjust = count - won + k
                        if not _bid_holds(bid, env, declarer):
                            holds = False
                            break
                    if holds:
                        good.add(count)
            except Exception:  # a requirement that cannot be judged before the hand says nothing
                continue
            if not good or len(good) == len(everything):
                continue
            result = frozenset(good) if result is None else result & good
    finally:
        declarer.adjust = 0
    return result or None


# --- simple judgements on a hand ------------------------------------------------------------


def suit_strength(hand: Iterable[str], suit: str, tables: Tables, value: dict[str, int]) -> float:
    """Length plus half the high-card points (4, 3, 2, 1 for the top four ranks) of ``suit`` in ``hand``."""
    score = 0.0
    floor = tables.top - 4
    for name in hand:
        if tables.suit_of.get(name) == suit:
            score += 1.0 + max(0, value[tables.rank_of[name]] - floor) / 2
    return score


def expected_tricks(hand: Sequence[str], trump: str | None, tables: Tables, value: dict[str, int]) -> float:
    """A quick count of the tricks a hand should take: its sure and likely winners, and long trump."""
    total = 0.0
    for suit in tables.suits:
        cards = sorted((value[tables.rank_of[n]] for n in hand if tables.suit_of.get(n) == suit), reverse=True)
        for position, card_value in enumerate(cards):
            missing = tables.top - card_value - position  # higher cards held by the others
            if missing <= 0:
                total += 1.0
            elif missing == 1 and len(cards) >= 2:
                total += 0.5
        if suit == trump:
            total += max(0, len(cards) - 3) * 0.7
    return total
