"""Playouts: simulated deals in which every seat plays the greedy policy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.heuristic_before.cardplay import Table, choose, high_first, pick_card
from benchmarks.heuristic_before.knowledge import Plan, Tables
from interpreter.deal import Deal
from interpreter.decisions import IllegalDecision, Request

# --- playouts -------------------------------------------------------------------------------


class Playout:
    """Answers the engine's requests inside a simulated deal: greedy play for every seat.

    ``overrides`` answers named choices (a real deal's declarations) when they are legal.
    """

    def __init__(self, tables: Tables, direction: int, overrides: dict[str, Any] | None = None) -> None:
        self.tables = tables
        self.plan = Plan(direction)
        self.overrides = overrides or {}
        self.deal: Deal | None = None
        self._played: set[str] = set()  # cards played so far (kept up to date from the deal's plays)
        self._seats: list[int] = []
        self._high_first: dict[str, list[str]] | None = None  # the rank order is fixed once declared

    def ask(self, request: Request) -> Any:
        if request.kind == "play":
            return self.play(request)
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

    def wants(self) -> bool:
        deal = self.deal
        assert deal is not None and deal.declarer is not None
        # The others fight over the same tricks: they want them exactly when the declarer does.
        return self.plan.wants(deal.declarer.won_count)

    def table(self, seat: int, plays: Sequence[tuple[int, str]] = (), for_play: bool = False) -> Table:
        deal = self.deal
        assert deal is not None
        if not self._seats:
            self._seats = [p.seat for p in deal.players]
        if for_play and self._high_first is None:
            self._high_first = high_first(self.tables, deal.table.rank_value)
        return Table(
            seat=seat,
            declarer=deal.declarer.seat if deal.declarer else None,
            hand=[c.name for c in deal.by_seat[seat].hand],
            trump=deal.table.trump,
            value=deal.table.rank_value,
            tables=self.tables,
            won={} if for_play else {p.seat: p.won_count for p in deal.players},
            players=self._seats,
            plays=plays,
            played=self._played,
            high_first=self._high_first,
        )

    def play(self, request: Request) -> str:
        legal = request.options
        if len(legal) == 1:
            return legal[0]
        deal = self.deal
        assert deal is not None and deal.current is not None
        plays_so_far = deal.env["plays"]
        if len(self._played) < len(plays_so_far):
            self._played.update(p.card.name for p in plays_so_far[len(self._played) :])
        plays = [(p.player.seat, p.card.name) for p in deal.current.plays]
        return pick_card(legal, self.table(request.seat, plays, for_play=True), self.wants())


# --- the agent ------------------------------------------------------------------------------


@dataclass
class Estimate:
    """How often a combo was completed in playouts, and steering which way."""

    completed: int
    playouts: int
    direction: int
    confirmed: bool = False  # played on the second set of layouts too

    @property
    def rate(self) -> float:
        return self.completed / self.playouts if self.playouts else 0.0
