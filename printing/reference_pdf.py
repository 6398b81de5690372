"""The rules reference as PDF: headings and paragraphs, then the two bid tables (ReportLab Platypus)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError

from printing.cards import KIND_COLORS, QUIET_COLOR, TEXT_COLOR
from printing.fitting import TextParagraph, fit_title, markup, name_list, paragraph_style
from printing.fonts import FontSet, load_fonts
from printing.layout import MM, PAPERS
from printing.reference import BidTable, Reference
from rulespec.errors import RuleError

MARGIN = 18 * MM
BODY_SIZE = 9.5
TABLE_SIZE = 7.5
#: Widest a table column grows to fit its texts on one line (mm); the rules column takes the rest.
_MAX_WIDTHS = {
    "designation": 30,
    "worth": 14,
    "score": 18,
    "trump": 12,
    "tricks": 18,
    "priority": 16,
    "incompatibility": 32,
}
CELL_PADDING = 4
#: The locale key of a column's text, where it is not the column's own name.
_LOCALE_KEYS = {"designation": "name"}
_TEXT_WORDS = {"rules": "rules text", "designation": "name"}
_ALIGN = {"worth": TA_RIGHT, "score": TA_RIGHT, "priority": TA_RIGHT, "trump": TA_CENTER}


#: Fewest rows of a bid table left alone on a page at either side of a page break.
MIN_ROWS_AT_BREAK = 3


class KeptTable(Table):
    """A table that, split across pages, leaves at least :data:`MIN_ROWS_AT_BREAK` rows on each
    side of the break (a row or two alone at the top of the last page looks like a mistake) when
    it can. A table taller than a page (a few bids with long rules texts) cannot go whole to the
    next page: there it is split where it must, as few as its rows may be. Each page holds one part:
    the rows kept back for the next page go there whole, or the break is not moved."""

    #: The height of a page's frame: a table taller than that is split wherever it has to be.
    frame_height: float = 0.0

    @property
    def row_count(self) -> int:
        """The table's rows, repeated header rows included (ReportLab keeps its cells privately)."""
        return len(self._cellvalues)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803 - ReportLab's names
        parts = self._split_kept(availWidth, availHeight)
        for part in parts:  # (ReportLab makes the parts as tables of this class, without the frame)
            if isinstance(part, KeptTable):
                part.frame_height = self.frame_height
        return parts

    def _split_kept(self, width: float, height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(width, height)  # two tables of this class, or none
        if len(parts) != 2:
            return parts
        header = self.repeatRows if isinstance(self.repeatRows, int) else max(self.repeatRows) + 1
        body = self.row_count - header
        first = self.row_count_of(parts[0]) - header
        if first >= MIN_ROWS_AT_BREAK and body - first >= MIN_ROWS_AT_BREAK:
            return parts
        keep = min(first, body - MIN_ROWS_AT_BREAK)
        heights = self._rowHeights
        rest = sum(heights[:header]) + sum(heights[header + keep :])  # the shorter split's second part
        # A shorter first part leaves room below it, where ReportLab puts the rest if it can: that
        # rest must go whole to the next page, or it is split again there, its headings mid-page.
        if keep >= MIN_ROWS_AT_BREAK and rest <= self.frame_height:
            shorter: list[Flowable] = super().split(width, sum(self._rowHeights[: header + keep]) + 0.01)
            return shorter
        if sum(self._rowHeights) <= self.frame_height:
            return []  # the whole table goes to the next page, where it fits
        return parts  # it fits no page whole: split where it must

    @staticmethod
    def row_count_of(table: Flowable) -> int:
        return len(getattr(table, "_cellvalues", ()))


class _Builder:
    """Turns a :class:`Reference` into flowables, checking every text against the font."""

    def __init__(self, ref: Reference, fonts: FontSet) -> None:
        self.ref = ref
        self.fonts = fonts
        lang = ref.language
        self.title = paragraph_style("title", fonts.bold, 20, leading=1.25)
        self.subtitle = paragraph_style("subtitle", fonts.italic, 10, color=QUIET_COLOR)
        self.h2 = paragraph_style("h2", fonts.bold, 14, leading=1.3)
        self.h3 = paragraph_style("h3", fonts.bold, 10.5, leading=1.3)
        self.h2.keepWithNext = self.h3.keepWithNext = 1
        self.body = paragraph_style("body", fonts.regular, BODY_SIZE, lang, leading=1.4, color=TEXT_COLOR)
        cell: dict[str, Any] = {"leading": 1.3, "split_long_words": True}
        self.cell = paragraph_style("cell", fonts.regular, TABLE_SIZE, lang, color=TEXT_COLOR, **cell)
        self.name_cell = paragraph_style("name", fonts.bold, TABLE_SIZE, lang, color=TEXT_COLOR, **cell)
        self.head_cell = paragraph_style("head", fonts.bold, TABLE_SIZE, lang, color=white, **cell)
        self.name_list = paragraph_style("names", fonts.regular, TABLE_SIZE, color=TEXT_COLOR, **cell)
        self.name_list.embeddedHyphenation = 0  # ("Slut-Hund" is one name: never "Slut-" / "Hund")
        self.aligned = {c: ParagraphStyle(f"cell-{c}", parent=self.cell, alignment=a) for c, a in _ALIGN.items()}

    def para(self, text: str, style: ParagraphStyle, where: str) -> Paragraph:
        self.fonts.check(text, f"{where} ({self.ref.language})", style.fontName)
        return TextParagraph(markup(text), style)

    def story(self, width: float, height: float) -> list[Flowable]:
        ref = self.ref
        story: list[Flowable] = [self.para(ref.title, self.title, "the title")]
        if ref.based_on:
            story.append(self.para(ref.based_on, self.subtitle, "the title"))
        story.append(Spacer(1, 4 * MM))
        if ref.sections:
            story.append(self.para(ref.general_title, self.h2, "a heading"))
            story.append(Spacer(1, 2 * MM))
            for section in ref.sections:
                heading = self.para(section.heading, self.h3, f"the heading of general.{section.key}")
                text = self.para(section.text, self.body, f"general.{section.key}")
                story += [KeepTogether([heading, Spacer(1, 1 * MM), text]), Spacer(1, 3 * MM)]
        for table in ref.tables:
            story += [Spacer(1, 4 * MM), self.para(table.title, self.h2, "a heading"), Spacer(1, 2 * MM)]
            story.append(self.table(table, width, height))
        return story

    def column_widths(self, table: BidTable, width: float) -> list[float]:
        """Each column as wide as its texts on one line, within its limit (longer texts wrap and
        hyphenate), never narrower than a word of its heading; the rules column takes the rest."""
        widths: list[float] = []
        for index, column in enumerate(table.columns):
            if column not in _MAX_WIDTHS:
                widths.append(0.0)
                continue
            font = self.name_cell.fontName if column == "designation" else self.cell.fontName
            texts = [row[index] for row in table.rows]
            natural = max((stringWidth(t, font, TABLE_SIZE) for t in texts), default=0.0)
            heading = [stringWidth(w, self.head_cell.fontName, TABLE_SIZE) for w in table.headings[index].split()]
            inner = max(min(natural, _MAX_WIDTHS[column] * MM - 2 * CELL_PADDING), *heading, 0.0)
            widths.append(inner + 2 * CELL_PADDING + 0.5)
        rest = width - sum(widths)
        return [w if w else rest for w in widths]

    def table(self, table: BidTable, width: float, height: float) -> Table:
        widths = self.column_widths(table, width)
        head = [self.para(h, self.head_cell, "a table heading") for h in table.headings]
        rows = [head]
        room = height - _row_height(head, widths)  # a row is never split: it fits below the repeated heading
        names = dict(zip(table.bid_ids, table.name_lists, strict=True)) if table.name_lists else {}
        for bid_id, row in zip(table.bid_ids, table.rows, strict=True):
            cells = []
            for index, (column, text) in enumerate(zip(table.columns, row, strict=True)):
                style = self.name_cell if column == "designation" else self.aligned.get(column, self.cell)
                if column == "incompatibility" and names.get(bid_id):  # (breaks between names only)
                    text = name_list(names[bid_id], self.cell.fontName, TABLE_SIZE, widths[index] - 2 * CELL_PADDING)
                    style = self.name_list
                cells.append(self.para(text, style, f"the {column} of bid '{bid_id}'"))
            if _row_height(cells, widths) > room:
                tallest = max(
                    zip(cells, widths, table.columns, strict=True),
                    key=lambda c: c[0].wrap(c[1] - 2 * CELL_PADDING, 1e9)[1],
                )
                raise RuleError(
                    f"the {_TEXT_WORDS.get(tallest[2], tallest[2])} of bid '{bid_id}' ({self.ref.language}) is "
                    "longer than a page of the rules reference can hold",
                    hint=_shorten_hint(bid_id, tallest[2], len(names.get(bid_id, ()))),
                )
            rows.append(cells)
        color = KIND_COLORS.get(table.kind, KIND_COLORS["special"])
        result = KeptTable(rows, colWidths=widths, repeatRows=1)
        result.frame_height = height
        result.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, 0), color),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("GRID", (0, 0), (-1, -1), 0.4, HexColor("#bbbbbb")),
                    ("LINEBEFORE", (0, 1), (0, -1), 3, color),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, HexColor("#f4f4f4")]),
                    ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                    ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                    ("TOPPADDING", (0, 0), (-1, -1), 3),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        return result


