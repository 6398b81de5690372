"""Reading JSON text from a stranger: one meaning per document, every problem at its place.

Python's :func:`json.loads` keeps the last of two values given for one key
(``{"rounds": 3, "rounds": 0}`` reads as ``{"rounds": 0}``), so a file could say one thing to
a person reading it and another to the program, as YAML would if its reader allowed it
(:mod:`rulespec.yamlsource` refuses a duplicate key). :func:`parse_json` refuses it the same
way, as every other file error is reported: ``file:line:col``, the line, a caret and a hint.

The check costs one call per object on the fast (C) parser. Only when a duplicate is found is
the text read again, by the pure-Python parser, to find where the second key stands.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from rulespec.controls import first_forbidden
from rulespec.errors import Position, RuleError
from rulespec.numbers import MAX_NUMBER_CHARS

#: The pure-Python parser's parts (``json.decoder``'s, not declared in its type stubs).
_PARTS: Any = json.decoder
_SCANNER: Any = json.scanner
_WHITESPACE = _PARTS.WHITESPACE.match
_MAX_KEY_SHOWN = 60


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _Found(Exception):
    """A duplicate key, with where its first and second occurrences start in the text."""

    def __init__(self, key: str, first: int, second: int) -> None:
        super().__init__(key)
        self.key, self.first, self.second = key, first, second


class _TooLong(Exception):
    """A number written with more digits than any number a document may hold."""

    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


class _NotANumber(Exception):
    """``NaN``, ``Infinity`` or a literal too large for a float: Python's reader takes them; JSON has none."""

    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def _number(digits: str) -> int:
    """The ``parse_int`` of every reader: a whole number, or :class:`_TooLong` before converting
    thousands of digits (which Python refuses with a message about its own settings)."""
    if len(digits) > MAX_NUMBER_CHARS:
        raise _TooLong(digits)
    return int(digits)


def _float(literal: str) -> float:
    """The ``parse_float`` of every reader: bounded in length as a whole number is, and finite
    (``1e999999`` would read as infinity)."""
    if len(literal) > MAX_NUMBER_CHARS:
        raise _TooLong(literal)
    value = float(literal)
    if not math.isfinite(value):
        raise _NotANumber(literal)
    return value


