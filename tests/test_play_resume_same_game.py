"""``whist play --resume`` plays on as the game would have gone without the stop.

The agents' answers may depend only on the game's seed and the decisions made so far: a game
stopped at any decision and resumed gives the same record as one played straight through (the
agents used to be seeded anew on resume, and a seat bid "uncertainty" in one and "misery + penalty"
in the other). The person's stand-in answers from the position alone, as a person typing the same
answers would; the agents are built the way ``whist play`` builds them (:mod:`whist.playseats`).
"""

from __future__ import annotations

import contextlib
import json
import shlex
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.decisions import Request, View
from interpreter.game import MAX_DEALS, Game
from interpreter.records import game_from_record, to_record
from interpreter.seeds import MAX_SEED
from rulespec import load_ruleset
from whist.cli import cli
from whist.cliargs import agent_makers
from whist.playseats import Table, agent_seed, agents_to_resume, seated

RULE_SETS = ["combo-whist", "bids/examples/quick-game.yaml", "christmas-whist"]
DEALS = 2  # (a game of two deals: a stop in the first deal, in the second, or between them)


class Person:
    """A stand-in for the person at seat 0: each answer a function of the position alone."""

    def __init__(self) -> None:
        self.game: Game | None = None

    wants_view = True
    legal_answers = True

    def decide(self, request: Request, view: View | None) -> Any:
        assert self.game is not None
        return RandomAgent(len(self.game.decisions)).decide(request, view)


class Stop(Exception):
    """The person stopped the game (Ctrl-C) after this many decisions."""


def play(game: Game, table: Table) -> None:
    while game.result is None and len(game.deal_records) < DEALS:
        table.before_deal()
        game.play_deal()


def new_game(ruleset: str, game_seed: int, agents: str, stop_at: int | None) -> Game:
    rules = load_ruleset(ruleset)
    players = rules.game.players.usual
    person = Person()

    def stop(game: Game) -> None:
        if stop_at is not None and len(game.decisions) >= stop_at:
            raise Stop

    game = Game(rules, [person] * players, seed=game_seed, on_decision=stop)
    person.game = game
    table = Table(game, agent_makers(agents, players - 1, rules), human_seat=0)
    with contextlib.suppress(Stop):
        play(game, table)
    return game


def resumed(ruleset: str, record: dict[str, Any]) -> Game:
    """The game of ``record`` played on, with the agents its save keeps (as ``--resume`` alone takes them)."""
    rules = load_ruleset(ruleset)
    agents = agents_to_resume(record.get("agents"), None)
    person = Person()
    where = Path.cwd() / "save.json"  # (a rule set named by its path is found from the save's folder)
    game = game_from_record(json.loads(json.dumps(record)), [person] * record["players"], path=where)
    person.game = game
    table = Table(game, agent_makers(agents, record["players"] - 1, rules), human_seat=0)
    table.catch_up(record, rules)
    play(game, table)
    return game


_straight: dict[tuple[str, int, str], Game] = {}


def straight(ruleset: str, game_seed: int, agents: str) -> Game:
    key = (ruleset, game_seed, agents)
    if key not in _straight:
        _straight[key] = new_game(ruleset, game_seed, agents, None)
    return _straight[key]


@pytest.mark.parametrize("ruleset", RULE_SETS)
@settings(max_examples=5, deadline=None, derandomize=False, suppress_health_check=[HealthCheck.too_slow])
@seed(19)
@given(game_seed=st.integers(0, 10_000), where=st.floats(0, 1))
def test_a_game_stopped_anywhere_and_resumed_is_the_game_played_straight(
    ruleset: str, game_seed: int, where: float
) -> None:
    whole = straight(ruleset, game_seed, "heuristic")
    stop_at = 1 + int(where * (len(whole.decisions) - 1))  # any decision, the last one too
    stopped = new_game(ruleset, game_seed, "heuristic", stop_at)
    assert stopped.decisions == whole.decisions[:stop_at]
    again = resumed(ruleset, to_record(stopped, str(Path(ruleset).resolve()) if "/" in ruleset else ruleset))
    assert again.decisions == whole.decisions


