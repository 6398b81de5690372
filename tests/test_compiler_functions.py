"""The whitelisted functions of the expression language (count, any, filter, sum, max, left_of, …):
their types and their values on a fake table.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from compiler_fakes import compile_error, compiled, make_env, value

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import FUNCTIONS, EvaluationError

# --- the whitelisted functions ----------------------------------------------------------------


def test_function_list() -> None:
    # Every function below is tested; a new one must get a test.
    assert set(FUNCTIONS) == {
        "count",
        "any",
        "all",
        "filter",
        "first",
        "sum",
        "max",
        "min",
        "abs",
        "floor",
        "left_of",
        "right_of",
        "others",
        "answered",  # tests/test_answered.py
    }


def test_count() -> None:
    assert value("count(players)") == 4
    assert value("count(declarer.won)") == 8  # two tricks of four cards
    assert value('count(declarer.won, card.suit == "H")') == 4
    assert value("count(players, player.tricks == 0)") == 2  # bob, dee
    assert value("count([])") == 0
    assert value("count(1..0)") == 0
    assert value("count(1..13, number % 2 == 0)") == 6
    assert compile_error("count(5)").message == "expected a list, got a number"
    assert compile_error("count()").message == "count() takes 1 or 2 argument(s), got 0"
    assert compile_error("count(players, true, true)").message == "count() takes 1 or 2 argument(s), got 3"


def test_any_and_all() -> None:
    assert value("any(players, player.score < 0)") is True
    assert value("all(players, player.score < 0)") is False
    assert value("all(opponents, not player.is_declarer)") is True
    assert value("any([false, true])") is True
    assert value("all([true, false])") is False
    assert value("any([])") is False  # nothing holds in an empty list
    assert value("all([])") is True
    assert value("any(players, false)") is False
    assert compile_error("any(players)").message == "any() of one argument needs a list of bool"
    assert compile_error("all(players, player.tricks)").message == "expected a bool, got a number"


def test_filter_keeps_the_list_type() -> None:
    expression = compiled("filter(players, player.score < 0)")
    assert expression.type == T.list_of(T.PLAYER)
    env = make_env()
    assert [p.name for p in expression(env)] == ["bob"]
    assert value("count(filter(deck, card.suit == 'S'))") == 13
    assert value("filter(1..6, number > 4)") == [5, 6]
    assert compile_error("filter(players)").message == "filter() takes 2 argument(s), got 1"


def test_first() -> None:
    assert value("first([4, 5, 6])") == 4
    assert value("first(1..13, number % 5 == 0)") == 5
    assert compiled("first(players, player.score < 0)").type == T.PLAYER
    assert value("first(players, player.score < 0)").name == "bob"
    assert value('first(deck, card.suit == "S").suit') == "S"
    env = make_env()
    env["player"] = "kept"
    compiled("first(players, player.tricks == 0)")(env)  # a walk stopped early ...
    assert env["player"] == "kept"  # ... gives the name it bound back
    with pytest.raises(EvaluationError, match="no element meets the condition"):
        value("first(players, player.score > 100)")
    with pytest.raises(EvaluationError, match="empty list"):
        value("first([])")
    assert compile_error("first(5)").message == "expected a list, got a number"
    assert compile_error("first()").message == "first() takes 1 or 2 argument(s), got 0"


def test_sum() -> None:
    assert value("sum(players, player.score)") == 0  # 4 - 6 + 0 + 2
    assert value("sum([1, 2, 3])") == 6
    assert value("sum([])") == 0
    assert value("sum(1..4, number / 2)") == 5  # a Fraction sum that comes out whole ...
    assert type(value("sum(1..4, number / 2)")) is int  # ... is an int
    assert value("sum([1/3, 1/2])") == Fraction(5, 6)
    assert compile_error("sum(players)").message == "sum() of one argument needs a list of numbers"


def test_max_and_min() -> None:
    assert value("max(1, 7, 3)") == 7
    assert value("min(1, 7, -3)") == -3
    assert value("max([2, 9, 4])") == 9
    assert value("max(opponents, player.tricks)") == 1
    assert value("min(players, player.score)") == -6
    assert value("max(1/2, 1/3)") == Fraction(1, 2)
    # the extreme of an empty list is 0 (max(opponents, …) with nobody else playing)
    assert value("max([])") == 0
    assert value("min([])") == 0
    assert value("max(1..0)") == 0
    assert value("max(filter(players, false), player.tricks)") == 0
    assert value("min(filter(players, false), player.tricks)") == 0
    error = compile_error("max(players)")
    assert error.message == "max() of a list of player needs an expression to compare by"
    assert error.hint == "e.g. max(opponents, player.tricks)"
    assert compile_error("min(5)").message == "min() of one number is that number"
    assert compile_error("max()").message == "max() needs at least one argument"
    assert compile_error("max(1, true)").message == "expected a number, got a bool"


def test_abs_and_floor() -> None:
    assert value("abs(-3)") == 3
    assert value("abs(3 - 5)") == 2
    assert value("abs(-1/2)") == Fraction(1, 2)
    assert value("floor(7/2)") == 3
    assert value("floor(-7/2)") == -4  # towards minus infinity
    assert value("floor(6/3)") == 2
    assert value("floor(hand_size / player_count)") == 3
    assert compile_error("abs(1, 2)").message == "abs() takes 1 argument(s), got 2"
    assert compile_error("floor(players)").message == "expected a number, got a list of player"


def test_left_of_and_right_of_use_the_seating() -> None:
    env = make_env()
    assert value("left_of(declarer)", env).name == "bob"
    assert value("right_of(declarer)", env).name == "dee"
    assert value("left_of(right_of(player))", env) is env["player"]
    assert value("right_of(dealer) == cid", env | {"cid": env["players"][2]}, {**scopes.DEAL, "cid": T.PLAYER})
    assert compile_error("left_of(1)").message == "expected a player, got a number"
    assert compile_error("right_of()").message == "right_of() takes 1 argument(s), got 0"


def test_others() -> None:
    env = make_env()
    assert [p.name for p in value("others(declarer)", env)] == ["bob", "cid", "dee"]
    assert [p.name for p in value("others(player)", env)] == ["ann", "cid", "dee"]
    assert value("count(others(player), player.score <= -5) == count(others(player))", env) is False
    assert compiled("others(declarer)").type == T.list_of(T.PLAYER)
