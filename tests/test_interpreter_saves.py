"""Saving after every decision and resuming: the save holds exactly the decisions made before an
interruption, and a resumed game replays the save then finishes.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from interpreter_helpers import RULES, RULESET_REF, random_agents, schema_errors

from interpreter import recordcheck, records
from interpreter.agents import RandomAgent
from interpreter.decisions import Agent, Request, View
from interpreter.game import Game

# --- saving after every decision, and resuming ------------------------------------------


class Interrupting(Agent):
    """Seeded random answers; raises KeyboardInterrupt when asked for decision number ``at`` (1-based)."""

    def __init__(self, inner: RandomAgent, counter: list[int], at: int) -> None:
        self.inner = inner
        self.counter = counter
        self.at = at

    def decide(self, request: Request, view: View) -> Any:
        self.counter[0] += 1
        if self.counter[0] == self.at:
            raise KeyboardInterrupt
        return self.inner.decide(request, view)


SAVE_SEED = 4
RESUME_SEED = 59  # fresh agents that finish the resumed game quickly (saving every decision is costly)


def interrupted_save(path: Path, at: int) -> Game:
    counter = [0]
    agents = [Interrupting(agent, counter, at) for agent in random_agents(4, SAVE_SEED)]
    game = Game(RULES, agents, seed=SAVE_SEED, on_decision=records.saver(path, RULESET_REF))
    with pytest.raises(KeyboardInterrupt):
        game.run()
    return game


@pytest.fixture(scope="module")
def uninterrupted() -> Game:
    game = Game(RULES, random_agents(4, SAVE_SEED), seed=SAVE_SEED)
    game.run()
    assert len(game.decisions) > 400
    return game


@pytest.mark.parametrize("at", [2, 17, 150, 400])
def test_the_save_holds_exactly_the_decisions_before_the_interruption(
    at: int, uninterrupted: Game, tmp_path: Path
) -> None:
    path = tmp_path / "save.json"
    game = interrupted_save(path, at)
    saved = records.read_record(path)
    assert len(saved["decisions"]) == at - 1
    assert saved["decisions"] == game.decisions == uninterrupted.decisions[: at - 1]
    assert saved["result"] is None
    assert saved["deals"] == json.loads(json.dumps(uninterrupted.deal_records[: len(saved["deals"])]))
    assert schema_errors(saved) == []
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


@dataclass
class Resumed:
    at: int  # the decision that was interrupted (1-based)
    path: Path
    saved: list[dict[str, Any]]  # the decisions in the file before resuming
    game: Game  # the resumed game, played to the end


@pytest.fixture(scope="module", params=[2, 400], ids=lambda at: f"interrupted at {at}")
def resumed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Resumed:
    """A save interrupted at decision ``at``, resumed by fresh agents and played to the end."""
    at: int = request.param
    path = tmp_path_factory.mktemp("resume") / "save.json"
    interrupted_save(path, at)
    saved = records.read_record(path)["decisions"]
    game = records.resume(path, random_agents(4, seed=RESUME_SEED))
    game.run()
    return Resumed(at, path, saved, game)


def test_resume_replays_the_save_then_finishes_the_game(resumed: Resumed) -> None:
    at, path, saved, game = resumed.at, resumed.path, resumed.saved, resumed.game
    assert len(saved) == at - 1
    result = game.result
    assert result is not None and result.winner is not None
    assert result.reason in {"declarer", "instant", "anyone"}
    assert game.decisions[: at - 1] == saved
    assert len(game.decisions) > at - 1
    final = records.read_record(path)
    assert final["decisions"] == game.decisions  # saved after every decision, up to the last one


def test_the_finished_save_replays_with_no_difference(resumed: Resumed) -> None:
    final = records.read_record(resumed.path)
    assert final["result"] is not None
    assert final["ruleset_digest"] == recordcheck.ruleset_digest(resumed.game.rules)
    extra = {"ruleset_digest": final["ruleset_digest"]}
    assert final == json.loads(json.dumps(records.to_record(resumed.game, RULESET_REF, extra)))
    assert records.replay(final) == []


def test_an_interrupted_resume_keeps_every_saved_decision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    interrupted_save(path, 400)
    saved = records.read_record(path)["decisions"]
    real_write = records.write_record
    writes = [0]

    def write_then_ctrl_c(record: dict[str, Any], target: Path) -> None:
        writes[0] += 1
        if writes[0] == 50:  # Ctrl-C while the resumed game is still replaying the save
            raise KeyboardInterrupt
        real_write(record, target)

    monkeypatch.setattr(records, "write_record", write_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        records.resume(path, random_agents(4, seed=RESUME_SEED)).run()
    assert records.read_record(path)["decisions"][: len(saved)] == saved


def test_a_save_from_the_middle_of_a_deal_replays(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    interrupted_save(path, 150)
    saved = records.read_record(path)
    assert saved["deals"] and saved["result"] is None
    assert records.replay(saved) == []
    tampered = copy.deepcopy(saved)
    tampered["deals"][-1]["scores"]["0"] += 1
    assert any(p.startswith(f"deals[{len(saved['deals']) - 1}].scores.0:") for p in records.replay(tampered))
