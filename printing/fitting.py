"""Paragraphs that fit: styles, hyphenation, and the largest font size at which a text fits a box.

Long words break at hyphenation points (pyphen's dictionaries, by language: Swedish
compounds break between syllables, never mid-syllable), and the hyphen added there is a soft
hyphen in the PDF's text (:class:`TextParagraph`); a word that cannot break to fit
is never cut anywhere else — the text is set smaller instead. :func:`fit_paragraph` tries
sizes from large to small and returns the first at which the text fits both the height and
the width of its box, or None. :func:`fit_line` does the same for a line that may not break.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

import pyphen
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import split as words_of  # (ReportLab's own split: a no-break space holds)

Hyphenator = Callable[[str], Iterator[tuple[str, str]]]
#: Shortest word that is hyphenated, and the fewest letters left on either side of a break.
MIN_WORD = 7
MIN_PART = 3
#: Tolerance for rounding when comparing widths and heights (points).
EPSILON = 0.01


@functools.cache
def hyphenator(language: str) -> Hyphenator | None:
    """Where words of ``language`` may break, longest head first, or None without a dictionary.

    A word already holding hyphens (``non-declarer``, ``Slut-Hund``) breaks only after them;
    any other word at the syllable breaks of pyphen's dictionary for the language.
    """
    found = pyphen.language_fallback(language)
    if not found:
        return None
    dictionary = pyphen.Pyphen(lang=found, left=MIN_PART, right=MIN_PART)

    def breaks(word: str) -> Iterator[tuple[str, str]]:
        if "-" in word.strip("-"):
            parts = word.split("-")
            for i in range(len(parts) - 1, 0, -1):
                head, tail = "-".join(parts[:i]) + "-", "-".join(parts[i:])
                if head.strip("-") and tail:
                    yield head, tail
            return
        yield from dictionary.iterate(word)

    return breaks


#: A line break inside a plain text (U+2028 LINE SEPARATOR): :func:`markup` makes it ``<br/>``.
LINE_BREAK = "\u2028"


def markup(text: str) -> str:
    """Plain text as ReportLab paragraph markup (``&``, ``<`` and ``>`` escaped; a
    :data:`LINE_BREAK` breaks the line, where ReportLab would take it for a space)."""
    return escape(text).replace(LINE_BREAK, "<br/>")


def paragraph_style(
    name: str,
    font: str,
    size: float,
    language: str | None = None,
    leading: float = 1.22,
    alignment: int = TA_LEFT,
    color: object = None,
    split_long_words: bool = False,
) -> ParagraphStyle:
    """A style in ``font`` at ``size``; hyphenated for ``language`` when given.

    A word too long for a line is cut at an arbitrary letter only with ``split_long_words``
    (table cells, where nothing may stick out); elsewhere the caller sets the text smaller.
    """
    style = ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        leading=round(size * leading, 2),
        alignment=alignment,
        splitLongWords=int(split_long_words),
        spaceShrinkage=0,
        hyphenationMinWordLength=MIN_WORD,
        embeddedHyphenation=1,
        uriWasteReduce=0,
    )
    hyphenate = hyphenator(language) if language else None
    if hyphenate is not None:
        style.hyphenationLang = hyphenate
    if color is not None:
        style.textColor = color
    return style


#: What a hyphen added at a line break is in the PDF's text: DejaVu Sans draws it as a hyphen, of
#: the same width, and a reader of the text takes it for a break, not a character of the word.
SOFT_HYPHEN = "\u00ad"


class TextParagraph(Paragraph):
    """A paragraph whose hyphens added at line breaks are soft hyphens (U+00AD) in the PDF.

    A PDF's text is what a screen reader says and what a copy gives: with the hyphen ReportLab
    adds, "differ-" / "ent" read as two words, "differ- ent". Tagged PDF asks for a hyphen set by
    the layout to be U+00AD (ISO 32000-1, on hyphenation); ReportLab takes a U+00AD in a text for a
    place where a word may break and removes it, so the added hyphens are swapped for it only as
    the lines are drawn. A hyphen of the word's own ("non-" / "declarer") stays. Only a paragraph
    of one style (all of ours but lists of names, which are never hyphenated) has its lines as
    plain words; any other is drawn as it is.
    """

    blPara: Any  # (the wrapped lines, set by ``wrap``: ReportLab has no annotations)
    frags: Any

    def drawPara(self, debug: int = 0) -> Any:  # noqa: N802 - ReportLab's name
        wrapped = self.blPara
        if wrapped.kind == 0 and len(self.frags) == 1:
            frag = self.frags[0]
            source = list(frag.words) if hasattr(frag, "words") else words_of(frag.text.strip())
            self.blPara = wrapped.clone(lines=soft_hyphens(source, wrapped.lines))
        try:
            return super().drawPara(debug)
        finally:
            self.blPara = wrapped


Line = tuple[float, list[str]]


def soft_hyphens(source: list[str], lines: list[Line]) -> list[Line]:
    """``lines`` (each its free space and its words) of the words ``source``, with the hyphen that
    ends a line made soft where the layout added it: where the word read has no hyphen there. Lines
    that are not those words, piece by piece, are given back as they are."""
    softened: list[Line] = []
    index, read = 0, 0  # the word of source being read, and how many of its letters are read
    for space, words in lines:
        words = list(words)
        for position, piece in enumerate(words):
            rest = source[index][read:] if index < len(source) else ""
            if piece == rest:
                index, read = index + 1, 0
            elif position == len(words) - 1 and rest.startswith(piece):  # (broken after its own hyphen)
                read += len(piece)
            elif position == len(words) - 1 and piece.endswith("-") and rest.startswith(piece[:-1]):
                words[position] = piece[:-1] + SOFT_HYPHEN
                read += len(piece) - 1
            else:
                return lines
        softened.append((space, words))
    return softened


@dataclass(frozen=True)
class Fit:
    """A paragraph wrapped to its box: the size chosen and the space it takes."""

    paragraph: Paragraph
    size: float
    width: float
    height: float


def line_widths_ok(paragraph: Paragraph, width: float) -> bool:
    """Whether every line of a wrapped paragraph stays inside ``width`` (no word sticks out)."""
    para = paragraph.blPara
    for line in para.lines:
        slack = line[0] if isinstance(line, tuple) else line.extraSpace
        if slack < -EPSILON:
            return False
    used: float = paragraph.width  # reportlab has no annotations
    return used <= width + EPSILON


def sizes(largest: float, smallest: float, step: float = 0.25) -> list[float]:
    """Font sizes from ``largest`` down to ``smallest``."""
    count = int(round((largest - smallest) / step))
    return [round(largest - i * step, 2) for i in range(count + 1)]


def fit_paragraph(
    text: str,
    make_style: Callable[[float], ParagraphStyle],
    width: float,
    height: float,
    largest: float,
    smallest: float,
    max_lines: int | None = None,
) -> Fit | None:
    """The largest size (``largest`` … ``smallest``) at which ``text`` fits ``width`` × ``height``."""
    source = markup(text)
    for size in sizes(largest, smallest):
        paragraph = TextParagraph(source, make_style(size))
        used_width, used_height = paragraph.wrap(width, height)
        if used_height > height + EPSILON or not line_widths_ok(paragraph, width):
            continue
        if max_lines is not None and len(paragraph.blPara.lines) > max_lines:
            continue
        return Fit(paragraph, size, used_width, used_height)
    return None


def text_lines(fit: Fit) -> list[str]:
    """The lines of a fitted paragraph as text (hyphens included), for tests and checks."""
    return paragraph_lines(fit.paragraph)


def paragraph_lines(paragraph: Paragraph) -> list[str]:
    """The lines of a wrapped paragraph as text (hyphens included)."""
    lines = []
    for line in paragraph.blPara.lines:
        if isinstance(line, tuple):
            lines.append(" ".join(line[1]))
        else:
            lines.append("".join(getattr(word, "text", "") for word in line.words))
    return lines


#: The least size a one-line text (a footer, a card back's title) is set at: below it, it is cut.
LEAST_LINE_SIZE = 4.0


def fit_line(
    text: str, font: str, largest: float, width: float, least: float = LEAST_LINE_SIZE, keep_end: int = 0
) -> tuple[str, float]:
    """``text`` and the size (``largest`` at most) at which it fits ``width`` on one line. A text
    too long to fit even at ``least`` (a house rule's title of a hundred words) is not shrunk
    until it cannot be read, nor left to run off the card or the page: it is cut, with "…".
    Its last ``keep_end`` characters are kept whole when they fit with the ellipsis (a title's
    version: cards cut from the end would no longer say which version they are); the cut is made
    before them."""
    natural = stringWidth(text, font, 1.0)
    if natural * least <= width:
        return text, min(largest, width / natural) if natural else largest
    head, tail = text, ""
    if 0 < keep_end < len(text) and stringWidth("…" + text[-keep_end:], font, least) <= width:
        head, tail = text[:-keep_end], text[-keep_end:]
    low, high = 0, len(head)  # the longest beginning that fits with its ellipsis (and the kept end)
    while low < high:
        middle = (low + high + 1) // 2
        if stringWidth(head[:middle].rstrip() + "…" + tail, font, least) <= width:
            low = middle
        else:
            high = middle - 1
    return head[:low].rstrip() + "…" + tail, least


def fit_title(title: str, font: str, largest: float, width: float) -> tuple[str, float]:
    """A rule set's title as :func:`rulespec.titles.title_of` writes it (its last word the
    version, which holds no space) fitted to one line: when cut, the version stays."""
    space = title.rfind(" ")
    return fit_line(title, font, largest, width, keep_end=len(title) - space if space > 0 else 0)


NO_BREAK_SPACE = "\u00a0"


def name_list(names: Iterable[str], font: str, size: float, width: float) -> str:
    """Names as a list that wraps only after a comma: the spaces inside each name are no-break
    spaces (a name cut in two reads as two bids: "Atelier" / "Open, Trump"). A name too long for
    a line by itself keeps its spaces, to wrap inside itself rather than run out of its box, and
    has lines of its own (:data:`LINE_BREAK` before and after it): a name beginning on the line
    where a long one ends reads as its last words ("…Number / 00, Extraordinarily / Longwinded")."""
    shown: list[tuple[str, bool]] = []  # (the name as set, whether it fits a line)
    for name in names:
        fits = stringWidth(f"{name},", font, size) <= width
        shown.append((name.replace(" ", NO_BREAK_SPACE) if fits else name, fits))
    text = ""
    for index, (name, fits) in enumerate(shown):
        if index:
            text += ", " if fits and shown[index - 1][1] else f",{LINE_BREAK}"
        text += name
    return text


def unbroken(make: Callable[[float], ParagraphStyle]) -> Callable[[float], ParagraphStyle]:
    """Styles of ``make`` that never break a word at its hyphen ("Slut-Hund" is one name)."""

    def style(size: float) -> ParagraphStyle:
        made = make(size)
        made.embeddedHyphenation = 0
        return made

    return style
