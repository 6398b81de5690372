"""No stranger's text reaches a terminal as a command (whist/output.py, rulespec/jsonsource.py).

A save whose option was named ``ESC[2J ESC[H ESC[32m replayed, no difference`` cleared the screen
and printed a forged verdict, because a JSON key went into a message as it was, and the terminal
stream let every CSI sequence through. Now every JSON file (records, saves, a client's message)
refuses a text holding a character no text may hold, at its place; and on a terminal only the
CSI sequences rich writes (colours, a progress bar's cursor moves) pass at all.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.controls import BIDI_CONTROLS, is_forbidden
from rulespec.errors import RuleError
from rulespec.jsonsource import parse_json
from whist.output import SafeStream

FORBIDDEN = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if is_forbidden(chr(c))] + sorted(BIDI_CONTROLS)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("where", ["key", "value", "nested key", "list item"])
@settings(max_examples=40, deadline=None, derandomize=True)
@given(ch=st.sampled_from(FORBIDDEN), before=st.text(max_size=5), after=st.text(max_size=5))
def test_a_json_text_with_a_forbidden_character_is_refused_where_it_stands(
    where: str, ch: str, before: str, after: str
) -> None:
    text = "".join(c for c in before + ch + after if not is_forbidden(c) or c == ch)
    data = {
        "key": {text: 1},
        "value": {"name": text},
        "nested key": {"deals": [{"scores": {text: 0}}]},
        "list item": {"players": [0, text]},
    }[where]
    document = json.dumps({"ruleset": "combo-whist", **data}, ensure_ascii=True)
    with pytest.raises(RuleError) as info:
        parse_json(document, "save.json", "a JSON record")
    error = info.value
    assert error.message == f"a text holds the control character U+{ord(ch):04X}"
    assert error.position is not None and error.position.line == 1
    escaped = json.dumps(ch)[1:-1]  # (how the file writes it, e.g. \\u001b)
    assert document[error.position.column - 1 :].lower().startswith(escaped.lower())


def test_plain_json_passes() -> None:
    assert parse_json('{"a": ["tab\\tand\\nnewline", "ok"]}', "x.json") == {"a": ["tab\tand\nnewline", "ok"]}


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("\x1b[1;31mred\x1b[0m", "\x1b[1;31mred\x1b[0m"),  # rich's colours
        ("\x1b[2K\x1b[1A\x1b[?25l\x1b[?25h", "\x1b[2K\x1b[1A\x1b[?25l\x1b[?25h"),  # a progress bar's moves
        ("\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H"),  # clear the screen, cursor home: never
        ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),  # a window title (OSC): never
        ("\u202eevil", "\\u202eevil"),  # a bidi override
    ],
)
def test_on_a_terminal_only_riches_sequences_pass(written: str, shown: str) -> None:
    terminal = _Terminal()
    SafeStream(terminal).write(written)
    assert terminal.getvalue() == shown
    piped = io.StringIO()
    SafeStream(piped).write(written)
    assert "\x1b" not in piped.getvalue()  # off a terminal, nothing passes
