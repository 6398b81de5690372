"""What ``whist`` writes: sanitised for the terminal, and files written whole or not at all.

Text that reaches the terminal can come from a stranger: a file name, a line typed at a
prompt, a command-line value. Rule and locale files refuse control characters when they are
read (:mod:`rulespec.controls`); this module is the net under everything else:

- :func:`visible` turns control characters (C0 but tab and newline, DEL, C1, bidi overrides)
  into a visible ``\\x1b``-style escape;
- :class:`SafeStream` wraps standard output and error (see :func:`install`) so that every write
  goes through :func:`visible`. On a terminal, the CSI sequences rich writes pass (colours,
  a progress bar's cursor moves: :data:`_CSI`); a stranger's text is refused where it is read
  (rule and locale files, and every JSON file: :mod:`rulespec.jsonsource`) before it comes this far.
  OSC sequences (window titles, clipboard writes) and everything else never pass;
- a stream whose encoding cannot hold a character (``PYTHONIOENCODING=ascii``, a latin-1
  terminal) gets a readable stand-in instead of an error (:func:`stand_in`): a suit symbol as
  its letter in the chosen language (:func:`use_suit_letters`), a dash or minus sign as ``-``,
  a letter with an accent as the letter (``å`` → ``a``), anything else as ``?``; and on any stream,
  when asked (``whist play --suit-letters``: :func:`show_suit_letters`), a suit symbol as its letter.

Files are written with :func:`rulespec.atomic.write_atomically` (whole or not at all).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from typing import IO, Any, NoReturn

from rulespec.controls import is_forbidden

#: A CSI sequence of the kinds rich writes (colours and styles ``m``; a progress bar's cursor up,
#: down, across and to a column ``A``-``D``, ``G``; erasing a line ``K``; hiding and showing the
#: cursor ``?25l``/``?25h``): kept on terminals only. Any other — clearing the screen, moving the
#: cursor home — never passes, even if a stranger's text should bring an ESC this far.
#: A carriage return before one is rich's redraw of a progress bar (``\r\x1b[2K``): it does no
#: more than the ``G`` (to a column) the pattern already lets through, so it passes with it.
_CSI = re.compile(r"\r?\x1b\[(?:[0-9;]*[mABCDGK]|\?25[lh])")

#: Stand-ins for characters an output's encoding cannot hold (all ASCII, which every encoding holds).
#: The suits' English letters until a command has chosen its language (:func:`use_suit_letters`).
_GENERIC_STAND_INS = {
    **dict.fromkeys("\u2212\u2010\u2011\u2012\u2013\u2014\u2015", "-"),  # minus, hyphens, dashes
    **dict.fromkeys("\u2018\u2019\u201a", "'"),
    **dict.fromkeys("\u201c\u201d\u201e", '"'),
    "\u2026": "...",
    "\u00a0": " ",
    "\u2192": "->",
    "\u2190": "<-",
    **dict.fromkeys("♣♧", "C"),  # the suits' ids, until the chosen language's letters replace them
    **dict.fromkeys("♦♢", "D"),
    **dict.fromkeys("♥♡", "H"),
    **dict.fromkeys("♠♤", "S"),
}
_stand_ins = dict(_GENERIC_STAND_INS)
#: The suit symbols that have a letter (the generic ones and those :func:`use_suit_letters` was given).
_suit_symbols = set("♣♧♦♢♥♡♠♤")
#: Whether every suit symbol is written as its letter, whatever the output can encode (:func:`show_suit_letters`).
_letters_always = [False]


def use_suit_letters(letters: dict[str, str]) -> None:
    """Show each suit symbol (key) an output cannot encode as the chosen language's letter for the
    suit (value: Swedish ``K`` for ♣), as a person types it in ``whist play``; a symbol not given
    as the suit's id (``C``). A letter outside ASCII is not used (an encoding that lacks the symbol
    may lack it too)."""
    _stand_ins.clear()  # (a command run after another in one process: tests) starts from the generic ones
    _stand_ins.update(_GENERIC_STAND_INS)
    _stand_ins.update({symbol: letter for symbol, letter in letters.items() if letter.isascii() and letter})
    _suit_symbols.update(symbol for symbol in letters if len(symbol) == 1)


def show_suit_letters(on: bool = True) -> None:
    """Write every suit symbol as the chosen language's letter for it (``whist play --suit-letters``),
    on any output: for a terminal or a screen reader that shows or says no ♣♦♥♠, without narrowing the
    encoding (``PYTHONIOENCODING=ascii`` did it too, but also wrote Swedish å ä ö as a a o)."""
    _letters_always[0] = on


def suit_letters_shown() -> bool:
    """Whether :func:`show_suit_letters` is on (a resume command carries ``--suit-letters`` on)."""
    return _letters_always[0]


def suit_letters(text: str) -> str:
    """``text`` with its suit symbols as letters, when :func:`show_suit_letters` is on."""
    if not _letters_always[0] or not any(symbol in text for symbol in _suit_symbols):
        return text
    return "".join(_stand_ins[ch] if ch in _suit_symbols and ch in _stand_ins else ch for ch in text)


def stand_in(ch: str) -> str:
    """What is shown for ``ch`` where the output's encoding cannot hold it (always ASCII)."""
    if ch in _stand_ins:
        return _stand_ins[ch]
    base = unicodedata.normalize("NFKD", ch)[:1]  # å -> a + ring: the letter without its accent
    return base if base.isascii() and base.isprintable() and base else "?"


