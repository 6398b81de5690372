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
from interpreter.agentimport import AgentMisbehaved, as_agent
from rulespec import load_ruleset
from tests.own_agents import Junk, LowBot
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


# --- what goes wrong in code of one's own is said, never a traceback -----------------------------------

#: Every command that takes agents, with what it needs to start (play: the seat it leaves to a person).
COMMANDS = {
    "simulate": lambda spec: ["simulate", "combo-whist", "--agents", spec, "--games", "1", "--jobs", "1"],
    "balance": lambda spec: ["balance", "combo-whist", "--agents", spec, "--deals", "1", "--jobs", "1"],
    "duel": lambda spec: ["duel", spec, "random", "combo-whist", "--deals", "1", "--jobs", "1"],
    "play": lambda spec: ["play", "combo-whist", "--agents", spec, "--save", "unused-save.json"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("raise RuntimeError('boom at import')\n", "RuntimeError: boom at import"),
        ("def (:\n", "SyntaxError"),
        ("import no_such_module_anywhere\n", "No module named 'no_such_module_anywhere'"),
        ("X = 1 / 0\n", "ZeroDivisionError"),
        ("import sys\nsys.exit(3)\n", "SystemExit: 3"),
    ],
)
def test_a_module_that_fails_to_import_is_a_usage_error(
    capsys, tmp_path, monkeypatch, command: str, source: str, said: str
) -> None:
    (tmp_path / "broken_bot_module.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)  # (play's save would go here: it must not be written)
    code, out, err = whist(capsys, *COMMANDS[command]("python:broken_bot_module:Bot"))
    assert code == 2, err
    assert "cannot import broken_bot_module" in err and said in err
    assert not (tmp_path / "unused-save.json").exists()


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("FailsToBuild", "building it failed: ValueError: no table for me"),
        ("TypeErrorInside", "building it failed: TypeError: a bug of my own"),  # not retried as CLASS(seed)
        ("WantsMore", "its constructor must take (seed, rules=…) or (seed)"),
    ],
)
def test_a_constructor_that_cannot_build_the_agent_is_a_usage_error_before_any_deal(
    capsys, tmp_path, monkeypatch, command: str, name: str, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = whist(capsys, *COMMANDS[command](f"python:tests.own_agents:{name}"))
    assert code == 2, err
    assert f"python:tests.own_agents:{name}: {said}" in err
    assert not (tmp_path / "unused-save.json").exists()


@pytest.mark.parametrize("spec", ["python:tests.own_agents:SeedOnly", "python:interpreter.agents:RandomAgent"])
def test_a_class_that_takes_the_seed_alone_is_built_without_rules(capsys, spec: str) -> None:
    code, out, err = whist(capsys, *COMMANDS["duel"](spec), "--json")
    assert code == 0, err
    assert json.loads(out)["deals"] == 1


@pytest.mark.parametrize("command", ["simulate", "balance", "duel"])
def test_an_agent_that_keeps_answering_illegally_stops_the_run_with_the_reason(capsys, command: str) -> None:
    code, _, err = whist(capsys, *COMMANDS[command]("python:tests.own_agents:Junk"))
    assert code == 1, err
    assert "gave 100 illegal answers to bid; the last was refused: a bid is" in err


def test_a_game_gives_up_on_an_agent_that_never_learns_and_says_why() -> None:
    rules = load_ruleset("combo-whist")
    game = Game(rules, [Junk(seat) for seat in range(4)], seed=1)
    with pytest.raises(AgentMisbehaved, match=r"seat \d's agent gave 100 illegal answers.*refused: a bid is"):
        game.run()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_takes_agents_names_ones_own_class_in_its_help(capsys, command: str) -> None:
    code, out, _ = whist(capsys, command, "--help")
    assert code == 0
    assert "python:MODULE:CLASS" in out
