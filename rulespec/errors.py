"""Errors for people: every problem in a rule file points at a file, line and column.

A :class:`RuleError` carries where the problem is, what it is, and (when we can guess) a hint.
``str(error)`` renders the message the CLI prints::

    bids/house/special.yaml:12:20: unknown name 'oponents'
        requires: count(oponents) > 1
                        ^
    hint: did you mean 'opponents'?
"""

from __future__ import annotations

import difflib
import shlex
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass


def shown_path(path: str) -> str:
    """A file name as a message shows it: a character that is not printable (a newline in a
    stranger's file name, which could fake a line of output) as a visible escape, ``\\x0a``."""
    if path.isprintable():
        return path
    return "".join(
        ch if ch.isprintable() else f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}" for ch in path
    )


def shown_argument(path: str) -> str:
    """A file name as a command to copy shows it: :func:`shown_path`, quoted for the shell when it
    needs to be (a space in a folder's name)."""
    return shlex.quote(shown_path(path))


@dataclass(frozen=True)
class Position:
    """A place in a source file; ``line`` and ``column`` count from 1."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return shown_path(self.path)
        return f"{shown_path(self.path)}:{self.line}:{self.column}"


class RuleError(Exception):
    """A problem in a rule set, a locale file, a record or a command's input."""

    def __init__(
        self,
        message: str,
        position: Position | None = None,
        hint: str | None = None,
        source_line: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.hint = hint
        self.source_line = source_line

    def __str__(self) -> str:
        head = f"{self.position}: {self.message}" if self.position else self.message
        lines = [_one_line(head)]  # (a stranger's name with a newline must not forge a line of its own)
        if self.source_line is not None and self.position and self.position.column > 0:
            text, caret = _excerpt(self.source_line, self.position.column - 1)
            lines.append("    " + text)
            lines.append("    " + " " * caret + "^")
        if self.hint:
            lines.append(f"hint: {_one_line(self.hint)}")
        return "\n".join(lines)


class ExpressionError(Exception):
    """A problem at character ``offset`` of one expression's text, before it has a file position.

    The base of the parser's and the compiler's errors; the rule set's builder turns one into a
    :class:`RuleError` at the expression's place in its file (offset added to the column).
    """

    def __init__(self, message: str, offset: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


class RuleErrors(RuleError):
    """Several independent problems found in one pass (reported together)."""

    def __init__(self, errors: list[RuleError]) -> None:
        super().__init__(errors[0].message, errors[0].position, errors[0].hint, errors[0].source_line)
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


#: Longest source excerpt shown under a message; longer lines are cut around the caret.
MAX_EXCERPT = 100


def _excerpt(line: str, index: int) -> tuple[str, int]:
    """The source line as shown (one column per character), and the caret's index in it."""
    if len(line) <= MAX_EXCERPT:
        return _visible(line), index
    # Cut first, then clean only what is shown: a file of one long line may have thousands of
    # errors, each of which would otherwise walk the whole line (one character shows as one).
    start = max(0, min(index - MAX_EXCERPT // 2, len(line) - MAX_EXCERPT))
    shown = _visible(line[start : start + MAX_EXCERPT])
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + MAX_EXCERPT < len(line) else ""
    return prefix + shown + suffix, index - start + len(prefix)


def _one_line(text: str) -> str:
    """A message or hint on one line: a line break in it (from a stranger's value) written ``\\n``."""
    return text.replace("\r", "\\r").replace("\n", "\\n") if "\n" in text or "\r" in text else text


def _visible(text: str) -> str:
    """``text`` with a tab as a space and every control or format character as ``?``."""
    return "".join(" " if ch == "\t" else "?" if unicodedata.category(ch) in ("Cc", "Cf") else ch for ch in text)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest candidate, or None when nothing is close."""
    close = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None
