"""The values each variable of a search can take, constrained as real hands are."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from interpreter.analysis.flow import table_feasible
from interpreter.analysis.results import FULL, STATIC_NAMES, Unknown, Var
from interpreter.analysis.searchstate import SearchState
from interpreter.state import Card
from rulespec import model as M
from rulespec import types as T
from rulespec.compiler import FUNCTIONS, Expression
from rulespec.expressions import source_names
from rulespec.functions import READS_THE_DEAL

#: Most ways to share one player's won cards among the card categories that a search will try.
VECTOR_LIMIT = 20_000
#: Most values of one declaration (several distinct guesses, cards, …) that a search will try.
VALUES_LIMIT = 20_000


class Domains(SearchState):
    """The domains of a search (a part of :class:`~interpreter.analysis.search._Search`)."""

    if TYPE_CHECKING:  # defined by the other parts of the search

        def categories(self) -> list[list[Card]]: ...

    def domain(self, var: Var) -> tuple[Iterable[dict[Var, Any]], set[Var]]:
        """The values ``var`` may take now (as updates of the assignment), and the variables that decided them."""
        kind = var[0]
        if kind in ("R", "T", "W"):
            inputs = {v for v in self.assign if v[0] in ("R", "T")}
            if kind == "R":
                if not any(v[0] == "T" for v in inputs):  # only totals so far: they share out N
                    taken = sum(self.assign[v] for v in inputs)
                    open_rows = self.count - len(inputs) - 1
                    low = self.n - taken if open_rows == 0 else 0
                    return [{var: r} for r in range(low, self.n - taken + 1)], inputs
                return [{var: r} for r in self._interval(var, self.n)], inputs
            if kind == "T":
                return [{var: v} for v in self._interval(var, len(self.classes[var[2]]))], inputs
            options = []
            for player in range(self.count):
                cell = ("T", player, var[1])
                if cell not in self.assign and self._tricks_ok({cell: 1}):
                    options.append({cell: 1})
            return options, inputs
        if kind == "C":
            inputs = {v for v in self.assign if v[0] in ("C", "decl", "trump")} | {("R", var[1])}
            return ({var: v} for v in self._card_vectors(var[1])), inputs
        if kind == "decl":
            values = self.declaration_values(var[1])
            if isinstance(values, Unknown):
                raise Unknown(values.kind, values.name)
            if var[1] in self.suit_choices:
                return self._fresh_suits(values, var)
            return [{var: v} for v in values], set()
        if kind == "trump":
            return self._fresh_suits(list(self.trump_domain), var)
        if kind == "order":
            return [{var: i} for i in range(len(self.world.rank_orders))], set()
        if kind in ("seat", "dealer"):
            return [{var: i} for i in range(self.count)], set()
        raise AssertionError(f"unknown variable {var}")

    def _interval(self, var: Var, most: int) -> range:
        """The values 0..``most`` of a trick count or cell that keep the trick table completable.

        They form an interval: the table is a network flow with whole-number bounds, so the
        totals a row can have are every whole number between the least and the greatest. The
        sums of the table narrow it first; the flow check settles its ends.
        """
        low, high = self._bounds(var)
        high = min(high, most)
        while low <= high and not self._tricks_ok({var: low}):
            low += 1
        while high > low and not self._tricks_ok({var: high}):
            high -= 1
        return range(low, high + 1)

    def _bounds(self, var: Var) -> tuple[int, int]:
        """Bounds on a trick count (``R``) or cell (``T``) from the row and column sums alone."""
        cells = {(k[1], k[2]): v for k, v in self.assign.items() if k[0] == "T"}
        totals = {k[1]: v for k, v in self.assign.items() if k[0] == "R"}
        if var[0] == "R":
            player = var[1]
            others, free = 0, False
            for q in range(self.count):
                if q == player:
                    continue
                if q in totals:
                    others += totals[q]
                else:
                    free = True
                    others += sum(v for (r, _), v in cells.items() if r == q)
            high = self.n - others
            return (sum(v for (r, _), v in cells.items() if r == player) if free else high), high
        player, column = var[1], var[2]
        left = len(self.classes[column]) - sum(v for (_, c), v in cells.items() if c == column)
        low, high = 0, left
        if all((q, column) in cells for q in range(self.count) if q != player):
            low = left  # the rest of the column is known: this cell takes what is left
        if player in totals:
            rest = totals[player] - sum(v for (r, _), v in cells.items() if r == player)
            high = min(high, rest)
            if all((player, c) in cells for c in range(len(self.classes)) if c != column):
                low = max(low, rest)
        return low, high

    def _fresh_suits(self, values: list[Any], var: Var) -> tuple[list[dict[Var, Any]], set[Var]]:
        """The values of a suit variable, all but one of each class of interchangeable suits not used yet.

        Suits that nothing the requirements observe tells apart (same ranks in the deck, no
        literal naming them, the same colour when colour is read) can be swapped in any outcome
        without changing a requirement; so a suit no variable uses yet stands for its class.
        """
        # Swapping two suits that no assigned value involves leaves every assigned value as it is:
        # the declarations (a declared card's suit counts as used) and the trump suit say which
        # suits are used; a card split by suit tells every suit apart.
        inputs = {v for v in self.assign if v == ("trump",) or v[0] == "decl"}
        if self.card_use.attributes.get("suit", ()) is FULL and any(v[0] == "C" for v in self.assign):
            return [{var: v} for v in values], inputs | {v for v in self.assign if v[0] == "C"}
        used: set[Any] = set()
        for v in inputs:
            found = self.assign[v]
            for item in found if isinstance(found, list) else [found]:
                used.add(item.suit if isinstance(item, Card) else item)
        kept, fresh = [], set()
        for value in values:
            group = self.suit_class.get(value)
            if value is None or value in used or group is None:
                kept.append(value)
            elif group not in fresh:
                fresh.add(group)
                kept.append(value)
        return [{var: v} for v in kept], inputs

    def _tricks_ok(self, update: dict[Var, Any]) -> bool:
        merged = {**self.assign, **update}
        totals: list[int | None] = [merged.get(("R", p)) for p in range(self.count)]
        cells = {(k[1], k[2]): v for k, v in merged.items() if k[0] == "T"}
        key = (tuple(totals), tuple(sorted(cells.items())))
        cached = self.flow_cache.get(key)
        if cached is None:
            cached = self.flow_cache[key] = table_feasible([len(c) for c in self.classes], totals, cells)
        return cached

    def _card_vectors(self, player: int) -> Iterator[tuple[int, ...]]:
        """Every way ``player`` can have won ``player_count × tricks`` cards from what is left of each category."""
        categories = self.categories()
        wanted = self.count * self.assign[("R", player)]
        left = [len(c) for c in categories]
        for q in range(self.count):
            vector = self.assign.get(("C", q))
            if vector is not None:
                left = [a - b for a, b in zip(left, vector, strict=True)]
        # how many vectors there are (each category 0..left[k], summing to wanted), before making them
        ways = [1] + [0] * wanted
        for cap in left:
            ways = [sum(ways[s - t] for t in range(min(cap, s) + 1)) for s in range(wanted + 1)]
        if ways[wanted] > VECTOR_LIMIT:
            raise Unknown("shares")
        room = [sum(left[k + 1 :]) for k in range(len(left))]

        def fill(k: int, rest: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
            if k == len(left):
                if rest == 0:
                    yield prefix
                return
            for v in range(max(0, rest - room[k]), min(left[k], rest) + 1):
                yield from fill(k + 1, rest - v, (*prefix, v))

        return fill(0, wanted, ())

    def declaration_values(self, name: str) -> list[Any] | Unknown:
        """The values a declaration can take, or why the model cannot list them."""
        known = self.declared.get(name)
        if known is None:
            try:
                known = self._declaration_values(name)
            except Unknown as exc:
                known = Unknown(exc.kind, exc.name)  # (kept without its traceback's frames)
            self.declared[name] = known
        return known

    def _declaration_values(self, name: str) -> list[Any]:
        step = self.choices[name]
        if step.who.type != T.PLAYER:
            raise Unknown("several_choosers", name)
        candidates = self._candidates(step)
        count = step.count or 1
        if count > 1:
            if math.perm(len(candidates), count) > VALUES_LIMIT:
                raise Unknown("too_many_values", name)
            values: list[Any] = [list(p) for p in itertools.permutations(candidates, count)]
        else:
            values = list(candidates)
        if step.optional:
            values.append(None)
        return values

    def _static(self, expr: Expression | None, extra: Iterable[str] = ()) -> bool:
        if expr is None or expr.node is None:
            return True
        allowed = STATIC_NAMES | set(FUNCTIONS) - READS_THE_DEAL | set(self.params) | set(extra)
        return source_names(expr.node) <= allowed

    def _candidates(self, step: M.Choose) -> list[Any]:
        base = {k: self.env[k] for k in ("player_count", "suits", "ranks", "hand_size")}
        if step.what == "card":
            return list(self.deck)  # whatever the hands are, any card of the deck could be chosen
        if step.what == "player":
            return list(self.players)
        if step.source is not None and self._static(step.source):
            try:
                candidates = list(step.source(dict(base)))
            except Exception:  # a list the model cannot make: fall back below
                candidates = None
        elif step.what == "suit":
            candidates = list(base["suits"])
        else:
            candidates = None
        if candidates is None:
            if step.what == "suit":
                candidates = list(base["suits"])
            elif step.what == "direction":
                candidates = ["left", "right", "across"]
            else:
                raise Unknown("values", step.name)
        bound = T.ELEMENT_NAMES.get(T.Type(step.what)) or step.what
        if step.where is not None and self._static(step.where, (bound,)):
            kept = []
            for candidate in candidates:
                try:
                    if step.where({**base, bound: candidate}):
                        kept.append(candidate)
                except Exception:  # a candidate the model cannot judge stays
                    kept.append(candidate)
            candidates = kept or candidates  # a condition that leaves nothing yields
        return candidates
