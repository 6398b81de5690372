"""``whist rules`` with neither -o nor --format writes Markdown to standard output, as its help says.

It used to be refused ("say which format"), though the help promised Markdown and HTML on standard
output when -o is left out. A PDF still needs -o; with -o the format is the name's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from whist.cli import cli


@pytest.mark.parametrize("ruleset", ["combo-whist", "christmas-whist"])
def test_no_format_and_no_output_prints_markdown(ruleset: str) -> None:
    plain = CliRunner().invoke(cli, ["rules", ruleset, "--lang", "en"])
    asked = CliRunner().invoke(cli, ["rules", ruleset, "--lang", "en", "--format", "md"])
    assert plain.exit_code == 0, plain.output
    assert plain.output.startswith("# ") and plain.output == asked.output


def test_a_pdf_still_needs_an_output_file() -> None:
    result = CliRunner().invoke(cli, ["rules", "--format", "pdf"])
    assert result.exit_code == 2 and "-o FILE.pdf" in result.output


def test_with_output_the_suffix_decides(tmp_path: Path) -> None:
    out = tmp_path / "rules.html"
    result = CliRunner().invoke(cli, ["rules", "--lang", "en", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_the_help_says_so() -> None:
    result = CliRunner().invoke(cli, ["rules", "--help"])
    assert "Markdown without -o" in result.output
