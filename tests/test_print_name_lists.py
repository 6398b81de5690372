"""A list of bid names on a card (and in the rules PDF) breaks only between names, never inside one.

The Incompatibility box of a card lists bid names ("Atelier Open, Trump, Misery Master"). Set as
ordinary text it wrapped wherever a line was full, inside a name as readily as between two, so
that a fragment left at the start of a line read as another bid: Open Hand's card showed
"Atelier, Open" / "Trump" (read: the bid Trump), Plague's "Misery, Master" / "Misery, Zero". The
class: on every card of every bundled version and example, in English and Swedish, each laid-out
line of the box (the lines ReportLab set, not text read back from the PDF) ends where a name ends
(after its comma), unless the one name it breaks is too long for a line of the box by itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.cards import CARD_HEIGHT, FIELDS_MAX_SHARE, CardPainter, card_faces
from printing.fitting import paragraph_lines, text_lines
from printing.fonts import load_fonts
from printing.layout import PAPERS
from printing.reference import build_reference
from printing.reference_pdf import CELL_PADDING, MARGIN, TABLE_SIZE, _Builder
from rulespec import load_ruleset
from rulespec.bidtext import incompatible_names
from rulespec.locale import Texts, load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet

ROOT = Path(__file__).resolve().parent.parent
RULE_SETS = [
    *bundled_names(),
    *(f"{name}@{version}" for name in bundled_names() for version in bundled_versions(name)),
    *(str(path.relative_to(ROOT)) for path in sorted((ROOT / "bids" / "examples").glob("*.yaml"))),
]


def listed_names(rules: RuleSet, texts: Texts, bid_id: str) -> list[str]:
    """The names the box lists, in the reader's words (a bid's name or a group's)."""
    return [
        texts.bid_name(name) if name in rules.bids else texts.get(f"groups.{name}")
        for name in incompatible_names(rules.bids[bid_id], rules)
    ]


def breaks_inside_names(lines: list[str], names: list[str], fits: set[str]) -> list[str]:
    """The lines of a box listing ``names`` that end inside a name that would fit a line by itself
    (``fits``); a line break is a space (never a hyphen) — any other break is reported too."""
    joined = ", ".join(names)
    ends: dict[int, str] = {}  # where each name ends, its comma included, and the name
    spans: list[tuple[int, int, str]] = []
    position = 0
    for index, name in enumerate(names):
        end = position + len(name) + (1 if index < len(names) - 1 else 0)
        ends[end] = name
        spans.append((position, end, name))
        position = end + 1
    wrong = []
    position = 0
    for line in lines[:-1]:
        text = line.replace("\u00a0", " ").strip()
        if not joined.startswith(text, position):
            wrong.append(f"{line!r} is not the next part of {joined!r}")
            break
        end = position + len(text)
        if end not in ends:
            inside = next(name for start, stop, name in spans if start <= end <= stop)
            if inside in fits:
                wrong.append(f"{line!r} ends inside {inside!r}")
        position = end + 1
    return wrong


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", RULE_SETS)
def test_incompatibility_lines_end_between_names(ref: str, lang: str) -> None:
    rules = load_ruleset(ROOT / ref if ref.endswith(".yaml") else ref)
    texts = load_texts(rules, lang)
    fonts = load_fonts()
    painter = CardPainter(fonts, lang, "footer")
    checked = 0
    problems = []
    for face in card_faces(rules, texts):
        rows = painter.fit_fields(face, CARD_HEIGHT * FIELDS_MAX_SHARE)
        for fact, (_, value_fit, _) in zip(face.fields, rows, strict=True):
            names = listed_names(rules, texts, face.bid_id) if fact.key == "incompatibility" else []
            if len(names) < 2:
                continue
            width = value_fit.paragraph.width
            fits = {n for n in names if stringWidth(n + ",", fonts.regular, value_fit.size) <= width}
            lines = text_lines(value_fit)
            checked += len(lines) > 1
            problems += [f"{face.bid_id}: {p}" for p in breaks_inside_names(lines, names, fits)]
    assert not problems, "\n".join(problems)
    if ref == "combo-whist":  # (the check has lists that wrap to look at)
        assert checked >= 3