def _shorten_hint(bid_id: str, column: str, names: int) -> str:
    """What to shorten when a bid's ``column`` makes its row taller than a page: a locale text, or
    (the Incompatibility, which no locale holds) the rule file's ``incompatible:`` list."""
    if column == "incompatibility":
        return (
            f"the list is the rule file's 'incompatible:' of bid '{bid_id}' ({names} bids and groups): give those "
            "bids a group and name the group there instead, or shorten the longest names (bids.<id>.name in the "
            "locale file)"
        )
    key = _LOCALE_KEYS.get(column, column)
    return (
        f"shorten bids.{bid_id}.{key} in the locale file (the reference prints the rules text in full: a bid's "
        "'short' text is for its card)"
    )


def _row_height(cells: list[Paragraph], widths: list[float]) -> float:
    """The height a table row of these paragraphs takes (with the cells' padding)."""
    inner = [cell.wrap(width - 2 * CELL_PADDING, 1e9)[1] for cell, width in zip(cells, widths, strict=True)]
    return max(inner, default=0.0) + 6


def reference_pdf(ref: Reference, paper: str = "a4") -> bytes:
    """The reference as PDF bytes (the same input gives the same bytes)."""
    return build_pdf(ref, paper)


def build_pdf(ref: Reference, paper: str = "a4", placed: Callable[[Any, int], None] | None = None) -> bytes:
    """:func:`reference_pdf`, telling ``placed`` each flowable drawn and its page (for tests)."""
    fonts = load_fonts()
    builder = _Builder(ref, fonts)
    footer = fonts.check(ref.title, f"the footer ({ref.language})")
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=PAPERS[paper],
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        invariant=1,
        **ref.info.template_options(),
    )

    def page_footer(canvas: Canvas, document: BaseDocTemplate) -> None:
        canvas.saveState()
        page_width = document.pagesize[0]
        shown, size = fit_title(footer, fonts.regular, 7, page_width - 2 * MARGIN - 12 * MM)  # (beside the number)
        canvas.setFont(fonts.regular, size)
        canvas.setFillColor(QUIET_COLOR)
        canvas.drawString(MARGIN, MARGIN / 2, shown)
        if size != 7:
            canvas.setFont(fonts.regular, 7)
        canvas.drawRightString(document.pagesize[0] - MARGIN, MARGIN / 2, str(document.page))
        canvas.restoreState()

    if placed is not None:
        doc.afterFlowable = lambda flowable: placed(flowable, doc.page)
    # The footer is drawn when the page is full, after its text: a PDF's text layer keeps the order of
    # drawing, and a screen reader (or a copy of the text) would otherwise begin every page with it.
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="text")
    doc.addPageTemplates([PageTemplate("page", [frame], onPageEnd=page_footer, pagesize=doc.pagesize)])
    room = doc.height - 12  # (the frame's own padding, 6 points above and below)
    try:
        doc.build(builder.story(doc.width, room))
    except LayoutError:  # (what the check of each row does not foresee: never a traceback, nor ReportLab's words)
        raise RuleError(
            f"the rules reference cannot be laid out ({ref.language}): a part of it is taller than a page",
            hint="shorten the longest texts in the locale file (a section of the general rules, a bid's rules)",
        ) from None
    return buffer.getvalue()
