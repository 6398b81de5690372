"""Characters no text of a rule or locale file may hold: terminal controls and bidi overrides.

Every string of such a file ends up printed somewhere: a terminal, a Markdown table, a PDF.
An ESC starts a terminal sequence (a window title, a clipboard write, a cleared screen), a C1
control does the same on some terminals, a carriage return overwrites what was printed, and a
bidi override makes a text read differently from what it holds. YAML itself refuses most raw
control bytes, but a double-quoted escape (``"\\e]0;…\\a"``, ``"\\u202e"``) brings them in; so the
parsed values and keys are checked, and each offender is a located error.

Allowed: tab and newline (a folded or literal text holds newlines). Everything else of Unicode
category Cc is refused, the bidi embeddings, overrides and isolates, and surrogates (``"\ud800"``
escapes, which no output can encode).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from rulespec.errors import Position, RuleError

#: Bidi embeddings, overrides and isolates (marks such as U+200F stay allowed: they reorder nothing).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ALLOWED_CONTROLS = frozenset("\t\n")


def is_forbidden(ch: str) -> bool:
    """Whether ``ch`` may not appear in a text of a rule or locale file."""
    if ch in ALLOWED_CONTROLS:
        return False
    return ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs")


def first_forbidden(text: str) -> int | None:
    """The index of the first forbidden character of ``text``, or None."""
    if text.isprintable() and not BIDI_CONTROLS.intersection(text):
        return None  # the common case, in C
    for index, ch in enumerate(text):
        if is_forbidden(ch):
            return index
    return None


def describe(ch: str) -> str:
    """``U+001B (ESC)``: a forbidden character as a message names it."""
    name = unicodedata.name(ch, "")
    short = {"\x1b": "ESC", "\r": "carriage return", "\x7f": "DEL", "\x00": "NUL"}.get(ch, name.lower())
    return f"U+{ord(ch):04X}" + (f" ({short})" if short else "")


def _position(doc: Any, key: tuple[str | int, ...], index: int) -> Position:
    """Where character ``index`` of the string at ``key`` is written: exact for a double-quoted
    scalar on one line (where escapes bring control characters in), else as near as the
    document can say (a blank such as ``\\r`` counts as no character there)."""
    from rulespec.yamldocument import _scalar_units  # yamlsource imports this module

    loc = doc.locations.get(tuple(key))
    if loc is not None and loc.style == '"' and "\n" not in doc.text[loc.start : loc.end]:
        offset = 0
        for start, _end, produced in _scalar_units(doc.text, loc):
            if offset == index and produced:
                line = doc.text.count("\n", 0, start) + 1
                return Position(doc.path, line, start - (doc.text.rfind("\n", 0, start) + 1) + 1)
            offset += len(produced)
    position: Position = doc.position_in_scalar(key, index)
    return position


def refuse_controls(doc: Any) -> None:
    """Raise a located :class:`RuleError` at the first forbidden character of a document's keys or values.

    ``doc`` is a :class:`rulespec.yamlsource.Document`. Iterative, so any nesting the reader accepted is fine.
    """
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), doc.data)]
    while stack:
        key, value = stack.pop()
        if isinstance(value, str):
            index = first_forbidden(value)
            if index is not None:
                pos = _position(doc, key, index)
                raise RuleError(
                    f"the control character {describe(value[index])} is not allowed in a text",
                    pos,
                    "remove it: texts are printed to terminals and documents as they are",
                    doc.source_line(pos.line),
                )
        elif isinstance(value, dict):
            for name, child in value.items():
                if isinstance(name, str) and first_forbidden(name) is not None:
                    ch = name[first_forbidden(name) or 0]
                    raise doc.key_error(
                        (*key, name), f"the control character {describe(ch)} is not allowed in a key", "remove it"
                    )
                stack.append(((*key, name), child))
        elif isinstance(value, list):
            stack.extend(((*key, i), child) for i, child in enumerate(value))
