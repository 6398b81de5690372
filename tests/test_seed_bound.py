"""One bound on seeds (:data:`interpreter.seeds.MAX_SEED`), the bound of a record's numbers.

``whist play --seed 10000000000000 --save big.json`` once played and saved a game that
``--resume big.json`` refused ("$.seed: number is out of range"). Now a seed beyond the bound is a
usage error of every command that takes ``--seed`` (found by looking, so a new one is checked too),
a ValueError of :class:`GameState`, and a seed at the bound goes through a save, a record and a
replay. The studies' own seeds for their games stay within it.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.gamestate import GameState
from interpreter.recordcheck import load_json
from interpreter.records import read_record, replay, state_from_record, to_record
from interpreter.seeds import MAX_SEED, study_seed
from rulespec import load_ruleset
from rulespec.numbers import MAX_NUMBER
from whist.cli import cli

#: How each command that takes --seed runs at its smallest (a game, a deal).
SMALLEST = {
    "play": ["play", "christmas-whist", "--agents", "random", "--deals", "1"],
    "simulate": ["simulate", "christmas-whist", "--games", "2", "--jobs", "1"],
    "duel": ["duel", "random", "random", "christmas-whist", "--deals", "1"],
    "balance": ["balance", "combo-whist", "--deals", "2", "--agents", "random"],
}


def _seed_commands() -> list[str]:
    context = click.Context(cli)
    found = []
    for name in cli.list_commands(context):  # type: ignore[attr-defined]
        command = cli.get_command(context, name)  # type: ignore[attr-defined]
        if command is not None and any(p.name == "seed" for p in command.params):
            found.append(name)
    return found


def test_the_commands_that_take_a_seed_are_found_and_known_here() -> None:
    assert set(_seed_commands()) == set(SMALLEST)


def test_the_seed_bound_is_the_bound_of_a_records_numbers() -> None:
    assert MAX_SEED == MAX_NUMBER
    rules = load_ruleset("christmas-whist")
    for seed in (MAX_SEED + 1, -MAX_SEED - 1, 10**40):
        with pytest.raises(ValueError, match=f"seed is a whole number from {-MAX_SEED} to {MAX_SEED}"):
            GameState(rules, 2, seed=seed)


@pytest.mark.parametrize("command", sorted(SMALLEST))
@pytest.mark.parametrize("seed", [MAX_SEED + 1, -MAX_SEED - 1, 10**13])
def test_a_seed_beyond_the_bound_is_a_usage_error(command: str, seed: int, tmp_path: Path) -> None:
    args = [*SMALLEST[command], "--seed", str(seed)]
    result = CliRunner().invoke(cli, [*args, "--save", str(tmp_path / "s.json")] if command == "play" else args)
    assert result.exit_code == 2, result.output
    assert "'--seed'" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "s.json").exists()


@pytest.mark.parametrize("command", sorted(SMALLEST))
@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED])
def test_a_seed_at_the_bound_plays(command: str, seed: int, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = [*SMALLEST[command], "--seed", str(seed)]
    if command != "play":
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        return
    result = CliRunner().invoke(cli, [*args, "--save", str(save)], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    record = read_record(save)  # (within the bounds of a record read back)
    assert record["seed"] == seed and replay(record, save) == []
    resumed = CliRunner().invoke(
        cli, ["play", "--resume", str(save), "--agents", "random", "--deals", "1"], input="1\n" * 400
    )
    assert resumed.exit_code == 0, resumed.output


@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED, 0])
def test_a_state_seeded_at_the_bound_comes_back_from_its_record(seed: int, tmp_path: Path) -> None:
    state = GameState(load_ruleset("combo-whist"), 4, seed=seed)
    state.apply(None)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_record(state, "combo-whist")), encoding="utf-8")
    assert load_json(path)["seed"] == seed
    assert state_from_record(read_record(path)).view(1) == state.view(1)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(seed=st.integers(-MAX_SEED, MAX_SEED), index=st.integers(0, 10_000_000))
def test_a_studys_games_are_seeded_within_the_bound(seed: int, index: int) -> None:
    game_seed = study_seed(seed, index)
    assert -MAX_SEED <= game_seed <= MAX_SEED
    if abs(seed * 1_000_003 + index) <= MAX_SEED:  # (the seeds studies always had, where they fit)
        assert game_seed == seed * 1_000_003 + index
