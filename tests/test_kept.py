"""Kept values (rulespec/kept.py): a walk over values that cannot change, worked out once for those
values, must give what working it out each time gives — the same value, the same error, the same
steps counted against the budget and the same refusal when they do not fit — and must be kept only
where nothing it reads can change: tuples and texts, never lists, players or the deal's table."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import compiler, kept
from rulespec import types as T
from rulespec.compiled import _STEPS, MAX_ITERATION, MAX_WALK_STEPS
from rulespec.compiler import EvaluationError, Expression, Scope, Vocabulary, compile_expression


class Card:
    """A card as the engine makes them: its suit and rank never change (it counts who reads them)."""

    reads = 0

    def __init__(self, rank: str, suit: str) -> None:
        self._rank, self._suit = rank, suit

    @property
    def rank(self) -> str:
        Card.reads += 1
        return self._rank

    @property
    def suit(self) -> str:
        Card.reads += 1
        return self._suit


SUITS = ("H", "S")
RANKS = ("2", "3", "Q", "A")  # (no queen in the deck)
DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS if rank != "Q")

SCOPE = Scope(
    {
        "deck": T.list_of(T.CARD),
        "suits": T.list_of(T.SUIT),
        "ranks": T.list_of(T.RANK),
        "plague": T.SUIT,
        "n": T.NUMBER,
        "players": T.list_of(T.PLAYER),
        "declarer": T.PLAYER,
    },
    Vocabulary(suits=frozenset(SUITS), ranks=frozenset(RANKS)),
    {"floor": 1},
)

#: Walks over names whose values cannot change (kept when the values are tuples, texts, numbers).
KEPT_TEXTS = [
    'count(deck, card.rank == "2")',
    "count(deck, card.suit == plague)",
    "count(deck, card.suit == plague) == n",
    'any(deck, card.rank == "A" and card.suit == plague)',
    "all(deck, card.suit != plague)",
    'first(deck, card.rank == "3")',
    "sum(deck, 2 if card.suit == plague else 1) + floor",
    "max(suits, count(deck, card.suit == suit))",
    "count(suits, count(deck, card.suit == suit) > n)",  # the inner walk reads the outer's element
    "count(ranks, any(deck, card.rank == rank and card.suit == plague))",
    "min(ranks, count(deck, card.rank == rank and count(deck, card.suit == plague) > n))",
    "count(filter(deck, card.suit == plague))",  # the count is kept (a number), never the filter's list
    "count(1..n, number > floor)",
]
#: Walks that read something that may change: never kept.
NOT_KEPT_TEXTS = [
    "count(players, player.score > n)",
    "count(players, player.score > 0)",
    'count(deck, card.rank == "2") + count(players, player.score > 0)',
    "max(players, count(deck, card.suit == plague) + player.score)",
    "count(deck, card.is_trump)",
]


def _compiled(text: str, keep: bool, monkeypatch: pytest.MonkeyPatch) -> Expression:
    with monkeypatch.context() as m:
        if not keep:
            m.setattr(compiler, "kept_walk", lambda fn, free, types: fn)
        return compile_expression(text, SCOPE)


class Player:
    def __init__(self, score: int) -> None:
        self.score = score


#: Players change (their scores): a walk over them is never kept, even when they come in a tuple.
PLAYERS = (Player(0), Player(0))


def _env(plague: str, n: int, as_tuples: bool) -> dict[str, Any]:
    PLAYERS[0].score, PLAYERS[1].score = n, 1 - n
    players = PLAYERS if as_tuples else list(PLAYERS)
    deck: Any = DECK if as_tuples else list(DECK)
    return {
        "deck": deck,
        "suits": SUITS if as_tuples else list(SUITS),
        "ranks": RANKS,
        "plague": plague,
        "n": n,
        "players": players,
        "declarer": players[0],
        "_table": _Table(),
    }


class _Table:
    trump = "H"

    def card_is_trump(self, card: Card) -> bool:
        return card.suit == self.trump


def _outcome(expression: Expression, env: dict[str, Any], steps: int | None) -> tuple[Any, ...]:
    env = dict(env) if steps is None else {**env, _STEPS: steps}
    try:
        value = expression.evaluate(env)
    except EvaluationError as exc:
        return ("error", exc.message, env.get(_STEPS))
    return ("value", id(value) if isinstance(value, Card) else value, env.get(_STEPS))


STEP_LEVELS = [None, 0, 7, MAX_WALK_STEPS - 40, MAX_WALK_STEPS - 6, MAX_WALK_STEPS - 1, MAX_WALK_STEPS]


@settings(derandomize=True, max_examples=200, deadline=None)
@given(
    st.sampled_from(KEPT_TEXTS + NOT_KEPT_TEXTS),
    st.lists(
        st.tuples(st.sampled_from(SUITS), st.integers(0, 3), st.booleans(), st.sampled_from(STEP_LEVELS)),
        min_size=1,
        max_size=8,
    ),
)
def test_a_kept_walk_gives_what_working_it_out_gives(text: str, calls: list[tuple[str, int, bool, int | None]]) -> None:
    """The same expression asked again and again (so its kept values are reused), with other values
    and other steps already spent, gives each time what a fresh evaluation gives."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        keeping, plain = _compiled(text, True, monkeypatch), _compiled(text, False, monkeypatch)
    for plague, n, as_tuples, steps in calls:
        env = _env(plague, n, as_tuples)
        assert _outcome(keeping, env, steps) == _outcome(plain, env, steps), (text, plague, n, as_tuples, steps)


