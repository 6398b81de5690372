"""What the tests of the bundled older versions of Combo Whist share (test_versions_*.py).

Each version is a small overlay (``bids/combo-whist/versions/<version>.yaml``) that extends the
next newer one (``PARENT``); its ground truth, extracted from the author's sources, is one YAML
file per release in ``tests/data/history/`` (facts only, none of the author's sentences).
The fixtures give each version (``version``) and its rule set (``rules``); ``child_file`` and
``refusal`` write a house-rule file and read the error that loading it gives.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from rulespec import RuleError, load_ruleset
from rulespec.loader import BUNDLED_DIR
from rulespec.model import RuleSet

ROOT = Path(__file__).resolve().parents[1]
HISTORY = Path(__file__).resolve().parent / "data" / "history"
VERSIONS_DIR = BUNDLED_DIR / "combo-whist" / "versions"
SCENARIOS = Path(__file__).parent / "scenarios" / "versions"
SCHEMA_DIR = ROOT / "rulespec" / "schema"

#: Each version written here and the one it extends (1.5.1 is the bundled folder itself).
PARENT = {
    "1.5.0": "1.5.1",
    "1.4.2": "1.5.0",
    "1.4.1": "1.4.2",
    "1.4.0": "1.4.1",
    "1.3.0": "1.4.0",
    "1.2.0": "1.3.0",
    "1.1.1": "1.2.0",
    "1.1.0": "1.1.1",
    "1.0.0": "1.1.0",
}
VERSIONS = list(PARENT)
NEWEST = "1.5.1"

#: Behaviour the engine (interpreter/) does not have yet; these scenarios are expected to fail.
NEEDS_ENGINE: dict[str, str] = {}  # scenarios waiting for an engine feature, by file name
# (1.3.0/1.2.0's combo_worth, a bid's may_bid, marks_on_declaring and events_after: in the engine since d1f675e)


def chain(version: str) -> list[str]:
    """``combo-whist@<version>`` and every rule set it extends, newest last."""
    result = [version]
    while result[-1] != NEWEST:
        result.append(PARENT[result[-1]])
    return [f"combo-whist@{v}" for v in result]


def truth(version: str) -> dict[str, Any]:
    path = HISTORY / f"{version}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def truth_bids(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["id"]: {**b, "kind": kind} for kind in ("standard", "special") for b in data[f"{kind}_bids"]}


@pytest.fixture(scope="module", params=VERSIONS)
def version(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def rules(version: str) -> RuleSet:
    return load_ruleset(f"combo-whist@{version}")


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8")))


def child_file(tmp_path: Path, body: str) -> Path:
    """A house-rule file beside the test: Combo Whist 1.5.1 with ``body`` (YAML) on top."""
    path = tmp_path / "child.yaml"
    path.write_text("extends: combo-whist\nversion: 9.9.9\n" + body, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """The message of the error that loading ``path`` gives."""
    with pytest.raises(RuleError) as info:
        load_ruleset(path)
    return str(info.value)


def _child(tmp_path: Path, bids: str) -> Path:
    return child_file(tmp_path, "bids:\n" + bids)
