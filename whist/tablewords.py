"""Tables that never cut a word: a narrow window wraps them instead.

rich fits a table to the console's width (80 columns when the output is a pipe or a file) and
cuts a word that no longer fits its column with "…": at 60 columns ``whist show --lang sv``
printed ``Mästaröverfl…`` for Mästaröverflöd and ``kombinations…`` for a score, and ``whist
balance`` in a pipe printed ``Uncertain…`` — a report whose point is to name bids lost them.
Every table of the command line is this :class:`Table`: each column wraps at spaces and keeps its
longest word whole when the columns' longest words fit the width side by side — without the padding
at the table's two edges if it takes that (the borders still part the columns); when they do not (a
narrow window), words are folded onto the next line. Nothing shown is ever dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich import table as rich_table
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

#: A no-break space (``95\u00a0%``), and what stands for it while rich lays a table out: rich
#: breaks lines at any Unicode space, the no-break one too, but never inside a word.
NO_BREAK, GLUE = "\u00a0", "\ue000"
#: What stands, during the layout, for the space after a title's dash (printed as a space).
DASH_GLUE = "\ue001"
#: A space the layout never breaks at and that is printed as a plain one (between a name's words).
KEPT_SPACE = DASH_GLUE


def ascii_only(console: Console) -> bool:
    """Whether ``console`` writes to a terminal that draws lines in ASCII alone (``TERM=dumb``, as
    rich reads it: one that knows no box drawing, a screen reader's or an old printer's): tables
    get ASCII borders and ``whist play``'s dealer line ``-``, where ``─┏━┳`` would print as whatever
    the terminal makes of them. (A file or a pipe keeps them: its reader is not that terminal.)"""
    return console.is_dumb_terminal


class Table(rich_table.Table):
    """:class:`rich.table.Table` whose cells wrap and fold but are never cut with an ellipsis,
    nor broken at a no-break space; drawn in ASCII on a terminal that draws nothing else (:func:`ascii_only`)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = self.box
        if drawn is not None and ascii_only(console):
            self.box = box.ASCII
        try:
            return self._unglued(console, options)
        finally:
            self.box = drawn  # (the table may be printed again, elsewhere)

    def _unglued(self, console: Console, options: ConsoleOptions) -> list[RenderableType | Segment]:
        # rich keeps a column's cells in ``_cells`` (read through ``cells``): glued for the layout only.
        kept = [(column.header, column._cells) for column in self.columns]  # noqa: SLF001
        for column in self.columns:
            column.header, column._cells = _glued(column.header), [_glued(c) for c in column.cells]  # noqa: SLF001
        heading = self.title, self.caption
        self.title, self.caption = _glued(_dash_kept(self.title)), _glued(_dash_kept(self.caption))
        try:
            rendered = self._laid_out(console, options)
        finally:
            self.title, self.caption = heading
            for column, (header, cells) in zip(self.columns, kept, strict=True):
                column.header, column._cells = header, cells  # noqa: SLF001
        return [
            Segment(s.text.replace(GLUE, NO_BREAK).replace(DASH_GLUE, " "), s.style, s.control)
            if isinstance(s, Segment) and (GLUE in s.text or DASH_GLUE in s.text)
            else s
            for s in rendered
        ]

    def _laid_out(self, console: Console, options: ConsoleOptions) -> list[RenderableType | Segment]:
        padded = self.pad_edge
        if padded and _words_overflow(self, console, options) > 0:
            self.pad_edge = False  # two columns of padding, before a word is folded for want of them
            if _words_overflow(self, console, options) > 0:
                self.pad_edge = True  # (a word folds anyway: the table keeps its usual look)
        try:
            return self._widths_kept(console, options)
        finally:
            self.pad_edge = padded  # (the table may be printed again, at another width)

    def _widths_kept(self, console: Console, options: ConsoleOptions) -> list[RenderableType | Segment]:
        given = [column.width for column in self.columns]
        for column in self.columns:
            column.overflow = "fold"
        for column, width in zip(self.columns, _word_keeping_widths(self, console, options), strict=True):
            column.width = width
        rendered = list(super().__rich_console__(console, options))
        if _widest_line(rendered) > options.max_width:  # (rich measured otherwise: let the words fold)
            for column, width in zip(self.columns, given, strict=True):
                column.width = width
            rendered = list(super().__rich_console__(console, options))
        for column, width in zip(self.columns, given, strict=True):
            column.width = width  # (the table may be printed again, at another width)
        return rendered


