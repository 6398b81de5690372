"""No ``--help`` breaks a word at a hyphen (whist/commands.py: HelpFormatter).

``whist play --help`` at 80 columns printed ``[default: whist-`` / ``save.json]``: click wraps
with Python's text wrapper, which breaks a line after a hyphen inside a word, so a file name (or
an option, a rule set's name) came out in two pieces that read as two. The class: every command's
and subcommand's help, at several widths, ends no line with a piece of a hyphenated word.
"""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest

from whist.cli import cli
from whist.commands import LAZY_COMMANDS


def _commands() -> Iterator[tuple[str, click.Command]]:
    yield "whist", cli
    root = cli.context_class(cli, info_name="whist")
    stack = [(f"whist {name}", cli.get_command(root, name)) for name in sorted({*LAZY_COMMANDS, *cli.commands})]
    while stack:
        path, command = stack.pop()
        assert command is not None
        yield path, command
        if isinstance(command, click.Group):
            stack += [(f"{path} {name}", sub) for name, sub in command.commands.items()]


COMMANDS = dict(_commands())


def _help(command: click.Command, path: str, width: int) -> str:
    context = command.context_class(command, info_name=path, terminal_width=width, max_content_width=width)
    return command.get_help(context)


def test_the_list_holds_the_subcommands_too() -> None:
    assert {"whist", "whist translate status", "whist play"} <= set(COMMANDS)


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_no_help_breaks_a_word_at_a_hyphen(path: str) -> None:
    command = COMMANDS[path]
    whole = set(_help(command, path, 10_000).split())  # one line a paragraph: every word whole
    for width in range(40, 101, 4):
        for line in _help(command, path, width).splitlines():
            last = line.split()[-1] if line.split() else ""
            assert not last.endswith("-") or last in whole, (width, line)
