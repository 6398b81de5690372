"""Comparisons (rulespec/evaluation.py): a comparison of names and attributes of names looks its
operands up itself instead of calling a closure for each; it must say exactly what the general
comparison says — the same value, and the same error for a missing value or a value that cannot
be compared — whatever the operands hold.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import types as T
from rulespec.compiler import EvaluationError, Scope, Vocabulary, compile_expression

SCOPE = Scope({"n": T.NUMBER, "m": T.NUMBER, "player": T.PLAYER, "declarer": T.PLAYER}, Vocabulary(), {"limit": 3})

# Each operand as the quick comparison sees it, and the same value through a general closure
# (a conditional: no name or attribute of a name).
OPERANDS = {text: f"({text} if true else {text})" for text in ("n", "player.score", "declarer.score", "limit", "2")}
PLAYERS = {text: f"({text} if true else {text})" for text in ("player", "declarer")}
OPS = ["==", "!=", "<", "<=", ">", ">="]

numbers = st.one_of(st.none(), st.integers(-3, 3))  # a missing number cannot be ordered
seats = st.one_of(st.none(), st.builds(SimpleNamespace, score=numbers))  # a missing player has no score


def outcome(text: str, env: dict[str, Any]) -> Any:
    try:
        return compile_expression(text, SCOPE, T.BOOL)(dict(env))
    except EvaluationError as exc:
        return ("error", exc.message)


@settings(derandomize=True, max_examples=500, deadline=None)
@given(
    st.sampled_from(list(OPERANDS)),
    st.sampled_from(OPS),
    st.sampled_from(list(OPERANDS)),
    numbers,
    numbers,
    seats,
    seats,
)
def test_a_quick_comparison_says_what_the_general_one_says(
    left: str, op: str, right: str, n: Any, m: Any, player: Any, declarer: Any
) -> None:
    env = {"n": n, "m": m, "player": player, "declarer": declarer}
    expected = outcome(f"{OPERANDS[left]} {op} {OPERANDS[right]}", env)
    assert outcome(f"{left} {op} {right}", env) == expected


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.sampled_from(["==", "!="]), seats, seats, st.booleans())
def test_players_compare_as_the_general_comparison_does(op: str, player: Any, declarer: Any, same: bool) -> None:
    env = {"n": 0, "m": 0, "player": player, "declarer": player if same else declarer}
    expected = outcome(f"{PLAYERS['player']} {op} {PLAYERS['declarer']}", env)
    assert outcome(f"player {op} declarer", env) == expected
