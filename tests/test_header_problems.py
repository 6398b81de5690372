"""A bad name or version of a rule set never hides the other problems of its file.

A house rule's author who wrote ``version: 1`` (a number, not text) was told only that, and
learnt of the bid below it that has no kind, or a worth that is not a number, only in the next
run: the header (``ruleset``, ``version``, ``extends``) was checked first and every problem of it
stopped the check. Only ``extends`` must stop it (the parent it names is what the rest is read
over); a bad name or version is now told with every other problem (:mod:`rulespec.header`).

The class, over every broken rule file of ``tests/broken/``: the same file with a bad header
line added reports that line's problem *and* exactly the problems the file reported before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec import RuleError, load_ruleset
from rulespec.yamlsource import read_yaml

BROKEN = Path(__file__).parent / "broken"

#: A header line that is wrong, and the start of the message it must give.
BAD_HEADERS = {
    "version: 1": "expected text for 'version', got a whole number",
    "version: one": "'one' is not a valid",
    "ruleset: Our House": "'Our House' is not a valid",
    "ruleset: ui": "'ui' is not a valid",
    "version: [1, 2]": "expected text for 'version'",
}

Problem = tuple[int, int, str, str | None]


def _problems(path: Path) -> list[Problem]:
    try:
        load_ruleset(path)
    except RuleError as exc:
        errors = getattr(exc, "errors", [exc])
        return [
            (e.position.line if e.position else 0, e.position.column if e.position else 0, e.message, e.hint)
            for e in errors
        ]
    return []


def _cases() -> list[Path]:
    """The broken single files that read as a mapping, extend a parent, and name no header key
    the added line would repeat (a file that does not parse, or a broken ``extends``, stops
    before anything else by design)."""
    cases = []
    for path in sorted(BROKEN.glob("*.yaml")):
        try:
            data = read_yaml(path).data
        except RuleError:
            continue
        if isinstance(data, dict) and isinstance(data.get("extends"), str) and "extends" not in path.name:
            cases.append(path)
    return cases


def _with_line(text: str, line: str) -> tuple[str, int]:
    """``text`` with ``line`` added after its opening comments, and the line number it is given."""
    lines = text.splitlines(keepends=True)
    at = next(i for i, t in enumerate(lines) if not t.startswith("#"))
    return "".join([*lines[:at], line + "\n", *lines[at:]]), at + 1


@pytest.mark.parametrize("header", list(BAD_HEADERS))
def test_a_bad_name_or_version_is_told_with_every_other_problem(header: str, tmp_path: Path) -> None:
    cases = _cases()
    assert len(cases) >= 30  # (the filter above keeps most cases: it must not quietly keep none)
    key = header.split(":")[0]
    checked = 0
    for path in cases:
        text = path.read_text(encoding="utf-8")
        if any(line.startswith(f"{key}:") for line in text.splitlines()):
            continue
        before = _problems(path)
        assert before, path.name
        changed, at = _with_line(text, header)
        target = tmp_path / path.name
        target.write_text(changed, encoding="utf-8")
        after = _problems(target)
        shifted = [(line + (line >= at), col, message, hint) for line, col, message, hint in before]
        header_problems = [p for p in after if p[0] == at]
        assert len(header_problems) == 1 and header_problems[0][2].startswith(BAD_HEADERS[header]), (path.name, after)
        assert sorted(p for p in after if p[0] != at) == sorted(shifted), path.name
        checked += 1
    assert checked >= 30


def test_a_broken_extends_still_stops_the_check(tmp_path: Path) -> None:
    """The parent is what the rest is read over: with ``extends`` wrong, nothing else is told."""
    path = tmp_path / "house.yaml"
    path.write_text("ruleset: house\nversion: 1\nextends: 5\nbids:\n  - id: foo\n    worth: 1\n", encoding="utf-8")
    problems = _problems(path)
    assert [p[:2] for p in problems] == [(2, 10), (3, 10)]


def test_a_rule_set_with_only_a_bad_version_is_refused(tmp_path: Path) -> None:
    """Told together with the rest, but told: a load with nothing else wrong still fails."""
    path = tmp_path / "house.yaml"
    path.write_text("ruleset: house\nversion: 1.5.1 beta\nextends: combo-whist\n", encoding="utf-8")
    problems = _problems(path)
    assert [p[:2] for p in problems] == [(2, 10)]
