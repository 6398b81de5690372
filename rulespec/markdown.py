"""Text from a file, made safe for Markdown: it shows as written and adds no structure.

A bid name or a rules text comes from a stranger's file: a ``|`` would split a table cell, a
newline would end a table row (and the next line could start a heading), ``*``, ``_``, ``[``
or ``<`` would format, link or open HTML. :func:`inline` is for a table cell, a heading or a
list item (one line); :func:`block` for a paragraph (its lines kept, none able to start a block).
"""

from __future__ import annotations

import re

#: ASCII punctuation Markdown may read as syntax inside a line; a backslash makes each literal.
_SPECIAL = re.compile(r"([\\`*_|<\[\]~]|&(?=#?\w+;))")
#: What may start a block at a line's beginning: ``1.``, ``1)``, ``#``, ``>``, ``-``, ``+``, ``=``.
_LINE_BREAKS = re.compile(r"[ \t]*[\r\n\v\f\x85\u2028\u2029]+[ \t]*")
_LINE_START = re.compile(r"^(\s*)(\d+)([.)])|^(\s*)([-=#>+])")


def inline(text: str) -> str:
    """``text`` as one line of Markdown that shows as written (line breaks become spaces)."""
    return _SPECIAL.sub(r"\\\1", _LINE_BREAKS.sub(" ", text))


def block(text: str) -> str:
    """``text`` as a Markdown paragraph that shows as written (blank lines become one space)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    out = []
    for line in lines:
        escaped = _SPECIAL.sub(r"\\\1", " ".join(line.split()))
        out.append(_LINE_START.sub(lambda m: f"{m[1]}{m[2]}\\{m[3]}" if m[2] else f"{m[4]}\\{m[5]}", escaped))
    return "\n".join(out)


def code(text: str) -> str:
    """``text`` as a code span on one line, fenced with more backticks than it holds."""
    flat = " ".join(text.split())
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"
