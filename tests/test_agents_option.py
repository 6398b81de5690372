"""Every command that takes agents checks them the same way (one check: ``whist.cliargs.check_agent``).

``whist simulate`` and ``whist play`` once had a check of their own that knew only the bare kinds
(exit 1, and ``search:samples=2`` refused although the engine plays it), while ``duel`` and
``balance`` took budgets and said a bad spec was a usage error (exit 2). The test finds the commands
from the CLI itself — every parameter that names agents — so a new command cannot drift either.
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from whist.cli import cli
from whist.commands import LazyGroup

#: Parameter names that take an agent spec (``--agents`` on simulate, play, balance; duel's A and B).
AGENT_PARAMETERS = {"agent_kind", "agent_a", "agent_b"}


def _agent_commands() -> list[tuple[str, list[str]]]:
    """(command, the agent parameters' names) for each command of the CLI that takes agents."""
    context = click.Context(cli)
    assert isinstance(cli, LazyGroup)
    found = []
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None
        names = [p.name for p in command.params if p.name in AGENT_PARAMETERS]
        if names:
            found.append((name, [n for n in names if n is not None]))
    return found


def _arguments(command: str, parameters: list[str], spec: str) -> list[str]:
    """Arguments that give ``spec`` as the (last) agent parameter and a valid agent elsewhere."""
    if command == "duel":
        return ["duel", "random", spec]
    args = [command, "--agents", spec]
    return [*args, "--deals", "1"] if command in ("balance", "play") else [*args, "--games", "1"]


def test_the_commands_that_take_agents_are_found() -> None:
    assert {name for name, _ in _agent_commands()} >= {"simulate", "play", "duel", "balance"}


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("nobody", "unknown agents 'nobody'"),
        ("search:depth=2", "unknown option 'depth'"),
        ("search:samples=x", "samples takes a number"),
        ("heuristic:samples=3", "unknown option 'samples' for heuristic"),
        ("search:seconds=0", "seconds must be more than 0"),
        ("search:seconds=nan", "seconds takes a number, not 'nan'"),
        ("search:seconds=-inf", "seconds must be more than 0"),
        ("search:samples=1,samples=2", "samples is given twice"),
    ],
)
def test_a_bad_agent_is_a_usage_error_everywhere(spec: str, said: str) -> None:
    for command, parameters in _agent_commands():
        result = CliRunner().invoke(cli, _arguments(command, parameters, spec))
        assert result.exit_code == 2, (command, result.output)  # usage: before any deal is played
        assert said in result.output, (command, result.output)
        assert "hint: agents are random, heuristic, search" in result.output, (command, result.output)
        assert "Traceback" not in result.output


def test_simulate_plays_a_search_budget_the_other_commands_take() -> None:
    """The budget syntax duel and balance accept is accepted by simulate too (it was refused)."""
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "christmas-whist",
            "--agents",
            "search:samples=1,rollouts=1,max_options=2,seconds=0.001",
            "--games",
            "1",
            "--jobs",
            "1",
            "--json",
            "--option",
            "match=single",
        ],
    )
    assert result.exit_code == 0, result.output
    assert '"games": 1' in result.output
