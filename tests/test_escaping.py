"""Text from files and from input reaches the terminal, rich, Markdown and HTML as written.

Issue 15 §4 and §1: every test drives the real ``whist`` command (a subprocess) on a house
rule written in ``tmp_path`` whose locale file holds the hostile text. Expectations come from
the rule: a text shows as written, adds no structure and never a control sequence; control
characters in a rule or locale file are located errors; placeholders are ``{name}`` only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HOUSE = """\
ruleset: house
version: 1.0.0
extends: combo-whist
bids:
  - id: lucky
    kind: special
    worth: 1
    incompatible: [zero]
    params: {sevens: 2}
    requires: count(declarer.won, card.rank == "7") >= sevens
"""


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "WHIST_"))}
    env.update({"LANG": "C", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"})
    return subprocess.run(
        [sys.executable, "-m", "whist", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=120,
    )


def house(tmp_path: Path, texts: str, rule: str = HOUSE) -> Path:
    """A house rule with an English locale file holding ``texts`` (YAML) under ``bids.lucky``."""
    (tmp_path / "house.yaml").write_text(rule, encoding="utf-8")
    folder = tmp_path / "locales" / "en"
    folder.mkdir(parents=True)
    (folder / "house.yaml").write_text("language: en\nruleset: house\nbids:\n  lucky:\n" + texts, encoding="utf-8")
    return tmp_path / "house.yaml"


def clean(result: subprocess.CompletedProcess) -> None:
    """No traceback, and no control character but newline and tab, on either stream."""
    both = result.stdout + result.stderr
    assert "Traceback" not in both
    assert not [ch for ch in both if (ord(ch) < 32 and ch not in "\n\t") or 0x7F <= ord(ch) <= 0x9F], both


def test_rich_markup_in_a_bid_name_prints_as_written(tmp_path):
    path = house(tmp_path, '    name: "Lucky [/bold] [red]Sevens"\n    short: Take {sevens} sevens\n')
    result = run("show", str(path), "--lang", "en")
    clean(result)
    assert result.returncode == 0, result.stderr
    assert "Lucky [/bold] [red]Sevens" in result.stdout


def test_markup_typed_at_the_play_prompt_is_refused_as_input_not_as_markup(tmp_path):
    save = tmp_path / "save.json"
    result = run("play", "--seed", "3", "--lang", "en", "--save", str(save), stdin="[/yellow]\n[/bold]\n")
    clean(result)
    assert "[/yellow]" in result.stdout and "[/bold]" in result.stdout  # echoed back in the refusal
    assert result.returncode == 1 and "Resume with" in result.stderr  # ended by the end of input, not a crash


def test_a_newline_in_a_bid_name_does_not_break_the_markdown_table(tmp_path):
    path = house(tmp_path, '    name: "Lucky\\n# Heading | cell"\n    short: Take {sevens} sevens\n')
    result = run("rules", str(path), "--lang", "en", "--format", "md")
    clean(result)
    assert result.returncode == 0, result.stderr
    [row] = [line for line in result.stdout.splitlines() if "Lucky" in line]
    assert row.startswith("| Lucky # Heading \\| cell |")  # one row, the bar is no cell border
    assert not [line for line in result.stdout.splitlines() if line.startswith("# Heading")]


def test_html_escapes_texts(tmp_path):
    path = house(tmp_path, '    name: "<script>alert(1)</script>"\n    short: Take {sevens} sevens\n')
    result = run("rules", str(path), "--lang", "en", "--format", "html")
    clean(result)
    assert "<script>" not in result.stdout and "&lt;script&gt;alert(1)&lt;/script&gt;" in result.stdout


@pytest.mark.parametrize(
    ("escape", "shown"),
    [
        ("\\e]0;owned\\a", "5:18: the control character U+001B (ESC)"),
        ("\\x9b2J", "5:18: the control character U+009B"),
        ("\\u202e", "5:18: the control character U+202E"),
        ("\\r", "5:18: the control character U+000D"),
    ],
)
def test_control_characters_in_a_locale_file_are_located_errors(tmp_path, escape, shown):
    path = house(tmp_path, f'    name: "Lucky {escape} Sevens"\n')
    for args in (("check", str(path)), ("show", str(path), "--lang", "en")):
        result = run(*args)
        clean(result)
        assert result.returncode == 1
        assert f"house.yaml:{shown}" in result.stderr and "U+" in result.stderr


def test_control_characters_in_a_rule_file_are_located_errors(tmp_path):
    path = house(tmp_path, "    name: Lucky\n", HOUSE.replace("version: 1.0.0", 'version: "1.0.0\\u2066"'))
    result = run("check", str(path))
    clean(result)
    assert result.returncode == 1 and "house.yaml:2:16: the control character U+2066" in result.stderr


def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path):
    result = run("check", str(tmp_path / "evil\x1b]0;title\x07.yaml"))
    clean(result)
    assert result.returncode == 1 and "evil\\x1b]0;title\\x07.yaml" in result.stderr


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("Take {sevens.__class__.__mro__}", "6:17", "malformed placeholder: '{sevens.__class__.__m…}' is not"),
        ("Take {sevens:█>1000000000}", "6:17", "malformed placeholder"),
        ("Take {sevens!r}", "6:17", "malformed placeholder"),
        ("Take {hearts} sevens", "6:18", "unknown placeholder '{hearts}'"),
    ],
)
def test_locale_texts_are_not_format_strings(tmp_path, text, where, message):
    path = house(tmp_path, f"    name: Lucky\n    short: {text}\n")
    for args in (("check", str(path)), ("show", str(path), "--lang", "en"), ("rules", str(path), "--format", "md")):
        result = run(*args)
        clean(result)
        assert result.returncode == 1, args
        assert f"house.yaml:{where}: {message}" in result.stderr, result.stderr
        assert "object" not in result.stdout + result.stderr  # nothing of Python's internals


def test_reportlab_paragraph_markup_in_a_text_prints_as_written(tmp_path):
    from pypdf import PdfReader

    text = "<b>x</b> & <font name='Nope'>y</font>"
    path = house(tmp_path, f'    name: Lucky\n    short: "{text}"\n    rules: "{text}"\n')
    out = tmp_path / "cards.pdf"
    result = run("cards", str(path), "--lang", "en", "--bids", "lucky", "-o", str(out))
    clean(result)
    assert result.returncode == 0, result.stderr
    shown = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "<b>x</b>" in " ".join(shown.split()) and "&" in shown