def _constant(literal: str) -> Any:
    """The ``parse_constant`` of every reader: ``NaN`` and ``Infinity`` are not JSON."""
    raise _NotANumber(literal)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` every reader of a stranger's JSON uses: a dict, or :class:`_Duplicate`."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return result


def parse_json(text: str, path: str, what: str = "JSON") -> Any:
    """The JSON document in ``text`` (read from ``path``); :class:`RuleError` at the place of a
    syntax error or of a key given twice in one object. ``what`` names the document in messages
    ("not a JSON record: …"). A byte-order mark before the document is read as the space it stands
    for (a text editor may write one; the places of what follows stay as in the file)."""
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    try:
        numbers: dict[str, Any] = {"parse_int": _number, "parse_float": _float, "parse_constant": _constant}
        data = json.loads(text, object_pairs_hook=_unique, **numbers)
        bad = _forbidden_char(data)
        if bad is None:
            return data
        if unicodedata.category(bad) == "Cs":
            message = f"a text holds half a character: the lone surrogate U+{ord(bad):04X}"
            hint = "a character beyond U+FFFF is written as a pair of them (\\ud83c\\udca1), never one alone"
        else:
            message = f"a text holds the control character U+{ord(bad):04X}"
            hint = "a record, save or message never holds one: it would reach the terminal as a command"
        raise located_error(text, path, _place_of(text, bad), message, hint)
    except json.JSONDecodeError as exc:
        raise located_error(text, path, exc.pos, f"not {what}: {exc.msg}", None) from None
    except _TooLong as long:
        # (where it stands: the first such number that is a value, not inside a string)
        length = len(long.digits.lstrip("-"))
        counted = f"{length} digits" if long.digits.lstrip("-").isdigit() else f"{length} characters"
        message = f"a number of {counted}: a number has at most {MAX_NUMBER_CHARS}"
        raise located_error(text, path, _place_of_number(text, long.digits), message, None) from None
    except _NotANumber as odd:
        message = f"{_shown(odd.literal)} is not a number JSON holds (a finite number is wanted)"
        raise located_error(text, path, _place_of_number(text, odd.literal), message, None) from None
    except _Duplicate:
        found = _find_duplicate(text)
    key = _shown(found.key)
    line = _line_and_column(text, found.first)[0]
    raise located_error(
        text,
        path,
        found.second,
        f"duplicate key '{key}'",
        f"'{key}' is already given at line {line}; each key may appear once in an object",
    ) from None


def _place_of_number(text: str, literal: str) -> int:
    """Where the number ``literal`` stands as a value (not inside a string): its first such place."""
    at = re.search(r"(?:^|[\[:,])\s*(" + re.escape(literal) + r")(?![0-9.eE+-])", text)
    return at.start(1) if at else 0


def _find_duplicate(text: str) -> _Found:
    """Where the first duplicate key stands (the one the fast parser met first: objects are
    completed in the same order by both parsers)."""
    decoder: Any = json.JSONDecoder(object_pairs_hook=_unique)
    plain_object = _PARTS.JSONObject

    def parse_object(s_and_end: tuple[str, int], strict: bool, scan_once: Any, *rest: Any) -> Any:
        text, after_brace = s_and_end
        try:
            return plain_object(s_and_end, strict, scan_once, *rest)
        except _Duplicate as dup:
            first, second = _key_places(text, after_brace, dup.key, scan_once)
            raise _Found(dup.key, first, second) from None

    decoder.parse_object = parse_object  # (read by the Python scanner only, not the C one)
    decoder.scan_once = _SCANNER.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except _Found as found:
        return found
    raise AssertionError("the fast parser found a duplicate key the Python parser did not")  # pragma: no cover


def _key_places(text: str, index: int, key: str, scan_once: Callable[[str, int], tuple[Any, int]]) -> tuple[int, int]:
    """The starts of the first two occurrences of ``key`` among the keys of the object whose
    members begin at ``index`` (just after its ``{``; the object is well formed)."""
    places: list[int] = []
    while len(places) < 2:
        index = _WHITESPACE(text, index).end()
        start = index
        name, index = _PARTS.scanstring(text, index + 1)
        if name == key:
            places.append(start)
        index = _WHITESPACE(text, index).end() + 1  # the ':'
        _, index = scan_once(text, _WHITESPACE(text, index).end())
        index = _WHITESPACE(text, index).end() + 1  # the ',' (or the closing '}')
    return places[0], places[1]


def _line_and_column(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def located_error(text: str, path: str, index: int, message: str, hint: str | None) -> RuleError:
    """The error ``message`` at character ``index`` of ``text``: its line, column and line's text."""
    line, column = _line_and_column(text, index)
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    source = text[start : end if end >= 0 else len(text)].removesuffix("\r")
    return RuleError(message, Position(path, line, column), hint, source)


def _shown(key: str) -> str:
    """A key as a message may show it: no control characters, not too long."""
    key = "".join(ch if ch.isprintable() else "?" for ch in key)
    return key if len(key) <= _MAX_KEY_SHOWN else key[:_MAX_KEY_SHOWN] + "…"


def _forbidden_char(data: Any) -> str | None:
    """The first character in a key or text of ``data`` that no text may hold (an escape, a
    bidi override: :func:`rulespec.controls.is_forbidden`), or None. JSON writes one as ``\\u001b``,
    which the parser turns into the character itself."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and not item.isprintable():
            found = first_forbidden(item)
            if found is not None:
                return item[found]
    return None


#: The controls JSON also writes with a letter (``\\b``): a backspace, a form feed, a carriage return.
_SHORT_ESCAPES = {"\b": "\\b", "\f": "\\f", "\r": "\\r"}


def _place_of(text: str, ch: str) -> int:
    """Where ``ch`` stands in the JSON ``text``: as itself, or written as a ``\\u`` escape."""
    raw, short = text.find(ch), _SHORT_ESCAPES.get(ch)
    escaped = re.search(re.escape(f"\\u{ord(ch):04x}"), text, re.IGNORECASE)
    places = [i for i in (raw, escaped.start() if escaped else -1, text.find(short) if short else -1) if i >= 0]
    return min(places) if places else 0
