"""A play rule asked of every card in stages (rulespec/staged.py), and facts of the deal's table in
comparisons run without closures (rulespec/predicates.py).

``Expression.each`` asks a condition whose card-reading operands are comparisons of the card's
attributes (``card.suit == plague``, ``card.is_trump``, ``card.value > n``) operand by operand, one
comprehension over the cards; whatever the expression and the environment (a missing card, a name
not set, a failing or walking operand), it must say what asking card by card says: the same values,
the same errors, the card left in the environment, no bookkeeping left behind.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.state import CardFacts
from rulespec import compiler
from rulespec import types as T
from rulespec.compiler import MAX_ITERATION, MAX_WALK_STEPS, Scope, Vocabulary, compile_expression

NAMES = {
    "a": T.BOOL,
    "n": T.NUMBER,
    "plague": T.SUIT,
    "card": T.CARD,
    "hand": T.list_of(T.CARD),
    "plays": T.list_of(T.PLAY),
}
SCOPE = Scope(NAMES, Vocabulary(suits=frozenset({"H", "S", "D"}), ranks=frozenset({"2", "3", "A"})), {"limit": 2})

#: Operands that read the card (comparisons, facts of the table), and others (some walk, some fail).
CARD_ATOMS = [
    "card.suit == plague",
    "card.is_trump",
    "not card.is_trump or a",
    "card.value > n",
    'card.rank != "A" and card.value >= limit',
    "card.suit == plague or card.value == n",
    "card.value + 0 > 1",  # arithmetic: no stage, asked card by card
]
FREE_ATOMS = [
    "a",
    "n > 1",
    "not any(plays, play.card.suit == plague and not (play.is_lead and play.card.is_trump))",
    "count(hand, card.is_trump) < n",
    "10 / n > 2",  # division by zero when n is 0
    f"count(1..n * {MAX_WALK_STEPS // 4}, true) > 0",  # beyond the step budget when n is 5
]


class Table(CardFacts):
    """The deal's table as far as the facts go: trump and rank values."""

    def __init__(self, trump: str | None) -> None:
        self.trump, self.rank_value = trump, {"2": 1, "3": 2, "A": 3}


CARDS = st.builds(SimpleNamespace, suit=st.sampled_from(["H", "S", "D"]), rank=st.sampled_from(["2", "3", "A"]))
MAYBE_CARDS = st.one_of(CARDS, CARDS, CARDS, st.none())  # (a missing card: the closures refuse it)


@st.composite
def environments(draw: st.DrawFn) -> dict[str, Any]:
    env: dict[str, Any] = {
        "a": draw(st.booleans()),
        "n": draw(st.integers(0, 5)),
        "hand": draw(st.lists(CARDS, max_size=4)),
        "plays": [
            SimpleNamespace(card=card, is_lead=draw(st.booleans())) for card in draw(st.lists(MAYBE_CARDS, max_size=3))
        ],
        "_table": Table(draw(st.sampled_from(["H", "S", None]))),
    }
    if draw(st.integers(0, 9)):
        env["plague"] = draw(st.sampled_from(["H", "S", "H", "S", None]))  # (else not set: card by card refuses it)
    return env


@st.composite
def asked(draw: st.DrawFn) -> list[Any]:
    """The cards asked about: sometimes none, seldom one missing."""
    items: list[Any] = draw(st.lists(CARDS, min_size=int(draw(st.integers(0, 9)) > 0), max_size=6))
    if items and not draw(st.integers(0, 5)):
        items.insert(draw(st.integers(0, len(items))), None)
    return items


def outcome(run: Any) -> Any:
    try:
        return ("value", run())
    except Exception as exc:  # noqa: BLE001 (the same error, whatever it is)
        return ("error", type(exc).__name__, str(exc))


def card_by_card(expression: Any, env: dict[str, Any], items: list[Any]) -> tuple[Any, Any]:
    env = dict(env)
    values = []

    def run() -> list[bool]:
        for item in items:
            env["card"] = item
            values.append(bool(expression(env)))
        return values

    return outcome(run), env.get("card")


