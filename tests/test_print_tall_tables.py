"""A bid table of the rules reference is laid out whatever its rows' heights, or refused by name.

A table split across pages keeps at least three rows on each side of the break, and moves
whole to the next page when it cannot; a short table taller than a page (four special bids with
rules texts of 1,600 characters) could then never be placed, and the command failed with
ReportLab's own words (``Flowable <KeptTable@0x…> with cell(0,0) containing…``). The class: a
table whose every row fits a page is laid out, every row once, at any place on the page it
starts, keeping the three rows at a break whenever the table could go whole to one page; a row
taller than a page is refused with a message naming the bid and the text to shorten (the reference
prints the rules text, never the short one).
"""

from __future__ import annotations

import dataclasses

import pytest

from printing.docinfo import DocumentInfo
from printing.fonts import load_fonts
from printing.layout import PAPERS
from printing.reference import SPECIAL_COLUMNS, BidTable, Reference, Section
from printing.reference_pdf import MARGIN, MIN_ROWS_AT_BREAK, KeptTable, _Builder, build_pdf, reference_pdf
from rulespec import RuleError

SENTENCE = "The declarer leads and every other player follows suit when able, otherwise plays any card. "
#: The height of the frame on an A4 page (less its padding), and its width.
FRAME = PAPERS["a4"][1] - 2 * MARGIN - 12
WIDTH = PAPERS["a4"][0] - 2 * MARGIN
HEADINGS = ("Designation", "Rank", "Priority", "Incompatibility", "Rules")


def reference(rows: int, rules_chars: int, sections: int, name: str = "Bid") -> Reference:
    """A special-bid table of ``rows`` bids with rules texts of ``rules_chars`` characters, after
    ``sections`` paragraphs of general rules (so that it starts anywhere on a page)."""
    cells = tuple((f"{name} {i}", "3", "1", "Trump, Grill", (SENTENCE * 80)[:rules_chars].strip()) for i in range(rows))
    table = BidTable("special", "Special bids", SPECIAL_COLUMNS, HEADINGS, cells, tuple(f"b{i}" for i in range(rows)))
    general = tuple(Section(f"s{i}", f"Heading {i}", SENTENCE * 5) for i in range(sections))
    info = DocumentInfo("House rules 1.0: Rules reference", "The rules of House rules 1.0", "en")
    return Reference("en", "House rules 1.0", None, "General rules", general, (table,), info)


def table_height(ref: Reference) -> float:
    """The height of the reference's table laid out whole."""
    table = _Builder(ref, load_fonts()).table(ref.tables[0], WIDTH, FRAME)
    return float(table.wrap(WIDTH, FRAME)[1])


@pytest.mark.parametrize("sections", [0, 3, 6, 9])
@pytest.mark.parametrize("rules_chars", [300, 900, 1600, 2400, 3000])
@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 7])
def test_a_table_of_rows_that_fit_a_page_is_laid_out(rows, rules_chars, sections):
    parts: list[tuple[int, int]] = []  # (page, rows of the table on it)

    def placed(flowable, page):
        if isinstance(flowable, KeptTable):
            parts.append((page, flowable.row_count - 1))  # (less the repeated heading)

    ref = reference(rows, rules_chars, sections)
    build_pdf(ref, "a4", placed)
    assert sum(count for _, count in parts) == rows
    assert [page for page, _ in parts] == list(range(parts[0][0], parts[0][0] + len(parts)))
    if len(parts) > 1 and table_height(ref) <= FRAME:  # a table that could go whole to a page…
        assert all(count >= MIN_ROWS_AT_BREAK for _, count in parts), parts  # … keeps the rows at a break


@pytest.mark.parametrize(("tall", "key"), [("rules", "rules"), ("name", "name")])
def test_a_row_taller_than_a_page_is_refused_by_bid_and_text(tall, key):
    ref = reference(3, 300, 2)
    table = ref.tables[0]
    long_row = ("Name " * 400, *table.rows[1][1:]) if tall == "name" else (*table.rows[1][:4], SENTENCE * 90)
    rows = (table.rows[0], long_row, table.rows[2])
    ref = dataclasses.replace(ref, tables=(dataclasses.replace(table, rows=rows),))
    with pytest.raises(RuleError) as caught:
        reference_pdf(ref)
    message = str(caught.value)
    assert "bid 'b1'" in message and f"bids.b1.{key}" in message
    assert "Flowable" not in message and "0x" not in message and "give the bid a 'short'" not in message


@pytest.mark.parametrize("sections", [0, 4, 6, 9])
@pytest.mark.parametrize("last_chars", [3600, 4200, 4800])
@pytest.mark.parametrize("rows", [4, 8, 12])
def test_a_table_ending_in_a_row_nearly_a_page_tall_has_one_part_per_page(rows, last_chars, sections):
    """Found by a print shop: a house bid with a rules text nearly a page long, last in its table.
    Keeping three rows at the break shortened the part on the page, ReportLab put the rest (those
    three rows, taller than a page) below it and split it there: the headings repeated mid-page and
    most of the next page stayed empty. The class: whatever the height of the last row (up to a
    page) and wherever the table starts, each page holds one part of the table, every row once."""
    ref = reference(rows, 300, sections)
    table = ref.tables[0]
    last = (*table.rows[-1][:4], ("lorem ipsum dolor " * 400)[:last_chars].strip())
    ref = dataclasses.replace(ref, tables=(dataclasses.replace(table, rows=(*table.rows[:-1], last)),))
    parts: list[tuple[int, int]] = []

    def placed(flowable, page):
        if isinstance(flowable, KeptTable):
            parts.append((page, flowable.row_count - 1))

    build_pdf(ref, "a4", placed)
    assert sum(count for _, count in parts) == rows
    assert [page for page, _ in parts] == list(range(parts[0][0], parts[0][0] + len(parts))), parts


def test_an_incompatibility_taller_than_a_page_points_at_the_rule_files_list():
    """Found by a print shop: the hint named ``bids.b1.incompatibility``, a key no locale file has
    (the list is the rule file's ``incompatible:``; only the names in it are locale texts)."""
    ref = reference(3, 300, 0)
    table = ref.tables[0]
    names = tuple(f"Uncommonly Long Special Bid {i:03d}" for i in range(150))
    rows = tuple((*row[:3], ", ".join(names) if i == 1 else row[3], row[4]) for i, row in enumerate(table.rows))
    lists = tuple(names if i == 1 else ("Trump", "Grill") for i in range(3))
    ref = dataclasses.replace(ref, tables=(dataclasses.replace(table, rows=rows, name_lists=lists),))
    with pytest.raises(RuleError) as caught:
        reference_pdf(ref)
    assert "incompatibility of bid 'b1'" in caught.value.message
    hint = caught.value.hint or ""
    assert "bids.b1.incompatibility" not in hint and "'incompatible:' of bid 'b1' (150 bids" in hint and "group" in hint
