"""``--players`` is checked against the rule set's own range, in one message form, by every command.

``whist play --players 13`` said "13 is not in the range 2<=x<=12." (a fixed range of the option,
which includes 2, refused by Combo Whist anyway), while ``--players 2`` said "combo-whist is for 3
to 12 players, not 2", and every help claimed ``[2<=x<=12]``. Now each command that seats a table
says the rule set's range (``game.players``) for any size outside it, and exits with status 2
before any game starts; its help names no range.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulespec import load_ruleset
from rulespec.locate import bundled_names
from whist.cli import cli

#: Each command that takes --players, with what it needs before and after the rule set (no work is
#: done: the size is refused first).
COMMANDS = {
    "play": ([], []),
    "simulate": ([], ["--games", "1", "--seed", "1"]),
    "balance": ([], ["--deals", "1"]),
    "duel": (["random", "random"], ["--deals", "1"]),
    "analyze": ([], []),
}


def _outside(lo: int, hi: int) -> list[int]:
    return [lo - 1, hi + 1, 0, -1, 1, 13, 99, 10**20]


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for name in bundled_names():
        players = load_ruleset(name).game.players
        for n in _outside(players.min, players.max):
            if not players.min <= n <= players.max:
                cases += [(command, name, n) for command in COMMANDS]
    return cases


@pytest.mark.parametrize(("command", "ruleset", "n"), _cases())
def test_a_size_outside_the_rule_sets_range_is_refused_with_that_range(
    command: str, ruleset: str, n: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = load_ruleset(ruleset).game.players
    size = str(players.min) if players.min == players.max else f"{players.min} to {players.max}"
    before, after = COMMANDS[command]
    monkeypatch.chdir(tmp_path)  # (whist play would save there, were the size taken)
    result = CliRunner().invoke(cli, [command, *before, ruleset, *after, "--players", str(n)], input="")
    assert result.exit_code == 2, result.output
    assert f"{ruleset} is for {size} players, not {n}" in result.output
    assert "range" not in result.output


def test_the_bundled_ranges_are_what_the_readme_says() -> None:
    """README: Combo Whist takes 3 to 12 players, Christmas Whist 2."""
    for name, expected in {"combo-whist": (3, 12), "christmas-whist": (2, 2)}.items():
        players = load_ruleset(name).game.players
        assert (players.min, players.max) == expected


@pytest.mark.parametrize("command", [*COMMANDS])
def test_the_help_claims_no_fixed_range(command: str) -> None:
    result = CliRunner().invoke(cli, [command, "--help"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("--players N"))
    told = " ".join([lines[at], *(line for line in lines[at + 1 : at + 3] if not line.strip().startswith("-"))])
    assert "<=" not in told and "2" not in told and "12" not in told, told
