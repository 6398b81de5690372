"""The rules that changed between versions, played: the scenarios in ``tests/scenarios/versions/``,
the limited variant, and whole simulated games of every version.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from versions_helpers import NEEDS_ENGINE, ROOT, SCENARIOS, VERSIONS

from interpreter.deal import Options
from interpreter.scenario import check_scenario, load_scenario
from rulespec import load_ruleset

# --- the rules that changed, played --------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    problems = check_scenario(load_scenario(path), path.parent)
    if problems and path.stem in NEEDS_ENGINE:  # once the engine has the feature it simply passes
        pytest.xfail(f"{NEEDS_ENGINE[path.stem]} ({problems[0]})")
    assert not problems, "\n".join(problems)


def test_needs_engine_names_existing_scenarios() -> None:
    assert set(NEEDS_ENGINE) <= {p.stem for p in SCENARIOS.glob("*.yaml")}


def _standing(seat: int, score: int) -> SimpleNamespace:
    return SimpleNamespace(seat=seat, score=score)


@pytest.mark.parametrize(
    ("version", "rounds_completed", "ends_round", "wins"),
    [
        ("1.4.2", 2, True, True),  # the final deal of the last round already counts
        ("1.4.2", 2, False, False),
        ("1.4.2", 3, False, True),
        ("1.4.2", 1, True, False),
        ("1.5.0", 2, True, False),  # 1.5.0: nobody wins at the end of the last round
        ("1.5.0", 3, False, True),
        ("1.3.0", 2, True, True),  # 1.3.0 (new variant): "a player can win when the last base round is completed"
        ("1.3.0", 1, True, False),
    ],
)
def test_limited_variant_and_the_last_deal_of_the_rounds(
    version: str, rounds_completed: int, ends_round: bool, wins: bool
) -> None:
    rules = load_ruleset(f"combo-whist@{version}")
    players = [_standing(0, 2), _standing(1, 9), _standing(2, 4), _standing(3, 8)]
    env = {
        "suits": ["C", "D", "H", "S"],
        "ranks": list(rules.game.deck.ranks),
        "option": Options(dict(rules.game.options)),
        "player_count": 4,
        "players": players,
        "rounds_completed": rounds_completed,
        "ends_round": ends_round,
        "declarer": players[1],
        "completed": True,
        "combo": None,
    }
    assert rules.game.winning.variants["limited"].declarer_wins(env) is wins


def test_limited_variant_simulates() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "whist", "simulate", "combo-whist@1.4.2", "--games", "3", "--variant", "limited"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr[-2000:]


def _simulate(version: str, *options: str) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, "-m", "whist", "simulate", f"combo-whist@{version}", "--json", *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("version", VERSIONS)
def test_simulates_end_to_end(version: str) -> None:
    summary = _simulate(version, "--games", "5")
    assert summary["games"] == 5
    assert sum(summary["winners"].values()) + summary["unfinished"] == 5
    if version != "1.0.0":
        assert summary["unfinished"] == 0
    # 1.0.0 with random bidders: a failed bid takes a score down to 0 (blockade) and the winning
    # score stays at 13, so random play often reaches the deal limit; bidders who only bid what
    # they can complete finish every game.
    assert summary["deals"] > 0


def test_the_first_version_finishes_with_heuristic_agents() -> None:
    summary = _simulate("1.0.0", "--games", "2", "--agents", "heuristic", "--seed", "1")
    assert summary["games"] == 2 and summary["unfinished"] == 0


@pytest.mark.parametrize("version", ["1.1.1", "1.0.0"])
def test_three_players_simulate(version: str) -> None:
    summary = _simulate(version, "--games", "2", "--players", "3", "--seed", "4")
    assert summary["games"] == 2 and summary["players"] == 3
