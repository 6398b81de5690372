"""A line of entries, one per player (``Trick 3: Seat 1: Q♥  Seat 2: 4♥  …``), as a terminal shows it.

A narrow terminal wraps a long line at any space, and would cut an entry in two: ``… Seat`` at the
end of one line, ``1: 6♠`` at the start of the next, read as a card of nobody. Here such a line
breaks between entries only; each line after the first is indented to the first entry (or by two
spaces after a head wider than half the line), so that it reads as more of the same. An entry wider
than the terminal alone is wrapped by the terminal as it must.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

#: Between two entries, and before each line after the first when the head is wide.
GAP = "  "


def entry_lines(head: str, entries: Iterable[str], width: int) -> list[str]:
    """``head: e1  e2  …`` (rich markup) as lines of at most ``width`` cells, broken between entries."""
    lines: list[str] = []
    line, used = f"{head}:", Text.from_markup(head).cell_len + 1
    indent = " " * (used + 1) if used + 1 <= width // 2 else GAP
    placed = False  # an entry is on the line already (the first one stays beside the head)
    for entry in entries:
        size = Text.from_markup(entry).cell_len
        gap = GAP if placed else " "
        if placed and used + len(gap) + size > width:
            lines.append(line)
            line, used, gap = indent, len(indent), ""
        line, used, placed = line + gap + entry, used + len(gap) + size, True
    lines.append(line)
    return lines


def print_entries(console: Console, head: str, entries: Iterable[str]) -> None:
    """Print ``head: e1  e2  …`` on as many lines as the console's width needs, broken between entries."""
    for line in entry_lines(head, entries, console.width):
        console.print(line)


class KeepingConsole(Console):
    """A console that wraps a line of text between words, but never inside one of the names in
    :attr:`kept` (names of several words: ``Open Hand``, ``Seat 3``): a narrow terminal would
    otherwise show ``… + Open`` at the end of one line and ``Hand`` at the start of the next.
    Anything but a single text or :class:`~rich.text.Text` (tables, rules) is printed as rich prints it."""

    kept: tuple[str, ...] = ()

    def keep(self, names: Iterable[str]) -> None:
        """Keep these names whole (those of one word need nothing)."""
        self.kept = tuple(sorted({name for name in names if " " in name.strip()}, key=len, reverse=True))

    def print(self, *objects: Any, **options: Any) -> None:
        if len(objects) != 1 or not isinstance(objects[0], str | Text) or not self.kept or options.get("soft_wrap"):
            super().print(*objects, **options)
            return
        markup, highlight = options.get("markup"), options.get("highlight")
        given = objects[0]
        text = given.copy() if isinstance(given, Text) else self.render_str(given, markup=markup, highlight=highlight)
        offsets = kept_breaks(text.plain, self.kept, self.width) if "\n" not in text.plain else []
        if not offsets:
            super().print(*objects, **options)
            return
        end = options.get("end", "\n")
        lines = text.divide(offsets)
        for number, line in enumerate(lines, 1):
            if number < len(lines):  # (the last keeps its spaces: a prompt's, before what is typed)
                line.rstrip()
            super().print(line, style=options.get("style"), end=end if number == len(lines) else "\n")


def kept_breaks(plain: str, kept: Iterable[str], width: int) -> list[int]:
    """Where to break ``plain`` so that each line fits ``width`` cells, between words and never inside
    a name of ``kept`` (a word wider than the line is left whole: the terminal folds it)."""
    guarded = plain
    for name in kept:  # (the same length and cells: the offsets found hold for the text itself)
        guarded = guarded.replace(name, name.replace(" ", "\x00"))
    breaks: list[int] = []
    used = 0
    for match in _WORD.finditer(guarded):
        word = match.group().replace("\x00", " ")
        size = cell_len(word.rstrip())
        if used and used + size > width:
            breaks.append(match.start())
            used = 0
        used += cell_len(word)
    return breaks


_WORD = re.compile(r"\s*\S+\s*")
