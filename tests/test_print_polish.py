"""Printing details a person notices on paper: margins, backs, preview DPI, hyphens, boxes, page breaks.

Each is checked on the real output: PDFs read back with pypdf or rendered to pixels, PNG
headers read byte by byte, and the commands run as a person runs them.
"""

from __future__ import annotations

import io
import re
import struct
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageChops
from reportlab.platypus import Table

from printing.backs import back_slot
from printing.cards import write_cards
from printing.facts import bid_face
from printing.layout import CARD_HEIGHT, CARD_WIDTH, MM, PAPERS, SAFE_MARGIN, sheet_for
from printing.preview import render_pages
from printing.reference import build_reference
from printing.reference_pdf import MIN_ROWS_AT_BREAK, build_pdf
from rulespec import load_ruleset
from rulespec.bidtext import incompatibility_text
from rulespec.locale import load_texts

DPI = 50
WHITE = 250  # a pixel at least this light in every channel counts as paper


def images(pdf: bytes, dpi: int = DPI) -> list[Image.Image]:
    return [Image.open(io.BytesIO(png)).convert("RGB") for png in render_pages(pdf, dpi)]


def inked(image: Image.Image, box: tuple[float, float, float, float]) -> float:
    """The share of non-paper pixels in ``box`` (PDF points, origin bottom left) of a page image."""
    scale = DPI / 72
    left, bottom, right, top = box
    crop = image.crop(
        (
            round(left * scale),
            round(image.height - top * scale),
            round(right * scale),
            round(image.height - bottom * scale),
        )
    )
    red, green, blue = crop.split()
    darkest = ImageChops.darker(ImageChops.darker(red, green), blue).histogram()  # each pixel's darkest channel
    return sum(darkest[:WHITE]) / max(1, sum(darkest))


def run_whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "whist", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def combo():
    return load_ruleset("combo-whist")


# --- the safe margin ------------------------------------------------------------------------


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_marks_and_cards_stay_inside_the_safe_margin(paper: str) -> None:
    sheet = sheet_for(paper)
    assert SAFE_MARGIN >= 6 * MM
    assert min(sheet.grid_left, sheet.grid_bottom) >= SAFE_MARGIN
    for count in range(1, sheet.per_page + 1):
        for x1, y1, x2, y2 in sheet.cut_marks(count):
            assert min(x1, x2) >= SAFE_MARGIN and max(x1, x2) <= sheet.width - SAFE_MARGIN
            assert min(y1, y2) >= SAFE_MARGIN and max(y1, y2) <= sheet.height - SAFE_MARGIN


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("flip", ["long", "short"])
def test_nothing_is_drawn_in_the_margin_of_any_page(combo, paper: str, flip: str) -> None:
    result = write_cards(combo, load_texts(combo, "en"), paper=paper, backs=True, flip=flip)
    width, height = PAPERS[paper]
    border = SAFE_MARGIN - 72 / DPI  # one pixel of rounding
    for number, image in enumerate(images(result.pdf), 1):
        for box in (
            (0, 0, width, border),
            (0, height - border, width, height),
            (0, 0, border, height),
            (width - border, 0, width, height),
        ):
            assert inked(image, box) == 0, f"page {number} ({paper}, {flip}) has ink within {SAFE_MARGIN / MM} mm"


# --- card backs -----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lies_behind_its_card_once_the_paper_is_turned(combo, paper: str, flip: str) -> None:
    bids = ["trump", "lock", "misery", "grill"]  # a full row and one card of the next: not symmetric
    result = write_cards(combo, load_texts(combo, "en"), bids, paper=paper, backs=True, flip=flip)
    assert result.pages == 2
    front, back = images(result.pdf)
    sheet = sheet_for(paper)
    # Turn the back page over the way the printer does, so that it lies under the front.
    turned = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT if flip == "long" else Image.Transpose.FLIP_TOP_BOTTOM)
    for index in range(sheet.per_page):
        x, y = sheet.slot(index)
        inner = (x + 3 * MM, y + 3 * MM, x + CARD_WIDTH - 3 * MM, y + CARD_HEIGHT - 3 * MM)
        has_card = index < len(bids)
        assert (inked(front, inner) > 0.05) == has_card
        assert (inked(turned, inner) > 0.5) == has_card, f"slot {index}: back not behind its card"
        bx, by = back_slot(sheet, index, flip)
        assert {"long": (round(bx + x + CARD_WIDTH), round(by)), "short": (round(bx), round(by + y + CARD_HEIGHT))}[
            flip
        ] == ({"long": (round(sheet.width), round(y)), "short": (round(x), round(sheet.height))}[flip])


def test_backs_on_print_shop_pages_follow_each_card(combo) -> None:
    result = write_cards(combo, load_texts(combo, "en"), ["trump", "lock"], bleed=3, backs=True)
    reader = pypdf.PdfReader(io.BytesIO(result.pdf))
    assert len(reader.pages) == 4
    texts = [page.extract_text() or "" for page in reader.pages]
    assert "Trump" in texts[0] and "Lock" in texts[2]
    assert all("Combo Whist" in t and "Trump" not in t.replace("Combo Whist", "") for t in (texts[1], texts[3]))


