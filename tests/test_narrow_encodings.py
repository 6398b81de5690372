"""Every command writes what its output's encoding can hold (whist/output.py: SafeStream).

``PYTHONIOENCODING=ascii whist show`` (or latin-1, or ``--lang sv``) ended in a UnicodeEncodeError
traceback at the first '−', '—', '♣' or 'å'; and under ASCII, click wrote around the safe stream
(to the bytes beneath it), control characters and all. Now a character the encoding cannot hold
is shown by a readable stand-in: a suit by the language's letter for it (Swedish ``K`` for ♣),
a dash or minus sign by ``-``, a letter with an accent by the letter, anything else by ``?``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from whist.commands import LAZY_COMMANDS
from whist.output import SafeStream, use_suit_letters

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "tests" / "scenarios" / "game-limited-win.yaml"

#: Each ``whist`` command with small arguments: (name, arguments, standard input). ``{tmp}`` is a
#: folder of the test's own. Two for play: a new game saved, then resumed.
COMMANDS: list[tuple[str, list[str], str]] = [
    ("analyze", ["analyze", "combo-whist", "--players", "4"], ""),
    ("balance", ["balance", "--deals", "2"], ""),
    ("cards", ["cards", "--bids", "misery", "-o", "{tmp}/cards.pdf"], ""),
    ("check", ["check", "combo-whist"], ""),
    ("diff", ["diff", "combo-whist@1.4.2", "combo-whist"], ""),
    ("duel", ["duel", "random", "heuristic", "--deals", "2"], ""),
    ("play", ["play", "--seed", "7", "--save", "{tmp}/save.json"], "pass\n10\u2660\n"),
    ("play", ["play", "--resume", "{tmp}/save.json"], "pass\n"),
    ("replay", ["replay", str(SCENARIO)], ""),
    ("rules", ["rules"], ""),
    ("schema", ["schema"], ""),
    ("show", ["show", "--ids"], ""),
    ("simulate", ["simulate", "--games", "2", "--jobs", "1"], ""),
    ("translate", ["translate", "status", "sv"], ""),
]


def test_the_list_holds_every_command() -> None:
    from whist.cli import cli

    assert {name for name, _, _ in COMMANDS} == {*LAZY_COMMANDS, *cli.commands}


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_command_runs_without_a_traceback_on_a_narrow_encoding(
    encoding: str, language: str, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "WHIST_LANG": language, "COLUMNS": "80"}
    for name, args, stdin in COMMANDS:
        argv = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
        done = subprocess.run(
            [sys.executable, "-m", "whist", *argv],
            input=stdin.encode("utf-8"),
            capture_output=True,
            cwd=tmp_path,
            env=env,
            timeout=60,
        )
        err = done.stderr.decode(encoding)
        assert done.returncode in (0, 1, 2), (name, done.returncode, err)
        assert "Traceback" not in err, (name, err)
        done.stdout.decode(encoding)  # the bytes are the encoding's (a UnicodeDecodeError fails here)
        assert "\\u" not in done.stdout.decode(encoding), name  # stand-ins, not escapes


def _written(text: str, encoding: str) -> str:
    raw = io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict", write_through=True)
    SafeStream(raw).write(text)
    return raw.buffer.getvalue().decode(encoding)  # type: ignore[attr-defined]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252", "koi8-r"])
def test_a_character_the_encoding_cannot_hold_gets_a_readable_stand_in(encoding: str) -> None:
    use_suit_letters({})  # the generic stand-ins (whatever language a test before this one chose)
    stand_ins = {"−": "-", "—": "-", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "å": "a", "✓": "?"}

    def expected(ch: str) -> str:
        try:
            ch.encode(encoding)
        except UnicodeEncodeError:
            return stand_ins[ch]
        return ch  # what the encoding holds is written as it is

    text = "A − B — 10♠ Q♥ K♦ 3♣: kombinationsbudets rång ✓"
    assert _written(text, encoding) == "".join(expected(ch) if ch in stand_ins else ch for ch in text)


def test_the_chosen_languages_suit_letters_stand_in_for_the_symbols() -> None:
    try:
        use_suit_letters({"♣": "K", "♦": "R"})  # Swedish: klöver, ruter
        assert _written("3♣ E♦ 2♠", "ascii") == "3K ER 2S"
        use_suit_letters({"♠": "S"})  # another language after it: none of the first one's letters stay
        assert _written("3♣ E♦ 2♠", "ascii") == "3C ED 2S"
    finally:
        use_suit_letters({})


def test_click_writes_through_the_safe_stream_under_ascii() -> None:
    """click writes to the bytes under a text stream whose encoding is ASCII; the safe stream
    has none to offer, so a control character is still escaped and '−' stood in for."""
    code = "from whist.output import install; install()\nimport click; click.echo('a\\x1b]0;title\\x07 \\u2212 b')\n"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env={**os.environ, "PYTHONIOENCODING": "ascii"}, timeout=30
    )
    assert done.stdout == b"a\\x1b]0;title\\x07 - b\n"
