"""Expression.guard: the part of a condition that does not read a name (rulespec/compiled.py).

legal_cards asks a play rule's card-free guard once per turn and skips the rule when it is false,
so a false guard must mean a false condition for every card, and the guard must never use an
operand that reads the name (also through a walk that binds it).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import types as T
from rulespec.compiler import Scope, Vocabulary, compile_expression

NAMES = {"a": T.BOOL, "b": T.BOOL, "n": T.NUMBER, "card": T.NUMBER, "cards": T.list_of(T.NUMBER)}
SCOPE = Scope(NAMES, Vocabulary(), {"limit": 3})

# Operands of an and-chain: some read `card`, some do not, one binds it in a walk.
ATOMS = [
    "a",
    "not b",
    "n > 2",
    "n == limit",
    "card > n",
    "card == 1 or a",
    "any(cards, card > n)",
    "count(cards, card == 2) < n",
]


def env_of(a: bool, b: bool, n: int, card: int, cards: list[int]) -> dict[str, Any]:
    return {"a": a, "b": b, "n": n, "card": card, "cards": cards}


@settings(derandomize=True, max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(ATOMS), min_size=1, max_size=4),
    st.booleans(),
    st.booleans(),
    st.integers(0, 5),
    st.lists(st.integers(0, 5), max_size=4),
)
def test_a_false_guard_means_false_for_every_card(
    operands: list[str], a: bool, b: bool, n: int, cards: list[int]
) -> None:
    expression = compile_expression(" and ".join(f"({o})" for o in operands), SCOPE, T.BOOL)
    guard = expression.guard("card")
    reads_card = ["card" in operand for operand in operands]
    if reads_card[0] or len(operands) == 1:
        # No leading operand is free of `card` (a lone operand is no and-chain).
        assert guard is None
        return
    assert guard is not None
    free = operands[: reads_card.index(True)] if True in reads_card else operands
    truth = compile_expression(" and ".join(f"({o})" for o in free), SCOPE, T.BOOL)
    for card in range(6):
        env = env_of(a, b, n, card, cards)
        assert guard(env) == truth(env)
        if not guard(env):
            assert expression(env) is False
    assert expression.guard("card") is guard  # made once


def test_the_guard_stops_at_the_first_operand_that_reads_the_name() -> None:
    expression = compile_expression("a and card > n and not b", SCOPE, T.BOOL)
    guard = expression.guard("card")
    assert guard is not None
    # `not b` is free of `card` too, but comes after an operand that reads it: not in the guard.
    assert guard(env_of(True, True, 0, 0, [])) is True
    assert guard(env_of(False, False, 0, 0, [])) is False
    assert compile_expression("a or b", SCOPE, T.BOOL).guard("card") is None
