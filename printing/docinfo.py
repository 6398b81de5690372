"""What a printed PDF says about itself: title, subject, author, creator and language.

A document viewer shows these in its properties and a screen reader announces the title, so
both PDFs (the cards and the rules reference) set them the same way, in the document's
language: the title is the rule set's title and version with what the document is
("Combo Whist 1.5.1: Bid cards"), the subject says what is in it and names the rule set's id.
ReportLab's defaults differ between its two ways of writing a PDF ("anonymous" from a canvas,
"(anonymous)" from a document template, subject "(unspecified)"), so none is left to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulespec.locale import Texts
from rulespec.model import RuleSet
from rulespec.titles import title_of

if TYPE_CHECKING:  # (reportlab is loaded only when a PDF is written, not for Markdown or HTML)
    from reportlab.pdfgen.canvas import Canvas

CREATOR = "whist-rules (printing)"
#: The rule data names no author (a house rule's texts are its club's, the bundled ones the
#: project's): the field is left empty rather than naming someone who did not write it.
AUTHOR = ""

#: The documents: the labels of what each is and of its subject.
_KINDS = {"cards": ("bid_cards", "pdf_subject_cards"), "rules": ("rules_reference", "pdf_subject_rules")}


@dataclass(frozen=True)
class DocumentInfo:
    """A PDF's document information, in the language of its texts."""

    title: str
    subject: str
    language: str
    author: str = AUTHOR
    creator: str = CREATOR

    def set_on(self, canvas: Canvas) -> None:
        """Write the information into a PDF drawn on ``canvas`` (the language is the canvas's own)."""
        canvas.setTitle(self.title)
        canvas.setSubject(self.subject)
        canvas.setAuthor(self.author)
        canvas.setCreator(self.creator)

    def template_options(self) -> dict[str, str]:
        """The same, as the options of a ReportLab document template."""
        return {
            "title": self.title,
            "subject": self.subject,
            "author": self.author,
            "creator": self.creator,
            "lang": self.language,
        }


def document_info(kind: str, rules: RuleSet, texts: Texts) -> DocumentInfo:
    """The information of the ``kind`` of document (``cards`` or ``rules``) of ``rules``."""
    name, subject = _KINDS[kind]
    title = title_of(rules, texts)
    return DocumentInfo(
        title=f"{title}: {texts.label(name)}",
        subject=texts.label(subject, title=title, ruleset=rules.id),
        language=texts.language,
    )
