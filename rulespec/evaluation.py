"""What compiled expressions run: the closures' helpers (arithmetic, comparison, walks with bounds).

Every helper refuses what a rule file could make costly or undefined (a walk over a huge
range, a number too large, a division by zero) with an :class:`EvaluationError`. Also the
:class:`_Result` a compile step gives (a closure, its type and what is known of its value).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulespec import types as T
from rulespec.compiled import _MISSING, _STEPS, MAX_ITERATION, MAX_WALK_STEPS, Env, EvaluationError, Fn, too_many_steps
from rulespec.numbers import MAX_NUMBER, out_of_range

# ---------------------------------------------------------------------------------------
# runtime helpers (called by the closures)


def _size(value: Sequence[Any]) -> int:
    """The number of items, also for a range too large for ``len``."""
    if isinstance(value, range):
        return max(0, value.stop - value.start)  # ranges of the language have step 1
    return len(value)


def _iterable(value: Sequence[Any], offset: int) -> Sequence[Any]:
    _walkable_size(value)
    return value


def _walkable_size(value: Sequence[Any]) -> int:
    """The number of items of a collection a walk may take (a larger one is refused)."""
    size = len(value) if type(value) is not range else max(0, value.stop - value.start)
    if size > MAX_ITERATION:
        raise EvaluationError(f"collection of {size} items is too large to walk (limit {MAX_ITERATION})")
    return size


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EvaluationError(f"{what} must be a whole number, not {value}")
    return value


def _range(low: Any, high: Any) -> range:
    return range(_whole(low, "the start of a range"), _whole(high, "the end of a range") + 1)


def _contains(collection: Any, item: Any) -> bool:
    if isinstance(collection, range):  # by arithmetic: ``x in 1..10**20`` must not walk the range
        if isinstance(item, bool) or not isinstance(item, int | Fraction) or item != int(item):
            return False
        return int(item) in collection
    if not isinstance(item, list | tuple | range):
        return item in collection
    return any(_equal(item, element) for element in _iterable(collection, 0))


def _equal(a: Any, b: Any) -> bool:
    """``==`` of the language: lists compare by their items (a range equals the list of its numbers)."""
    sequences = (list, tuple, range)
    if isinstance(a, sequences) and isinstance(b, sequences):
        if isinstance(a, range) and isinstance(b, range):
            return a == b
        if _size(a) != _size(b):
            return False
        return all(_equal(x, y) for x, y in zip(_iterable(a, 0), _iterable(b, 0), strict=True))
    return bool(a == b)


def _present(value: Any, t: T.Type, wanted: str) -> Any:
    """``value``, which must not be missing (e.g. the holder of a card nobody holds)."""
    if value is None:
        raise EvaluationError(f"cannot take '{wanted}' of a missing {t}")
    return value


def _normalize(number: Any) -> Any:
    if isinstance(number, Fraction) and number.denominator == 1:
        return int(number)
    return number


def _divide(a: Any, b: Any) -> Any:
    if b == 0:
        raise EvaluationError("division by zero")
    return _normalize(Fraction(a) / Fraction(b))


def _modulo(a: Any, b: Any) -> Any:
    if b == 0:
        raise EvaluationError("modulo by zero")
    return _normalize(a % b)


def _checked(op: str, function: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``function`` with a run-time type error (e.g. a missing value) turned into an :class:`EvaluationError`."""

    def run(a: Any, b: Any) -> Any:
        try:
            return function(a, b)
        except TypeError:
            raise EvaluationError(f"cannot evaluate {a!r} {op} {b!r}") from None

    return run


