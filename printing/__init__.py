"""Printing a rule set: bid cards and the rules reference, as PDF (and PNG, Markdown, HTML).

Everything printed comes from the rule data and the locale texts; nothing here names a
bid or a rule set. The parts:

* :mod:`printing.fonts` — the font (DejaVu Sans, from a pip package) and the glyph check
* :mod:`printing.facts` — a bid's printed facts (worth, score, trump, tricks, …) as texts
* :mod:`printing.fitting` — paragraph styles, hyphenation and shrink-to-fit
* :mod:`printing.layout` — paper, card size, imposition, cut marks, bleed
* :mod:`printing.cards` — drawing cards and writing the card PDF
* :mod:`printing.reference` — the rules reference, and its Markdown and HTML
* :mod:`printing.reference_pdf` — the rules reference as PDF
* :mod:`printing.preview` — PDF pages as PNG
* the ``whist cards`` and ``whist rules`` commands live in :mod:`whist.printcli`
"""

from __future__ import annotations
