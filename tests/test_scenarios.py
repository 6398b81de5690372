"""Every scenario in tests/scenarios/ plays to the outcome it expects.

A scenario is a scripted deal (hands, decisions, tricks) with its expected tricks,
completion and scores; see interpreter/scenario.py for the format.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.scenario import check_scenario, load_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    problems = check_scenario(load_scenario(path), path.parent)
    assert not problems, "\n".join(problems)


def test_a_wrong_expectation_is_reported() -> None:
    data = load_scenario(SCENARIOS[0])
    data["expect"] = {**data["expect"], "points": 99}
    assert any("points" in p for p in check_scenario(data))


def test_an_illegal_scripted_play_stops_the_deal() -> None:
    data = load_scenario(Path(__file__).parent / "scenarios" / "trump-basic.yaml")
    data["tricks"] = ["2C AH 8D"]  # seat 2 holds clubs and must follow suit
    data["expect"] = {"error": "not allowed"}
    assert check_scenario(data) == []
