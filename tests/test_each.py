"""Expression.each: a condition asked for each item of a list (rulespec/compiled.py).

legal_cards asks a play rule for every card of a hand with ``each``, which evaluates the rule's
operands of ``and`` that do not read the card once per turn. Whatever the expression, ``each``
must say what calling the expression card by card says: the same values, the same errors, the
same step budget, and the card left in the environment.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import types as T
from rulespec.compiler import MAX_ITERATION, MAX_WALK_STEPS, EvaluationError, Scope, Vocabulary, compile_expression

NAMES = {"a": T.BOOL, "n": T.NUMBER, "card": T.NUMBER, "cards": T.list_of(T.NUMBER)}
SCOPE = Scope(NAMES, Vocabulary(), {"limit": 3})

# Operands: some read `card`, some walk, one binds `card` in a walk, some fail at run time.
ATOMS = [
    "a",
    "not a",
    "n > 2",
    "n == limit",
    "card > n",
    "card == 1 or a",
    "any(cards, card > n)",
    "count(cards, card == 2) < n",
    "10 / n > 2",  # division by zero when n is 0
    "10 / (card - 2) > 1",  # division by zero for card 2
    "count(1..n * 1000, true) > 0",
]


#: A condition's operands, ``a``, ``n``, ``cards``, and the items it is asked of.
CASES = (
    st.lists(st.sampled_from(ATOMS), min_size=1, max_size=4),
    st.booleans(),
    st.integers(0, 5),
    st.lists(st.integers(0, 5), max_size=4),
    st.lists(st.integers(0, 5), max_size=6),
)


def outcome(run: Any) -> Any:
    try:
        return run()
    except EvaluationError as exc:
        return ("error", exc.message)


@settings(derandomize=True, max_examples=400, deadline=None)
@given(*CASES)
def test_each_says_what_asking_card_by_card_says(
    operands: list[str], a: bool, n: int, cards: list[int], items: list[int]
) -> None:
    text = " and ".join(f"({o})" for o in operands)
    expression = compile_expression(text, SCOPE, T.BOOL)
    for turn_a in (a, not a, a):  # asked again (a new turn): nothing is kept from the last call

        def one_by_one(turn_a: bool = turn_a) -> list[bool]:
            env = {"a": turn_a, "n": n, "cards": cards}
            values = []
            for item in items:
                env["card"] = item
                values.append(bool(expression(env)))
            return values

        env: dict[str, Any] = {"a": turn_a, "n": n, "cards": cards}
        assert outcome(lambda env=env: expression.each(env, "card", items)) == outcome(one_by_one)
        assert "_walk_steps" not in env


def test_each_leaves_the_last_item_and_no_bookkeeping() -> None:
    expression = compile_expression("a and card > n and not any(cards, card == n)", SCOPE, T.BOOL)
    env: dict[str, Any] = {"a": True, "n": 1, "cards": [0, 2]}
    assert expression.each(env, "card", [0, 2, 3]) == [False, True, True]
    assert env == {"a": True, "n": 1, "cards": [0, 2], "card": 3}


def test_a_kept_operand_counts_its_steps_for_every_card() -> None:
    """The card-free walks are evaluated once, but each card's budget counts them, as if walked
    again: a rule refused card by card is refused by each too (the kept steps coming before or
    after the card's own)."""
    free = " and ".join([f"count(1..{MAX_ITERATION}, true) > 0"] * (MAX_WALK_STEPS // MAX_ITERATION))
    own = "count(1..card, true) >= 0"  # card 0 walks nothing: the budget is exactly spent
    for text in (f"({free}) and {own}", f"{own} and ({free})"):
        expression = compile_expression(text, SCOPE, T.BOOL)
        env: dict[str, Any] = {"a": True, "n": 0, "cards": []}
        assert expression.each(env, "card", [0, 0]) == [True, True]
        env["card"] = 1
        with pytest.raises(EvaluationError, match=f"walks more than {MAX_WALK_STEPS} items"):
            expression(env)
        with pytest.raises(EvaluationError, match=f"walks more than {MAX_WALK_STEPS} items"):
            expression.each(env, "card", [0, 1])
        assert "_walk_steps" not in env


@settings(derandomize=True, max_examples=300, deadline=None)
@given(*CASES)
def test_first_says_what_asking_item_by_item_until_one_holds_says(
    operands: list[str], a: bool, n: int, cards: list[int], items: list[int]
) -> None:
    """Expression.first (the winner's check asks each player in turn): the same item found, the same
    error, the item asked last left in the environment, no bookkeeping left behind."""
    expression = compile_expression(" and ".join(f"({o})" for o in operands), SCOPE, T.BOOL)

    def one_by_one() -> tuple[Any, Any]:
        env: dict[str, Any] = {"a": a, "n": n, "cards": cards}
        found = None
        try:
            for item in items:
                env["card"] = item
                if expression(env):
                    found = item
                    break
        except EvaluationError as exc:
            return ("error", exc.message), env.get("card")
        return found, env.get("card")

    env: dict[str, Any] = {"a": a, "n": n, "cards": cards}
    assert (outcome(lambda: expression.first(env, "card", items)), env.get("card")) == one_by_one()
    assert "_walk_steps" not in env
