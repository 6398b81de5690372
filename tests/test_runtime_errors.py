"""Run-time errors of rules: every evaluation has its own budget and is located at its expression.

The engine must call compiled expressions (``expr(env)``), never their raw closures
(``expr.evaluate(env)``): only the call gives each evaluation a fresh step budget and turns
a failure into an error at the expression's place in its rule file. The class of bug — one
place in the engine calling the closure directly — is caught by reading the engine's source.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.agents import RandomAgent
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.compiler import MAX_WALK_STEPS, EvaluationError

ENGINE = Path(__file__).resolve().parent.parent / "interpreter"


def test_the_engine_never_calls_an_expression_closure_directly() -> None:
    offenders = [
        f"{path.name}:{number}"
        for path in sorted(ENGINE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\.evaluate\(", line)
    ]
    assert offenders == []


def _house(tmp_path: Path, hook: str, expression: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"ruleset: house\nversion: '1'\nextends: combo-whist\nbids:\n  - id: trump\n    {hook}: '{expression}'\n",
        encoding="utf-8",
    )
    return path


def _play(path: Path, games: int = 2) -> int:
    """Play ``games`` random games of the house rule; how many deals had Trump as their standard bid."""
    rules = load_ruleset(path)
    declared = 0
    for seed in range(games):
        game = Game(rules, [RandomAgent(seed * 10 + s) for s in range(4)], seed=seed, max_deals=12)
        game.run()
        declared += sum(1 for r in game.deal_records if (r.get("combo") or {}).get("bids", [None])[0] == "trump")
    return declared


def test_an_expensive_rule_can_be_asked_all_game(tmp_path: Path) -> None:
    # 52 * 53 items per evaluation: a budget shared by a deal would run out after some 70 asks.
    assert MAX_WALK_STEPS < 52 * 53 * 100
    # enough games that the house rule's bid is played several times (its rule asked at every play)
    assert _play(_house(tmp_path, "may_not_play", "count(deck, count(deck, true) > 0) > 100"), games=30) >= 2


@pytest.mark.parametrize(
    ("hook", "expression", "message"),
    [
        ("may_not_play", "card.value / (declarer.tricks - declarer.tricks) > 1", "division by zero"),
        ("may_not_play", "count(1..(declarer.tricks + 1) * 100000, true) > 0", "too large to walk"),
        ("may_not_play", 'first(deck, false).rank == "7"', "no element meets the condition"),
    ],
)
def test_a_run_time_error_names_the_place_and_the_moment(
    tmp_path: Path, hook: str, expression: str, message: str
) -> None:
    path = _house(tmp_path, hook, expression)
    with pytest.raises(EvaluationError) as info:
        _play(path, games=40)  # until a random auction gives the bid (it stops at the error)
    error = info.value
    assert error.position is not None and error.position.path == str(path) and error.position.line == 6
    assert message in error.message and re.search(r"\(during deal \d+, decision \d+\)", error.message)
    assert str(error).splitlines()[1].strip().startswith(hook)  # the rule's line is shown
