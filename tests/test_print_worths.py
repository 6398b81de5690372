"""A card's rank (worth) is set at a readable size, however many values it can have, or refused.

A worth that depends on the combo prints as its possible values. Up to three were set one under
another; four or more went on one line across the 10 mm strip, shrunk to fit it with no lower
bound: ``−3 or 2 or 7 or 15`` came out at about 2 pt. The class: whatever the values (how many,
how long), every text drawn in the strip — the rank's label, each value, each "or" — is at least
4 pt and no wider than the strip, with room left for the bid type below; or the card is refused
with a message naming the bid and its rank.
"""

from __future__ import annotations

import dataclasses
import io
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

import printing.cards
from printing.cards import STRIP, WORTH_SMALLEST, CardPainter, card_faces, write_cards
from printing.facts import display_number
from printing.fonts import load_fonts
from printing.layout import MM
from rulespec import RuleError, load_ruleset
from tests.test_printing import texts_for

ROOT = Path(__file__).resolve().parent.parent
#: The tester's worth: four values (−3, 2, 7, 15).
FOUR_WORTHS = '-3 if standard.id == "misery" else (7 if standard.id == "trump" else (15 if standard.trump else 2))'


class Recording(Canvas):
    """A canvas that keeps every centred string drawn (the strip's texts) with its font and size."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.drawn: list[tuple[str, str, float]] = []
        Recording.last = self

    def drawCentredString(self, x, y, text, *args, **kwargs):  # noqa: N802 - ReportLab's name
        self.drawn.append((text, self._fontname, self._fontsize))
        return super().drawCentredString(x, y, text, *args, **kwargs)


def check_strip(drawn: list[tuple[str, str, float]], values: list[str]) -> None:
    """Every value was drawn, and every centred text is readable and inside the strip."""
    texts = [text for text, _, _ in drawn]
    assert all(value in texts for value in values), (values, texts)
    for text, font, size in drawn:
        assert size >= WORTH_SMALLEST - 1e-9, (text, size)
        if text in values:
            assert stringWidth(text, font, size) <= STRIP - 2 * MM + 0.01, (text, size)


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("combo-whist")


@settings(derandomize=True, max_examples=60, deadline=None, database=None)
@given(
    values=st.lists(st.integers(-(10**9), 10**9), min_size=1, max_size=20, unique=True),
    lang=st.sampled_from(["en", "sv"]),
)
def test_a_worth_of_any_values_is_readable_or_refused(rules, values, lang):
    texts = texts_for(rules, lang)
    face = next(f for f in card_faces(rules, texts) if f.bid_id == "lock")
    shown = [display_number(str(v)) for v in sorted(values)]
    face = dataclasses.replace(
        face, worth=f" {face.or_word} ".join(shown), worth_values=tuple(shown) if len(shown) > 1 else None
    )
    painter = CardPainter(load_fonts(), lang, "Title 1.0")
    canvas = Recording(io.BytesIO())
    try:
        painter.draw(canvas, face, 0, 0, 1, 1)
    except RuleError as exc:
        assert "bid 'lock'" in str(exc) and "rank" in str(exc)
        assert len(shown) > 3 or max(len(v) for v in shown) > 5  # (a worth like the bundled ones always prints)
        return
    check_strip(canvas.drawn, shown)


def test_the_testers_four_worths_print_readably(monkeypatch, tmp_path):
    monkeypatch.setattr(printing.cards, "Canvas", Recording)
    house = tmp_path / "house.yaml"
    shutil.copy(ROOT / "docs" / "examples" / "house-rules-example.yaml", house)
    with house.open("a", encoding="utf-8") as handle:
        handle.write(f"  - id: lock\n    worth: '{FOUR_WORTHS}'\n")
    rules = load_ruleset(house)
    write_cards(rules, texts_for(rules, "en"), ["lock"], bleed=0)
    check_strip(Recording.last.drawn, ["−3", "2", "7", "15"])
