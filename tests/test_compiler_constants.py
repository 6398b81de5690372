"""Constants at compile time: params compiled in as constants, the possible values of
conditionals, and plain YAML numbers and booleans as expressions.
"""

from __future__ import annotations

from typing import Any

import pytest
from compiler_fakes import VOCAB, compile_error, compiled, make_env, scope

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import CompileError, Scope, compile_expression

# --- params ------------------------------------------------------------------------------------


def test_params_are_constants() -> None:
    expression = compiled("cards")
    assert expression.is_constant and expression.constant == 3 and expression.type == T.NUMBER
    assert compiled("cards * 2 + 1").constant == 7
    assert compiled("-cards").constant == -3
    assert compiled("strict").type == T.BOOL and compiled("strict").constant is True
    assert compiled("favourite").type == T.TEXT
    assert compiled("declarer.tricks_in(1..cards)")(make_env()) == 2  # ann took tricks 1 and 3
    assert compiled("declarer.tricks_in(2..cards)")(make_env()) == 1


def test_scope_names_hide_params() -> None:
    assert compile_expression("cards", Scope({"cards": T.list_of(T.CARD)}, VOCAB, {"cards": 3})).type == T.list_of(
        T.CARD
    )


def test_unknown_name_suggests_params() -> None:
    error = compile_error("cardz + 1", scopes.DEAL)
    assert error.message == "unknown name 'cardz'" and error.hint == "did you mean 'cards'?"


# --- possible values of conditionals ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("3 if standard.trump and standard.id != 'grill' else 1", [3, 1]),
        ("1 if standard.trump else 3", [1, 3]),
        ("1 if standard.trump else 2 if player_count == 3 else 1", [1, 2]),
        ("-2 if standard.trump else 0", [-2, 0]),
        ("-(2 if standard.trump else 1)", [-2, -1]),
        ("cards if standard.trump else 0", [3, 0]),
        ("cards * 2 if standard.trump else 0", [6, 0]),
        ("5", [5]),
        ("cards", [3]),
        ("'H' if standard.trump else 'S'", ["H", "S"]),
    ],
)
def test_possible_values(text: str, values: list[Any]) -> None:
    assert compile_expression(text, scope(scopes.WORTH)).possible_values() == values


@pytest.mark.parametrize(
    "text",
    ["standard.worth", "standard.worth if standard.trump else 1", "1 if standard.trump else 1 / 2", "1 + player_count"],
)
def test_no_possible_values_when_not_constant(text: str) -> None:
    assert compile_expression(text, scope(scopes.WORTH)).possible_values() is None


def test_yaml_constants() -> None:
    assert compile_expression(3, scope()).possible_values() == [3]
    assert compile_expression(True, scope(), T.BOOL).constant is True
    assert compile_expression(-2, scope(), T.NUMBER)({}) == -2
    with pytest.raises(CompileError, match="expected a bool, got a number"):
        compile_expression(3, scope(), T.BOOL)
    with pytest.raises(CompileError, match="expected a number, got a bool"):
        compile_expression(False, scope(), T.NUMBER)
    with pytest.raises(CompileError, match="expected an expression, got float"):
        compile_expression(1.5, scope())