@pytest.mark.parametrize("text", KEPT_TEXTS[:-2])
def test_a_walk_over_a_tuple_is_worked_out_once_for_its_values(text: str) -> None:
    expression = compile_expression(text, SCOPE)
    env = _env("S", 1, as_tuples=True)
    first = _outcome(expression, env, 0)
    Card.reads = 0
    assert _outcome(expression, env, 0) == first
    assert Card.reads == 0, "the cards were read again"
    other = _env("H", 1, as_tuples=True)  # another plague: another kept value
    _outcome(expression, other, 0)
    if "plague" in text:
        assert Card.reads > 0


@pytest.mark.parametrize("text", KEPT_TEXTS[:-2])
def test_a_walk_over_a_list_is_worked_out_every_time(text: str) -> None:
    """A list may be changed in place: a walk over one is never kept."""
    expression = compile_expression(text, SCOPE)
    env = _env("S", 1, as_tuples=False)
    _outcome(expression, env, 0)
    Card.reads = 0
    _outcome(expression, env, 0)
    assert Card.reads > 0


@pytest.mark.parametrize("text", NOT_KEPT_TEXTS)
def test_a_walk_that_reads_what_may_change_is_not_kept(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, ...]] = []
    real = kept.kept_walk

    def spy(fn: Any, free: Any, types: Any) -> Any:
        walk = real(fn, free, types)
        if walk is not fn:
            made.append(tuple(free))
        return walk

    monkeypatch.setattr(compiler, "kept_walk", spy)
    compile_expression(text, SCOPE)
    assert all("players" not in names and "_table" not in names and "declarer" not in names for names in made)


def test_a_kept_walk_counts_its_steps_again_and_is_refused_when_they_do_not_fit() -> None:
    expression = compile_expression('count(deck, card.rank == "2")', SCOPE)
    env = _env("S", 1, as_tuples=True)
    assert _outcome(expression, env, 10) == ("value", 2, 10 + len(DECK))
    assert _outcome(expression, env, 10) == ("value", 2, 10 + len(DECK))  # kept, counted again
    message = f"the expression walks more than {MAX_WALK_STEPS} items (nested walks multiply)"
    assert _outcome(expression, env, MAX_WALK_STEPS - len(DECK) + 1)[:2] == ("error", message)
    assert _outcome(expression, env, MAX_WALK_STEPS - len(DECK)) == ("value", 2, MAX_WALK_STEPS)
    # Through the expression's own call (a budget of its own): the same value each time.
    assert [expression(dict(env)) for _ in range(3)] == [2, 2, 2]


def test_an_evaluation_that_fails_is_not_kept() -> None:
    expression = compile_expression("count(1..n, number > floor)", SCOPE)
    env = _env("S", MAX_ITERATION + 1, as_tuples=True)
    for _ in range(2):
        with pytest.raises(EvaluationError, match="too large to walk"):
            expression(env)
    assert expression(_env("S", 3, as_tuples=True)) == 2


def test_kept_values_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "MAX_KEPT", 4)
    expression = compile_expression("count(1..n, number > floor)", SCOPE)
    assert [expression(_env("S", n, as_tuples=True)) for n in range(2, 40)] == list(range(1, 39))


def test_which_types_may_key_a_kept_value() -> None:
    assert kept.keyable(T.SUIT) and kept.keyable(T.NUMBER) and kept.keyable(T.list_of(T.CARD))
    assert not kept.keyable(T.PLAYER) and not kept.keyable(T.list_of(T.PLAYER)) and not kept.keyable(T.CARD)
    assert not kept.keyable(T.BID) and not kept.keyable(T.COMBO) and not kept.keyable(T.TRICK)


class _WorkedOut(dict[str, Any]):
    """A mapping that works a name out only when it is read (as the prover's does), and counts them."""

    asked: list[str] = []

    def __missing__(self, key: str) -> Any:
        _WorkedOut.asked.append(key)
        if key == "plague":
            return "S"
        raise KeyError(key)


def test_a_name_the_walk_would_not_read_is_not_read_to_keep_its_value() -> None:
    """A kept walk reads its names to know which value to keep; a name not set (or one the mapping
    works out only when read) is left to the walk, which may never read it."""
    expression = compile_expression('any(deck, card.rank == "Q" and card.suit == plague)', SCOPE)  # no queen
    env = {"deck": DECK}
    assert expression(dict(env)) is False
    _WorkedOut.asked = []
    assert expression(_WorkedOut(env)) is False and _WorkedOut.asked == []
    counting = compile_expression("count(deck, card.suit == plague)", SCOPE)
    assert [counting(_WorkedOut(env)) for _ in range(2)] == [3, 3]
    assert _WorkedOut.asked == ["plague", "plague"]  # worked out by the walk each time, not kept
