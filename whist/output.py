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
  OSC sequences (window titles, clipboard writes) and everything else never pass.

Files are written with :func:`rulespec.atomic.write_atomically` (whole or not at all).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable
from typing import IO, Any, NoReturn

from rulespec.controls import is_forbidden

#: A CSI sequence of the kinds rich writes (colours and styles ``m``; a progress bar's cursor up,
#: down, across and to a column ``A``-``D``, ``G``; erasing a line ``K``; hiding and showing the
#: cursor ``?25l``/``?25h``): kept on terminals only. Any other — clearing the screen, moving the
#: cursor home — never passes, even if a stranger's text should bring an ESC this far.
_CSI = re.compile(r"\x1b\[(?:[0-9;]*[mABCDGK]|\?25[lh])")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character shown as an escape (tab and newline kept)."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) if is_forbidden(ch) else ch for ch in text)


class SafeStream:
    """A text stream that passes writes through :func:`visible` (CSI kept on a terminal)."""

    def __init__(self, raw: IO[str]) -> None:
        self._raw = raw
        try:
            self._terminal = raw.isatty()
        except (AttributeError, ValueError, OSError):
            self._terminal = False

    def write(self, text: str) -> int:
        if self._terminal and "\x1b[" in text:
            pieces, last = [], 0
            for match in _CSI.finditer(text):
                pieces.append(visible(text[last : match.start()]))
                pieces.append(match.group())
                last = match.end()
            pieces.append(visible(text[last:]))
            self._raw.write("".join(pieces))
        else:
            self._raw.write(visible(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, fileno, encoding, buffer, …
        return getattr(self._raw, name)


def install() -> None:
    """Route ``sys.stdout`` and ``sys.stderr`` through :class:`SafeStream` (once)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, SafeStream):
            setattr(sys, name, SafeStream(stream))


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
