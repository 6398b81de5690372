"""``whist play`` on a plain terminal: no emphasis nobody meant, and no box drawing on ``TERM=dumb``.

rich's automatic highlighting coloured every number and quoted word of the play screen (a seat's
number, a rank, ``'pass'`` in the prompt) bold cyan or green: emphasis the screen never meant. And
on ``TERM=dumb`` (a terminal that draws nothing but ASCII) the dealer's line and the ``?`` table
were drawn with ``─┏━┳``. The class: through a real pseudo-terminal, a deal's bidding screen and
its ``?`` table show no highlighter's colour on a colour terminal, and no box-drawing character
on a dumb one, in English and Swedish.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parent.parent
#: rich's highlighter styles: a number bold cyan, a quoted word green (bold inside a bold prompt).
#: (The help's own cyan, not bold, is meant.)
HIGHLIGHTED = re.compile(r"\x1b\[1;36m|\x1b\[(?:1;)?32m")
BOX_DRAWING = re.compile("[\u2500-\u257f]")
PROMPT = {"en": "Your bid", "sv": "Ditt bud"}


def bidding_screen(term: str, lang: str, save: Path) -> str:
    """What the terminal gets from the start to the bid prompt, then ``?`` and its table."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR")}
    env.update({"TERM": term, "WHIST_LANG": lang})
    args = ["-m", "whist", "play", "--seed", "3", "--seat", "3", "--agents", "random", "--save", str(save)]
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), dimensions=(24, 80), env=env, encoding="utf-8")
    try:
        child.expect(PROMPT[lang], timeout=60)
        shown = child.before + child.after
        child.sendline("?")
        child.expect(PROMPT[lang], timeout=60)
        return shown + child.before
    finally:
        child.close(force=True)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_highlighters_colour_on_a_colour_terminal(lang: str, tmp_path: Path) -> None:
    shown = bidding_screen("xterm-256color", lang, tmp_path / "save.json")
    assert "\x1b[" in shown  # (a colour terminal: the screen's own styles are there)
    assert not HIGHLIGHTED.findall(shown), repr(shown[:3000])


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_box_drawing_on_a_dumb_terminal(lang: str, tmp_path: Path) -> None:
    shown = bidding_screen("dumb", lang, tmp_path / "save.json")
    assert "+--" in shown or "+==" in shown or "|" in shown  # (the ? table is there, in ASCII)
    assert not BOX_DRAWING.findall(shown), shown
