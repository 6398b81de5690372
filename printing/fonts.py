"""The font everything is printed in, and the check that it can draw every character.

The font is DejaVu Sans: it has the card suits (♠ ♥ ♦ ♣), the Swedish letters and the rest
of Latin, Greek and Cyrillic. Its files are not copied into this repository; they come from
a pip package that ships them (see :data:`SOURCES`; ``matplotlib`` is a dependency of this
project only for that reason, and is never imported; the README says why no lighter package
was chosen).

A PDF library given a character its font lacks may draw nothing at all, so every text is
checked against the font's character map before it is drawn (:meth:`FontSet.check`): a
missing glyph is an error for people, naming the character and where it occurs. So is a letter
of a right-to-left script: ReportLab sets each line left to right, so Hebrew or Arabic would be
printed backwards (and Arabic letters unjoined), which is worse than no card.
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from rulespec.errors import RuleError

#: The family's display name, as error messages say it.
FAMILY_NAME = "DejaVu Sans"
#: ReportLab font names, and the file each face is read from.
FACES: dict[str, str] = {
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
    "DejaVuSans-Oblique": "DejaVuSans-Oblique.ttf",
    "DejaVuSans-BoldOblique": "DejaVuSans-BoldOblique.ttf",
}
#: pip packages that ship the DejaVu Sans files, and the folder inside each (first found wins).
SOURCES: tuple[tuple[str, str], ...] = (
    ("matplotlib", "mpl-data/fonts/ttf"),
    ("rinoh_typeface_dejavusans", "."),
)
#: Characters never drawn as glyphs (line breaks, soft hyphens are handled by the layout).
_NOT_DRAWN = {"\n", "\r", "\t", "\u00ad", "\u2028"}


def font_directory() -> Path:
    """The folder holding the DejaVu Sans files, found in an installed package (not imported)."""
    for package, folder in SOURCES:
        try:
            spec = importlib.util.find_spec(package)
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            directory = Path(location) / folder
            if all((directory / name).is_file() for name in FACES.values()):
                return directory.resolve()
    packages = " or ".join(package for package, _ in SOURCES)
    raise RuleError(
        f"the font {FAMILY_NAME} was not found",
        hint=f"it comes with the pip package {packages}: pip install -e . installs it",
    )


@dataclass(frozen=True)
class FontSet:
    """The registered faces of the family, by role, and the glyph check."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    directory: Path

    def missing_glyphs(self, text: str, font_name: str | None = None) -> list[str]:
        """The distinct characters of ``text`` that the face cannot draw, in order of appearance."""
        cmap = pdfmetrics.getFont(font_name or self.regular).face.charToGlyph
        missing: list[str] = []
        for char in text:
            if char in _NOT_DRAWN or char in missing:
                continue
            if not cmap.get(ord(char)):
                missing.append(char)
        return missing

    def check(self, text: str, where: str, font_name: str | None = None) -> str:
        """``text`` unchanged if the face can draw all of it, in the order it is read; otherwise a
        :class:`RuleError`."""
        missing = self.missing_glyphs(text, font_name)
        if missing:
            raise RuleError(
                f"the font {FAMILY_NAME} has no glyph for {_shown(missing)} in {where}",
                hint="the PDF would show nothing there: write the text with other characters",
            )
        backwards = right_to_left(text)
        if backwards:
            raise RuleError(
                f"the PDF cannot set right-to-left text: {_shown(backwards)} in {where} would read backwards",
                hint="ReportLab sets each line left to right, letter by letter: write it in a left-to-right script",
            )
        return text


def right_to_left(text: str) -> list[str]:
    """The distinct characters of ``text`` written right to left (Hebrew, Arabic, …: bidirectional
    class R or AL), which a line set left to right, as ReportLab sets every line, shows reversed
    (and Arabic unjoined): at most three, in order of appearance. An invisible mark (U+200F) is
    not one: it changes nothing on a line that has no right-to-left letter."""
    found: list[str] = []
    for char in text:
        if char not in found and unicodedata.bidirectional(char) in ("R", "AL") and unicodedata.category(char) != "Cf":
            found.append(char)
            if len(found) == 3:
                break
    return found


def _shown(chars: list[str]) -> str:
    return ", ".join(f"'{c}' (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})" for c in chars)


@functools.cache
def load_fonts() -> FontSet:
    """Register the family with ReportLab (once) and return it."""
    directory = font_directory()
    for name, filename in FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(directory / filename)))
    regular, bold, italic, bold_italic = FACES
    family = regular
    addMapping(family, 0, 0, regular)
    addMapping(family, 1, 0, bold)
    addMapping(family, 0, 1, italic)
    addMapping(family, 1, 1, bold_italic)
    return FontSet(regular, bold, italic, bold_italic, directory)
