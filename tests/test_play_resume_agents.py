"""What a save keeps of ``--agents``, and what ``--resume`` does with it.

The save keeps the agents of the other seats, so ``whist play --resume FILE`` plays on with them;
``--agents`` given with ``--resume`` is taken instead, and play says once that they are not the saved
game's. A save never chooses code to run: a spec naming a class of one's own (``python:MODULE:CLASS``)
is kept, but ``--resume`` without ``--agents`` refuses it (exit 2) without importing anything.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter.recordcheck import names_code
from whist.cli import cli

LINES = "pass\n1\n" * 200  # (a bid takes "pass", a card "1")
AGENT = '''
from interpreter.agents import RandomAgent


class Bot(RandomAgent):
    """A random agent of one's own."""
'''


def _save(folder: Path, agents: str, lines: int = 4) -> Path:
    """A game with ``agents`` stopped after ``lines`` of the person's input."""
    path = folder / "game.json"
    args = ["play", "--seed", "4", "--agents", agents, "--save", str(path)]
    result = CliRunner().invoke(cli, args, input="pass\n1\n" * (lines // 2))
    assert result.exit_code == 1 and path.is_file(), result.output
    return path


def _edited(path: Path, **changes: Any) -> Path:
    record = json.loads(path.read_text())
    record.update(changes)
    record = {k: v for k, v in record.items() if v is not None}
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize(
    "spec",
    [
        "python:whist_probe_never:Evil",
        "random/python:whist_probe_never:Evil/random",
        "heuristic/heuristic/python:os:system",
    ],
)
def test_a_save_naming_code_imports_nothing_and_asks_for_agents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    (tmp_path / "whist_probe_never.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = _edited(_save(tmp_path, "random"), agents=spec)
    before = path.read_bytes()
    result = CliRunner().invoke(cli, ["play", "--resume", str(path)], input=LINES)
    assert result.exit_code == 2, result.output
    assert "give --agents again" in result.output and "Traceback" not in result.output
    assert "whist_probe_never" not in sys.modules and path.read_bytes() == before


def test_a_game_with_an_agent_of_ones_own_prints_a_resume_command_that_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line named the code, so the printed command does too (the file cannot)."""
    (tmp_path / "whist_own_bot.py").write_text(AGENT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "game.json"
    args = ["play", "--seed", "4", "--agents", "python:whist_own_bot:Bot", "--save", str(path)]
    stopped = CliRunner().invoke(cli, args, input="pass\n1\n")
    assert stopped.exit_code == 1, stopped.output
    assert stopped.stderr.strip().endswith(f"Resume with: whist play --resume {path} --agents python:whist_own_bot:Bot")
    assert json.loads(path.read_text())["agents"] == "python:whist_own_bot:Bot"
    again = CliRunner().invoke(cli, ["play", "--resume", str(path), "--agents", "python:whist_own_bot:Bot"], input="")
    assert again.exit_code == 1 and "goes on with" not in " ".join(again.output.split()), again.output


@pytest.mark.parametrize(
    ("saved", "given", "said"),
    [
        ("random", "heuristic", True),
        ("random", "random/random/random", False),  # (the same agents, written per seat)
        ("search:samples=2,rollouts=3", "search:rollouts=3,samples=2", False),  # (a budget in any order)
        ("search:samples=2,rollouts=3", "search:samples=2", True),
        ("heuristic/random/random", "heuristic/random/heuristic", True),
    ],
)
def test_other_agents_given_on_resume_are_taken_and_said_once(
    tmp_path: Path, saved: str, given: str, said: bool
) -> None:
    path = _save(tmp_path, saved)
    result = CliRunner().invoke(cli, ["play", "--resume", str(path), "--agents", given], input="pass\n1\n")
    assert result.exit_code == 1, result.output
    told = " ".join(result.output.split()).count("goes on with")  # (rich wraps long lines)
    assert told == (1 if said else 0), result.output
    assert json.loads(path.read_text())["agents"] == given  # (the game goes on with these: a later resume too)


def test_a_save_without_agents_resumes_with_heuristic_agents(tmp_path: Path) -> None:
    """Saves made before saves kept their agents were played with the default, ``heuristic``."""
    whole = tmp_path / "whole.json"
    CliRunner().invoke(cli, ["play", "--seed", "4", "--save", str(whole), "--deals", "1"], input=LINES)
    path = _edited(_save(tmp_path, "heuristic", lines=6), agents=None)
    result = CliRunner().invoke(cli, ["play", "--resume", str(path), "--deals", "1"], input=LINES[12:])
    assert result.exit_code == 0 and "goes on with" not in " ".join(result.output.split()), result.output
    assert json.loads(path.read_text())["decisions"] == json.loads(whole.read_text())["decisions"]


@pytest.mark.parametrize(
    ("agents", "said"),
    [
        ("wizard", "unknown agents 'wizard'"),
        ("random/random", "2 agents for 3 other seats"),
        ("search:samples=-1", "samples must be more than 0"),
        ("random\u001b[2J", "control character"),  # (refused as the file is read)
        ("random python:os:system", "without spaces or control characters"),
        ("random/python:whist_probe_never:Evil", "2 agents for 3 other seats"),  # (counted, not imported)
        ("", "$.agents"),
        (7, "$.agents"),
        ("r" * 1001, "$.agents"),
    ],
)
def test_saved_agents_are_checked_as_agents_is_with_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, agents: Any, said: str
) -> None:
    (tmp_path / "whist_probe_never.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = _edited(_save(tmp_path, "random"), agents=agents)
    result = CliRunner().invoke(cli, ["play", "--resume", str(path)], input=LINES)
    assert result.exit_code == 1, result.output
    assert said in result.output and "Traceback" not in result.output
    assert "\u001b" not in result.output and "whist_probe_never" not in sys.modules


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("python:a:B", True),
        ("random/python:a:B", True),
        ("heuristic", False),
        ("search:samples=2/random", False),
        ("pythonic:a:B", False),
        (" python:a:B", False),  # (not an agent kind at all: refused as unknown, never imported)
    ],
)
def test_names_code_finds_a_class_of_ones_own_at_any_seat(spec: str, named: bool) -> None:
    assert names_code(spec) is named


def test_play_help_says_a_resumed_game_keeps_its_agents() -> None:
    """`--agents` defaults to heuristic for a new game only: its help said so alone, although a
    resumed game given no `--agents` plays on with the saved game's."""
    result = CliRunner().invoke(cli, ["play", "--help"])
    block = result.output.split("  --agents", 1)[1].split("\n  --", 1)[0]  # (the option's wrapped lines)
    agents = " ".join(block.split())
    assert "with --resume" in agents and "saved game's agents" in agents, agents
