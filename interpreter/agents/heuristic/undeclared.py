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
before).

Two things more, worked out from the rules as data, not from a game's name: a hand that closes (its
draw pile runs out) may score only the tricks after the close (:func:`phase_directions`, from the
same trials, split at the close); before it such a seat plays for the card a trick brings rather
than for the trick (:func:`before_close`). And a meld is declared by leading its card: the engine's
view names the cards that would open one (``View.meld_leads``), and the seat leads one of them.

A contract a player picks after seeing the cards (:func:`pick_contract`) is picked by playouts: each
one played on random layouts of the cards the player cannot see, every seat playing greedily for its
own points; the contract with the best points against the others' on average is taken.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from interpreter.agents.heuristic.cardplay import Table, card_keys, choose, pick_card, seen
from interpreter.agents.heuristic.knowledge import FEWER, MORE, Tables
from interpreter.agents.heuristic.playout import Playout
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer, Request, View
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache

#: Trial hands per contract and number of players (each seat's tricks and points a pair of figures).
TRIALS = 16

#: A correlation of a phase's tricks with the points this strong (either way) says they move them.
CLEARLY = 0.5

#: Per rule set, (players, contract) → both answers, worked out from one set of trial hands:
#: (:func:`trick_direction`, :func:`phase_directions`).
_KNOWN: RuleSetCache[dict[tuple[int, tuple[str, ...]], tuple[int | None, tuple[int | None, int | None]]]] = (
    RuleSetCache()
)


def trick_direction(rules: M.RuleSet, players: int, contract: Sequence[str]) -> int | None:
    """Which way a seat's hand points go with its tricks under ``contract`` (its bid ids, the standard
    bid first) with ``players`` players: MORE, FEWER or None (see the module's docstring), kept per
    rule set."""
    return _known(rules, players, contract)[0]


def phase_directions(rules: M.RuleSet, players: int, contract: Sequence[str]) -> tuple[int | None, int | None]:
    """Which way a seat's points go with the tricks it takes before the close and after it, for a hand
    whose rules close it (a draw pile run out); kept per rule set. A phase whose tricks do not move
    the points clearly (a correlation below :data:`CLEARLY` over the trials) gets None: a hand may
    score only the tricks after its close, those before it winning nothing but the face-up card."""
    return _known(rules, players, contract)[1]


def _known(rules: M.RuleSet, players: int, contract: Sequence[str]) -> tuple[int | None, tuple[int | None, int | None]]:
    known = _KNOWN.get(rules, lambda _: {})
    key = (players, tuple(contract))
    if key not in known:
        trials = _trials(rules, players, key[1])
        whole = _direction([(before + after, points) for before, after, points in trials], 0.0)
        split = (
            _direction([(before, points) for before, _, points in trials], CLEARLY),
            _direction([(after, points) for _, after, points in trials], CLEARLY),
        )
        known[key] = (whole, split)
    return known[key]


def _trials(rules: M.RuleSet, players: int, contract: tuple[str, ...]) -> list[tuple[float, float, float]]:
    """Each seat's tricks before the close, after it, and hand points over :data:`TRIALS` seeded hands
    played at random (empty: the contract cannot be played this way)."""
    if not contract:
        return []
    seats = list(range(players))
    found: list[tuple[float, float, float]] = []
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
            for seat in seats:
                after = sum(1 for t in trial.tricks if t.after_close and t.winner is not None and t.winner.seat == seat)
                found.append((float(result.tricks[seat] - after), float(after), float(result.hand_points[seat])))
        except Exception:  # a contract that cannot be played this way says nothing
            return []
    return found


def _direction(pairs: list[tuple[float, float]], clearly: float) -> int | None:
    """MORE when the two figures rise together, FEWER when one falls as the other rises; None when
    they do not move together, or (``clearly`` > 0) their correlation is weaker than ``clearly``."""
    if len(pairs) < 2:
        return None
    mean_t = sum(t for t, _ in pairs) / len(pairs)
    mean_p = sum(p for _, p in pairs) / len(pairs)
    together = sum((t - mean_t) * (p - mean_p) for t, p in pairs)
    if abs(together) < 1e-9:
        return None
    if clearly > 0:
        spread = (sum((t - mean_t) ** 2 for t, _ in pairs) * sum((p - mean_p) ** 2 for _, p in pairs)) ** 0.5
        if abs(together) / spread < clearly:
            return None
    return MORE if together > 0 else FEWER


