"""Large print is the HTML reference, which a browser enlarges (README, "Large print").

The cards and the rules PDF have no larger size; the README sends a reader who needs large
print (or a screen reader) to ``whist rules --format html``. That holds only while the HTML
scales with its reader: the class is every length that sets the size of text or of the space
between its lines and blocks, in every bundled rule set and language, given relative to the
reader's text size (``rem``, ``em``, ``%``, or none), never in ``px`` or ``pt`` (lines of borders
may be); a page that does not forbid zooming; and the words hyphenated by the browser, never in
the text (where a screen reader would read "differ- ent").
"""

from __future__ import annotations

import re

import pytest

from printing.reference import build_reference, to_html
from rulespec import load_ruleset
from rulespec.locale import load_texts

#: CSS properties that size text or the room around it (``border`` lines are not text).
SIZING = ("font-size", "font", "line-height", "margin", "padding", "max-width", "width")


def sizing(style: str) -> list[tuple[str, str]]:
    """The declarations of a style sheet that size text or the room around it: (property, value)."""
    declarations = re.findall(r"([a-z-]+)\s*:\s*([^;}]+)", style)
    return [(name, value.strip()) for name, value in declarations if name.split("-")[0] in SIZING or name in SIZING]


def fixed(style: str) -> list[tuple[str, str]]:
    """Those of them given in pixels or points: the sizes a reader's larger text leaves as they are."""
    return [(name, value) for name, value in sizing(style) if re.search(r"\d(px|pt)\b", value)]


def html_of(ruleset: str, lang: str) -> str:
    rules = load_ruleset(ruleset)
    return to_html(build_reference(rules, load_texts(rules, lang)))


@pytest.mark.parametrize("ruleset", ["combo-whist", "christmas-whist"])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_html_scales_with_its_reader(ruleset: str, lang: str) -> None:
    page = html_of(ruleset, lang)
    style = page[page.index("<style>") : page.index("</style>")]
    assert ("font-size", "0.92rem") in sizing(style)  # (the declarations are found as written)
    assert fixed(style) == []
    viewport = re.search(r'<meta name="viewport" content="([^"]*)"', page)
    assert viewport is not None and not re.search(r"user-scalable\s*=\s*no|maximum-scale", viewport.group(1))
    assert "hyphens: auto" in style
    body = page[page.index("<body>") :]
    assert "\u00ad" not in body


def test_a_fixed_size_is_found() -> None:
    """The check above would see a size in pixels or points (and leaves a border's line alone)."""
    style = "table { border: 1px solid; font-size: 11px; } td { padding: 0.3rem 4pt; line-height: 1.4 }"
    assert fixed(style) == [("font-size", "11px"), ("padding", "0.3rem 4pt")]
