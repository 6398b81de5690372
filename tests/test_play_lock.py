"""One ``whist play`` per save: a second game that would write the same save is refused while the
first plays, and the lock goes with the first game however it ends (Enter, Ctrl-C, ``kill -9``).

Two ``whist play --resume S`` at once both wrote ``S``, the later overwriting the other. The
class: every way a second game would write ``S`` (``--resume S``, ``--save S``, ``--resume T
--save S``, a link to ``S``) is refused while ``S`` is played; a game writing elsewhere is not;
and every way the first game ends frees ``S``.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}, "TERM": "dumb", "WHIST_LANG": "en"}
PLAY = [sys.executable, "-m", "whist", "play", "--agents", "random", "--seed", "5"]
PROMPTS = ["Your bid", "Your card", "Your choice", r"Your \d+ choices", "Press Enter"]


def first_game(save: Path, *args: str) -> pexpect.spawn:
    """A game playing ``save``, waiting at a prompt after its first answer (so the save exists)."""
    child = pexpect.spawn(PLAY[0], [*PLAY[1:], *args], cwd=str(ROOT), env=ENV, encoding="utf-8", timeout=60)
    child.expect(PROMPTS)
    child.sendline("pass" if child.after == "Your bid" else "1")
    child.expect(PROMPTS)
    deadline = time.monotonic() + 30
    while not save.is_file() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert save.is_file()
    return child


def second(*args: str) -> subprocess.CompletedProcess[str]:
    """Another game started now (its input ends at once: if it starts, it stops at its first prompt)."""
    play = PLAY[:-2] if "--resume" in args else PLAY  # (a resumed game has its own seed: --seed is refused)
    return subprocess.run([*play, *args], cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=120, input="")


def refused(result: subprocess.CompletedProcess[str], save: Path) -> bool:
    return result.returncode == 1 and f"{save} is being played by another 'whist play' right now" in result.stderr


def started(result: subprocess.CompletedProcess[str]) -> bool:
    return "is being played" not in result.stderr and "Game saved to" in result.stdout


def test_a_second_game_writing_the_same_save_is_refused_while_the_first_plays(tmp_path: Path) -> None:
    save, other = tmp_path / "game.json", tmp_path / "other.json"
    (tmp_path / "link.json").symlink_to(save)
    child = first_game(save, "--save", str(save))
    before = save.read_bytes()
    try:
        assert refused(second("--resume", str(save)), save)
        assert refused(second("--save", str(save)), save)
        assert refused(second("--resume", str(tmp_path / "link.json")), tmp_path / "link.json")
        assert save.read_bytes() == before  # nothing written by the refused ones
        other.write_bytes(before)
        assert refused(second("--resume", str(other), "--save", str(save)), save)
        # reading the save and writing another file is no clash
        assert started(second("--resume", str(save), "--save", str(tmp_path / "branch.json")))
        assert started(second("--resume", str(other)))  # another save
    finally:
        child.terminate(force=True)


def play_to_the_end(child: pexpect.spawn) -> None:
    """Answer the prompt shown and every one after it (pass, the first choices, Enter) until the
    game ends by itself."""
    while True:
        said = child.after
        many = int(said.split()[1]) if said.endswith("choices") else 1
        answer = " ".join(map(str, range(1, many + 1)))
        child.sendline("pass" if said == "Your bid" else "" if said == "Press Enter" else answer)
        if child.expect([*PROMPTS, pexpect.EOF]) == len(PROMPTS):
            return


@pytest.mark.parametrize("ending", ["game over", "ctrl-c", "kill -9", "end of input"])
def test_the_lock_goes_with_the_first_game_however_it_ends(tmp_path: Path, ending: str) -> None:
    save, lock = tmp_path / "game.json", tmp_path / "game.json.lock"
    child = first_game(save, "--save", str(save), "--deals", "1")
    assert refused(second("--resume", str(save)), save)
    if ending == "game over":
        play_to_the_end(child)
    elif ending == "ctrl-c":
        child.sendintr()
    elif ending == "kill -9":
        os.kill(child.pid, signal.SIGKILL)
    else:
        child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    if ending in ("ctrl-c", "end of input"):  # (Ctrl-C ends every command with 130; the input's end is 1)
        assert child.exitstatus == (130 if ending == "ctrl-c" else 1)
        assert "Resume with: whist play --resume" in child.before
    elif ending == "game over":
        assert child.exitstatus == 0, child.before
    # nothing is left beside the save, unless the process was killed before it could remove it
    assert lock.exists() == (ending == "kill -9"), sorted(p.name for p in tmp_path.iterdir())
    if ending != "game over":
        assert started(second("--resume", str(save)))  # a lock is never left behind to block forever
    assert not lock.exists()  # (and the next game removes a killed one's)


def _hold_and_count(save: Path, rounds: int, holders: Any, most: Any) -> None:
    """Try ``rounds`` times to hold the save's lock; while held, count the holders."""
    from whist.playlock import SaveLock

    for _ in range(rounds):
        lock = SaveLock(save)
        if lock.acquire():
            with holders.get_lock():
                holders.value += 1
                most.value = max(most.value, holders.value)
            time.sleep(0.0005)
            with holders.get_lock():
                holders.value -= 1
            lock.release()


def test_removing_the_lock_file_never_lets_two_games_hold_it(tmp_path: Path) -> None:
    """Four processes take and let go of one save's lock as fast as they can, each removing the lock
    file as it lets go: never two hold it at once (a removal done carelessly lets a process that
    opened the old file lock it while another locks a new file of the same name)."""
    context = multiprocessing.get_context("fork")
    holders, most = context.Value("i", 0), context.Value("i", 0)
    save = tmp_path / "game.json"
    workers = [context.Process(target=_hold_and_count, args=(save, 400, holders, most)) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [worker.exitcode for worker in workers] == [0, 0, 0, 0]
    assert most.value == 1  # held, and never by two
    assert not (tmp_path / "game.json.lock").exists()


REFUSED = [["--option", "rounds=0"], ["--option", "nope=1"], ["--seat", "9"], ["--variant", "nope"], ["--agents", "x"]]


@pytest.mark.parametrize("args", REFUSED)
def test_a_game_refused_before_it_starts_holds_no_lock(tmp_path: Path, capsys, args: list[str]) -> None:
    from tests.test_translate_cli import whist

    save = tmp_path / "game.json"
    code, _, err = whist(capsys, "play", "--save", str(save), *args)
    assert code == 2, err
    assert not save.exists() and not (tmp_path / "game.json.lock").exists()


NO_FILES_HERE = Path("/proc/whist-test-save.json")  # (a folder where no file can be made)


@pytest.mark.skipif(not Path("/proc/self").is_dir() or NO_FILES_HERE.exists(), reason="needs /proc")
def test_a_save_where_no_lock_file_can_be_made_is_not_said_to_be_played_by_another(tmp_path: Path) -> None:
    """Where the lock file cannot be made, nobody can hold it: the game is not refused as if another one
    played the save; it starts, and says that the save fails, as in any folder it cannot write."""
    result = second("--save", str(NO_FILES_HERE))
    assert started(result), result.stderr
    assert "Could not save" in result.stdout