def test_the_backs_option_of_the_command(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    done = run_whist("cards", "--backs", "--flip", "short", "--paper", "letter", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert len(pypdf.PdfReader(out).pages) == 8  # 31 cards: 4 sheets, each followed by its backs
    wrong = run_whist("cards", "--backs", "--flip", "sideways", "-o", str(out))
    assert wrong.returncode != 0 and "sideways" in wrong.stderr and "Traceback" not in wrong.stderr


# --- PNG previews ----------------------------------------------------------------------------


def png_chunks(data: bytes) -> dict[bytes, bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks[kind] = data[at + 8 : at + 8 + length]
        at += 12 + length
    return chunks


@pytest.mark.parametrize("dpi", [72, 150, 300])
def test_png_previews_carry_their_dpi(tmp_path: Path, dpi: int) -> None:
    out = tmp_path / "card.png"
    done = run_whist("cards", "--bids", "trump", "--dpi", str(dpi), "-o", str(out))
    assert done.returncode == 0, done.stderr
    x, y, unit = struct.unpack(">IIB", png_chunks(out.read_bytes())[b"pHYs"])
    assert unit == 1 and x == y == round(dpi / 0.0254)  # pixels per metre


# --- the facts of a card -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_bid_names_in_the_incompatibility_line_are_whole(combo, lang: str) -> None:
    texts = load_texts(combo, lang)
    specials = [b for b in combo.special_bids if b.incompatible_ids]
    result = write_cards(combo, texts, [b.id for b in specials], bleed=0)
    pages = [page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages]
    for bid, page in zip(specials, pages, strict=True):
        line = incompatibility_text(bid, combo, texts)
        assert " ".join(line.split()) in " ".join(page.split()), (bid.id, line, page)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_game_without_an_auction_prints_no_rank_score_or_trump(lang: str) -> None:
    """Christmas Whist deals kinds of hand, bid by nobody: a card calls itself one, with its rules
    and no rank, score, trump or "tricks: see rules" (its rules are on the card)."""
    rules = load_ruleset("christmas-whist")
    texts = load_texts(rules, lang)
    for bid in rules.standard_bids:
        face = bid_face(bid, rules, texts)
        assert face.worth is None and face.worth_values is None
        assert [f.key for f in face.fields] == ([] if bid.tricks is None else ["tricks"])
        assert face.kind_label == texts.label("hand_type")
    result = write_cards(rules, texts, bleed=0)
    pages = [page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages]
    for page in pages:
        assert texts.label("worth").upper() not in page  # the strip's rank label
        assert texts.label("hand_type").upper() in page
        for label in ("standard_bid", "special_bid"):
            assert texts.label(label).upper() not in page, (label, page)
        for label in ("score", "trump"):
            assert not re.search(rf"^{texts.label(label)}\b", page, re.MULTILINE), (label, page)
        assert texts.label("tricks_see_rules") not in " ".join(page.split())  # (a rules text may begin "Tricks")
    avoid = pages[1]  # "Avoid Tricks": each trick scores minus one
    assert "\u22121" in avoid and not re.search(r"(?<![\w.])-1", avoid)


def test_a_game_with_an_auction_keeps_its_boxes(combo) -> None:
    texts = load_texts(combo, "en")
    face = bid_face(combo.bids["trump"], combo, texts)
    assert face.worth == "1" and [f.key for f in face.fields] == ["score", "trump", "tricks"]
    justice = bid_face(combo.bids["justice"], combo, texts)
    assert justice.worth == "\u22124"


# --- the rules PDF ---------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["combo-whist", "combo-whist@1.0.0", "combo-whist@1.3.0", "christmas-whist"])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_no_page_holds_a_lone_table_row(ruleset: str, lang: str, paper: str) -> None:
    rules = load_ruleset(ruleset)
    ref = build_reference(rules, load_texts(rules, lang))
    parts: list[int] = []
    build_pdf(
        ref,
        paper,
        lambda flowable, page: parts.append(len(flowable._cellvalues) - 1) if isinstance(flowable, Table) else None,
    )
    sizes = {len(table.rows) for table in ref.tables}
    assert parts
    for rows in parts:
        assert rows >= MIN_ROWS_AT_BREAK or rows in sizes, parts


@pytest.mark.parametrize(("lang", "one"), [("en", "cards: 1, pages: 1"), ("sv", "kort: 1, sidor: 1")])
def test_one_card_is_counted_in_words_that_fit_one(lang: str, one: str, tmp_path: Path) -> None:
    """'wrote w.pdf: 1 cards on 1 page(s)': the count goes after its word, as every count of one can."""
    result = run_whist("cards", "combo-whist", "--bids", "trump", "--lang", lang, "-o", str(tmp_path / "one.pdf"))
    assert result.returncode == 0 and one in result.stdout, result.stdout + result.stderr
    assert " 1 cards" not in result.stdout and "page(s)" not in result.stdout
