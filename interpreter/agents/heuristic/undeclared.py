"""Hands without a declarer (a hand of a match): which way a seat's points go with its tricks.

With a declarer the agent steers by the declarer's requirement (:mod:`.knowledge`). A hand of a
match has none: its rules (a *contract*, e.g. a hand where every trick costs its taker a point)
give every player points of their own, and each plays for them. Whether more tricks bring a
player more points is a fact of the contract's rules, not of the cards, so it is worked out once
per rule set, contract and number of players, on seeded trial hands of its own (never a game's:
the answer does not depend on which game of a process asks first), played at random: the sign of
how each seat's tricks and its hand points move together over the trials. :data:`~.knowledge.MORE`
when they rise together, :data:`~.knowledge.FEWER` when the points fall as the tricks rise, None
when they do not move together (the agent then answers at random, as it did for every such hand
before). Melds and the phases of a hand (tricks that count only after a close) are not told apart.

A contract a player picks after seeing the cards (:func:`pick_contract`) is picked by playouts: each
one played on random layouts of the cards the player cannot see, every seat playing greedily for its
own points; the contract with the best points against the others' on average is taken.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.agents.heuristic.cardplay import Table, choose, pick_card, seen
from interpreter.agents.heuristic.knowledge import FEWER, MORE, Tables
from interpreter.agents.heuristic.playout import Playout
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer, Request, View
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache

#: Trial hands per contract and number of players (each seat's tricks and points a pair of figures).
TRIALS = 16

_KNOWN: RuleSetCache[dict[tuple[int, tuple[str, ...]], int | None]] = RuleSetCache()


def trick_direction(rules: M.RuleSet, players: int, contract: Sequence[str]) -> int | None:
    """Which way a seat's hand points go with its tricks under ``contract`` (its bid ids, the standard
    bid first) with ``players`` players: MORE, FEWER or None (see the module's docstring), kept per
    rule set."""
    known = _KNOWN.get(rules, lambda _: {})
    key = (players, tuple(contract))
    if key not in known:
        known[key] = _work_out(rules, players, key[1])
    return known[key]


def _work_out(rules: M.RuleSet, players: int, contract: tuple[str, ...]) -> int | None:
    if not contract:
        return None
    seats = list(range(players))
    pairs: list[tuple[float, float]] = []
    for index in range(TRIALS):
        answers = random.Random(index)

        def ask(request: Request, answers: random.Random = answers) -> object:
            return answers.choice(request.options) if request.options else None

        try:
            trial = Deal(
                rules,
                seats,
                index % players,
                {seat: 0 for seat in seats},
                {seat: {} for seat in seats},
                ask,
                random.Random(TRIALS + index),
                dict(rules.game.options),
            )
            trial.set_contract(BidAnswer(contract[0], contract[1:]))
            result = trial.play_out()
            pairs.extend((float(result.tricks[seat]), float(result.hand_points[seat])) for seat in seats)
        except Exception:  # a contract that cannot be played this way says nothing
            return None
    if not pairs:
        return None
    mean_tricks = sum(t for t, _ in pairs) / len(pairs)
    mean_points = sum(p for _, p in pairs) / len(pairs)
    together = sum((t - mean_tricks) * (p - mean_points) for t, p in pairs)
    if abs(together) < 1e-9:
        return None
    return MORE if together > 0 else FEWER


def own_answer(
    rules: M.RuleSet, request: Request, view: View, table: Table, rng: random.Random, samples: int
) -> Any | None:
    """The answer of a seat in a hand without a declarer, playing for its own points (None: nothing
    to go by; the agent answers at random)."""
    if request.kind == "choose" and request.what == "bid" and view.combo is None:
        return pick_contract(rules, request, view, table.tables, rng, samples)
    direction = trick_direction(rules, len(view.players), view.combo["bids"]) if view.combo else None
    if direction is None:
        return None
    if request.kind == "play":
        return pick_card(request.options, seen(table, view), direction == MORE)
    if request.kind == "choose" and request.what == "card":
        return choose(request, table, direction == MORE)
    return None


def pick_contract(
    rules: M.RuleSet, request: Request, view: View, tables: Tables, rng: random.Random, samples: int
) -> Any | None:
    """The contract among ``request.options`` with the best playouts (see the module's docstring), or
    None when it cannot be worked out (the hand has begun, or a contract cannot be played out)."""
    if view.tricks or view.current_trick or len(request.options) < 2:
        return None
    totals = dict.fromkeys(request.options, 0.0)
    for _ in range(samples):
        hands, stock = _layout(tables, view, rng)
        for option in request.options:
            points = _played_out(rules, view, tables, hands, stock, str(option), rng)
            if points is None:
                return None
            others = [points[seat] for seat in view.players if seat != view.seat]
            totals[option] += points[view.seat] - sum(others) / max(1, len(others))
    return max(request.options, key=totals.__getitem__)  # (the first of equals)


def _layout(tables: Tables, view: View, rng: random.Random) -> tuple[dict[int, list[str]], list[str]]:
    """The cards this player cannot see dealt at random: the others' hands and the stock under the
    face-up card (the cards left over are set aside)."""
    known = set(view.hand) | {card for cards in view.visible.values() for card in cards}
    if view.face_up:
        known.add(view.face_up)
    pool = [card for card in tables.names if card not in known]
    rng.shuffle(pool)
    hands = {view.seat: list(view.hand)}
    for seat in view.players:
        if seat != view.seat:
            hand = list(view.visible.get(seat, ()))
            missing = tables.hand_size - len(hand)
            hands[seat], pool = hand + pool[:missing], pool[missing:]
    face_up = [view.face_up] if view.face_up else []
    return hands, face_up + pool[: max(0, view.stock_size - len(face_up))]


def _played_out(
    rules: M.RuleSet,
    view: View,
    tables: Tables,
    hands: dict[int, list[str]],
    stock: list[str],
    contract: str,
    rng: random.Random,
) -> dict[int, float] | None:
    """Each seat's hand points when ``contract`` is played on these cards, every seat greedy for its own."""
    direction = trick_direction(rules, len(view.players), [contract])
    want = direction != FEWER

    runner = Playout(tables, MORE)  # (only for the table a seat chooses from: Playout.table)

    def ask(request: Request) -> Any:
        table = runner.table(request.seat)
        plays = deal.current.plays if deal.current is not None else []
        table.plays = [(play.player.seat, play.card.name) for play in plays]
        table.played = {play.card.name for play in deal.env["plays"]}
        if request.kind == "play":
            return pick_card(request.options, table, want)
        return choose(request, table, want) if request.kind == "choose" else None

    try:
        seats = list(view.players)
        deal = runner.deal = Deal(
            rules,
            seats,
            view.dealer,
            dict.fromkeys(seats, 0),
            {s: {} for s in seats},
            ask,
            rng,
            dict(rules.game.options),
            hands,
            stock,
        )
        deal.set_contract(BidAnswer(contract))
        result = deal.play_out()
    except Exception:  # a contract that cannot be played out this way: nothing to go by
        return None
    return {seat: float(result.hand_points.get(seat, 0)) for seat in seats}