@settings(derandomize=True, max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(CARD_ATOMS + FREE_ATOMS), min_size=1, max_size=4),
    environments(),
    asked(),
)
def test_asking_in_stages_says_what_asking_card_by_card_says(
    operands: list[str], env: dict[str, Any], items: list[Any]
) -> None:
    expression = compile_expression(" and ".join(f"({o})" for o in operands), SCOPE, T.BOOL)
    expected = card_by_card(expression, env, items)
    for _ in range(2):  # asked again: nothing is kept from the last call
        mine = dict(env)
        assert (outcome(lambda mine=mine: expression.each(mine, "card", items)), mine.get("card")) == expected
        assert "_walk_steps" not in mine


def test_play_rules_of_comparisons_are_asked_in_stages() -> None:
    """The property above is no empty comparison: rules whose card-reading operands are comparisons
    (the play rules of the rule sets) are asked in stages, others card by card."""
    staged = [
        "a and card.suit == plague and not any(plays, play.card.suit == plague)",
        "n > 1 and card.is_trump and not any(plays, play.card.is_trump)",
        "card.value > n and card.suit == plague",
        'card.rank == "3"',
    ]
    for text in staged:
        assert compile_expression(text, SCOPE, T.BOOL)._staged("card") is not None, text
    for text in ("a and card.value + 0 > 1", "a and any(hand, card.is_trump)", "card in hand"):
        assert compile_expression(text, SCOPE, T.BOOL)._staged("card") is None, text


def test_the_budget_counts_the_card_free_walks_as_card_by_card() -> None:
    """Card-free walks spending the whole budget are let through; one item more is refused, as asked
    card by card (the stages count the card-free walks once, together)."""
    free = " and ".join([f"count(1..{MAX_ITERATION}, true) > 0"] * (MAX_WALK_STEPS // MAX_ITERATION))
    env: dict[str, Any] = {"a": True, "n": 0, "hand": [], "plays": [], "plague": "H", "_table": Table("S")}
    items = [SimpleNamespace(suit="H", rank="2"), SimpleNamespace(suit="S", rank="A")]
    for text in (f"({free}) and card.suit == plague", f"card.is_trump and ({free})"):
        expression = compile_expression(text, SCOPE, T.BOOL)
        assert expression.each(dict(env), "card", items) == card_by_card(expression, env, items)[0][1]
        over = compile_expression(f"{text} and count(hand, true) >= 0", SCOPE, T.BOOL)
        env_over = {**env, "hand": [items[0]]}
        refused = card_by_card(over, env_over, items)[0]
        assert refused[0] == "error"
        assert outcome(lambda over=over, env_over=env_over: over.each(dict(env_over), "card", items)) == refused


def test_a_guard_of_comparisons_needs_no_step_budget() -> None:
    expression = compile_expression("a and n > 1 and card.is_trump and not any(plays, play.is_lead)", SCOPE, T.BOOL)
    guard = expression.guard("card")
    assert guard is not None and expression.walks and not guard.walks
    assert guard({"a": True, "n": 2}) is True and guard({"a": True, "n": 1}) is False
    walking = compile_expression("any(plays, play.is_lead) and card.is_trump", SCOPE, T.BOOL).guard("card")
    assert walking is not None and walking.walks


WALKS = [
    "count(hand, card.is_trump)",
    "filter(hand, card.value >= n and not card.is_trump)",
    "any(plays, play.card.is_trump or play.card.value == n)",
    "all(hand, card.value > limit or card.suit == plague)",
]


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.sampled_from(WALKS), environments())
def test_a_walk_reading_facts_of_the_table_gives_what_the_general_walk_gives(text: str, env: dict[str, Any]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        quick = compile_expression(text, SCOPE)
        monkeypatch.setattr(compiler, "describe", lambda *args: None)
        general = compile_expression(text, SCOPE)
    assert outcome(lambda: quick(dict(env))) == outcome(lambda: general(dict(env))), text
