"""Property tests: broken expressions give the project's errors, never another exception.

Random text, token soup, grammar-built expressions and mutations of every expression of the
bundled rule files, compiled against a realistic scope, give an Expression or
ExpressionSyntaxError / CompileError; what compiles evaluates to a value or an EvaluationError.
Deterministic (``derandomize=True``) so CI runs the same examples every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
import yaml
from compiler_fakes import make_env
from fuzz_helpers import RULE_FILES, SCOPE, TOKENS, count_event
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import RuleError
from rulespec import types as T
from rulespec.compiler import CompileError, EvaluationError, Expression, ExpressionSyntaxError, compile_expression
from rulespec.expressions import parse

FAST = settings(max_examples=300, deadline=None, derandomize=True)


# --- (a) expressions ---------------------------------------------------------------------------


def strings_in(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings_in(value)


def expression_seeds() -> list[str]:
    """Every string of the bundled rule files that parses as an expression."""
    seeds: dict[str, None] = {}
    for path in RULE_FILES:
        for text in strings_in(yaml.safe_load(path.read_text(encoding="utf-8"))):
            try:
                parse(text)
            except ExpressionSyntaxError:
                continue
            seeds[text] = None
    return list(seeds)


SEEDS = expression_seeds()


def runtime_env() -> dict[str, Any]:
    env = make_env()
    deck = env["deck"]
    env.update(
        justice_card=deck[5],
        guessed=[2, 5],
        guess=3,
        offered=deck[10:13],
        taken=deck[12],
        given=deck[0],
        plague="H",
        preferred_suit=["S", "D"],
        preference=[1, 5],
    )
    return env


def test_runtime_env_has_every_name_of_the_scope() -> None:
    assert set(SCOPE.names) <= set(runtime_env())


def test_seeds_cover_the_rule_files() -> None:
    assert len(SEEDS) > 60
    for text in ("bid.worth > lead.worth", "declarer.tricks in guessed", 'card.rank == "2"'):
        assert any(text in seed for seed in SEEDS), text
    # every seed that is an expression of the bundled rules compiles in the realistic scope
    compiled = [s for s in SEEDS if isinstance(outcome(s), Expression)]
    assert len(compiled) > len(SEEDS) // 2


token_text = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)


@st.composite
def mutated_expression(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 6)))
        operation = draw(st.sampled_from(["insert", "delete", "replace", "duplicate", "character"]))
        if operation == "insert":
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[start:]
        elif operation == "delete":
            text = text[:start] + text[end:]
        elif operation == "replace":
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[end:]
        elif operation == "duplicate":
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:start] + draw(st.characters()) + text[end:]
    return text


ATOMS: dict[str, list[str]] = {
    "number": ["0", "1", "3", "13", "99999999999999999999", "hand_size", "player_count", "cards", "declarer.tricks"]
    + ["card.value", "trick.number", "combo.worth", "guess"],
    "bool": ["true", "false", "card.is_trump", "declarer.is_declarer", "combo.has('grill')"],
    "numbers": ["guessed", "[]", "[1, 2]", "1..hand_size", "1..99999999999999999999"],
    "players": ["players", "opponents"],
    "cards": ["deck", "declarer.won", "player.hand", "trick.cards", "offered"],
    "player": ["player", "declarer", "dealer", "trick.winner", "card.holder", "taken.holder"],
    "suit": ["'H'", '"S"', "trump", "card.suit", "plague", "trick.led_suit"],
}


def _typed_level(inner: dict[str, st.SearchStrategy[str]]) -> dict[str, st.SearchStrategy[str]]:
    """Expressions of each type one level deeper than ``inner``'s."""
    num, boolean, numbers = inner["number"], inner["bool"], inner["numbers"]
    players, cards, player, suit = inner["players"], inner["cards"], inner["player"], inner["suit"]

    def binary(left: st.SearchStrategy[str], ops: list[str], right: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(left, st.sampled_from(ops), right).map(lambda t: f"({t[0]} {t[1]} {t[2]})")

    def call(name: str, *args: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(*args).map(lambda t: f"{name}({', '.join(t)})")

    def conditional(branch: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(branch, boolean, branch).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})")

    walk_number = st.one_of(num, st.just("number"), binary(st.just("number"), ["+", "*", "%"], num))
    return {
        "number": st.one_of(
            inner["number"],
            binary(num, ["+", "-", "*", "/", "%"], num),
            num.map(lambda a: f"-{a}"),
            call("abs", num),
            call("floor", num),
            call("count", numbers),
            call("count", players, boolean),
            call("count", cards, boolean),
            call("count", numbers, binary(walk_number, ["<", "==", ">"], num)),
            call("sum", numbers),
            call("sum", numbers, walk_number),
            call("sum", players, num),
            call("max", num, num),
            call("min", numbers),
            call("max", cards, num),
            call("min", players, num),
            numbers.map(lambda a: f"declarer.tricks_in({a})"),
            conditional(num),
        ),
        "bool": st.one_of(
            inner["bool"],
            binary(num, ["==", "!=", "<", "<=", ">", ">="], num),
            binary(boolean, ["and", "or"], boolean),
            boolean.map(lambda a: f"not {a}"),
            binary(num, ["in", "not in"], numbers),
            binary(numbers, ["==", "!="], numbers),
            binary(player, ["in", "not in"], players),
            binary(player, ["==", "!="], player),
            binary(suit, ["==", "!="], suit),
            call("any", players, boolean),
            call("all", cards, boolean),
            call("any", numbers, binary(walk_number, ["<", "==", ">"], num)),
            conditional(boolean),
        ),
        "numbers": st.one_of(
            inner["numbers"],
            binary(num, [".."], num),
            st.tuples(num, num).map(lambda t: f"[{t[0]}, {t[1]}]"),
            call("filter", numbers, binary(walk_number, ["<", "==", ">"], num)),
            conditional(numbers),
        ),
        "players": st.one_of(inner["players"], call("others", player), call("filter", players, boolean)),
        "cards": st.one_of(inner["cards"], call("filter", cards, boolean), conditional(cards)),
        "player": st.one_of(inner["player"], call("left_of", player), call("right_of", player), conditional(player)),
        "suit": st.one_of(inner["suit"], conditional(suit)),
    }


def _typed_expressions(depth: int) -> st.SearchStrategy[str]:
    level = {kind: st.sampled_from(atoms) for kind, atoms in ATOMS.items()}
    for _ in range(depth):
        level = _typed_level(level)
    return st.one_of(*level.values())


#: Mostly well-typed expressions of every type.
grammar_expression = _typed_expressions(3)


def outcome(text: str) -> Expression | ExpressionSyntaxError | CompileError:
    try:
        return compile_expression(text, SCOPE)
    except (ExpressionSyntaxError, CompileError) as exc:
        assert isinstance(exc.offset, int) and 0 <= exc.offset <= len(text), (text, exc.offset)
        assert exc.message
        return exc


def conforms(t: T.Type, value: Any) -> bool:
    if t == T.NUMBER:
        return isinstance(value, int | Fraction) and not isinstance(value, bool)
    if t == T.BOOL:
        return isinstance(value, bool)
    if T.is_list(t):
        return isinstance(value, list | tuple | range)
    if t in (T.SUIT, T.RANK, T.TEXT, T.ZONE):
        return isinstance(value, str)
    return True


def check_expression(text: str) -> None:
    result = outcome(text)
    count_event(type(result).__name__)
    if not isinstance(result, Expression):
        return
    try:
        value = result(runtime_env())
    except EvaluationError as exc:
        assert isinstance(exc, RuleError) and exc.message
        count_event("EvaluationError")
        return
    assert conforms(result.type, value), (text, result.type, value)


@FAST
@given(mutated_expression())
def test_mutated_expressions(text: str) -> None:
    check_expression(text)


@FAST
@given(token_text)
def test_token_soup(text: str) -> None:
    check_expression(text)


@FAST
@given(grammar_expression)
def test_grammar_built_expressions(text: str) -> None:
    check_expression(text)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.text(max_size=40))
def test_random_text(text: str) -> None:
    check_expression(text)


@pytest.mark.parametrize("text", SEEDS)
def test_every_seed(text: str) -> None:
    check_expression(text)
