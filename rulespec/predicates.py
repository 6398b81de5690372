"""Walk bodies of comparisons joined by ``and``, ``or`` and ``not``, run without binding the element.

``any(plays, play.card.suit == plague and not (play.is_lead and play.player == declarer))`` is
walked by :func:`rulespec.evaluation._walk`, which binds ``play`` in the environment and calls the
body's closures for each element: a call for the ``and``, one for each comparison, one for each
chain of attributes. :func:`describe` reads such a body from its syntax tree (after it compiled:
its names and types are known good) as comparisons of attributes of the element with constants
and with names, under ``and``/``or``/``not``; :func:`predicate_walk` then runs the walk as one
comprehension over the elements with a small function of the element, the names' values taken
once before it.

Any failure on the way (a missing value, values that cannot be compared, a name not set) walks
again the general way, which fails as and where it always did: a walk changes nothing, so walking
twice gives the same value or error, and the steps counted are those of the general walk.
tests/test_element_walks.py compares the two.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulespec import types as T
from rulespec.compiled import _MISSING, _STEPS, MAX_WALK_STEPS, Env, Fn
from rulespec.expressions import Node
from rulespec.lookups import _SCALAR_COMPARE

#: A body described: ("cmp", compare, left, right), ("and"|"or", a, b), ("not", a), ("truth", leaf);
#: a leaf is ("element", "a.b" or ""), ("name", name, "a.b" or ""), ("const", value), or ("fact", "a.b" or "",
#: method): a fact of the deal's table (``card.is_trump``) of the element or its attribute.
Pred = tuple[Any, ...]
_OPS = _SCALAR_COMPARE  # (the comparisons of values that are no lists)
_SCALAR_CONSTANTS = (int, str)  # (bool is an int)
_TABLE = "_table"  # the environment's deal table, which answers the facts of TABLE_FACTS


def describe(node: Node, element: str, names: Mapping[str, T.Type], constants: Mapping[str, Any]) -> Pred | None:
    """The body ``node`` (walked with ``element`` bound) as a :data:`Pred`, or None when it is
    anything else (a call, arithmetic, a fact of the deal's table, a list, …)."""
    kind = node.kind
    if kind in ("and", "or") and len(node.children) == 2:
        a, b = (describe(child, element, names, constants) for child in node.children)
        return (kind, a, b) if a is not None and b is not None else None
    if kind == "not" and len(node.children) == 1:
        a = describe(node.children[0], element, names, constants)
        return ("not", a) if a is not None else None
    if kind == "compare" and str(node.value) in _OPS:
        left, right = (_leaf(child, element, names, constants) for child in node.children)
        if left is None or right is None:
            return None
        return ("cmp", _OPS[str(node.value)], left[0], right[0])
    leaf = _leaf(node, element, names, constants)
    return ("truth", leaf[0]) if leaf is not None and leaf[1] == T.BOOL else None


def _leaf(
    node: Node, element: str, names: Mapping[str, T.Type], constants: Mapping[str, Any]
) -> tuple[tuple[Any, ...], T.Type] | None:
    """A literal, a param, or a name with attributes taken in turn, with its type: None when it is
    anything else, or a list (compared item by item), or reads the deal's table or marks."""
    if node.kind in ("number", "string", "bool"):
        value = node.value
        return ("const", value), T.BOOL if isinstance(value, bool) else T.NUMBER if isinstance(value, int) else T.TEXT
    attributes: list[str] = []
    while node.kind == "attribute" and len(node.children) == 1:
        attributes.append(str(node.value))
        node = node.children[0]
    if node.kind != "name":
        return None
    root = str(node.value)
    if root not in names:
        value = constants.get(root, _MISSING)
        if attributes or not isinstance(value, _SCALAR_CONSTANTS):
            return None
        return ("const", value), T.BOOL if isinstance(value, bool) else T.NUMBER if isinstance(value, int) else T.TEXT
    t, fact = names[root], None
    for taken, attribute in enumerate(reversed(attributes), 1):
        if t in (T.MARKS, T.OPTIONS):
            return None
        if attribute in T.TABLE_FACTS.get(t, ()):
            if taken < len(attributes) or root != element:  # (only the element's last attribute)
                return None
            fact = f"{t.name}_{attribute}"  # the table's method (rulespec.lookups._table_fact_result)
        found = T.ATTRIBUTES.get(t, {}).get(attribute)
        if found is None:
            return None
        t = found
    if t == T.ANY or T.is_list(t):
        return None
    if fact is not None:
        return ("fact", ".".join(reversed(attributes[1:])), fact), t
    path = ".".join(reversed(attributes))
    return (("element", path) if root == element else ("name", root, path)), t


def _names_of(pred: Pred, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The names (with their attributes) ``pred`` reads other than the element, in order."""
    if pred[0] in ("and", "or"):
        _names_of(pred[1], found)
        _names_of(pred[2], found)
    elif pred[0] == "not":
        _names_of(pred[1], found)
    else:
        for leaf in pred[2:] if pred[0] == "cmp" else pred[1:]:
            read = (leaf[1], leaf[2]) if leaf[0] == "name" else (_TABLE, leaf[2]) if leaf[0] == "fact" else None
            if read is not None and read not in found:
                found.append(read)
    return found


Test = Callable[[Any, Sequence[Any]], Any]


def _test(pred: Pred, names: list[tuple[str, str]]) -> Test:
    """``pred`` as a function of the element and the values of ``names``."""
    kind = pred[0]
    if kind in ("and", "or"):
        a, b = _test(pred[1], names), _test(pred[2], names)
        if kind == "and":
            return lambda item, values: a(item, values) and b(item, values)
        return lambda item, values: a(item, values) or b(item, values)
    if kind == "not":
        inner = _test(pred[1], names)
        return lambda item, values: not inner(item, values)
    if kind == "truth":
        return _value(pred[1], names)
    _, compare, left, right = pred
    if left[0] == "element" and left[1] and right[0] in ("const", "name"):  # the most frequent: no call for the right
        get = operator.attrgetter(left[1])
        if right[0] == "const":
            constant = right[1]
            return lambda item, values: compare(get(item), constant)
        index = names.index((right[1], right[2]))
        return lambda item, values: compare(get(item), values[index])
    lf, rf = _value(left, names), _value(right, names)
    return lambda item, values: compare(lf(item, values), rf(item, values))


def _value(leaf: tuple[Any, ...], names: list[tuple[str, str]]) -> Test:
    if leaf[0] == "const":
        constant = leaf[1]
        return lambda item, values: constant
    if leaf[0] == "name":
        index = names.index((leaf[1], leaf[2]))
        return lambda item, values: values[index]
    if leaf[0] == "fact":  # the table's method (taken once as a name's value) of the element or its attribute
        index, get = names.index((_TABLE, leaf[2])), operator.attrgetter(leaf[1]) if leaf[1] else None

        def fact(item: Any, values: Sequence[Any]) -> Any:
            owner = item if get is None else get(item)
            if owner is None:  # (the closure refuses a missing card: the general way gives the error)
                raise LookupError(leaf)
            return values[index](owner)

        return fact
    if not leaf[1]:
        return lambda item, values: item
    get = operator.attrgetter(leaf[1])
    return lambda item, values: get(item)


#: The values of the names a test reads, taken from an environment: None when one is not set or
#: cannot be taken (the general way gives the error, if it reads it).
Reader = Callable[[Env], "list[Any] | None"]


def element_test(pred: Pred) -> tuple[Test, Reader]:
    """``pred`` as a function of the element and the values of the names it reads, with the
    function that takes those values from an environment."""
    reads = _names_of(pred, [])
    test = _test(pred, reads)
    getters = [(name, operator.attrgetter(path) if path else None) for name, path in reads]

    def read(env: Env) -> list[Any] | None:
        values = []
        for name, get in getters:
            value = env.get(name, _MISSING)  # (not env[name]: a mapping that works a value out is left to the walk)
            if value is _MISSING:
                return None
            if get is not None:
                try:
                    value = get(value)
                except Exception:  # noqa: BLE001 (a missing value)
                    return None
            values.append(value)
        return values

    return test, read


def predicate_walk(
    pred: Pred,
    collection: Fn,
    size_of: Callable[[Sequence[Any]], int],
    general: Fn,
    *,
    find: bool,
    want: bool,
) -> Fn:
    """The walk of ``collection(env)`` for ``pred`` (:func:`describe`): the elements for which it
    holds, or with ``find`` the first whose truth is ``want`` (``_MISSING``: none); ``general`` (the
    general walk) on any failure, or when the items do not fit in the step budget left."""
    test, read = element_test(pred)

    def walk(env: Env) -> Any:
        items = collection(env)
        size = size_of(items)
        before = env.get(_STEPS, 0)
        if not size or before + size > MAX_WALK_STEPS:
            return general(env)
        values = read(env)
        if values is None:
            return general(env)
        try:
            if find:
                for visited, item in enumerate(items, 1):
                    if bool(test(item, values)) is want:
                        env[_STEPS] = before + visited
                        return item
                found: Any = _MISSING
            else:
                found = [item for item in items if test(item, values)]
        except Exception:  # noqa: BLE001 (the general walk gives the error)
            return general(env)
        env[_STEPS] = before + size
        return found

    return walk
