"""One search: depth-first over the variables the requirements read, with backjumping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.analysis.domains import Domains
from interpreter.analysis.observe import (
    CardUse,
    bid_choices,
    is_card_list,
    observed_card_use,
    requirement_expressions,
    walk_nodes,
)
from interpreter.analysis.outcome import OutcomeBid, OutcomeEnv, OutcomeLastTrick, OutcomePlayer, OutcomeTable, World
from interpreter.analysis.results import Need, Unknown, Unmodelled, Var
from interpreter.analysis.variables import Variables
from interpreter.prepared import event_order
from interpreter.scoring import trick_bounds
from interpreter.state import Card, Seating
from rulespec import model as M
from rulespec.build import facts
from rulespec.compiler import EvaluationError, Expression
from rulespec.expressions import source_names


class ProofSearch(Variables, Domains):
    """A depth-first search over the outcomes one set of requirement bids observes."""

    def __init__(
        self,
        world: World,
        bids: Sequence[M.Bid],
        adjustments: tuple[int, ...],
        classes: list[frozenset[int]],
        limit: int,
    ) -> None:
        self.world = world
        rules = world.rules
        self.bids = sorted(event_order(bids), key=lambda b: b.requires is not None)
        self.adjustments = adjustments
        self.classes = classes
        self.limit = limit
        self.n = world.tricks
        self.count = world.player_count
        self.assign: dict[Var, Any] = {}
        self.evaluations = 0
        self.observed: set[str] = set()
        self.unknown: dict[Unmodelled, None] = {}
        self.current = ""
        self.choices: dict[str, M.Choose] = {}
        self.params: dict[str, Any] = dict(rules.game.params)
        for bid in event_order(bids):  # a later choice wins
            self.choices.update(bid_choices(bid))
            self.params.update(bid.params)
        self.unsupported: set[str] = set()
        self.card_use = CardUse()
        for bid in self.bids:
            for expr in requirement_expressions(bid):
                use = observed_card_use(expr, {**rules.game.params, **bid.params}, bid_choices(bid))
                if use is None:
                    self.unsupported.add(expr.source)
                else:
                    self.card_use.merge(use)
        colors = {suit.id: suit.color or "" for suit in rules.game.deck.suits}
        self.table = OutcomeTable(self, colors)
        self.deck = [Card(rank, suit) for rank, suit in world.cards]
        self.players = [OutcomePlayer(self, i) for i in range(self.count)]
        self.seating = Seating(self.players)  # type: ignore[arg-type]
        suits = tuple(s.id for s in rules.game.deck.suits)
        with_trump = any(b.trump is not None for b in bids)  # then a suit is trump, never none
        self.trump_domain = suits if with_trump else world.trump_domain
        self.declared: dict[str, list[Any] | Unknown] = {}  # each declaration's values, or why they are unknown
        self.suit_choices = {n for n, c in self.choices.items() if c.what == "suit" and (c.count or 1) == 1}
        self.categories_cache: dict[tuple[Any, ...], list[list[Card]]] = {}
        self.flow_cache: dict[tuple[Any, ...], bool] = {}
        standard = next((b for b in bids if b.kind == "standard"), None)
        base: dict[str, Any] = {
            "player_count": self.count,
            "suits": [s.id for s in rules.game.deck.suits],
            "ranks": list(rules.game.deck.ranks),
            "hand_size": self.n,
            "declarer": self.players[0],
            "opponents": self.players[1:],
            "deck": self.deck,
            "last_trick": OutcomeLastTrick(self, self.n) if self.n else None,
            "_seating": self.seating,
            "_table": self.table,
        }
        if standard is not None:
            base["standard"] = OutcomeBid(facts(standard))
        if any(bid.partners is not None for bid in rules.bids.values()):  # a side leaves the opponents:
            del base["opponents"]  # who they are depends on the play (a called card's holder), not modelled
        self.env = OutcomeEnv(self, base)
        self.reads: set[Var] = set()  # the variables the hook being evaluated has read
        self.conflict: set[Var] = set()
        self.hooks = self._hooks()
        self.suit_class = self._suit_classes()
        self.partner_vars = self._partner_vars()

    def _suit_classes(self) -> dict[str, Any]:
        """Each suit's class of interchangeable suits (a suit alone in its class maps to None)."""
        rules = self.world.rules
        texts: set[Any] = set()
        expressions = [e for b in self.bids for e in requirement_expressions(b)]
        expressions += [e for c in self.choices.values() for e in (c.source, c.where) if e is not None]
        for expr in expressions:
            if expr.node is None:
                continue
            if "suits" in source_names(expr.node):
                return {}  # the suits in deck order: not interchangeable
            texts.update(n.value for n in walk_nodes(expr.node) if n.kind == "string")
            texts.update(v for k, v in self.params.items() if k in source_names(expr.node))
        colours = "color" in self.card_use.attributes
        groups: dict[tuple[Any, ...], list[str]] = {}
        for suit in rules.game.deck.suits:
            ranks = tuple(r for r, s in self.world.cards if s == suit.id)
            key = (ranks, suit.color if colours else None, suit.id if suit.id in texts else None)
            groups.setdefault(key, []).append(suit.id)
        return {suit: key for key, members in groups.items() if len(members) > 1 for suit in members}

    # -- evaluation

    def holds(self) -> bool:
        """Whether every hook holds under every adjustment; on failure ``conflict`` holds what the failed hook read."""
        declarer = self.players[0]
        try:
            for bid, test, expr in self.hooks:
                self.current = bid.id
                for adjust in self.adjustments:
                    declarer.adjust = adjust
                    self.reads = set()
                    if not self._met(expr, test):
                        self.conflict = set(self.reads)
                        return False
            return True
        finally:
            declarer.adjust = 0

    def _met(self, expr: Expression, test: Any) -> bool:
        """Whether one hook holds; what the model cannot read counts as met (and is noted)."""
        if expr.source in self.unsupported:
            self.unknown.setdefault(Unmodelled(self.current, "expression", expr.source))
            return True
        try:
            return bool(test(expr(self.env)))
        except Unknown as exc:
            self.unknown.setdefault(Unmodelled(self.current, exc.kind, exc.name))
            return True
        except EvaluationError as exc:
            self.unknown.setdefault(Unmodelled(self.current, "evaluation", exc.message))
            return True

    def _hooks(self) -> list[tuple[M.Bid, Any, Expression]]:
        """Each bid's ``tricks`` and ``requires`` as (bid, test of the value, expression), cheapest first.

        The engine checks them bid by bid and adjustment by adjustment; all must hold, so the
        order is free. Trick counts come first, requirements that look at no card next.
        """
        declarer = self.players[0]
        counted: list[tuple[M.Bid, Any, Expression]] = []
        others: list[tuple[int, M.Bid, Any, Expression]] = []
        for bid in self.bids:
            for holds, bound in trick_bounds(bid.tricks, self.count) if bid.tricks is not None else ():
                counted.append((bid, lambda v, holds=holds: holds(declarer.tricks, v), bound))
            if bid.requires is not None:
                node = bid.requires.node
                cost = 1 if node is not None and any(is_card_list(n) for n in walk_nodes(node)) else 0
                others.append((cost, bid, bool, bid.requires))
        others.sort(key=lambda item: item[0])
        return counted + [(bid, test, expr) for _, bid, test, expr in others]

    def search(self) -> tuple[bool | None, set[Var]]:
        """True: a completing outcome is in ``assign``; False: none exists; None: gave up.

        With False comes a conflict set: variables whose values alone rule out every way to go
        on. A branch whose conflict does not involve the variable branched on ends the loop
        over its values at once (conflict-directed backjumping): its other values fail the same way.
        """
        self.evaluations += 1
        if self.evaluations > self.limit:
            return None, set()
        try:
            if self.holds():
                return True, set()
            return False, self.conflict
        except Need as need:
            var = need.var
        self.observed.add(_OBSERVED.get((var[0], var[1] == 0 if var[0] == "R" else None), str(var[0])))
        try:
            options, conflict = self.domain(var)
        except Unknown as exc:
            self.unknown.setdefault(Unmodelled(self.current, exc.kind, exc.name))
            return None, set()
        for update in options:
            self.assign.update(update)
            result, found = self.search()
            if result is not False:
                return result, found
            for key in update:
                del self.assign[key]
            if found.isdisjoint(update):
                return False, found
            conflict |= found.difference(update)
        return False, conflict

    def witness(self) -> dict[str, Any]:
        """The completing outcome found, in words a test can read."""
        shown: dict[str, Any] = {}
        for var, value in self.assign.items():
            kind = var[0]
            if kind == "R":
                shown[f"tricks[{var[1]}]"] = value
            elif kind == "T":
                numbers = sorted(self.classes[var[2]])
                shown[f"tricks_in[{var[1]}][{numbers[0]}..{numbers[-1]}]"] = value
            elif kind == "C":
                shown[f"cards[{var[1]}]"] = value
            elif kind == "decl":
                shown[var[1]] = value if not isinstance(value, OutcomePlayer) else repr(value)
            else:
                shown[kind] = value
        return shown


_OBSERVED = {("R", True): "count", ("R", False): "counts", ("T", None): "tricks", ("W", None): "tricks"}
_OBSERVED.update({("C", None): "cards", ("decl", None): "choices"})
