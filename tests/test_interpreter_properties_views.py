"""Property over seeds and player counts: views never leak hidden cards; a player sees only their
own hand, the cards played, and what the rules show (open hands, declared cards, passed cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from interpreter_helpers import (
    PASSING_BIDS,
    PLAYER_COUNTS,
    RULES,
    SEEDS,
    VISIBILITY_BIDS,
    Hook,
    Watch,
    property_settings,
    run_game,
)

from interpreter.deal import Deal
from interpreter.decisions import Request, View
from interpreter.state import Card, Player

# --- views never leak hidden cards -----------------------------------------------------


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere inside a view's field (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from strings_in(item)


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def card_names(value: Any) -> set[str]:
    if isinstance(value, list | tuple):
        return {name for item in value for name in card_names(item)}
    return {value.name} if isinstance(value, Card) else set()


def shown_by_rules(deal: Deal, viewer: Player) -> dict[str, dict[int, set[str]]]:
    """Other players' cards that each bid's ``visible`` rules show ``viewer`` now, by bid and owner.

    Computed from the rule data (the combo's bids' hook points), not with the engine's view code.
    """
    shown: dict[str, dict[int, set[str]]] = {}
    if deal.combo is None:
        return shown
    env = dict(deal.env)
    for bid_id in deal.combo.ids:
        for rule in RULES.bids[bid_id].visible:
            if rule.to is not None and viewer not in as_list(rule.to(env)):
                continue
            for owner in as_list(rule.of(env)):
                if owner is viewer:
                    continue
                for card in owner.hand:
                    env["player"], env["card"] = owner, card
                    if rule.cards(env):
                        shown.setdefault(bid_id, {}).setdefault(owner.seat, set()).add(card.name)
    return shown


def declared_cards(deal: Deal, seat: int) -> set[str]:
    """Cards in public declarations, and in the viewer's own hidden ones."""
    names: set[str] = set()
    for declaration in deal.declarations.values():
        if declaration.is_card:
            value = declaration.value if declaration.public else declaration.by_seat.get(seat)
            names |= card_names(value)
    return names


def check_view(watch: Watch, request: Request, view: View, seen: Counter[str]) -> None:
    deal = watch.deal
    viewer = deal.by_seat[request.seat]
    assert view.seat == request.seat
    own = {card.name for card in viewer.hand}
    assert set(view.hand) == own and len(view.hand) == len(viewer.hand)
    current = deal.current.plays if deal.current else []
    played = {play.card.name for trick in deal.tricks for play in trick.plays} | {p.card.name for p in current}
    zoned = {card.name for card in deal.table.zone}
    by_bid = shown_by_rules(deal, viewer)
    shown: dict[int, set[str]] = {}
    for per_owner in by_bid.values():
        for owner, cards in per_owner.items():
            shown.setdefault(owner, set()).update(cards)
    public = played | zoned | declared_cards(deal, request.seat) | {c for cards in shown.values() for c in cards}
    known = view.cards_known()
    leaked = known - own - public
    assert not leaked, f"seat {request.seat} ({request.kind} {request.name}) may not know {sorted(leaked)}"
    for part in fields(view):  # no card name hides anywhere else in the view either
        mentioned = {text for text in strings_in(getattr(view, part.name)) if text in deal.card_by_name}
        assert mentioned <= known, f"view.{part.name} names {sorted(mentioned - known)} beyond cards_known()"
    assert {owner: set(cards) for owner, cards in view.visible.items() if cards} == shown
    for name, cards in view.zones.items():
        assert all(deal.table.zone.get(deal.card_by_name[card]) == name for card in cards)
    passed_away = watch.passed.get((watch.deal_index, request.seat), set()) - own
    assert not (passed_away & known) - public, "a card passed away is still listed in the view"
    if deal.combo is not None:
        for bid_id in deal.combo.ids:
            seen[f"views {bid_id}"] += 1
            seen[f"shown {bid_id}"] += bool(by_bid.get(bid_id))
        seen["views after passing"] += bool(passed_away)
        seen["passed cards listed"] += bool(passed_away & known)


def test_views_never_leak_hidden_cards() -> None:
    seen: Counter[str] = Counter()
    hook: Hook = lambda watch, request, view: check_view(watch, request, view, seen)

    @property_settings(100)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((*VISIBILITY_BIDS, *PASSING_BIDS, None)))
    def check(seed: int, players: int, target: str | None) -> None:
        run_game(players, seed, target, hooks=[hook])

    check()
    for bid in VISIBILITY_BIDS:
        assert seen[f"shown {bid}"] > 0, f"no view showed cards by {bid}: {seen}"
    for bid in PASSING_BIDS:
        assert seen[f"views {bid}"] > 0, f"no view in a {bid} deal: {seen}"
    assert seen["views after passing"] > 0 and seen["passed cards listed"] > 0, seen
