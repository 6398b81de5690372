"""Walks whose body reads only the element run as one loop (rulespec/elementwalks.py): they must
give what the general walk gives (rulespec/evaluation.py) — the same value, the same error for a
missing element or a value that cannot be compared, and the same steps counted — for every kind
of walk and every shape of body it takes."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import compiler, elementwalks
from rulespec import types as T
from rulespec.compiled import _STEPS, MAX_WALK_STEPS
from rulespec.compiler import EvaluationError, Expression, Scope, Vocabulary, compile_expression

SCOPE = Scope(
    {"players": T.list_of(T.PLAYER), "declarer": T.PLAYER, "n": T.NUMBER, "nums": T.list_of(T.NUMBER)},
    Vocabulary(),
    {"floor": 3},  # a param: compiled in as a constant
)

BODIES = {  # (collection, body) of a walk: the element compared with a constant, a name, an attribute of one
    "const": ("players", "player.score {op} 2"),
    "param": ("players", "player.score {op} floor"),
    "name": ("players", "player.tricks {op} n"),
    "attribute": ("players", "player.score {op} declarer.score"),
    "player": ("players", "player {op} declarer"),
    "number": ("nums", "number {op} n"),
    "both sides": ("players", "player.score {op} player.tricks"),  # not a quick walk: the general one
}
OPS = ["==", "!=", "<", "<=", ">", ">="]
WALKS = ["count({c}, {b}) + 0", "any({c}, {b})", "all({c}, {b})", "count(filter({c}, {b}))", "first({c}, {b})"]
VALUE_WALKS = ["max(players, player.score)", "min(players, player.tricks)", "sum(players, player.tricks)"]
VALUE_WALKS += ["max(nums, number)", "sum(players, player.seat)", "max(players, player.score + 0)"]


def _player(seat: int, score: Any, tricks: Any) -> SimpleNamespace:
    return SimpleNamespace(seat=seat, score=score, tricks=tricks)


@st.composite
def _envs(draw: st.DrawFn) -> dict[str, Any]:
    values = st.one_of(st.integers(-3, 6), st.none())  # a missing number cannot be compared
    players: list[Any] = [_player(i, draw(values), draw(values)) for i in range(draw(st.integers(0, 5)))]
    if players and draw(st.booleans()):
        players.insert(draw(st.integers(0, len(players))), None)  # a missing player
    declarer = draw(st.one_of(st.none(), st.sampled_from(players))) if players else None
    nums = draw(st.lists(st.integers(-3, 6), max_size=6))
    return {"players": players, "declarer": declarer, "n": draw(st.integers(-3, 6)), "nums": nums}


def _outcome(expression: Expression, env: dict[str, Any], steps: int) -> tuple[Any, ...]:
    env = {**env, _STEPS: steps}
    try:
        value = expression.evaluate(env)
    except EvaluationError as exc:
        return ("error", exc.message, env.get(_STEPS))
    if isinstance(value, list):
        value = [id(v) for v in value]  # the elements themselves
    elif isinstance(value, SimpleNamespace):
        value = id(value)
    return ("value", value, env.get(_STEPS), "player" in env, "number" in env)


def _compiled(text: str, quick: bool, monkeypatch: pytest.MonkeyPatch) -> Expression:
    with monkeypatch.context() as m:
        if not quick:  # (the general walk: neither an element walk nor a walk of comparisons)
            m.setattr(elementwalks, "element_walk", lambda *args, **kwargs: None)
            m.setattr(compiler, "describe", lambda *args: None)
        return compile_expression(text, SCOPE)


def _texts() -> list[str]:
    texts = [w.format(c=c, b=b.format(op=op)) for w in WALKS for c, b in BODIES.values() for op in OPS]
    return [t for t in texts if _valid(t)] + VALUE_WALKS  # ("<" between players does not compile)


def _valid(text: str) -> bool:
    try:
        compile_expression(text, SCOPE)
    except Exception:  # e.g. "<" between players
        return False
    return True


TEXTS = _texts()


def test_the_quick_walk_is_taken_for_bodies_that_read_only_the_element(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = elementwalks.element_walk

    def spy(*args: Any, **kwargs: Any) -> Any:
        walk = real(*args, **kwargs)
        made.append("quick" if walk is not None else "general")
        return walk

    monkeypatch.setattr(elementwalks, "element_walk", spy)
    for text in ("count(players, player.score > 2)", "max(players, player.score)", "any(nums, number == n)"):
        made.clear()
        compile_expression(text, SCOPE)
        assert made == ["quick"], text
    made.clear()
    compile_expression("count(players, player.score > player.tricks)", SCOPE)
    assert made == ["general"]
    assert len(TEXTS) > 100


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.sampled_from(TEXTS), _envs(), st.sampled_from([0, 5, MAX_WALK_STEPS - 3, MAX_WALK_STEPS]))
def test_a_quick_walk_gives_what_the_general_walk_gives(text: str, env: dict[str, Any], steps: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        quick, general = _compiled(text, True, monkeypatch), _compiled(text, False, monkeypatch)
    assert _outcome(quick, env, steps) == _outcome(general, env, steps), text


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.sampled_from(TEXTS), _envs())
def test_a_quick_walk_leaves_the_element_name_as_it_found_it(text: str, env: dict[str, Any]) -> None:
    """The general walk binds the element's name and restores what was there; the quick one never binds it."""
    outer = {**env, "player": "outer", "number": "outer"}
    with pytest.MonkeyPatch.context() as monkeypatch:
        quick = _compiled(text, True, monkeypatch)
    with contextlib.suppress(EvaluationError):
        quick.evaluate(outer)
    assert outer["player"] == "outer" and outer["number"] == "outer"


