"""An output never replaces a rule set, a locale or a file that is not ours to replace.

``whist play my-rules.yaml --save my-rules.yaml`` (a slip of the option) replaced the rule file
with the save after the first decision, and ``whist schema ruleset -o locales/sv/whist.yaml``
replaced a locale. Rule sets, locales and scenarios are YAML and no output is, so every output
option refuses an existing YAML file, also through a link named as the output (exit 2, before any
work, the file untouched). A save is replaced after every decision, so ``--save`` further refuses
any existing file that is not a save or record of ours (an empty file holds nothing and is taken).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.records import is_record
from tests.test_output_targets import OUTPUTS
from tests.test_translate_cli import whist

RULES = "ruleset: mine\nversion: 1.0.0\nextends: combo-whist\n"


def _with_target(args: list[str], target: Path) -> list[str]:
    return [str(target) if a.startswith("TARGET") else a for a in args]


@pytest.mark.parametrize("key", sorted(OUTPUTS))
def test_no_output_replaces_a_yaml_file(tmp_path, capsys, key) -> None:
    args = OUTPUTS[key]
    suffix = Path(next(a for a in args if a.startswith("TARGET"))).suffix
    for name in ("rules.yaml", "locale.yml", "SHOUT.YAML"):
        rules = tmp_path / name
        rules.write_text(RULES, encoding="utf-8")
        link = tmp_path / f"link-{name}{suffix}"  # named as the output wants, leading to the YAML file
        link.symlink_to(rules)
        for target in (rules, link):
            code, out, err = whist(capsys, *_with_target(args, target))
            assert code == 2, (target, out, err)
            assert rules.read_text(encoding="utf-8") == RULES, target
            assert link.is_symlink()


def _play(save: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "whist", "play", "--seed", "1", "--agents", "random", "--save", str(save)]
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize(
    "content",
    ['{"ruleset": "combo-whist"}\n', "[1, 2]\n", "my notes\n", "{not json", '{"format": "whist-rules/recordx"}'],
)
def test_save_never_replaces_a_file_that_is_not_a_save(tmp_path, content) -> None:
    target = tmp_path / "notes.json"
    target.write_text(content, encoding="utf-8")
    result = _play(target)
    assert result.returncode == 2, result.stderr
    assert "not a saved game" in result.stderr and "Traceback" not in result.stderr
    assert target.read_text(encoding="utf-8") == content


def test_save_replaces_an_earlier_save_and_an_empty_file(tmp_path) -> None:
    save = tmp_path / "whist-save.json"
    save.write_text("", encoding="utf-8")
    first = _play(save)  # ends at the first question (no input): the save holds the agents' decisions so far
    assert "Traceback" not in first.stderr and "not a saved game" not in first.stderr
    assert is_record(save)
    before = json.loads(save.read_text(encoding="utf-8"))
    second = _play(save)
    assert "not a saved game" not in second.stderr and is_record(save)
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == before["seed"] == 1
