"""A list of bid names on a card breaks only between names, never inside one.

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
from printing.fitting import text_lines
from printing.fonts import load_fonts
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
