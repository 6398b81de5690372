"""Kept values: a walk over values that cannot change is worked out once for those values.

``count(deck, card.rank == "2")`` gives the same number every time it is asked within a game,
and in every game of the rule set: the deck is the same cards, and a card's rank never changes.
The compiler (:meth:`rulespec.compiler._Compiler._call`) asks :func:`kept_walk` for each call of
a function that walks (``count``, ``any``, ``all``, ``first``, ``sum``, ``max``, ``min``) whose
free names all have types whose values cannot change (:func:`keyable`): numbers, texts, suits,
ranks, flags, directions, zones, and lists of those or of cards (a card's suit and rank are fixed;
what the deal says of a card — ``card.value``, ``card.holder`` — is read from the deal's table,
a name of its own, so a walk that reads it is never kept).

At run time a value is kept only when every name read holds a value that cannot change: a whole
number, a text, a flag, nothing, a range, or a *tuple* (a list may be changed in place, so a walk
over a list is always worked out). The values are the key: texts and numbers by equality, tuples
by identity (the kept entry holds them, so their identity is not reused while it lasts).
``filter`` gives a list a caller could change, so it is not kept.

What a kept value gives is what evaluating gives, the step budget included: the steps its walks
counted when it was worked out are counted again each time it is reused, and when they do not fit
in the budget left the evaluation is refused as the walk would have refused it
(:func:`rulespec.compiled.too_many_steps`). An evaluation that failed is not kept: it is worked out
(and fails) each time. tests/test_kept.py compares kept and evaluated values, errors and steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rulespec import types as T
from rulespec.compiled import _MISSING, _STEPS, MAX_WALK_STEPS, Env, Fn, too_many_steps

#: Kinds of values whose attributes the language can read and that never change.
_FIXED_TYPES = frozenset({T.NUMBER, T.BOOL, T.TEXT, T.SUIT, T.RANK, T.DIRECTION, T.ZONE})
#: Kinds of list elements that never change as the language reads them (a card: its suit and rank).
_FIXED_ELEMENTS = _FIXED_TYPES | {T.CARD}
#: Python values that cannot change (a tuple's elements are of a fixed kind: the compiler checked).
_BY_VALUE = frozenset({int, str, bool, type(None), Fraction, range})
#: The functions whose walks are kept (``filter`` gives a list, which a caller could change).
KEPT = frozenset({"count", "any", "all", "first", "sum", "max", "min"})
#: Most values kept for one walk (a walk keyed by a suit or a rank keeps one per suit or rank).
MAX_KEPT = 256


def keyable(t: T.Type) -> bool:
    """Whether values of type ``t`` never change as expressions read them (so may key a kept value)."""
    if T.is_list(t):
        return T.element_of(t) in _FIXED_ELEMENTS
    return t in _FIXED_TYPES


def kept_walk(fn: Fn, free: Iterable[str], types: Mapping[str, T.Type]) -> Fn:
    """``fn`` (a walk reading only the names ``free``, of ``types``), its value kept for each set of
    their values that cannot change (see the module's docstring); ``fn`` itself when one of them
    has a type whose values may change."""
    if not all(name in types and keyable(types[name]) for name in free):
        return fn
    names = tuple(sorted(free))
    kept: dict[tuple[Any, ...], tuple[tuple[Any, ...], Any, int]] = {}
    by_value = _BY_VALUE

    def keep(env: Env) -> Any:
        # (.get: a name not set, or one a mapping works out only when read, is left to the walk)
        values = tuple([env.get(name, _MISSING) for name in names])
        key: list[Any] = []
        for value in values:
            kind = type(value)
            if kind is tuple:
                key.append(id(value))  # (the entry holds the tuple: its id is not reused meanwhile)
            elif kind is str:
                key.append(value)
            elif kind in by_value:
                key.append((kind, value))  # (1 and True are equal keys: told apart by their kind)
            else:  # a list, or anything else that may change (or a name not set): worked out
                return fn(env)
        entry = kept.get(tuple(key))
        if entry is None:
            before = env.get(_STEPS, 0)
            result = fn(env)  # (an error is raised before anything is kept)
            if len(kept) >= MAX_KEPT:
                kept.clear()
            kept[tuple(key)] = (values, result, env.get(_STEPS, 0) - before)
            return result
        _, result, steps = entry
        total = env.get(_STEPS, 0) + steps  # counted as if walked again
        if total > MAX_WALK_STEPS:  # refused as a walk refuses it: at the full budget
            env[_STEPS] = MAX_WALK_STEPS
            raise too_many_steps()
        env[_STEPS] = total
        return result

    return keep
