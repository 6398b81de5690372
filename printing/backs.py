"""Card backs for double-sided printing: one back page after each sheet of cards.

The printer turns the paper over before printing the back page, so each back must sit
behind its card: mirrored left to right when the paper flips on its long edge (the usual
"long-edge binding" of duplex printers, for portrait pages), top to bottom when it flips on
its short edge. On a short-edge flip the back page also comes out upside down, so the design
is turned half a turn to read the right way up once the card is turned over.

Backs are one colour to their cut lines and a little beyond (:data:`OVERRUN`, never into the
safe margin: on Letter only 0.35 mm above and below), so that a sheet printed slightly off
register leaves no white edge on a card.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printing.fitting import fit_title
from printing.fonts import FontSet
from printing.layout import CARD_HEIGHT, CARD_WIDTH, MM, SAFE_MARGIN, Sheet

#: The flip edges a duplex printer offers, as ``--flip`` names them.
FLIPS = ("long", "short")
BACK_COLOR: Color = HexColor("#23395d")
FRAME_INSET = 4 * MM
#: How far the back's colour runs past the card's edges (less where the safe margin is nearer).
OVERRUN = 1.5 * MM
SUIT_SYMBOLS = "♠♥♦♣"


def back_slot(sheet: Sheet, index: int, flip: str = "long") -> tuple[float, float]:
    """The bottom-left corner, on the back page, of the back of slot ``index``'s card."""
    x, y = sheet.slot(index)
    if flip == "long":
        return sheet.width - x - CARD_WIDTH, y
    if flip == "short":
        return x, sheet.height - y - CARD_HEIGHT
    raise ValueError(f"unknown flip edge '{flip}' (one of: {', '.join(FLIPS)})")


def overrun(sheet: Sheet) -> tuple[float, float]:
    """How far a back's colour runs past the grid, sideways and up and down: :data:`OVERRUN`, or
    less where the safe margin is nearer (on Letter, 0.35 mm above and below the three rows)."""
    across, along = (max(0.0, min(OVERRUN, room - SAFE_MARGIN)) for room in (sheet.grid_left, sheet.grid_bottom))
    return across, along


class BackPainter:
    """Draws the back of a card: a coloured field, a frame, the suits and the game's title."""

    def __init__(self, fonts: FontSet, title: str) -> None:
        self.fonts = fonts
        self.title = fonts.check(title, "the card back's title")
        self.symbols = fonts.check(SUIT_SYMBOLS, "the card back's suits")

    def draw(
        self, canvas: Canvas, x: float, y: float, bleed: float | tuple[float, float] = 0.0, upside_down: bool = False
    ) -> None:
        """One back with its bottom-left (trim) corner at ``x``, ``y``; colour runs ``bleed`` past it
        (one length, or sideways and up and down)."""
        across, along = bleed if isinstance(bleed, tuple) else (bleed, bleed)
        canvas.saveState()
        canvas.translate(x, y)
        if upside_down:
            canvas.translate(CARD_WIDTH, CARD_HEIGHT)
            canvas.rotate(180)
        canvas.setFillColor(BACK_COLOR)
        canvas.rect(-across, -along, CARD_WIDTH + 2 * across, CARD_HEIGHT + 2 * along, stroke=0, fill=1)
        canvas.setStrokeColor(white)
        canvas.setLineWidth(0.8)
        inset = FRAME_INSET
        canvas.roundRect(inset, inset, CARD_WIDTH - 2 * inset, CARD_HEIGHT - 2 * inset, 2 * MM, stroke=1, fill=0)
        canvas.setFillColor(white)
        centre_x, centre_y = CARD_WIDTH / 2, CARD_HEIGHT / 2
        canvas.setFont(self.fonts.bold, 26)
        for (dx, dy), symbol in zip(((0, 1), (1, 0), (0, -1), (-1, 0)), self.symbols, strict=True):
            canvas.drawCentredString(centre_x + dx * 11 * MM, centre_y + dy * 11 * MM - 9, symbol)
        title, size = fit_title(self.title, self.fonts.bold, 9.0, CARD_WIDTH - 2 * inset - 4 * MM)
        canvas.setFont(self.fonts.bold, size)
        canvas.drawCentredString(centre_x, inset + 6 * MM, title)
        canvas.restoreState()

    def sheet(self, canvas: Canvas, sheet: Sheet, count: int, flip: str) -> None:
        """The back page of a sheet holding ``count`` cards."""
        bleed = overrun(sheet)
        for index in range(count):
            self.draw(canvas, *back_slot(sheet, index, flip), bleed=bleed, upside_down=flip == "short")