def test_the_check_sees_a_break_inside_a_name() -> None:
    names = ["Atelier Open", "Trump", "Misery Master"]
    every = set(names)
    assert breaks_inside_names(["Atelier", "Open, Trump, Misery Master"], names, every)
    assert breaks_inside_names(["Atelier Open, Trump, Misery", "Master"], names, every)
    assert breaks_inside_names(["Atelier Open, Trump, Mis-", "ery Master"], names, every)
    assert not breaks_inside_names(["Atelier\u00a0Open, Trump,", "Misery\u00a0Master"], names, every)
    assert not breaks_inside_names(["Atelier", "Open, Trump, Misery Master"], names, {"Trump"})


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", RULE_SETS)
def test_the_reference_table_breaks_between_names_too(ref: str, lang: str) -> None:
    """The Incompatibility column of the rules PDF is the same kind of list, in a narrow column:
    its lines end between names as well (and no name is hyphenated)."""
    rules = load_ruleset(ROOT / ref if ref.endswith(".yaml") else ref)
    texts = load_texts(rules, lang)
    reference = build_reference(rules, texts)
    builder = _Builder(reference, load_fonts())
    width, height = PAPERS["a4"][0] - 2 * MARGIN, PAPERS["a4"][1] - 2 * MARGIN
    problems = []
    for table in reference.tables:
        if "incompatibility" not in table.columns:
            continue
        column = table.columns.index("incompatibility")
        laid_out = builder.table(table, width, height)
        laid_out.wrap(width, height)
        inner = laid_out._colWidths[column] - 2 * CELL_PADDING
        for row, bid_id in enumerate(table.bid_ids, start=1):
            names = listed_names(rules, texts, bid_id)
            fits = {n for n in names if stringWidth(n + ",", builder.cell.fontName, TABLE_SIZE) <= inner}
            cell = laid_out._cellvalues[row][column]  # (ReportLab holds a cell's flowables in a tuple)
            lines = paragraph_lines(cell[0] if isinstance(cell, tuple | list) else cell)
            problems += [f"{bid_id}: {p}" for p in breaks_inside_names(lines, names, fits)]
    assert not problems, "\n".join(problems)


LONG = "Extraordinarily Longwinded Special Bid Number"


@pytest.mark.parametrize(
    "names",
    [
        [f"{LONG} 00", f"{LONG} 01", "Zero"],
        ["Zero", f"{LONG} 00", "Misery", "Open Hand"],
        ["Atelier", "Open Trump", f"{LONG} 00"],
        [f"{LONG} 00", "Trump", f"{LONG} 01", f"{LONG} 02"],
    ],
)
def test_a_name_longer_than_the_column_has_lines_of_its_own(names: list[str]) -> None:
    """Found by a print shop: a name longer than the rules PDF's Incompatibility column wrapped
    inside itself (as it must) and the next name began on its last line: "…Number / 00,
    Extraordinarily / Longwinded…", where "00, Extraordinarily" reads as two bids. The class:
    wherever long names stand in a list, a line that holds more than one name (a comma inside it)
    holds only whole names that fit a line by themselves."""
    from printing.docinfo import DocumentInfo
    from printing.reference import SPECIAL_COLUMNS, BidTable, Reference

    row = ("Lonely", "1", "1", ", ".join(names), "Rules.")
    table = BidTable("special", "Special bids", SPECIAL_COLUMNS, SPECIAL_COLUMNS, (row,), ("lonely",), (tuple(names),))
    info = DocumentInfo("House rules: Rules reference", "The rules of House rules", "en")
    reference = Reference("en", "House rules", None, "General rules", (), (table,), info)
    builder = _Builder(reference, load_fonts())
    width, height = PAPERS["a4"][0] - 2 * MARGIN, PAPERS["a4"][1] - 2 * MARGIN
    laid_out = builder.table(table, width, height)
    laid_out.wrap(width, height)
    inner = laid_out._colWidths[SPECIAL_COLUMNS.index("incompatibility")] - 2 * CELL_PADDING
    fits = {n for n in names if stringWidth(n + ",", builder.cell.fontName, TABLE_SIZE) <= inner}
    assert fits != set(names)  # (the class is not empty: a name too long for the column)
    cell = laid_out._cellvalues[1][SPECIAL_COLUMNS.index("incompatibility")]
    lines = [line.replace("\u00a0", " ") for line in paragraph_lines(cell[0] if isinstance(cell, tuple) else cell)]
    assert " ".join(lines).split() == ", ".join(names).split()  # (every name, whole, in order)
    for line in lines:
        parts = line.strip().removesuffix(",").split(", ")
        assert len(parts) == 1 or all(part in fits for part in parts), lines
