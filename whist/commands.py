"""The ``whist`` command's table of commands, and a click group that imports them only when they run.

``whist --help`` should not pay for rich, the rule model, lark or jsonschema: each command's
module imports what it needs, and the top-level group knows the commands from a table,
name → (module, one-line help). ``whist cards …`` imports :mod:`whist.printcli` and nothing of
the other commands; ``whist --help`` imports none of them and shows the table's lines.

The table's help lines must be the commands' own short help (``tests/test_lazy_cli.py`` checks
that they are, so the two cannot drift apart).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

import click

#: The commands of modules other than :mod:`whist.cli`: name -> (the module, whose ``register(group)``
#: adds the command; the command's short help, shown by ``whist --help``).
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": (
        "whist.analyzecli",
        "List the combo bids of RULESET that can never be completed, each with the reason.",
    ),
    "balance": (
        "whist.balancecli",
        "Per bid: how often it is bid and completed, points per deal, and bids ranked out of line.",
    ),
    "cards": (
        "whist.printcli",
        "Write the bid cards of RULESET as a print-ready PDF (or PNG previews, one per page).",
    ),
    "diff": (
        "whist.diffcli",
        "List what changed from rule set OLD to rule set NEW, as a changelog (md) or change records (json).",
    ),
    "duel": (
        "whist.duelcli",
        "Agents A and B over mirrored deals: points, completion, A − B.",
    ),
    "play": ("whist.playcli", "Play against agents at the terminal."),
    "rules": ("whist.printcli", "Write the rules reference of RULESET: the general rules and the bid tables."),
    "schema": (
        "whist.schemacli",
        "Print the path of the JSON schema of rule files (or locale files), or write a copy with -o.",
    ),
    "translate": ("whist.translatecli", "Translation tooling: status, init, check, mark, export and import (PO)."),
}


#: A no-break hyphen, standing for each hyphen while click wraps a help text: Python's text wrapper
#: breaks a line after a hyphen inside a word (``[default: whist-`` / ``save.json]``); a file name,
#: an option or a rule set's name is one token, and is wrapped as one.
_KEPT_HYPHEN = "\u2011"


class HelpFormatter(click.HelpFormatter):
    """click's help formatter, which wraps lines at spaces only, never at a hyphen inside a word."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args.replace("-", _KEPT_HYPHEN), prefix)

    def write_text(self, text: str) -> None:
        super().write_text(text.replace("-", _KEPT_HYPHEN))

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(first, second.replace("-", _KEPT_HYPHEN)) for first, second in rows], col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_KEPT_HYPHEN, "-")


class Context(click.Context):
    """The context of every ``whist`` command: its help made by :class:`HelpFormatter`."""

    formatter_class = HelpFormatter


def _with_help_context(command: click.Command) -> click.Command:
    """``command`` (and a group's commands) made to write help with :class:`HelpFormatter`."""
    command.context_class = Context
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _with_help_context(sub)
    return command


class LazyGroup(click.Group):
    """A :class:`click.Group` with commands registered on first use.

    ``lazy`` maps a command name to the module that defines it and the command's short help;
    the module has a ``register(group)`` function that adds its commands to a group.
    """

    context_class = Context

    def __init__(self, *args: Any, lazy: Mapping[str, tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, tuple[str, str]] = dict(lazy or {})

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(_with_help_context(cmd), name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def load(self, name: str) -> click.Command:
        """Import the module of command ``name`` and add the command(s) it registers."""
        module = importlib.import_module(self.lazy[name][0])
        scratch = click.Group()  # register() adds to a group; take its commands from a scratch one
        module.register(scratch)
        for command_name, command in scratch.commands.items():
            if command_name in self.lazy and command_name not in self.commands:
                self.add_command(command, command_name)
        if name not in self.commands:
            raise LookupError(f"{module.__name__}.register() does not add the command '{name}'")
        return self.commands[name]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands' list in ``--help``: from the table for those not imported (nothing is
        imported to list them), shortened to the width exactly as click shortens a help text."""
        rows = [
            (name, self.commands.get(name) or click.Command(name, help=self.lazy[name][1]))
            for name in self.list_commands(ctx)
        ]
        rows = [(name, command) for name, command in rows if not command.hidden]
        if not rows:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in rows)
        with formatter.section("Commands"):
            formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])
