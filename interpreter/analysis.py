"""Which combo bids can never be completed, proved by exhausting the outcomes their requirements observe.

A combo bid is completed when, at the end of the hand, every bid's ``tricks`` and ``requires``
hold under each of the combo's ``tricks_adjust`` (the engine's rule, see
:meth:`interpreter.deal.Deal.score`). The combo is *possible* when some deal, some legal play
by everybody and some choice of every declaration (guesses, a chosen suit, …) ends that way;
it is *impossible* when none does. Nothing is sampled: the checker searches the finite space
of what the requirements can see and either finds an end of a hand that completes the combo
(a witness) or exhausts the space.

**What an outcome is.** The end of a hand, as far as requirements can tell, is described by a
few numbers, which the search treats as variables and assigns only when a requirement reads
them (*prune by observation*):

* ``R[p]``: how many tricks player ``p`` took (``player.tricks``; the declarer's is adjusted);
* ``T[p, c]``: how many tricks of the class ``c`` of trick numbers player ``p`` took
  (``player.tricks_in(…)``, ``last_trick.winner``). The classes split 1..N only as finely as
  the numbers asked about require: a requirement that asks about tricks 1..3 splits them
  off, and the search restarts with the finer classes;
* ``C[p]``: how many cards of each *category* player ``p`` won (``player.won``). Cards fall
  into one category when no requirement can tell them apart: the card attributes the
  requirements read, and the values they compare them with (``card.suit == chosen_suit``,
  ``card.rank == "2"``), are found in the syntax trees; a value that cannot be worked out
  separates every value of that attribute;
* the declarations (``choose`` steps), the final trump suit, the declarer's seat (only when
  ``players`` is read in seat order), the dealer and the rank order in force.

The variables are constrained as real hands are: the tricks of each class and the cards of
each category are shared out exactly (with the cards nobody played set apart), a player
who took ``k`` tricks won ``k`` cards from each player, i.e. ``player_count × k`` cards. Partial
assignments are checked for a completion with a small max-flow. Which card lands in which
trick, who leads and who wins a trick by the cards are *not* modelled: every outcome of a
real hand is one of the outcomes searched, so the search may call a combo possible that is
not, never the reverse (it is *sound*).

**Exactly the engine's semantics.** Each outcome is realised as runtime objects (players
with trick counts and won cards that are real :class:`~interpreter.state.Card` objects, the
last trick, the deck) and the rule set's own compiled expressions are evaluated on them.
A name or attribute the model does not cover (a player's score, a trick's cards, ``combo``,
…) raises inside the evaluation; that requirement then counts as met at that point, which
keeps the answer sound, and is noted (:attr:`Verdict.unknown`).

**The search** is depth-first: evaluate every hook (``tricks`` first, then requirements that
look at no card, under every adjustment); when an evaluation reads a variable without a
value, try each value it can take. A failed hook records the variables it read; a branch
whose failure did not involve the variable just tried skips that variable's other values
(conflict-directed backjumping), so a conflict between trick counts is not re-proved for
every way the cards of a chosen suit could lie. A search that passes :data:`SEARCH_LIMIT` evaluations
(or meets a declaration or a card split too large to list) gives up: the combo then counts
as possible.

**Which bids matter.** Only bids that fill ``tricks``, ``requires`` or ``tricks_adjust`` can
make a combo impossible: the other bids only change how the hand is played, which the
outcomes already range over. So a combo's verdict depends on its *requirement bids* alone,
and is cached per rule set, set of requirement bids and number of players.
:func:`analyze` lists the minimal impossible sets (two bids that contradict each other,
not every combo holding them); :func:`impossible_reason` answers the auction.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.state import Card, CardFacts, Seating
from rulespec import model as M
from rulespec import types as T
from rulespec.build import facts
from rulespec.compiler import FUNCTIONS, EvaluationError, Expression
from rulespec.expressions import Node, source_names
from rulespec.placeholders import fill

#: Evaluations one check may make before it gives up (then the combo counts as possible).
SEARCH_LIMIT = 200_000
#: Most ways to share one player's won cards among the card categories that a search will try.
VECTOR_LIMIT = 20_000
#: Most values of one declaration (several distinct guesses, cards, …) that a search will try.
VALUES_LIMIT = 20_000
#: Most sets of bids :func:`analyze` lists to check (it stops growing them past this).
SET_LIMIT = 100_000

Var = tuple[Any, ...]

#: Card attributes (no other object has them); ``holder`` and ``zone`` are the same for every
#: card once the hand is over, ``value`` follows the rank, ``is_trump`` the suit.
_CARD_ATTRIBUTES = frozenset(T.ATTRIBUTES[T.CARD]) - frozenset(
    name for kind, names in T.ATTRIBUTES.items() if kind != T.CARD for name in names
)
#: Names an element is bound to inside a predicate (``count(declarer.won, card.suit == …)``).
_BOUND_NAMES = frozenset(T.ELEMENT_NAMES.values())
#: Deal-scope names an expression may read without depending on the deal (``from: 0..hand_size``).
_STATIC_NAMES = frozenset({"player_count", "suits", "ranks", "hand_size"})
#: Attributes whose value is a list of cards: comparing such lists with ``==`` depends on their order.
_CARD_LISTS = frozenset({"won", "hand", "cards"})
_FULL = None  # a card attribute whose every value must be told apart


# --- control flow of the search -----------------------------------------------------------


class _Need(Exception):
    """An evaluation read a variable that has no value yet."""

    def __init__(self, var: Var) -> None:
        super().__init__(var)
        self.var = var


class _Refine(Exception):
    """An evaluation asked about a set of trick numbers that splits a class of them."""

    def __init__(self, numbers: frozenset[int]) -> None:
        super().__init__(sorted(numbers))
        self.numbers = numbers


class _Unknown(Exception):
    """An evaluation read something the model does not cover; the requirement counts as met."""


# --- results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """Whether one set of requirement bids can be completed with ``player_count`` players.

    ``possible`` is None when the search gave up (its limit, or too many ways to share the
    cards); that counts as possible everywhere. For an impossible set, ``observed`` says what
    the proof had to look at (``count``: the declarer's number of tricks; ``counts``: the
    other players' numbers; ``tricks``: which tricks; ``cards``: which cards; ``choices``: the
    declarations) and ``adjusted`` whether the set would be possible without its
    ``tricks_adjust``.
    """

    bids: tuple[str, ...]
    player_count: int
    possible: bool | None
    observed: frozenset[str] = frozenset()
    adjusted: bool = False
    adjustments: tuple[int, ...] = (0,)
    unknown: tuple[str, ...] = ()
    evaluations: int = 0
    witness: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Finding:
    """A minimal set of bids that no combo bid may hold (or that was not decided).

    ``standard`` is None when the special bids alone cannot be completed, whatever the
    standard bid; ``player_counts`` are the numbers of players in a deal for which it holds.
    """

    standard: str | None
    specials: tuple[str, ...]
    player_counts: tuple[int, ...]
    verdict: Verdict

    @property
    def bids(self) -> tuple[str, ...]:
        return ((self.standard,) if self.standard else ()) + self.specials


@dataclass
class Analysis:
    """Every minimal impossible set of bids of a rule set (see :func:`analyze`)."""

    ruleset: str
    player_counts: tuple[int, ...]
    forbid_impossible: bool
    impossible: list[Finding] = field(default_factory=list)
    undecided: list[Finding] = field(default_factory=list)
    checked: int = 0  # sets of requirement bids searched (per number of players)
    unknown: tuple[str, ...] = ()  # what the checker could not model, over all searches
    note: str | None = None  # why nothing was analysed (no auction, a draw pile)
    seconds: float = 0.0


# --- what requirements observe of cards ---------------------------------------------------


def requirement_bids(bids: Iterable[M.Bid]) -> list[M.Bid]:
    """The bids that can make a combo impossible: those with ``tricks``, ``requires`` or ``tricks_adjust``."""
    return [b for b in bids if b.tricks is not None or b.requires is not None or b.tricks_adjust]


def _expressions(bid: M.Bid) -> list[Expression]:
    found = [bid.requires] if bid.requires is not None else []
    for tricks in (bid.tricks, *bid.tricks.for_players.values()) if bid.tricks is not None else ():
        found += [e for e in (tricks.exactly, tricks.min, tricks.max) if e is not None]
    return found


def _choices(bid: M.Bid) -> dict[str, M.Choose]:
    return {step.name: step for step in bid.steps if isinstance(step, M.Choose)}


def _parents(root: Node) -> dict[int, Node]:
    parents: dict[int, Node] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.children:
            parents[id(child)] = node
            stack.append(child)
    return parents


def _walk(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _partner(node: Node, params: Mapping[str, Any], choices: Mapping[str, M.Choose]) -> list[Var] | None:
    """The values a card attribute is compared with, as specs to resolve during the search; None: unknown."""
    if node.kind in ("string", "number", "bool"):
        return [("value", node.value)]
    if node.kind == "list":
        specs: list[Var] = []
        for child in node.children:
            inner = _partner(child, params, choices)
            if inner is None:
                return None
            specs += inner
        return specs
    if node.kind == "conditional":  # one of the two branches
        then, other = (_partner(child, params, choices) for child in node.children[1:])
        return None if then is None or other is None else then + other
    if node.kind == "name":
        name = str(node.value)
        if name in _BOUND_NAMES:
            return None
        if name in params:
            return [("value", params[name])]
        if name in choices:
            return [("decl", name)]
        if name == "trump":
            return [("trump",)]
        return None
    if node.kind == "attribute" and node.children[0].kind == "name":
        owner = str(node.children[0].value)
        is_card = owner in choices and owner not in _BOUND_NAMES and choices[owner].what == "card"
        if is_card and node.value in ("suit", "rank", "color"):
            return [("cardattr", owner, str(node.value))]
    return None


def _is_card_list(node: Node) -> bool:
    if node.kind == "attribute":
        return str(node.value) in _CARD_LISTS
    if node.kind == "name":
        return node.value == "deck"
    if node.kind == "call" and node.children[0].kind == "name" and node.children[0].value == "filter":
        return len(node.children) > 1 and _is_card_list(node.children[1])
    return False


@dataclass
class _CardUse:
    """How a requirement looks at cards: attribute → partner specs (``_FULL``: every value), declared cards."""

    attributes: dict[str, list[Var] | None] = field(default_factory=dict)
    identities: set[str] = field(default_factory=set)

    def add(self, attribute: str, specs: list[Var] | None) -> None:
        if attribute in self.attributes and self.attributes[attribute] is _FULL:
            return
        if specs is _FULL:
            self.attributes[attribute] = _FULL
        else:
            self.attributes[attribute] = [*self.attributes.get(attribute, []), *specs]

    def merge(self, other: _CardUse) -> None:
        for attribute, specs in other.attributes.items():
            self.add(attribute, specs)
        self.identities |= other.identities


def _card_use(expr: Expression, params: Mapping[str, Any], choices: Mapping[str, M.Choose]) -> _CardUse | None:
    """What ``expr`` observes of cards; None when it compares lists of cards (their order is not modelled)."""
    use = _CardUse()
    if expr.node is None:
        return use
    parents = _parents(expr.node)
    for node in _walk(expr.node):
        if node.kind == "compare" and node.value in ("==", "!=") and any(_is_card_list(c) for c in node.children):
            return None
        if node.kind == "name" and str(node.value) in choices and choices[str(node.value)].what == "card":
            use.identities.add(str(node.value))
        if node.kind != "attribute" or str(node.value) not in _CARD_ATTRIBUTES:
            continue
        name = str(node.value)
        if name in ("holder", "zone"):
            continue
        if name == "value":
            use.add("rank", _FULL)
            continue
        if name == "is_trump":
            use.add("suit", [("trump",)])
            continue
        parent = parents.get(id(node))
        specs: list[Var] | None = _FULL
        if parent is not None and parent.kind == "compare" and parent.value in ("==", "!="):
            other = parent.children[1] if parent.children[0] is node else parent.children[0]
            specs = _partner(other, params, choices)
        elif parent is not None and parent.kind == "in" and parent.children[0] is node:
            specs = _partner(parent.children[1], params, choices)
        use.add(name, specs)
    return use


# --- the flow check of a partial table ----------------------------------------------------


def _max_flow(capacity: dict[int, dict[int, int]], source: int, sink: int) -> int:
    """Edmonds–Karp on a tiny graph (``capacity`` is changed into the residual graph)."""
    flow = 0
    while True:
        parent = {source: source}
        queue = [source]
        for node in queue:
            for nxt, cap in capacity[node].items():
                if cap > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
            if sink in parent:
                break
        if sink not in parent:
            return flow
        bottleneck, node = None, sink
        while node != source:
            cap = capacity[parent[node]][node]
            bottleneck = cap if bottleneck is None else min(bottleneck, cap)
            node = parent[node]
        assert bottleneck is not None
        node = sink
        while node != source:
            prev = parent[node]
            capacity[prev][node] -= bottleneck
            capacity[node][prev] = capacity[node].get(prev, 0) + bottleneck
            node = prev
        flow += bottleneck


def table_feasible(columns: Sequence[int], totals: Sequence[int | None], cells: Mapping[tuple[int, int], int]) -> bool:
    """Whether a table of whole numbers ≥ 0 exists with these column sums, row sums and known cells.

    A row whose total is None may sum to anything (the column sums still have to be met).
    """
    rows = len(totals)
    left = list(columns)
    known = [0] * rows
    for (row, column), value in cells.items():
        left[column] -= value
        known[row] += value
    if min(left, default=0) < 0:
        return False
    rest = [None if total is None else total - known[row] for row, total in enumerate(totals)]
    if any(r is not None and r < 0 for r in rest):
        return False
    demand = sum(left)
    fixed = sum(r for r in rest if r is not None)
    free = [row for row in range(rows) if rest[row] is None]
    if fixed > demand or (demand > fixed and not free):
        return False
    if not cells:
        return True
    source, pool, sink = 0, 1, 2
    row_node = {row: 3 + row for row in range(rows)}
    column_node = {column: 3 + rows + column for column in range(len(columns))}
    capacity: dict[int, dict[int, int]] = {n: {} for n in range(3 + rows + len(columns))}
    capacity[source][pool] = demand - fixed
    big = demand + 1
    for row in range(rows):
        if rest[row] is None:
            capacity[pool][row_node[row]] = big
        else:
            capacity[source][row_node[row]] = rest[row]  # type: ignore[assignment]
        for column in range(len(columns)):
            if (row, column) not in cells and left[column]:
                capacity[row_node[row]][column_node[column]] = big
    for column in range(len(columns)):
        if left[column]:
            capacity[column_node[column]][sink] = left[column]
    return _max_flow(capacity, source, sink) == demand


# --- runtime objects of an outcome ----------------------------------------------------------


class _Table(CardFacts):
    """What expressions consult about cards: the trump and the rank order are variables of the search."""

    __slots__ = ("search", "players", "zone", "colors")

    def __init__(self, search: _Search, colors: dict[str, str]) -> None:
        self.search = search
        self.players = ()  # every card has been played: nobody holds one
        self.zone: dict[Card, str] = {}
        self.colors = colors

    @property
    def trump(self) -> str | None:
        return self.search.value(("trump",))

    @property
    def rank_value(self) -> dict[str, int]:
        return self.search.rank_value()


class _Player:
    """A player at the end of the hand; ``index`` counts clockwise from the declarer (0)."""

    __slots__ = ("search", "index", "adjust")

    def __init__(self, search: _Search, index: int) -> None:
        self.search = search
        self.index = index
        self.adjust = 0

    @property
    def is_declarer(self) -> bool:
        return self.index == 0

    @property
    def tricks(self) -> int:
        return self.search.total(self.index) + self.adjust

    @property
    def won(self) -> list[Card]:
        return self.search.won(self.index)

    @property
    def hand(self) -> list[Card]:
        return []  # the hand is over

    def tricks_in(self, numbers: Iterable[int]) -> int:
        return self.search.tricks_in(self.index, numbers)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        raise _Unknown(f"player.{name}")

    def __repr__(self) -> str:
        return "declarer" if self.index == 0 else f"opponent {self.index}"


class _LastTrick:
    __slots__ = ("search", "number")

    def __init__(self, search: _Search, number: int) -> None:
        self.search = search
        self.number = number

    @property
    def winner(self) -> _Player:
        return self.search.last_winner()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        raise _Unknown(f"last_trick.{name}")


class _BidView:
    """A bid as expressions see it; a worth or score that depends on the combo is not modelled."""

    def __init__(self, facts: M.BidFacts) -> None:
        self.facts = facts

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.facts, name)
        if value is None:
            raise _Unknown(f"standard.{name}")
        return value


class _Env(dict):
    """The names of a requirement; the ones that are variables are looked up when read."""

    def __init__(self, search: _Search, base: dict[str, Any]) -> None:
        super().__init__(base)
        self.search = search

    def __missing__(self, key: str) -> Any:
        return self.search.lazy_name(key)


# --- one search ---------------------------------------------------------------------------


@dataclass
class _World:
    """What one rule set with one number of players fixes: the deck, the tricks, the hooks around."""

    rules: M.RuleSet
    player_count: int
    tricks: int  # N, the number of tricks (the hand size)
    cards: list[tuple[str, str]]  # (rank, suit) in play
    trump_domain: tuple[str | None, ...]
    rank_orders: tuple[dict[str, int], ...]
    learned: dict[str, set[frozenset[int]]] = field(default_factory=dict)  # trick numbers each bid asks about
    verdicts: dict[tuple[frozenset[str], tuple[int, ...] | None], Verdict] = field(default_factory=dict)


class _Search:
    """A depth-first search over the outcomes one set of requirement bids observes."""

    def __init__(
        self,
        world: _World,
        bids: Sequence[M.Bid],
        adjustments: tuple[int, ...],
        classes: list[frozenset[int]],
        limit: int,
    ) -> None:
        self.world = world
        rules = world.rules
        self.bids = sorted(bids, key=lambda b: (b.requires is not None, b.event_priority, b.id))
        self.adjustments = adjustments
        self.classes = classes
        self.limit = limit
        self.n = world.tricks
        self.count = world.player_count
        self.assign: dict[Var, Any] = {}
        self.evaluations = 0
        self.observed: set[str] = set()
        self.unknown: dict[str, None] = {}
        self.current = ""
        self.choices: dict[str, M.Choose] = {}
        self.params: dict[str, Any] = dict(rules.game.params)
        for bid in sorted(bids, key=lambda b: (b.event_priority, b.kind != "standard")):  # a later choice wins
            self.choices.update(_choices(bid))
            self.params.update(bid.params)
        self.unsupported: set[str] = set()
        self.card_use = _CardUse()
        for bid in self.bids:
            for expr in _expressions(bid):
                use = _card_use(expr, {**rules.game.params, **bid.params}, _choices(bid))
                if use is None:
                    self.unsupported.add(expr.source)
                else:
                    self.card_use.merge(use)
        colors = {suit.id: suit.color or "" for suit in rules.game.deck.suits}
        self.table = _Table(self, colors)
        self.deck = [Card(rank, suit) for rank, suit in world.cards]
        self.players = [_Player(self, i) for i in range(self.count)]
        self.seating = Seating(self.players)  # type: ignore[arg-type]
        suits = tuple(s.id for s in rules.game.deck.suits)
        with_trump = any(b.trump is not None for b in bids)  # then a suit is trump, never none
        self.trump_domain = suits if with_trump else world.trump_domain
        self.declared: dict[str, list[Any] | str] = {}  # each declaration's values, or why they are unknown
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
            "last_trick": _LastTrick(self, self.n) if self.n else None,
            "_seating": self.seating,
            "_table": self.table,
        }
        if standard is not None:
            base["standard"] = _BidView(facts(standard))
        self.env = _Env(self, base)
        self.reads: set[Var] = set()  # the variables the hook being evaluated has read
        self.conflict: set[Var] = set()
        self.hooks = self._hooks()
        self.suit_class = self._suit_classes()
        self.partner_vars = self._partner_vars()

    def _suit_classes(self) -> dict[str, Any]:
        """Each suit's class of interchangeable suits (a suit alone in its class maps to None)."""
        rules = self.world.rules
        texts: set[Any] = set()
        expressions = [e for b in self.bids for e in _expressions(b)]
        expressions += [e for c in self.choices.values() for e in (c.source, c.where) if e is not None]
        for expr in expressions:
            if expr.node is None:
                continue
            if "suits" in source_names(expr.node):
                return {}  # the suits in deck order: not interchangeable
            texts.update(n.value for n in _walk(expr.node) if n.kind == "string")
            texts.update(v for k, v in self.params.items() if k in source_names(expr.node))
        colours = "color" in self.card_use.attributes
        groups: dict[tuple[Any, ...], list[str]] = {}
        for suit in rules.game.deck.suits:
            ranks = tuple(r for r, s in self.world.cards if s == suit.id)
            key = (ranks, suit.color if colours else None, suit.id if suit.id in texts else None)
            groups.setdefault(key, []).append(suit.id)
        return {suit: key for key, members in groups.items() if len(members) > 1 for suit in members}

    # -- variables

    def value(self, var: Var) -> Any:
        try:
            found = self.assign[var]
        except KeyError:
            raise _Need(var) from None
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
            if isinstance(values, str):
                raise _Unknown(values)
            return self.value(("decl", name))
        raise _Unknown(f"'{name}'")

    def rank_value(self) -> dict[str, int]:
        orders = self.world.rank_orders
        if not orders:
            raise _Unknown("the rank order")
        return orders[0] if len(orders) == 1 else orders[self.value(("order",))]

    def total(self, player: int) -> int:
        return self.value(("R", player))

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
                raise _Refine(wanted)
            found += self.value(("T", player, index))
        return found

    def last_winner(self) -> _Player:
        index = next(i for i, cls in enumerate(self.classes) if self.n in cls)
        if len(self.classes[index]) > 1:
            raise _Refine(frozenset({self.n}))
        winner = None
        for player in range(self.count):
            cell = ("T", player, index)
            if cell in self.assign:
                self.reads.add(cell)
                if self.assign[cell] == 1:
                    winner = self.players[player]
        if winner is None:
            raise _Need(("W", index))
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
            parts.append((attribute, None if specs is _FULL else self._resolve(specs)))
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
            if any(isinstance(self.declaration_values(name), str) for name in names):
                self.card_use.attributes[attribute] = _FULL
        found: dict[Var, None] = {}
        for specs in self.card_use.attributes.values():
            for spec in specs or ():
                if spec[0] == "trump":
                    found[("trump",)] = None
                elif spec[0] in ("decl", "cardattr"):
                    found[("decl", spec[1])] = None
        for name in sorted(self.card_use.identities):
            if not isinstance(self.declaration_values(name), str):
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

    # -- domains

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
            if isinstance(values, str):
                raise _Unknown(values)
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
        if self.card_use.attributes.get("suit", ()) is _FULL and any(v[0] == "C" for v in self.assign):
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
            raise _Unknown("too many ways to share the cards won")
        room = [sum(left[k + 1 :]) for k in range(len(left))]

        def fill(k: int, rest: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
            if k == len(left):
                if rest == 0:
                    yield prefix
                return
            for v in range(max(0, rest - room[k]), min(left[k], rest) + 1):
                yield from fill(k + 1, rest - v, (*prefix, v))

        return fill(0, wanted, ())

    def declaration_values(self, name: str) -> list[Any] | str:
        """The values a declaration can take, or why the model cannot list them."""
        known = self.declared.get(name)
        if known is None:
            try:
                known = self._declaration_values(name)
            except _Unknown as exc:
                known = str(exc)
            self.declared[name] = known
        return known

    def _declaration_values(self, name: str) -> list[Any]:
        step = self.choices[name]
        if step.who.type != T.PLAYER:
            raise _Unknown(f"'{name}' (chosen by several players)")
        candidates = self._candidates(step)
        count = step.count or 1
        if count > 1:
            if math.perm(len(candidates), count) > VALUES_LIMIT:
                raise _Unknown(f"too many values of '{name}'")
            values: list[Any] = [list(p) for p in itertools.permutations(candidates, count)]
        else:
            values = list(candidates)
        if step.optional:
            values.append(None)
        return values

    def _static(self, expr: Expression | None, extra: Iterable[str] = ()) -> bool:
        if expr is None or expr.node is None:
            return True
        allowed = _STATIC_NAMES | set(FUNCTIONS) - {"left_of", "right_of", "others"} | set(self.params) | set(extra)
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
                raise _Unknown(f"the values of '{step.name}'")
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
            self.unknown.setdefault(f"{self.current}: {expr.source}")
            return True
        try:
            return bool(test(expr(self.env)))
        except _Unknown as exc:
            self.unknown.setdefault(f"{self.current}: {exc}")
            return True
        except EvaluationError as exc:
            self.unknown.setdefault(f"{self.current}: {exc}")
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
            wanted = bid.tricks.in_force(self.count) if bid.tricks is not None else None
            if wanted is not None:
                if wanted.exactly is not None:
                    counted.append((bid, lambda v: declarer.tricks == v, wanted.exactly))
                if wanted.min is not None:
                    counted.append((bid, lambda v: declarer.tricks >= v, wanted.min))
                if wanted.max is not None:
                    counted.append((bid, lambda v: declarer.tricks <= v, wanted.max))
            if bid.requires is not None:
                node = bid.requires.node
                cost = 1 if node is not None and any(_is_card_list(n) for n in _walk(node)) else 0
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
        except _Need as need:
            var = need.var
        self.observed.add(_OBSERVED.get((var[0], var[1] == 0 if var[0] == "R" else None), str(var[0])))
        try:
            options, conflict = self.domain(var)
        except _Unknown as exc:
            self.unknown.setdefault(f"{self.current}: {exc}")
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
                shown[var[1]] = value if not isinstance(value, _Player) else repr(value)
            else:
                shown[kind] = value
        return shown


_OBSERVED = {("R", True): "count", ("R", False): "counts", ("T", None): "tricks", ("W", None): "tricks"}
_OBSERVED.update({("C", None): "cards", ("decl", None): "choices"})


# --- worlds, checks and caches ------------------------------------------------------------


_WORLDS: dict[int, tuple[M.RuleSet, dict[int, _World | None]]] = {}


def deal_sizes(rules: M.RuleSet) -> tuple[int, ...]:
    """How many players a deal of ``rules`` can have."""
    players = rules.game.players
    sizes = {min(n, players.in_deal) if players.in_deal else n for n in range(players.min, players.max + 1)}
    return tuple(sorted(sizes))


def _rank_orders(rules: M.RuleSet) -> tuple[dict[str, int], ...]:
    """Every rank order a combo can put in force; empty when there are too many ways to tell.

    The engine applies each ``rank_order`` of the combo in event order; bids at one priority
    may come in any order, so every order of every subset of such bids is tried.
    """
    bids = [b for b in rules.bids.values() if b.rank_order]
    if len(bids) > 4:
        return ()
    orders: dict[tuple[str, ...], None] = {}
    for size in range(len(bids) + 1):
        for chosen in itertools.permutations(bids, size):
            ranks = list(rules.game.deck.ranks)
            for bid in chosen:
                order = bid.rank_order
                assert order is not None
                ranks = [r for r in ranks if r not in order.lowest and r not in order.highest]
                ranks = [*order.lowest, *ranks, *order.highest]
            orders[tuple(ranks)] = None
    return tuple({rank: i + 1 for i, rank in enumerate(ranks)} for ranks in orders)


def _world(rules: M.RuleSet, player_count: int) -> _World | None:
    """The fixed facts for ``player_count`` players; None when the model does not cover the game."""
    entry = _WORLDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_WORLDS) > 32:
            _WORLDS.clear()
        entry = _WORLDS[id(rules)] = (rules, {})
    worlds = entry[1]
    if player_count not in worlds:
        worlds[player_count] = _make_world(rules, player_count)
    return worlds[player_count]


