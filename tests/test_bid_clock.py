"""The bid clock of `whist play --clock` gives what each version's rules suggest.

Up to 1.4.2 the rules say "20 seconds between bids, but 1 minute before the initial bid": the
first bid's whole time is a minute. 1.5 says "an extra 60 seconds before the first bid". The
clock added the minute to the 20 seconds (80 s) while the rules reference said 60. The
expectations come from the version tables (tests/data/history: ``before_first_bid_s`` is the
first bid's whole time, ``extra_before_first_bid_s`` time added to it), not from the rule data.
"""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
import yaml
from rich.console import Console

from interpreter.decisions import View
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent

HISTORY = Path(__file__).parent / "data" / "history"
VERSIONS = sorted(p.stem for p in HISTORY.glob("*.yaml"))


def _limits(version: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("time_limits"), dict):
                found.append(node["time_limits"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(yaml.safe_load((HISTORY / f"{version}.yaml").read_text(encoding="utf-8")))
    assert len(found) == 1, version
    return found[0]


def _clock(ref: str, first: bool) -> float | None:
    rules = load_ruleset(ref)
    human = HumanAgent(rules, load_texts(rules, "en"), Console(file=io.StringIO()), lambda _p, _l: "", clock=True)
    view = SimpleNamespace(auction=() if first else ((1, None),))  # (the clock reads only the auction so far)
    return human.bid_time(cast(View, view))


@pytest.mark.parametrize("version", VERSIONS)
def test_the_clock_gives_each_versions_suggested_times(version: str) -> None:
    table = _limits(version)
    ref = "combo-whist" if version == VERSIONS[-1] else f"combo-whist@{version}"
    between = table["between_bids_s"]
    whole, extra = table.get("before_first_bid_s"), table.get("extra_before_first_bid_s")
    first = whole if whole is not None else between + (extra or 0)
    assert _clock(ref, first=False) == between
    assert _clock(ref, first=True) == first
