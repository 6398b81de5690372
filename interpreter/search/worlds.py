"""Sampled worlds: whole game states rebuilt from one player's view, the hidden cards dealt anew.

A search agent may not look at the real state (that would leak the others' cards). It sees
its :class:`~interpreter.decisions.View` and remembers what it did itself (:class:`DealMemory`).
From these, :func:`sample_world` builds a :class:`~interpreter.gamestate.GameState` that *could*
be the real one:

1. **Deal** the cards anew. The player's own hand as dealt is fixed, each other player's
   dealt hand starts with the cards the view shows of it and the cards it has played; every
   other card (the others' hands, the stock, cards set aside) is shuffled into the free places.
2. **Replay** the deal's public history on a fresh state with those hands (the state's own
   scripted-hands mechanism, ``deal_hands`` / ``deal_stocks``): the auction and the plays from
   the view, public choices from the view's declarations, zones and melds, the player's own
   hidden choices from its memory, and the others' hidden choices (cards passed, hidden
   guesses) by a seeded random policy.
3. **Repair** what the engine refuses. A card the history says a player played, but that the
   world dealt elsewhere, swaps places with a card of that player nobody has seen; a play the
   engine calls illegal (the player did not follow suit, so it was void; a rule forbade it)
   swaps the player's offending unseen card away. Then the replay starts again. The engine's
   own legality is the judge, so voids and forbidden cards are respected for every rule set
   without naming one.
4. **Check**: the world's view for the player must equal the real view (hand, open and
   shown cards, zones, melds, the face-up card, tricks, declarations …). A world that cannot
   be made consistent within the budget is dropped (None).

What the view no longer shows and the agent did not note (say, which card lay face up three
tricks ago) is not used; every world is still consistent with everything the view shows.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from interpreter.decisions import Request, View
from interpreter.gamestate import GameState
from interpreter.prepared import deck_layout
from interpreter.search.memory import DealMemory as DealMemory  # re-exported: the sampler's input
from interpreter.search.replay import Dealt, Failed, Replay
from rulespec.model import RuleSet

REPAIRS = 60  # replays a world may need before it is given up


def deck_names(rules: RuleSet, player_count: int) -> list[str]:
    return [rank + suit for rank, suit in rules.game.deck.cards(player_count)]


def _played_by(view: View) -> dict[int, list[str]]:
    played: dict[int, list[str]] = {seat: [] for seat in view.players}
    for trick in view.tricks:
        for seat, card in trick["plays"]:
            played[seat].append(card)
    for seat, card in view.current_trick:
        played[seat].append(card)
    return played


def _initial_deal(rules: RuleSet, view: View, memory: DealMemory | None, rng: random.Random, hand_size: int) -> Dealt:
    deck = deck_names(rules, len(view.players))
    played = _played_by(view)
    mine = list(memory.dealt) if memory is not None and memory.dealt else [*view.hand, *played[view.seat]]
    first = memory.first_face_up if memory is not None and rules.game.deal.stock is not None else None
    hands: dict[int, list[str]] = {view.seat: [c for c in mine if c != first][:hand_size]}
    used = set(hands[view.seat]) | ({first} if first else set())  # the face-up card as dealt: on the stock
    for seat in view.players:
        if seat == view.seat:
            continue
        hand: list[str] = []
        for card in [*played[seat], *view.visible.get(seat, ())]:
            if card not in used and len(hand) < hand_size:
                hand.append(card)
                used.add(card)
        hands[seat] = hand
    pool = [c for c in deck if c not in used]
    rng.shuffle(pool)
    voids = _voids(rules, view)
    suit_of = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    # The most constrained players first: each takes cards of suits it may still hold.
    for seat in sorted(view.players, key=lambda s: -len(voids.get(s, ()))):
        missing = hand_size - len(hands[seat])
        allowed = [c for c in pool if suit_of.get(c) not in voids.get(seat, ())]
        chosen = (allowed + [c for c in pool if c not in allowed])[:missing]
        hands[seat].extend(chosen)
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
    aside_count = rules.game.deal.set_aside
    if rules.game.deal.stock is None:
        return Dealt(hands, [], pool)
    stock, aside = pool[aside_count:], pool[:aside_count]
    if first is not None:  # the face-up card as dealt lies on top
        stock.insert(0, first)
    return Dealt(hands, stock, aside)


def _voids(rules: RuleSet, view: View) -> dict[int, set[str]]:
    """Suits each player has shown it lacks: it did not follow the suit led (a first guess;
    the replay's legality checks have the last word, for rules that change what may be played)."""
    if not rules.game.play.follow_suit:
        return {}
    suit_of = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    voids: dict[int, set[str]] = {}
    tricks = [t["plays"] for t in view.tricks] + [view.current_trick]
    for plays in tricks:
        if not plays:
            continue
        led = suit_of.get(plays[0][1])
        if led is None:  # not a card of the deck: it tells nothing of the suits
            continue
        for seat, card in plays[1:]:
            if suit_of.get(card) != led and seat != view.seat:
                voids.setdefault(seat, set()).add(led)
    return voids


def _hand_size(rules: RuleSet, view: View) -> int:
    return deck_layout(rules, len(view.players)).hand_size


def _normal(view: View) -> tuple[Any, ...]:
    """The view with its card lists as sets: the order cards lie in a hand tells nothing."""
    return (
        frozenset(view.hand),
        {s: frozenset(c) for s, c in view.visible.items()},
        view.trump,
        view.dealer,
        view.players,
        view.scores,
        view.marks,
        view.auction,
        view.declarer,
        view.combo,
        view.declarations,
        view.tricks,
        view.current_trick,
        {z: frozenset(c) for z, c in view.zones.items()},
        frozenset(view.declared_cards),
        view.face_up,
        view.stock_size,
        view.closed,
        view.melds,
        view.hand_number,
    )


def consistent(world_view: View, view: View) -> bool:
    """Whether a world shows its player exactly what the real view shows."""
    return _normal(world_view) == _normal(view)


def _unseen_elsewhere(deal: Dealt, seat: int, known: set[str], rng: random.Random) -> Iterator[str]:
    places = [c for s, h in deal.hands.items() if s != seat for c in h] + deal.stock + deal.aside
    free = [c for c in places if c not in known]
    rng.shuffle(free)
    yield from free


def sample_world(
    rules: RuleSet,
    request: Request,
    view: View,
    memory: DealMemory | None,
    rng: random.Random,
    repairs: int = REPAIRS,
) -> GameState | None:
    """A game state consistent with ``view`` standing at ``request``, hidden cards sampled; None
    if none was found within ``repairs`` replays."""
    hand_size = _hand_size(rules, view)
    suits = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    deal = _initial_deal(rules, view, memory, rng, hand_size)
    seed = rng.randrange(1 << 30)
    replay = Replay(rules, view, request, memory, deal)
    for _ in range(repairs):
        try:
            world = replay.run(seed)
        except Failed as failed:
            if not _apply_repair(deal, failed.repair, replay.known, rng, suits):
                # Nothing to swap: the others' hidden choices or the deal itself were unlikely.
                deal = _initial_deal(rules, view, memory, rng, hand_size)
                seed = rng.randrange(1 << 30)
                replay = Replay(rules, view, request, memory, deal)
            continue
        except Exception:  # noqa: BLE001 - a world the engine refuses (bad script) is dropped
            return None
        seen = world.view(view.seat)
        if consistent(seen, view):
            return world
        if not _final_repair(deal, seen, view, replay.known):
            seed = rng.randrange(1 << 30)  # other hidden choices
    return None


def _apply_repair(
    deal: Dealt, repair: tuple[str, ...] | None, known: set[str], rng: random.Random, suits: dict[str, str]
) -> bool:
    if repair is None:
        return False
    if repair[0] == "swap":
        return deal.swap(repair[1], repair[2])
    card, seat = repair[1], int(repair[2])
    others = list(_unseen_elsewhere(deal, seat, known, rng))
    # Prefer a card of another suit (the player showed it had none of this one); any, else.
    others.sort(key=lambda c: suits.get(c) == suits.get(card))
    return bool(others) and deal.swap(card, others[0])


def _final_repair(deal: Dealt, seen: View, view: View, known: set[str]) -> bool:
    """The world's hand or face-up card differs from the view's: swap the cards as dealt."""
    missing = [c for c in view.hand if c not in seen.hand]
    extra = [c for c in seen.hand if c not in view.hand and c not in known]
    if missing and len(missing) == len(extra):
        return all(deal.swap(a, b) for a, b in zip(missing, extra, strict=True))
    if view.face_up and seen.face_up and view.face_up != seen.face_up and seen.face_up not in known:
        return deal.swap(view.face_up, seen.face_up)
    return False
