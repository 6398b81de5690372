"""An option only another winning variant reads is a usage error in every command that takes
``--option`` and ``--variant`` (``simulate`` and ``play``), naming the variant that reads it.

``whist simulate --option rounds=1`` was silently ignored under the classic variant; simulate came
to refuse it, and ``whist play`` still took it and played on as if it had not been given.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

COMMANDS = [["simulate", "--games", "1", "--jobs", "1"], ["play", "--seed", "1"]]


def run(args: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WHIST_LANG": "en", "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "whist", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
        timeout=300,
    )


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_option_the_variant_played_never_reads_is_refused(command: list[str], tmp_path) -> None:
    result = run([*command, "--option", "rounds=1"], str(tmp_path))
    assert result.returncode == 2, result.stderr
    assert "'--option'" in result.stderr and "limited" in result.stderr and "Traceback" not in result.stderr
    assert not list(tmp_path.iterdir())  # play saved nothing: the game never started


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_the_same_option_with_its_variant_is_taken(command: list[str], tmp_path) -> None:
    result = run([*command, "--variant", "limited", "--option", "rounds=1"], str(tmp_path))
    assert "'--option'" not in result.stderr, result.stderr
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr  # (play: its input ended)
