"""Type checking and compilation of expressions to Python closures.

An expression is parsed once (:mod:`rulespec.expressions`), checked against a :class:`Scope`
(which names exist there and their types, see :mod:`rulespec.types`), and compiled to a
closure ``fn(env) -> value`` where ``env`` is a dict of the scope's runtime values. No text
from a rule file is ever passed to ``eval``/``exec``: the closures are built from the checked
syntax tree. Unknown names, wrong argument counts and type mismatches are reported at load
time with the character offset of the culprit.

Runtime values: numbers are ``int`` (``/`` gives an exact ``Fraction``), suits, ranks,
bid ids and directions are ``str``, lists are sequences, game objects are whatever the
interpreter passes that has the attributes of :data:`rulespec.types.ATTRIBUTES`, except the
facts of :data:`rulespec.types.TABLE_FACTS`, which the environment's ``_table`` answers
(``card.value`` is ``env["_table"].card_value(card)``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulespec import types as T
from rulespec.errors import ExpressionError, Position, RuleError, did_you_mean
from rulespec.expressions import ExpressionSyntaxError, Node, name_path, parse
from rulespec.numbers import out_of_range

Env = dict[str, Any]
Fn = Callable[[Env], Any]

#: Largest collection a predicate function may walk (``count(1..10**9, …)`` is refused).
MAX_ITERATION = 10_000
#: Most elements the walks of one evaluation may visit together (nested walks multiply).
MAX_WALK_STEPS = 200_000
_STEPS = "_walk_steps"  # the env key counting them during one evaluation


class CompileError(ExpressionError):
    """A load-time error at character ``offset`` of an expression."""

    def __init__(self, message: str, offset: int, hint: str | None = None, param: str | None = None) -> None:
        super().__init__(message, offset, hint)
        self.param = param  # the param whose value has the wrong type: the mistake is where it is defined


class EvaluationError(RuleError):
    """A run-time failure of a well-typed expression (e.g. division by zero).

    Raised without a position by the closures; :meth:`Expression.__call__` adds the place of
    the expression in its rule file, and the engine adds when it happened (:meth:`during`).
    """

    def located(self, origin: Origin) -> EvaluationError:
        """This error at ``origin`` (the expression's place in its rule file)."""
        return EvaluationError(self.message, origin.position, self.hint, origin.source_line)

    def during(self, when: str) -> EvaluationError:
        """This error, saying when it happened (``deal 3, decision 41``); once."""
        if "(during " in self.message:
            return self
        return EvaluationError(f"{self.message} (during {when})", self.position, self.hint, self.source_line)


@dataclass(frozen=True)
class Origin:
    """Where an expression is written: for locating its run-time errors."""

    position: Position
    source_line: str | None = None


@dataclass(frozen=True)
class Vocabulary:
    """What a rule set declares that expressions may name: suits, ranks, bids, marks, options."""

    suits: frozenset[str] = frozenset()
    ranks: frozenset[str] = frozenset()
    bids: frozenset[str] = frozenset()
    marks: frozenset[str] = frozenset()
    options: Mapping[str, T.Type] = field(default_factory=dict)
    directions: frozenset[str] = frozenset({"left", "right"})
    zones: frozenset[str] = frozenset()

    def domain(self, t: T.Type) -> frozenset[str] | None:
        return {
            T.SUIT: self.suits,
            T.RANK: self.ranks,
            T.BID: self.bids,
            T.DIRECTION: self.directions,
            T.ZONE: self.zones | {""},
        }.get(t)


@dataclass(frozen=True)
class Scope:
    """The names an expression may use at one place in a rule file, with their types."""

    names: Mapping[str, T.Type]
    vocabulary: Vocabulary
    constants: Mapping[str, Any] = field(default_factory=dict)  # params: compiled in as values

    def with_names(self, extra: Mapping[str, T.Type]) -> Scope:
        return Scope({**self.names, **extra}, self.vocabulary, self.constants)


_MISSING = object()


@dataclass(frozen=True)
class Expression:
    """A compiled expression: call it with the runtime environment to get its value."""

    source: str
    type: T.Type
    evaluate: Fn
    node: Node | None = None
    constant: Any = _MISSING
    values: tuple[Any, ...] | None = None  # what a conditional of constants can give
    # The names of the environment it may read: a superset (a predicate's element name that
    # shadows a name of the scope counts too). A value that reads only what a cache key holds may be kept.
    reads: frozenset[str] = frozenset()
    origin: Origin | None = field(default=None, compare=False)  # set by the rule set's builder

    def __call__(self, env: Env) -> Any:
        constant = self.constant
        if constant is not _MISSING:  # worths, scores, trick counts: mostly plain numbers
            return constant
        if _STEPS in env:  # pragma: no cover - an evaluation inside another
            return self.evaluate(env)
        env[_STEPS] = 0  # every evaluation gets its own step budget
        try:
            return self.evaluate(env)
        except EvaluationError as exc:
            if exc.position is None and self.origin is not None:
                raise exc.located(self.origin) from None
            raise
        finally:
            env.pop(_STEPS, None)

    @property
    def is_constant(self) -> bool:
        return self.constant is not _MISSING

    def possible_values(self) -> list[Any] | None:
        """The values a conditional of constants (literals or params) can take (``3 if … else 1`` → [3, 1])."""
        if self.is_constant:
            return [self.constant]
        return list(self.values) if self.values is not None else None

    def ordered_values(self) -> list[Any] | None:
        """:meth:`possible_values` as tables print them: whole numbers low to high, others as written."""
        values = self.possible_values()
        if values is None:
            return None
        return sorted(values) if all(isinstance(v, int) for v in values) else values

    @property
    def name_path(self) -> str | None:
        """The dotted name it is when it is nothing but one (``combo.worth``), from its parse tree."""
        return name_path(self.node)


# ---------------------------------------------------------------------------------------
# runtime helpers (called by the closures)


def _size(value: Sequence[Any]) -> int:
    """The number of items, also for a range too large for ``len``."""
    if isinstance(value, range):
        return max(0, value.stop - value.start)  # ranges of the language have step 1
    return len(value)


def _iterable(value: Sequence[Any], offset: int) -> Sequence[Any]:
    size = _size(value)
    if size > MAX_ITERATION:
        raise EvaluationError(f"collection of {size} items is too large to walk (limit {MAX_ITERATION})")
    return value


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
_COMPARE = {op: _checked(op, f) for op, f in _COMPARE.items()}


_SCALAR_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _is_scalar(t: T.Type) -> bool:
    """Whether values of ``t`` are never lists (so ``==`` needs no item-by-item walk)."""
    return t != T.ANY and not T.is_list(t)


def _scalar_compare(op: str, lf: Fn, rf: Fn) -> Fn:
    """``lf op rf`` for values that are no lists, with a missing value reported for people."""
    compare = _SCALAR_COMPARE[op]

    def scalar(env: Env) -> bool:
        a, b = lf(env), rf(env)
        try:
            return compare(a, b)
        except TypeError:
            raise EvaluationError(f"cannot evaluate {a!r} {op} {b!r}") from None

    return scalar


def _bound(name: str, collection: Fn, body: Fn) -> Callable[[Env], Any]:
    """A generator factory: run ``body`` with ``name`` bound to each element in turn."""

    def each(env: Env):
        items = _iterable(collection(env), 0)
        saved = env.get(name, _MISSING)
        try:
            for item in items:
                steps = env.get(_STEPS, 0) + 1
                if steps > MAX_WALK_STEPS:
                    raise EvaluationError(
                        f"the expression walks more than {MAX_WALK_STEPS} items (nested walks multiply)"
                    )
                env[_STEPS] = steps
                env[name] = item
                yield item, body(env)
        finally:
            if saved is _MISSING:
                env.pop(name, None)
            else:
                env[name] = saved

    return each


# ---------------------------------------------------------------------------------------
# the compiler


Literals = tuple[tuple[str, int], ...]  # string literals, each with the offset of its first character


@dataclass
class _Result:
    fn: Fn
    type: T.Type
    constant: Any = _MISSING
    strings: Literals | None = None  # a text that is one of these string literals (may stand for a suit, …)
    literals: Literals | None = None  # a list literal of strings
    values: tuple[Any, ...] | None = None  # the values a conditional of constants can give


def _const(value: Any, t: T.Type) -> _Result:
    return _Result(lambda env: value, t, value, values=(value,))


def _union(a: tuple[Any, ...] | None, b: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    if a is None or b is None:
        return None
    return tuple(dict.fromkeys((*a, *b)))


class _Compiler:
    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.vocab = scope.vocabulary
        self.reads: set[str] = set()  # names of the environment the expression reads

    # -- entry

    def compile(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        method = getattr(self, f"_{node.kind}")
        return method(node, names)

    # -- literals and names

    def _number(self, node: Node, names) -> _Result:
        problem = out_of_range(node.value)
        if problem is not None:
            raise CompileError(problem, node.offset)
        return _const(node.value, T.NUMBER)

    def _bool(self, node: Node, names) -> _Result:
        return _const(node.value, T.BOOL)

    def _string(self, node: Node, names) -> _Result:
        result = _const(node.value, T.TEXT)
        result.strings = ((str(node.value), node.offset + 1),)
        return result

    def _list(self, node: Node, names) -> _Result:
        items = [self.compile(child, names) for child in node.children]
        # String literals among items of a named type stand for that type: [standard.id, "grill"].
        target = next((item.type for item in items if item.strings is None), None)
        if target is not None:
            items = [self._coerce(child, item, target) for child, item in zip(node.children, items, strict=True)]
        element: T.Type = T.ANY
        for child, item in zip(node.children, items, strict=False):
            joined = T.unify(element, item.type)
            if joined is None:
                raise CompileError(f"list mixes {element} and {item.type}", child.offset)
            element = joined
        fns = [item.fn for item in items]
        result = _Result(lambda env: [f(env) for f in fns], T.list_of(element))
        if items and all(item.strings is not None and item.type == T.TEXT for item in items):
            result.literals = tuple(literal for item in items for literal in item.strings or ())
        if all(item.constant is not _MISSING for item in items):
            result.constant = [item.constant for item in items]
            value = result.constant
            result.fn = lambda env: value
        return result

    def _name(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        name = str(node.value)
        if name in self.scope.constants and name not in names:
            value = self.scope.constants[name]
            kind = T.BOOL if isinstance(value, bool) else T.NUMBER if isinstance(value, int) else T.TEXT
            result = _const(value, kind)
            if result.type == T.TEXT:
                result.strings = ((str(value), node.offset),)  # a text param may stand for a suit, a bid, …
            return result
        if name not in names:
            if name in FUNCTIONS:
                raise CompileError(f"'{name}' is a function; call it as {name}(…)", node.offset)
            known = [*names, *self.scope.constants]
            raise CompileError(f"unknown name '{name}'", node.offset, did_you_mean(name, known))
        if name in self.scope.names:
            self.reads.add(name)
        return _Result(operator.itemgetter(name), names[name])

    # -- operators

    def _neg(self, node: Node, names) -> _Result:
        inner = self._expect(node.children[0], names, T.NUMBER)
        if inner.constant is not _MISSING:
            return _const(-inner.constant, T.NUMBER)
        f = inner.fn
        values = tuple(dict.fromkeys(-v for v in inner.values)) if inner.values is not None else None
        return _Result(lambda env: -f(env), T.NUMBER, values=values)

    def _arith(self, node: Node, names) -> _Result:
        left = self._expect(node.children[0], names, T.NUMBER)
        right = self._expect(node.children[1], names, T.NUMBER)
        symbol = str(node.value)
        op = _ARITH[symbol]
        if left.constant is not _MISSING and right.constant is not _MISSING and symbol in "+-*":
            # Folded now, so what the rule can never compute is an error of `whist check`.
            try:
                return _const(op(left.constant, right.constant), T.NUMBER)
            except EvaluationError as exc:
                raise CompileError(exc.message, node.offset) from None
        if right.constant is not _MISSING and right.constant == 0 and symbol in "/%":
            raise CompileError("division by zero" if symbol == "/" else "modulo by zero", node.children[1].offset)
        lf, rf = left.fn, right.fn
        return _Result(lambda env: op(lf(env), rf(env)), T.NUMBER)

    def _and(self, node: Node, names) -> _Result:
        left = self._expect(node.children[0], names, T.BOOL)
        right = self._expect(node.children[1], names, T.BOOL)
        lf, rf = left.fn, right.fn
        return _Result(lambda env: bool(lf(env)) and bool(rf(env)), T.BOOL)

    def _or(self, node: Node, names) -> _Result:
        left = self._expect(node.children[0], names, T.BOOL)
        right = self._expect(node.children[1], names, T.BOOL)
        lf, rf = left.fn, right.fn
        return _Result(lambda env: bool(lf(env)) or bool(rf(env)), T.BOOL)

    def _not(self, node: Node, names) -> _Result:
        inner = self._expect(node.children[0], names, T.BOOL)
        f = inner.fn
        return _Result(lambda env: not f(env), T.BOOL)

    def _conditional(self, node: Node, names) -> _Result:
        cond = self._expect(node.children[0], names, T.BOOL)
        then = self.compile(node.children[1], names)
        other = self.compile(node.children[2], names)
        then = self._coerce(node.children[1], then, other.type)
        other = self._coerce(node.children[2], other, then.type)
        joined = T.unify(then.type, other.type)
        if joined is None:
            raise CompileError(
                f"the two branches have different types: {then.type} and {other.type}", node.children[2].offset
            )
        cf, tf, of = cond.fn, then.fn, other.fn
        result = _Result(lambda env: tf(env) if cf(env) else of(env), joined, values=_union(then.values, other.values))
        if joined == T.TEXT and then.strings is not None and other.strings is not None:
            result.strings = then.strings + other.strings
        if joined == T.list_of(T.TEXT) and then.literals is not None and other.literals is not None:
            result.literals = then.literals + other.literals
        return result

    def _range(self, node: Node, names) -> _Result:
        low = self._expect(node.children[0], names, T.NUMBER)
        high = self._expect(node.children[1], names, T.NUMBER)
        lf, hf = low.fn, high.fn
        return _Result(lambda env: _range(lf(env), hf(env)), T.list_of(T.NUMBER))

    def _compare(self, node: Node, names) -> _Result:
        op = str(node.value)
        left = self.compile(node.children[0], names)
        right = self.compile(node.children[1], names)
        if op in ("==", "!="):
            left, right = self._coerce_pair(node, left, right)
            if T.unify(left.type, right.type) is None:
                raise CompileError(f"cannot compare {left.type} with {right.type}", node.offset)
        else:
            for child, result in ((node.children[0], left), (node.children[1], right)):
                if result.type not in (T.NUMBER, T.ANY):
                    raise CompileError(f"'{op}' compares numbers, not {result.type}", child.offset)
        lf, rf = left.fn, right.fn
        if _is_scalar(left.type) and _is_scalar(right.type):  # no list on either side: Python's own operator
            return _Result(_scalar_compare(op, lf, rf), T.BOOL)
        compare = _COMPARE[op]
        return _Result(lambda env: compare(lf(env), rf(env)), T.BOOL)

    def _in(self, node: Node, names) -> _Result:
        item = self.compile(node.children[0], names)
        collection = self.compile(node.children[1], names)
        if not T.is_list(collection.type):
            raise CompileError(f"'in' needs a list on its right, not {collection.type}", node.children[1].offset)
        element = T.element_of(collection.type)
        item = self._coerce(node.children[0], item, element)
        if collection.literals is not None and item.type in T.NAMED_TYPES:
            self._check_literals(collection.literals, item.type)
        elif T.unify(item.type, element) is None:
            raise CompileError(f"a {item.type} cannot be in a {collection.type}", node.children[0].offset)
        itf, cf = item.fn, collection.fn
        return _Result(lambda env: _contains(cf(env), itf(env)), T.BOOL)

    def _attribute(self, node: Node, names) -> _Result:
        obj = self.compile(node.children[0], names)
        name = str(node.value)
        attributes = self._attributes_of(obj.type)
        if name not in attributes:
            if T.is_list(obj.type):
                raise CompileError(
                    f"'{name}' is asked of a {obj.type}; lists have no attributes",
                    node.offset,
                    "use a function such as count(…), any(…) or filter(…) on lists",
                )
            if name in T.METHODS.get(obj.type, {}):
                raise CompileError(f"'{name}' of a {obj.type} is a method; call it as .{name}(…)", node.offset)
            if obj.type in (T.MARKS, T.OPTIONS):
                what, where = ("mark", "game.marks") if obj.type == T.MARKS else ("option", "game.options")
                hint = did_you_mean(name, attributes) or f"declare it in {where}"
                raise CompileError(f"unknown {what} '{name}'", node.offset, hint)
            raise CompileError(
                f"{T.with_article(obj.type)} has no attribute '{name}'", node.offset, did_you_mean(name, attributes)
            )
        f, owner = obj.fn, obj.type
        if name in T.TABLE_FACTS.get(owner, ()):  # a fact of the deal: its table answers it
            self.reads.add("_table")
            fact = operator.attrgetter(f"{owner.name}_{name}")
            return _Result(lambda env: fact(env["_table"])(_present(f(env), owner, name)), attributes[name])
        getter = operator.attrgetter(name)

        def attribute(env: Env) -> Any:  # the hottest closure of all: _present inlined
            value = f(env)
            if value is None:
                raise EvaluationError(f"cannot take '{name}' of a missing {owner}")
            return getter(value)

        return _Result(attribute, attributes[name])

    def _attributes_of(self, t: T.Type) -> Mapping[str, T.Type]:
        if t == T.MARKS:
            return {mark: T.NUMBER for mark in self.vocab.marks}
        if t == T.OPTIONS:
            return self.vocab.options
        return T.ATTRIBUTES.get(t, {})

    def _call(self, node: Node, names) -> _Result:
        func, *args = node.children
        if func.kind == "attribute":
            return self._method(func, args, names)
        if func.kind != "name":
            raise CompileError("only functions and methods can be called", func.offset)
        name = str(func.value)
        spec = FUNCTIONS.get(name)
        if spec is None:
            raise CompileError(f"unknown function '{name}'", func.offset, did_you_mean(name, FUNCTIONS))
        return spec(self, node, list(args), names)

    def _method(self, func: Node, args: list[Node], names) -> _Result:
        obj = self.compile(func.children[0], names)
        name = str(func.value)
        methods = T.METHODS.get(obj.type, {})
        if name not in methods:
            raise CompileError(f"a {obj.type} has no method '{name}'", func.offset, did_you_mean(name, methods))
        params, result_type = methods[name]
        if len(args) != len(params):
            raise CompileError(f"{name}() takes {len(params)} argument(s), got {len(args)}", func.offset)
        compiled = [self._expect(arg, names, param) for arg, param in zip(args, params, strict=False)]
        arg_fns = [c.fn for c in compiled]
        f = obj.fn
        owner = obj.type
        return _Result(
            lambda env: getattr(_present(f(env), owner, name), name)(*(a(env) for a in arg_fns)), result_type
        )

    # -- helpers

    def _expect(self, node: Node, names, expected: T.Type) -> _Result:
        result = self._coerce(node, self.compile(node, names), expected)
        if not T.compatible(expected, result.type):
            param = str(node.value) if node.kind == "name" and str(node.value) in self.scope.constants else None
            raise CompileError(
                f"expected {T.with_article(expected)}, got {T.with_article(result.type)}", node.offset, param=param
            )
        return result

    def _coerce(self, node: Node, result: _Result, target: T.Type) -> _Result:
        """Let a string literal (or a text param) stand for a suit, rank, bid or direction (checked)."""
        if result.strings is not None and result.type == T.TEXT and target in T.NAMED_TYPES and target != T.TEXT:
            self._check_literals(result.strings, target)
            return _Result(result.fn, target, result.constant, values=result.values)
        if (
            result.literals is not None
            and T.is_list(target)
            and T.element_of(target) in T.NAMED_TYPES
            and T.element_of(target) != T.TEXT
        ):
            self._check_literals(result.literals, T.element_of(target))
            return _Result(result.fn, target, result.constant, values=result.values)
        return result

    def _coerce_pair(self, node: Node, left: _Result, right: _Result) -> tuple[_Result, _Result]:
        left = self._coerce(node.children[0], left, right.type)
        right = self._coerce(node.children[1], right, left.type)
        return left, right

    def _check_literals(self, literals: Sequence[tuple[str, int]], target: T.Type) -> None:
        domain = self.vocab.domain(target)
        if domain is None:
            return
        for text, offset in literals:
            if text not in domain:
                known = sorted(domain)  # nothing close: say what there is (suits, ranks, directions …)
                listed = f"the {target}s are: {', '.join(known)}" if len(known) <= 24 else None
                hint = did_you_mean(text, domain) or listed
                raise CompileError(f"unknown {target} '{text}'", offset, hint)

    def predicate_body(self, collection: _Result, body: Node, names, expected: T.Type | None) -> tuple[str, _Result]:
        """Compile ``body`` with the element of ``collection`` bound to its type's name."""
        element = T.element_of(collection.type)
        bound = T.ELEMENT_NAMES.get(element)
        if bound is None:
            raise CompileError(f"cannot walk a {collection.type} with a condition", body.offset)
        inner = {**names, bound: element}
        result = self._expect(body, inner, expected) if expected else self.compile(body, inner)
        return bound, result


# ---------------------------------------------------------------------------------------
# the whitelisted functions

FunctionSpec = Callable[[_Compiler, Node, list[Node], Mapping[str, T.Type]], _Result]


def _list_arg(c: _Compiler, node: Node, names) -> _Result:
    """A list a function walks; a range of constants too long to walk is refused now, not at run time."""
    result = c.compile(node, names)
    if not T.is_list(result.type):
        raise CompileError(f"expected a list, got {T.with_article(result.type)}", node.offset)
    return result


def _check_walkable(c: _Compiler, node: Node, names) -> None:
    """Refuse now a range of constants too long to walk (it would fail each time it is evaluated)."""
    if node.kind == "range":
        low, high = (c.compile(end, names) for end in node.children)
        if low.constant is not _MISSING and high.constant is not _MISSING:
            try:
                _iterable(_range(low.constant, high.constant), node.offset)
            except EvaluationError as exc:
                raise CompileError(
                    exc.message, node.offset, "a walked range may hold at most that many numbers"
                ) from None


def _arity(call: Node, args: list[Node], name: str, allowed: Sequence[int]) -> None:
    if len(args) not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        raise CompileError(f"{name}() takes {wanted} argument(s), got {len(args)}", call.offset)


def _fn_count(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    _arity(call, args, "count", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        return _Result(lambda env: _size(cf(env)), T.NUMBER)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    each = _bound(name, cf, body.fn)
    return _Result(lambda env: sum(1 for _, ok in each(env) if ok), T.NUMBER)


def _fn_any_all(kind: str) -> FunctionSpec:
    combine = any if kind == "any" else all

    def spec(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
        _arity(call, args, kind, (1, 2))
        coll = _list_arg(c, args[0], names)
        cf = coll.fn
        if len(args) == 1:
            if T.element_of(coll.type) not in (T.BOOL, T.ANY):
                raise CompileError(f"{kind}() of one argument needs a list of bool", args[0].offset)
            return _Result(lambda env: combine(cf(env)), T.BOOL)
        _check_walkable(c, args[0], names)
        name, body = c.predicate_body(coll, args[1], names, T.BOOL)
        each = _bound(name, cf, body.fn)
        return _Result(lambda env: combine(ok for _, ok in each(env)), T.BOOL)

    return spec


def _fn_filter(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    _arity(call, args, "filter", (2,))
    coll = _list_arg(c, args[0], names)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    each = _bound(name, coll.fn, body.fn)
    return _Result(lambda env: [item for item, ok in each(env) if ok], coll.type)


def _fn_first(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    """first(list) or first(list, condition): the first element (that meets the condition)."""
    _arity(call, args, "first", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        return _Result(lambda env: _first(cf(env), "first() of an empty list"), T.element_of(coll.type))
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    each = _bound(name, cf, body.fn)
    return _Result(
        lambda env: _first((item for item, ok in each(env) if ok), "first(): no element meets the condition"),
        T.element_of(coll.type),
    )


def _first(items: Any, message: str) -> Any:
    try:
        for item in items:
            return item
    finally:
        close = getattr(items, "close", None)
        if close is not None:  # a walk stopped early restores the names it bound now
            close()
    raise EvaluationError(message)


def _fn_sum(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    _arity(call, args, "sum", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        if T.element_of(coll.type) not in (T.NUMBER, T.ANY):
            raise CompileError("sum() of one argument needs a list of numbers", args[0].offset)
        _check_walkable(c, args[0], names)
        return _Result(lambda env: _normalize(sum(_iterable(cf(env), 0))), T.NUMBER)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.NUMBER)
    each = _bound(name, cf, body.fn)
    return _Result(lambda env: _normalize(sum(value for _, value in each(env))), T.NUMBER)


def _fn_extreme(kind: str) -> FunctionSpec:
    """max/min: of numbers given as arguments, of a list of numbers, or of an expression over a list.

    The extreme of an empty list is 0, so ``max(opponents, player.tricks)`` is defined even
    when nobody else plays.
    """
    pick = max if kind == "max" else min

    def spec(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
        if not args:
            raise CompileError(f"{kind}() needs at least one argument", call.offset)
        first = c.compile(args[0], names)
        if T.is_list(first.type):
            _check_walkable(c, args[0], names)
        if T.is_list(first.type) and len(args) == 2:
            name, body = c.predicate_body(first, args[1], names, T.NUMBER)
            each = _bound(name, first.fn, body.fn)
            return _Result(lambda env: pick((v for _, v in each(env)), default=0), T.NUMBER)
        if T.is_list(first.type) and len(args) == 1:
            if T.element_of(first.type) not in (T.NUMBER, T.ANY):
                raise CompileError(
                    f"{kind}() of a {first.type} needs an expression to compare by",
                    call.offset,
                    f"e.g. {kind}(opponents, player.tricks)",
                )
            ff = first.fn
            return _Result(lambda env: pick(_iterable(ff(env), 0), default=0), T.NUMBER)
        fns = [c._expect(arg, names, T.NUMBER).fn for arg in args]
        if len(fns) == 1:
            raise CompileError(f"{kind}() of one number is that number", call.offset)
        return _Result(lambda env: pick(f(env) for f in fns), T.NUMBER)

    return spec


def _fn_abs(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    _arity(call, args, "abs", (1,))
    f = c._expect(args[0], names, T.NUMBER).fn
    return _Result(lambda env: abs(f(env)), T.NUMBER)


def _fn_floor(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    _arity(call, args, "floor", (1,))
    f = c._expect(args[0], names, T.NUMBER).fn
    return _Result(lambda env: int(Fraction(f(env)).__floor__()), T.NUMBER)


def _fn_neighbour(kind: str) -> FunctionSpec:
    """left_of(p) / right_of(p): the next player clockwise / counter-clockwise in the deal.

    The runtime environment supplies ``_seating``, an object with ``left_of`` / ``right_of``.
    """

    def spec(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
        _arity(call, args, kind, (1,))
        f = c._expect(args[0], names, T.PLAYER).fn
        c.reads.add("_seating")
        return _Result(lambda env: getattr(env["_seating"], kind)(_present(f(env), T.PLAYER, kind)), T.PLAYER)

    return spec


def _fn_others(c: _Compiler, call: Node, args: list[Node], names) -> _Result:
    """others(p): the players of the deal other than ``p``, in seat order."""
    _arity(call, args, "others", (1,))
    f = c._expect(args[0], names, T.PLAYER).fn
    c.reads.add("players")
    return _Result(lambda env: [p for p in env["players"] if p is not f(env)], T.list_of(T.PLAYER))


FUNCTIONS: dict[str, FunctionSpec] = {
    "count": _fn_count,
    "any": _fn_any_all("any"),
    "all": _fn_any_all("all"),
    "filter": _fn_filter,
    "first": _fn_first,
    "sum": _fn_sum,
    "max": _fn_extreme("max"),
    "min": _fn_extreme("min"),
    "abs": _fn_abs,
    "floor": _fn_floor,
    "left_of": _fn_neighbour("left_of"),
    "right_of": _fn_neighbour("right_of"),
    "others": _fn_others,
}


def compile_expression(source: object, scope: Scope, expected: T.Type | None = None) -> Expression:
    """Parse, check and compile one expression.

    ``source`` is the YAML value: a string is parsed; an int or bool is a constant.
    Raises :class:`ExpressionSyntaxError` or :class:`CompileError` (both with an offset).
    """
    if isinstance(source, bool):
        t = T.BOOL
        if expected is not None and not T.compatible(expected, t):
            raise CompileError(f"expected {T.with_article(expected)}, got a bool", 0)
        return Expression(str(source).lower(), t, lambda env: source, None, source)
    if isinstance(source, int):
        if expected is not None and not T.compatible(expected, T.NUMBER):
            raise CompileError(f"expected {T.with_article(expected)}, got a number", 0)
        return Expression(str(source), T.NUMBER, lambda env: source, None, source)
    if not isinstance(source, str):
        raise CompileError(f"expected an expression, got {type(source).__name__}", 0)
    node = parse(source)
    compiler = _Compiler(scope)
    try:
        result = compiler._expect(node, scope.names, expected) if expected else compiler.compile(node, scope.names)
    except RecursionError:
        raise CompileError("expression is nested too deeply", 0) from None
    return Expression(source, result.type, result.fn, node, result.constant, result.values, frozenset(compiler.reads))


__all__ = [
    "CompileError",
    "EvaluationError",
    "Expression",
    "ExpressionSyntaxError",
    "FUNCTIONS",
    "Origin",
    "Scope",
    "Vocabulary",
    "compile_expression",
]
