"""What a deal needs from its rule set that does not change from deal to deal, worked out once.

A rule set is immutable once loaded, so the deck's layout for a player count (its very card
objects: what a deal knows of a card is kept in the deal's table) and the hook points of a
combo are the same in every deal: a :class:`~interpreter.deal.Deal` takes them
from here instead of recomputing them (the deal loop of simulations and playouts is hot).
Everything here is derived from the rule data alone, never from a bid's name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.state import Card
from rulespec import model as M
from rulespec.compiler import Expression
from rulespec.rulesetcache import RuleSetCache

_LAYOUTS: RuleSetCache[dict[int, DeckLayout]] = RuleSetCache()  # by player count
_PLANS: RuleSetCache[dict[tuple[str, tuple[str, ...]], ComboPlan]] = RuleSetCache()  # by combo
_PLAN_LIMIT = 4096  # combos kept at most per rule set (random auctions declare a great many different ones)


@dataclass(frozen=True)
class DeckLayout:
    """The deck and the deal's size for one player count."""

    cards: tuple[Card, ...]  # in deck order; the same card objects in every deal
    card_by_name: dict[str, Card]  # read only: shared by every deal
    suits: tuple[str, ...]
    ranks: tuple[str, ...]  # low to high
    colors: dict[str, str]  # read only: shared by every deal's table
    rank_value: dict[str, int]  # the deck's own rank order (read only, shared)
    hand_size: int


def deck_layout(rules: M.RuleSet, player_count: int) -> DeckLayout:
    """The layout of ``rules``' deck for ``player_count`` players (made on first use)."""
    layouts = _LAYOUTS.get(rules, lambda _: {})
    layout = layouts.get(player_count)
    if layout is None:
        layout = layouts[player_count] = _make_layout(rules, player_count)
    return layout


def _make_layout(rules: M.RuleSet, player_count: int) -> DeckLayout:
    deck = rules.game.deck
    cards = tuple(Card(rank, suit) for rank, suit in deck.cards(player_count))
    return DeckLayout(
        cards=cards,
        card_by_name={card.name: card for card in cards},
        suits=tuple(s.id for s in deck.suits),
        ranks=tuple(deck.ranks),
        colors={suit.id: suit.color or "" for suit in deck.suits},
        rank_value=rank_values(deck.ranks, ()),
        # hand_size sees nothing but the player count (its scope, SETUP), so its value is fixed per
        # count: worked out here only, every other place asks the layout.
        hand_size=int(rules.game.deal.hand_size({"player_count": player_count})),
    )


@dataclass(frozen=True)
class ComboPlan:
    """A combo's bids in event order and the play-time hook points they fill."""

    bids: tuple[M.Bid, ...]
    plays_last_rules: tuple[M.PlaysLast, ...]
    play_rules: tuple[Expression, ...]
    lead_rules: tuple[Expression, ...]
    taker_rules: tuple[M.TrickTaker, ...]
    trump_changes: tuple[Expression, ...]
    melds: tuple[M.Meld, ...]
    rank_value: dict[str, int]  # read only: shared by every deal of this combo
    marks_on_declaring: tuple[tuple[str, int], ...]  # (mark, count) per bid, in event order
    adjustments: tuple[int, ...]  # the declarer's trick counts checked: each adjustment, or 0 alone
    bonuses: tuple[Expression, ...]
    penalties: tuple[Expression, ...]
    wins_game: tuple[Expression, ...]

    @property
    def restricts_play(self) -> bool:
        """Whether some bid limits the cards one may play or lead (beyond following suit)."""
        return bool(self.play_rules or self.lead_rules)


# Before a combo is declared: no hook (the rank values stay the deck's).
NO_HOOKS = ComboPlan((), (), (), (), (), (), (), {}, (), (0,), (), (), ())


def combo_plan(rules: M.RuleSet, standard: str, specials: tuple[str, ...]) -> ComboPlan:
    """The plan of the combo ``standard`` + ``specials`` of ``rules`` (made on first use)."""
    plans = _PLANS.get(rules, lambda _: {})
    plan = plans.get((standard, specials))
    if plan is None:
        plan = _make_plan(rules, standard, specials)
        if len(plans) < _PLAN_LIMIT:
            plans[standard, specials] = plan
    return plan


def _make_plan(rules: M.RuleSet, standard: str, specials: tuple[str, ...]) -> ComboPlan:
    parts = _PARTS.get(rules, _make_parts)
    ids = (standard, *specials)
    if parts.waiting.isdisjoint(ids):  # event_order's order, by each bid's key worked out once
        ids = tuple(sorted(ids, key=parts.order_key.__getitem__))
        bids = tuple(map(rules.bids.__getitem__, ids))
    else:
        bids = event_order(map(rules.bids.__getitem__, ids))
        ids = tuple(b.id for b in bids)
    # Each bid's share of the hook points, gathered in event order (most bids have none: a random
    # auction declares a new combo nearly every deal, so a plan is made from these, not from the bids).
    hooked = [found for found in map(parts.hooks.get, ids) if found is not None]
    if not hooked:
        hooks = _NO_HOOK_PARTS
    elif len(hooked) == 1:
        hooks = hooked[0]
    else:
        hooks = tuple(sum(column, ()) for column in zip(*hooked, strict=True))
    plays_last, play, lead, taker, trump_changes, melds, marks, adjust, bonuses, penalties, wins = hooks
    ranked = not parts.ranked.isdisjoint((standard, *specials))
    return ComboPlan(
        bids=bids,
        plays_last_rules=plays_last,
        play_rules=play,
        lead_rules=lead,
        taker_rules=taker,
        trump_changes=trump_changes,
        melds=melds,
        rank_value=rank_values(rules.game.deck.ranks, bids) if ranked else parts.deck_rank_value,
        marks_on_declaring=marks,
        adjustments=adjust or (0,),  # as adjustments(bids) says
        bonuses=bonuses,
        penalties=penalties,
        wins_game=wins,
    )