def _stand_ins_for(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(stand_in(ch) for ch in error.object[error.start : error.end]), error.end


codecs.register_error("whist-stand-in", _stand_ins_for)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character shown as an escape (tab and newline kept)."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) if is_forbidden(ch) else ch for ch in text)


def _narrow_encoding(raw: IO[str]) -> str | None:
    """The encoding of ``raw`` if it cannot hold every character (None for UTF-8 and for a
    stream of str with no encoding, such as :class:`io.StringIO`)."""
    encoding = getattr(raw, "encoding", None)
    if not isinstance(encoding, str):
        return None
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return None
    return None if name.startswith("utf") else name


class SafeStream:
    """A text stream that passes writes through :func:`visible` (CSI kept on a terminal), with a
    stand-in (:func:`stand_in`) for each character its encoding cannot hold.

    It has no ``buffer``: click writes to the bytes under a stream whose encoding is ASCII, which
    would go around this one; without it, click writes here as everyone else does."""

    def __init__(self, raw: IO[str]) -> None:
        self._raw = raw
        try:
            self._terminal = raw.isatty()
        except (AttributeError, ValueError, OSError):
            self._terminal = False
        self._encoding = _narrow_encoding(raw)

    def write(self, text: str) -> int:
        if self._terminal and "\x1b[" in text:
            pieces, last = [], 0
            for match in _CSI.finditer(text):
                pieces.append(visible(text[last : match.start()]))
                pieces.append(match.group())
                last = match.end()
            pieces.append(visible(text[last:]))
            shown = "".join(pieces)
        else:
            shown = visible(text)
        shown = suit_letters(shown)
        if self._encoding is not None and not shown.isascii():
            shown = shown.encode(self._encoding, "whist-stand-in").decode(self._encoding)
        self._raw.write(shown)
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding, …
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self._raw, name)


def install() -> None:
    """Route ``sys.stdout`` and ``sys.stderr`` through :class:`SafeStream` (once). Standard input
    in an encoding that cannot hold every character reads what it cannot decode as U+FFFD (a
    line typed in UTF-8 at an ASCII prompt is then not understood, rather than a traceback)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, SafeStream):
            setattr(sys, name, SafeStream(stream))
    if sys.stdin is not None and _narrow_encoding(sys.stdin) is not None:
        with contextlib.suppress(AttributeError, ValueError):
            sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]


def end_quietly_on_closed_pipe() -> NoReturn:
    """The reader of standard output went away (``whist show | head -1``): stop without a word,
    with status 0. (The status a command that finished its writing before the reader went has:
    which of the two happens is a race, so the status cannot tell them apart without being random.)

    Standard output is pointed at the null device first, so the interpreter's last flush at
    exit does not complain about the closed pipe."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


def end_on_write_failure(exc: OSError) -> NoReturn:
    """A write failed (a full disk, ``/dev/full``): say so on standard error, exit 1, no traceback."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # what is left in the buffer can never be written
    with contextlib.suppress(OSError, ValueError):
        target = exc.filename or "standard output"
        sys.stderr.write(f"error: cannot write {visible(str(target))}: {exc.strerror or exc}\n")
        sys.stderr.flush()
    sys.exit(1)


def stop_on_hangup() -> None:
    """SIGTERM and SIGHUP (``kill``, a closed terminal) stop a command as Ctrl-C does: a
    :class:`KeyboardInterrupt` in this process, so that ``whist play`` keeps its save, removes its
    lock and says how to resume, and every command ends with Ctrl-C's status. A process forked from
    this one (a pool's worker, which its pool ends with SIGTERM) dies of the signal as before."""
    import signal

    main = os.getpid()

    def interrupt(signum: int, frame: object) -> None:
        if os.getpid() != main:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:  # (Windows has no SIGHUP)
            signal.signal(number, interrupt)


def run_safely(main: Callable[[list[str] | None], None], argv: list[str] | None) -> None:
    """Run a command's ``main`` with printed text made safe (:func:`install`) and SIGTERM and SIGHUP
    taken as Ctrl-C (:func:`stop_on_hangup`); a failed write to standard output (a full disk,
    ``/dev/full``) is an error with exit status 1, and a closed pipe (``whist show | head -1``)
    ends the command quietly."""
    install()
    stop_on_hangup()
    try:
        try:
            main(argv)
        finally:
            sys.stdout.flush()  # a full disk shows here, before the exit status is decided
    except BrokenPipeError:
        end_quietly_on_closed_pipe()
    except OSError as exc:
        end_on_write_failure(exc)
    except SystemExit as exc:
        if _ended_on_closed_pipe(exc):
            end_quietly_on_closed_pipe()
        raise


def _ended_on_closed_pipe(exc: SystemExit) -> bool:
    """Whether a library ended the command on a closed pipe with its own status 1: rich exits while
    it handles the BrokenPipeError (so that is the exit's context); click catches the error, wraps the
    standard streams in its ``PacifyFlushWrapper`` and exits after."""
    if isinstance(exc.__context__, BrokenPipeError):
        return True
    utils = sys.modules.get("click.utils")
    wrapper = getattr(utils, "_PacifyFlushWrapper", None)  # (its public name is deprecated in click 8.3)
    return isinstance(wrapper, type) and isinstance(sys.stdout, wrapper)
