"""A file name with a newline (or another unprintable character) never breaks a line of output.

A stranger may name a rule file ``"a\\nhouse.yaml"``: printed raw, the second half starts a line of
its own and can pass for another message ("ok", a verdict). Every place that shows a user's file
name shows it through :func:`rulespec.errors.shown_path` (``a\\x0ahouse.yaml``): located errors,
``whist check``'s ok line, the titles of ``duel`` and ``balance``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulespec.errors import shown_path
from whist.cli import cli

VALID = "ruleset: odd\nversion: '1'\nextends: combo-whist\n"
BROKEN = "ruleset: odd\nversion: 1\nextends: combo-whist\n"  # (a number where text belongs)
NAMES = ["a\nhouse.yaml", "a\rhouse.yaml", "a\x1b[2Jhouse.yaml", "a\u2028house.yaml"]


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _lines(output: str) -> list[str]:
    return output.replace("\r\n", "\n").split("\n")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["duel", "random", "random", "--deals", "1"],
        ["balance", "--deals", "1", "--agents", "random"],
        ["show"],
        ["simulate", "--games", "1", "--jobs", "1"],
    ],
)
@pytest.mark.parametrize("text", [VALID, BROKEN])
def test_a_file_name_never_starts_a_line_of_its_own(tmp_path: Path, name: str, command: list[str], text: str) -> None:
    path = _file(tmp_path, name, text)
    if command[0] == "balance":
        command = [*command, path]
    else:
        command = [*command, path] if command[0] != "duel" else [*command[:3], path, *command[3:]]
    result = CliRunner().invoke(cli, command)
    assert result.exit_code in (0, 1), result.output
    for line in _lines(result.output):
        assert not line.startswith("house.yaml"), result.output
    assert "\x1b[2J" not in result.output and "\u2028" not in result.output and "\r" not in result.output
    if text is BROKEN or command[0] == "check":
        assert shown_path(path) in result.output


def test_shown_path_keeps_printable_names() -> None:
    assert shown_path("bids/ä ö/hus regler.yaml") == "bids/ä ö/hus regler.yaml"
    assert shown_path("a\nb") == "a\\x0ab"
    assert shown_path("a\u202eb") == "a\\u202eb"
