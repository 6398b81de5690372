"""The rules reference says which winning variant is played unless the table chooses another.

The quick-game example plays the limited variant by default (`whist diff` says so), while its
reference told both variants alike, and a reader took the classic one, told first, for the game.
Over every bundled rule set and example, in every language: of several winning variants exactly
the default's section is marked, and a game with one variant marks none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printing.reference import build_reference
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names, bundled_versions

ROOT = Path(__file__).resolve().parent.parent
REFS = [
    *bundled_names(),
    *(f"combo-whist@{v}" for v in bundled_versions("combo-whist")),
    *(str(p) for p in sorted((ROOT / "bids" / "examples").glob("*.yaml"))),
]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", REFS)
def test_the_default_winning_variant_is_marked_and_only_it(ref: str, lang: str) -> None:
    rules = load_ruleset(ref)
    texts = load_texts(rules, lang)
    mark = texts.label("section_winning_default", section="\x00").split("\x00")[1]
    assert mark.strip()
    sections = {s.key: s.heading for s in build_reference(rules, texts).sections}
    winning = rules.game.winning
    names = winning.variants if winning is not None else {}
    variants = [f"winning_{name}" for name in names if f"winning_{name}" in sections]
    marked = [key for key in variants if sections[key].endswith(mark)]
    if winning is not None and len(winning.variants) > 1:
        assert marked == [f"winning_{winning.default}"], (sections, winning.default)
    else:
        assert marked == []
    others = [k for k, h in sections.items() if h.endswith(mark) and k not in variants and not k.startswith("match_")]
    assert others == []  # (a match's default schedule is marked in its own words: tests/test_match_words.py)


def test_the_quick_game_is_told_as_limited_by_default() -> None:
    rules = load_ruleset(str(ROOT / "bids" / "examples" / "quick-game.yaml"))
    headings = [s.heading for s in build_reference(rules, load_texts(rules, "en")).sections]
    assert "Winning: limited (played unless the table chooses another)" in headings
    assert "Winning: classic" in headings
