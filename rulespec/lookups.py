"""Closures that look values up: names, attributes of them, the table's facts, and comparisons of
those (the most frequent closures of all: they run for every card and bid checked).

A chain of attributes of a name (``play.card.suit``) is one closure that takes each in turn, and
a comparison of such operands (``card.suit == plague``, ``bid.worth > lead.worth``) looks them up
itself: one call instead of one per dot and operand. Each refuses a missing value as
:mod:`rulespec.evaluation` does (``cannot take 'suit' of a missing card``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from rulespec import types as T
from rulespec.compiled import _MISSING, Env, EvaluationError, Fn
from rulespec.elementwalks import Comparison
from rulespec.evaluation import _present, _Result

_SCALAR_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _scalar_compare(op: str, left: _Result, right: _Result) -> Fn:
    """``left op right`` for values that are no lists, with a missing value reported for people.

    The most frequent comparisons are of a name or an attribute of one with a constant or with
    another such (``card.suit == plague``, ``bid.worth > lead.worth``, ``player == declarer``):
    those look their operands up themselves, without a call for each.
    """
    compare = _SCALAR_COMPARE[op]
    lf, rf, constant = left.fn, right.fn, right.constant

    def failed(a: Any, b: Any) -> EvaluationError:
        return EvaluationError(f"cannot evaluate {a!r} {op} {b!r}")

    near = _near(left)
    if near is not None and (constant is not _MISSING or _near(right) is not None):
        root, attr, owner = near
        if constant is not _MISSING:

            def with_constant(env: Env) -> bool:
                a = env[root]
                if attr is not None:
                    if a is None:
                        raise EvaluationError(f"cannot take '{attr}' of a missing {owner}")
                    a = getattr(a, attr)
                try:
                    return bool(compare(a, constant))
                except TypeError:
                    raise failed(a, constant) from None

            return with_constant
        other = _near(right)
        assert other is not None
        root_b, attr_b, owner_b = other

        def of_two(env: Env) -> bool:
            a, b = env[root], env[root_b]
            if attr is not None:
                if a is None:
                    raise EvaluationError(f"cannot take '{attr}' of a missing {owner}")
                a = getattr(a, attr)
            if attr_b is not None:
                if b is None:
                    raise EvaluationError(f"cannot take '{attr_b}' of a missing {owner_b}")
                b = getattr(b, attr_b)
            try:
                return bool(compare(a, b))
            except TypeError:
                raise failed(a, b) from None

        return of_two

    def scalar(env: Env) -> bool:
        a = lf(env)
        b = constant if constant is not _MISSING else rf(env)
        try:
            return bool(compare(a, b))
        except TypeError:
            raise failed(a, b) from None

    return scalar


def _comparison(op: str, left: _Result, right: _Result) -> Comparison | None:
    """``left op right`` described for a walk that compares its elements itself (:mod:`rulespec.elementwalks`):
    when the left is a name or an attribute of one, and the right a constant or such a name."""
    near = _near(left)
    if near is None:
        return None
    if right.constant is not _MISSING:
        return op, _SCALAR_COMPARE[op], near, right.constant, None
    other = _near(right)
    return (op, _SCALAR_COMPARE[op], near, _MISSING, other) if other is not None else None


def _near(result: _Result) -> tuple[str, str | None, T.Type | None] | None:
    """A name, or an attribute of a name: (name, attribute or None, the name's type)."""
    path = result.path
    if path is None or len(path[1]) > 1:
        return None
    if not path[1]:
        return path[0], None, None
    ((attr, owner),) = path[1]
    return path[0], attr, owner


def _name_result(name: str, t: T.Type) -> _Result:
    """The value of ``name`` in the environment."""
    return _Result(operator.itemgetter(name), t, path=(name, ()))


def _attribute_result(obj: _Result, name: str, t: T.Type) -> _Result:
    """``obj.name`` (``obj`` must not be missing). A chain of attributes of a name (``play.card.suit``)
    is one closure that looks each up in turn: these are the most frequent closures of all, run for
    every card and bid checked, and one call instead of one per dot is a third of their cost."""
    owner = obj.type
    if obj.path is not None:
        path = (obj.path[0], (*obj.path[1], (name, owner)))
        return _Result(_path_fn(*path), t, path=path)
    f = obj.fn

    def attribute(env: Env) -> Any:
        value = f(env)
        if value is None:
            raise EvaluationError(f"cannot take '{name}' of a missing {owner}")
        return getattr(value, name)

    return _Result(attribute, t)


def _table_fact_result(obj: _Result, name: str, t: T.Type) -> _Result:
    """``obj.name`` for a fact the deal's table answers (``card.is_trump``: ``_table.card_is_trump(card)``)."""
    owner = obj.type
    method = f"{owner.name}_{name}"
    if obj.path is not None and not obj.path[1]:  # of a name: one closure (``card.value`` is asked per card)
        root = obj.path[0]

        def fact_of_name(env: Env) -> Any:
            value = env[root]
            if value is None:
                raise EvaluationError(f"cannot take '{name}' of a missing {owner}")
            return getattr(env["_table"], method)(value)

        return _Result(fact_of_name, t)
    f, fact = obj.fn, operator.attrgetter(method)
    return _Result(lambda env: fact(env["_table"])(_present(f(env), owner, name)), t)


def _path_fn(root: str, steps: tuple[tuple[str, T.Type], ...]) -> Fn:
    """``root.a.b…``: each attribute taken of a value that must not be missing (``None``)."""
    if len(steps) == 1:
        ((a, of_a),) = steps

        def one(env: Env) -> Any:
            value = env[root]
            if value is None:
                raise EvaluationError(f"cannot take '{a}' of a missing {of_a}")
            return getattr(value, a)

        return one
    if len(steps) == 2:
        (a, of_a), (b, of_b) = steps

        def two(env: Env) -> Any:
            value = env[root]
            if value is None:
                raise EvaluationError(f"cannot take '{a}' of a missing {of_a}")
            value = getattr(value, a)
            if value is None:
                raise EvaluationError(f"cannot take '{b}' of a missing {of_b}")
            return getattr(value, b)

        return two

    def chain(env: Env) -> Any:
        value = env[root]
        for name, owner in steps:
            if value is None:
                raise EvaluationError(f"cannot take '{name}' of a missing {owner}")
            value = getattr(value, name)
        return value

    return chain
