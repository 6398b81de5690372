"""An output is never written over something that is not a regular file.

Every output is written whole or not at all: a temporary file beside it, renamed over it
(``rulespec/atomic.py``). A rename replaces whatever has the name, so ``whist schema ruleset -o
/dev/full`` (or ``translate export … -o /dev/null``, ``-o /dev/stdout``) said "wrote /dev/full"
and, run as root, replaced the device with a regular file; a named pipe was replaced the same way,
and ``-o -`` wrote a file called ``-``. Now every output option refuses such a target as a usage
error (exit 2) before any work, and ``write_atomically`` itself refuses it (an ``OSError``), so a
locale file written by ``translate import`` is protected too. The property runs over every output
option of every command (found by walking the command tree, so a new one must be listed here),
with named pipes standing for the devices (a test never aims at a real device).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import click
import pytest

from rulespec.atomic import write_atomically
from tests.test_translate_cli import whist
from whist.cli import cli

#: every output option: (command, option) → the arguments that write a file named TARGET
OUTPUTS: dict[tuple[str, str], list[str]] = {
    ("balance", "plot_path"): ["balance", "--deals", "1", "--jobs", "1", "--plot", "TARGET.svg"],
    ("cards", "output"): ["cards", "-o", "TARGET.pdf"],
    ("play", "save_path"): ["play", "--save", "TARGET.json"],
    ("rules", "output"): ["rules", "--format", "md", "-o", "TARGET.md"],
    ("schema", "output"): ["schema", "ruleset", "-o", "TARGET.json"],
    ("translate export", "output"): ["translate", "export", "sv", "--format", "po", "-o", "TARGET.po"],
}
#: options that name files to read, not to write
READ_ONLY = {"paths", "resume_path", "file"}


def _output_options() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()

    def walk(command: click.Command, path: list[str], ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name], click.Context(sub, parent=ctx))
            return
        for param in command.params:
            named = any(word in param.name for word in ("output", "save", "plot", "path", "file"))
            if (isinstance(param.type, click.Path) or named) and param.name not in READ_ONLY:
                found.add((" ".join(path), str(param.name)))

    walk(cli, [], click.Context(cli))
    return found


def test_every_output_option_is_listed() -> None:
    assert _output_options() == set(OUTPUTS)


def _targets(folder: Path, suffix: str) -> dict[str, Path]:
    pipe = folder / f"pipe{suffix}"
    os.mkfifo(pipe)
    link = folder / f"link{suffix}"
    link.symlink_to(pipe)
    return {"a named pipe": pipe, "a link to a named pipe": link}


@pytest.mark.parametrize("key", sorted(OUTPUTS))
def test_an_output_that_is_not_a_regular_file_is_a_usage_error(tmp_path, capsys, key) -> None:
    args = OUTPUTS[key]
    suffix = Path(next(a for a in args if a.startswith("TARGET"))).suffix
    for what, target in _targets(tmp_path, suffix).items():
        code, out, err = whist(capsys, *[str(target) if a.startswith("TARGET") else a for a in args])
        assert code == 2, (what, out, err)
        assert "not a regular file" in err, err
        assert stat.S_ISFIFO(os.stat(target).st_mode), what  # still the pipe
    code, _, err = whist(capsys, *["-" if a.startswith("TARGET") else a for a in args])
    assert code == 2 and not (Path.cwd() / "-").exists(), err


def test_write_atomically_never_replaces_what_is_not_a_regular_file(tmp_path) -> None:
    for what, target in _targets(tmp_path, ".yaml").items():
        with pytest.raises(OSError, match="not a regular file"):
            write_atomically(target, "language: sv\n")
        assert stat.S_ISFIFO(os.stat(target).st_mode), what
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left
    regular = tmp_path / "kept.yaml"
    regular.write_text("old\n", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(regular)
    write_atomically(tmp_path / "link.txt", "new\n")  # a link to a regular file: written (the link replaced)
    assert (tmp_path / "link.txt").read_text(encoding="utf-8") == "new\n"
