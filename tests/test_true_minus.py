"""Every text shows a negative number with a true minus sign (−5), never a hyphen (-5).

The README promises it; the general rules said "below -5", ``whist diff`` "rank -3 → -2".
Numbers reach a text as a placeholder's value (:func:`rulespec.placeholders.fill`, through
:func:`rulespec.numbers.shown_number`), so the class is checked where they are formatted (every
label of both languages, any negative value of any kind) and then in what each command prints.

In printed text a hyphen is a minus only where it starts a number: after a space, a bracket,
a colon or the line's start. "1-5", "2026-11-26" and "--seed" are not negatives: a letter,
digit, period, slash or hyphen comes before them.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.numbers import MINUS, shown_number
from rulespec.placeholders import fill, parse
from whist.cli import cli

#: A hyphen-minus that starts a number: the mistake this file is about.
HYPHEN_NUMBER = re.compile(r"(?<![\w./\-])-\d")

NEGATIVES = st.one_of(
    st.integers(max_value=-1, min_value=-(10**12)),
    st.fractions(max_value=Fraction(-1, 100), max_denominator=100),
    st.floats(max_value=-0.01, min_value=-1e6, allow_nan=False),
    st.integers(max_value=-1, min_value=-999).map(str),  # a number the code made text first
)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(value=NEGATIVES)
def test_a_negative_value_is_placed_with_a_true_minus(value: object) -> None:
    text = fill("below {n} points", {"n": value})
    assert text == f"below {MINUS}{str(value).removeprefix('-')} points"
    assert not HYPHEN_NUMBER.search(text)


def test_other_values_keep_their_hyphens() -> None:
    """Only a number is typeset: a name, a date or a range given as a value stays as written."""
    for value in ("x-1", "2026-11-26", "1-5", "-x", "--seed", "a -1 b", True):
        assert shown_number(value) == str(value)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_label_places_negative_numbers_with_a_true_minus(lang: str) -> None:
    texts = load_texts(load_ruleset("combo-whist"), lang)
    labels = texts.data["labels"]
    filled = 0
    for name, text in labels.items():
        names = parse(str(text)).names
        if not names:
            continue
        said = texts.label(name, **dict.fromkeys(names, -7))
        assert f"{MINUS}7" in said and not HYPHEN_NUMBER.search(said), (name, said)
        filled += 1
    assert filled > 100  # (the labels were read: not a vacuous pass)


COMMANDS = [
    ["rules", "combo-whist", "--format", "md"],
    ["rules", "bids/examples/club-rules.yaml", "--format", "html"],
    ["rules", "combo-whist@1.0.0", "--format", "md"],
    ["show", "combo-whist"],
    ["show", "combo-whist@1.3.0"],
    ["diff", "combo-whist@1.0.0", "combo-whist"],
    ["diff", "combo-whist@1.3.0", "combo-whist@1.4.0"],
    ["diff", "combo-whist", "bids/examples/club-rules.yaml"],
    ["simulate", "combo-whist", "--games", "2", "--seed", "1", "--jobs", "1"],
    ["balance", "combo-whist", "--deals", "12", "--seed", "1", "--agents", "random", "--jobs", "1"],
    ["duel", "random", "random", "combo-whist", "--deals", "6", "--seed", "1", "--jobs", "1"],
]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(c[:2]))
def test_no_command_prints_a_hyphen_for_a_minus(command: list[str], lang: str) -> None:
    result = CliRunner().invoke(cli, [*command, "--lang", lang], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    found = HYPHEN_NUMBER.findall(result.stdout)
    assert not found, [line for line in result.stdout.splitlines() if HYPHEN_NUMBER.search(line)][:5]
    if command[0] in ("rules", "diff") and "club" not in command[-1]:
        assert MINUS in result.stdout  # (negative numbers were shown: the check is not vacuous)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_cards_print_no_hyphen_for_a_minus(lang: str, tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(cli, ["cards", "combo-whist", "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(out).pages)
    assert MINUS in text and not HYPHEN_NUMBER.search(text)
