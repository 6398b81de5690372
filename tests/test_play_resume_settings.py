"""``whist play --resume`` with a setting the saved game decides is a usage error, not ignored.

A saved game keeps its own rule set, players, winning variant and table options; given again with
``--resume`` (``--option rounds=5``) they used to be dropped without a word, and the person played on
believing theirs applied. ``--seed`` is the game's too (it seeds the agents deal by deal, so that a
resumed game goes on as it would have), and ``--seat`` may not move the person: the same form, exit 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from whist.cli import cli


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("saves") / "game.json"
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--agents", "random", "--save", str(path)], input="")
    assert path.is_file(), result.output  # (saved before the first question; the input then ends)
    return path


@pytest.mark.parametrize(
    ("given", "named"),
    [
        (["--option", "rounds=5"], "--option"),
        (["--players", "5"], "--players"),
        (["--variant", "limited"], "--variant"),
        (["--seed", "9"], "--seed"),
        (["--seed", "3"], "--seed"),  # (even the saved one)
        (["--seat", "2"], "--seat"),
        (["combo-whist@1.4.2"], "RULESET"),
        (["combo-whist"], "RULESET"),  # (even the saved one: what is given is never silently dropped)
    ],
)
def test_a_setting_of_the_saved_game_is_refused_with_resume(save: Path, given: list[str], named: str) -> None:
    before = save.read_bytes()
    result = CliRunner().invoke(cli, ["play", "--resume", str(save), "--agents", "random", *given], input="")
    assert result.exit_code == 2, result.output
    assert f"{named} cannot change a saved game" in result.output
    assert save.read_bytes() == before  # nothing played, nothing written


def test_the_agents_and_the_saved_seat_are_taken_with_resume(save: Path, tmp_path: Path) -> None:
    branch = tmp_path / "branch.json"
    args = ["play", "--resume", str(save), "--save", str(branch), "--seat", "0", "--agents", "random"]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 1, result.output  # (it played on to the first question; the input ended)
    assert "cannot change a saved game" not in result.output and "Resume with" in result.output
