"""`whist play` driven through a pseudo-terminal, as a person would type."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def drive(args: list[str], answer: dict[str, list[str]], timeout: float = 60.0) -> tuple[int, str]:
    """Run ``whist`` on a pty; answer each prompt (by its start) from ``answer`` in turn, else "1"."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm", "WHIST_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "whist", *args], stdin=follower, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    output = ""
    pending = ""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                pending += ANSI.sub("", chunk)
                several = re.search(r"Your (\d+) choices", pending)
                if several:  # e.g. cards to send: answer the first N menu numbers
                    count = int(several.group(1))
                    os.write(leader, (" ".join(str(i) for i in range(1, count + 1)) + "\n").encode())
                    pending = ""
                    continue
                for prompt in ("Your bid", "Your card", "Your choice"):
                    if prompt in pending:
                        replies = answer.get(prompt, [])
                        reply = replies.pop(0) if replies else ("pass" if prompt == "Your bid" else "1")
                        os.write(leader, (reply + "\n").encode())
                        pending = ""
                        break
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(leader)
    return proc.returncode, ANSI.sub("", output)


def test_a_person_plays_a_deal_to_its_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = drive(
        ["play", "--seed", "5", "--agents", "random", "--deals", "1", "--save", str(save)],
        # First a bad bid (re-asked), then a real one; a bad card is re-asked too.
        {"Your bid": ["nonsense", "trump + penalty"], "Your card": ["ZZ"]},
    )
    assert code == 0, out
    assert "Not understood: nonsense" in out
    assert "Not understood: ZZ" in out
    assert "Trick 13" in out
    assert "Deal over." in out
    assert save.exists() and '"decisions"' in save.read_text()


def test_the_save_file_resumes_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, _ = drive(["play", "--seed", "8", "--agents", "random", "--deals", "1", "--save", str(save)], {})
    assert code == 0
    check = subprocess.run([sys.executable, "-m", "whist", "replay", str(save)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    code, out = drive(["play", "--resume", str(save), "--agents", "random", "--deals", "1"], {})
    assert code == 0, out
    assert "Deal over." in out
