"""The PDFs' text reads in the order of the page: what a screen reader says, and what a copy gives.

A PDF's text layer keeps the order in which the texts were drawn, not where they stand. A card
was drawn strip first and facts from the bottom, so its text read "RANK 0 STANDARD BID Misery /
Combo Whist 1.5.1 1/1 / Tricks see rules / Trump no / Score 1 / <rules text>", while the card
shows its name, the rules text, Score, Trump, Tricks and then the footer; the Swedish Pest card
read Inkompatibilitet before Prioritet. The rules PDF began every page with its footer.

The class, for every card of the bundled rule sets (a game with an auction, one without) in
English and Swedish: the text in the column beside the strip comes from the top of the card to
its foot, each line left to right; the strip (rank, then the bid type) comes right after the
name; and the whole text is the card's texts in that order. Every page of the rules reference
begins with its topmost text and ends with its footer.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pypdf
import pytest

from printing.cards import CONTENT_LEFT, STRIP, CardsResult, card_faces, write_cards
from printing.facts import BidFace
from printing.reference import build_reference
from printing.reference_pdf import reference_pdf
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.titles import title_of

RULE_SETS = ("combo-whist", "christmas-whist")
LANGUAGES = ("en", "sv")
#: Points within which two texts stand on one line (a line's parts share their baseline).
SAME_LINE = 0.5


@dataclass(frozen=True)
class Shown:
    """A piece of text as drawn: its characters and where its baseline begins on the page."""

    text: str
    x: float
    y: float


def drawn(page: pypdf.PageObject) -> list[Shown]:
    """The texts of ``page`` in the order of its content stream (the order a reader gets them)."""
    shown: list[Shown] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            shown.append(Shown(text.strip(), x, y))

    page.extract_text(visitor_text=visit)
    return shown


def squash(text: str) -> str:
    """Text as compared: no whitespace, no hyphens (lines break and hyphenate anywhere)."""
    return re.sub(r"[\s\-\u00ad]", "", text)


def in_page_order(texts: list[Shown]) -> bool:
    """Whether ``texts`` go from the top of the page down, each line left to right."""
    for before, after in zip(texts, texts[1:], strict=False):
        same_line = abs(after.y - before.y) <= SAME_LINE
        if (same_line and after.x <= before.x) or (not same_line and after.y > before.y):
            return False
    return True


def expected_text(face: BidFace, footer: str, used_short: bool) -> str:
    """A card's texts in the order the card is read: the name; the rank (its label, then each
    value, "or" between them) and the bid type, in the strip; the rules text; each fact, label
    then value, from the top; the rule set's title and the copy number."""
    parts = [face.name]
    if face.worth is not None:
        values = list(face.worth_values) if face.worth_values else [face.worth]
        parts += [face.worth_label.upper(), f" {face.or_word} ".join(values)]
    parts.append(face.kind_label.upper())
    parts.append((face.short if used_short else face.rules) or "")
    for fact in face.fields:
        parts += [fact.label, fact.value]
    parts += [footer, "1/1"]
    return squash(" ".join(parts))


@pytest.fixture(scope="module", params=[(r, lang) for r in RULE_SETS for lang in LANGUAGES], ids=str)
def printed(request: pytest.FixtureRequest) -> tuple[list[BidFace], CardsResult, str]:
    """Every card of a rule set in a language, one card a page (no bleed, no marks)."""
    ruleset, lang = request.param
    rules = load_ruleset(ruleset)
    texts = load_texts(rules, lang)
    return card_faces(rules, texts), write_cards(rules, texts, bleed=0), title_of(rules, texts)


def test_every_card_reads_in_the_order_it_is_seen(printed: tuple[list[BidFace], CardsResult, str]) -> None:
    faces, result, footer = printed
    pages = pypdf.PdfReader(io.BytesIO(result.pdf)).pages
    assert len(pages) == len(faces) == len(result.cards)
    for face, report, page in zip(faces, result.cards, pages, strict=True):
        texts = drawn(page)
        column = [t for t in texts if t.x >= CONTENT_LEFT - SAME_LINE]
        strip = [i for i, t in enumerate(texts) if t.x < STRIP]
        assert in_page_order(column), f"{face.bid_id}: {[t.text for t in texts]}"
        # The strip is read in one run, after the name (what stands before it) and down the strip.
        assert strip == list(range(strip[0], strip[-1] + 1)), face.bid_id
        assert squash("".join(t.text for t in texts[: strip[0]])) == squash(face.name), face.bid_id
        assert [texts[i].y for i in strip] == sorted((texts[i].y for i in strip), reverse=True), face.bid_id
        assert squash("".join(t.text for t in texts)) == expected_text(face, footer, report.used_short)


def test_facts_read_from_the_top() -> None:
    """The Swedish Pest card, as it was found: Prioritet (above) before Inkompatibilitet."""
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, "sv")
    text = pypdf.PdfReader(io.BytesIO(write_cards(rules, texts, ["plague"], bleed=0).pdf)).pages[0].extract_text()
    assert text.index(texts.label("priority")) < text.index(texts.label("incompatibility"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_begin_at_the_top_and_end_with_the_footer(lang: str) -> None:
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    ref = build_reference(rules, texts)
    pages = pypdf.PdfReader(io.BytesIO(reference_pdf(ref))).pages
    assert len(pages) > 1
    for number, page in enumerate(pages, start=1):
        texts_drawn = drawn(page)
        *body, title, page_number = texts_drawn
        assert (title.text, page_number.text) == (ref.title, str(number))
        assert body[0].y == max(t.y for t in body), f"page {number} begins with {body[0].text!r}"
        assert min(t.y for t in body) > title.y
    assert drawn(pages[0])[0].text == ref.title