def _words_overflow(table: rich_table.Table, console: Console, options: ConsoleOptions) -> int:
    """By how many columns the longest words of ``table``'s columns, side by side with its borders
    and padding, are wider than the window (0 or less: they fit)."""
    return Measurement.get(console, options.update_width(10**6), table).minimum - options.max_width


def _word_keeping_widths(table: rich_table.Table, console: Console, options: ConsoleOptions) -> list[int | None]:
    """Each column's width when the table is too wide for the window: its longest word (the
    longest of all capped first when they do not fit side by side: those fold) and a fair share
    of the room left (None: as rich gives it)."""
    columns = table.columns
    measured = [[Measurement.get(console, options, cell) for cell in (c.header, *c.cells)] for c in columns]
    least = [max((m.minimum for m in cells), default=1) for cells in measured]
    most = [max((m.maximum for m in cells), default=1) for cells in measured]
    unbounded = Measurement.get(console, options.update_width(10**6), table).minimum  # (no column squeezed)
    room = options.max_width - (unbounded - sum(least))  # less the borders and the padding
    # A column narrower than its widest character (a double-width 漢) could not show it at all.
    letter = [max((cell_len(ch) for cell in (c.header, *c.cells) for ch in _plain(cell)), default=1) for c in columns]
    if sum(most) <= room or sum(letter) > room:
        return [c.width for c in columns]  # it fits as it is; or not even a letter a column does
    cap = max(least)
    while sum(max(min(low, cap), one) for low, one in zip(least, letter, strict=True)) > room:
        cap -= 1
    floor = [max(min(low, cap), one) for low, one in zip(least, letter, strict=True)]
    # The room left, shared fairly: a column that wants less than its share gets all it wants
    # (a name is shown on one line) and the rest goes to the wider ones (a rules text wraps).
    spare, wants = room - sum(floor), [max(0, high - low) for low, high in zip(floor, most, strict=True)]
    widths: list[int | None] = []
    order = sorted(range(len(columns)), key=wants.__getitem__)
    for done, index in enumerate(order):
        given = min(wants[index], spare // (len(order) - done))
        floor[index] += given
        spare -= given
    widths.extend(floor)
    return widths


def _glued(cell: Any) -> Any:
    """A cell with its no-break spaces made part of the words around them (text cells only)."""
    if isinstance(cell, str):
        return cell.replace(NO_BREAK, GLUE)
    if isinstance(cell, Text) and NO_BREAK in cell.plain:
        glued = cell.copy()
        glued.plain = cell.plain.replace(NO_BREAK, GLUE)  # (the same length: the styles stay in place)
        return glued
    return cell


def _dash_kept(title: Any) -> Any:
    """A title whose dash goes with the words after it: a title too long for the window wraps
    before "— games: 1", never leaving a dash alone at a line's end ("Kombinations-Whist 1.5.1 —")."""
    if isinstance(title, str):
        return title.replace("— ", "—" + DASH_GLUE)
    if isinstance(title, Text) and "— " in title.plain:
        kept = title.copy()
        kept.plain = title.plain.replace("— ", "—" + DASH_GLUE)  # (the same length: styles stay)
        return kept
    return title


def _plain(cell: object) -> str:
    """A cell's text as shown (markup read as rich reads it; other renderables: none)."""
    if isinstance(cell, str):
        return Text.from_markup(cell).plain
    return cell.plain if isinstance(cell, Text) else ""


def _widest_line(rendered: Sequence[object]) -> int:
    segments = [segment for segment in rendered if isinstance(segment, Segment)]
    return max((Segment.get_line_length(line) for line in Segment.split_lines(segments)), default=0)
