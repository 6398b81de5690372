"""A parsed YAML document that remembers where every value came from.

:class:`Document` holds the data and, for each value's path (``("bids", 3, "requires")``), its
:class:`Location` in the text, so the schema check, the builder and the expression compiler
can point at the exact line and column (even inside a quoted or folded scalar).
:mod:`rulespec.yamlsource` makes documents from text, safely.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import yaml

from rulespec.errors import Position, RuleError

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class Location:
    """Where one value starts and ends in its file (0-based indexes into the text)."""

    line: int  # 1-based
    column: int  # 1-based
    start: int
    end: int
    style: str | None  # YAML scalar style: None (plain), "'", '"', "|", ">"


@dataclass
class Document:
    """One parsed YAML file: plain Python data plus the position of every value."""

    path: str
    text: str
    data: Any
    locations: dict[PathKey, Location] = field(default_factory=dict)
    key_locations: dict[PathKey, Location] = field(default_factory=dict)

    def position(self, key: Sequence[str | int]) -> Position:
        """The position of the value at ``key``, or of its nearest located ancestor."""
        key = tuple(key)
        while key not in self.locations and key:
            key = key[:-1]
        loc = self.locations.get(key)
        if loc is None:
            return Position(self.path, 1, 1)
        return Position(self.path, loc.line, loc.column)

    @cached_property
    def _lines(self) -> list[str]:
        # Split once: every compiled expression asks for its line (where its run-time errors point).
        return self.text.splitlines()

    def source_line(self, line: int) -> str | None:
        lines = self._lines
        return lines[line - 1] if 0 < line <= len(lines) else None

    def error(self, key: Sequence[str | int], message: str, hint: str | None = None) -> RuleError:
        """A :class:`RuleError` pointing at the value at ``key``."""
        pos = self.position(key)
        return RuleError(message, pos, hint, self.source_line(pos.line))

    def key_error(self, key: Sequence[str | int], message: str, hint: str | None = None) -> RuleError:
        """A :class:`RuleError` pointing at a mapping *key* (e.g. an unknown one)."""
        loc = self.key_locations.get(tuple(key))
        if loc is None:
            return self.error(key[:-1], message, hint)
        pos = Position(self.path, loc.line, loc.column)
        return RuleError(message, pos, hint, self.source_line(pos.line))

    def position_in_scalar(self, key: Sequence[str | int], offset: int) -> Position:
        """The file position of character ``offset`` inside the string value at ``key``.

        Works for every scalar style: the value's non-blank characters appear in the same
        order in the source, so we count them on both sides. Escapes of quoted scalars
        (``\\"`` or ``''``) are one character of the value; an offset at or past the value's
        last non-blank character points just after the last one in the source.
        """
        loc = self.locations.get(tuple(key))
        value = self._value_at(key)
        if loc is None or not isinstance(value, str):
            return self.position(key)
        wanted = sum(1 for ch in value[:offset] if not ch.isspace())
        index = None
        after_last = None
        seen = 0
        for start, end, produced in _scalar_units(self.text, loc):
            blanks = sum(1 for ch in produced if not ch.isspace())
            if blanks == 0:
                continue
            if seen == wanted:
                index = start
                break
            seen += blanks
            after_last = end
        if index is None:
            index = after_last if after_last is not None else loc.start
        line = self.text.count("\n", 0, index) + 1
        column = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return Position(self.path, line, column)

    def _value_at(self, key: Sequence[str | int]) -> Any:
        value = self.data
        try:
            for part in key:
                value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
        return value


_ESCAPE_DIGITS = {"x": 2, "u": 4, "U": 8}
_ESCAPES = yaml.scanner.Scanner.ESCAPE_REPLACEMENTS


def _scalar_units(text: str, loc: Location) -> Iterator[tuple[int, int, str]]:
    """The source of one scalar as (start, end, text it stands for) pieces, in order.

    A piece is one source character, or one escape of a quoted scalar (``\\"``, ``\\x41``,
    ``''``) standing for one character, or an escaped line break standing for nothing.
    """
    index, end = loc.start, loc.end
    if loc.style in ("|", ">"):
        newline = text.find("\n", index, end)
        index = newline + 1 if newline >= 0 else end  # skip the header line (|, >-, …)
    elif loc.style in ("'", '"'):
        index += 1
        end -= 1  # the closing quote
    while index < end:
        ch = text[index]
        if loc.style == "'" and ch == "'" and text.startswith("''", index):
            yield index, index + 2, "'"
            index += 2
        elif loc.style == '"' and ch == "\\" and index + 1 < end:
            code = text[index + 1]
            if code in "\r\n":
                yield index, index + 2, ""
                index += 2
            else:
                size = 2 + _ESCAPE_DIGITS.get(code, 0)
                digits = text[index + 2 : index + size]
                produced = chr(int(digits, 16)) if code in _ESCAPE_DIGITS else _ESCAPES.get(code, code)
                yield index, index + size, produced
                index += size
        else:
            yield index, index + 1, ch
            index += 1
