"""``whist`` imports a command's module only when that command runs (issue 17: start-up).

``whist --help`` lists the commands of other modules from the table in :mod:`whist.commands`;
these tests keep the table true to the commands (same names, same short help, same ``--help``
page as with every command imported) and check what ``--help`` imports.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import click
import pytest

from whist.commands import LAZY_COMMANDS, LazyGroup

ROOT = Path(__file__).resolve().parent.parent
#: Libraries and layers that `whist --help` must not import (each costs start-up time).
HEAVY = ("rich", "lark", "jsonschema", "yaml", "reportlab", "interpreter", "printing", "rulespec.model")


def _registered(module_name: str) -> dict[str, click.Command]:
    """The commands a module's ``register(group)`` adds, on a group of their own."""
    group = click.Group()
    importlib.import_module(module_name).register(group)
    return dict(group.commands)


def test_every_module_of_the_table_registers_exactly_the_commands_the_table_names() -> None:
    modules = {module for module, _ in LAZY_COMMANDS.values()}
    registered = {name: module for module in modules for name in _registered(module)}
    assert registered == {name: module for name, (module, _) in LAZY_COMMANDS.items()}


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_the_table_help_is_the_commands_own_short_help(name: str) -> None:
    module, help_line = LAZY_COMMANDS[name]
    command = _registered(module)[name]
    assert help_line == command.get_short_help_str(limit=10_000)


def _fresh_group() -> LazyGroup:
    group = LazyGroup(name="whist", lazy=LAZY_COMMANDS)
    group.add_command(click.Command("check", help="Validate rule sets. More words here."))
    return group


@pytest.mark.parametrize("width", [60, 80, 200])
def test_help_from_the_table_equals_help_with_every_command_imported(width: int) -> None:
    lazy, loaded = _fresh_group(), _fresh_group()
    for name in LAZY_COMMANDS:
        loaded.load(name)
    pages = []
    for group in (lazy, loaded):
        ctx = click.Context(group, info_name="whist", terminal_width=width, max_content_width=width)
        pages.append(group.get_help(ctx))
    assert pages[0] == pages[1]
    assert lazy.commands.keys() == {"check"}  # listing the commands imported none of them
    assert all(name in pages[0] for name in LAZY_COMMANDS)


def test_a_command_runs_after_its_module_is_imported_on_demand() -> None:
    group = _fresh_group()
    ctx = click.Context(group)
    command = group.get_command(ctx, "schema")
    assert command is not None and command.name == "schema" and "schema" in group.commands
    assert "translate" not in group.commands  # only what was asked for
    assert group.get_command(ctx, "nosuchcommand") is None


def test_a_table_entry_its_module_does_not_register_is_an_error() -> None:
    group = LazyGroup(name="whist", lazy={"ghost": ("whist.schemacli", "Nothing.")})
    with pytest.raises(LookupError, match="ghost"):
        group.load("ghost")


def test_whist_help_imports_no_heavy_library() -> None:
    # The modules loaded once `whist --help` has run, printed at exit (the command exits itself).
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules))))\n"
        "from whist.cli import main\n"
        "main(['--help'])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 0 and "Commands:" in result.stdout, result.stderr
    modules = result.stderr.rsplit("MODULES ", 1)[1].split()
    heavy = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert heavy == []
    commands = [m for m in modules if m.startswith("whist.") and m.endswith("cli") and m != "whist.cli"]
    assert commands == []  # no command's module either
