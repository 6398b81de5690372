"""A JSON file from a stranger with a number of thousands of digits is refused at its place.

Python converts at most 4,300 digits and then says so in words about its own settings ("use
sys.set_int_max_str_digits() to increase the limit"), without a place; a record or save with such
a number got that message. Every reader goes through :func:`rulespec.jsonsource.parse_json`
(tests/test_json_duplicates.py), which now refuses a number longer than any number a document
holds (``MAX_NUMBER_CHARS``) before converting it, at ``file:line:col`` like any other problem.
The class: any long number at any depth, the same digits inside a string before it, and every
command that reads a stranger's JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.controls import BIDI_CONTROLS
from rulespec.errors import RuleError
from rulespec.jsonsource import parse_json
from rulespec.numbers import MAX_NUMBER_CHARS
from tests.test_translate_cli import whist

#: Texts a JSON file may hold (a control or bidi character is refused on its own: tests/test_terminal_safety.py).
CHARS = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters=BIDI_CONTROLS)
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.text(CHARS, max_size=8))
DOCS = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(CHARS, max_size=4), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(DOCS, st.integers(MAX_NUMBER_CHARS + 1, 20_000), st.booleans(), st.integers(0, 3), st.sampled_from([None, 1]))
def test_a_number_too_long_is_named_at_its_place(
    doc: Any, digits: int, negative: bool, depth: int, indent: Any
) -> None:
    number = ("-" if negative else "") + "7" * digits
    holder: Any = {"before": doc, "said": f"x {number}", "n": "\u0000HERE\u0000"}
    for _ in range(depth):
        holder = [doc, holder]
    text = json.dumps(holder, indent=indent).replace('"\\u0000HERE\\u0000"', number, 1)
    with pytest.raises(RuleError) as caught:
        parse_json(text, "doc.json")
    error = caught.value
    assert error.message == f"a number of {digits} digits: a number has at most {MAX_NUMBER_CHARS}"
    at = text.index(f'"n": {number}') + len('"n": ')
    assert error.position is not None
    assert (error.position.line, error.position.column) == (
        text.count("\n", 0, at) + 1,
        at - (text.rfind("\n", 0, at) + 1) + 1,
    )
    assert parse_json(text.replace(number, "7" * MAX_NUMBER_CHARS), "doc.json") is not None  # (long, but not too long)


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_every_command_reading_a_strangers_json_says_where(tmp_path: Path, capsys, command: list[str]) -> None:
    path = tmp_path / "game.json"
    # (a save by its format's name, broken: a file that is no save at all is a usage error for play)
    path.write_text('{\n  "seed": ' + "1" * 100_000 + ',\n  "format": "whist-rules/record"\n}\n', encoding="utf-8")
    code, _, err = whist(capsys, *command, str(path))
    assert code == 1
    assert f"game.json:2:11: a number of 100000 digits: a number has at most {MAX_NUMBER_CHARS}" in err
    assert "set_int_max_str_digits" not in err and len(err) < 2000  # (the line is shortened)