def _make_world(rules: M.RuleSet, player_count: int) -> _World | None:
    game = rules.game
    if game.deal.stock is not None or game.play.after_trick:
        return None  # hands refilled from a draw pile: the number of tricks is not the hand size
    try:
        hand_size = int(game.deal.hand_size({"player_count": player_count}))
    except Exception:  # a hand size the model cannot work out
        return None
    cards = game.deck.cards(player_count)
    if hand_size < 1 or player_count * hand_size + game.deal.set_aside > len(cards):
        return None
    suits = tuple(s.id for s in game.deck.suits)
    with_trump = game.play.trump is not None or any(b.trump is not None for b in rules.bids.values())
    trump_domain: tuple[str | None, ...] = (None, *suits) if with_trump else (None,)
    return _World(rules, player_count, hand_size, cards, trump_domain, _rank_orders(rules))


def _check(world: _World, bids: Sequence[M.Bid], adjustments: tuple[int, ...] | None = None) -> Verdict:
    ids = tuple(sorted(b.id for b in bids))
    key = (frozenset(ids), adjustments)
    cached = world.verdicts.get(key)
    if cached is not None:
        return cached
    natural = tuple(k for b in bids for k in b.tricks_adjust) or (0,)
    used = adjustments if adjustments is not None else natural
    numbers: set[frozenset[int]] = set()
    for bid in bids:
        numbers |= world.learned.get(bid.id, set())
    classes = _split([frozenset(range(1, world.tricks + 1))], numbers)
    while True:
        search = _Search(world, bids, used, classes, SEARCH_LIMIT)
        try:
            result, _ = search.search()
        except _Refine as refine:
            world.learned.setdefault(search.current, set()).add(refine.numbers)
            classes = _split(classes, [refine.numbers])
            continue
        except Exception as exc:  # a failure of the checker must never forbid a bid
            search.unknown.setdefault(f"{search.current}: the checker failed ({type(exc).__name__}: {exc})")
            result = None
        break
    adjusted = False
    if result is False and adjustments is None and used != (0,):
        adjusted = _check(world, bids, (0,)).possible is not False
    verdict = Verdict(
        bids=ids,
        player_count=world.player_count,
        possible=result,
        observed=frozenset(search.observed) if result is False else frozenset(),
        adjusted=adjusted,
        adjustments=used,
        unknown=tuple(search.unknown),
        evaluations=search.evaluations,
        witness=search.witness() if result else None,
    )
    world.verdicts[key] = verdict
    return verdict


