"""Both PDFs describe themselves the same way, in their own language.

The card PDF said Author "anonymous" and Subject "combo-whist@1.5.1"; the rules PDF Author
"(anonymous)" and Subject "(unspecified)", with a title that did not say what the document is.
The class: for each PDF, each bundled rule set and each language, the title is the rule set's
title with what the document is in that language, the subject is a sentence of that language
naming the rule set's title and id, the author is the same (empty: the rule data names no
author) and the document's language is set; no placeholder of ReportLab's is left.
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from printing.cards import write_cards
from printing.reference import build_reference
from printing.reference_pdf import reference_pdf
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from rulespec.model import RuleSet
from rulespec.titles import title_of

#: What each PDF is, by the label that names it.
DOCUMENTS = {"cards": "bid_cards", "rules": "rules_reference"}


def written(document: str, rules: RuleSet, texts: Texts) -> bytes:
    if document == "cards":
        return write_cards(rules, texts, [next(iter(rules.bids))], bleed=0).pdf
    return reference_pdf(build_reference(rules, texts))


@pytest.mark.parametrize("ruleset", ["combo-whist", "christmas-whist"])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_title_subject_and_author(document: str, ruleset: str, lang: str) -> None:
    rules = load_ruleset(ruleset)
    texts = load_texts(rules, lang)
    reader = pypdf.PdfReader(io.BytesIO(written(document, rules, texts)))
    info = reader.metadata
    assert info is not None
    title = title_of(rules, texts)
    assert info.title == f"{title}: {texts.label(DOCUMENTS[document])}"
    assert info.subject == texts.label(f"pdf_subject_{document}", title=title, ruleset=rules.id)
    assert title in info.subject and rules.id in info.subject
    assert info.author == ""
    assert info.creator == "whist-rules (printing)"
    assert reader.trailer["/Root"]["/Lang"] == lang
    for value in (info.title, info.subject):
        assert not re.search(r"anonymous|unspecified|untitled|\{", value), value


def test_swedish_subjects_are_swedish() -> None:
    """The labels differ from the English ones: a Swedish PDF does not describe itself in English."""
    rules = load_ruleset("combo-whist")
    english, swedish = (load_texts(rules, lang) for lang in ("en", "sv"))
    for key in ("bid_cards", "rules_reference", "pdf_subject_cards", "pdf_subject_rules"):
        values = {"title": "T", "ruleset": "r"} if key.startswith("pdf_") else {}
        assert english.label(key, **values) != swedish.label(key, **values), key


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_html_reference_is_titled_as_the_pdf(lang: str) -> None:
    """The HTML page (the large-print reference) was titled by the rule set alone; a browser's tab
    and a screen reader's first words now say what the page is, as the PDF's title does."""
    import html

    from printing.reference import to_html

    rules = load_ruleset("combo-whist")
    ref = build_reference(rules, load_texts(rules, lang))
    pdf_title = pypdf.PdfReader(io.BytesIO(reference_pdf(ref))).metadata.title
    page = to_html(ref)
    title = re.search(r"<title>(.*?)</title>", page)
    assert title is not None and html.unescape(title.group(1)) == pdf_title
    assert f'<meta name="description" content="{html.escape(ref.info.subject)}">' in page
