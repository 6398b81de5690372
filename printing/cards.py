"""Bid cards as a print-ready PDF.

A card (poker size, portrait) has a coloured strip along its left edge — one colour for
standard bids, another for special bids — holding the worth at the top corner and the bid
type along the edge. Beside the strip: the bid's name, its rules text (set as large as
fits, between :data:`RULES_LARGEST` and :data:`RULES_SMALLEST` points, never overflowing),
and at the foot the bid's facts (score, trump, tricks; or priority, incompatibility), the
rule set's title and version, and the copy number.

:func:`write_cards` lays the cards out on home sheets or on print-shop pages (see
:mod:`printing.layout`). The PDF is written in ReportLab's invariant mode: the same input
gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printing.backs import BackPainter
from printing.docinfo import document_info
from printing.facts import BidFace, bid_face, select_bids
from printing.fitting import Fit, fit_line, fit_paragraph, fit_title, name_list, paragraph_style, sizes, unbroken
from printing.fonts import FontSet, load_fonts
from printing.layout import CARD_HEIGHT, CARD_WIDTH, MM, BleedPage, Sheet, sheet_for
from rulespec.errors import RuleError
from rulespec.locale import Texts
from rulespec.model import RuleSet
from rulespec.titles import title_of

#: Strip colours: blue for standard bids, burnt orange for special bids (told apart also
#: without colour vision, and the strip names the type).
KIND_COLORS: dict[str, Color] = {"standard": HexColor("#0b4f8a"), "special": HexColor("#b34a12")}
TEXT_COLOR = HexColor("#1a1a1a")
QUIET_COLOR = HexColor("#6b6b6b")
CUT_LINE_COLOR = HexColor("#9a9a9a")
MARK_COLOR = HexColor("#000000")

SAFE = 3 * MM  # text keeps this far from the trim edge
STRIP = 10 * MM  # width of the coloured strip
GAP = 2.5 * MM  # between the strip and the text
CONTENT_LEFT = STRIP + GAP
CONTENT_WIDTH = CARD_WIDTH - SAFE - CONTENT_LEFT
NAME_LARGEST, NAME_SMALLEST = 14.0, 8.0
RULES_LARGEST, RULES_SMALLEST = 9.0, 5.5
FIELDS_LARGEST, FIELDS_SMALLEST = 7.5, 5.5
FOOTER_SIZE = 5.5
WORTH_LARGEST = 20.0
#: The least size of a worth: the values of a worth are set one under another ("1 / or / 3"), as
#: large as the strip allows, and a worth that does not fit even at this size is refused.
WORTH_SMALLEST = 4.0
#: The worth's values take at most this share of the card's height (the bid type needs the rest).
WORTH_MAX_SHARE = 0.6
OR_STEP = 7.0  # from a value to the "or" under it
#: Labels of the facts take at most this share of the text width.
LABEL_MAX_SHARE = 0.55
#: The facts block takes at most this share of the card's height.
FIELDS_MAX_SHARE = 0.32
#: Facts whose values are bid names (never hyphenated).
NAME_FACTS = frozenset({"incompatibility"})


@dataclass(frozen=True)
class CardReport:
    """How one card was set: the rules text's size and height in its box, and whether the
    short text replaced it (because the rules text did not fit)."""

    bid_id: str
    copy: int
    rules_size: float | None
    used_short: bool
    rules_height: float = 0.0
    rules_box: tuple[float, float] = (0.0, 0.0)  # width, height of the space for the text


@dataclass
class CardsResult:
    """What :func:`write_cards` wrote."""

    pdf: bytes
    pages: int
    cards: list[CardReport] = field(default_factory=list)
    sheet: Sheet | None = None
    title_cut: bool = False  # the title and version did not fit the foot of a card: cut, with "…"


class CardPainter:
    """Draws bid cards on a ReportLab canvas, checking every text against the font first."""

    def __init__(self, fonts: FontSet, language: str, footer: str) -> None:
        self.fonts = fonts
        self.language = language
        self.footer = footer
        self.footer_cut = False  # (a title too long for the foot of a card is cut: the command says so)

    # --- text helpers ----------------------------------------------------------------------

    def _check(self, text: str, what: str, face: BidFace, font: str) -> str:
        return self.fonts.check(text, f"{what} of bid '{face.bid_id}' ({self.language})", font)

    def _style(
        self, font: str, color: Color = TEXT_COLOR, hyphenate: bool = True, language: str | None = None
    ) -> Callable[[float], ParagraphStyle]:
        """Styles in ``font`` by size (hyphenated in ``language``, by default the card's, unless told not to)."""
        language = (language or self.language) if hyphenate else None
        return lambda size: paragraph_style(f"{font}-{size}", font, size, language, color=color)

    def _centred(self, canvas: Canvas, text: str, font: str, size: float, x: float, y: float) -> None:
        canvas.setFont(font, size)
        canvas.drawCentredString(x, y, text)

    def _size_to_width(self, text: str, font: str, largest: float, width: float) -> float:
        natural = stringWidth(text, font, 1.0)
        return min(largest, width / natural) if natural else largest

    # --- the card ----------------------------------------------------------------------------

    def draw(
        self, canvas: Canvas, face: BidFace, x: float, y: float, copy: int, copies: int, bleed: float = 0.0
    ) -> CardReport:
        """Draw ``face`` with its bottom-left (trim) corner at ``x``, ``y``; return its report.

        The texts are drawn in the order a reader takes them in: the name, the strip (rank, then
        bid type), the rules text, the facts from the top, the footer. A PDF's text layer keeps the
        order of drawing, and screen readers and copied text follow it, so the parts are measured
        first (the facts and footer decide the room for the rules text) and drawn after.
        """
        canvas.saveState()
        canvas.translate(x, y)
        color = KIND_COLORS.get(face.kind, KIND_COLORS["special"])
        canvas.setFillColor(color)
        canvas.rect(-bleed, -bleed, STRIP + bleed, CARD_HEIGHT + 2 * bleed, stroke=0, fill=1)
        name_bottom = self._name(canvas, face, color)
        worth_bottom = self._strip(canvas, face)
        self._kind_label(canvas, face, worth_bottom)
        facts, facts_top = self._place_facts(face)
        report = self._rules(canvas, face, copy, top=name_bottom - 2.2 * MM, bottom=facts_top + 2.5 * MM)
        self._facts(canvas, facts, facts_top)
        self._footer(canvas, face, copy, copies)
        canvas.restoreState()
        return report

    def _strip(self, canvas: Canvas, face: BidFace) -> float:
        """The worth at the top of the (drawn) strip; returns the y below it."""
        canvas.setFillColor(white)
        if face.worth is None:  # no rank applies: the bid type takes the whole strip
            return CARD_HEIGHT - SAFE
        centre = STRIP / 2
        label = self._check(face.worth_label.upper(), "the worth label", face, self.fonts.bold)
        label, label_size = fit_line(label, self.fonts.bold, 5.0, STRIP - 1.5 * MM)
        y = CARD_HEIGHT - SAFE - label_size
        self._centred(canvas, label, self.fonts.bold, label_size, centre, y)
        parts = list(face.worth_values) if face.worth_values else [face.worth]
        or_word = self._check(face.or_word, "the word 'or'", face, self.fonts.regular)
        or_word, or_size = fit_line(or_word, self.fonts.regular, 6.0, STRIP - 1.5 * MM)
        size = self._worth_size(face, parts, room=y - CARD_HEIGHT * (1 - WORTH_MAX_SHARE))
        for index, part in enumerate(parts):
            if index:
                y -= OR_STEP
                self._centred(canvas, or_word, self.fonts.regular, or_size, centre, y)
            y -= size * 0.78 + 2.5
            self._centred(canvas, part, self.fonts.bold, size, centre, y)
        return y - 3 * MM

    def _worth_size(self, face: BidFace, parts: list[str], room: float) -> float:
        """The size of the worth (each of its values one under the other, with "or" between) that
        fits the strip's width and ``room`` in height; never below :data:`WORTH_SMALLEST`: a worth
        that cannot be read there is refused, never printed as a grey smudge."""
        for part in parts:
            self._check(part, "the worth", face, self.fonts.bold)
        largest = WORTH_LARGEST if len(parts) == 1 else 15.0
        by_width = min(self._size_to_width(p, self.fonts.bold, largest, STRIP - 2 * MM) for p in parts)
        count = len(parts)
        by_height = (room - 2.5 * count - OR_STEP * (count - 1)) / (0.78 * count)
        size = min(by_width, by_height)
        if size < WORTH_SMALLEST:
            shown = f" {face.or_word} ".join(parts)
            raise RuleError(
                f"the rank of bid '{face.bid_id}' ({self.language}), {shown}, does not fit the strip of its card "
                f"at {WORTH_SMALLEST} pt",
                hint="a card shows a rank of a few digits, or up to about a dozen possible values one under "
                "another: give the bid's worth fewer values",
            )
        return size

    def _kind_label(self, canvas: Canvas, face: BidFace, top: float) -> None:
        """The bid type along the strip, reading upwards, centred below the worth."""
        text = self._check(face.kind_label.upper(), "the bid type", face, self.fonts.bold)
        length = top - SAFE
        text, size = fit_line(text, self.fonts.bold, 8.0, length)
        canvas.saveState()
        canvas.translate(STRIP / 2 + size * 0.36, SAFE + length / 2)
        canvas.rotate(90)
        canvas.setFillColor(white)
        self._centred(canvas, text, self.fonts.bold, size, 0, 0)
        canvas.restoreState()

    def _name(self, canvas: Canvas, face: BidFace, color: Color) -> float:
        """The bid's name at the top, one line if it can, else two; returns the y below its rule."""
        name = self._check(face.name, "the name", face, self.fonts.bold)
        style = self._style(self.fonts.bold, hyphenate=False)
        top = CARD_HEIGHT - SAFE
        fit = fit_paragraph(name, style, CONTENT_WIDTH, NAME_LARGEST * 1.3, NAME_LARGEST, 10.0, max_lines=1)
        fit = fit or fit_paragraph(name, self._style(self.fonts.bold), CONTENT_WIDTH, 40.0, 11.0, NAME_SMALLEST)
        if fit is None:
            raise RuleError(
                f"the name of bid '{face.bid_id}' ({self.language}) does not fit on its card",
                hint=f"shorten bids.{face.bid_id}.name in the locale file",
            )
        fit.paragraph.drawOn(canvas, CONTENT_LEFT, top - fit.height + (fit.size * 0.25))
        rule_y = top - fit.height - 1.2 * MM
        canvas.setStrokeColor(color)
        canvas.setLineWidth(0.8)
        canvas.line(CONTENT_LEFT, rule_y, CARD_WIDTH - SAFE, rule_y)
        return rule_y

    def _footer(self, canvas: Canvas, face: BidFace, copy: int, copies: int) -> None:
        """The rule set's title and version, and the copy number, at the foot."""
        canvas.setFillColor(QUIET_COLOR)
        number = self._check(f"{copy}/{copies}", "the copy number", face, self.fonts.regular)
        number_width = stringWidth(number, self.fonts.regular, FOOTER_SIZE)
        footer = self._check(self.footer, "the footer", face, self.fonts.regular)
        footer, footer_size = fit_title(footer, self.fonts.regular, FOOTER_SIZE, CONTENT_WIDTH - number_width - 6)
        self.footer_cut = self.footer_cut or footer != self.footer
        canvas.setFont(self.fonts.regular, footer_size)
        canvas.drawString(CONTENT_LEFT, SAFE, footer)
        canvas.setFont(self.fonts.regular, FOOTER_SIZE)
        canvas.drawRightString(CARD_WIDTH - SAFE, SAFE, number)

    def _place_facts(self, face: BidFace) -> tuple[list[tuple[Fit, Fit, float, float]], float]:
        """The facts' rows from the top (label, value, label width, the row's top), stacked up from
        above the footer; and the y of the line above them."""
        rows = self.fit_fields(face, CARD_HEIGHT * FIELDS_MAX_SHARE)
        placed: list[tuple[Fit, Fit, float, float]] = []
        y = SAFE + FOOTER_SIZE + 1.8 * MM
        for label_fit, value_fit, label_width in reversed(rows):
            y += max(label_fit.height, value_fit.height)
            placed.insert(0, (label_fit, value_fit, label_width, y))
            y += 0.6 * MM
        return placed, y + 0.6 * MM

    def _facts(self, canvas: Canvas, rows: list[tuple[Fit, Fit, float, float]], top: float) -> None:
        """The line above the facts and the facts, from the top (as :meth:`_place_facts` placed them)."""
        canvas.setStrokeColor(CUT_LINE_COLOR)
        canvas.setLineWidth(0.4)
        canvas.line(CONTENT_LEFT, top, CARD_WIDTH - SAFE, top)
        for label_fit, value_fit, label_width, row_top in rows:
            label_fit.paragraph.drawOn(canvas, CONTENT_LEFT, row_top - label_fit.height)
            value_fit.paragraph.drawOn(canvas, CONTENT_LEFT + label_width, row_top - value_fit.height)

    def fit_fields(self, face: BidFace, max_height: float) -> list[tuple[Fit, Fit, float]]:
        """Label and value paragraphs of every fact, at the largest size at which all fit."""
        for size in sizes(FIELDS_LARGEST, FIELDS_SMALLEST):
            rows = self._fields_at(face, size)
            if rows is not None:
                height = sum(max(a.height, b.height) for a, b, _ in rows) + 0.6 * MM * len(rows)
                if height <= max_height:
                    return rows
        longest = max(face.fields, key=lambda f: len(f.value))  # (the fact that takes the most room)
        hint = (
            f"its {longest.label.rstrip(':')} names {len(longest.names)} bids and groups: shorten the longest names "
            "(bids.<id>.name), or give the bids a group and name that in 'incompatible'"
            if longest.names
            else f"shorten its {longest.label.rstrip(':')} ({longest.value[:40]})"
        )
        raise RuleError(f"the facts of bid '{face.bid_id}' ({self.language}) do not fit on its card", hint=hint)

    def _fields_at(self, face: BidFace, size: float) -> list[tuple[Fit, Fit, float]] | None:
        labels = [self._check(f.label, f"the label '{f.key}'", face, self.fonts.bold) for f in face.fields]
        widest = max((stringWidth(label, self.fonts.bold, size) for label in labels), default=0)
        label_width = widest + 2 * MM
        if label_width > CONTENT_WIDTH * LABEL_MAX_SHARE:
            return None
        rows = []
        for label, fact in zip(labels, face.fields, strict=True):
            value_width = CONTENT_WIDTH - label_width
            value = self._check(fact.value, f"the {fact.key}", face, self.fonts.regular)
            label_fit = fit_paragraph(label, self._style(self.fonts.bold), label_width, 100, size, size)
            value_style = self._style(self.fonts.regular, hyphenate=fact.key not in NAME_FACTS)
            if fact.names:  # a list of names: it breaks between them (see name_list)
                shown = name_list(fact.names, self.fonts.regular, size, value_width)
                value = self._check(shown, f"the {fact.key}", face, self.fonts.regular)
                value_style = unbroken(value_style)
            value_fit = fit_paragraph(value, value_style, value_width, 100, size, size)
            if label_fit is None or value_fit is None:
                return None
            rows.append((label_fit, value_fit, label_width))
        return rows

    def _rules(self, canvas: Canvas, face: BidFace, copy: int, top: float, bottom: float) -> CardReport:
        """The rules text in the space left, as large as fits; the short text if the rules cannot."""
        height = top - bottom
        candidates = [(face.rules, False), (face.short, True)]
        for text, is_short in candidates:
            if not text:
                continue
            english = ("short" if is_short else "rules") in face.in_english  # (a stand-in: English words)
            style = self._style(self.fonts.regular, language="en" if english else None)
            self._check(text, "the rules text" if not is_short else "the short text", face, self.fonts.regular)
            fit = fit_paragraph(text, style, CONTENT_WIDTH, height, RULES_LARGEST, RULES_SMALLEST)
            if fit is not None:
                fit.paragraph.drawOn(canvas, CONTENT_LEFT, top - fit.height)
                return CardReport(face.bid_id, copy, fit.size, is_short, fit.height, (CONTENT_WIDTH, height))
        if face.rules or face.short:
            raise RuleError(
                f"the rules text of bid '{face.bid_id}' ({self.language}) does not fit on its card "
                f"even at {RULES_SMALLEST} pt",
                hint=f"shorten bids.{face.bid_id}.rules in the locale file, or give the bid a 'short' text",
            )
        return CardReport(face.bid_id, copy, None, False, 0.0, (CONTENT_WIDTH, height))


def _draw_segments(
    canvas: Canvas, segments: Iterable[tuple[float, float, float, float]], color: Color, width: float
) -> None:
    canvas.setStrokeColor(color)
    canvas.setLineWidth(width)
    for x1, y1, x2, y2 in segments:
        canvas.line(x1, y1, x2, y2)


def card_faces(rules: RuleSet, texts: Texts, bid_ids: Iterable[str] | None = None) -> list[BidFace]:
    """The faces of the chosen bids (all by default), in print order."""
    return [bid_face(bid, rules, texts) for bid in select_bids(rules, bid_ids)]


def write_cards(
    rules: RuleSet,
    texts: Texts,
    bid_ids: Iterable[str] | None = None,
    copies: int = 1,
    paper: str = "a4",
    bleed: float | None = None,
    cut_marks: bool | None = None,
    backs: bool = False,
    flip: str = "long",
) -> CardsResult:
    """The card PDF: ``copies`` of every chosen bid's card, set after set.

    ``bleed`` (mm) given: one card per page with TrimBox and BleedBox, crop marks only when
    ``cut_marks``. Otherwise home sheets of ``paper``, with cut marks unless ``cut_marks`` is False.
    ``backs``: a page of card backs after each page, placed for a duplex printer that turns the
    paper over on its ``flip`` edge (``long`` or ``short``; see :mod:`printing.backs`).
    """
    fonts = load_fonts()
    faces = card_faces(rules, texts, bid_ids)
    title = title_of(rules, texts)
    painter = CardPainter(fonts, texts.language, title)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, lang=texts.language)
    document_info("cards", rules, texts).set_on(canvas)
    jobs = [(face, copy) for copy in range(1, copies + 1) for face in faces]
    result = CardsResult(b"", 0)
    back = BackPainter(fonts, title) if backs else None
    if bleed is not None:
        page = BleedPage(bleed * MM, bool(cut_marks))
        canvas.setPageSize(page.size)
        canvas.setTrimBox(page.trim_box)
        canvas.setBleedBox(page.bleed_box)
        for face, copy in jobs:
            result.cards.append(painter.draw(canvas, face, *page.origin, copy, copies, bleed=page.bleed))
            _draw_segments(canvas, page.crop_marks(), MARK_COLOR, 0.3)
            canvas.showPage()
            result.pages += 1
            if back is not None:  # one card per page: its back is centred whatever the flip
                back.draw(canvas, *page.origin, bleed=page.bleed, upside_down=flip == "short")
                _draw_segments(canvas, page.crop_marks(), MARK_COLOR, 0.3)
                canvas.showPage()
                result.pages += 1
    else:
        sheet = sheet_for(paper)
        result.sheet = sheet
        canvas.setPageSize((sheet.width, sheet.height))
        for start in range(0, len(jobs), sheet.per_page):
            chunk = jobs[start : start + sheet.per_page]
            for index, (face, copy) in enumerate(chunk):
                result.cards.append(painter.draw(canvas, face, *sheet.slot(index), copy, copies))
            _draw_segments(canvas, sheet.cut_lines(len(chunk)), CUT_LINE_COLOR, 0.3)
            if cut_marks is not False:
                _draw_segments(canvas, sheet.cut_marks(len(chunk)), MARK_COLOR, 0.3)
            canvas.showPage()
            result.pages += 1
            if back is not None:
                back.sheet(canvas, sheet, len(chunk), flip)
                canvas.showPage()
                result.pages += 1
    canvas.save()
    result.pdf = buffer.getvalue()
    result.title_cut = painter.footer_cut
    return result
