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

from collections.abc import Callable, Mapping

from rulespec import types as T
from rulespec.coercion import check_literals, coerce, coerce_pair
from rulespec.compiled import (
    _MISSING,
    MAX_ITERATION,
    MAX_WALK_STEPS,
    CompileError,
    Env,
    EvaluationError,
    Expression,
    Fn,
    Origin,
    Scope,
    Vocabulary,
    blame_param,
    literal_expression,
    wrong_type,
)
from rulespec.errors import did_you_mean
from rulespec.evaluation import (
    _ARITH,
    _COMPARE,
    PLAYERS,
    _const,
    _contains,
    _is_scalar,
    _present,
    _range,
    _Result,
    _union,
    players_present,
)
from rulespec.expressions import ExpressionSyntaxError, Node, parse
from rulespec.functions import ANSWERED, FUNCTIONS
from rulespec.kept import KEPT, kept_walk
from rulespec.lookups import _attribute_result, _comparison, _name_result, _scalar_compare, _table_fact_result
from rulespec.numbers import out_of_range
from rulespec.predicates import describe


class _Compiler:
    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.vocab = scope.vocabulary
        self.reads: set[str] = set()  # names of the environment the expression reads
        self.walks = False  # whether it walks a collection (only then it needs a step budget)
        self.free: set[str] = set()  # names the part being compiled reads and does not bind (for kept.py)

    def read(self, name: str) -> None:
        """Note that the closure being made reads ``name`` of the environment (beyond its parts)."""
        self.reads.add(name)
        self.free.add(name)

    def wrong(self, message: str, node: Node, wanted: str) -> CompileError:
        """:func:`~rulespec.compiled.wrong_type` here: told at the param when ``node`` names one."""
        return wrong_type(message, node, wanted, self.scope.constants)

    def compile(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        method: Callable[[Node, Mapping[str, T.Type]], _Result] = getattr(self, f"_{node.kind}")
        return method(node, names)

    # -- literals and names

    def _number(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        problem = out_of_range(node.value)
        if problem is not None:
            raise CompileError(problem, node.offset)
        return _const(node.value, T.NUMBER)

    def _bool(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        return _const(node.value, T.BOOL)

    def _string(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        result = _const(node.value, T.TEXT)
        result.strings = ((str(node.value), node.offset + 1),)
        return result

    def _list(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        items = [self.compile(child, names) for child in node.children]
        # String literals among items of a named type stand for that type: [standard.id, "grill"].
        target = next((item.type for item in items if item.strings is None), None)
        if target is not None:
            items = [coerce(self.vocab, item, target) for item in items]
        element: T.Type = T.ANY
        for child, item in zip(node.children, items, strict=False):
            joined = T.unify(element, item.type)
            if joined is None:
                raise self.wrong(f"list mixes {element} and {item.type}", child, T.with_article(element))
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
            known = [*(n for n in names if not n.startswith(ANSWERED)), *self.scope.constants]
            raise CompileError(f"unknown name '{name}'", node.offset, did_you_mean(name, known))
        if name in self.scope.names:
            self.reads.add(name)
        self.free.add(name)
        return _name_result(name, names[name])

    # -- operators

    def _neg(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        inner = self.expect(node.children[0], names, T.NUMBER)
        if inner.constant is not _MISSING:
            return _const(-inner.constant, T.NUMBER)
        f = inner.fn
        values = tuple(dict.fromkeys(-v for v in inner.values)) if inner.values is not None else None
        return _Result(lambda env: -f(env), T.NUMBER, values=values)

    def _arith(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        left = self.expect(node.children[0], names, T.NUMBER)
        right = self.expect(node.children[1], names, T.NUMBER)
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

    def _and(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        outer = self.reads  # each side's own reads, for Expression.guard
        self.reads = set()
        left = self.expect(node.children[0], names, T.BOOL)
        left_reads, self.reads = self.reads, set()
        right = self.expect(node.children[1], names, T.BOOL)
        right_reads = self.reads
        outer.update(left_reads, right_reads)
        self.reads = outer
        lf, rf = left.fn, right.fn
        if left.boolean and right.boolean:  # (the most frequent: comparisons; no bool() call each)
            result = _Result(lambda env: lf(env) and rf(env), T.BOOL, boolean=True)
        else:
            result = _Result(lambda env: bool(lf(env)) and bool(rf(env)), T.BOOL, boolean=True)
        result.conjuncts = (left.conjuncts or ((lf, frozenset(left_reads)),)) + (
            right.conjuncts or ((rf, frozenset(right_reads)),)
        )
        return result

    def _or(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        left = self.expect(node.children[0], names, T.BOOL)
        right = self.expect(node.children[1], names, T.BOOL)
        lf, rf = left.fn, right.fn
        if left.boolean and right.boolean:
            return _Result(lambda env: lf(env) or rf(env), T.BOOL, boolean=True)
        return _Result(lambda env: bool(lf(env)) or bool(rf(env)), T.BOOL, boolean=True)

    def _not(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        inner = self.expect(node.children[0], names, T.BOOL)
        f = inner.fn
        return _Result(lambda env: not f(env), T.BOOL, boolean=True)

    def _conditional(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        cond = self.expect(node.children[0], names, T.BOOL)
        then = self.compile(node.children[1], names)
        other = self.compile(node.children[2], names)
        then = coerce(self.vocab, then, other.type)
        other = coerce(self.vocab, other, then.type)
        joined = T.unify(then.type, other.type)
        if joined is None:
            message = f"the two branches have different types: {then.type} and {other.type}"
            branches = ((node.children[2], then.type), (node.children[1], other.type))
            blame_param(message, branches, self.scope.constants)
            raise CompileError(message, node.children[2].offset)
        cf, tf, of = cond.fn, then.fn, other.fn
        result = _Result(lambda env: tf(env) if cf(env) else of(env), joined, values=_union(then.values, other.values))
        if joined == T.TEXT and then.strings is not None and other.strings is not None:
            result.strings = then.strings + other.strings
        if joined == T.list_of(T.TEXT) and then.literals is not None and other.literals is not None:
            result.literals = then.literals + other.literals
        return result

    def _range(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        low = self.expect(node.children[0], names, T.NUMBER)
        high = self.expect(node.children[1], names, T.NUMBER)
        lf, hf = low.fn, high.fn
        return _Result(lambda env: _range(lf(env), hf(env)), T.list_of(T.NUMBER))

    def _compare(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        op = str(node.value)
        left = self.compile(node.children[0], names)
        right = self.compile(node.children[1], names)
        if op in ("==", "!="):
            left, right = coerce_pair(self.vocab, left, right)
            if T.unify(left.type, right.type) is None:
                message, (one, two) = f"cannot compare {left.type} with {right.type}", node.children
                blame_param(message, ((one, right.type), (two, left.type)), self.scope.constants)
                raise CompileError(message, node.offset)
        else:
            for child, result in ((node.children[0], left), (node.children[1], right)):
                if result.type not in (T.NUMBER, T.ANY):
                    raise self.wrong(f"'{op}' compares numbers, not {result.type}", child, "a number")
        lf, rf = left.fn, right.fn
        if _is_scalar(left.type) and _is_scalar(right.type):  # no list on either side: Python's own operator
            compared = _comparison(op, left, right)
            return _Result(_scalar_compare(op, left, right), T.BOOL, boolean=True, comparison=compared)
        compare = _COMPARE[op]
        return _Result(lambda env: compare(lf(env), rf(env)), T.BOOL)

    def _in(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        item = self.compile(node.children[0], names)
        collection = self.compile(node.children[1], names)
        if not T.is_list(collection.type):
            raise self.wrong(f"'in' needs a list on its right, not {collection.type}", node.children[1], "a list")
        element = T.element_of(collection.type)
        item = coerce(self.vocab, item, element)
        if collection.literals is not None and item.type in T.NAMED_TYPES:
            check_literals(self.vocab, collection.literals, item.type)
        elif T.unify(item.type, element) is None:
            wanted = T.with_article(element)
            raise self.wrong(f"a {item.type} cannot be in a {collection.type}", node.children[0], wanted)
        itf, cf = item.fn, collection.fn
        return _Result(lambda env: _contains(cf(env), itf(env)), T.BOOL)

    def _attribute(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
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
            if T.deal_fact(obj.type, name):
                raise CompileError(str(T.deal_fact(obj.type, name)), node.offset, T.GAME_WIDE_HINT)
            if name in T.METHODS.get(obj.type, {}):
                raise CompileError(f"'{name}' of a {obj.type} is a method; call it as .{name}(…)", node.offset)
            if obj.type in (T.MARKS, T.OPTIONS):
                what, where = ("mark", "game.marks") if obj.type == T.MARKS else ("option", "game.options")
                hint = did_you_mean(name, attributes) or f"declare it in {where}"
                raise CompileError(f"unknown {what} '{name}'", node.offset, hint)
            raise CompileError(
                f"{T.with_article(obj.type)} has no attribute '{name}'", node.offset, did_you_mean(name, attributes)
            )
        if name in T.TABLE_FACTS.get(obj.type, ()):  # a fact of the deal: its table answers it
            self.read("_table")
            return _table_fact_result(obj, name, attributes[name])
        return _attribute_result(obj, name, attributes[name])

    def _attributes_of(self, t: T.Type) -> Mapping[str, T.Type]:
        if t == T.MARKS:
            return {mark: T.NUMBER for mark in self.vocab.marks}
        if t == T.OPTIONS:
            return self.vocab.options
        return T.ATTRIBUTES.get(t, {})

    def _call(self, node: Node, names: Mapping[str, T.Type]) -> _Result:
        func, *args = node.children
        if func.kind == "attribute":
            return self._method(func, args, names)
        if func.kind != "name":
            raise CompileError("only functions and methods can be called", func.offset)
        name = str(func.value)
        spec = FUNCTIONS.get(name)
        if spec is None:
            raise CompileError(f"unknown function '{name}'", func.offset, did_you_mean(name, FUNCTIONS))
        outer_free, outer_walks, self.free, self.walks = self.free, self.walks, set(), False
        result = spec(self, node, list(args), names)
        free, walked = self.free, self.walks
        self.free, self.walks = outer_free | free, outer_walks or walked
        if walked and name in KEPT:  # a walk over values that cannot change: worked out once (rulespec/kept.py)
            result.fn = kept_walk(result.fn, free, names)
        return result

    def _method(self, func: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
        obj = self.compile(func.children[0], names)
        name = str(func.value)
        methods = T.METHODS.get(obj.type, {})
        if name not in methods:
            if T.deal_fact(obj.type, name):
                raise CompileError(str(T.deal_fact(obj.type, name)), func.offset, T.GAME_WIDE_HINT)
            raise CompileError(f"a {obj.type} has no method '{name}'", func.offset, did_you_mean(name, methods))
        params, result_type = methods[name]
        if len(args) != len(params):
            raise CompileError(f"{name}() takes {len(params)} argument(s), got {len(args)}", func.offset)
        compiled = [self.expect(arg, names, param) for arg, param in zip(args, params, strict=False)]
        arg_fns = [c.fn for c in compiled]
        f = obj.fn
        owner = obj.type
        return _Result(
            lambda env: getattr(_present(f(env), owner, name), name)(*(a(env) for a in arg_fns)), result_type
        )

    # -- helpers

    def expect(self, node: Node, names: Mapping[str, T.Type], expected: T.Type) -> _Result:
        """Compile ``node`` as a value of type ``expected`` (a string literal may stand for a suit, rank,
        bid or direction); a type that does not fit is a located error.

        The function library (:mod:`rulespec.functions`) compiles its arguments with it."""
        result = coerce(self.vocab, self.compile(node, names), expected)
        if not T.compatible(expected, result.type):
            wanted = T.with_article(expected)
            raise self.wrong(f"expected {wanted}, got {T.with_article(result.type)}", node, wanted)
        return result

    def predicate_body(
        self, collection: _Result, body: Node, names: Mapping[str, T.Type], expected: T.Type | None
    ) -> tuple[str, _Result]:
        """Compile ``body`` with the element of ``collection`` bound to its type's name."""
        element = T.element_of(collection.type)
        bound = T.ELEMENT_NAMES.get(element)
        if bound is None:
            raise CompileError(f"cannot walk a {collection.type} with a condition", body.offset)
        inner = {**names, bound: element}
        self.walks, outer_free, self.free = False, self.free, set()  # (whether the body walks too; its names)
        result = self.expect(body, inner, expected) if expected else self.compile(body, inner)
        result.walks, self.walks = self.walks, True
        self.free = outer_free | (self.free - {bound})  # the element is the walk's own
        result.predicate = describe(body, bound, inner, self.scope.constants)  # (rulespec/predicates.py)
        return bound, result


def compile_expression(source: object, scope: Scope, expected: T.Type | None = None) -> Expression:
    """Parse, check and compile one expression.

    ``source`` is the YAML value: a string is parsed; an int or bool is a constant.
    Raises :class:`ExpressionSyntaxError` or :class:`CompileError` (both with an offset).
    """
    written = literal_expression(source, expected)  # a YAML bool or number
    if written is not None:
        return written
    if not isinstance(source, str):
        raise CompileError(f"expected an expression, got {type(source).__name__}", 0)
    node = parse(source)
    compiler = _Compiler(scope)
    try:
        result = compiler.expect(node, scope.names, expected) if expected else compiler.compile(node, scope.names)
    except RecursionError:
        raise CompileError("expression is nested too deeply", 0) from None
    reads = frozenset(compiler.reads)
    names, walks, conjuncts = scope.name_set, compiler.walks, result.conjuncts or ()
    kind = expected if expected is not None else result.type  # (a player, or a list of them, where one is needed)
    fn = players_present(result.fn, kind) if kind in PLAYERS else result.fn
    fields = (source, result.type, fn, node, result.constant, result.values, reads)
    return Expression(*fields, names=names, walks=walks, conjuncts=conjuncts, scope=scope)


__all__ = [
    "CompileError",
    "EvaluationError",
    "Expression",
    "ExpressionSyntaxError",
    "FUNCTIONS",
    "MAX_ITERATION",
    "MAX_WALK_STEPS",
    "Env",
    "Fn",
    "Origin",
    "Scope",
    "Vocabulary",
    "compile_expression",
]
