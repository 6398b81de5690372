"""The whitelisted functions of the expression language: ``count``, ``any``, ``sum``, ``left_of`` …

Each is compiled by a function ``(compiler, call, args, names) -> _Result`` of
:data:`FUNCTIONS`, which checks its arguments' number and types at load time and returns the
closure. A new function is one entry here and its line in docs/writing-rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rulespec import types as T
from rulespec.compiled import _MISSING, CompileError, Env, EvaluationError, wrong_type
from rulespec.errors import did_you_mean
from rulespec.evaluation import _collect, _iterable, _normalize, _present, _range, _Result, _search, _size
from rulespec.expressions import Node

if TYPE_CHECKING:
    from rulespec.compiler import _Compiler

# ---------------------------------------------------------------------------------------
# the whitelisted functions

FunctionSpec = Callable[["_Compiler", Node, list[Node], Mapping[str, T.Type]], _Result]


def _list_arg(c: _Compiler, node: Node, names: Mapping[str, T.Type]) -> _Result:
    """A list a function walks; a range of constants too long to walk is refused now, not at run time."""
    result = c.compile(node, names)
    if not T.is_list(result.type):
        raise wrong_type(f"expected a list, got {T.with_article(result.type)}", node, "a list", c.scope.constants)
    return result


def _check_walkable(c: _Compiler, node: Node, names: Mapping[str, T.Type]) -> None:
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


def _fn_count(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    _arity(call, args, "count", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        return _Result(lambda env: _size(cf(env)), T.NUMBER)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    kept = _collect(name, cf, body, values=False)
    return _Result(lambda env: len(kept(env)), T.NUMBER)


def _fn_any_all(kind: str) -> FunctionSpec:
    combine = any if kind == "any" else all

    def spec(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
        _arity(call, args, kind, (1, 2))
        coll = _list_arg(c, args[0], names)
        cf = coll.fn
        if len(args) == 1:
            if T.element_of(coll.type) not in (T.BOOL, T.ANY):
                raise CompileError(f"{kind}() of one argument needs a list of bool", args[0].offset)
            return _Result(lambda env: combine(cf(env)), T.BOOL, boolean=True)
        _check_walkable(c, args[0], names)
        name, body = c.predicate_body(coll, args[1], names, T.BOOL)
        found = _search(name, cf, body, want=kind == "any")
        if kind == "any":  # (True or False itself: ``and``/``or`` need no bool() around it)
            return _Result(lambda env: found(env) is not _MISSING, T.BOOL, boolean=True)
        return _Result(lambda env: found(env) is _MISSING, T.BOOL, boolean=True)

    return spec


def _fn_filter(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    _arity(call, args, "filter", (2,))
    coll = _list_arg(c, args[0], names)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    return _Result(_collect(name, coll.fn, body, values=False), coll.type)


def _fn_first(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    """first(list) or first(list, condition): the first element (that meets the condition)."""
    _arity(call, args, "first", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        return _Result(lambda env: _first(cf(env), "first() of an empty list"), T.element_of(coll.type))
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.BOOL)
    found = _search(name, cf, body, want=True)
    return _Result(lambda env: _found(found(env)), T.element_of(coll.type))


def _found(item: Any) -> Any:
    if item is _MISSING:
        raise EvaluationError("first(): no element meets the condition")
    return item


def _first(items: Any, message: str) -> Any:
    for item in items:
        return item
    raise EvaluationError(message)


def _numeric(kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (a builtin of numbers: max, min, sum, abs, floor) with a value that is not a number
    (a number missing at run time: None) refused as the rule's failure, as the operators refuse
    theirs (``cannot evaluate None + 1``), instead of Python's TypeError reaching the user."""

    def numeric(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except TypeError:
            raise EvaluationError(f"{kind}() of something that is not a number") from None

    return numeric


def _fn_sum(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    _arity(call, args, "sum", (1, 2))
    coll = _list_arg(c, args[0], names)
    cf = coll.fn
    if len(args) == 1:
        if T.element_of(coll.type) not in (T.NUMBER, T.ANY):
            raise CompileError("sum() of one argument needs a list of numbers", args[0].offset)
        _check_walkable(c, args[0], names)
        return _Result(lambda env: _normalize(_sum(_iterable(cf(env), 0))), T.NUMBER)
    _check_walkable(c, args[0], names)
    name, body = c.predicate_body(coll, args[1], names, T.NUMBER)
    values = _collect(name, cf, body, values=True)
    return _Result(lambda env: _normalize(_sum(values(env))), T.NUMBER)


def _fn_extreme(kind: str) -> FunctionSpec:
    """max/min: of numbers given as arguments, of a list of numbers, or of an expression over a list.

    The extreme of an empty list is 0, so ``max(opponents, player.tricks)`` is defined even
    when nobody else plays.
    """
    pick = _numeric(kind, max if kind == "max" else min)

    def spec(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
        if not args:
            raise CompileError(f"{kind}() needs at least one argument", call.offset)
        first = c.compile(args[0], names)
        if T.is_list(first.type):
            _check_walkable(c, args[0], names)
        if T.is_list(first.type) and len(args) == 2:
            name, body = c.predicate_body(first, args[1], names, T.NUMBER)
            values = _collect(name, first.fn, body, values=True)
            return _Result(lambda env: pick(values(env), default=0), T.NUMBER)
        if T.is_list(first.type) and len(args) == 1:
            if T.element_of(first.type) not in (T.NUMBER, T.ANY):
                raise CompileError(
                    f"{kind}() of a {first.type} needs an expression to compare by",
                    call.offset,
                    f"e.g. {kind}(opponents, player.tricks)",
                )
            ff = first.fn
            return _Result(lambda env: pick(_iterable(ff(env), 0), default=0), T.NUMBER)
        fns = [c.expect(arg, names, T.NUMBER).fn for arg in args]
        if len(fns) == 1:
            raise CompileError(f"{kind}() of one number is that number", call.offset)
        return _Result(lambda env: pick(f(env) for f in fns), T.NUMBER)

    return spec


def _fn_abs(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    _arity(call, args, "abs", (1,))
    f = c.expect(args[0], names, T.NUMBER).fn
    return _Result(lambda env: _abs(f(env)), T.NUMBER)


def _fn_floor(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    _arity(call, args, "floor", (1,))
    f = c.expect(args[0], names, T.NUMBER).fn
    return _Result(lambda env: _floor(f(env)), T.NUMBER)


def _fn_neighbour(kind: str) -> FunctionSpec:
    """left_of(p) / right_of(p): the next player clockwise / counter-clockwise in the deal.

    The runtime environment supplies ``_seating``, an object with ``left_of`` / ``right_of``.
    """

    def spec(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
        _arity(call, args, kind, (1,))
        player = c.expect(args[0], names, T.PLAYER)
        f = player.fn
        c.read("_seating")
        # (a player of the same kind: over the whole game in winning rules, a deal's player elsewhere)
        return _Result(lambda env: getattr(env["_seating"], kind)(_present(f(env), T.PLAYER, kind)), player.type)

    return spec


def _fn_others(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    """others(p): the players of the deal other than ``p``, in seat order."""
    _arity(call, args, "others", (1,))
    player = c.expect(args[0], names, T.PLAYER)
    f = player.fn
    c.read("players")

    def others(env: Env) -> list[Any]:
        players = env["players"]
        if not players:  # (``p`` is asked only when there is someone to compare: as one per player did)
            return []
        excluded = f(env)
        return [p for p in players if p is not excluded]

    return _Result(others, T.list_of(player.type))


#: The prefix of the names a bid's steps give the players who answered each choice (see ``answered``).
ANSWERED = "answered:"


def _fn_answered(c: _Compiler, call: Node, args: list[Node], names: Mapping[str, T.Type]) -> _Result:
    """answered(choice): the players who gave a value in an earlier ``choose`` step, in the order they
    were asked; one who declined an optional choice is left out.

    It lets a later step ask only those who answered (Master Trump: only a player who wished for a
    suit says how strongly). The argument is the step's ``as`` name itself, not its value: each
    choice declares, beside its own name, the name ``answered:<name>`` for the expressions that
    come after it (no rule file can write a name with a colon), and the deal sets both when the
    choice is made.
    """
    _arity(call, args, "answered", (1,))
    (arg,) = args
    choices = sorted(name[len(ANSWERED) :] for name in names if name.startswith(ANSWERED))
    if arg.kind != "name" or ANSWERED + str(arg.value) not in names:
        given = str(arg.value) if arg.kind == "name" else None
        if choices:
            hint = did_you_mean(given, choices) if given else None
            hint = hint or f"the choices before this place: {', '.join(choices)}"
        else:
            hint = "no choice is seen here: only a bid's later steps and its rules read its choices"
        raise CompileError("answered() takes the 'as' name of an earlier choose step", arg.offset, hint)
    key = ANSWERED + str(arg.value)
    c.read(key)
    return _Result(lambda env: list(env[key]), T.list_of(T.PLAYER))


_sum = _numeric("sum", sum)
_abs = _numeric("abs", abs)
_floor = _numeric("floor", lambda value: int(Fraction(value).__floor__()))

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
    "answered": _fn_answered,
}

#: The functions that read the deal's seating or choices, not only their arguments.
READS_THE_DEAL = frozenset({"left_of", "right_of", "others", "answered"})
