"""A mark beside a player's name is shown by its sign in the person's language (``P2``, ``V1``),
written in the locale files (``marks:``), never by the first letter of its id (``H1`` for
``hands_won`` read nothing in Swedish)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from rich.console import Console

from interpreter.decisions import View
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.textkeys import needed_texts
from whist.play import HumanAgent
from whist.playscreen import status_table

ROOT = Path(__file__).resolve().parent.parent


def _view(marks: dict[int, dict[str, int]]) -> View:
    return View(
        seat=0,
        hand=("2C",),
        visible={},
        trump=None,
        dealer=1,
        players=(0, 1),
        scores={},
        marks=marks,
        auction=(),
        declarer=None,
        combo=None,
        declarations={},
        tricks=(),
        current_trick=(),
        zones={},
    )


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist", "combo-whist@1.0.0"])
def test_every_mark_is_shown_by_its_sign_in_the_language(ref: str, lang: str) -> None:
    rules = load_ruleset(ref)
    assert rules.game.marks and all(f"marks.{m}" in needed_texts(rules) for m in rules.game.marks)
    written: dict[str, str] = {}
    name = ref.split("@")[0]
    for file in (f"{name}.yaml", f"{ref}.yaml"):  # the version's own file adds to its rule set's
        path = ROOT / "locales" / lang / file
        if path.exists():
            written.update(yaml.safe_load(path.read_text(encoding="utf-8")).get("marks") or {})
    console = Console(record=True, width=100, color_system=None)
    human = HumanAgent(rules, load_texts(rules, lang), console, lambda prompt, limit: "")
    for count, mark in enumerate(rules.game.marks, start=2):
        console.print(status_table(human, _view({1: {mark: count}})))
        shown = console.export_text()
        assert f" {written[mark]}{count} " in shown, (mark, shown)
        assert mark not in shown


def test_a_christmas_match_in_swedish_counts_hands_won_with_its_own_letter() -> None:
    rules = load_ruleset("christmas-whist")
    console = Console(record=True, width=100, color_system=None)
    human = HumanAgent(rules, load_texts(rules, "sv"), console, lambda prompt, limit: "")
    console.print(status_table(human, _view({0: {"hands_won": 3}})))
    shown = console.export_text()
    assert "V3" in shown and "H3" not in shown and "W3" not in shown


def test_a_negative_score_in_the_status_table_has_a_true_minus() -> None:
    """The play screen's scores were `str(score)`: "-2" beside "−2" everywhere else (README: a true
    minus sign in every text); a fractional one too."""
    from fractions import Fraction

    rules = load_ruleset("combo-whist")
    console = Console(record=True, width=100, color_system=None)
    human = HumanAgent(rules, load_texts(rules, "en"), console, lambda prompt, limit: "")
    view = _view({})
    for score, shown in ((-2, "\u22122"), (Fraction(-7, 2), "\u22127/2")):
        console.print(status_table(human, View(**{**view.__dict__, "scores": {0: score, 1: 3}})))
        text = console.export_text()
        assert shown in text and f" {str(score)} " not in text and "-" not in text.replace("—", "")
