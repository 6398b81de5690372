"""The search's variables: trick counts, won cards, declarations, read as requirements ask."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from interpreter.analysis.outcome import OutcomePlayer
from interpreter.analysis.results import FULL, Need, Refine, Unknown, Var
from interpreter.analysis.searchstate import SearchState
from interpreter.state import Card


class Variables(SearchState):
    """The variables of a search (a part of :class:`~interpreter.analysis.search._Search`)."""

    if TYPE_CHECKING:  # defined by the other parts of the search

        def declaration_values(self, name: str) -> list[Any] | Unknown: ...

    def value(self, var: Var) -> Any:
        try:
            found = self.assign[var]
        except KeyError:
            raise Need(var) from None
        self.reads.add(var)
        return found

    def lazy_name(self, name: str) -> Any:
        if name == "players":  # seat order: the declarer's place in it is a variable
            seat = self.value(("seat",))
            return [self.players[(i - seat) % self.count] for i in range(self.count)]
        if name == "dealer":
            return self.players[self.value(("dealer",))]
        if name == "trump":
            return self.value(("trump",))
        if name in self.choices:
            values = self.declaration_values(name)
            if isinstance(values, Unknown):
                raise Unknown(values.kind, values.name)
            return self.value(("decl", name))
        raise Unknown("name", name)

    def rank_value(self) -> dict[str, int]:
        orders = self.world.rank_orders
        if not orders:
            raise Unknown("rank_order")
        return orders[0] if len(orders) == 1 else orders[self.value(("order",))]

    def total(self, player: int) -> int:
        count: int = self.value(("R", player))  # the R variables hold trick counts
        return count

    def tricks_in(self, player: int, numbers: Iterable[int]) -> int:
        if isinstance(numbers, range):
            wanted = frozenset(range(max(numbers.start, 1), min(numbers.stop, self.n + 1)))
        else:
            wanted = frozenset(n for n in numbers if isinstance(n, int) and 1 <= n <= self.n)
        if not wanted:
            return 0
        if len(wanted) == self.n:
            return self.total(player)
        found = 0
        for index, cls in enumerate(self.classes):
            inside = cls & wanted
            if not inside:
                continue
            if inside != cls:
                raise Refine(wanted)
            found += self.value(("T", player, index))
        return found

    def last_winner(self) -> OutcomePlayer:
        index = next(i for i, cls in enumerate(self.classes) if self.n in cls)
        if len(self.classes[index]) > 1:
            raise Refine(frozenset({self.n}))
        winner = None
        for player in range(self.count):
            cell = ("T", player, index)
            if cell in self.assign:
                self.reads.add(cell)
                if self.assign[cell] == 1:
                    winner = self.players[player]
        if winner is None:
            raise Need(("W", index))
        return winner

    def won(self, player: int) -> list[Card]:
        categories = self.categories()
        self.total(player)
        vector = self.value(("C", player))
        cards: list[Card] = []
        for k, category in enumerate(categories):
            start = sum(self.assign[("C", q)][k] for q in range(player) if ("C", q) in self.assign)
            cards.extend(category[start : start + vector[k]])
        return cards

    def categories(self) -> list[list[Card]]:
        """The deck split into cards that no requirement can tell apart (under the current declarations)."""
        values = []
        for var in self.partner_vars:
            found = self.value(var)
            values.append(tuple(found) if isinstance(found, list) else found)
        key = tuple(values)
        cached = self.categories_cache.get(key)
        if cached is None:
            cached = self.categories_cache[key] = self._split_deck()
        return cached

    def _split_deck(self) -> list[list[Card]]:
        parts: list[tuple[str, frozenset[Any] | None]] = []
        for attribute, specs in sorted(self.card_use.attributes.items()):
            parts.append((attribute, None if specs is FULL else self._resolve(specs)))
        identities: list[Card] = []
        for name in sorted(self.card_use.identities):
            chosen = self.assign[("decl", name)]
            identities += [c for c in (chosen if isinstance(chosen, list) else [chosen]) if isinstance(c, Card)]
        groups: dict[tuple[Any, ...], list[Card]] = {}
        for card in self.deck:
            signature = tuple(
                getattr(card, attribute) if values is None or getattr(card, attribute) in values else ()
                for attribute, values in parts
            ) + tuple(card is c for c in identities)
            groups.setdefault(signature, []).append(card)
        return list(groups.values())

    def _partner_vars(self) -> list[Var]:
        """The variables the split of the deck depends on; a declaration the model cannot list splits by every value."""
        for attribute, specs in list(self.card_use.attributes.items()):
            names = [spec[1] for spec in specs or () if spec[0] in ("decl", "cardattr")]
            if any(isinstance(self.declaration_values(name), Unknown) for name in names):
                self.card_use.attributes[attribute] = FULL
        found: dict[Var, None] = {}
        for specs in self.card_use.attributes.values():
            for spec in specs or ():
                if spec[0] == "trump":
                    found[("trump",)] = None
                elif spec[0] in ("decl", "cardattr"):
                    found[("decl", spec[1])] = None
        for name in sorted(self.card_use.identities):
            if not isinstance(self.declaration_values(name), Unknown):
                found[("decl", name)] = None
        return list(found)

    def _resolve(self, specs: Sequence[Var]) -> frozenset[Any]:
        values: set[Any] = set()
        for spec in specs:
            if spec[0] == "value":
                values.add(spec[1])
                continue
            if spec[0] == "trump":
                found: Any = self.assign[("trump",)]
            elif spec[0] == "decl":
                found = self.assign[("decl", spec[1])]
            else:
                card = self.assign[("decl", spec[1])]
                found = [getattr(c, spec[2]) for c in (card if isinstance(card, list) else [card]) if c is not None]
            values.update(found if isinstance(found, list) else [found])
        return frozenset(values)