@pytest.mark.parametrize(
    "agents", ["random", "search:samples=1,rollouts=4", "heuristic/random/search:samples=1,rollouts=4"]
)
def test_every_kind_of_agent_plays_on_as_it_would_have(agents: str) -> None:
    whole = straight("combo-whist", 7, agents)
    for stop_at in (5, len(whole.decisions) // 2 + 3):  # in the auction, in the play of a later deal
        stopped = new_game("combo-whist", 7, agents, stop_at)
        again = resumed("combo-whist", to_record(stopped, "combo-whist", {"agents": agents}))
        assert again.decisions == whole.decisions, stop_at


def test_the_agents_catch_up_on_one_deal_at_most() -> None:
    """Bounded: a game resumed late asks its agents again only the decisions of its last deal."""
    rules = load_ruleset("combo-whist")
    person = Person()
    game = Game(rules, [person] * 4, seed=2)
    person.game = game
    table = Table(game, agent_makers("random", 3, rules), human_seat=0)
    for _ in range(4):
        table.before_deal()
        game.play_deal()
    made = len(game.decisions)

    def stop(game: Game) -> None:
        if len(game.decisions) >= made + 3:  # three decisions into deal 5
            raise Stop

    game.on_decision = stop
    table.before_deal()
    with pytest.raises(Stop):
        game.play_deal()
    record = to_record(game, "combo-whist")
    fresh = game_from_record(record, [Person()] * 4)
    asked = Table(fresh, agent_makers("random", 3, rules), human_seat=0).catch_up(record, rules)
    assert made > 150 and 2 <= asked <= 3  # (three decisions of deal 5, at most one of them the person's)


def test_the_command_resumes_the_game_it_would_have_played(tmp_path: Path) -> None:
    """The report's case, through ``whist play``: two deals at once, or one, a stop, and one more."""
    answers = "pass\n1\n" * 200  # (a bid takes "pass", a card "1"; what is not understood is asked again)
    runner = CliRunner()
    args = ["play", "--seed", "5", "--agents", "heuristic"]
    runner.invoke(cli, [*args, "--save", str(tmp_path / "d.json"), "--deals", "2"], input=answers)
    runner.invoke(cli, [*args, "--save", str(tmp_path / "e.json"), "--deals", "1"], input=answers)
    runner.invoke(cli, ["play", "--resume", str(tmp_path / "e.json"), "--deals", "1"], input=answers)
    whole, halves = (json.loads((tmp_path / name).read_text())["decisions"] for name in ("d.json", "e.json"))
    assert len(whole) > 60 and halves == whole


#: ``--agents`` of every kind a save keeps: one for all, a list, a search with a budget (kept small).
SAVED_AGENTS = ["random", "heuristic", "heuristic/random/search:samples=1,rollouts=2", "search:samples=1,rollouts=2"]
#: The person's lines: a bid takes "pass", a card "1", a choice of N things "1 … N", anything else
#: any line; what is not taken is asked again, so each answer is a function of the position alone.
LINES = ["pass", "1", "1 2", "1 2 3", "1 2 3 4"] * 100
_whole: dict[str, dict[str, Any]] = {}


def _whole_game(agents: str, folder: Path) -> dict[str, Any]:
    """The record of two deals played straight through with ``agents``."""
    if agents not in _whole:
        path = folder / "whole.json"
        args = ["play", "--seed", "11", "--agents", agents, "--save", str(path), "--deals", str(DEALS)]
        result = CliRunner().invoke(cli, args, input="\n".join(LINES) + "\n")
        assert result.exit_code == 0, result.output
        _whole[agents] = json.loads(path.read_text())
    return _whole[agents]


@pytest.mark.parametrize("agents", SAVED_AGENTS)
@settings(
    max_examples=2,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # (a failure is told as found: shrinking takes minutes)
)
@seed(29)
@given(where=st.floats(0, 1))
def test_the_printed_resume_command_plays_on_with_the_games_agents(agents: str, where: float) -> None:
    """Stopped at any of the person's decisions (the input ends), the game goes on, with the command
    play prints and the rest of the lines, exactly as it went straight through: the save keeps
    ``--agents``, so the printed command needs none (it used to go on with heuristic agents)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        whole = _whole_game(agents, folder)
        person = sum(d["seat"] == 0 for d in whole["decisions"])
        lines = 1 + int(where * (person - 2))  # (the input ends at a later line: within the game)
        path = folder / "stopped.json"
        args = ["play", "--seed", "11", "--agents", agents, "--save", str(path), "--deals", str(DEALS)]
        stopped = CliRunner().invoke(cli, args, input="\n".join(LINES[:lines]) + "\n")
        assert stopped.exit_code == 1, stopped.output
        printed = stopped.stderr.rsplit("Resume with: ", 1)[1].strip()
        command = shlex.split(printed)
        assert command[:2] == ["whist", "play"] and "--agents" not in command  # (the save keeps them)
        saved = json.loads(path.read_text())
        left = str(DEALS - len(saved["deals"]))  # (the deal stopped in counts as new: it gets new decisions)
        again = CliRunner().invoke(cli, [*command[1:], "--deals", left], input="\n".join(LINES[lines:]) + "\n")
        assert again.exit_code == 0, again.output
        assert "goes on with" not in " ".join(again.output.split())  # (the agents are the saved game's: nothing to say)
        resumed = json.loads(path.read_text())
    assert len(saved["decisions"]) < len(whole["decisions"])
    assert resumed["decisions"] == whole["decisions"]
    assert resumed["agents"] == agents  # (kept for the next resume too)


@settings(max_examples=60, deadline=None, derandomize=False)
@seed(31)
@given(game_seed=st.one_of(st.integers(-MAX_SEED, MAX_SEED), st.sampled_from([MAX_SEED, -MAX_SEED, 0])))
def test_every_seed_a_game_takes_seeds_its_agents_each_their_own(game_seed: int) -> None:
    """``whist play --seed`` takes every seed a game does (the default is a random one): the agents of
    each deal and seat are built from it, and no two of them share a seed (a study's seed bound,
    far smaller, once made play without ``--seed`` end in a traceback)."""
    rules = load_ruleset("combo-whist")
    makers = agent_makers("heuristic/random/search:samples=1,rollouts=1", 3, rules)
    for deal in (0, 1, MAX_DEALS - 1):
        assert seated(makers, None, 0, 4, game_seed, deal)[0] is None
    seeds = {agent_seed(game_seed, deal, seat) for deal in range(50) for seat in range(12)}
    assert len(seeds) == 50 * 12


def test_play_without_a_seed_plays_and_says_how_to_resume(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--save", str(tmp_path / "game.json")], input="pass\n1\n" * 3)
    assert result.exit_code == 1 and "Resume with: whist play --resume" in result.stderr, result.output
