"""One-line texts on cards and pages stay readable and inside their box, however long.

A house rule's title (``title:`` in its locale) and version were set at whatever size made them
fit the foot of a card: a long one came out at a fraction of a point, a dotted line; on the card
back the same, and in the rules reference's page footer at full size, running off the page. The
labels along a card's strip (``RANK``, ``STANDARD BID``), translated long, shrank the same way.
The class: every such line is set by :func:`printing.fitting.fit_line`, never below its least
size and never wider than its box, cut with "…" when it cannot fit (and ``whist cards`` says so).
A title is cut before its version, which stays: cut from its end, cards of two versions of a
house rule could no longer be told apart.
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
from printing.fitting import LEAST_LINE_SIZE, fit_line, fit_title
from printing.fonts import load_fonts
from printing.reference import build_reference
from printing.reference_pdf import reference_pdf
from tests.test_printing import texts_for

LONG_TITLE = (
    "The Extraordinarily Long Title of Our Wonderful Neighbourhood Whist Club and Society " * 3 + "1.5.1+club.7"
)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(
    st.text(alphabet="aAiWmM .,-0123456789åäö♠", max_size=400),
    st.floats(4.0, 12.0),
    st.floats(10.0, 400.0),  # (every box is wider than an ellipsis)
    st.integers(0, 60),
)
def test_a_line_fits_its_box_at_a_readable_size(text: str, largest: float, width: float, keep_end: int) -> None:
    font = load_fonts().regular
    shown, size = fit_line(text, font, largest, width, keep_end=keep_end)
    assert LEAST_LINE_SIZE <= size <= largest
    if shown == text:  # whole: it fits
        assert stringWidth(text, font, size) <= width + 0.01
        return
    # Cut: a beginning of it, an ellipsis and its kept end (when that fits), at the least size,
    # the beginning as long as can fit.
    assert size == LEAST_LINE_SIZE and stringWidth(shown, font, size) <= width + 0.01
    kept = 0 < keep_end < len(text) and stringWidth("…" + text[-keep_end:], font, size) <= width
    tail = text[-keep_end:] if kept else ""
    assert shown.endswith("…" + tail)
    head = shown[: len(shown) - len(tail) - 1]
    body = text[: len(text) - len(tail)]
    assert body.startswith(head)
    longer = body[: len(head.rstrip()) + 1].rstrip() + "…" + tail
    assert longer == shown or stringWidth(longer, font, size) > width


VERSIONS = st.from_regex(r"[0-9]{1,3}(\.[0-9]{1,3}){0,3}(\+[a-z0-9.]{1,12})?", fullmatch=True)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.text(alphabet="aAiWm .åä♠", min_size=1, max_size=300), VERSIONS, st.floats(60.0, 300.0))
def test_a_cut_title_keeps_its_version(name: str, version: str, width: float) -> None:
    """A title is cut before its version, never through it: printed cards say which version they are."""
    font = load_fonts().regular
    title = f"{name} {version}"
    shown, size = fit_title(title, font, 7.0, width)
    if stringWidth(title, font, LEAST_LINE_SIZE) <= width:
        assert shown == title
    else:
        assert shown.endswith("… " + version) or shown.endswith("…" + version) and name.endswith(" ")
        assert size == LEAST_LINE_SIZE and stringWidth(shown, font, size) <= width + 0.01


def test_a_very_long_title_is_cut_before_its_version() -> None:
    shown, _size = fit_title("Our Club " * 40 + "2.0.1+club.3", load_fonts().regular, 7.0, 150.0)
    assert shown.startswith("Our Club Our") and shown.endswith("… 2.0.1+club.3")


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
    assert words.count("… 1.5.1+club.7") == 2  # the version stays, on the face and on the back


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
    assert "The Extraordinarily Long Title" in words and "… 1.5.1+club.7" in words


def _shipped() -> list[str]:
    from pathlib import Path

    from rulespec.locate import bundled_names, bundled_versions

    root = Path(__file__).resolve().parent.parent
    versions = [f"{name}@{v}" for name in bundled_names() for v in bundled_versions(name)]
    return [*bundled_names(), *versions, *(str(p) for p in sorted((root / "bids" / "examples").glob("*.yaml")))]


SHIPPED = _shipped()


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", SHIPPED)
def test_no_shipped_title_is_cut_on_a_card(ref: str, lang: str) -> None:
    """The free-point example's Swedish title was cut ("… (gratispoäng efter poän… 1.5.1+free.1") on
    all its cards: the cut is for a stranger's long title, never one the project ships."""
    from rulespec import load_ruleset

    shipped = load_ruleset(ref)
    first = next(iter(shipped.bids))
    assert not write_cards(shipped, texts_for(shipped, lang), [first]).title_cut
