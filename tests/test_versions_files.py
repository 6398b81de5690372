"""The version files as an editor sees them: each overlay and locale overlay validates on its
own, nulls and partial mappings, and ``whist show --format json`` of each version round-trips.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from versions_helpers import ROOT, SCHEMA_DIR, VERSIONS_DIR, _validator, child_file, refusal

# fixtures, imported under their own names so that pytest finds them
from versions_helpers import rules as rules
from versions_helpers import version as version

from rulespec import load_ruleset
from rulespec.locale import LOCALES_DIR
from rulespec.model import RuleSet

# --- files as an editor sees them ----------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(VERSIONS_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_version_file_validates_on_its_own(path: Path) -> None:
    """The schema accepts an overlay alone, nulls and partial mappings included (the editor's view)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("ruleset.schema.json").iter_errors(data)] == []
    modeline = path.read_text(encoding="utf-8").splitlines()[0]
    target = modeline.removeprefix("# yaml-language-server: $schema=")
    assert (path.parent / target).resolve() == (SCHEMA_DIR / "ruleset.schema.json").resolve()


@pytest.mark.parametrize(
    "path", sorted(LOCALES_DIR.glob("*/combo-whist@*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_locale_overlay_validates(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("locale.schema.json").iter_errors(data)] == []


def test_schema_lets_every_optional_key_be_null() -> None:
    result = subprocess.run(
        [sys.executable, str(SCHEMA_DIR / "nullable.py"), "--check"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_null_that_removes_nothing_is_still_refused(tmp_path: Path) -> None:
    assert "got nothing (null)" in refusal(child_file(tmp_path, "bids:\n  - id: greed\n    penalty: null\n"))


def test_a_mapping_given_in_part_is_completed_from_the_parent(tmp_path: Path) -> None:
    assert len(load_ruleset(child_file(tmp_path, "game:\n  deck:\n    remove: []\n")).game.deck.cards(3)) == 52
    assert "ranks" in refusal(child_file(tmp_path, "game:\n  deck:\n    ranks: null\n"))


def test_round_trips_through_whist_show(version: str, rules: RuleSet, tmp_path: Path) -> None:
    """``whist show --format json`` of each version is a valid export, and as a rule file loads back the same."""
    from test_export import as_rule_file, schema_errors

    from rulespec.export import ruleset_to_data

    result = subprocess.run(
        [sys.executable, "-m", "whist", "show", f"combo-whist@{version}", "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr
    exported = json.loads(result.stdout)
    assert exported == json.loads(json.dumps(ruleset_to_data(rules)))  # as JSON: lists, text keys
    assert schema_errors(exported, "export.schema.json") == []
    rule_file = as_rule_file(exported)
    assert schema_errors(rule_file, "ruleset.schema.json") == []
    path = tmp_path / "round-trip.yaml"
    path.write_text(yaml.safe_dump(rule_file, allow_unicode=True, sort_keys=False), encoding="utf-8")
    again = json.loads(json.dumps(ruleset_to_data(load_ruleset(str(path)))))
    assert {k: v for k, v in again.items() if k != "lineage"} == {k: v for k, v in exported.items() if k != "lineage"}
