"""A save that fails during ``whist play`` is never offered as the game: the closing lines say what
the file holds.

Saving after every decision may start failing (a full disk, a folder made read-only); play goes
on. The game used to close with "To play on: whist play --resume whist-save.json" though the file
held the first deal only, and a game no save of which was ever written stopped with "Stopped before
the first decision". Here the writer is made to fail (from some decision on, or always), and what
play says at its end is checked against what the file really holds, in English and Swedish.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from interpreter import records
from whist.cli import cli

ANSWERS = "pass\n1\n" * 300  # (a bid takes "pass", a card "1"; what is not understood is asked again)
FULL = OSError(28, "No space left on device")


def writer(fails: Callable[[int], BaseException | None], monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves that raise ``fails(n)`` at the ``n``-th write (1 = first), when it is not None."""
    real, calls = records.write_record, [0]

    def write(record: dict[str, Any], path: Path) -> None:
        calls[0] += 1
        problem = fails(calls[0])
        if problem is not None:
            raise problem
        real(record, path)

    monkeypatch.setattr(records, "write_record", write)


def play(save: Path, *more: str, answers: str = ANSWERS) -> Result:
    """Play with the save named by its name alone (in its folder): a long path would break mid-word."""
    args = ["play", "--seed", "5", "--agents", "random", "--save", save.name, *more]
    with contextlib.chdir(save.parent):
        return CliRunner().invoke(cli, args, input=answers)


@pytest.mark.parametrize(("lang", "behind"), [("en", "The save is behind"), ("sv", "Sparfilen ligger efter")])
@pytest.mark.parametrize("deals", ["1", "2"])
def test_a_save_that_fell_behind_says_up_to_where_it_holds_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, behind: str, deals: str
) -> None:
    save = tmp_path / "game.json"
    writer(lambda n: FULL if n >= 20 else None, monkeypatch)
    result = play(save, "--deals", deals, "--lang", lang)
    held = json.loads(save.read_text())["decisions"]
    out = " ".join(result.output.split())  # (a narrow screen's line breaks)
    assert len(held) == 19 and out.count("No space left on device") == 1
    if lang == "en":
        assert f"{save.name} holds the game only up to decision 19 (deal 1)" in out
    else:
        assert f"{save.name} har spelet bara fram till beslut 19 (giv 1)" in out
    assert behind in out and f"--resume {save.name}" in out  # (the save is still the way to play on)


def test_a_save_that_works_again_is_not_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    writer(lambda n: FULL if 5 <= n < 10 else None, monkeypatch)
    result = play(save, "--deals", "1")
    out = " ".join(result.output.split())
    assert f"Saved to {save.name} again" in out and "behind" not in out
    assert result.exit_code == 0 and "To play on" in out
    assert len(json.loads(save.read_text())["decisions"]) > 40


@pytest.mark.parametrize(("deals", "answers", "code"), [("1", ANSWERS, 0), ("2", "pass\n1\n" * 5, 1)])
def test_a_game_no_save_of_which_was_written_is_not_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deals: str, answers: str, code: int
) -> None:
    save = tmp_path / "game.json"
    writer(lambda n: FULL, monkeypatch)  # (a read-only folder, or a disk full from the start)
    result = play(save, "--deals", deals, answers=answers)
    out = " ".join(result.output.split())
    assert result.exit_code == code and not save.exists()
    assert "no file holds this game yet" in out and "as last saved" not in out
    assert "No save of this game could be written, so there is no game to resume." in out
    assert "--resume" not in out and "before the first decision" not in out


def test_ctrl_c_with_a_save_behind_says_so_and_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    writer(lambda n: FULL if 8 <= n < 30 else KeyboardInterrupt() if n == 30 else None, monkeypatch)
    result = play(save)
    out = " ".join(result.output.split())
    assert result.exit_code == 130
    assert (
        f"{save.name} holds the game only up to decision 7 (deal 1)" in out
        and f"Resume with: whist play --resume {save.name}" in out
    )
    assert len(json.loads(save.read_text())["decisions"]) == 7