def _split(classes: list[frozenset[int]], sets: Iterable[frozenset[int]]) -> list[frozenset[int]]:
    for numbers in sets:
        classes = [part for cls in classes for part in (cls & numbers, cls - numbers) if part]
    return sorted(classes, key=min)


def check(rules: M.RuleSet, bid_ids: Iterable[str], player_count: int) -> Verdict:
    """Whether the bids ``bid_ids`` (any of them, well formed as a combo or not) can be completed together.

    Only their requirement bids matter; with none, the answer is possible. Cached per rule set.
    """
    bids = requirement_bids(rules.bids[b] for b in dict.fromkeys(bid_ids))
    world = _world(rules, player_count)
    if world is None:
        return Verdict(tuple(sorted(b.id for b in bids)), player_count, None, unknown=("the game is not modelled",))
    return _check(world, bids)


# --- the auction --------------------------------------------------------------------------


def impossible_reason(rules: M.RuleSet, answer: Any, player_count: int | None = None) -> str | None:
    """Why the combo bid ``answer`` (standard + specials) can never be completed, or None.

    Proved for ``player_count`` players in the deal, or for every deal size the rules allow
    when None. Cached per rule set, set of requirement bids and number of players; a failure
    of the checker allows the bid.
    """
    ids = [answer.standard, *answer.specials]
    if any(b not in rules.bids for b in ids):
        return None
    sizes = (player_count,) if player_count else deal_sizes(rules)
    verdicts = [check(rules, ids, size) for size in sizes]
    if not verdicts or any(v.possible is not False for v in verdicts):
        return None
    core = [b for b in ids if b in verdicts[0].bids]
    for bid_id in list(core):  # name the smallest set that is impossible on its own
        smaller = [b for b in core if b != bid_id]
        if smaller and all(check(rules, smaller, size).possible is False for size in sizes):
            core = smaller
    verdict = check(rules, core, sizes[0])
    words = _english(rules)
    combo = " + ".join(words.bid_name(b) for b in core)
    return _label(words, "analyze_impossible", combo=combo, reason=reason(words, verdict))


