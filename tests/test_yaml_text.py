"""A text a command writes into a locale file is read back as the same text (rulespec.localeedit.yaml_text).

JSON's string syntax left U+2028, U+2029 and U+0085 as they are, and YAML reads them as line
breaks: an imported translation holding one was read back with a space in its place (and marked
reviewed), and the file's lines shifted for every later edit. Checked for every text.
"""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.localeedit import yaml_text

BREAKS = st.sampled_from(["\u2028", "\u2029", "\x85", "\n", "\r", "\r\n", "\t", '"', "\\", "#", ": "])


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.text(max_size=6) | BREAKS, max_size=8).map("".join))
def test_a_written_text_is_read_back_as_it_was(text: str) -> None:
    written = yaml_text(text)
    assert "\n" not in written and "\u2028" not in written and "\x85" not in written  # one line
    assert yaml.safe_load(f"key: {written}\n")["key"] == text
