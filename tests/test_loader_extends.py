"""``extends``: a rule set extends a bundled name or a path relative to its file, inherits name and
version, over several levels; unknown and missing parents and cycles are errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loader_helpers import TINY_BIDS, TINY_GAME, child, load, the_problem, write

# --- extends -------------------------------------------------------------------------------


def test_extends_a_bundled_name(tmp_path: Path) -> None:
    rules = load(child(tmp_path, "ruleset: house\nversion: '2.0'\n"))
    assert rules.id == "house@2.0"
    assert rules.lineage == ("house@2.0", "combo-whist@1.5.1")
    assert len(rules.bids) == 31
    assert Path(rules.sources[0]).name == "child.yaml"
    assert {Path(s).name for s in rules.sources[1:]} == {"game.yaml", "standard-bids.yaml", "special-bids.yaml"}


def test_name_and_version_are_inherited(tmp_path: Path) -> None:
    assert load(child(tmp_path, "")).id == "combo-whist@1.5.1"
    assert load(child(tmp_path, "ruleset: house\n", "a.yaml")).id == "house@1.5.1"
    assert load(child(tmp_path, "version: 1.5.1+house.1\n", "b.yaml")).id == "combo-whist@1.5.1+house.1"


def test_extends_a_path_relative_to_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "base" / "tiny.yaml", TINY_GAME + TINY_BIDS)
    house = write(
        tmp_path / "house" / "house.yaml",
        """\
        ruleset: tiny-house
        extends: ../base/tiny.yaml
        bids:
          - id: nullo
            worth: 3
        """,
    )
    monkeypatch.chdir(tmp_path / "house" / "..")  # not the file's folder: the path is relative to the file
    monkeypatch.setenv("WHIST_ALLOW_PATH", str(tmp_path / "base"))  # a sibling folder must be allowed
    rules = load(house)
    assert rules.lineage == ("tiny-house@0.1", "tiny@0.1")
    assert rules.bids["nullo"].worth.constant == 3
    # a folder may be extended, too
    write(tmp_path / "folder" / "a.yaml", TINY_GAME)
    write(tmp_path / "folder" / "b.yaml", TINY_BIDS)
    write(tmp_path / "house2.yaml", "extends: ./folder\nruleset: two\n")
    assert load(tmp_path / "house2.yaml").lineage == ("two@0.1", "tiny@0.1")


def test_three_levels(tmp_path: Path) -> None:
    write(
        tmp_path / "a.yaml", "ruleset: a\nversion: '1'\nextends: combo-whist\nbids:\n  - id: penalty\n    penalty: 3\n"
    )
    write(tmp_path / "b.yaml", "ruleset: b\nextends: ./a.yaml\nbids:\n  - id: penalty\n    worth: 5\n")
    rules = load(tmp_path / "b.yaml")
    assert rules.lineage == ("b@1", "a@1", "combo-whist@1.5.1")
    penalty = rules.bids["penalty"]
    assert (penalty.worth.constant, penalty.penalty.constant) == (5, 3)


def test_unknown_parent(tmp_path: Path) -> None:
    path = write(tmp_path / "x.yaml", "ruleset: house\nextends: combo-wist\n")
    error = the_problem(path)
    assert error.message == "bad extends: unknown rule set 'combo-wist'"
    assert error.hint == "did you mean 'combo-whist'?"
    assert error.position is not None and error.position.path == str(path) and error.position.line == 2


def test_missing_parent_file(tmp_path: Path) -> None:
    path = write(tmp_path / "x.yaml", "ruleset: house\nversion: '1'\nextends: ./missing.yaml\n")
    error = the_problem(path)
    assert error.message == "bad extends: no rule set file or folder './missing.yaml'"
    assert error.position is not None and error.position.line == 3


def test_missing_rule_set() -> None:
    assert "no rule set file or folder" in the_problem("./no/such/rules.yaml").message


def test_extends_cycle(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "ruleset: a\nextends: ./b.yaml\n")
    write(tmp_path / "b.yaml", "ruleset: b\nextends: ./a.yaml\n")
    error = the_problem(tmp_path / "a.yaml")
    assert "extend each other in a cycle" in error.message
    assert error.position is not None and error.position.line == 2


def test_extends_itself(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "ruleset: a\nextends: ./a.yaml\n")
    assert "cycle" in the_problem(tmp_path / "a.yaml").message
