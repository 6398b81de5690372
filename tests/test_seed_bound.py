"""One bound on seeds (:data:`interpreter.seeds.MAX_SEED`), the bound of a record's numbers.

``whist play --seed 10000000000000 --save big.json`` once played and saved a game that
``--resume big.json`` refused ("$.seed: number is out of range"). Now a seed beyond the bound is a
usage error of every command that takes ``--seed`` (found by looking, so a new one is checked too),
a ValueError of :class:`GameState`, and a seed at the bound goes through a save, a record and a
replay. The studies' own seeds for their games stay within it, and no two games of the allowed
studies share one (a study seed of 10**12 once folded back onto seed 0's games): a study's seed is
bounded (:data:`interpreter.seeds.MAX_STUDY_SEED`), a larger one a usage error of the study commands.
Seeds on the command line are not negative (:data:`interpreter.seeds.MIN_SEED`): ``random.Random``
seeds itself with a number's absolute value, so ``--seed -1`` dealt ``--seed 1``'s game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.gamestate import GameState
from interpreter.recordcheck import load_json
from interpreter.records import read_record, replay, state_from_record, to_record
from interpreter.seeds import MAX_SEED, MAX_STUDY_GAMES, MAX_STUDY_SEED, MIN_SEED, study_seed
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
@pytest.mark.parametrize("seed", [MAX_SEED + 1, -1, -MAX_SEED - 1, 10**13])
def test_a_seed_beyond_the_bound_is_a_usage_error(command: str, seed: int, tmp_path: Path) -> None:
    args = [*SMALLEST[command], "--seed", str(seed)]
    result = CliRunner().invoke(cli, [*args, "--save", str(tmp_path / "s.json")] if command == "play" else args)
    assert result.exit_code == 2, result.output
    assert "'--seed'" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "s.json").exists()


#: The commands that play a study: many games (or deals), each seeded from the one --seed.
STUDIES = ("simulate", "duel", "balance")


@pytest.mark.parametrize("command", sorted(SMALLEST))
@pytest.mark.parametrize("end", ["least", "most"])
def test_a_seed_at_the_bound_plays(command: str, end: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    seed = MIN_SEED if end == "least" else MAX_STUDY_SEED if command in STUDIES else MAX_SEED
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


@pytest.mark.parametrize("command", STUDIES)
@pytest.mark.parametrize("seed", [MAX_STUDY_SEED + 1, MIN_SEED - 1, MAX_SEED])
def test_a_study_refuses_the_first_seed_past_its_bound_saying_why(command: str, seed: int) -> None:
    result = CliRunner().invoke(cli, [*SMALLEST[command], "--seed", str(seed)])
    assert result.exit_code == 2, result.output
    assert f"from {MIN_SEED} to {MAX_STUDY_SEED}" in result.output


def test_no_study_holds_more_games_than_have_seeds_of_their_own() -> None:
    context = click.Context(cli)
    counts = {"simulate": "games", "duel": "deals", "balance": "deals"}
    for command, option in counts.items():
        params = {p.name: p for p in cli.get_command(context, command).params}  # type: ignore[attr-defined]
        assert params[option].type.max == MAX_STUDY_GAMES, command


@pytest.mark.parametrize("seed", [MAX_SEED, -MAX_SEED, 0])
def test_a_state_seeded_at_the_bound_comes_back_from_its_record(seed: int, tmp_path: Path) -> None:
    state = GameState(load_ruleset("combo-whist"), 4, seed=seed)
    state.apply(None)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_record(state, "combo-whist")), encoding="utf-8")
    assert load_json(path)["seed"] == seed
    assert state_from_record(read_record(path)).view(1) == state.view(1)


#: The corners of the allowed ranges, where a fold or an overlap would show first.
SEED_EDGES = st.sampled_from([MIN_SEED, MIN_SEED + 1, 2, MAX_STUDY_SEED - 1, MAX_STUDY_SEED])
INDEX_EDGES = st.sampled_from([0, 1, 2, 3, 4, MAX_STUDY_GAMES - 2, MAX_STUDY_GAMES - 1])
SEEDS = st.one_of(SEED_EDGES, st.integers(MIN_SEED, MAX_STUDY_SEED))
INDICES = st.one_of(INDEX_EDGES, st.integers(0, MAX_STUDY_GAMES - 1))


def _same_generator(a: int, b: int) -> bool:
    """Whether games seeded ``a`` and ``b`` draw the same numbers: asked of the generator itself (a
    seed and its negative are one generator), not of the numbers."""
    return random.Random(a).getstate() == random.Random(b).getstate()


@settings(derandomize=True, max_examples=400, deadline=None)
@given(a=st.tuples(SEEDS, INDICES), b=st.tuples(SEEDS, INDICES))
def test_distinct_games_of_studies_never_share_a_seed(a: tuple[int, int], b: tuple[int, int]) -> None:
    for seed, index in (a, b):
        assert -MAX_SEED <= study_seed(seed, index) <= MAX_SEED
    assert (study_seed(*a) == study_seed(*b)) == (a == b)
    assert _same_generator(study_seed(*a), study_seed(*b)) == (a == b)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(a=st.integers(MIN_SEED, MAX_SEED), b=st.integers(MIN_SEED, MAX_SEED))
def test_two_seeds_the_command_line_takes_are_two_games(a: int, b: int) -> None:
    """``--seed 1`` and ``--seed -1`` once dealt the same game (and a study from -1 replayed games of
    the study from 1): every seed the command line takes is a generator of its own."""
    assert _same_generator(a, b) == (a == b)
    assert _same_generator(a, -a)  # why negative seeds are refused: the generator's own rule


@settings(derandomize=True, max_examples=200, deadline=None)
@given(seed=SEEDS, index=INDICES, other=st.integers(1, MAX_STUDY_GAMES - 1))
def test_neighbouring_studies_share_no_game(seed: int, index: int, other: int) -> None:
    """Seed s and s + 1 (or any other) and any two indices: the pairs a random draw rarely hits."""
    neighbour = seed + 1 if seed < MAX_STUDY_SEED else seed - 1
    assert study_seed(seed, index) != study_seed(neighbour, other)
    assert study_seed(seed, index) != study_seed(neighbour, index)
    assert study_seed(seed, (index + other) % MAX_STUDY_GAMES) != study_seed(seed, index)


def test_the_seeds_studies_always_had_are_kept_and_nothing_outside_is_given_one() -> None:
    assert study_seed(1, 0) == 1_000_003 and study_seed(5, 7) == 5 * 1_000_003 + 7
    for seed, index in ((MAX_STUDY_SEED + 1, 0), (-1, 0), (-MAX_STUDY_SEED, 0), (0, MAX_STUDY_GAMES), (0, -1)):
        with pytest.raises(ValueError):
            study_seed(seed, index)
