"""A winning variant's name is a text of its rule set (``variants.<name>`` in ``locales/<lang>/<ruleset>.yaml``).

Every variant of every bundled rule set, version and example has its name in English and Swedish,
and the project's ``ui.yaml`` names none (one place per idea). A house rule that adds a variant
without a name is warned of by ``whist check``; ``whist translate init en`` writes the entry; once
written, ``whist diff`` and ``whist play`` show the variant by its name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from locales_helpers import clean_env, whist, write_house

from rulespec import load_ruleset
from rulespec.loader import bundled_versions
from rulespec.locale import load_texts, read_locale
from rulespec.translations import catalog

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "bids" / "examples").glob("*.yaml"))
BUNDLED = ["combo-whist", "christmas-whist", *(f"combo-whist@{v}" for v in bundled_versions("combo-whist"))]

FAST = """\
game:
  winning:
    variants:
      fast:
        target: 5
        declarer_wins: completed and declarer.score >= 5
    default: fast
"""


@pytest.mark.parametrize("ref", BUNDLED + EXAMPLES)
def test_every_winning_variant_of_a_bundled_rule_set_has_its_name_in_each_language(ref: str) -> None:
    rules = load_ruleset(ref)
    variants = list(rules.game.winning.variants) if rules.game.winning else []
    for lang in ("en", "sv"):
        entries = catalog(lang, rules).entries
        assert [v for v in variants if f"variants.{v}" not in entries] == [], lang
        texts = load_texts(rules, lang)
        assert all(texts.variant_name(v) != v for v in variants), lang


def test_the_projects_labels_name_no_variant() -> None:
    for lang in ("en", "sv"):
        labels = yaml.safe_load((ROOT / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["labels"]
        assert [key for key in labels if key.startswith("variant_")] == [], lang


def test_the_bundled_names_are_shown_in_play_and_diff() -> None:
    sv = load_texts(load_ruleset("combo-whist"), "sv")
    assert (sv.variant_name("classic"), sv.variant_name("limited")) == ("Klassisk", "Begränsad")
    changed = whist("diff", "combo-whist", str(ROOT / "bids" / "examples" / "quick-game.yaml"), "--lang", "sv")
    assert "Klassisk → Begränsad" in changed.stdout


def play_opening(house: Path, *args: str) -> str:
    """The first lines ``whist play`` writes (the game stops at once: no input)."""
    save = house.parent / "save.json"
    save.unlink(missing_ok=True)  # (a new game each time: a stopped one's save is never replaced)
    played = whist("play", str(house), "--seed", "1", "--save", str(save), *args, env=clean_env())
    return played.stdout


def test_a_house_rules_new_variant_is_warned_of_then_shown_by_its_name(tmp_path: Path) -> None:
    house = write_house(tmp_path, FAST)
    check = whist("check", str(house))
    assert check.returncode == 0
    line = FAST.splitlines().index("  winning:") + 4  # (after the three lines write_house puts first)
    assert f"warning: {house}:{line}:3: 'game.winning' has no English text for variants.fast" in check.stderr
    assert "Variant: fast\n" in play_opening(house)  # its id, until it has a name
    assert "winning variant played by default Classic → fast" in whist("diff", "combo-whist", str(house)).stdout

    init = whist("translate", "init", "en", str(house))
    english = tmp_path / "locales" / "en" / "house.yaml"
    assert init.returncode == 0, init.stderr
    assert read_locale(english).data["variants"] == {"fast": ""}
    lines = english.read_text(encoding="utf-8").splitlines()
    assert lines[lines.index('  fast: ""') - 1].startswith("  # for: the name of the winning variant 'fast'")

    english.write_text("language: en\nruleset: house\nvariants:\n  fast: Sprint\n", encoding="utf-8")
    check = whist("check", str(house))
    assert (check.returncode, check.stderr) == (0, "")
    assert "Variant: Sprint\n" in play_opening(house)
    assert "Variant: Classic\n" in play_opening(house, "--variant", "classic")
    changed = whist("diff", "combo-whist", str(house)).stdout
    assert "winning variant Sprint added" in changed and "Classic → Sprint" in changed
    assert "fast" not in changed.replace("`", "")
    simulated = whist("simulate", str(house), "--games", "2", "--jobs", "1").stdout
    assert re.search(r"│ Variant +│ +Sprint │", simulated), simulated


def test_simulate_names_the_variant_played() -> None:
    simulated = whist("simulate", "--games", "2", "--jobs", "1", "--variant", "limited", "--lang", "sv").stdout
    assert re.search(r"│ Variant +│ +Begränsad │", simulated), simulated
    assert "Variant" not in whist("simulate", "christmas-whist", "--games", "1", "--jobs", "1").stdout
