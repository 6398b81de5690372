"""Element names in predicates (``card`` in ``count(hand, card.suit == 'H')``): which name a
walk binds, shadowing and restoring, and where the name is unknown.
"""

from __future__ import annotations

import pytest
from compiler_fakes import VOCAB, compile_error, compiled, make_env, value

from rulespec import scopes
from rulespec.compiler import EvaluationError, Scope, compile_expression

# --- element names and shadowing -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("count(declarer.won, card.rank == 'Q')", 1),
        ("count(players, player.tricks > 0)", 2),
        ("count(tricks, trick.winner == declarer)", 2),
        ("count(plays, play.player == declarer)", 3),
        ("count(plays, play.is_lead)", 3),
        ("count(plays, play.is_lead and play.player == declarer)", 1),
        ("count(suits, suit != trump)", 3),
        ("count(ranks, rank == 'A' or rank == '2')", 2),
        ("count(combo.specials, bid.worth > 1)", 1),
        ("count(combo.bids, bid.id == 'trump')", 1),
        ("count(1..10, number > 7)", 3),
    ],
)
def test_element_names(text: str, expected: int) -> None:
    assert value(text) == expected


def test_element_of_a_list_without_a_name_cannot_be_walked() -> None:
    assert compile_error("count([[1]], true)").message == "cannot walk a list of list of number with a condition"
    assert compile_error("any([true], true)").message == "cannot walk a list of bool with a condition"


def test_element_name_is_unknown_outside_its_predicate() -> None:
    error = compile_error("count(players, true) + player.tricks", scopes.DEAL)
    assert error.message == "unknown name 'player'"
    assert error.hint == "did you mean 'players'?"


def test_nested_predicates_shadow_and_restore() -> None:
    env = make_env()
    bob = env["player"]
    # inner ``player`` ranges over others(outer player); outer player is restored afterwards
    text = "count(players, any(others(player), player.tricks > 1) and player.tricks == 0)"
    # ann has 2 tricks: bob, cid(1) … players with 0 tricks whose others include someone with > 1
    assert value(text, env) == 2  # bob and dee
    assert env["player"] is bob  # the scope's own ``player`` is back
    # the same name inside and outside, with the outer one used after the inner walk
    text = "count(players, count(players, player.score > 0) == 2 and player.score < 0)"
    assert value(text, env) == 1  # only bob has a negative score
    assert env["player"] is bob


def test_element_binding_is_removed_after_the_walk() -> None:
    env = make_env()
    del env["card"]
    value("count(deck, card.suit == 'H')", env, scopes.DEAL)
    assert "card" not in env


def test_element_binding_is_restored_after_an_error() -> None:
    env = make_env()
    bob = env["player"]
    with pytest.raises(EvaluationError):
        compiled("all(players, 1 / player.tricks > 0)")(env)  # ann has 2 tricks, bob none
    assert env["player"] is bob


def test_element_name_shadows_a_param() -> None:
    where = Scope(scopes.DEAL, VOCAB, {"card": 5})
    assert compile_expression("card + 1", where).constant == 6
    expression = compile_expression("count(deck, card.suit == 'H')", where)
    assert expression(make_env()) == 13


def test_predicate_sees_outer_names() -> None:
    assert value("count(declarer.won, card.suit == trick.led_suit)") == 4  # trick 3 led diamonds