_TEXTS: dict[int, tuple[M.RuleSet, Any]] = {}


def _english(rules: M.RuleSet) -> Any:
    entry = _TEXTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        from rulespec.locale import load_texts  # only for the auction's messages

        if len(_TEXTS) > 32:
            _TEXTS.clear()
        try:
            texts: Any = load_texts(rules, "en")
        except Exception:  # without texts the ids and built-in words are shown
            texts = None
        entry = _TEXTS[id(rules)] = (rules, texts)
    return entry[1] or _NoTexts()


class _NoTexts:
    def label(self, name: str, **values: Any) -> str:
        return "labels." + name

    def bid_name(self, bid_id: str) -> str:
        return bid_id

    def bid_text(self, bid_id: str, field_name: str = "rules") -> str:
        return f"bids.{bid_id}.{field_name}"


#: The English words, for texts that lack a label (a rule set read without the project's locales).
_ENGLISH = {
    "analyze_impossible": "{combo} can never be completed: {reason}",
    "analyze_reason_count": "no number of tricks for the declarer meets every requirement",
    "analyze_reason_counts": "no way to share the tricks among the players meets every requirement",
    "analyze_reason_tricks": "no choice of which tricks the declarer takes meets every requirement",
    "analyze_reason_cards": "no way to share the cards won meets every requirement",
    "analyze_reason_never": "its requirements can never all hold",
    "analyze_reason_choices": "whatever is chosen before the hand",
    "analyze_reason_adjusted": "with the declarer's trick count {changes}",
    "analyze_adjust_up": "{n} higher",
    "analyze_adjust_down": "{n} lower",
    "analyze_adjust_none": "unchanged",
    "analyze_and": "and",
}


