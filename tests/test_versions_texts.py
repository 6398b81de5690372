"""Names and texts of the older versions: the versions' names in English and Swedish, locale
overlays read, every text with its numbers, translations complete, and ``whist show`` tables.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from versions_helpers import ROOT, truth, truth_bids

# fixtures, imported under their own names so that pytest finds them
from versions_helpers import rules as rules
from versions_helpers import version as version

from rulespec import load_ruleset
from rulespec.locale import LOCALES_DIR, load_texts, locale_files
from rulespec.model import RuleSet
from rulespec.translations import status

# --- names and texts -----------------------------------------------------------------------------


def _languages(data: dict[str, Any]) -> list[str]:
    return [lang for lang in ("en", "sv") if lang in data["languages"]]


def test_names_are_the_versions_names(version: str, rules: RuleSet) -> None:
    data = truth(version)
    for lang in _languages(data):
        texts = load_texts(rules, lang)
        names = {bid_id: texts.bid_name(bid_id) for bid_id in rules.bids}
        expected = {bid_id: bid["name"][lang] for bid_id, bid in truth_bids(data).items()}
        assert names == expected, lang
        assert not {k for k in texts.missing if k.startswith("bids.")}, lang  # none fell back to English


def test_group_name_is_the_versions(version: str, rules: RuleSet) -> None:
    data = truth(version)
    for lang in _languages(data):
        texts = load_texts(rules, lang)
        written = data["terminology"]["non_trump_bids_category_text"].get(lang)
        if written is None:  # 1.0.0 has no name for the group in its terminology
            continue
        assert texts.get("groups.non_trump_bids") == written


def test_locale_overlays_are_read(version: str, rules: RuleSet) -> None:
    for lang in ("en", "sv"):
        files = locale_files(lang, rules)
        for ref in rules.lineage[:-1]:
            assert LOCALES_DIR / lang / f"{ref}.yaml" in files, (lang, ref)


def test_every_text_has_its_numbers(version: str, rules: RuleSet) -> None:
    for lang in ("en", "sv"):
        texts = load_texts(rules, lang)
        for bid_id in rules.bids:
            for field in ("name", "short", "rules"):
                assert "{" not in texts.bid_text(bid_id, field), (lang, bid_id, field)
        for section in ("three_players", "time_limits", "winning_limited", "combo_bids"):
            assert "{" not in texts.general(section), (lang, section)


def test_translations_are_complete_and_current(version: str, rules: RuleSet) -> None:
    base = load_ruleset("combo-whist")
    for lang in ("en", "sv"):
        report, newest = status(lang, rules), status(lang, base)
        assert not [str(e) for e in report.errors], lang
        # Whatever is missing or stale in the newest version is not this version's doing.
        assert set(report.missing) <= set(newest.missing), lang
        assert set(report.stale) <= set(newest.stale), lang
        assert set(report.obsolete) <= set(newest.obsolete), lang


def test_whist_show_table(version: str, rules: RuleSet) -> None:
    env = {**os.environ, "COLUMNS": "200", "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8"}
    for lang in ("en", "sv"):
        result = subprocess.run(
            [sys.executable, "-m", "whist", "show", f"combo-whist@{version}", "--format", "table", "--lang", lang],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert result.returncode == 0, result.stderr
        texts = load_texts(rules, lang)
        for bid_id in rules.bids:
            assert texts.bid_name(bid_id) in result.stdout, (lang, bid_id)
