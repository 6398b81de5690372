"""Outputs and faults (issue 15 §7): whole files or none, write failures, closed pipes, values
checked before any work. Driven through the real ``whist`` command where it can be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.atomic import temp_files, write_atomically

WHIST = [sys.executable, "-m", "whist"]


def run(*args: str, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "LANG": "C", "WHIST_LANG": "en"}
    return subprocess.run([*WHIST, *args], capture_output=True, text=True, env=env, timeout=300, **kwargs)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"the good one")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_atomically(target, b"half")
    assert target.read_bytes() == b"the good one"
    assert temp_files(target) == []


def test_stale_temporary_files_of_our_own_are_removed(tmp_path):
    target = tmp_path / "rules.md"
    stale = tmp_path / ".rules.md.whist-abc123.tmp"
    other = tmp_path / ".rules.md.someone-else.tmp"
    stale.write_text("left by a crash")
    other.write_text("not ours")
    write_atomically(target, "# Rules\n")
    assert target.read_text() == "# Rules\n" and not stale.exists() and other.exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("show",), ("show", "--format", "json"), ("rules", "--format", "md")])
def test_standard_output_on_a_full_disk_is_an_error(args):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*WHIST, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300, env={**os.environ}
        )
    assert result.returncode == 1
    assert "error: cannot write standard output: No space left on device" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_closed_pipe_ends_quietly():
    reader = subprocess.Popen(["head", "-1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    writer = subprocess.run(
        [*WHIST, "rules", "--format", "html"], stdout=reader.stdin, stderr=subprocess.PIPE, text=True, timeout=300
    )
    reader.stdin.close()
    first = reader.stdout.read()
    reader.wait()
    assert first.startswith(b"<!DOCTYPE html>")
    assert writer.stderr == ""  # no BrokenPipeError, no "Exception ignored"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("cards", "-o", "{tmp}/x.jpg"), "x.jpg does not end in one of: .pdf, .png"),
        (("cards", "--format", "png", "-o", "{tmp}/x.pdf"), "--format png does not fit the name x.pdf"),
        (("cards", "--bleed", "nan", "-o", "{tmp}/x.pdf"), "'nan' is not a number"),
        (("cards", "-o", "{tmp}/missing/x.pdf"), "missing does not exist"),
        (("cards", "--dpi", "1200", "-o", "{tmp}/x.png"), "--dpi"),
        (("rules", "-o", "{tmp}/x.txt"), "x.txt does not end in one of"),
        (("simulate", "--games", "1", "--option", "rounds=abc"), "rounds takes a whole number, not 'abc'"),
        (("simulate", "--games", "1", "--option", "rounds=1" + "0" * 5000), "rounds takes a whole number"),
        (("simulate", "--games", "1", "--option", "colour=red"), "'colour' is not an option of combo-whist"),
        (("play", "--save", "{tmp}/missing/save.json"), "missing does not exist"),
    ],
)
def test_values_that_cannot_work_are_refused_before_any_work(tmp_path, args, message):
    result = run(*(a.replace("{tmp}", str(tmp_path)) for a in args), stdin=subprocess.DEVNULL)
    assert result.returncode != 0 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_option_the_rule_set_declares_is_taken():
    result = run("simulate", "christmas-whist", "--games", "1", "--option", "match=single", "--json")
    assert result.returncode == 0, result.stderr


#: Writers allowed to open a file themselves, each with its reason. Everything else writes through
#: rulespec.atomic so that no interrupted or failed write leaves half a file behind.
DIRECT_WRITERS = {
    "rulespec/atomic.py": "the one place that writes: temp file, fsync, rename",
    "rulespec/grammartable.py": "developer tool: writes a temporary file and renames it itself",
    "rulespec/schema/nullable.py": "developer tool regenerating a shipped schema in the source tree",
}
WRITE_CALLS = (".write_text(", ".write_bytes(", "open(", ".save(str(", "os.fdopen(")
#: Calls that share a name with a file writer but write no file, each with its reason.
NOT_FILES = {
    "super().write_text(": "whist/commands.py's click HelpFormatter: the help page's text, into click's buffer",
}


def test_every_file_the_program_writes_goes_through_the_atomic_writer():
    """The whole class of 'a command rewrote a user's file in place' (issue 16: translate wrote locale
    files directly): no module but the allowed ones calls a file-writing function."""
    root = Path(__file__).resolve().parent.parent
    offenders = []
    for package in ("rulespec", "whist", "printing", "interpreter"):
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if name in DIRECT_WRITERS:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                writes = any(word in code for word in ('"w', "'w", "write", "save"))
                if any(call in code for call in NOT_FILES):
                    continue
                if writes and any(call in code for call in WRITE_CALLS):
                    offenders.append(f"{name}:{number}: {line.strip()}")
    assert offenders == []


def test_marking_a_translation_on_a_full_disk_leaves_the_locale_file_whole(tmp_path, monkeypatch):
    """`whist translate mark` rewrites a locale file; a failing write must leave the old text."""
    from rulespec import translations

    locale_file = tmp_path / "sv" / "bids.yaml"
    locale_file.parent.mkdir()
    before = "bids:\n  trump:\n    name: Trumf\n"
    locale_file.write_text(before, encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        translations.write_fingerprints(locale_file, {"bids.trump.name": "0123abcd"})
    assert locale_file.read_text(encoding="utf-8") == before
    assert temp_files(locale_file) == []


#: Every option of the command line that names a file to write, with the other arguments its command
#: needs; the test below finds the options itself, so a new one must be added here to be tested.
OUTPUTS = {
    ("balance", "plot_path"): ("balance", "--deals", "1", "--plot", "{out}.png"),
    ("cards", "output"): ("cards", "-o", "{out}.pdf"),
    ("rules", "output"): ("rules", "-o", "{out}.md"),
    ("schema", "output"): ("schema", "-o", "{out}.json"),
    ("translate export", "output"): ("translate", "export", "sv", "--format", "po", "-o", "{out}.po"),
    ("play", "save_path"): ("play", "--save", "{out}.json"),
}


def _output_options() -> set[tuple[str, str]]:
    from test_cli_conventions import _commands

    from whist.cli import cli

    return {
        (" ".join(path), param.name or "")
        for path, command in _commands(cli)
        for param in command.params
        if param.param_type_name == "option"
        and (param.name in {"output", "save_path", "plot_path"} or param.metavar == "FILE")
    }


def test_the_list_of_output_options_is_complete():
    assert _output_options() == set(OUTPUTS)


@pytest.mark.parametrize("key", sorted(OUTPUTS), ids=[" ".join(k) for k in sorted(OUTPUTS)])
def test_an_output_into_a_missing_folder_is_a_usage_error_before_any_work(tmp_path, key):
    """Every file a command writes: a folder that does not exist is said at once (exit 2), not after
    the work as an OS error, and nothing is written."""
    args = [a.replace("{out}", str(tmp_path / "missing" / "out")) for a in OUTPUTS[key]]
    result = run(*args, stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result.stderr
    assert (
        "missing does not exist" in result.stderr and "Traceback" not in result.stderr and "Errno" not in result.stderr
    )
    assert list(tmp_path.iterdir()) == []