def own_answer(
    rules: M.RuleSet,
    request: Request,
    view: View,
    table: Table,
    rng: random.Random,
    samples: int,
    phases: bool = True,
) -> Any | None:
    """The answer of a seat in a hand without a declarer, playing for its own points (None: nothing
    to go by; the agent answers at random). With ``phases``, a lead that opens a meld comes first,
    and before the close of a hand whose early tricks score nothing it plays for the card the trick
    brings (:func:`before_close`)."""
    if request.kind == "choose" and request.what == "bid" and view.combo is None:
        return pick_contract(rules, request, view, table.tables, rng, samples, phases)
    direction = trick_direction(rules, len(view.players), view.combo["bids"]) if view.combo else None
    if direction is None:
        return None
    if request.kind == "play":
        seen(table, view)
        if not phases or not view.combo:
            return pick_card(request.options, table, direction == MORE)
        split = phase_directions(rules, len(view.players), view.combo["bids"])
        return play_for_points(request.options, table, direction, split, view.closed, view.face_up, view.meld_leads)
    if request.kind == "choose" and request.what == "card":
        return choose(request, table, direction == MORE)
    return None


def play_for_points(
    options: Sequence[str],
    table: Table,
    direction: int,
    split: tuple[int | None, int | None],
    closed: bool,
    prize: str | None,
    meld_leads: Collection[str],
) -> str:
    """A card for one's own points: a lead that opens a meld first (its points are one's own), then,
    before the close of a hand whose tricks count only after it (``split``: the directions before and
    after, :func:`phase_directions`), :func:`before_close`; else the greedy card for ``direction``."""
    if not table.plays:
        openings = [card for card in options if card in meld_leads]
        if openings:
            return pick_card(openings, table, direction == MORE)
    before, after = split
    if not closed and before is None and after is not None:
        return before_close(options, table, prize, after)
    return pick_card(options, table, direction == MORE)


def before_close(options: Sequence[str], table: Table, prize: str | None, after: int) -> str:
    """A card before the close when only the tricks after it count: the trick is worth its winner's
    draw (the face-up card, ``prize``), so win it cheaply when that card helps later (for MORE a
    trump or a high card, for FEWER a low card of another suit), else lose it — keeping the high
    cards for later when tricks will be wanted, shedding them when they will not."""
    wanted = False
    if prize is not None:
        values = sorted(table.value.values())
        middle = values[len(values) // 2] if values else 0
        trump, value = table.suit(prize) == table.trump, table.v(prize)
        wanted = (trump or value > middle) if after == MORE else (not trump and value < middle)
    if wanted:
        return pick_card(options, table, True)
    if after == MORE:
        return min(options, key=card_keys(table)[0].__getitem__)  # the cheapest card: strength kept
    return pick_card(options, table, False)  # duck with the highest card that loses


def pick_contract(
    rules: M.RuleSet,
    request: Request,
    view: View,
    tables: Tables,
    rng: random.Random,
    samples: int,
    phases: bool = True,
) -> Any | None:
    """The contract among ``request.options`` with the best playouts (see the module's docstring), or
    None when it cannot be worked out (the hand has begun, or a contract cannot be played out)."""
    if view.tricks or view.current_trick or len(request.options) < 2:
        return None
    totals = dict.fromkeys(request.options, 0.0)
    for _ in range(samples):
        hands, stock = _layout(tables, view, rng)
        for option in request.options:
            points = _played_out(rules, view, tables, hands, stock, str(option), rng, phases)
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
    phases: bool = True,
) -> dict[int, float] | None:
    """Each seat's hand points when ``contract`` is played on these cards, every seat playing for its
    own as :func:`own_answer` does."""
    direction = trick_direction(rules, len(view.players), [contract])
    want = direction != FEWER
    split = phase_directions(rules, len(view.players), [contract]) if phases else None

    runner = Playout(tables, MORE)  # (only for the table a seat chooses from: Playout.table)

    def ask(request: Request) -> Any:
        table = runner.table(request.seat)
        plays = deal.current.plays if deal.current is not None else []
        table.plays = [(play.player.seat, play.card.name) for play in plays]
        table.played = {play.card.name for play in deal.env["plays"]}
        if request.kind == "play":
            if split is None:
                return pick_card(request.options, table, want)
            openings = deal.meld_leads(deal.by_seat[request.seat]) if not plays else ()
            prize = deal.face_up.name if deal.face_up is not None else None
            return play_for_points(request.options, table, MORE if want else FEWER, split, deal.closed, prize, openings)
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
