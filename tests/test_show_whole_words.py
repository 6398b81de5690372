"""``whist show`` at 80 columns keeps every word of a bid table whole (whist/tablewords.py).

``whist show --ids --lang sv`` printed "kombinationsbude" / "ts rang": the table's longest words
were two columns too wide to stand side by side with rich's padding, so the widest column was
narrowed and its word folded. A table whose words do not fit with the padding at its edges now
drops that padding first (the borders still part the columns), and only then folds a word. The
class: every bid table of every bundled rule set, in English and Swedish, with ids or without, at
the width of a pipe: no cell's word is split over two lines (an older version too, whenever its
longest words fit side by side without the edges' padding).
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.text import Text

from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names, bundled_versions
from whist.tables import bid_tables
from whist.tablewords import KEPT_SPACE, Table

REFS = [ref for name in bundled_names() for ref in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]


def _columns(shown: str) -> list[list[str]]:
    """What each column of a rendered table shows, line by line (border characters dropped)."""
    rows = [re.split("[│┃]", line)[1:-1] for line in shown.splitlines() if line.startswith(("│", "┃"))]
    return [list(column) for column in zip(*rows, strict=True)] if rows else []


def _split_words(table: Table, width: int) -> list[tuple[str, int]]:
    """The words of ``table``'s cells that no line of their column shows whole, and the column."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(table)
    shown = _columns(out.getvalue())
    cut = []
    for index, column in enumerate(table.columns):
        for cell in (column.header, *column.cells):
            plain = Text.from_markup(cell).plain if isinstance(cell, str) else getattr(cell, "plain", "")
            for word in plain.split():  # a name kept together (KEPT_SPACE) is one word here
                if not any(word.replace(KEPT_SPACE, " ") in line for line in shown[index]):
                    cut.append((word, index))
    return cut


@pytest.mark.parametrize("ids", [False, True], ids=["names", "ids"])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", REFS)
def test_no_word_of_a_bid_table_is_split_at_80_columns(ref: str, lang: str, ids: bool) -> None:
    rules = load_ruleset(ref)
    texts = load_texts(rules, lang)
    texts.escape = escape  # as whist show makes them (shown through rich)
    for table in bid_tables(rules, texts, ids=ids):
        if "@" in ref and _fit_without_edges(table, 80) > 0:
            continue  # an old version's 22-letter id (taintless_masters_game) leaves too little room
        assert _split_words(table, 80) == [], (ref, lang, table.title)


def _fit_without_edges(table: Table, width: int) -> int:
    """By how many columns the longest words, side by side with the borders and the padding
    between columns (not at the edges), are wider than ``width``."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    table.pad_edge = False
    try:
        return Measurement.get(console, console.options.update_width(10**6), table).minimum - width
    finally:
        table.pad_edge = True


def test_the_padding_at_the_edges_goes_before_a_word_is_split() -> None:
    """Two words of 37 and 38 letters: with the padding at the table's edges, 82 columns; without, 80."""
    table = Table()
    table.add_column("a" * 37)
    table.add_column("b" * 38)
    table.add_row("x", "y")
    assert _split_words(table, 80) == []
    assert _split_words(table, 79) != []  # (narrower still, a word folds: nothing is dropped)
