"""Printing a rule set: bid cards and the rules reference, as PDF (and PNG, Markdown, HTML).

Everything printed comes from the rule data and the locale texts; nothing here names a
bid or a rule set. The parts:

* :mod:`printing.fonts` — the font (DejaVu Sans, from a pip package) and the glyph check
* :mod:`printing.facts` — a bid's printed facts (worth, score, trump, tricks, …) as texts
* :mod:`printing.fitting` — paragraph styles, hyphenation and shrink-to-fit
* :mod:`printing.layout` — paper, card size, imposition, cut marks, bleed
* :mod:`printing.cards` — drawing cards and writing the card PDF
* :mod:`printing.reference` — the rules reference, and its Markdown and HTML
* :mod:`printing.reference_pdf` — the rules reference as PDF (its function of that name; not
  exported here, where ``printing.reference_pdf`` is the module once it is imported)
* :mod:`printing.docinfo` — what a PDF says about itself (title, subject, language)
* :mod:`printing.preview` — PDF pages as PNG
* the ``whist cards`` and ``whist rules`` commands live in :mod:`whist.printcli`
"""

from __future__ import annotations

from rulespec.lazy import exported_on_first_use

#: What a user imports from ``printing``, and the module each comes from (imported on first use:
#: reportlab is loaded only when something is printed).
_EXPORTS = {
    "write_cards": "printing.cards",
    "build_reference": "printing.reference",
    "to_markdown": "printing.reference",
    "to_html": "printing.reference",
    "write_pngs": "printing.preview",
}

__all__ = sorted(_EXPORTS)

__getattr__ = exported_on_first_use(__name__, _EXPORTS)
