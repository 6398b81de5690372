"""What ``whist cards`` notes about the cards it printed is said in the run's language.

A Swedish run printed Swedish cards and English notes ("note: the title is longer than the foot
of a card…", "note: the rules text did not fit…"). The class: each note the command makes about
its cards is the label of the run's language, in English and in Swedish alike, and names the bids
by the names their cards show.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulespec import load_ruleset
from rulespec.locale import load_texts
from tests.print_helpers import whist_fixture  # noqa: F401 - the fixture `whist`

ROOT = Path(__file__).resolve().parent.parent
LONG_RULES = "The declarer may take no trick of the first three, whatever is led and whoever leads it. " * 30
TEXTS = {
    "en": ("Lock of the House", "None of the first three tricks to the declarer.", "A Very Long Title of a Table"),
    "sv": ("Husets Lås", "Inget av de tre första sticken till spelföraren.", "En Mycket Lång Titel på ett Bord"),
}


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """A house rule whose title is too long for a card's foot and whose Lock's rules text is too long
    for its card (it has a short text), in English and Swedish."""
    shutil.copy(ROOT / "docs" / "examples" / "house-rules-example.yaml", tmp_path / "house.yaml")
    for lang, (name, short, title) in TEXTS.items():
        (tmp_path / "locales" / lang).mkdir(parents=True)
        (tmp_path / "locales" / lang / "combo-whist-house.yaml").write_text(
            f"language: {lang}\nruleset: combo-whist-house\ntitle: {title * 4}\n"
            f"bids:\n  lock:\n    name: {name}\n    rules: {LONG_RULES}\n    short: {short}\n"
            f"  favourite:\n    name: Favourite\n    rules: Name a suit.\n",
            encoding="utf-8",
        )
    return tmp_path / "house.yaml"


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_notes_are_in_the_language_of_the_run(whist, house, tmp_path, lang):
    code, _, err = whist("cards", str(house), "--lang", lang, "--bids", "lock,trump", "-o", str(tmp_path / "c.pdf"))
    assert code == 0, err
    texts = load_texts(load_ruleset(house), lang)
    notes = [line for line in err.splitlines() if line.strip()]
    expected = [texts.label("cards_short_printed", bids=TEXTS[lang][0]), texts.label("cards_title_cut")]
    assert notes == expected
    other = load_texts(load_ruleset(house), "sv" if lang == "en" else "en")
    assert other.label("cards_title_cut") != texts.label("cards_title_cut")  # (a translation, not a copy)