def _label(texts: Any, name: str, **values: Any) -> str:
    text = texts.label(name, **values)
    if text == f"labels.{name}":
        return fill(_ENGLISH.get(name, name), values)
    return text


def reason(texts: Any, verdict: Verdict) -> str:
    """Why an impossible set of bids is impossible, in the words of ``texts`` (a :class:`rulespec.locale.Texts`)."""
    observed = verdict.observed
    for kind in ("cards", "tricks", "counts", "count"):
        if kind in observed:
            words = _label(texts, f"analyze_reason_{kind}")
            break
    else:
        words = _label(texts, "analyze_reason_never")
    if verdict.adjusted:
        changes = []
        for k in dict.fromkeys(verdict.adjustments):
            if k > 0:
                changes.append(_label(texts, "analyze_adjust_up", n=k))
            elif k < 0:
                changes.append(_label(texts, "analyze_adjust_down", n=-k))
            else:
                changes.append(_label(texts, "analyze_adjust_none"))
        joined = f" {_label(texts, 'analyze_and')} ".join(changes)
        words += " " + _label(texts, "analyze_reason_adjusted", changes=joined)
    if "choices" in observed:
        words += ", " + _label(texts, "analyze_reason_choices")
    return words


# --- the whole rule set -------------------------------------------------------------------


