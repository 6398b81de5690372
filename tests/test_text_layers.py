"""A translation made for another English text is not shown (rulespec/textlayers.py).

English texts layer: a version's own file after its rule set's, a house rule's files after the
project's. A German file made for Combo Whist 1.5.1 told 1.5.0 tables to pass Master Mail's cards
to the left (1.5.0 passes them right), because 1.5.0's English lies in a later layer
(``en/combo-whist@1.5.0.yaml``) than the German text (``de/combo-whist.yaml``). The expectation
here is read from the English files alone: for every bundled version and every text, the German
text is shown when the English in force comes from a layer no later than the German file's, and
that version's English otherwise.
"""

from __future__ import annotations

from pathlib import Path

import yaml

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status
from locales_helpers import write_house

from rulespec import load_ruleset
from rulespec.loader import bundled_versions
from rulespec.locale import flatten, load_texts, read_locale
from rulespec.translations import catalog


def _nest(flat: dict[str, str]) -> dict:
    data: dict = {}
    for key, text in flat.items():
        *parents, last = key.split(".")
        node = data
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = text
    return data


def test_a_translation_is_shown_only_for_the_english_it_was_made_for(locales: Path, combo) -> None:
    english_base = dict(flatten(read_locale(locales / "en" / "combo-whist.yaml").data))
    german = {key: f"DE {key}" for key in english_base if key not in ("language", "ruleset", "fingerprints")}
    (locales / "de").mkdir()
    (locales / "de" / "combo-whist.yaml").write_text(
        yaml.safe_dump({"language": "de", "ruleset": "combo-whist", **_nest(german)}, allow_unicode=True),
        encoding="utf-8",
    )
    checked = changed = 0
    for version in [None, *bundled_versions("combo-whist")]:
        rules = load_ruleset("combo-whist" if version is None else f"combo-whist@{version}")
        english = catalog("en", rules).entries
        texts = load_texts(rules, "de")
        for key in german:
            if key not in english or "{" in english[key].text or "{" in german[key]:
                continue
            later = Path(english[key].doc.path).name != "combo-whist.yaml"  # a version's own English
            shown = texts.get(key)
            assert shown == (english[key].text.strip() if later else german[key]), (version, key)
            checked += 1
            changed += later
    assert checked > 500 and changed >= 10  # (versions that change texts were met)


def test_a_house_rules_own_english_is_shown_until_its_translation_is_written(tmp_path: Path, combo) -> None:
    sv_name = load_texts(combo, "sv").bid_name("trump")
    house_en = "language: en\nruleset: house\nbids:\n  trump:\n    name: Trumpet\n"
    house = write_house(tmp_path / "h", texts={"en": house_en})
    assert load_texts(load_ruleset(house), "sv").bid_name("trump") == "Trumpet"  # not the parent's Swedish
    house_sv = "language: sv\nruleset: house\nbids:\n  trump:\n    name: Trumpeten\n"
    house = write_house(tmp_path / "h", texts={"en": house_en, "sv": house_sv})
    assert load_texts(load_ruleset(house), "sv").bid_name("trump") == "Trumpeten"
    assert sv_name != "Trumpet"


def test_status_counts_a_house_rules_own_english_as_missing_not_the_projects_as_stale(tmp_path: Path, combo) -> None:
    """``translate status sv`` of a house rule with its own English title said "stale: title" at
    the project's sv file (made for "Combo Whist", not the house's title), a file the author must
    not edit. What is shown is the house's English; what is asked is the house's own Swedish."""
    from rulespec.translations import status

    house_en = "language: en\nruleset: house\ntitle: Combo Whist (our club)\nbids:\n  trump:\n    name: Trumpet\n"
    rules = load_ruleset(write_house(tmp_path / "h", texts={"en": house_en}))
    report = status("sv", rules)
    assert {"title", "bids.trump.name"} <= set(report.missing)
    assert not report.stale
    assert load_texts(rules, "sv").get("title") == "Combo Whist (our club)"
