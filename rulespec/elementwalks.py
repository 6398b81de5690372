"""Walks whose body reads nothing but the element: one loop, without a call per element.

The most frequent walks of the rules compare an attribute of the element with a constant or
with a name (``filter(players, player.start_score < bidding_floor)``, ``count(declarer.won,
card.suit == plague)``, ``all(others(player), player.score <= shame_score)``) or take an
attribute of it (``max(opponents, player.tricks)``). :func:`element_walk` runs those as one
loop that takes the attribute and compares it itself, instead of binding the element's name in
the environment and calling the body's closure for each element: the same values, the same
errors (a missing value, values that cannot be compared) and the same steps counted as
:func:`rulespec.evaluation._walk` gives, which runs every other walk, and these ones too when the
step budget left is too small for the whole collection (tests/test_element_walks.py compares
the two on every such walk of the bundled rule sets and on made-up ones).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from rulespec import types as T
from rulespec.compiled import _MISSING, _STEPS, MAX_WALK_STEPS, Env, EvaluationError, Fn

#: A name, or an attribute of a name: (name, attribute or None, the name's type).
Near = tuple[str, "str | None", "T.Type | None"]
#: ``left op right`` of near operands: (op, the compare function, left, right's constant or
#: ``_MISSING``, right or None when it is a constant).
Comparison = tuple[str, Callable[[Any, Any], Any], Near, Any, "Near | None"]
#: A walk over the collection's items that counts them once (as :func:`_walk` does when they fit).
Counted = Callable[[Env, Any], Any]


def element_walk(
    name: str,
    collection: Fn,
    size_of: Callable[[Sequence[Any]], int],
    counted: Counted,
    comparison: Comparison | None,
    path: tuple[str, tuple[tuple[str, T.Type], ...]] | None,
    *,
    find: bool,
    want: bool,
    values: bool,
) -> Fn | None:
    """The walk of ``collection(env)`` with the element named ``name``, or None when its body reads
    more than the element (then :func:`rulespec.evaluation._walk` makes it). ``size_of`` gives the
    number of items (refusing a collection too large to walk); ``comparison`` or ``path`` describe
    the body; ``counted`` walks the items one by one (too few steps left)."""
    if values:
        if path is None or path[0] != name or not path[1]:
            return None
        return _values_walk(collection, size_of, counted, path[1])
    if comparison is None:
        return None
    op, compare, (root, attr, owner), constant, right = comparison
    if root != name or (right is not None and right[0] == name):  # the element on the left only
        return None
    if right is None:
        return _compare_walk(collection, size_of, counted, op, compare, attr, owner, constant, None, find, want)
    return _compare_walk(collection, size_of, counted, op, compare, attr, owner, _MISSING, right, find, want)


def _missing(attr: str, owner: Any) -> EvaluationError:
    return EvaluationError(f"cannot take '{attr}' of a missing {owner}")


def _within_budget(
    collection: Fn, size_of: Callable[[Sequence[Any]], int], counted: Counted, loop: Callable[[Env, Any, int, int], Any]
) -> Fn:
    """The walk: ``loop(env, items, steps before, size)`` when the items fit in the budget left, else
    ``counted`` (one by one, so the budget runs out at the same element as it always did)."""

    def walk(env: Env) -> Any:
        items = collection(env)
        size = size_of(items)
        before = env.get(_STEPS, 0)
        if before + size > MAX_WALK_STEPS:
            return counted(env, items)
        return loop(env, items, before, size)

    return walk


def _values_walk(
    collection: Fn, size_of: Callable[[Sequence[Any]], int], counted: Counted, steps: tuple[tuple[str, T.Type], ...]
) -> Fn:
    def loop(env: Env, items: Any, before: int, size: int) -> Any:
        kept: list[Any] = []
        try:
            for item in items:
                value = item
                for attr, owner in steps:
                    if value is None:
                        raise _missing(attr, owner)
                    value = getattr(value, attr)
                kept.append(value)
            return kept
        finally:
            env[_STEPS] = before + size

    get = operator.attrgetter(".".join(attr for attr, _ in steps))

    def quick(env: Env, items: Any, before: int, size: int) -> Any:
        """``loop`` without a check per element (a missing value walks again with ``loop``, which refuses it)."""
        try:
            kept = [get(item) for item in items]
        except Exception:  # noqa: BLE001 (the careful walk gives the error)
            return loop(env, items, before, size)
        env[_STEPS] = before + size
        return kept

    return _within_budget(collection, size_of, counted, quick)


def _compare_walk(
    collection: Fn,
    size_of: Callable[[Sequence[Any]], int],
    counted: Counted,
    op: str,
    compare: Callable[[Any, Any], Any],
    attr: str | None,
    owner: Any,
    constant: Any,
    right: Near | None,
    find: bool,
    want: bool,
) -> Fn:
    """``element.attr op constant`` (or ``op name.attr``, the name's value taken at the first element,
    after the element's, as the body's closure takes them)."""
    root_b, attr_b, owner_b = right if right is not None else ("", None, None)

    def loop(env: Env, items: Any, before: int, size: int) -> Any:
        visited = size
        b = constant
        kept: list[Any] = []
        try:
            for visited, item in enumerate(items, 1):  # noqa: B007 (the count is kept: finally)
                a = item
                if attr is not None:
                    if a is None:
                        raise _missing(attr, owner)
                    a = getattr(a, attr)
                if b is _MISSING:  # right's value: the same for every element (the walk binds only its own name)
                    b = env[root_b]
                    if attr_b is not None:
                        if b is None:
                            raise _missing(attr_b, owner_b)
                        b = getattr(b, attr_b)
                try:
                    holds = bool(compare(a, b))
                except TypeError:
                    raise EvaluationError(f"cannot evaluate {a!r} {op} {b!r}") from None
                if find:
                    if holds is want:
                        return item
                elif holds:
                    kept.append(item)
            return _MISSING if find else kept
        finally:
            env[_STEPS] = before + (visited if find else size)  # a search counts what it looked at

    get = operator.attrgetter(attr) if attr is not None else None

    def quick(env: Env, items: Any, before: int, size: int) -> Any:
        """``loop`` without a check per element: any failure (a missing value, values that cannot be
        compared) walks again with ``loop``, which fails as and where it always did (walks change nothing)."""
        if not size:
            return loop(env, items, before, size)
        try:
            b = constant
            if b is _MISSING:
                b = env[root_b] if attr_b is None else getattr(env[root_b], attr_b)
            if find:
                for visited, item in enumerate(items, 1):
                    if bool(compare(get(item) if get is not None else item, b)) is want:
                        env[_STEPS] = before + visited
                        return item
                found: Any = _MISSING
            elif get is not None:
                found = [item for item in items if compare(get(item), b)]
            else:
                found = [item for item in items if compare(item, b)]
        except Exception:  # noqa: BLE001 (the careful walk gives the error)
            return loop(env, items, before, size)
        env[_STEPS] = before + size
        return found

    return _within_budget(collection, size_of, counted, quick)
