"""``whist play --resume A --save B`` plays on from A and saves to B, leaving A as it was.

``--save`` was silently ignored when resuming: the resumed game overwrote A, so a player who
wanted to try another line from a saved position lost the position. Now B gets the whole game
(the saved decisions and the new ones) and A keeps its bytes; B is checked as every ``--save``
is (never a YAML file or a file that is not a save). Without ``--save`` a resumed game saves to
its own file, as before.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from interpreter.records import read_record
from tests.test_play import drive


def _started(tmp_path: Path) -> Path:
    save = tmp_path / "a.json"
    command = [sys.executable, "-m", "whist", "play", "--seed", "1", "--agents", "random", "--save", str(save)]
    subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert read_record(save)["decisions"] is not None
    return save


def test_a_resumed_game_saves_where_it_is_told(tmp_path: Path) -> None:
    first = _started(tmp_path)
    before = first.read_bytes()
    branch = tmp_path / "b.json"
    code, out = drive(["play", "--resume", str(first), "--save", str(branch), "--agents", "random", "--deals", "1"], {})
    assert code == 0, out
    assert first.read_bytes() == before
    saved, branched = read_record(first), read_record(branch)
    assert branched["decisions"][: len(saved["decisions"])] == saved["decisions"]
    assert len(branched["decisions"]) > len(saved["decisions"]) and branched["deals"]
    check = subprocess.run([sys.executable, "-m", "whist", "replay", str(branch)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_a_resumed_game_without_save_saves_to_its_own_file_and_never_to_a_yaml_file(tmp_path: Path) -> None:
    first = _started(tmp_path)
    rules = tmp_path / "rules.yaml"
    rules.write_text("ruleset: mine\n", encoding="utf-8")
    code, out = drive(["play", "--resume", str(first), "--save", str(rules), "--agents", "random"], {})
    assert code == 2 and "YAML" in out and rules.read_text(encoding="utf-8") == "ruleset: mine\n"
    before = len(read_record(first)["decisions"])
    code, out = drive(["play", "--resume", str(first), "--agents", "random", "--deals", "1"], {})
    assert code == 0, out
    assert len(read_record(first)["decisions"]) > before
