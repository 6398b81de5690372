"""Records of games (interpreter/records.py, recordcheck.py): they validate against the schema,
round-trip through files and replay; tampering is reported; ``whist replay`` on the command line.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from interpreter_helpers import RULES, RULESET_REF, finished_game, random_agents, schema_errors

from interpreter import records
from interpreter.game import Game

ROOT = Path(__file__).resolve().parent.parent


# --- records ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return records.to_record(finished_game(players=4, seed=3), RULESET_REF)


def test_a_record_validates_against_the_schema(record: dict[str, Any]) -> None:
    assert schema_errors(record) == []
    assert record["result"] is not None and record["deals"]
    assert any(deal["declarer"] is not None for deal in record["deals"])


def test_a_record_survives_the_file_round_trip_and_replays(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    records.write_record(record, path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind
    read = records.read_record(path)
    assert read == json.loads(json.dumps(record))
    assert records.replay(read) == []


def test_an_unfinished_record_replays(tmp_path: Path) -> None:
    game = Game(RULES, random_agents(4, seed=8), seed=8)
    for _ in range(3):
        game.play_deal()
    assert game.result is None
    record = records.to_record(game, RULESET_REF)
    assert schema_errors(record) == []
    records.write_record(record, tmp_path / "partial.json")
    assert records.replay(records.read_record(tmp_path / "partial.json")) == []


def first_played_deal(record: dict[str, Any]) -> int:
    return next(i for i, deal in enumerate(record["deals"]) if deal["declarer"] is not None)


def test_a_tampered_score_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    tampered["deals"][index]["scores"]["1"] += 1
    problems = records.replay(tampered)
    assert any(p.startswith(f"deals[{index}].scores.1:") for p in problems), problems


def test_a_tampered_result_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["result"]["winner"] = (tampered["result"]["winner"] + 1) % 4
    assert any(p.startswith("result.winner:") for p in records.replay(tampered))


def test_a_tampered_trick_winner_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    trick = tampered["deals"][index]["tricks"][4]
    trick["winner"] = next(seat for seat in tampered["deals"][index]["players"] if seat != trick["winner"])
    problems = records.replay(tampered)
    assert any(p.startswith(f"deals[{index}].tricks[4].winner:") for p in problems), problems


def test_a_tampered_play_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    decisions = tampered["decisions"]
    at = next(i for i, d in enumerate(decisions) if d["kind"] == "play")
    later = next(i for i in range(at + 1, len(decisions)) if decisions[i]["seat"] == decisions[at]["seat"])
    decisions[at]["answer"], decisions[later]["answer"] = decisions[later]["answer"], decisions[at]["answer"]
    assert records.replay(tampered) != []


def test_a_tampered_bid_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    bid = next(d for d in tampered["decisions"] if d["kind"] == "bid" and d["answer"] is not None)
    bid["answer"] = None  # a pass instead of the bid
    assert records.replay(tampered) != []


def test_a_decision_by_the_wrong_seat_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["decisions"][0]["seat"] = (tampered["decisions"][0]["seat"] + 1) % 4
    problems = records.replay(tampered)
    assert problems and "seat" in problems[0]


def test_missing_and_extra_decisions_are_reported(record: dict[str, Any]) -> None:
    short = copy.deepcopy(record)
    short["decisions"].pop()
    assert any("record ends before" in p for p in records.replay(short))
    long = copy.deepcopy(record)
    long["decisions"].append(dict(long["decisions"][-1]))
    assert any("left over" in p for p in records.replay(long))


def test_read_record_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    from rulespec.errors import RuleError

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "whist-rules/record"}', encoding="utf-8")
    with pytest.raises(RuleError, match="not a valid game record"):
        records.read_record(bad)
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RuleError, match="not a JSON record"):
        records.read_record(bad)


def test_a_record_of_a_game_stopped_by_max_deals_replays() -> None:
    game = Game(RULES, random_agents(4, seed=3), seed=3, max_deals=3)
    result = game.run()
    assert result.reason == "unfinished"
    record = records.to_record(game, RULESET_REF)
    assert schema_errors(record) == []
    assert records.replay(record) == []


# --- the command line -------------------------------------------------------------------


def run_whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_cli_replay_accepts_a_good_record(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    records.write_record(record, path)
    done = run_whist("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "no difference" in done.stdout


def test_cli_replay_lists_the_differences_of_a_tampered_record(record: dict[str, Any], tmp_path: Path) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    tampered["deals"][index]["scores"]["2"] += 5
    tampered["deals"][index]["tricks"][0]["winner"] = (tampered["deals"][index]["tricks"][0]["winner"] + 1) % 4
    path = tmp_path / "tampered.json"
    records.write_record(tampered, path)
    done = run_whist("replay", str(path))
    assert done.returncode == 1
    assert "2 difference(s)" in done.stderr
    assert f"deals[{index}].scores.2" in done.stderr and f"deals[{index}].tricks[0].winner" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_replay_refuses_a_broken_file_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[1, 2", encoding="utf-8")
    done = run_whist("replay", str(path))
    assert done.returncode == 1
    assert "not a JSON record" in done.stderr and "Traceback" not in done.stderr
