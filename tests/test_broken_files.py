"""Broken rule files and the messages they must produce.

Every case under ``tests/broken/`` is a rule file (``NN-name.yaml``) or a folder of them
(``NN-name/``) that must fail to load with a :class:`rulespec.RuleError`. The expectation is
written in the case itself, as header comments (in ``expect.txt`` for a folder)::

    # case: what is wrong, in a few words
    # load: first.yaml                        (folders only; default: the folder itself)
    # expect: LINE:COL: message               (folders: FILE:LINE:COL: message, FILE relative to the folder)
    # expect-hint: did you mean 'opponents'?  (optional)

The message is matched as the start of the first reported problem, so a message may end
with details that differ between machines (such as absolute paths).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from rulespec import RuleError, RuleErrors, load_ruleset
from rulespec.errors import MAX_EXCERPT
from rulespec.yamlsource import MAX_DEPTH, MAX_FILE_BYTES, MAX_VALUES

BROKEN = Path(__file__).parent / "broken"
REPO = Path(__file__).parent.parent

_EXPECT = re.compile(r"^# expect: (?:(?P<file>[^:\s]+):)?(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


@dataclass(frozen=True)
class Case:
    name: str
    load: Path  # what to pass to load_ruleset
    file: Path  # the file the first problem must point into
    line: int
    column: int
    message: str
    hint: str | None


def _read_case(path: Path) -> Case:
    header = path / "expect.txt" if path.is_dir() else path
    load = path
    expect: re.Match[str] | None = None
    hint = None
    for text in header.read_text(encoding="utf-8").splitlines():
        if text.startswith("# load: "):
            load = path / text.removeprefix("# load: ").strip()
        elif text.startswith("# expect-hint: "):
            hint = text.removeprefix("# expect-hint: ").strip()
        elif text.startswith("# expect: "):
            expect = _EXPECT.match(text)
            assert expect, f"{header}: malformed expect line {text!r}"
    assert expect is not None, f"{header}: no '# expect: LINE:COL: message' line"
    if path.is_dir():
        assert expect["file"], f"{header}: a folder case names the file: '# expect: FILE:LINE:COL: message'"
        file = path / expect["file"]
    else:
        assert not expect["file"], f"{header}: a file case gives only LINE:COL"
        file = path
    return Case(path.name, load, file, int(expect["line"]), int(expect["col"]), expect["message"].strip(), hint)


def _cases() -> list[Case]:
    paths = sorted(p for p in BROKEN.iterdir() if p.is_dir() or p.suffix == ".yaml")
    return [_read_case(p) for p in paths]


CASES = _cases()


def _first(error: RuleError) -> RuleError:
    return error.errors[0] if isinstance(error, RuleErrors) else error


def _shown(text: str) -> str:
    return text.replace("\t", " ")


def _load_error(ref: Path | str) -> RuleError:
    with pytest.raises(RuleError) as info:
        load_ruleset(str(ref))
    return info.value


def test_the_corpus_is_large_and_numbered() -> None:
    assert len(CASES) >= 30
    numbers = [int(case.name.split("-", 1)[0]) for case in CASES]
    assert len(numbers) == len(set(numbers)), "two cases share a number"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_file(case: Case) -> None:
    error = _load_error(case.load)
    first = _first(error)
    rendered = str(first).splitlines()
    head = f"{case.file}:{case.line}:{case.column}: {case.message}"
    assert rendered[0].startswith(head), f"\nexpected: {head}\ngot:      {rendered[0]}"
    assert head in str(error)  # what the CLI prints holds it too

    # the source line, and a caret under the column
    source = case.file.read_text(encoding="utf-8").splitlines()[case.line - 1]
    assert len(rendered) >= 3, f"no source line and caret under: {rendered[0]}"
    shown, caret_line = rendered[1], rendered[2]
    assert shown.startswith("    ") and caret_line.strip() == "^"
    shown, caret = shown[4:], caret_line.index("^") - 4
    if len(source) <= MAX_EXCERPT:
        assert shown == _shown(source)
        assert caret == case.column - 1
    if case.column <= len(source):
        assert shown[caret] == _shown(source)[case.column - 1]
    else:
        assert caret == len(shown)  # just after the end of the line

    hints = [line for line in rendered if line.startswith("hint: ")]
    if case.hint is not None:
        assert hints == [f"hint: {case.hint}"]
    for line in rendered:
        assert "Traceback" not in line and "<unicode string>" not in line


CLI_CASES = [
    "01-yaml-syntax-error.yaml",
    "14-unknown-name.yaml",
    "26-extends-unknown-bundled.yaml",
    "27-extends-cycle",
    "36-billion-laughs.yaml",
    "40-group-depends-on-combo.yaml",
]


def _whist_check(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist", "check", *paths],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )


@pytest.mark.parametrize("name", CLI_CASES)
def test_cli_reports_broken_file(name: str) -> None:
    case = next(c for c in CASES if c.name == name)
    result = _whist_check(str(case.load))
    assert result.returncode == 1
    assert f"{case.file}:{case.line}:{case.column}: {case.message}" in result.stderr
    if case.hint:
        assert f"hint: {case.hint}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stdout == ""


def test_cli_reports_every_path_and_still_checks_the_good_one() -> None:
    result = _whist_check(str(BROKEN / "14-unknown-name.yaml"), "combo-whist", str(BROKEN / "07-bad-enum.yaml"))
    assert result.returncode == 1
    assert "unknown name 'oponents'" in result.stderr
    assert "'standrd' is not allowed for 'kind'" in result.stderr
    assert "combo-whist: ok" in result.stdout
    assert "Traceback" not in result.stderr


# --- hostile files made on the spot (too big to commit, or not text) ----------------------


def test_file_larger_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    filler = "# padding padding padding padding padding padding padding padding padding\n"
    path.write_text("extends: combo-whist\n" + filler * (MAX_FILE_BYTES // len(filler) + 1), encoding="utf-8")
    assert path.stat().st_size > MAX_FILE_BYTES
    started = time.monotonic()
    error = _load_error(path)
    assert time.monotonic() - started < 5
    assert str(error).startswith(f"{path}: file is larger than {MAX_FILE_BYTES} bytes")
    result = _whist_check(str(path))
    assert result.returncode == 1
    assert "file is larger than" in result.stderr and "Traceback" not in result.stderr


def test_billion_laughs_fails_fast(tmp_path: Path) -> None:
    # 9 levels of 10 aliases each: 10**9 values if expanded
    lines = ["extends: combo-whist", "game:", "  options:", "    l0: &l0 [" + ", ".join(["lol"] * 10) + "]"]
    lines += [f"    l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 10)]
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    started = time.monotonic()
    error = _load_error(path)
    assert time.monotonic() - started < 5
    assert f"file expands to more than {MAX_VALUES} values" in str(error)
    assert _first(error).position is not None and _first(error).position.line >= 5


def test_deep_nesting_does_not_recurse(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("extends: combo-whist\ngroups: " + "[" * 50_000 + "]" * 50_000 + "\n", encoding="utf-8")
    error = _first(_load_error(path))
    assert error.message == f"nesting is deeper than {MAX_DEPTH} levels"
    # the document itself is the first level; '[' number MAX_DEPTH - 1 goes over the limit
    assert error.position is not None and (error.position.line, error.position.column) == (2, 8 + MAX_DEPTH)


def test_deeply_nested_expression(tmp_path: Path) -> None:
    path = tmp_path / "parens.yaml"
    body = "(" * 900 + "1" + ")" * 900
    text = f"extends: combo-whist\nbids:\n  - id: quick\n    kind: special\n    worth: {body}\n"
    path.write_text(text, encoding="utf-8")
    error = _first(_load_error(path))
    assert "nested too deeply" in error.message
    assert error.position is not None and error.position.line == 5


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("extends: combo-whist\nbids:\n  - id: smörgåsbord\n".encode("latin-1"))
    error = _first(_load_error(path))
    assert error.message == "file is not UTF-8 text (byte 0xF6)"
    assert error.position is not None and (error.position.line, error.position.column) == (3, 11)
    assert error.hint == "save the file as UTF-8"


def test_control_character(tmp_path: Path) -> None:
    path = tmp_path / "bell.yaml"
    path.write_text("extends: combo-whist\nbids:\n  - id: qu\x07ick\n", encoding="utf-8")
    error = _first(_load_error(path))
    assert error.message == "the character U+0007 is not allowed in a YAML file"
    assert error.position is not None and (error.position.line, error.position.column) == (3, 11)
    assert "\x07" not in str(error)


def test_number_with_too_many_digits(tmp_path: Path) -> None:
    path = tmp_path / "digits.yaml"
    path.write_text(
        "extends: combo-whist\nbids:\n  - id: quick\n    kind: special\n    worth: " + "9" * 5000 + "\n",
        encoding="utf-8",
    )
    error = _first(_load_error(path))
    assert error.message == "number is too long (5000 characters)"
    rendered = str(error).splitlines()
    assert len(rendered[1]) <= MAX_EXCERPT + 8  # the 5000-digit line is cut around the caret


def test_check_counts_what_each_game_has() -> None:
    """A game with an auction has standard and special bids; a game without one plays kinds of
    hand that nobody bids (Christmas Whist was said to have "6 standard and 0 special bids")."""
    result = _whist_check("combo-whist", "christmas-whist")
    assert result.returncode == 0
    assert "combo-whist: ok (combo-whist@1.5.1: 16 standard and 15 special bids)" in result.stdout
    assert "christmas-whist: ok (christmas-whist@1.0.0: 6 kinds of hand)" in result.stdout
