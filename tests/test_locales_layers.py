"""Locales layer like rule sets: a house variant adds its texts on top of its parents', versioned
locale files override for their version, and broken or empty locale files are reported.
"""

from __future__ import annotations

import pytest
from locales_helpers import FAVOURITE_BID, edit, whist, write_house

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status

from rulespec import RuleError, load_ruleset
from rulespec.locale import load_texts, locale_files
from rulespec.translations import catalog, mark, status

# --- locales layer like rule sets ----------------------------------------------------------

HOUSE_EN = """\
language: en
ruleset: house
title: Combo Whist at our table
bids:
  favourite:
    name: Favourite
    short: Take {favourite_cards} cards of a suit you name
    rules: Name a suit; take at least {favourite_cards} of its cards.
  penalty:
    short: A failure costs you {penalty} more (house rule)
declarations:
  favourite_suit: favourite suit
"""

HOUSE_SV = """\
language: sv
ruleset: house
declarations:
  favourite_suit: favoritfärg
bids:
  favourite:
    name: Favorit
    short: Ta hem {favourite_cards} kort i en färg du väljer
    rules: Välj en färg och ta hem minst {favourite_cards} av dess kort.
"""


@pytest.fixture
def layered_house(tmp_path):
    return write_house(
        tmp_path, "bids:\n" + FAVOURITE_BID + "  - id: penalty\n    penalty: 3\n", {"en": HOUSE_EN, "sv": HOUSE_SV}
    )


def test_a_house_variant_adds_its_texts_on_top_of_its_parents(layered_house):
    rules = load_ruleset(layered_house)
    files = locale_files("en", rules)
    assert [p.name for p in files] == ["ui.yaml", "combo-whist.yaml", "house.yaml"]
    assert files[-1] == layered_house.parent / "locales" / "en" / "house.yaml"
    en = load_texts(rules, "en")
    assert en.bid_name("favourite") == "Favourite"
    assert en.bid_text("favourite", "short") == "Take 5 cards of a suit you name"
    assert en.bid_name("misery") == "Misery" and en.bid_text("lock", "short") == "Take none of the first 3 tricks"
    assert en.bid_text("penalty", "short") == "A failure costs you 3 more (house rule)"  # the child's text wins
    assert en.bid_name("penalty") == "Penalty"  # and the parent's other fields stay
    assert en.get("title") == "Combo Whist at our table"
    sv = load_texts(rules, "sv")
    assert (
        sv.bid_name("favourite") == "Favorit"
        and sv.bid_text("favourite", "short") == "Ta hem 5 kort i en färg du väljer"
    )
    assert sv.bid_name("misery") == "Misär"
    # The child's English overrides have no Swedish of their own yet: the parent's Swedish was made for
    # the parent's words (maybe its rule), so the child's English stands until it is translated
    # (rulespec/textlayers.py), and counts as missing.
    assert sv.bid_text("penalty", "short") == "A failure costs you 3 more (house rule)"
    assert sv.get("title") == "Combo Whist at our table"
    assert sv.missing == {"bids.penalty.short", "title"}


def test_status_of_a_house_variant(layered_house):
    rules = load_ruleset(layered_house)
    report = status("sv", rules)
    assert not report.stale and not report.errors and not report.obsolete
    # the parent's Swedish was made from other English texts: not shown, so missing (to be written in
    # the house rule's own file, not stale in the project's); the new bid's was never marked
    assert report.missing == ["title", "bids.penalty.short"]
    assert report.unreviewed == [
        "bids.favourite.name",
        "bids.favourite.short",
        "bids.favourite.rules",
        "declarations.favourite_suit",
    ]
    assert report.total == len(catalog("en", load_ruleset("combo-whist")).entries) + 4  # favourite's four texts


def test_mark_a_house_variant_leaves_the_parents_files_alone(layered_house, locales):
    rules = load_ruleset(layered_house)
    before = {p: p.read_bytes() for p in locales.rglob("*.yaml")}
    with pytest.raises(RuleError, match="the 'sv' text of bids.penalty.short was made for another English text"):
        mark("sv", rules, ["bids.penalty.short"])
    assert mark("sv", rules) == 1  # the house rule's own Swedish file, nothing else
    assert {p: p.read_bytes() for p in locales.rglob("*.yaml")} == before
    assert status("sv", rules).missing == ["title", "bids.penalty.short"]  # these need Swedish in house.yaml
    sv_file = layered_house.parent / "locales" / "sv" / "house.yaml"
    sv_file.write_text(
        HOUSE_SV + "  penalty:\n    short: Ett misslyckande kostar dig {penalty} extra (husregel)\ntitle: Vårt bord\n",
        encoding="utf-8",
    )
    assert mark("sv", rules) == 1
    report = status("sv", rules)
    assert (report.missing, report.stale, report.errors) == ([], [], [])
    assert load_texts(rules, "sv").bid_text("penalty", "short") == "Ett misslyckande kostar dig 3 extra (husregel)"
    assert status("sv", load_ruleset("combo-whist")).stale == []  # the bundled translation is still current


def test_show_a_house_variant_in_swedish(layered_house):
    result = whist("show", str(layered_house), "--lang", "sv", "--format", "table")
    assert result.returncode == 0, result.stderr
    assert "Favorit" in result.stdout and "Misär" in result.stdout and "Specialbud" in result.stdout
    # The house rule's own title, in English until it has a Swedish one (said on stderr), never
    # its parent's Swedish title with the house rule's version (tests/test_titles.py)
    assert "Combo Whist at our table 1" in result.stdout and "Kombinations-Whist" not in result.stdout
    assert result.stderr == (
        f"note: 1 text(s) missing in 'sv', shown in English (see: whist translate status sv {layered_house})\n"
    )


def test_a_versioned_locale_file_overrides_for_that_version(tmp_path):
    house = write_house(tmp_path, texts={"en": "language: en\nruleset: house\ntitle: House\n"})
    (tmp_path / "locales" / "en" / "house@1.yaml").write_text(
        "language: en\ntitle: House, version one\n", encoding="utf-8"
    )
    assert load_texts(load_ruleset(house), "en").get("title") == "House, version one"


def test_removed_bids_keep_their_texts_without_errors(tmp_path):
    rules = load_ruleset(write_house(tmp_path, "remove_bids: [mail, master_mail, lock]\n"))
    assert "mail" not in rules.bids
    report = status("sv", rules)
    assert (report.missing, report.stale, report.errors) == ([], [], [])


def test_only_top_level_keys_are_meta(locales):
    edit(locales / "en" / "ui.yaml", "labels:\n", "labels:\n  language: Language\n")
    assert load_texts(None, "en").label("language") == "Language"
    assert load_texts(None, "sv").label("language") == "Language"
    assert status("sv", None).missing == ["labels.language"]


def test_a_broken_translation_file_is_an_error_of_the_report(tmp_path):
    house = write_house(tmp_path, texts={"sv": "language: sv\nbids:\n  trump: {name: [\n"})
    report = status("sv", load_ruleset(house))
    [error] = report.errors
    assert "YAML syntax error" in error.message and error.position.path.endswith("house.yaml")
    assert report.total > 250 and not report.missing  # what the file holds is unknown: not all missing


def test_an_empty_locale_file_holds_no_texts(tmp_path):
    house = write_house(tmp_path, texts={"sv": "# nothing yet\n"})
    texts = load_texts(load_ruleset(house), "sv")
    assert texts.bid_name("misery") == "Misär" and not texts.missing
