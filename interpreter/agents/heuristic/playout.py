"""Playouts: simulated deals in which every seat plays the greedy policy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from interpreter.agents.heuristic.cardplay import KeyOrders, Table, card_values, choose, high_first, pick_card
from interpreter.agents.heuristic.knowledge import Plan, Tables
from interpreter.deal import Deal
from interpreter.decisions import IllegalDecision, Request

# --- playouts -------------------------------------------------------------------------------


class Playout:
    """Answers the engine's requests inside a simulated deal: greedy play for every seat.

    ``overrides`` answers named choices (a real deal's declarations) when they are legal.
    ``orders`` is shared by an agent's playouts: the card values and suit orders of each rank
    order met (the engine's rank order is replaced, never changed, so it is looked up by identity).
    """

    def __init__(
        self,
        tables: Tables,
        direction: int,
        overrides: dict[str, Any] | None = None,
        orders: dict[int, Order] | None = None,
        recordings: dict[Any, Recording] | None = None,
    ) -> None:
        self.tables = tables
        self.plan = _first_plan(direction)
        self.overrides = overrides or {}
        self.deal: Deal | None = None
        self._played: set[str] = set()  # cards played so far (kept as they are answered: see play_card)
        self._seats: list[int] = []
        self._orders = {} if orders is None else orders
        self._order: Order | None = None
        # The play's own bookkeeping: each seat's card names, the deal's plays kept (their count is
        # compared with the deal's), whether only plays change the hands, and a table per seat.
        self._hands: dict[int, set[str]] = {}  # (made at the first card chosen: _steady is False till then)
        self._pairs: list[tuple[int, str]] = []  # (seat, card name) of the deal's plays so far
        self._steady = False
        self._table_of: dict[int, Table] = {}
        # The declarer's final trick counts that complete the combo, when they alone decide it (see
        # :func:`~interpreter.agents.heuristic.knowledge.counts_decide`): the playout ends once it is settled.
        self.deciding: frozenset[int] | None = None
        # The cards played in earlier playouts of the same hook-less hand (see :meth:`_recording`).
        self._recordings = recordings
        self._record: Recording | None = None
        self._position = -1  # play requests answered so far (-1: the hand has not begun)

    def ask(self, request: Request) -> Any:
        if request.kind == "play":
            return self.play_card(request.seat, request.options)
        if request.kind == "choose":
            if request.name in self.overrides:
                known = self.overrides[request.name]
                if isinstance(known, dict):  # a per-player choice: this seat's own, if seen
                    known = known.get(request.seat)
                try:
                    return request.validate(known)
                except IllegalDecision:
                    pass
            table = self.table(request.seat)
            return choose(request, table, self.wants())
        return None

    @property
    def plan(self) -> Plan:
        """How the declarer steers in this playout (the agent sets it once the combo's counts are known)."""
        return self._plan

    @plan.setter
    def plan(self, plan: Plan) -> None:
        self._plan = plan
        self._wants = plan.table  # (its answers by count, read at every card: see _play)

    def wants(self) -> bool:
        deal = self.deal
        assert deal is not None and deal.declarer is not None
        # The others fight over the same tricks: they want them exactly when the declarer does.
        return self.plan.wants(deal.declarer.won_count)

    def order(self, rank_value: dict[str, int]) -> Order:
        """The card values and suit orders under ``rank_value`` (made once per rank order)."""
        order = self._order
        if order is None or order[0] is not rank_value:
            order = self._order = card_order(self._orders, self.tables, rank_value)
        return order

    def table(self, seat: int) -> Table:
        deal = self.deal
        assert deal is not None
        if not self._seats:
            self._seats = [p.seat for p in deal.players]
        rank_value = deal.table.rank_value
        _, values, suits, keys = self.order(rank_value)
        # The card orders of the rank order in force are the playouts' shared ones (made once per
        # rank order), not made again for each choice.
        return Table(
            seat=seat,
            declarer=deal.declarer.seat if deal.declarer else None,
            hand=[c.name for c in deal.by_seat[seat].hand],
            trump=deal.table.trump,
            value=rank_value,
            tables=self.tables,
            won={p.seat: p.won_count for p in deal.players},
            players=self._seats,
            played=self._played,
            high_first=suits,
            card_value=values,
            key_orders=keys,
        )

    def play(self, request: Request) -> str:
        """The greedy card for ``request`` (see :meth:`play_card`)."""
        return self.play_card(request.seat, request.options)

    def play_card(self, seat: int, options: Sequence[str]) -> str:
        """The greedy card of ``seat`` among ``options``, or the card an earlier playout chose in the
        same position. A playout's deal asks it for every card (its ``sync_cards``: no request made)."""
        position = self._position
        if position < 0:
            position = 0
            self._record = self._recording(seat)
            if self._record is not None and self.deciding is not None:
                for won, tricks_left in self._record.checks.values():
                    self._settled(won, tricks_left)  # where the replay would stop: stop now
        record = self._record
        self._position = position + 1
        if record is not None and position < len(record):
            card = record[position]
            # The same position, so the same options: the engine's all the same (where it may be settled
            # was asked at the first card: ``record.checks``).
            if card not in options:
                self._record = None  # not the position recorded (never expected): play on without
                card = self._play(seat, options)
        else:
            # (a single option is the card, as _play would say: a fifth of the cards, without its call)
            card = options[0] if len(options) == 1 else self._play(seat, options)
            if record is not None:
                record.append(card)  # only after the card was chosen: a playout settled here records nothing more
        if self._steady:
            # The card is played at once (every card of a hand where only plays move cards is one of
            # these answers, in order): kept here rather than read back from the deal's plays.
            self._played.add(card)
            self._hands[seat].discard(card)
            self._pairs.append((seat, card))
        return card

    def _recording(self, seat: int) -> Recording | None:
        """The cards chosen so far in this position by earlier playouts of the agent (a list that this
        playout extends), or None when the hand is not one whose play the position decides.

        In a hook-less hand (nothing but following suit acts, nothing but plays moves cards) every
        seat's greedy card depends only on the hands (in their order), trump, rank order, leader,
        declarer and which counts the declarer wants: combos that agree on those play the same cards
        (e.g. bids that differ only in their requirement), so the cards are chosen once and replayed,
        up to where an earlier playout ended. Each replayed card is still one of the request's options,
        and a playout still ends where its own combo is settled.
        """
        deal = self.deal
        recordings = self._recordings
        if recordings is None or deal is None or deal.declarer is None or deal.current is None:
            return None
        if deal.tricks or deal.current.plays or not deal.hookless_hand():
            return None
        key = (
            # (the cards themselves: one object per card of a rule set's deck, so the same cards are the
            # same names, told apart without a name read for each card)
            tuple([tuple(player.hand) for player in deal.players]),
            deal.table.trump,
            tuple(deal.table.rank_value.items()),
            seat,
            deal.declarer.seat,
            self.plan.table,
        )
        record = recordings.get(key)
        if record is None:
            if len(recordings) >= 4096:
                recordings.clear()
            record = recordings[key] = Recording()
        return record

    def _play(self, seat: int, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            only: str = legal[0]  # a card play's options are card names
            return only
        deal = self.deal
        assert deal is not None and deal.current is not None and deal.declarer is not None
        plays_so_far = deal.env["plays"]
        count = len(plays_so_far)
        pairs, hands = self._pairs, self._hands
        if not self._steady or len(pairs) != count:
            # Each hand's card names, kept as cards are played (by :meth:`play_card`, as it answers)
            # while nothing else moves cards (no draws from a stock, no zones); otherwise read again at
            # every card (and whenever the deal's plays are not those kept: never expected).
            self._steady = not deal.game.play.after_trick and not deal.zones
            hands = self._hands = {p.seat: {c.name for c in p.hand} for p in deal.players}
            self._played.update([p.card.name for p in plays_so_far])
            pairs = self._pairs = [(p.player.seat, p.card.name) for p in plays_so_far]
            for kept, kept_table in self._table_of.items():  # (a table's hand is its seat's set, kept)
                kept_table.hand = hands[kept]
        table = self._table_of.get(seat)
        deal_table = deal.table
        rank_value = deal_table.rank_value
        if table is None or table.value is not rank_value:
            table = self._new_table(seat, rank_value)
        plays = deal.current.plays
        won = deal.declarer.won_count
        if plays:
            # The trick so far: the deal's last plays (a trick's plays are the deal's, in order).
            table.plays = pairs[count - len(plays) :]
        else:
            table.plays = ()
            record = self._record
            if record is not None or self.deciding is not None:
                tricks_left = len(hands[seat]) if self._steady else len(deal.by_seat[seat].hand)
                if record is not None:  # (a later playout of this position may settle here without playing)
                    record.checks[self._position - 1] = (won, tricks_left)
                if self.deciding is not None:
                    self._settled(won, tricks_left)
        table.trump = deal_table.trump
        table.unseen = None  # (cards were played: the masters are worked out again when asked)
        wants = self._wants
        return pick_card(legal, table, wants[won] if 0 <= won < len(wants) else self._plan.wants(won))

    def _new_table(self, seat: int, rank_value: dict[str, int]) -> Table:
        """The table ``seat`` chooses from under ``rank_value``, kept while the rank order stands."""
        deal = self.deal
        assert deal is not None and deal.declarer is not None
        if not self._seats:
            self._seats = [p.seat for p in deal.players]
        _, values, suits, keys = self.order(rank_value)
        table = Table(seat, deal.declarer.seat, self._hands[seat], None, rank_value, self.tables, {}, self._seats)
        self._table_of[seat] = table
        table.played, table.high_first, table.card_value, table.key_orders = self._played, suits, values, keys
        return table

    def _settled(self, won: int, tricks_left: int) -> None:
        """End the playout (:class:`Settled`) when every final count the declarer can still reach
        completes the combo, or none does."""
        deciding = self.deciding
        assert deciding is not None
        completes = won in deciding
        for count in range(won + 1, won + tricks_left + 1):
            if (count in deciding) != completes:
                return
        raise Settled(completes)


def _first_plan(direction: int) -> Plan:
    """The plan a playout starts with, before its combo's counts are known (plans are immutable: one
    per direction, shared by every playout, instead of a frozen dataclass made for each)."""
    plan = _FIRST_PLANS.get(direction)
    if plan is None:
        plan = _FIRST_PLANS[direction] = Plan(direction)
    return plan


_FIRST_PLANS: dict[int, Plan] = {}


def card_order(orders: dict[int, Order], tables: Tables, rank_value: dict[str, int]) -> Order:
    """The card values and suit orders under ``rank_value``, made once per rank order and kept in
    ``orders`` (by identity: the engine's rank order is replaced, never changed)."""
    order = orders.get(id(rank_value))
    if order is None or order[0] is not rank_value:
        if len(orders) >= 64:
            orders.clear()
        order = orders[id(rank_value)] = (
            rank_value,
            card_values(tables, rank_value),
            high_first(tables, rank_value),
            {},
        )
    return order


class Recording(list[str]):
    """The cards chosen in a hook-less position by the agent's playouts (see :meth:`Playout._recording`),
    and where a playout of it may end: ``checks`` holds, by card position, the declarer's trick count
    and the tricks left at each lead where a playout asks whether its combo is settled. Those depend on
    the cards before them alone, so a later playout asks them all at its first card, in their order,
    and ends where its replay would have ended, without playing the cards up to there."""

    def __init__(self) -> None:
        super().__init__()
        self.checks: dict[int, tuple[int, int]] = {}


class Settled(Exception):
    """A playout's outcome is known before its last trick (raised through the engine's loop)."""

    def __init__(self, completed: bool) -> None:
        super().__init__(completed)
        self.completed = completed


#: A rank order (rank → value, the engine's own dict), and under it each card's value, each
#: suit's cards highest first, and the card orders of each trump (see ``cardplay.card_keys``).
Order = tuple[dict[str, int], dict[str, int], dict[str, list[str]], dict[str | None, KeyOrders]]


# --- the agent ------------------------------------------------------------------------------


@dataclass
class Estimate:
    """How often a combo was completed in playouts, and steering which way."""

    completed: int
    playouts: int
    direction: int
    confirmed: bool = False  # played on the second set of layouts too
    confident_known: bool = False  # … far enough to tell whether the rate reaches the confident one

    @property
    def rate(self) -> float:
        return self.completed / self.playouts if self.playouts else 0.0
