"""SIGTERM and SIGHUP stop ``whist play`` as Ctrl-C does: the save kept, its lock removed, the way to
resume said, exit status 130. (They used to end play without a word, leaving ``SAVE.lock``.)"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_stops_play_with_its_save_and_without_its_lock(tmp_path: Path, name: str) -> None:
    save = tmp_path / "game.json"
    env = {**os.environ, "WHIST_LANG": "en", "COLUMNS": "100"}
    args = [sys.executable, "-m", "whist", "play", "--seed", "5", "--agents", "random", "--save", str(save)]
    process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdin is not None
    process.stdin.write(b"pass\n1\n" * 3)  # a few answers, then the game waits for more (stdin stays open)
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (save.is_file() and len(json.loads(save.read_text())["decisions"]) > 3):
        time.sleep(0.1)
    time.sleep(0.5)  # (waiting at the prompt)
    held = json.loads(save.read_text())["decisions"]
    process.send_signal(getattr(signal, name))
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert f"Resume with: whist play --resume {save}" in err.decode() and b"Traceback" not in err
    assert json.loads(save.read_text())["decisions"] == held  # the save as it was: every decision made
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no game.json.lock left