@pytest.mark.parametrize("text", VALUE_WALKS + [t for t in TEXTS if "players" in t][::7])
@pytest.mark.parametrize("missing", ["element", "value", "declarer", "none"])
def test_a_quick_walk_fails_as_the_general_walk_fails(text: str, missing: str) -> None:
    """A missing element, a missing value or a missing name on the right: the same error (or value),
    and the same steps, whichever element it comes at."""
    for at in range(3):
        players: list[Any] = [_player(i, i, 2 - i) for i in range(3)]
        if missing == "element":
            players[at] = None
        elif missing == "value":
            players[at].score = players[at].tricks = None
        env = {"players": players, "declarer": None if missing == "declarer" else players[1], "n": 1, "nums": [1]}
        with pytest.MonkeyPatch.context() as monkeypatch:
            quick, general = _compiled(text, True, monkeypatch), _compiled(text, False, monkeypatch)
        for steps in (0, MAX_WALK_STEPS - 2):
            assert _outcome(quick, env, steps) == _outcome(general, env, steps), (text, missing, at, steps)


PLAY_SCOPE = Scope(
    {"plays": T.list_of(T.PLAY), "declarer": T.PLAYER, "plague": T.SUIT, "n": T.NUMBER},
    Vocabulary(suits=frozenset({"H", "S"})),
    {"floor": 1},
)
#: Bodies of comparisons under and/or/not (rulespec/predicates.py), and one that is not one.
PLAY_BODIES = [
    "play.card.suit == plague",
    "play.card.suit == plague and not (play.is_lead and play.player == declarer)",
    'play.player != declarer and play.card.suit == "H"',
    "not play.is_lead or play.player.seat > n",
    "play.player.seat >= floor and (play.card.suit != plague or play.player == declarer)",
    "play.player.seat < declarer.seat",
    "play.is_lead",
    "play.player.seat + 0 > n",  # arithmetic: the general walk only
]
PLAY_TEXTS = [w.format(c="plays", b=b) for w in WALKS for b in PLAY_BODIES]


@st.composite
def _play_envs(draw: st.DrawFn) -> dict[str, Any]:
    players = [SimpleNamespace(seat=draw(st.one_of(st.integers(0, 3), st.none()))) for _ in range(3)]
    maybe = st.one_of(st.none(), st.just(SimpleNamespace(suit=draw(st.sampled_from(["H", "S", None])))))
    plays: list[Any] = [
        SimpleNamespace(
            card=draw(st.one_of(st.just(SimpleNamespace(suit=draw(st.sampled_from(["H", "S"])))), maybe)),
            player=draw(st.one_of(st.sampled_from(players), st.none())),
            is_lead=draw(st.booleans()),
        )
        for _ in range(draw(st.integers(0, 5)))
    ]
    if plays and draw(st.booleans()):
        plays.insert(draw(st.integers(0, len(plays))), None)  # a missing play
    env: dict[str, Any] = {"plays": plays, "declarer": draw(st.one_of(st.sampled_from(players), st.none()))}
    env["plague"] = draw(st.sampled_from(["H", "S", None]))
    if draw(st.booleans()):
        env["n"] = draw(st.integers(0, 3))  # (else not set: the general walk refuses it, if it reads it)
    return env


def _play_outcome(expression: Expression, env: dict[str, Any], steps: int) -> tuple[Any, ...]:
    env = {**env, _STEPS: steps}
    try:
        value = expression.evaluate(env)
    except (EvaluationError, KeyError) as exc:
        return ("error", type(exc).__name__, str(exc), env.get(_STEPS))
    value = [id(v) for v in value] if isinstance(value, list) else id(value) if value is not None else None
    return ("value", value, env.get(_STEPS), "play" in env)


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.sampled_from(PLAY_TEXTS), _play_envs(), st.sampled_from([0, 4, MAX_WALK_STEPS - 3, MAX_WALK_STEPS]))
def test_a_walk_of_comparisons_gives_what_the_general_walk_gives(text: str, env: dict[str, Any], steps: int) -> None:
    """The same value (the same elements), the same error, the same steps, the element's name untouched."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        quick = compile_expression(text, PLAY_SCOPE)
        monkeypatch.setattr(compiler, "describe", lambda *args: None)
        general = compile_expression(text, PLAY_SCOPE)
    assert _play_outcome(quick, env, steps) == _play_outcome(general, env, steps), text


def test_comparisons_under_and_or_not_are_walked_without_the_general_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulespec import predicates

    made: list[Any] = []
    real = predicates.describe
    monkeypatch.setattr(compiler, "describe", lambda *args: made.append(real(*args)) or made[-1])
    for body in PLAY_BODIES:
        compile_expression(f"count(plays, {body})", PLAY_SCOPE)
    assert [m is not None for m in made] == [True] * 7 + [False]
