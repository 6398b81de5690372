"""Where cards go on paper: card size, home sheets (cards edge to edge) and print-shop pages.

All lengths are PDF points (1/72 inch); :data:`MM` converts. Coordinates start at the
bottom left of the page, as in PDF.

*Home sheets* put as many cards as fit on the paper in a grid, edge to edge, so that one
cut separates two cards; the grid is centred, and cut marks outside it extend every cut
line into the margin. *Print-shop pages* hold one card each: the page is the card plus a
bleed on every side (plus room for crop marks when asked), with TrimBox and BleedBox set.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

MM: float = mm  # reportlab has no annotations: its millimetre, in points
#: Poker-size cards: 63.5 × 88.9 mm (2.5 × 3.5 in).
CARD_WIDTH = 63.5 * MM
CARD_HEIGHT = 88.9 * MM
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
#: Nothing is printed nearer the paper's edge than this: home printers clip 4–6 mm, so marks
#: and cards alike stay inside (on Letter, 3 rows of cards leave 6.35 mm above and below).
SAFE_MARGIN = 6 * MM
#: Smallest margin kept around the grid of a home sheet.
MIN_MARGIN = SAFE_MARGIN
#: Cut marks: the gap between the grid (or the bleed) and a mark, and a mark's longest length.
MARK_GAP = 1.5 * MM
MARK_LENGTH = 5 * MM
#: Room outside the bleed for crop marks on print-shop pages.
SLUG = MARK_GAP + MARK_LENGTH + 1 * MM

Segment = tuple[float, float, float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Sheet:
    """A home sheet: the paper and the grid of card slots on it."""

    paper: str
    width: float
    height: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def grid_left(self) -> float:
        return (self.width - self.columns * CARD_WIDTH) / 2

    @property
    def grid_bottom(self) -> float:
        return (self.height - self.rows * CARD_HEIGHT) / 2

    def slot(self, index: int) -> tuple[float, float]:
        """The bottom-left corner of slot ``index`` on a page (row by row from the top left)."""
        row, column = divmod(index % self.per_page, self.columns)
        x = self.grid_left + column * CARD_WIDTH
        y = self.grid_bottom + (self.rows - 1 - row) * CARD_HEIGHT
        return x, y

    def cut_lines(self, count: int) -> list[Segment]:
        """The shared cut lines (card edges) of a page holding ``count`` cards."""
        lines: set[Segment] = set()
        for index in range(count):
            x, y = self.slot(index)
            right, top = x + CARD_WIDTH, y + CARD_HEIGHT
            lines.update({(x, y, right, y), (x, top, right, top), (x, y, x, top), (right, y, right, top)})
        return sorted(lines)

    def cut_marks(self, count: int) -> list[Segment]:
        """Marks in the margin continuing each cut line of a page holding ``count`` cards."""
        used_columns = min(count, self.columns)
        used_rows = -(-count // self.columns)
        left, bottom = self.grid_left, self.grid_bottom + (self.rows - used_rows) * CARD_HEIGHT
        right, top = left + used_columns * CARD_WIDTH, self.grid_bottom + self.rows * CARD_HEIGHT
        horizontal = min(MARK_LENGTH, self.grid_left - MARK_GAP - SAFE_MARGIN)
        vertical = min(MARK_LENGTH, self.grid_bottom - MARK_GAP - SAFE_MARGIN)
        marks: list[Segment] = []
        if vertical > 1 * MM:
            for column in range(used_columns + 1):
                x = left + column * CARD_WIDTH
                marks.append((x, top + MARK_GAP, x, top + MARK_GAP + vertical))
                marks.append((x, bottom - MARK_GAP - vertical, x, bottom - MARK_GAP))
        if horizontal > 1 * MM:
            for row in range(used_rows + 1):
                y = top - row * CARD_HEIGHT
                marks.append((left - MARK_GAP - horizontal, y, left - MARK_GAP, y))
                marks.append((right + MARK_GAP, y, right + MARK_GAP + horizontal, y))
        return marks


def sheet_for(paper: str) -> Sheet:
    """The grid of cards that fits on ``paper`` (``a4``: 3 × 3, ``letter``: 3 × 3)."""
    width, height = PAPERS[paper]
    columns = int((width - 2 * MIN_MARGIN) // CARD_WIDTH)
    rows = int((height - 2 * MIN_MARGIN) // CARD_HEIGHT)
    if columns < 1 or rows < 1:  # pragma: no cover - every paper in PAPERS holds cards
        raise ValueError(f"no card fits on {paper}")
    return Sheet(paper, width, height, columns, rows)


@dataclass(frozen=True)
class BleedPage:
    """A print-shop page: one card, with ``bleed`` on every side and room for crop marks."""

    bleed: float
    marks: bool

    @property
    def margin(self) -> float:
        """From the page edge to the card's trim edge."""
        return self.bleed + (SLUG if self.marks else 0)

    @property
    def size(self) -> tuple[float, float]:
        return CARD_WIDTH + 2 * self.margin, CARD_HEIGHT + 2 * self.margin

    @property
    def origin(self) -> tuple[float, float]:
        """The card's bottom-left (trim) corner on the page."""
        return self.margin, self.margin

    @property
    def trim_box(self) -> Box:
        x, y = self.origin
        return x, y, x + CARD_WIDTH, y + CARD_HEIGHT

    @property
    def bleed_box(self) -> Box:
        x, y, right, top = self.trim_box
        return x - self.bleed, y - self.bleed, right + self.bleed, top + self.bleed

    def crop_marks(self) -> list[Segment]:
        """Corner marks continuing the trim edges, outside the bleed."""
        if not self.marks:
            return []
        left, bottom, right, top = self.trim_box
        start, end = self.bleed + MARK_GAP, self.bleed + MARK_GAP + MARK_LENGTH
        marks: list[Segment] = []
        for x in (left, right):
            marks.append((x, top + start, x, top + end))
            marks.append((x, bottom - end, x, bottom - start))
        for y in (bottom, top):
            marks.append((left - end, y, left - start, y))
            marks.append((right + start, y, right + end, y))
        return marks
