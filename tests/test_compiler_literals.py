"""String literals that stand for suits, ranks, bids and zones: checked against the rule set's
vocabulary, with hints, and coerced to the type an expression expects.
"""

from __future__ import annotations

import pytest
from compiler_fakes import compile_error, compiled, make_env, scope, value

from rulespec import types as T
from rulespec.compiler import CompileError, compile_expression

# --- string literals stand for suits, ranks, bids ------------------------------------------------


def test_string_literal_suit() -> None:
    assert compiled('card.suit == "H"')(make_env()) is True
    assert compiled('"H" == card.suit')(make_env()) is True
    assert compiled('trump != "S"')(make_env()) is False
    text = 'card.suit == "X"'
    error = compile_error(text)
    assert error.message == "unknown suit 'X'"
    assert error.offset == text.index("X")


def test_string_literal_rank_and_hint() -> None:
    assert value('count(deck, card.rank == "10")') == 4
    error = compile_error('card.rank == "11"')
    assert error.message == "unknown rank '11'"
    text = "card.rank == 'Kk'"
    error = compile_error(text)
    assert error.message == "unknown rank 'Kk'" and error.hint == "did you mean 'K'?"
    assert error.offset == text.index("Kk")
    assert compile_error("card.rank == 10").message == "cannot compare rank with number"


def test_string_literal_bid_id() -> None:
    assert value("standard.id == 'trump'") is True
    assert value("combo.has('plague')") is True
    assert value("combo.has('grill')") is False
    error = compile_error("combo.has('gril')")
    assert error.message == "unknown bid 'gril'" and error.hint == "did you mean 'grill'?"
    assert compile_error("standard.id != 'nope'").message == "unknown bid 'nope'"


def test_string_literal_zone() -> None:
    assert value("card.zone == ''") is True
    assert value("count(declarer.hand, card.zone == 'atelier')") == 1
    assert compile_error("card.zone == 'ateleir'").hint == "did you mean 'atelier'?"


def test_string_literals_in_lists() -> None:
    assert value('card.suit in ["H", "S"]') is True
    assert value('count(deck, card.rank in ["J", "Q", "K"])') == 12
    text = 'card.suit in ["H", "Z"]'
    error = compile_error(text)
    assert error.message == "unknown suit 'Z'" and error.offset == text.index("Z")
    # a literal next to a value of a named type stands for that type
    assert compiled('[standard.id, "grill"]').type == T.list_of(T.BID)
    assert value('standard.id in [standard.id, "grill"]') is True
    assert compile_error('[standard.id, "gril"]').message == "unknown bid 'gril'"
    assert value("[1, 2, 3] == 1..3") is True
    assert compile_error('[1, "a"]').message == "list mixes number and text"


def test_expected_type_coerces_literals() -> None:
    assert compile_expression('"H"', scope(), T.SUIT).type == T.SUIT
    assert compile_expression('["C", "D"]', scope(), T.list_of(T.SUIT)).type == T.list_of(T.SUIT)
    assert compile_expression('"left"', scope(), T.DIRECTION).type == T.DIRECTION
    with pytest.raises(CompileError, match="unknown direction 'up'"):
        compile_expression('"up"', scope(), T.DIRECTION)
    with pytest.raises(CompileError, match="unknown suit 'Q'"):
        compile_expression('["C", "Q"]', scope(), T.list_of(T.SUIT))
    # a conditional of literals is a literal too
    expression = compile_expression("'H' if player_count == 4 else 'S'", scope(), T.SUIT)
    assert expression.type == T.SUIT and expression(make_env()) == "H"
    with pytest.raises(CompileError, match="unknown suit 'Y'"):
        compile_expression("'H' if player_count == 4 else 'Y'", scope(), T.SUIT)
    assert value("card.suit == ('H' if strict else 'S')") is True
    assert value("card.suit in (['H', 'D'] if strict else ['S'])") is True
    with pytest.raises(CompileError, match="unknown suit 'E'"):
        compiled("card.suit in (['H', 'D'] if strict else ['E'])")


def test_text_param_stands_for_a_suit() -> None:
    assert value("card.suit == favourite") is True
    text = "trump == bad_suit"
    error = compile_error(text)
    assert error.message == "unknown suit 'X'" and error.offset == text.index("bad_suit")


def test_plain_text_is_not_checked() -> None:
    assert value("'anything' == 'anything'") is True
    assert compile_error("'a' < 'b'").message == "'<' compares numbers, not text"
