"""docs/writing-rules.md's walk-through "Write your first house rule", followed as a newcomer would.

The guide says every step was run as shown. This test reads the section itself: each ``yaml``
block is written where the text before it says (the rule file, then added to its ``bids:``
list, then the English locale file), and each command of a ``console`` or ``sh`` block is run in
that order, in a fresh folder; the lines the guide shows (a ``console`` block's output, a
``text`` block after an ``sh`` block) must appear in the command's output, in that order (``…``
stands for lines left out). An edit of the guide that no longer works, or a change of the
program that makes the guide wrong, fails here.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from locales_helpers import whist

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "writing-rules.md"
RULE_FILE = "my-club/my-rules.yaml"
LOCALE_FILE = "my-club/locales/en/my-rules.yaml"


def walkthrough() -> list[tuple[str, str]]:
    """The section's fenced blocks, in order: (language, text)."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("## Write your first house rule")
    section = text[start : text.index("\n---\n", start)]
    return [(m.group(1), m.group(2)) for m in re.finditer(r"```(\w*)\n(.*?)```", section, re.S)]


def run(folder: Path, command: str) -> str:
    args = shlex.split(command)
    if args[:2] == ["mkdir", "-p"]:
        (folder / args[2]).mkdir(parents=True, exist_ok=True)
        return ""
    assert args[0] == "whist", command
    result = whist(*args[1:], cwd=folder)
    assert result.returncode == 0, (command, result.stderr)
    assert "Traceback" not in result.stderr
    return result.stdout + result.stderr


def assert_shown(shown: str, output: str, command: str) -> None:
    """Each line the guide shows appears in the output, in order (spaces within a line may differ)."""

    def squeeze(line: str) -> str:
        return " ".join(line.split())

    lines = [squeeze(line) for line in output.splitlines()]
    at = 0
    for expected in (squeeze(line) for line in shown.splitlines()):
        if not expected or expected == "…":
            continue
        while at < len(lines) and lines[at] != expected:
            at += 1
        assert at < len(lines), f"{command}: the guide shows {expected!r}, not in:\n{output}"
        at += 1


def test_the_first_house_rule_walkthrough_works_as_written(tmp_path: Path) -> None:
    blocks = walkthrough()
    written = 0
    ran: list[str] = []
    pending: str | None = None  # the last command of an ``sh`` block, whose output a ``text`` block shows
    for language, body in blocks:
        if language == "yaml":
            written += 1
            if body.startswith("#") and "ruleset: my-rules" in body and "language:" not in body:
                (tmp_path / RULE_FILE).write_text(body, encoding="utf-8")
            elif "language: en" in body:
                (tmp_path / LOCALE_FILE).write_text(body, encoding="utf-8")
            else:  # more of the rule file's bids: the first starts the list, the next add to it
                with (tmp_path / RULE_FILE).open("a", encoding="utf-8") as rule_file:
                    rule_file.write("\n" + body)
        elif language == "console":
            command, _, shown = body.partition("\n")
            assert command.startswith("$ "), body
            output = run(tmp_path, command[2:])
            assert_shown(shown, output, command)
            ran.append(command[2:])
        elif language == "sh":
            for command in body.splitlines():
                command = command.split("  #")[0].strip()
                if command and not command.startswith("#"):
                    pending = command
                    pending_output = run(tmp_path, command)
                    ran.append(command)
        elif language == "text" and pending is not None:
            assert_shown(body, pending_output, pending)
            pending = None
    assert written == 4 and (tmp_path / LOCALE_FILE).exists()
    # the walk-through's own claims, beyond its blocks: every step was run
    assert any(c.startswith("whist cards") for c in ran) and any(c.startswith("whist diff") for c in ran)
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")
    # with its texts written, the house rule checks clean: no warning of missing texts
    check = whist("check", RULE_FILE, cwd=tmp_path)
    assert (check.returncode, check.stderr) == (0, "")
