"""Fingerprints of translations (rulespec/translations.py): stale entries after an English change,
``mark``, obsolete entries, and ``whist translate status``.
"""

from __future__ import annotations

import pytest
import yaml
from locales_helpers import FAVOURITE_BID, edit, line_and_column, whist, whist_on, write_house

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status

import rulespec.translations as translations
from rulespec import RuleError, load_ruleset
from rulespec.locale import load_texts
from rulespec.translations import catalog, fingerprint, mark, status

# --- fingerprints: stale, mark, obsolete ----------------------------------------------------


def test_the_real_translation_is_complete_and_current(combo):
    report = status("sv", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    assert report.total == len(catalog("en", combo).entries) > 250
    result = whist("translate", "status", "sv")
    assert result.returncode == 0, result.stderr
    assert (
        f"sv / combo-whist: {report.total} entries, 0 missing, 0 unreviewed, 0 stale, 0 obsolete, "
        "0 error(s)" in result.stdout
    )


def test_an_english_change_makes_the_translation_stale_until_marked(locales, combo):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    edit(locales / "en" / "ui.yaml", "  scores: Scores\n", "  scores: Score table\n")
    assert status("sv", combo).stale == ["labels.scores", "bids.trump.name"]  # ui.yaml first
    assert mark("sv", combo, ["bids.trump.name"]) == 1  # one file changed
    assert status("sv", combo).stale == ["labels.scores"]
    assert catalog("sv", combo).entries["bids.trump.name"].fingerprint == fingerprint("Trumps")
    assert mark("sv", combo) == 1  # ui.yaml
    assert mark("sv", combo) == 0  # nothing left to change
    report = status("sv", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    # the texts themselves are untouched
    assert load_texts(combo, "sv").bid_name("trump") == "Trumf"


def test_mark_refuses_english_and_unknown_keys(locales, combo):
    with pytest.raises(RuleError, match="English is the source language"):
        mark("en", combo)
    with pytest.raises(RuleError, match="no 'sv' text to mark for bids.nope.name"):
        mark("sv", combo, ["bids.nope.name"])


def test_mark_rewrites_only_the_fingerprints_and_keeps_them_last(locales, combo):
    files = [locales / "sv" / "combo-whist.yaml", locales / "sv" / "ui.yaml"]
    before = {path: yaml.safe_load(path.read_text(encoding="utf-8")) for path in files}
    assert mark("sv", combo) == 0  # all current: no file is rewritten
    assert all(yaml.safe_load(path.read_text(encoding="utf-8")) == before[path] for path in files)
    for round_ in (1, 2):
        edit(
            locales / "en" / "combo-whist.yaml",
            f"    name: Trump{'s' * (round_ - 1)}\n",
            f"    name: Trump{'s' * round_}\n",
        )
        edit(locales / "en" / "ui.yaml", f"  scores: Scores{'!' * (round_ - 1)}\n", f"  scores: Scores{'!' * round_}\n")
        assert mark("sv", combo) == 2
        for path in files:
            text = path.read_text(encoding="utf-8")
            data = yaml.safe_load(text)
            assert text.count(translations.FINGERPRINTS_COMMENT) == 1  # not one more per run
            assert list(data)[-1] == "fingerprints"
            assert all(isinstance(v, str) for v in data["fingerprints"].values())
            old = before[path]["fingerprints"]  # all digits were written unquoted before: read as numbers
            changed = {k for k, v in data["fingerprints"].items() if v != str(old[k])}
            assert changed == ({"bids.trump.name"} if path.name == "combo-whist.yaml" else {"labels.scores"})
            # every text as before
            assert {k: v for k, v in data.items() if k != "fingerprints"} == {
                k: v for k, v in before[path].items() if k != "fingerprints"
            }
    assert not status("sv", combo).stale


def test_mark_keeps_what_follows_the_fingerprints_and_drops_fingerprints_of_gone_keys(tmp_path, locales):
    sv_text = (
        "language: sv\nruleset: house\nfingerprints:\n  bids.favourite.name: 00000000\n  bids.gone.name: 12345678\n"
        "# Nya bud\nbids:\n  favourite:\n    name: Favorit\n"
    )
    house = write_house(
        tmp_path,
        "bids:\n" + FAVOURITE_BID,
        {"en": "language: en\nruleset: house\nbids:\n  favourite:\n    name: Favourite\n", "sv": sv_text},
    )
    rules = load_ruleset(house)
    assert status("sv", rules).stale == ["bids.favourite.name"]
    assert mark("sv", rules, ["bids.favourite.name"]) == 1
    text = (tmp_path / "locales" / "sv" / "house.yaml").read_text(encoding="utf-8")
    assert "# Nya bud\nbids:\n  favourite:\n    name: Favorit\n" in text
    assert yaml.safe_load(text)["fingerprints"] == {"bids.favourite.name": fingerprint("Favourite")}
    assert text.rstrip().splitlines()[-1] == f"  bids.favourite.name: {fingerprint('Favourite')}"
    assert not status("sv", rules).stale


def test_a_child_text_needs_its_own_fingerprint(tmp_path):
    """A house rule's translation that overrides a parent text is not vouched for by the parent's fingerprint."""
    house = write_house(tmp_path, texts={"sv": "language: sv\nruleset: house\nbids:\n  trump:\n    name: Trumfen\n"})
    rules = load_ruleset(house)
    assert load_texts(rules, "sv").bid_name("trump") == "Trumfen"
    report = status("sv", rules)
    assert report.unreviewed == ["bids.trump.name"] and report.stale == []  # never marked: unreviewed


def test_obsolete_entries_are_listed(locales, combo):
    edit(locales / "sv" / "combo-whist.yaml", "groups:\n", "groups:\n  retired_group: pensionerade bud\n")
    report = status("sv", combo)
    assert report.obsolete == ["groups.retired_group"] and not report.missing and not report.stale
    mark("sv", combo)
    assert "groups.retired_group" not in catalog("sv", combo).fingerprints


def test_translate_status_lists_and_counts(locales, combo):
    sv = locales / "sv" / "combo-whist.yaml"
    edit(sv, "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    edit(sv, "groups:\n", "groups:\n  retired_group: pensionerade bud\n")
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    total = len(catalog("en", combo).entries)
    result = whist_on(locales, "translate", "status", "sv")
    assert result.returncode == 0, result.stderr  # missing and stale are not errors here
    lines = result.stdout.splitlines()
    line, _ = line_and_column(sv, "    name: Trumf\n".strip())
    assert lines[:5] == [
        "missing: bids.lock.short",
        f"stale: bids.trump.name  {sv}:{line}",  # where to edit, and what changed in English
        "  was: (the older English text is not known here)",  # no file holds it any more
        "  now: Trumps",
        "obsolete: groups.retired_group",
    ]
    assert lines[-1] == (f"sv / combo-whist: {total} entries, 1 missing, 0 unreviewed, 1 stale, 1 obsolete, 0 error(s)")
