"""Mutated rule files and locales, run through the commands a stranger's file reaches.

``tests/test_fuzz_rule_files.py`` loads mutated rule files; here a line of a bundled rule file or
locale is deleted, doubled, swapped with the next, has a character flipped, a number made huge,
negative or a fraction, a word made a list or a reserved word — as a careless or hostile editor
would — and the real commands run on the result: ``check``, ``simulate``, ``show``, ``rules``,
``cards`` and ``translate check``. Each ends with status 0, or 1 and its message (a ``check``
that fails names a place: ``file:line:col``); never another status or an exception.
Deterministic (``derandomize=True``); the commands run in this process, quickly.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rulespec.locale as locale_module
from whist.cli import main

ROOT = Path(__file__).resolve().parent.parent
RESERVED = ["and", "not", "card", "true", "null", "trick", "player", "max", "option", "in", "~", "{}", "[]"]
NUMBERS = ["99999999999999", "-1", "-99", "0", "1.5", "1e9", "13", "4000", "0x10"]
FLIPS = list("x:{}[]-'\"#&*!|>%@` \t") + ["\u200b", "\u0301"]
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@st.composite
def mutations(draw: st.DrawFn, text: str) -> str:
    """``text`` with one line changed as an editor's slip or a stranger's edit would change it."""
    lines = text.split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["delete", "double", "swap", "flip", "number", "list", "reserved", "indent"]))
    line = lines[i]
    if kind == "delete":
        del lines[i]
    elif kind == "double":
        lines.insert(i, line)
    elif kind == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], line
    elif kind == "flip" and line:
        j = draw(st.integers(0, len(line) - 1))
        lines[i] = line[:j] + draw(st.sampled_from(FLIPS)) + line[j + 1 :]
    elif kind == "indent":
        lines[i] = "  " + line
    elif kind in ("number", "list", "reserved"):
        pattern = {
            "number": r"(?<![\w.])-?\d+(?![\w.])",
            "list": r"(?<=: )[A-Za-z_][\w-]*\s*$",
            "reserved": r"(?<=: )[A-Za-z_][\w-]*",
        }.get(kind)
        found = [(n, m) for n, text_line in enumerate(lines) for m in re.finditer(pattern or "$^", text_line)]
        if found:
            n, m = draw(st.sampled_from(found))
            new = {
                "number": draw(st.sampled_from(NUMBERS)),
                "list": f"[{m.group().strip()}, x]",
                "reserved": draw(st.sampled_from(RESERVED)),
            }[kind]
            lines[n] = lines[n][: m.start()] + new + lines[n][m.end() :]
    return "\n".join(lines)


def _whist(*args: str) -> tuple[int, str]:
    """Run the real command in this process: (exit status, stderr). An exception escaping is the bug."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return code, err.getvalue()


def _commands(target: str, out: Path) -> list[tuple[str, ...]]:
    return [
        ("check", target),
        ("simulate", target, "--games", "2", "--seed", "1", "--jobs", "1"),
        ("show", target),
        ("rules", target, "--format", "md", "-o", str(out / "rules.md")),
        ("cards", target, "--lang", "sv", "--bids", "trump,plague,misery", "-o", str(out / "cards.pdf")),
        ("translate", "check", "sv", target),
    ]


def _run_all(target: str, out: Path, stop_if_not_loaded: bool) -> None:
    for command in _commands(target, out):
        code, err = _whist(*command)
        assert code in (0, 1), (command, code, err[-2000:])
        assert "Traceback" not in err, (command, err[-2000:])
        event(f"{command[0]}: exit {code}")  # (pytest --hypothesis-show-statistics)
        if command[0] == "check" and code == 1:
            assert re.search(r":\d+:\d+: ", err), err[-2000:]  # located
            if stop_if_not_loaded:
                return  # (the other commands load the same files and say the same)


RULE_FILES = sorted((ROOT / "bids" / "combo-whist").glob("*.yaml"))
TEXTS = {path.name: path.read_text(encoding="utf-8") for path in RULE_FILES}


@SETTINGS
@given(st.sampled_from(sorted(TEXTS)).flatmap(lambda name: st.tuples(st.just(name), mutations(TEXTS[name]))))
def test_a_mutated_rule_file_gives_a_result_or_a_message(tmp_path_factory: pytest.TempPathFactory, case) -> None:
    name, text = case
    folder = tmp_path_factory.mktemp("rules")
    for path in RULE_FILES:
        (folder / path.name).write_text(text if path.name == name else TEXTS[path.name], encoding="utf-8")
    _run_all(str(folder), folder, stop_if_not_loaded=True)


LOCALES = ["en/combo-whist.yaml", "sv/combo-whist.yaml", "sv/ui.yaml", "en/ui.yaml"]
LOCALE_TEXTS = {name: (ROOT / "locales" / name).read_text(encoding="utf-8") for name in LOCALES}


@pytest.fixture(scope="module")
def locale_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("locales") / "locales"
    shutil.copytree(ROOT / "locales", copy)
    return copy


@SETTINGS
@given(st.sampled_from(LOCALES).flatmap(lambda name: st.tuples(st.just(name), mutations(LOCALE_TEXTS[name]))))
def test_a_mutated_locale_gives_a_result_or_a_message(
    locale_copy: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory, case
) -> None:
    name, text = case
    monkeypatch.setattr(locale_module, "LOCALES_DIR", locale_copy)
    (locale_copy / name).write_text(text, encoding="utf-8")
    try:
        _run_all("combo-whist", tmp_path_factory.mktemp("out"), stop_if_not_loaded=False)
    finally:
        (locale_copy / name).write_text(LOCALE_TEXTS[name], encoding="utf-8")
