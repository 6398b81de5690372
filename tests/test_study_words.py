"""The words and numbers the study commands print: every table's headers tell its columns apart
(in English and Swedish), the chart prints its texts as they are (not escaped for the terminal),
and ``whist analyze`` says no number in a plural that breaks at one and claims no more than it
checked. Found by reading the output: "Bid" headed two columns of ``balance``, "Gick hem" two in
Swedish; the Swedish chart read ``Gick hem \\[intervall 95 %]``; "one of these 1 sets"; "every
other one can" after requirements the checker counted as met.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from rich.markup import escape as rich_escape

from interpreter.analysis import analyze
from interpreter.balance import balance, compare
from interpreter.duel import duel
from interpreter.parallel import simulate_on_cores
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from rulespec.model import RuleSet
from whist.analyzecli import to_text
from whist.balancecli import against_table, bids_table, chart_texts
from whist.duelcli import duel_table
from whist.tables import simulation_tables
from whist.tablewords import Table

LANGS = ("en", "sv")


def _escaped(rules: RuleSet, lang: str) -> Texts:
    """The texts as the study commands print them: escaped for rich."""
    texts = load_texts(rules, lang)
    texts.escape = rich_escape
    return texts


@cache
def _rules(ref: str) -> RuleSet:
    return load_ruleset(ref)


@cache
def _studies() -> dict[str, tuple[str, dict[str, Any]]]:
    """One small run of every study, by its table's maker: (rule set, data)."""
    base = balance("combo-whist", 3, 1, 4, "random")
    base["against"] = {"ruleset": "combo-whist", "bids": compare(base, base)}
    simulated = {
        ref: simulate_on_cores(ref, 2, 1, 4 if ref == "combo-whist" else 2, "random", jobs=1).to_data(_rules(ref))
        for ref in ("combo-whist", "christmas-whist")
    }
    return {
        "balance": ("combo-whist", base),
        "duel": ("combo-whist", duel("combo-whist", "random", "heuristic", 1, 1, 4)),
        "duel_match": ("christmas-whist", duel("christmas-whist", "random", "heuristic", 1, 1, 2)),
        "simulate": ("combo-whist", simulated["combo-whist"]),
        "simulate_match": ("christmas-whist", simulated["christmas-whist"]),
    }


def _tables(kind: str, lang: str) -> list[Table]:
    ref, data = _studies()[kind]
    texts = _escaped(_rules(ref), lang)
    if kind == "balance":
        return [bids_table(data, texts), against_table(data["against"]["bids"], ref, ref, texts)]
    if kind.startswith("duel"):
        return [duel_table(data, texts)]
    return simulation_tables(data, _rules(ref), texts)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["balance", "duel", "duel_match", "simulate", "simulate_match"])
def test_every_study_tables_columns_and_rows_are_told_apart(kind: str, lang: str) -> None:
    for table in _tables(kind, lang):
        if table.show_header:
            headers = [str(column.header) for column in table.columns]
            assert len(set(headers)) == len(headers), headers
        else:  # a table of label and figure: its labels
            labels = [str(cell) for cell in table.columns[0].cells]
            assert len(set(labels)) == len(labels), labels


@pytest.mark.parametrize("lang", LANGS)
def test_the_chart_prints_its_texts_as_they_are(lang: str) -> None:
    _, data = _studies()["balance"]
    rules = _rules("combo-whist")
    labels, names = chart_texts(data, _escaped(rules, lang))  # as the command's texts are
    plain = load_texts(rules, lang)
    assert labels["rate"] == plain.label("balance_rate") and "[" in labels["rate"]
    assert names == {b["id"]: plain.bid_name(b["id"]) for b in data["bids"]}
    for text in [*labels.values(), *names.values()]:
        assert "\\" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_simulation_shows_the_matches_no_one_won(lang: str) -> None:
    ref, data = _studies()["simulate_match"]
    texts = _escaped(_rules(ref), lang)
    undecided = {**data, "undecided": 2, "unfinished": 1}
    labels, figures = (list(column.cells) for column in _overview(undecided, ref, texts))
    rows = {str(label): str(figure) for label, figure in zip(labels, figures, strict=True)}
    assert rows[texts.label("match_undecided")] == "2"
    assert rows[f"  {texts.label('match_drawn')}"] == "1" and rows[f"  {texts.label('match_unfinished')}"] == "1"


def _overview(data: dict[str, Any], ref: str, texts: Any) -> list[Any]:
    return list(simulation_tables(data, _rules(ref), texts)[0].columns)


@cache
def _analysis(ref: str) -> Any:
    return analyze(_rules(ref))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("impossible", [1, 2])
def test_analyze_says_how_many_sets_without_a_plural_of_one(lang: str, impossible: int) -> None:
    analysis = _analysis("bids/examples/quick-game.yaml")
    findings = (analysis.impossible * impossible)[:impossible]
    texts = load_texts(_rules("bids/examples/quick-game.yaml"), lang)
    summary = texts.label("analyze_summary", n=impossible)
    assert summary.rstrip(".").endswith(f": {impossible})") or summary.rstrip(".").endswith(f": {impossible}")
    text = " ".join(
        to_text(_rules("bids/examples/quick-game.yaml"), texts, replace(analysis, impossible=findings)).split()
    )
    assert summary in text


@pytest.mark.parametrize("lang", LANGS)
def test_analyze_claims_no_more_than_it_checked(lang: str) -> None:
    """With requirements not modelled (counted as met), sets left undecided or a search cut short,
    "every other combo bid can be completed" is hedged; with none of these, it is said plainly."""
    full = _analysis("bids/examples/quick-game.yaml")
    partial = _analysis("bids/examples/called-partner.yaml")
    assert not full.unknown and not full.undecided and full.note is None and full.impossible
    assert partial.unknown
    cases = {
        "plain": (full, False),
        "unknown": (partial, True),
        "undecided": (replace(full, undecided=full.impossible), True),
        "incomplete": (replace(full, note="incomplete"), True),
    }
    for name, (analysis, hedged) in cases.items():
        ref = "bids/examples/called-partner.yaml" if analysis is partial else "bids/examples/quick-game.yaml"
        texts = load_texts(_rules(ref), lang)
        for found in (analysis.impossible, []):
            lines = to_text(_rules(ref), texts, replace(analysis, impossible=found), width=10_000).splitlines()
            plain = {texts.label("analyze_others"), texts.label("analyze_none")}
            careful = {texts.label("analyze_others_hedged"), texts.label("analyze_none_hedged")}
            assert bool(set(lines) & careful) == hedged and bool(set(lines) & plain) != hedged, (name, found)
