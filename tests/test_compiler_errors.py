"""Compile errors of expressions: message, offset and hint of each, type mismatches, syntax errors,
and names that depend on the scope.
"""

from __future__ import annotations

import pytest
from compiler_fakes import Combo, compile_error, compiled, make_env

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import ExpressionSyntaxError

# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "offset", "hint"),
    [
        ("oponents", "unknown name 'oponents'", 0, "did you mean 'opponents'?"),
        ("count(declarer.won, card.suit == plage)", "unknown name 'plage'", 33, None),
        ("cont(players)", "unknown function 'cont'", 0, "did you mean 'count'?"),
        ("counts(players)", "unknown function 'counts'", 0, "did you mean 'count'?"),
        ("players(1)", "unknown function 'players'", 0, None),
        ("count", "'count' is a function; call it as count(…)", 0, None),
        ("declarer.trick", "a player has no attribute 'trick'", 9, "did you mean 'tricks'?"),
        ("declarer.tricks_in", "'tricks_in' of a player is a method; call it as .tricks_in(…)", 9, None),
        ("declarer.tricks_in(1..3, 4)", "tricks_in() takes 1 argument(s), got 2", 9, None),
        ("declarer.tricks_in(3)", "expected a list of number, got a number", 19, None),
        ("declarer.score(1)", "a player has no method 'score'", 9, None),
        ("combo.hass('grill')", "a combo has no method 'hass'", 6, "did you mean 'has'?"),
        ("players.tricks", "'tricks' is asked of a list of player; lists have no attributes", 8, None),
        ("hand_size.value", "a number has no attribute 'value'", 10, None),
        ("(1)(2)", "only functions and methods can be called", 1, None),
        ("1 and true", "expected a bool, got a number", 0, None),
        ("true or 0", "expected a bool, got a number", 8, None),
        ("not hand_size", "expected a bool, got a number", 4, None),
        ("-true", "expected a number, got a bool", 1, None),
        ("1 + 'a'", "expected a number, got a text", 4, None),
        ("1 < true", "'<' compares numbers, not bool", 4, None),
        ("true == 1", "cannot compare bool with number", 5, None),
        ("declarer.tricks == trump", "cannot compare number with suit", 16, None),
        ("declarer == card", "cannot compare player with card", 9, None),
        ("1 in 5", "'in' needs a list on its right, not number", 5, None),
        ("declarer in deck", "a player cannot be in a list of card", 0, None),
        ("2 if strict else 'none'", "the two branches have different types: number and text", 17, None),
        ("1 if 2 else 3", "expected a bool, got a number", 5, None),
        ("[1, true]", "list mixes number and bool", 4, None),
        ("1..true", "expected a number, got a bool", 3, None),
    ],
)
def test_compile_errors(text: str, message: str, offset: int, hint: str | None) -> None:
    error = compile_error(text)
    assert error.message == message
    assert error.offset == offset
    if hint is not None:
        assert error.hint == hint


def test_expected_type_mismatch() -> None:
    error = compile_error("declarer.tricks", expected=T.BOOL)
    assert error.message == "expected a bool, got a number" and error.offset == 9
    assert compile_error("declarer", expected=T.list_of(T.PLAYER)).message == (
        "expected a list of player, got a player"
    )


def test_syntax_errors_pass_through() -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        compiled("count(players")
    assert info.value.offset == 13


def test_names_depend_on_the_scope() -> None:
    assert compiled("declarer.tricks", scopes.DEAL).type == T.NUMBER
    assert compile_error("declarer.tricks", scopes.AUCTION).message == "unknown name 'declarer'"
    assert compile_error("combo.worth", scopes.WORTH).message == "unknown name 'combo'"
    assert compile_error("deck", scopes.SETUP).message == "unknown name 'deck'"
    # in the auction's ``beats``, ``bid`` is a combo; walking bids shadows it with a bid
    assert compiled("bid.worth > lead.worth", scopes.BEATS).type == T.BOOL
    beats = compiled("count(bid.specials, bid.worth > 1) > 0", scopes.BEATS)
    env = make_env() | {"bid": make_env()["combo"]}
    assert beats(env) is True
    assert env["bid"] is not None and isinstance(env["bid"], Combo)
