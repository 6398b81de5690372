"""How big a JSON document from a stranger may be, measured before it is parsed.

A file's size in bytes does not bound what parsing it costs: four megabytes of ``[],[],[]…``
are 1.3 million lists, and Python spends hundreds of bytes on each list, number and path to it
(a 4 MB record of nested lists once took 450 MB to read). So the text is measured first, by
regular expressions: its strings are set aside, then its values are counted as its commas and opening brackets
(within a factor of two of its values, keys included, whatever their kind) and its nesting is
measured. Only a document within both bounds is handed to :func:`json.loads`, whose
recursion a deep document would also exhaust. A document beyond a bound is refused at the place
where it goes over, like every other file error (``file:line:col``, the line, a caret, a hint).
"""

from __future__ import annotations

import re

from rulespec.jsonsource import located_error

#: An escape (a backslash and the character after it), replaced by two plain characters first:
#: then a string is any run between two quotes, found in linear time (a pattern that read escapes
#: itself would try again from every quote of a long unterminated run of escaped quotes).
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_BRACKETS = re.compile(r"[\[\]{}]")
#: Every token that opens a value or a container, or closes one, strings skipped whole.
_TOKENS = re.compile(r'"[^"]*"|[\[\]{},]')


def check_json_bounds(text: str, path: str, max_depth: int, max_values: int, what: str) -> None:
    """Refuse ``text`` (read from ``path``) if it nests deeper than ``max_depth`` arrays and
    objects or holds more than ``max_values`` values (counted as its commas and opening brackets,
    strings left out); ``what`` names the document in the hint ("a game record"). Costs two
    copies of the text, never a parse."""
    plain = _ESCAPE.sub("__", text)  # (the same length: a place in it is the same place in text)
    bare = _STRING.sub('""', plain)
    values = bare.count(",") + bare.count("[") + bare.count("{") + 1
    depth = deepest = 0
    if values <= max_values:
        for bracket in _BRACKETS.finditer(bare):
            depth += 1 if bracket.group() in "[{" else -1
            deepest = max(deepest, depth)
        if deepest <= max_depth:
            return
    _refuse(text, plain, path, max_depth, max_values, what)


def _refuse(text: str, plain: str, path: str, max_depth: int, max_values: int, what: str) -> None:
    """Find the first place that goes over a bound and refuse it there (``plain``: ``text``
    with its escapes replaced, the same length)."""
    depth, values = 0, 1
    for token in _TOKENS.finditer(plain):
        mark = plain[token.start()]  # (not group(): a copy of a long string)
        if mark in "]}":
            depth -= 1
            continue
        if mark == '"':
            continue
        values += 1
        if mark != ",":
            depth += 1
            if depth > max_depth:
                raise located_error(
                    text,
                    path,
                    token.start(),
                    f"nesting is deeper than {max_depth} levels",
                    f"{what} needs only a few levels; this is not one",
                )
        if values > max_values:
            raise located_error(
                text,
                path,
                token.start(),
                f"more than {max_values} values",
                f"{what} holds far fewer; this is not one, or not one written by this program",
            )
    raise AssertionError("a bound was exceeded in the copy but not in the text")  # pragma: no cover
