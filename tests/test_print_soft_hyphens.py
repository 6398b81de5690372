"""A word broken at the end of a line reads as one word in the PDF's text.

The hyphen ReportLab adds where it breaks a word was a real hyphen in the text layer, so a
screen reader said "differ- ent" and a copy gave "spel- föraren". Now it is a soft hyphen
(U+00AD), drawn the same. The class, in every card and the rules reference of the bundled rule
sets, English and Swedish: every word broken at a line's end is, joined again, a word of the
texts printed: with a soft hyphen, the word without it ("auction"); with a hyphen, only a word
that has that hyphen of its own ("non-declarer").
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.cards import card_faces, write_cards
from printing.fitting import SOFT_HYPHEN, soft_hyphens
from printing.fonts import load_fonts
from printing.reference import build_reference
from printing.reference_pdf import reference_pdf
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.titles import title_of

#: A word broken at a line's end in extracted text: its head, the mark, its tail.
BROKEN = re.compile(r"(\S+)([-\u00ad])\n(\S+)")


def one_line(text: str) -> str:
    return " ".join(text.split())


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def printed(ruleset: str, lang: str) -> list[tuple[str, str]]:
    """(the PDF's text, the texts printed in it) for the cards and the rules reference."""
    rules = load_ruleset(ruleset)
    texts = load_texts(rules, lang)
    faces = card_faces(rules, texts)
    card_texts = [title_of(rules, texts)]
    for face in faces:
        card_texts += [face.name, face.rules or "", face.short or "", *(f.value for f in face.fields)]
    ref = build_reference(rules, texts)
    ref_texts = [ref.title, ref.based_on or "", *(s.heading + " " + s.text for s in ref.sections)]
    for table in ref.tables:
        ref_texts += [table.title, *table.headings, *(cell for row in table.rows for cell in row)]
    return [
        (pdf_text(write_cards(rules, texts, bleed=0).pdf), one_line(" ".join(card_texts))),
        (pdf_text(reference_pdf(ref)), one_line(" ".join(ref_texts))),
    ]


@pytest.mark.parametrize("ruleset", ["combo-whist", "christmas-whist"])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_broken_words_join_again(ruleset: str, lang: str) -> None:
    soft = 0
    for text, source in printed(ruleset, lang):
        for head, mark, tail in BROKEN.findall(text):
            word = head + tail if mark == SOFT_HYPHEN else f"{head}-{tail}"
            assert word in source, f"{head}{mark}/{tail} ({lang})"
            soft += mark == SOFT_HYPHEN
    if ruleset == "combo-whist":  # (its long rules texts break words on cards and in the reference)
        assert soft > 0


def test_the_soft_hyphen_is_drawn_as_a_hyphen() -> None:
    """The layout measures the hyphen it adds; the soft one drawn in its place is as wide."""
    fonts = load_fonts()
    for face in (fonts.regular, fonts.bold):
        assert stringWidth(SOFT_HYPHEN, face, 10) == stringWidth("-", face, 10) > 0
        assert fonts.missing_glyphs("-" + SOFT_HYPHEN, face) == []


@pytest.mark.parametrize(
    ("source", "lines", "expected"),
    [
        # A hyphen the layout added, twice in one word: soft; the word's own hyphen stays.
        ("kombinationsbudets rang", [["kom-"], ["bina-"], ["tionsbudets", "rang"]], ["kom\u00ad", "bina\u00ad"]),
        ("a non-declarer leads", [["a", "non-"], ["declarer", "leads"]], ["non-"]),
        # A word cut without a hyphen (table cells, where nothing may stick out) is read on.
        ("Extraordinarily long-winded", [["Extraordina"], ["rily", "long-"], ["winded"]], ["Extraordina", "long-"]),
        # Lines that are not the source's words are drawn as they are.
        ("one two", [["one", "tw-"], ["x"]], ["tw-"]),
    ],
)
def test_only_the_added_hyphens_are_made_soft(source: str, lines: list[list[str]], expected: list[str]) -> None:
    softened = soft_hyphens(source.split(), [(0.0, words) for words in lines])
    ends = [words[-1] for _, words in softened[:-1]]
    assert ends == expected
    assert [words[:-1] for _, words in softened] == [words[:-1] for words in lines]  # (only a line's end changes)