def analyze(rules: M.RuleSet, player_counts: Sequence[int] | None = None) -> Analysis:
    """Every minimal set of bids that a combo bid of ``rules`` may not hold because it can never be completed.

    Sets are made of one standard bid and special bids with requirements that may be combined
    (``incompatible``); a set is listed when it is impossible and none of its subsets is. A
    set of special bids that is impossible whatever the standard bid is listed once, without
    a standard bid. Bids without requirements never make a combo impossible and are left out.
    """
    started = time.perf_counter()
    auction = rules.game.auction
    sizes = tuple(player_counts) if player_counts else deal_sizes(rules)
    analysis = Analysis(rules.id, sizes, bool(auction and auction.forbid_impossible))
    if auction is None:
        analysis.note = "no_auction"
        return analysis
    worlds = {size: _world(rules, size) for size in sizes}
    if any(world is None for world in worlds.values()):
        analysis.note = "not_modelled"
        return analysis
    specials = requirement_bids(rules.special_bids) if auction.combo_special != "none" else []
    standards = list(rules.standard_bids)
    candidates: list[tuple[M.Bid | None, tuple[M.Bid, ...]]] = []
    for size in range(len(specials) + 1):
        for chosen in itertools.combinations(specials, size):
            if _compatible(chosen):
                if chosen:
                    candidates.append((None, chosen))
                candidates.extend((s, chosen) for s in standards if _compatible((s, *chosen)))
        if len(candidates) > SET_LIMIT:
            analysis.note = "incomplete"  # larger sets of special bids are not checked
            break
    candidates.sort(key=lambda c: (len(c[1]) + (c[0] is not None), c[0] is not None))
    found: dict[tuple[str | None, tuple[str, ...]], dict[int, Verdict]] = {}
    undecided: dict[tuple[str | None, tuple[str, ...]], dict[int, Verdict]] = {}
    impossible_sets: dict[int, list[frozenset[str]]] = {size: [] for size in sizes}
    unknown: dict[str, None] = {}
    checked: set[tuple[frozenset[str], int]] = set()
    for standard, chosen in candidates:
        ids = frozenset(b.id for b in chosen) | ({standard.id} if standard else set())
        key = (standard.id if standard else None, tuple(b.id for b in chosen))
        for size, world in worlds.items():
            assert world is not None
            if any(known <= ids for known in impossible_sets[size]):
                continue
            core = requirement_bids(([standard] if standard else []) + list(chosen))
            verdict = _check(world, core)
            checked.add((frozenset(verdict.bids), size))
            unknown.update(dict.fromkeys(verdict.unknown))
            if verdict.possible is False:
                impossible_sets[size].append(ids)
                found.setdefault(key, {})[size] = verdict
            elif verdict.possible is None:
                undecided.setdefault(key, {})[size] = verdict
    for (standard_id, special_ids), verdicts in found.items():
        first = next(iter(verdicts.values()))
        analysis.impossible.append(Finding(standard_id, special_ids, tuple(sorted(verdicts)), first))
    for (standard_id, special_ids), verdicts in undecided.items():
        first = next(iter(verdicts.values()))
        analysis.undecided.append(Finding(standard_id, special_ids, tuple(sorted(verdicts)), first))
    analysis.checked = len(checked)
    analysis.unknown = tuple(unknown)
    analysis.seconds = time.perf_counter() - started
    return analysis


def _compatible(bids: Sequence[M.Bid]) -> bool:
    return all(b.id not in a.incompatible_ids for i, a in enumerate(bids) for b in bids[i + 1 :])


__all__ = [
    "Analysis",
    "Finding",
    "Verdict",
    "analyze",
    "check",
    "deal_sizes",
    "impossible_reason",
    "reason",
    "requirement_bids",
    "table_feasible",
]
