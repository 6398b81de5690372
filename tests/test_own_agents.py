"""An agent of one's own plays in simulate, duel and balance (``--agents python:MODULE:CLASS``).

A developer who wrote a bot could play it only through the Python API: the commands took random,
heuristic and search, and a bot with ``decide`` alone failed with an AttributeError at its first
card. Now a class named on the command line is imported and built as ``CLASS(seed, rules=rules)``,
an object with ``decide`` alone gets the protocol's other members, and a wrong name is a usage
error before any deal.
"""

from __future__ import annotations

import json

import pytest

from interpreter import Game
from interpreter.agentimport import as_agent
from rulespec import load_ruleset
from tests.own_agents import LowBot
from tests.test_translate_cli import whist

BOT = "python:tests.own_agents:LowBot"


def test_a_bot_with_decide_alone_plays_a_whole_game() -> None:
    rules = load_ruleset("christmas-whist")
    game = Game(rules, [LowBot(1), LowBot(2)], seed=3)
    game.run()
    assert game.is_over and game.decisions  # it played every card of a match
    with pytest.raises(TypeError, match="has no decide"):
        as_agent(object())


def test_a_class_named_on_the_command_line_plays_a_duel_on_any_number_of_processes(capsys) -> None:
    runs = []
    for jobs in ("1", "2"):  # the workers import the class too
        code, out, err = whist(capsys, "duel", BOT, "random", "--deals", "6", "--seed", "1", "--jobs", jobs, "--json")
        assert code == 0, err
        figures = json.loads(out)
        runs.append({k: v for k, v in figures.items() if not k.startswith("seconds")})
    assert runs[0] == runs[1]
    assert runs[0]["deals"] == 6 and runs[0]["declared"][BOT] == 0  # it passes every bid


def test_simulate_with_a_bot_at_one_seat(capsys) -> None:
    code, out, err = whist(
        capsys,
        "simulate",
        "combo-whist",
        "--agents",
        f"{BOT}/random/random/random",
        "--games",
        "2",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["games"] == 2


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("python:tests.no_such_module:LowBot", "cannot import tests.no_such_module"),
        ("python:tests.own_agents:Missing", "tests.own_agents has no class Missing"),
        ("python:tests.own_agents:NOT_A_CLASS", "tests.own_agents has no class NOT_A_CLASS"),
        ("python:tests.own_agents:NoDecide", "is not an agent"),
        ("python:tests.own_agents", "is not MODULE:CLASS"),
        ("python:../evil:X", "is not MODULE:CLASS"),
    ],
)
def test_a_wrong_class_is_a_usage_error_before_any_deal(capsys, spec: str, said: str) -> None:
    code, _, err = whist(capsys, "simulate", "combo-whist", "--agents", spec, "--games", "1", "--jobs", "1")
    assert code == 2
    assert said in err
