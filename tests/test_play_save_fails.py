"""A save that fails during ``whist play`` is said at the table, and the game goes on.

The folder of the save was removed mid-game (or made read-only, or the disk filled): the next
save raised, and play ended at once with ``error: cannot write …/.game.json.whist-….tmp`` (naming
our temporary file), the game in front of the player lost. Now the player is told once, with the
reason, and plays on; when saving works again they are told so and the file is current again.
The class: every failure of the save's write (an ``OSError``) at any decision, through the real
terminal.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect

from interpreter.records import is_record

PROMPTS = ["Your bid", "Your card", r"Your (\d+) choices", "Your choice", pexpect.EOF]


def _play_while(save: Path, at_prompt: Callable[[int], None]) -> tuple[int | None, str]:
    """Play one deal (pass, first card, first choices); ``at_prompt(n)`` runs before the n-th answer.
    The exit status and all the player saw, its spaces joined (a long line may wrap)."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "whist", "play", "--seed", "1", "--agents", "random", "--deals", "1", "--save", str(save)],
        env={"COLUMNS": "120", "TERM": "dumb", "WHIST_LANG": "en", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )
    seen = io.StringIO()
    child.logfile_read = seen
    answered = 0
    while child.expect(PROMPTS) != len(PROMPTS) - 1:
        at_prompt(answered)
        answered += 1
        if child.match and child.match.re.pattern.startswith("Your bid"):
            child.sendline("pass")
        elif child.match and child.match.groups():
            child.sendline(" ".join(str(i) for i in range(1, int(child.match.group(1)) + 1)))
        else:
            child.sendline("1")
    child.close()
    return child.exitstatus, " ".join(seen.getvalue().split())


def _remove_then_restore(folder: Path, answered: list[int]) -> Callable[[int], None]:
    def step(n: int) -> None:
        if n == 0:
            shutil.rmtree(folder)  # before the first answer: every save from then on fails
        if n == 4:
            folder.mkdir()  # saving works again
        answered.append(n)

    return step


def test_play_goes_on_and_says_so_when_the_folder_of_the_save_disappears(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    folder.mkdir()
    save = folder / "game.json"
    answered: list[int] = []
    code, seen = _play_while(save, _remove_then_restore(folder, answered))
    assert code == 0 and "Traceback" not in seen, seen
    assert answered[-1] >= 5 and "Deal over." in seen  # the deal was played on past both events
    assert seen.count("Could not save to") == 1 and "No such file or directory" in seen, seen  # told once
    assert seen.count("Saved to") == 1 and "again." in seen, seen
    assert is_record(save)  # the file is current again: it holds the whole deal
    assert json.loads(save.read_text(encoding="utf-8"))["deals"]
