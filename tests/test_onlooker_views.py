"""A seat at the table that sits a deal out (five or more players: four are dealt in) has a view
too — what a player watching the table sees — and it never shows a hidden card.

Its view has no hand; every card it names was played, lies in a zone, is in a public declaration,
or is shown by a ``visible`` rule that names no audience (worked out here from the rule data, not
with the engine's view code). Seats past the table, or not ints, are refused with the seats named.
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import GameState, RandomAgent
from interpreter.deal import Deal
from interpreter.state import Card
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")


def _names(value: Any) -> set[str]:
    if isinstance(value, list | tuple):
        return {name for item in value for name in _names(item)}
    return {value.name} if isinstance(value, Card) else set()


def shown_to_everyone(deal: Deal) -> set[str]:
    """Cards that everyone at the table may know now, from the rule data and the deal's public state."""
    public = {play.card.name for trick in deal.tricks for play in trick.plays}
    if deal.current is not None:
        public |= {play.card.name for play in deal.current.plays}
    public |= {card.name for card in deal.table.zone}
    for declaration in deal.declarations.values():
        if declaration.is_card and declaration.public:
            public |= _names(declaration.value)
    if deal.face_up is not None:
        public.add(deal.face_up.name)
    env = dict(deal.env)
    for bid in deal.bids:
        for rule in bid.visible:
            if rule.to is not None:
                continue  # shown to some players only: not to one who is not dealt in
            owners = rule.of(env)
            for owner in owners if isinstance(owners, list) else [owners]:
                for card in owner.hand:
                    env["player"], env["card"] = owner, card
                    if rule.cards(env):
                        public.add(card.name)
    return public


def test_a_seat_sitting_out_sees_the_table_and_no_hidden_card() -> None:
    looked = shown = 0
    for seed in range(10):  # seeded games of five and six, random combo bids (open hands among them)
        players = 5 + seed % 2
        state = GameState(RULES, players=players, seed=seed, max_deals=4)
        agents = [RandomAgent(seed * 10 + seat, bid_chance=0.9) for seat in range(players)]
        while not state.is_over:
            request = state.pending
            assert request is not None and state.current is not None
            deal = state.current
            for seat in range(players):
                if seat in deal.by_seat:
                    continue
                view = state.view(seat)
                looked += 1
                shown += bool(view.visible)
                assert view.seat == seat and view.hand == () and view.meld_leads == ()
                leaked = view.cards_known() - shown_to_everyone(deal)
                assert not leaked, f"seed {seed}: seat {seat}, sitting out, may not know {sorted(leaked)}"
                assert set(view.players) == set(deal.by_seat)
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert looked > 1000 and shown > 0  # the rules did show cards to the table


def test_a_seat_sitting_out_is_told_from_a_seat_past_the_table() -> None:
    state = GameState(RULES, players=5, seed=7, max_deals=2)
    assert state.pending is not None and state.current is not None
    out = [seat for seat in range(5) if seat not in state.current.by_seat]
    assert len(out) == 1
    assert state.view(out[0]).hand == () and state.current.onlooker_view(out[0]).hand == ()
    with pytest.raises(ValueError, match="is not in this deal"):
        state.current.view(out[0])  # a deal on its own knows only its own seats
    with pytest.raises(ValueError, match="is dealt in"):
        state.current.onlooker_view(next(iter(state.current.by_seat)))
    for seat in (5, -1, "0", True):
        with pytest.raises(ValueError, match="is not at this table"):
            state.view(seat)  # type: ignore[arg-type]
