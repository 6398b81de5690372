"""The progress bar redraws itself on a terminal, in the chosen language (whist/output.py, whist/studycli.py).

On a terminal ``whist simulate`` printed ``\\x0d\\x1b[2Ksimulating …57%\\x0d…``: the safe stream let
rich's CSI sequences pass but showed the carriage return before them as the text ``\\x0d``, so the
bar never went back to the start of its line, and the summary's first line began with it. A
carriage return before a sequence rich writes now passes with it (it does no more than the
``ESC[G`` that passes already); a bare one, or one off a terminal, is still shown as ``\\x0d``.
The bar's word and what Ctrl-C says ("simulating", "deals", "stopped") were English under ``--lang sv``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from tests.test_terminal_safety import _Terminal
from whist.output import SafeStream

ROOT = Path(__file__).resolve().parent.parent
ENV = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}, "TERM": "xterm"}
#: The commands with a progress bar (whist simulate's own; duel and balance share studycli.playing).
BARS = {
    "simulate": ["simulate", "--games", "40", "--jobs", "1"],
    "duel": ["duel", "random", "random", "--deals", "20", "--jobs", "1"],
    "balance": ["balance", "--deals", "10", "--jobs", "1"],
}
WORDS = {
    "en": {"simulate": "simulating", "duel": "deals", "balance": "deals"},
    "sv": {"simulate": "simulerar", "duel": "givar", "balance": "givar"},
}


def _on_a_terminal(args: list[str], language: str) -> str:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "whist", *args, "--lang", language],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 100),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("command", sorted(BARS))
def test_the_bar_goes_back_to_the_start_of_its_line_in_the_chosen_language(command: str, language: str) -> None:
    shown = _on_a_terminal(BARS[command], language)
    assert "\\x0d" not in shown and "\\x1b" not in shown  # nothing of rich's written as text
    word = WORDS[language][command]
    assert f"\r\x1b[2K{word} " in shown  # the bar's redraw: to the start of the line, erase it, the word
    others = {w for lang, words in WORDS.items() if lang != language for w in words.values()} - {word}
    assert not any(f"\x1b[2K{other} " in shown for other in others)


def test_ctrl_c_says_stopped_in_the_chosen_language() -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "whist", "simulate", "--games", "100000", "--jobs", "1", "--lang", "sv"],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=60,
    )
    child.expect("simulerar")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 or child.signalstatus is not None
    assert "avbrutet" in str(child.before) and "stopped" not in str(child.before)


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("\r\x1b[2Kbar", "\r\x1b[2Kbar"),  # rich's redraw: back to the start, erase the line
        ("\r\x1b[1A\x1b[2K", "\r\x1b[1A\x1b[2K"),  # rich's last clear (up a line, erase it)
        ("forged\rok", "forged\\x0dok"),  # a bare carriage return: never
        ("forged\r\x1b[2J", "forged\\x0d\\x1b[2J"),  # nor one before a sequence that never passes
    ],
)
def test_a_carriage_return_passes_only_before_a_sequence_rich_writes(written: str, shown: str) -> None:
    terminal = _Terminal()
    SafeStream(terminal).write(written)
    assert terminal.getvalue() == shown
