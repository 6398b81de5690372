"""docs/studies.md §4's commands for an agent of one's own run as printed, with the bot it ships.

A newcomer could not run them: `mybots` was never shown, and the second command lacked
`PYTHONPATH=.`, so it stopped with "cannot import mybots". Now docs/examples/mybots.py is the
bot, and each command of the section's shell block is run here as written (in the folder the
block `cd`s to, with its environment), only with fewer deals and games, on one process.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUDIES = ROOT / "docs" / "studies.md"
SMALLER = {"--deals": "4", "--games": "2"}


def _section_four_commands() -> tuple[Path, list[list[str]]]:
    text = STUDIES.read_text(encoding="utf-8")
    section = text.split("## 4.", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "§4 shows its commands in a sh block"
    cwd, commands = ROOT, []
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if words[:1] == ["cd"]:
            cwd = ROOT / words[1]
            continue
        commands.append(words)
    return cwd, commands


def test_the_sections_bot_file_is_shipped_where_it_says() -> None:
    cwd, commands = _section_four_commands()
    assert (cwd / "mybots.py").is_file()
    assert all(any(w.startswith("python:mybots:") for w in c) for c in commands)


def test_every_command_of_the_section_runs_as_printed() -> None:
    cwd, commands = _section_four_commands()
    assert len(commands) == 2
    for words in commands:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        while "=" in words[0]:  # leading VAR=value words, as the shell reads them
            name, value = words.pop(0).split("=", 1)
            env[name] = str((cwd / value).resolve()) if name == "PYTHONPATH" else value
        assert words[0] == "whist"
        args = [SMALLER.get(words[i - 1], w) if i else w for i, w in enumerate(words)][1:]
        run = subprocess.run(
            [sys.executable, "-m", "whist", *args, "--jobs", "1"],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, (words, run.stderr)
        assert "Traceback" not in run.stderr