@dataclass(frozen=True)
class _PlanParts:
    """Per rule set: each bid's share of a plan's hook points (None for a bid with none), the bids
    with a rank order, the deck's own rank values (the plan's when no bid changes the order), each
    bid's key in :func:`event_order`'s sort, and the bids that name others in ``events_after``."""

    hooks: dict[str, _Hooks | None]
    ranked: frozenset[str]
    deck_rank_value: dict[str, int]
    order_key: dict[str, tuple[int, bool]]
    waiting: frozenset[str]


#: A bid's share of a plan, in the order of ComboPlan's fields from plays_last_rules to wins_game
#: (rank_value apart; adjustments without the (0,) of a combo that has none).
_Hooks = tuple[tuple[Any, ...], ...]
_NO_HOOK_PARTS: _Hooks = ((),) * 11
_PARTS: RuleSetCache[_PlanParts] = RuleSetCache()


def _make_parts(rules: M.RuleSet) -> _PlanParts:
    hooks: dict[str, _Hooks | None] = {}
    for b in rules.bids.values():
        trump_change = b.trump.after_each_trick if b.trump is not None else None
        share: _Hooks = (
            (b.plays_last,) if b.plays_last is not None else (),
            (b.may_not_play,) if b.may_not_play is not None else (),
            (b.may_not_lead,) if b.may_not_lead is not None else (),
            (b.trick_taker,) if b.trick_taker is not None else (),
            (trump_change,) if trump_change is not None else (),
            tuple(b.melds),
            tuple(b.marks_on_declaring.items()),
            tuple(b.tricks_adjust),
            (b.bonus,) if b.bonus is not None else (),
            (b.penalty,) if b.penalty is not None else (),
            (b.wins_game,) if b.wins_game is not None else (),
        )
        hooks[b.id] = share if any(share) else None
    ranked = frozenset(b.id for b in rules.bids.values() if b.rank_order)
    order_key = {b.id: _order_key(b) for b in rules.bids.values()}
    waiting = frozenset(b.id for b in rules.bids.values() if b.events_after)
    return _PlanParts(hooks, ranked, rank_values(rules.game.deck.ranks, ()), order_key, waiting)


def event_order(bids: Iterable[M.Bid]) -> tuple[M.Bid, ...]:
    """``bids`` in the order their events happen: the one event order of the engine.

    By priority, lowest first (standard bids at 0); at one priority the standard bid first,
    then the others as given, except that a bid naming others in ``events_after`` comes after
    those of them at its priority (the earliest bid that waits for nobody goes next; bids
    that wait for each other in a circle keep the order given). Every place that applies a
    combo's bids in turn (the deal, the prover, the agents) orders them with this function.
    """
    waiting = sorted(bids, key=_order_key)
    if not any(b.events_after for b in waiting):
        return tuple(waiting)
    ordered: list[M.Bid] = []
    while waiting:
        ready = next((i for i, b in enumerate(waiting) if not _waits(b, waiting)), 0)
        ordered.append(waiting.pop(ready))
    return tuple(ordered)


def _order_key(bid: M.Bid) -> tuple[int, bool]:
    """A bid's place in :func:`event_order` before ``events_after``: by priority, the standard bid first."""
    return bid.event_priority, bid.kind != "standard"


def _waits(bid: M.Bid, waiting: list[M.Bid]) -> bool:
    """Whether ``bid`` must wait for one of ``waiting`` (named in its ``events_after``, at its priority)."""
    return any(
        other.id in bid.events_after and other.event_priority == bid.event_priority and other is not bid
        for other in waiting
    )


def adjustments(bids: Iterable[M.Bid]) -> tuple[int, ...]:
    """The changes to the declarer's trick count a combo is checked under: its ``tricks_adjust``, or 0 alone.

    A combo is completed when every bid's requirement holds under each of them (the engine's
    score, the prover's search and the agents' trick targets all read them here).
    """
    return tuple(k for bid in bids for k in bid.tricks_adjust) or (0,)


def rank_values(ranks: Sequence[str], bids: Iterable[M.Bid]) -> dict[str, int]:
    """Each rank's value (1 = lowest) under the rank orders of ``bids``, applied in the order given.

    The one implementation of ``rank_order``: the deal applies a combo's bids in
    :func:`event_order`; the prover tries orders of its own; agents ask for a combo's.
    """
    order: list[str] = list(ranks)
    for bid in bids:
        if bid.rank_order:
            order = [r for r in order if r not in bid.rank_order.lowest and r not in bid.rank_order.highest]
            order = [*bid.rank_order.lowest, *order, *bid.rank_order.highest]
    return {rank: i + 1 for i, rank in enumerate(order)}