def _bounded(op: str, function: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Arithmetic whose result stays within :data:`rulespec.numbers.MAX_NUMBER`."""

    def run(a: Any, b: Any) -> Any:
        result = function(a, b)
        problem = out_of_range(result)
        if problem is not None:
            raise EvaluationError(f"{problem}: {op} gives too large a number")
        return result

    return run


_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: _normalize(a + b),
    "-": lambda a, b: _normalize(a - b),
    "*": lambda a, b: _normalize(a * b),
    "/": _divide,
    "%": _modulo,
}

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": _equal,
    "!=": lambda a, b: not _equal(a, b),
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_ARITH = {op: _bounded(op, _checked(op, f)) for op, f in _ARITH.items()}


def _whole_fast(op: str, function: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``op`` of :data:`_ARITH` with its most frequent case first: a whole result within the bound
    (scores, trick counts) is given at once; anything else (a fraction, a number out of range, a
    missing value) goes the general way, with its errors."""
    general = _ARITH[op]

    def run(a: Any, b: Any) -> Any:
        if type(a) is int and type(b) is int:
            result = function(a, b)
            if -MAX_NUMBER <= result <= MAX_NUMBER:
                return result
        return general(a, b)

    return run


_ARITH.update({op: _whole_fast(op, f) for op, f in (("+", operator.add), ("-", operator.sub), ("*", operator.mul))})
_COMPARE = {op: _checked(op, f) for op, f in _COMPARE.items()}


def _is_scalar(t: T.Type) -> bool:
    """Whether values of ``t`` are never lists (so ``==`` needs no item-by-item walk)."""
    return t != T.ANY and not T.is_list(t)


def _step(env: Env) -> None:
    """Count one walked item against the evaluation's budget (nested walks share it)."""
    steps = env.get(_STEPS, 0) + 1
    if steps > MAX_WALK_STEPS:
        raise too_many_steps()
    env[_STEPS] = steps


def _search(name: str, collection: Fn, body: _Result, want: bool) -> Fn:
    """The first element for which ``body`` (with ``name`` bound to it) is ``want``, else ``_MISSING``.

    One loop for ``any``, ``all`` and ``first``: it stops at the element found, as they do.
    """
    return _walk(name, collection, body, find=True, want=want, values=False)


def _collect(name: str, collection: Fn, body: _Result, values: bool) -> Fn:
    """Walk all of ``collection`` with ``name`` bound to each element in turn.

    Gives the elements for which ``body`` holds (``filter``, ``count``), or with ``values`` the
    values of ``body`` (``sum``, ``max``, ``min``).
    """
    return _walk(name, collection, body, find=False, want=True, values=values)


def _walk(name: str, collection: Fn, body: _Result, *, find: bool, want: bool, values: bool) -> Fn:
    """The one walk of a collection with ``name`` bound to each element (restored afterwards), each
    element counted against the evaluation's step budget. ``find``: stop at the first element whose
    ``body`` is ``want`` and give it (``_MISSING``: none); else give the list of the elements whose
    ``body`` holds, or with ``values`` of the values of ``body``. Plain loops rather than
    generators, as these walks run for every card and bid checked.

    A body that walks nothing itself cannot spend the budget: when the whole collection fits in
    what is left of it, the elements are counted once for the walk instead of one by one (the
    same count, and no error possible); else, or when the body walks, each element is counted as
    it comes, so the budget runs out at the same element as it always did."""
    from rulespec.elementwalks import element_walk  # (they need this module's helpers)
    from rulespec.predicates import predicate_walk

    fn = body.fn
    counted = _counted_walk(name, fn, find=find, want=want, values=values)
    if body.walks:
        return lambda env: counted(env, _iterable(collection(env), 0))
    quick = element_walk(
        name, collection, _walkable_size, counted, body.comparison, body.path, find=find, want=want, values=values
    )
    if quick is not None:  # a body that reads only the element: one loop, no call per element
        return quick

    boolean = body.boolean  # (True or False itself: no bool() around it)

    def walk(env: Env) -> Any:
        items = collection(env)
        visited = _walkable_size(items)
        steps = env.get(_STEPS, 0)
        if steps + visited > MAX_WALK_STEPS:
            return counted(env, items)
        saved = env.get(name, _MISSING)
        try:
            if find:
                for visited, item in enumerate(items, 1):  # noqa: B007 (the count is kept: finally)
                    env[name] = item
                    if (fn(env) if boolean else bool(fn(env))) is want:
                        return item
                return _MISSING
            kept: list[Any] = []
            for item in items:
                env[name] = item
                value = fn(env)
                if values:
                    kept.append(value)
                elif value:
                    kept.append(item)
            return kept
        finally:
            env[_STEPS] = steps + visited
            if saved is _MISSING:
                env.pop(name, None)
            else:
                env[name] = saved

    if body.predicate is not None and not values:  # comparisons under and/or/not: without binding the element
        return predicate_walk(body.predicate, collection, _walkable_size, walk, find=find, want=want)
    return walk


def _counted_walk(name: str, body: Fn, *, find: bool, want: bool, values: bool) -> Callable[[Env, Any], Any]:
    """:func:`_walk` over ``items``, each element counted against the budget as it comes."""

    def walk(env: Env, items: Any) -> Any:
        saved = env.get(name, _MISSING)
        kept: list[Any] = []
        try:
            for item in items:
                steps = env.get(_STEPS, 0) + 1  # _step inlined: the hottest loop of the rules
                if steps > MAX_WALK_STEPS:
                    _step(env)
                env[_STEPS] = steps
                env[name] = item
                value = body(env)
                if find:
                    if bool(value) is want:
                        return item
                elif values:
                    kept.append(value)
                elif value:
                    kept.append(item)
            return _MISSING if find else kept
        finally:
            if saved is _MISSING:
                env.pop(name, None)
            else:
                env[name] = saved

    return walk


Conjuncts = tuple[tuple[Fn, frozenset[str]], ...]
# A name and the attributes taken of it in turn, each with the type it is taken of.
Path = tuple[str, tuple[tuple[str, T.Type], ...]]
Literals = tuple[tuple[str, int], ...]  # string literals, each with the offset of its first character


@dataclass
class _Result:
    fn: Fn
    type: T.Type
    constant: Any = _MISSING
    strings: Literals | None = None  # a text that is one of these string literals (may stand for a suit, …)
    literals: Literals | None = None  # a list literal of strings
    values: tuple[Any, ...] | None = None  # the values a conditional of constants can give
    conjuncts: Conjuncts | None = None  # of `a and b and …`: each operand with the names it reads
    path: Path | None = None  # a name or a chain of attributes of one (``play.card.suit``)
    walks: bool = True  # of a predicate's body: whether it walks a collection itself (may spend the budget)
    boolean: bool = False  # whether ``fn`` gives True or False itself (no bool(…) needed around it)
    comparison: Any = None  # of a comparison of near operands: what rulespec.elementwalks needs of it
    predicate: Any = None  # of a predicate's body of comparisons, and, or, not: rulespec.predicates.describe


def _const(value: Any, t: T.Type) -> _Result:
    return _Result(lambda env: value, t, value, values=(value,))


def _union(a: tuple[Any, ...] | None, b: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    if a is None or b is None:
        return None
    return tuple(dict.fromkeys((*a, *b)))


#: The types the engine takes players of (one, or a list).
PLAYERS = (T.PLAYER, T.list_of(T.PLAYER))


def players_present(fn: Fn, expected: T.Type) -> Fn:
    """Where the engine needs a player (who leads, chooses, takes): a missing one — the holder of a
    card nobody holds — stops the game at the expression; in a list of players it is nobody."""
    if expected == T.PLAYER:

        def one(env: Env) -> Any:
            value = fn(env)
            if value is None:
                raise EvaluationError("this names a missing player (e.g. the holder of a card nobody holds)")
            return value

        return one
    return lambda env: [p for p in fn(env) if p is not None]
