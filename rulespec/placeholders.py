"""The placeholders of texts a person reads: ``{name}``, and nothing else.

Texts come from locale files, and locale files come from strangers (a translator, a club's
house rule). So a text is never a Python format string: it cannot reach attributes
(``{worth.__class__}``), indexes (``{worth[0]}``), conversions (``{worth!r}``) or format specs
(``{worth:█>1000000000}``). The only syntax is

- ``{name}``: a name of letters, digits and ``_`` (not starting with a digit), one of the names
  the kind of text may use (see :func:`rulespec.placeholdernames.allowed_placeholders`);
- ``{{`` and ``}}``: a literal brace.

Anything else with a brace is *malformed*, and a locale file holding it is refused when it is
loaded. Filling is plain text replacement with values the code has already turned into text::

    >>> fill("Take {n} tricks", {"n": 3})
    'Take 3 tricks'
    >>> fill("{{literal}} {n}", {})
    '{literal} {n}'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rulespec.numbers import shown_number

#: What may stand between the braces of a placeholder.
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Longest placeholder name: names are short words, never data.
MAX_NAME = 64
#: Why a placeholder name is ASCII: it names a value of the rule data, whose names are ids.
DATA_NAMES = (
    "a placeholder names a value of the rule data (a param, worth, score, …) as the data spells it, "
    "and those names are ASCII (a-z, A-Z, 0-9, _): keep the name the English text uses"
)


@dataclass(frozen=True)
class Malformed:
    """Where a text's braces go wrong: the offset of the offending brace, and why."""

    offset: int
    reason: str
    hint: str = "write {name}, or {{ and }} for a brace"


@dataclass(frozen=True)
class Parsed:
    """A text's placeholders as ``(name, offset of its '{')``, and its first malformed brace."""

    fields: tuple[tuple[str, int], ...]
    malformed: Malformed | None

    @property
    def names(self) -> set[str]:
        return {name for name, _ in self.fields}


_NONE = Parsed((), None)


def parse(text: str) -> Parsed:
    """The placeholders of ``text``; stops at the first malformed brace."""
    if "{" not in text and "}" not in text:
        return _NONE  # most texts: found by two scans in C instead of a loop over every character
    fields: list[tuple[str, int]] = []
    index = 0
    length = len(text)
    while index < length:
        ch = text[index]
        if ch in "{}" and text.startswith(ch * 2, index):
            index += 2
            continue
        if ch == "}":
            return Parsed(tuple(fields), Malformed(index, "'}' was not opened"))
        if ch == "{":
            close = text.find("}", index + 1)
            inner = text[index + 1 : close] if close >= 0 else ""
            if close < 0 or "{" in inner:
                return Parsed(tuple(fields), Malformed(index, "'{' is not closed"))
            if not NAME.fullmatch(inner) or len(inner) > MAX_NAME:
                reason = f"'{{{_shown(inner)}}}' is not a placeholder name"
                if inner.isidentifier() and not inner.isascii():  # {poäng}: a word, in the translator's letters
                    return Parsed(tuple(fields), Malformed(index, reason, DATA_NAMES))
                return Parsed(tuple(fields), Malformed(index, reason))
            fields.append((inner, index))
            index = close + 1
            continue
        index += 1
    return Parsed(tuple(fields), None)


def _shown(inner: str) -> str:
    return inner if len(inner) <= 20 else inner[:20] + "…"


class MissingValues(ValueError):
    """A text names placeholders it was given no value for."""

    def __init__(self, text: str, names: list[str]) -> None:
        super().__init__(f"no value for {', '.join('{' + n + '}' for n in names)}")
        self.text = text
        self.names = names


def fill(
    text: str, values: Mapping[str, Any], strict: bool = False, literal: Callable[[str], str] | None = None
) -> str:
    """``text`` with every ``{name}`` replaced by its value's text and ``{{``/``}}`` by a brace: a
    number (or a number made text) with a true minus sign (:func:`rulespec.numbers.shown_number`).

    A placeholder without a value stays as written (or, when ``strict``, raises
    :class:`MissingValues` naming every such placeholder). A malformed text is returned as
    written: loading refuses such texts, so only a text built in code could reach here.
    ``literal`` escapes the text's own pieces for where it goes (e.g. rich markup), each piece
    on its own, and leaves the values, which the caller made ready, as they are.
    """
    escape = literal or (lambda piece: piece)
    if "{" not in text and "}" not in text:
        return escape(text)
    parsed = parse(text)
    if parsed.malformed is not None:
        return escape(text)
    missing = [name for name, _ in parsed.fields if name not in values]
    if strict and missing:
        raise MissingValues(text, sorted(set(missing)))
    out: list[str] = []
    index = 0
    for name, start in parsed.fields:
        out.append(escape(_unescape(text[index:start])))
        out.append(shown_number(values[name]) if name in values else "{" + name + "}")
        index = start + len(name) + 2
    out.append(escape(_unescape(text[index:])))
    return "".join(out)


def _unescape(literal: str) -> str:
    return literal.replace("{{", "{").replace("}}", "}")
