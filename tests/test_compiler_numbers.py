"""Numbers in expressions: exact division, the bound on numbers and walks, missing runtime values,
comparisons of lists, and the names an expression reads.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from compiler_fakes import compile_error, compiled, evaluation_error, make_env, scope, value

from rulespec import scopes
from rulespec.compiler import MAX_ITERATION, MAX_WALK_STEPS, EvaluationError, compile_expression
from rulespec.errors import RuleError

# --- numbers ----------------------------------------------------------------------------------


def test_division_is_exact() -> None:
    assert value("7 / 2") == Fraction(7, 2)
    assert value("6 / 3") == 2 and type(value("6 / 3")) is int
    assert value("1/3 + 2/3") == 1 and type(value("1/3 + 2/3")) is int
    assert value("(1/3) * 3 == 1") is True
    assert value("hand_size / 2 > 6") is True
    assert value("7 % 3") == 1
    assert value("-7 % 3") == 2
    assert value("(7/2) % 1") == Fraction(1, 2)


def test_division_by_zero() -> None:
    error = evaluation_error("hand_size / (player_count - 4)")
    assert error.message == "division by zero"
    assert isinstance(error, RuleError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 / 0", "division by zero"),
        ("hand_size % 0", "modulo by zero"),
        ("3 * (2 - 2) + 1 / (1 - 1)", "division by zero"),
    ],
)
def test_division_by_a_constant_zero_is_refused_when_compiled(text: str, message: str) -> None:
    assert compile_error(text).message == message


@pytest.mark.parametrize(
    "text",
    [
        "1000000000000 + 1",
        "999999 * 9999999",
        "-1000000 * 1000000 - 1",
        "1000000000001",
        "count(1..10, true) > 10000000000000",
    ],
)
def test_numbers_beyond_the_bound_are_refused_when_compiled(text: str) -> None:
    assert "out of range" in compile_error(text).message


def test_arithmetic_beyond_the_bound_fails_at_run_time() -> None:
    error = evaluation_error("hand_size * 1000000 * 1000000")
    assert "out of range" in error.message


def test_walking_a_huge_range_is_refused() -> None:
    assert value(f"count(1..{MAX_ITERATION}, true)") == MAX_ITERATION
    for text in (
        f"count(1..{MAX_ITERATION + 1}, true)",
        "any(1..999999999999, number < 0)",
        "sum(1..999999999999)",
        "max(1..999999999999)",
        "filter(1..1000000, number > 3)",
        "min(1..99999, number)",
    ):
        assert "too large to walk" in compile_error(text).message, text  # constant ends: refused by check
    for text in ("count(1..hand_size * 100000, true)", "sum(hand_size..hand_size * 1000000)"):
        assert "too large to walk" in evaluation_error(text).message, text


def test_nested_walks_share_one_budget() -> None:
    env = make_env()
    before = set(env)
    text = f"count(1..{MAX_ITERATION}, count(1..{MAX_ITERATION}, true) > 0)"  # each walk is allowed alone
    with pytest.raises(EvaluationError, match=f"walks more than {MAX_WALK_STEPS} items"):
        compiled(text)(env)
    assert set(env) == before  # no bookkeeping is left behind
    assert value("count(1..300, count(1..300, true) == 300)", env) == 300
    assert set(env) == before


def test_huge_ranges_that_need_no_walk() -> None:
    assert value("count(1..999999999999)") == 999999999999
    assert value("999999999998 in 1..999999999999") is True
    assert value("0 in 1..999999999999") is False
    assert value("(1/2) in 1..999999999999") is False  # by arithmetic, not by walking
    assert value("(4/2) in 1..999999999999") is True


def test_range_bounds_must_be_whole() -> None:
    assert value("1..3") == range(1, 4)
    assert list(value("1..(6/2)")) == [1, 2, 3]
    assert "whole number" in evaluation_error("count(1..(hand_size / 2))").message
    assert "whole number" in evaluation_error("(1/2)..3").message


def test_missing_runtime_values_give_evaluation_errors() -> None:
    env = make_env()
    env["declarer"].tricks = None
    with pytest.raises(EvaluationError):
        compiled("declarer.tricks > 1")(env)
    with pytest.raises(EvaluationError):
        compiled("declarer.tricks + 1")(env)


def test_equality_compares_a_missing_value_as_a_value_of_its_own() -> None:
    """docs/writing-rules.md §4.10: ``==`` and ``!=`` never stop the game on a missing value (there
    would be no way left to test for one): it equals only another missing value. ``trump`` is missing
    in a deal without trump, ``trick.led_suit`` before a trick's first card."""
    env = make_env()
    env["trump"] = None
    env["trick"].led_suit = None
    assert value("card.suit == trump", env) is False
    assert value("card.suit != trump", env) is True
    assert value('trick.led_suit != "H"', env) is True  # (the newcomer's "hearts broken" rule: true at every lead)
    assert value('trick.led_suit == "H"', env) is False
    assert value("trick.led_suit == trump", env) is True  # two missing values
    assert value("trick.led_suit in suits", env) is False  # how to ask whether the trick has begun
    env["last_trick"] = None  # an attribute of a missing value does stop (as arithmetic and < do: above)
    with pytest.raises(EvaluationError, match="cannot take 'led_suit' of a missing trick"):
        compiled('last_trick.led_suit == "H"')(env)


