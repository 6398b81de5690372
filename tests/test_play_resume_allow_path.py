"""The resume command ``whist play`` prints works for a house rule outside the save's folder.

A save may lead only to files under its own folder and the bundled rule sets, so "Resume with:
whist play --resume whist-save.json --lang sv" failed for a house rule kept elsewhere ("is outside
the folders a file may lead to"). The printed command now allows the rule set's folder (and the
folders allowed for the game) with ``whist --allow-path``; the note on texts missing in the
language, printed on resume too, names the rule set whose texts they are.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "bids" / "examples"


def whist(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``whist`` as a person does, their input ended at the first prompt."""
    command = [sys.executable, "-m", "whist", *args]
    return subprocess.run(command, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def resume_line(stderr: str) -> list[str]:
    """The offered command, split as a shell splits it."""
    line = stderr.strip().splitlines()[-1]
    return shlex.split(line[line.index("whist ") :])


@pytest.mark.parametrize("inside", [False, True], ids=["rules elsewhere", "rules beside the save"])
def test_the_offered_command_resumes_a_house_rule_from_anywhere(tmp_path: Path, inside: bool) -> None:
    house = tmp_path / ("games" if inside else "house")
    (house / "locales" / "en").mkdir(parents=True)
    (tmp_path / "games").mkdir(exist_ok=True)
    shutil.copy(EXAMPLES / "quick-game.yaml", house / "quick-game.yaml")
    shutil.copy(EXAMPLES / "locales" / "en" / "quick-game.yaml", house / "locales" / "en" / "quick-game.yaml")
    games = tmp_path / "games"
    args = ["play", str(house / "quick-game.yaml"), "--seed", "5", "--seat", "1", "--agents", "random"]
    first = whist([*args, "--lang", "sv", "--save", "s.json"], games)
    assert first.returncode == 1 and (games / "s.json").exists(), first.stderr
    words = resume_line(first.stderr)
    allowed = [words[i + 1] for i, word in enumerate(words) if word == "--allow-path"]
    assert allowed == ([] if inside else [str(house.resolve())]), words
    again = whist([*words[1:], "--agents", "random"], games)
    assert again.returncode == 1 and "outside the folders" not in again.stderr, again.stderr
    assert resume_line(again.stderr) == words  # (the same command again: it still needs the same)
    note = [line for line in again.stderr.splitlines() if line.startswith("note:") and "missing" in line]
    assert note and note[0].rstrip(")").endswith(shlex.quote(str((house / "quick-game.yaml").resolve()))), note


def test_the_command_offered_when_save_refuses_an_unfinished_game_resumes_it_too(tmp_path: Path) -> None:
    """``--save`` over a game not yet over offers the resume command: it once lacked the
    ``--allow-path`` the game needs (and its path was not quoted), so it failed as the stop's once did."""
    house = tmp_path / "house"
    (house / "locales" / "en").mkdir(parents=True)
    shutil.copy(EXAMPLES / "quick-game.yaml", house / "quick-game.yaml")
    shutil.copy(EXAMPLES / "locales" / "en" / "quick-game.yaml", house / "locales" / "en" / "quick-game.yaml")
    games = tmp_path / "my games"
    games.mkdir()
    args = ["play", str(house / "quick-game.yaml"), "--seed", "5", "--seat", "1", "--agents", "random"]
    first = whist([*args, "--save", "a game.json"], games)
    assert first.returncode == 1 and (games / "a game.json").exists(), first.stderr
    refused = whist([*args, "--save", "a game.json"], games)
    assert refused.returncode == 2, refused.stderr
    offered = refused.stderr[refused.stderr.index("resume it with '") + len("resume it with '") :]
    words = shlex.split(offered[: offered.index("', save")])
    assert words[words.index("--allow-path") + 1] == str(house.resolve()) and words[-1] == "a game.json"
    again = whist([*words[1:], "--agents", "random"], games)
    assert again.returncode == 1 and "outside the folders" not in again.stderr, again.stderr
