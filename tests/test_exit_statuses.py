"""One exit status for one kind of ending, in every command (issue t19d §4).

- A closed pipe (``whist show | head -1``) ends quietly with status 0: a command whose output fit in
  the pipe before the reader went finished with 0 as well, so any other status would depend on a race.
- Ctrl-C (and SIGTERM, SIGHUP: :func:`whist.output.stop_on_hangup`) says "stopped" and exits 130
  (``whist play`` says how to resume instead: ``test_play_signals``).
- A folder, device or pipe named as a save is a usage error (2), for ``--resume`` as for ``--save``;
  a setting ``--resume`` refuses is refused in one form (``test_play_resume_settings``); a
  scheduler address that is none is a bad value (2).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from whist.cli import cli, main

SCENARIO = "tests/scenarios/game-all-pass-redeal.yaml"

#: Each command with arguments that make it write to standard output; every command is here
#: (a test below checks it), so a new one is tried with a closed pipe too.
WRITING = {
    "analyze": ["combo-whist"],
    "balance": ["--deals", "1", "--agents", "random", "--json"],
    "cards": ["--format", "png", "-o", "{tmp}/cards.png"],
    "check": ["combo-whist"],
    "diff": ["combo-whist@1.3.0", "combo-whist"],
    "duel": ["random", "random", "--deals", "1"],
    "play": ["--save", "{tmp}/save.json"],
    "replay": [SCENARIO],
    "rules": ["--format", "md"],
    "schema": [],
    "show": [],
    "simulate": ["--games", "1", "--agents", "random", "--jobs", "1"],
    "translate": ["status", "sv"],
}


def test_every_command_is_tried_with_a_closed_pipe() -> None:
    assert sorted(WRITING) == cli.list_commands(click.Context(cli))


def test_a_closed_pipe_ends_every_command_quietly_with_status_0(tmp_path: Path) -> None:
    env = {**os.environ, "WHIST_LANG": "en"}
    running = {}
    for name, args in WRITING.items():
        folder = tmp_path / name
        folder.mkdir()
        reader, writer = os.pipe()
        os.close(reader)  # the reader has gone before the first write
        command = [sys.executable, "-m", "whist", name, *(a.replace("{tmp}", str(folder)) for a in args)]
        running[name] = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=writer, stderr=subprocess.PIPE, env=env
        )
        os.close(writer)
    ended = {name: process.communicate(timeout=300)[1].decode() for name, process in running.items()}
    assert {
        name: (running[name].returncode, err)
        for name, err in ended.items()
        if (running[name].returncode, err) != (0, "")
    } == {}


@pytest.mark.parametrize("name", sorted(set(WRITING) - {"play"}))
def test_ctrl_c_stops_every_command_with_130(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while a command works (click turns it into its Abort): one message, one status."""

    def interrupted(self: click.Command, context: click.Context) -> None:
        raise KeyboardInterrupt

    def exit_now(status: int) -> None:  # (stopped() leaves with os._exit: not in the test's process)
        raise SystemExit(status)

    monkeypatch.setattr(click.Command, "invoke", interrupted)
    monkeypatch.setattr(os, "_exit", exit_now)
    with pytest.raises(SystemExit) as ended:
        main([name, *(a.replace("{tmp}", str(tmp_path)) for a in WRITING[name])])
    assert ended.value.code == 130
    assert capsys.readouterr().err.strip() == "stopped"


@pytest.fixture
def not_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {"folder": tmp_path, "fifo": fifo, "device": Path(os.devnull)}


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
@pytest.mark.parametrize("option", ["--resume", "--save"])
def test_a_save_that_is_no_file_is_a_usage_error(not_files: dict[str, Path], kind: str, option: str) -> None:
    result = CliRunner().invoke(cli, ["play", option, str(not_files[kind])], input="")
    assert result.exit_code == 2, result.output
    assert "is a folder" in result.output or "is not a regular file" in result.output


@pytest.mark.parametrize("command", [["balance", "--deals", "1"], ["duel", "random", "random", "--deals", "1"]])
@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "tcp://host:0", "tcp://host:65536", "host:port"])
def test_a_scheduler_address_that_is_none_is_a_bad_value(command: list[str], address: str) -> None:
    result = CliRunner().invoke(cli, [*command, "--scheduler", address])
    assert result.exit_code == 2 and "is not a scheduler address" in result.output, result.output


@pytest.mark.parametrize("command", [["balance", "--deals", "1"], ["duel", "random", "random", "--deals", "1"]])
@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "inproc://a/1/2", "ws://h:1"])
def test_a_scheduler_of_another_kind_is_refused_before_any_work(command: list[str], address: str) -> None:
    """tls:// ended in Dask's TypeError (no ssl_context), ucx:// in another, inproc:// in "not enough
    values to unpack": the command line reaches tcp:// schedulers only, and says so."""
    result = CliRunner().invoke(cli, [*command, "--scheduler", address])
    assert result.exit_code == 2 and "only tcp:// schedulers" in result.output, result.output


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "tcp://[::1]:8786", "host.example:1"])
def test_a_scheduler_address_is_taken(address: str) -> None:
    from whist.common import check_scheduler

    assert check_scheduler(click.Context(cli), click.Option(["--scheduler"]), address) == address
