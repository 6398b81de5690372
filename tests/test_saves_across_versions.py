"""A save or record of a bundled rule set still resumes after that rule set moves to a new version.

A save names a bundled rule set as the player did (``combo-whist``) and keeps the id it was made
with (``combo-whist@1.5.0``). Once the bundled set moved on, every such save and record was
refused ("the record is of 'combo-whist@1.5.0', but 'combo-whist' is 'combo-whist@1.5.1'")
though the version it was made with is kept bundled. Now it is played with that version. The
class: every kept version of every bundled rule set, as if it were the current one when the game
was saved, replays without a difference and resumes; a version that is not kept is still refused.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.agents.randomagent import RandomAgent
from interpreter.game import Game
from interpreter.records import read_record, replay, resume, saver
from rulespec import load_ruleset
from rulespec.errors import RuleError
from whist.cliargs import players_for

BIDS = Path(__file__).resolve().parent.parent / "bids"
KEPT = sorted((folder.name, kept.stem) for folder in BIDS.iterdir() for kept in folder.glob("versions/*.yaml"))


def _saved(name: str, version: str, tmp_path: Path) -> Path:
    """A one-deal game of ``name@version`` saved as ``whist play name`` saved it then."""
    rules = load_ruleset(f"{name}@{version}")
    players = players_for(rules, None)
    save = tmp_path / "save.json"
    agents = [RandomAgent(seat) for seat in range(players)]
    Game(rules, agents, seed=3, on_decision=saver(save, name, 0), max_deals=1).run()
    record = read_record(save)
    assert record["ruleset"] == name and record["ruleset_id"] == rules.id
    return save


def test_kept_versions_are_found() -> None:
    assert len(KEPT) >= 9 and ("combo-whist", "1.0.0") in KEPT


@pytest.mark.parametrize(("name", "version"), KEPT)
def test_a_save_of_a_kept_version_replays_and_resumes(name: str, version: str, tmp_path: Path) -> None:
    save = _saved(name, version, tmp_path)
    assert replay(read_record(save), save) == []
    players = int(read_record(save)["players"])
    game = resume(save, [RandomAgent(10 + seat) for seat in range(players)])
    assert game.rules.id == f"{name}@{version}" == read_record(save)["ruleset_id"]


def test_a_version_that_is_not_kept_is_refused(tmp_path: Path) -> None:
    name, version = KEPT[0]
    save = _saved(name, version, tmp_path)
    record = json.loads(save.read_text(encoding="utf-8"))
    record["ruleset_id"] = f"{name}@0.0.1"
    save.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(RuleError, match="the record is of"):
        replay(read_record(save), save)
