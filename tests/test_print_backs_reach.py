"""How far the colour of card backs runs past the cut lines, on every paper: as far as the README says.

The README promised 1.5 mm past the cut lines; on Letter the backs reached 0.35 mm on every side,
because the room above and below the three rows (6.35 mm, of which 6 mm is the margin home
printers clip) was taken for the sides too. The class: on every paper, for either flip, the
colour of the back page runs past the grid by 1.5 mm where the safe margin leaves room for it and
by all the room there is elsewhere, never into the safe margin; and the README says the numbers
the layout gives.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from printing.backs import BACK_COLOR, FLIPS, OVERRUN
from printing.cards import write_cards
from printing.layout import MM, PAPERS, SAFE_MARGIN, sheet_for
from rulespec import load_ruleset
from tests.test_printing import texts_for

ROOT = Path(__file__).resolve().parent.parent
DPI = 144  # two pixels a point
SCALE = DPI / 72


def coloured_box(pdf: bytes, page: int) -> tuple[float, float, float, float]:
    """Left, bottom, right, top (points from the bottom left) of the back colour on a page."""
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[page].render(scale=SCALE, may_draw_forms=False).to_pil()
    finally:
        document.close()
    colour = tuple(round(c * 255) for c in (BACK_COLOR.red, BACK_COLOR.green, BACK_COLOR.blue))
    difference = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, colour))
    mask = difference.convert("L").point(lambda level: 255 if level < 6 else 0)
    box = mask.getbbox()
    assert box is not None
    x0, y0, x1, y1 = box  # (from the top left, in pixels, the right and lower edges outside)
    return x0 / SCALE, (image.height - y1) / SCALE, x1 / SCALE, (image.height - y0) / SCALE


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("combo-whist")


@pytest.mark.parametrize("flip", FLIPS)
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_backs_run_past_the_cut_lines_as_far_as_the_margin_allows(rules, paper, flip):
    sheet = sheet_for(paper)
    ids = list(rules.bids)[: sheet.per_page]  # a full sheet
    pdf = write_cards(rules, texts_for(rules, "en"), ids, paper=paper, backs=True, flip=flip).pdf
    left, bottom, right, top = coloured_box(pdf, 1)
    grid_right = sheet.grid_left + sheet.columns * 63.5 * MM
    grid_top = sheet.grid_bottom + sheet.rows * 88.9 * MM
    tolerance = 1.5 / SCALE  # (a pixel and a half)
    for past, room in (
        (sheet.grid_left - left, sheet.grid_left),
        (right - grid_right, sheet.width - grid_right),
        (sheet.grid_bottom - bottom, sheet.grid_bottom),
        (top - grid_top, sheet.height - grid_top),
    ):
        expected = min(OVERRUN, room - SAFE_MARGIN)
        assert abs(past - expected) <= tolerance, (paper, flip, past / MM, expected / MM)


def test_the_readme_says_how_far_the_backs_run():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    part = readme[readme.index("**Double-sided printing") :][:1200]
    letter = sheet_for("letter")
    said = {float(n) for n in re.findall(r"(\d+(?:\.\d+)?) mm", part)}
    assert round(OVERRUN / MM, 2) in said
    assert round((letter.grid_bottom - SAFE_MARGIN) / MM, 2) in said  # (Letter's top and bottom)
    assert "Letter" in part
