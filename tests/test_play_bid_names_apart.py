"""Bids on the bidding screen of ``whist play`` are told apart, and shown whole under ``?``.

At 40 or 60 columns the grid cut names to "Maste…" for three bids and "+Open …" for two, and
the ``?`` table (a rich table, not :class:`whist.tablewords.Table`) cut "Uncer…" and
"Mästaröverfl…" though README promises the names whole under ``?``. The class: in every bundled
rule set and version, in English and Swedish, at every cut the menu may make, no two bids show
the same name, nor do two entries of the menu read alike (their numbers aside); and the ``?``
table at 40, 60 and 80 columns shows every name whole (never cut: at 40 columns, a list).
"""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from rich.console import Console
from rich.markup import escape

from interpreter.decisions import Request
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet
from whist.playmenu import CUT, MAX_MENU_NAME, MIN_MENU_NAME, as_shown, cut_names, full_bid_table, menu_entries

REFS = [ref for name in bundled_names() for ref in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]


def every_bid(rules: RuleSet) -> Request:
    """A bid request that offers every bid of ``rules``."""
    return Request(
        "bid",
        0,
        standard_ids=tuple(b.id for b in rules.standard_bids),
        special_ids=tuple(b.id for b in rules.special_bids),
    )


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", REFS)
def test_no_two_bids_are_shown_alike_at_any_cut(ref: str, lang: str) -> None:
    rules = load_ruleset(ref)
    texts = load_texts(rules, lang)
    names = [as_shown(texts, texts.bid_name(b)) for b in rules.bids]
    for cells in range(MIN_MENU_NAME, MAX_MENU_NAME + 1):
        shown = [name.plain for name in cut_names(names, cells)]
        assert len(set(shown)) == len(shown), (cells, shown)
        assert all(len(s) <= cells for s in shown), (cells, shown)
        for name, text in zip(names, shown, strict=True):  # a cut keeps the name's beginning
            assert text == name.plain or (CUT in text and name.plain.startswith(text.split(CUT)[0])), (name, text)
        _, entries = menu_entries(every_bid(rules), rules, dataclasses.replace(texts, escape=escape), cells)
        apart = [re.sub(r"^\s*\d+ ", "", e.plain) for e in entries]  # (the menu's entries, without their numbers)
        assert len(set(apart)) == len(apart), (cells, apart)


@pytest.mark.parametrize("width", [40, 60, 80])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", REFS)
def test_the_table_shows_every_name_whole(ref: str, lang: str, width: int) -> None:
    rules = load_ruleset(ref)
    texts = dataclasses.replace(load_texts(rules, lang), escape=escape)  # (as whist play loads them)
    request = every_bid(rules)
    screen = io.StringIO()
    full_bid_table(Console(file=screen, width=width, color_system=None), request, rules, texts)
    table = screen.getvalue()
    assert "…" not in table, table
    words = " ".join(re.sub(r"[│┃|]", " ", table).split())
    for bid_id in rules.bids:
        for word in as_shown(texts, texts.bid_name(bid_id)).plain.split():
            assert word in words, (bid_id, word, table)