def test_missing_objects_give_evaluation_errors() -> None:
    env = make_env()
    env["card"].holder = None  # a card nobody holds
    env["last_trick"] = None  # before the first trick
    for text, message in (
        ("card.holder.score > 0", "cannot take 'score' of a missing player"),
        ("left_of(card.holder) == declarer", "cannot take 'left_of' of a missing player"),
        ("card.holder.tricks_in(1..3) > 0", "cannot take 'tricks_in' of a missing player"),
        ("last_trick.winner != declarer", "cannot take 'winner' of a missing trick"),
    ):
        with pytest.raises(EvaluationError) as info:
            compiled(text)(env)
        assert info.value.message == message


def test_a_missing_number_in_a_comparison_is_reported() -> None:
    env = make_env()
    env["declarer"].score = None  # as a broken runtime object would have it
    for text in ("declarer.score < 3", "declarer.score >= 3", "3 > declarer.score"):
        with pytest.raises(EvaluationError) as info:
            compiled(text)(env)
        assert info.value.message.startswith("cannot evaluate"), text
    assert compiled("declarer.score == 3")(env) is False  # equality needs no order


def test_comparisons_of_lists_and_of_single_values_agree() -> None:
    env = make_env()
    for text, expected in (
        ("declarer.score == 4", True),
        ("declarer.score != 4", False),
        ("card.suit == 'H'", True),
        ("card.value < 2", True),
        ("trick.winner == declarer", True),
        ("declarer.hand == declarer.hand", True),
        ("[1, 2] == 1..2", True),
        ("tricks != []", True),
    ):
        assert compiled(text)(env) is expected, text


def test_an_expression_knows_the_names_it_reads() -> None:
    worth = scope(scopes.WORTH)
    assert compile_expression("3 if standard.trump and standard.id != 'grill' else 1", worth).reads == {"standard"}
    assert compile_expression("sum(specials, bid.worth) + player_count", worth).reads == {"specials", "player_count"}
    assert compile_expression("cards * 2", worth).reads == frozenset()  # a param is compiled in
    assert compile_expression("option.rounds", worth).reads == {"option"}
    deal = scope(scopes.DEAL)
    assert compile_expression("count(deck, card.value > 3)", deal).reads == {"deck", "_table"}
    assert compile_expression("left_of(dealer)", deal).reads == {"dealer", "_seating"}
    assert compile_expression("others(declarer)", deal).reads == {"declarer", "players"}
