"""The path policy (rulespec/paths.py): where a path written in a file may lead, and what is read.

The whole class: every way a file names another file (``extends`` of a file and of a folder's
file, a link in a folder, the rule set of a record, of a save, of a scenario) obeys the same
policy, and only regular files within the size limits are read.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from interpreter import records
from interpreter.agents import RandomAgent
from interpreter.game import Game
from rulespec import RuleError, load_ruleset
from rulespec.paths import MAX_FILE_BYTES, MAX_RULESET_BYTES, read_limited
from tests.test_play import drive

HOUSE = "ruleset: house\nversion: '1'\nextends: combo-whist\n"


def _outside(error: RuleError) -> bool:
    return "outside the folders a file may lead to" in str(error)


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    """tmp/club/{house.yaml, base/base.yaml}, tmp/other/base.yaml, tmp/secret.yaml."""
    (tmp_path / "club" / "base").mkdir(parents=True)
    (tmp_path / "other").mkdir()
    for path in (tmp_path / "club" / "base" / "base.yaml", tmp_path / "other" / "base.yaml"):
        path.write_text(HOUSE.replace("house", "base"), encoding="utf-8")
    (tmp_path / "secret.yaml").write_text("ruleset: secret-line\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("extends", "allowed"),
    [
        ("combo-whist@1.4.2", True),
        ("base/base.yaml", True),
        ("./base", True),
        ("../other/base.yaml", False),
        ("../secret.yaml", False),
        ("base/../../secret.yaml", False),
        ("/etc/passwd", False),
        ("/dev/zero", False),
    ],
)
def test_extends_stays_under_the_named_folder(tree: Path, extends: str, allowed: bool) -> None:
    house = tree / "club" / "house.yaml"
    house.write_text(f"ruleset: house\nextends: {extends}\n", encoding="utf-8")
    if allowed:
        assert load_ruleset(house).name == "house"
        return
    with pytest.raises(RuleError) as info:
        load_ruleset(house)
    assert _outside(info.value)
    assert "secret-line" not in str(info.value) and "root:" not in str(info.value)


def test_allow_path_and_the_environment_open_a_folder(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    house = tree / "club" / "house.yaml"
    house.write_text("ruleset: house\nextends: ../other/base.yaml\n", encoding="utf-8")
    with pytest.raises(RuleError):
        load_ruleset(house)
    monkeypatch.setenv("WHIST_ALLOW_PATH", str(tree / "other"))
    assert load_ruleset(house).lineage[1] == "base@1"


def test_a_link_in_a_folder_cannot_lead_out(tree: Path) -> None:
    folder = tree / "club" / "base"
    os.symlink(tree / "secret.yaml", folder / "zz.yaml")
    with pytest.raises(RuleError) as info:
        load_ruleset(folder)
    assert _outside(info.value) and "zz.yaml" in str(info.value)


def test_a_second_level_extends_is_held_to_the_first_folder(tree: Path) -> None:
    """``base`` may not escape either, though it lies in a sub-folder of its own."""
    (tree / "club" / "base" / "base.yaml").write_text("ruleset: base\nextends: ../../other/base.yaml\n")
    (tree / "club" / "house.yaml").write_text("ruleset: house\nextends: base/base.yaml\n")
    with pytest.raises(RuleError) as info:
        load_ruleset(tree / "club" / "house.yaml")
    assert _outside(info.value)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    for path in (tmp_path / "pipe.yaml", Path("/dev/null"), tmp_path):
        with pytest.raises(RuleError, match="cannot read this"):
            read_limited(path)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(RuleError, match="larger than"):
        read_limited(big)
    with pytest.raises(RuleError, match="path is too long"):
        read_limited(tmp_path / ("x" * 300))


def test_a_rule_set_has_a_total_budget(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    part = MAX_FILE_BYTES - 100
    for i in range(MAX_RULESET_BYTES // part + 1):
        (folder / f"p{i}.yaml").write_text("ruleset: many\n" + "#" * (part - 20) + "\n")
    with pytest.raises(RuleError, match="larger than .* together"):
        load_ruleset(folder)


def _short_game(rules_ref: str, save: Path, seat: int) -> None:
    rules = load_ruleset(rules_ref)
    agents = [RandomAgent(s) for s in range(4)]
    Game(rules, agents, seed=4, max_deals=1, on_decision=records.saver(save, rules_ref, seat)).run()


def test_a_save_with_a_relative_rule_set_resumes_from_another_folder(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "club" / "house.yaml").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(tree / "club")
    _short_game("house.yaml", tree / "club" / "game.json", seat=2)
    saved = json.loads((tree / "club" / "game.json").read_text())
    assert saved["ruleset"] == "house.yaml" and saved["human_seat"] == 2
    monkeypatch.chdir(tree / "other")  # where another house.yaml would be the wrong one
    assert records.replay(records.read_record(tree / "club" / "game.json"), tree / "club" / "game.json") == []
    game = records.resume(tree / "club" / "game.json", [RandomAgent(s) for s in range(4)])
    assert game.rules.name == "house"


def test_a_save_naming_a_file_outside_its_folder_is_refused(tree: Path) -> None:
    save = tree / "club" / "game.json"
    _short_game("combo-whist", save, seat=0)
    record = json.loads(save.read_text())
    record["ruleset"] = "../secret.yaml"
    save.write_text(json.dumps(record))
    with pytest.raises(RuleError) as info:
        records.replay(records.read_record(save), save)
    assert _outside(info.value) and "$.ruleset" in str(info.value)


def test_play_resumes_at_the_saved_seat(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = drive(
        ["play", "--seed", "8", "--agents", "random", "--deals", "1", "--seat", "2", "--save", str(save)], {}
    )
    assert code == 0, out
    assert json.loads(save.read_text())["human_seat"] == 2
    code, out = drive(["play", "--resume", str(save), "--agents", "random", "--deals", "1"], {})
    assert code == 0, out
    assert "you are seat 2" in out
