"""What compiling an expression gives, and what it needs: :class:`Expression`, :class:`Scope`, errors.

:class:`Expression` is a compiled expression: call it with a run-time environment. A
:class:`Scope` is where one is compiled (the names it may use and their types, the deck's
vocabulary, the rule set's params). :mod:`rulespec.compiler` makes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rulespec import types as T
from rulespec.errors import ExpressionError, Position, RuleError
from rulespec.expressions import Node, name_path

Env = dict[str, Any]
Fn = Callable[[Env], Any]

#: Largest collection a predicate function may walk (``count(1..10**9, …)`` is refused).
MAX_ITERATION = 10_000
#: Most elements the walks of one evaluation may visit together (nested walks multiply).
MAX_WALK_STEPS = 200_000
_STEPS = "_walk_steps"  # the env key counting them during one evaluation


class CompileError(ExpressionError):
    """A load-time error at character ``offset`` of an expression."""

    def __init__(
        self, message: str, offset: int, hint: str | None = None, param: str | None = None, wanted: str = ""
    ) -> None:
        super().__init__(message, offset, hint)
        self.param = param  # the param whose value has the wrong type: the mistake is where it is defined
        self.wanted = wanted  # what the place needed instead ("a number"), for the message at the param


def wrong_type(message: str, node: Node, wanted: str, constants: Mapping[str, Any]) -> CompileError:
    """The value at ``node`` has a type its place cannot use (``wanted``: what it needs, with its article).

    When ``node`` is a param's name, the mistake is the param's value, not the expression:
    :meth:`rulespec.buildbase.BuilderBase.expr` then reports it where the param is defined,
    whichever operator or function met it (``trick.number < free_trick`` with ``free_trick: five``)."""
    param = str(node.value) if node.kind == "name" and str(node.value) in constants else None
    return CompileError(message, node.offset, param=param, wanted=wanted)


def blame_param(message: str, sides: Sequence[tuple[Node, T.Type]], constants: Mapping[str, Any]) -> None:
    """Raise :func:`wrong_type` at the first of ``sides`` that is a param's name, as wanting the type
    paired with it (the other side's: ``trick.trump == free_trick`` wants a suit of ``free_trick``)."""
    for node, wanted in sides:
        if node.kind == "name" and str(node.value) in constants:
            raise wrong_type(message, node, T.with_article(wanted), constants)


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

    @property
    def name_set(self) -> frozenset[str]:
        """Its names as a set (made once: every expression compiled here keeps it)."""
        made: frozenset[str] | None = self.__dict__.get("_name_set")
        if made is None:
            made = frozenset(self.names)
            object.__setattr__(self, "_name_set", made)
        return made


_MISSING = object()


def too_many_steps() -> EvaluationError:
    """The error of an evaluation whose walks visit more than :data:`MAX_WALK_STEPS` items."""
    return EvaluationError(f"the expression walks more than {MAX_WALK_STEPS} items (nested walks multiply)")


def _all(fns: list[Fn]) -> Fn:
    """Whether every closure of ``fns`` is true, from the first on (stopping at a false one)."""
    if len(fns) == 1:
        only = fns[0]
        return lambda env: bool(only(env))

    return lambda env: all(fn(env) for fn in fns)


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
    # The names of the scope it was compiled in: the environment it runs in holds each of them
    # (tests/test_environments.py); empty for a constant.
    names: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    # Whether it walks a collection: an expression that walks nothing needs no step budget.
    walks: bool = field(default=True, compare=False, repr=False)
    # Of `a and b and …`: each operand's closure with the names it reads (for guard()).
    conjuncts: tuple[tuple[Fn, frozenset[str]], ...] = field(default=(), compare=False, repr=False)
    # Where it was compiled (its names' types, the params): for each() and guard() (rulespec/staged.py).
    scope: Scope | None = field(default=None, compare=False, repr=False)

    def __call__(self, env: Env) -> Any:
        constant = self.constant
        if constant is not _MISSING:  # worths, scores, trick counts: mostly plain numbers
            return constant
        walks = self.walks  # an expression that walks nothing needs no step budget
        if walks:
            if _STEPS in env:  # pragma: no cover - an evaluation inside another
                return self.evaluate(env)
            env[_STEPS] = 0  # every evaluation that walks gets its own step budget
        try:
            return self.evaluate(env)
        except EvaluationError as exc:
            raise self._located(exc) from None
        finally:
            if walks:
                env.pop(_STEPS, None)

    def each(self, env: Env, name: str, items: Sequence[Any]) -> list[bool]:
        """Whether the condition holds with ``name`` bound to each of ``items`` in turn (``env[name]``
        is left at the last): what calling it for each item says, errors and step budget included.

        Its operands of ``and`` that do not read ``name`` are evaluated once, for the first item
        that comes to them, and their value is kept for the rest: a play rule's ``not any(plays, …)``
        walks the plays once a turn instead of once a card. The steps such an operand walked are
        counted again for each item that reuses it, so the budget refuses what it refused before.
        """
        walks = self.walks
        if walks and _STEPS in env:  # pragma: no cover - an evaluation inside another
            return [bool(self(env)) for env[name] in items]
        staged = self._staged(name)
        if staged is not None and items:
            if walks:
                env[_STEPS] = 0  # the card-free operands' steps together: at least any item's (rulespec/staged.py)
            try:
                found = staged(env, items)
            except Exception:  # noqa: BLE001 (asked item by item below, which fails as and where it always did)
                found = None
            finally:
                if walks:
                    env.pop(_STEPS, None)
            if found is not None:
                env[name] = items[-1]
                return found
        holds, kept = self._each_runner(name)
        kept.clear()
        results = []
        try:
            for item in items:
                env[name] = item
                if walks:
                    env[_STEPS] = 0  # every item's evaluation gets its own step budget, as a call gives it
                results.append(holds(env))
        except EvaluationError as exc:
            raise self._located(exc) from None
        finally:
            if walks:
                env.pop(_STEPS, None)
        return results

    def first(self, env: Env, name: str, items: Sequence[Any]) -> Any:
        """The first of ``items`` for which the condition holds with ``name`` bound to it (None when
        none does; ``env[name]`` is left at the last one asked): what calling it for each item in
        turn until one holds says, errors and step budget included, without a call per item."""
        constant, walks, evaluate = self.constant, self.walks, self.evaluate
        if constant is not _MISSING or (walks and _STEPS in env):  # pragma: no cover - a constant, or nested
            for env[name] in items:
                if self(env):
                    return env[name]
            return None
        try:
            for item in items:
                env[name] = item
                if walks:
                    env[_STEPS] = 0  # every item's evaluation gets its own step budget, as a call gives it
                if evaluate(env):
                    return item
            return None
        except EvaluationError as exc:
            raise self._located(exc) from None
        finally:
            if walks:
                env.pop(_STEPS, None)

    def _located(self, error: EvaluationError) -> EvaluationError:
        """``error`` at this expression's place in its rule file (unless it has a place already)."""
        return error.located(self.origin) if error.position is None and self.origin is not None else error

    def _staged(self, name: str) -> Callable[[Env, Sequence[Any]], list[bool] | None] | None:
        """For :meth:`each`: this condition asked in stages for ``name`` (rulespec/staged.py), or None. Made once."""
        made: dict[str, Callable[[Env, Sequence[Any]], list[bool] | None] | None]
        made = self.__dict__.setdefault("_stages", {})
        if name not in made:
            from rulespec.staged import staged  # (it needs this module)

            scope = self.scope
            conjuncts = self.conjuncts or ((self.evaluate, self.reads),)
            made[name] = staged(self.node, conjuncts, name, scope.names, scope.constants) if scope else None
        return made[name]

    def _each_runner(self, name: str) -> tuple[Fn, dict[int, tuple[bool, int]]]:
        """For :meth:`each`: this expression evaluated operand by operand, the values (and steps) of
        those that do not read ``name`` kept in the dict (emptied by each call of :meth:`each`). Made once."""
        made: dict[str, tuple[Fn, dict[int, tuple[bool, int]]]] = self.__dict__.setdefault("_runners", {})
        if name not in made:
            conjuncts = self.conjuncts or ((self.evaluate, self.reads),)
            parts = tuple((fn, name not in reads) for fn, reads in conjuncts)
            kept: dict[int, tuple[bool, int]] = {}

            def holds(env: Env) -> bool:
                for index, (fn, free) in enumerate(parts):
                    if not free:
                        value = bool(fn(env))
                    elif index in kept:
                        value, steps = kept[index]
                        if steps:  # counted as if walked again
                            steps += env[_STEPS]
                            if steps > MAX_WALK_STEPS:
                                raise too_many_steps()
                            env[_STEPS] = steps
                    else:
                        before = env.get(_STEPS, 0)
                        value = bool(fn(env))
                        kept[index] = (value, env.get(_STEPS, 0) - before)
                    if not value:
                        return False
                return True

            made[name] = (holds, kept)
        return made[name]

    def guard(self, name: str) -> Expression | None:
        """What of this condition does not depend on ``name``: its leading operands of ``and`` that
        do not read it, or ``None`` when its first operand reads it (or it is no ``and``).

        When the guard is false, so is the condition, whatever ``name`` holds: a rule checked for
        each card of a hand (``card.suit == plague and player == declarer and …``) is asked once
        whether it can forbid anything. Made once per expression.
        """
        made: dict[str, Expression | None] | None = self.__dict__.get("_guards")  # (asked once a turn)
        if made is None:
            made = self.__dict__["_guards"] = {}
        if name not in made:
            fns = []
            for fn, reads in self.conjuncts:
                if name in reads:
                    break
                fns.append(fn)
            source, names = f"{self.source} (without {name})", self.names - {name}  # it runs without the name set
            walks = self.walks  # (no step budget for comparisons, asked once a turn)
            if fns and walks and self.scope is not None:
                from rulespec.staged import operands, plain

                nodes = operands(self.node)
                if len(nodes) == len(self.conjuncts):
                    walks = not plain(nodes[: len(fns)], self.scope.names, self.scope.constants)
            made[name] = replace(self, source=source, evaluate=_all(fns), names=names, walks=walks) if fns else None
        return made[name]

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


def literal_expression(source: object, expected: T.Type | None) -> Expression | None:
    """A YAML bool or number written where an expression goes, as a constant (None for any other value)."""
    if isinstance(source, bool):
        if expected is not None and not T.compatible(expected, T.BOOL):
            raise CompileError(f"expected {T.with_article(expected)}, got a bool", 0)
        return Expression(str(source).lower(), T.BOOL, lambda env: source, None, source)
    if isinstance(source, int):
        if expected is not None and not T.compatible(expected, T.NUMBER):
            raise CompileError(f"expected {T.with_article(expected)}, got a number", 0)
        return Expression(str(source), T.NUMBER, lambda env: source, None, source)
    return None
