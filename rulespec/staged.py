"""A condition ``a and b and …`` asked of many items, operand by operand instead of item by item.

A play rule such as ``player == declarer and card.suit == plague and not any(plays, …)`` is asked
of every card of a hand (:meth:`rulespec.compiled.Expression.each`). Asked card by card, each card
costs a call of every closure of the comparisons it reaches. Asked in stages, the operands are taken
in order: one that does not read the card is evaluated once (when some card is still in the running:
exactly when asking card by card would evaluate it), and a run of operands that read it and are
comparisons of its attributes (:func:`rulespec.predicates.describe`) is one comprehension over the
cards still in the running, the other names' values taken once.

Whatever fails on the way (a value missing or not comparable, an error of an operand, the step
budget) returns None or raises, and the caller asks card by card again, which fails as and where it
always did: evaluating changes nothing, so asking twice gives the same values and errors. The budget
cannot refuse in stages what it lets through card by card: a card's own operands walk nothing here,
and the steps of the card-free operands, counted once together, are at least those any card counts.
tests/test_each.py compares the two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulespec import types as T
from rulespec.compiled import Env, Fn
from rulespec.expressions import Node
from rulespec.predicates import Pred, Reader, Test, describe, element_test

#: A stage: a card-free operand's closure (and no test), or a test of the item with its names' reader.
Stage = tuple[Fn | None, Test | None, Reader | None]


def operands(node: Node | None) -> list[Node]:
    """The operands of ``a and b and …`` in order (nested ``and`` flattened), as the compiler
    lists them (``Expression.conjuncts``); ``[node]`` for anything else."""
    if node is None:
        return []
    if node.kind == "and" and len(node.children) == 2:
        return operands(node.children[0]) + operands(node.children[1])
    return [node]


def plain(nodes: Sequence[Node], types: Mapping[str, T.Type], constants: Mapping[str, Any]) -> bool:
    """Whether each of ``nodes`` is comparisons of names and constants (so walks nothing)."""
    return all(describe(node, "", types, constants) is not None for node in nodes)


Each = Callable[[Env, Sequence[Any]], "list[bool] | None"]


def staged(
    node: Node | None,
    conjuncts: Sequence[tuple[Fn, frozenset[str]]],
    name: str,
    types: Mapping[str, T.Type],
    constants: Mapping[str, Any],
) -> Each | None:
    """A condition of ``conjuncts`` (parsed as ``node``) asked for each value of ``name`` in stages
    (:func:`staged_each`); None when an operand that reads ``name`` is no comparison :func:`describe` knows."""
    nodes = operands(node)
    if not conjuncts or len(nodes) != len(conjuncts):
        return None
    made: list[Stage] = []
    run: Pred | None = None  # the comparisons read since the last card-free operand, joined by `and`
    for part, (fn, reads) in zip(nodes, conjuncts, strict=True):
        if name not in reads:
            if run is not None:
                made.append((None, *element_test(run)))
                run = None
            made.append((fn, None, None))
            continue
        pred = describe(part, name, types, constants)
        if pred is None:
            return None
        run = pred if run is None else ("and", run, pred)
    if run is not None:
        made.append((None, *element_test(run)))
    return lambda env, items: staged_each(made, env, items)


def staged_each(made: Sequence[Stage], env: Env, items: Sequence[Any]) -> list[bool] | None:
    """Whether the condition of stages ``made`` holds for each of ``items`` (the caller binds no
    item); None, or an exception, when it must be asked item by item."""
    alive = list(range(len(items)))  # the indexes of the items for which every operand so far holds
    for fn, test, read in made:
        if not alive:
            break
        if fn is not None:
            if not fn(env):
                alive = []
        elif test is not None and read is not None:
            values = read(env)
            if values is None:
                return None
            alive = [index for index in alive if test(items[index], values)]
    holds = [False] * len(items)
    for index in alive:
        holds[index] = True
    return holds
