"""One-line texts on cards and pages stay readable and inside their box, however long.

A house rule's title (``title:`` in its locale) and version were set at whatever size made them
fit the foot of a card: a long one came out at a fraction of a point, a dotted line; on the card
back the same, and in the rules reference's page footer at full size, running off the page. The
labels along a card's strip (``RANK``, ``STANDARD BID``), translated long, shrank the same way.
The class: every such line is set by :func:`printing.fitting.fit_line`, never below its least
size and never wider than its box, cut with "…" when it cannot fit (and ``whist cards`` says so).
"""

from __future__ import annotations

import dataclasses
import io

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.cards import write_cards
from printing.fitting import LEAST_LINE_SIZE, fit_line
from printing.fonts import load_fonts
from printing.reference import build_reference
from printing.reference_pdf import reference_pdf
from tests.test_printing import texts_for

LONG_TITLE = "The Extraordinarily Long Title of Our Wonderful Neighbourhood Whist Club and Society " * 3


@settings(derandomize=True, max_examples=200, deadline=None)
@given(
    st.text(alphabet="aAiWmM .,-0123456789åäö♠", max_size=400),
    st.floats(4.0, 12.0),
    st.floats(10.0, 400.0),  # (every box is wider than an ellipsis)
)
def test_a_line_fits_its_box_at_a_readable_size(text: str, largest: float, width: float) -> None:
    font = load_fonts().regular
    shown, size = fit_line(text, font, largest, width)
    assert LEAST_LINE_SIZE <= size <= largest
    if shown == text:  # whole: it fits
        assert stringWidth(text, font, size) <= width + 0.01
    else:  # cut: a beginning of it and an ellipsis, fitting at the least size, as long as can fit
        assert shown.endswith("…") and text.startswith(shown[:-1])
        assert size == LEAST_LINE_SIZE and stringWidth(shown, font, size) <= width + 0.01
        longer = text[: len(shown[:-1].rstrip()) + 1].rstrip() + "…"
        assert longer == shown or stringWidth(longer, font, size) > width


def _words(pdf: bytes) -> str:
    return " ".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture(scope="module")
def rules():
    from rulespec import load_ruleset

    return load_ruleset("combo-whist")


def test_a_long_title_is_cut_on_the_cards_and_their_backs(rules, monkeypatch) -> None:
    assert not write_cards(rules, texts_for(rules, "en"), ["trump"], backs=True).title_cut
    monkeypatch.setattr("printing.cards.title_of", lambda *_: LONG_TITLE)
    result = write_cards(rules, texts_for(rules, "en"), ["trump"], backs=True)
    assert result.title_cut
    words = _words(result.pdf)
    assert "The Extraordinarily Long Title" in words and "…" in words
    assert LONG_TITLE.strip() not in words


def test_long_strip_labels_are_cut_not_shrunk_away(rules) -> None:
    texts = texts_for(rules, "sv")
    texts.data.setdefault("labels", {})["standard_bid"] = "Standardbud " * 12
    texts.data["labels"]["worth"] = "Rangordning " * 5
    words = _words(write_cards(rules, texts, ["trump"]).pdf)
    assert "STANDARDBUD" in words and "…" in words


def test_a_long_title_is_cut_in_the_reference_footer(rules) -> None:
    texts = texts_for(rules, "en")
    reference = dataclasses.replace(build_reference(rules, texts), title=LONG_TITLE)
    words = _words(reference_pdf(reference))
    assert "The Extraordinarily Long Title" in words and "…" in words
