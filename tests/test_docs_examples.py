"""The example rule sets the docs point to are whole, and the docs show what the program prints.

A newcomer runs the ``console`` blocks of docs/writing-rules.md on the repository's own example
files and must see exactly what the guide shows: the examples under ``docs/examples/`` used to
print warnings (their new bids had no English texts, so every language showed ids) under a guide
that showed a clean "ok". Every example rule set — ``docs/examples/*.yaml`` and
``bids/examples/*.yaml`` — is checked with no warning at all, and every console block that runs
a command on a file of the repository prints exactly its shown lines (the first-house-rule
walk-through, which writes its own files, is tests/test_tutorial.py).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from whist.cli import cli

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "writing-rules.md"
EXAMPLES = sorted([*ROOT.glob("docs/examples/*.yaml"), *ROOT.glob("bids/examples/*.yaml")])


def whist(*args: str) -> tuple[int, str, str]:
    """``whist ARGS`` in this process, from the repository's folder: (exit status, stdout, stderr)."""
    result = CliRunner().invoke(cli, list(args), env={"COLUMNS": "200", "WHIST_LANG": "en"})
    return result.exit_code, result.stdout, result.stderr


def _console_blocks() -> list[tuple[str, str]]:
    """(command, the lines shown after it) of each console block that names a file of the repository."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S):
        command, _, shown = block.partition("\n")
        words = shlex.split(command.removeprefix("$ "))
        if words[0] == "whist" and any((ROOT / word).is_file() for word in words[1:]):
            found.append((command.removeprefix("$ "), shown))
    return found


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_checks_without_a_warning(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, _, err = whist("check", str(path.relative_to(ROOT)))
    assert code == 0 and err == "", err
    code, out, _ = whist("translate", "status", "sv", str(path.relative_to(ROOT)))
    assert code == 0 and " 0 missing, 0 unreviewed, 0 stale" in out, out


@pytest.mark.parametrize(
    ("command", "shown"), _console_blocks(), ids=lambda value: value.split()[-1] if value.startswith("whist") else ""
)
def test_the_guide_shows_what_the_program_prints(command: str, shown: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    _, out, err = whist(*shlex.split(command)[1:])
    assert out + err == shown, command


def test_the_guide_runs_commands_on_the_examples() -> None:
    assert len(_console_blocks()) >= 2  # (a guide whose blocks moved elsewhere would check nothing)


def _guide_yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def test_the_replaced_bid_example_checks_and_prints_with_the_texts_the_guide_gives(tmp_path: Path) -> None:
    """§5 "Replacing a bid as a whole": with the locale text the guide shows (in each language, as
    it says), the house rule checks clean and prints; without it, check refuses what printing
    would refuse. The guide once showed a rule that checked "ok" and then could not be printed."""
    blocks = _guide_yaml_blocks()
    rule = next(b for b in blocks if b.startswith("ruleset: my-greed\n"))
    texts = next(b for b in blocks if b.startswith("language: en\nruleset: my-greed\n"))
    (tmp_path / "my-greed.yaml").write_text(rule, encoding="utf-8")
    target = str(tmp_path / "my-greed.yaml")
    code, _, err = whist("check", target)
    assert code == 1 and "{bonus}" in err and "bids.greed.rules" in err
    code, _, err = whist("rules", target, "--format", "md")
    assert code == 1 and "{bonus}" in err
    for language in ("en", "sv"):  # "in each language": the guide shows the English one
        folder = tmp_path / "locales" / language
        folder.mkdir(parents=True)
        (folder / "my-greed.yaml").write_text(texts.replace("language: en", f"language: {language}"), encoding="utf-8")
    code, _, err = whist("check", target)
    assert code == 0 and err == "", err
    code, out, err = whist("rules", target, "--format", "md")
    assert code == 0 and "one trick more, or one fewer" in out, err
