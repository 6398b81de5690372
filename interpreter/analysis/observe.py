"""What a combo's requirements observe of cards: the attributes and values they compare."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from interpreter.analysis.results import BOUND_NAMES, CARD_ATTRIBUTES, CARD_LISTS, FULL, Var
from interpreter.scoring import trick_bound_expressions
from rulespec import model as M
from rulespec.compiler import Expression
from rulespec.expressions import Node
from rulespec.hooks import CAN_FAIL_FIELDS

# --- what requirements observe of cards ---------------------------------------------------


def requirement_bids(bids: Iterable[M.Bid]) -> list[M.Bid]:
    """The bids that can make a combo impossible: those filling a hook point that can make it fail
    (:data:`rulespec.hooks.CAN_FAIL_FIELDS`: ``tricks``, ``requires``, ``tricks_adjust``)."""
    return [b for b in bids if any(getattr(b, name) not in (None, ()) for name in CAN_FAIL_FIELDS)]


def requirement_expressions(bid: M.Bid) -> list[Expression]:
    found = [bid.requires] if bid.requires is not None else []
    if bid.tricks is not None:
        found += trick_bound_expressions(bid.tricks)
    return found


def bid_choices(bid: M.Bid) -> dict[str, M.Choose]:
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


def walk_nodes(root: Node) -> Iterator[Node]:
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
        if name in BOUND_NAMES:
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
        is_card = owner in choices and owner not in BOUND_NAMES and choices[owner].what == "card"
        if is_card and node.value in ("suit", "rank", "color"):
            return [("cardattr", owner, str(node.value))]
    return None


def is_card_list(node: Node) -> bool:
    if node.kind == "attribute":
        return str(node.value) in CARD_LISTS
    if node.kind == "name":
        return node.value == "deck"
    if node.kind == "call" and node.children[0].kind == "name" and node.children[0].value == "filter":
        return len(node.children) > 1 and is_card_list(node.children[1])
    return False


@dataclass
class CardUse:
    """How a requirement looks at cards: attribute → partner specs (``FULL``: every value), declared cards."""

    attributes: dict[str, list[Var] | None] = field(default_factory=dict)
    identities: set[str] = field(default_factory=set)

    def add(self, attribute: str, specs: list[Var] | None) -> None:
        if attribute in self.attributes and self.attributes[attribute] is FULL:
            return
        if specs is FULL:
            self.attributes[attribute] = FULL
        else:
            self.attributes[attribute] = [*(self.attributes.get(attribute) or []), *specs]

    def merge(self, other: CardUse) -> None:
        for attribute, specs in other.attributes.items():
            self.add(attribute, specs)
        self.identities |= other.identities


def observed_card_use(expr: Expression, params: Mapping[str, Any], choices: Mapping[str, M.Choose]) -> CardUse | None:
    """What ``expr`` observes of cards; None when it compares lists of cards (their order is not modelled)."""
    use = CardUse()
    if expr.node is None:
        return use
    parents = _parents(expr.node)
    for node in walk_nodes(expr.node):
        if node.kind == "compare" and node.value in ("==", "!=") and any(is_card_list(c) for c in node.children):
            return None
        if node.kind == "name" and str(node.value) in choices and choices[str(node.value)].what == "card":
            use.identities.add(str(node.value))
        if node.kind != "attribute" or str(node.value) not in CARD_ATTRIBUTES:
            continue
        name = str(node.value)
        if name in ("holder", "zone"):
            continue
        if name == "value":
            use.add("rank", FULL)
            continue
        if name == "is_trump":
            use.add("suit", [("trump",)])
            continue
        parent = parents.get(id(node))
        specs: list[Var] | None = FULL
        if parent is not None and parent.kind == "compare" and parent.value in ("==", "!="):
            other = parent.children[1] if parent.children[0] is node else parent.children[0]
            specs = _partner(other, params, choices)
        elif parent is not None and parent.kind == "in" and parent.children[0] is node:
            specs = _partner(parent.children[1], params, choices)
        use.add(name, specs)
    return use
