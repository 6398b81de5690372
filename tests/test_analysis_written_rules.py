"""The impossible-combo checker on rule sets written here to reach the corners of its model:
unmodelled observations, special bids, trump and rank order as variables, a search that gives up.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from analysis_helpers import write_rules

from interpreter.analysis import analyze, check, impossible_reason
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset

# --- rule sets written here ---------------------------------------------------------------


def test_unmodelled_observations_count_as_met(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: nothing, kind: standard, worth: 1, score: 1, tricks: {exactly: 0}}
  - {id: rich, kind: special, worth: 0, requires: declarer.score > 100 and declarer.tricks > 0}
  - {id: same, kind: special, worth: 0, requires: declarer.won == deck}
  - {id: seated, kind: special, worth: 0, requires: count(others(declarer)) == player_count - 1}
  - {id: dealt, kind: special, worth: 0, requires: dealer != declarer or declarer.tricks >= 0}
"""
    rules = write_rules(tmp_path, "corners", 3, 2, bids)
    rich = check(rules, ["nothing", "rich"], 3)
    # The score is not modelled: the requirement counts as met, so nothing is proved here ...
    assert rich.possible is True and any(u.name == "player.score" for u in rich.unknown)
    # ... but a requirement the model reads before the unknown part still counts.
    assert check(rules, ["plain", "same"], 3).possible is True  # lists of cards compared: not modelled
    assert check(rules, ["plain", "same"], 3).unknown
    assert check(rules, ["nothing", "seated"], 3).possible is True  # others(…) reads players in seat order
    assert check(rules, ["nothing", "dealt"], 3).possible is True
    analysis = analyze(rules)
    assert not analysis.impossible


def test_special_bids_impossible_whatever_the_standard(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: few, kind: standard, worth: 1, score: 1, tricks: {max: 1}}
  - {id: greedy, kind: special, worth: 0, tricks: {min: 2}}
  - {id: first, kind: special, worth: 0, requires: 'declarer.tricks_in([1]) == 1'}
  - {id: no_first, kind: special, worth: 0, requires: declarer.tricks_in(1..1) == 0}
  - {id: shy, kind: special, worth: 0, requires: 'declarer.tricks_in([hand_size]) == 0'}
"""
    rules = write_rules(tmp_path, "specials", 2, 2, bids)
    analysis = analyze(rules)
    found = {(f.standard, f.specials) for f in analysis.impossible}
    assert (None, ("first", "no_first")) in found  # with any standard bid: listed once
    assert ("few", ("greedy",)) in found
    assert (None, ("greedy", "shy")) in found  # both tricks of two, but not the last
    assert not any(f.standard and {"first", "no_first"} <= set(f.specials) for f in analysis.impossible)


def test_trump_and_rank_order_are_variables(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: nothing, kind: standard, worth: 1, score: 1, tricks: {exactly: 0}}
  - id: trumps
    kind: standard
    worth: 1
    score: 1
    trump: {chosen_by: declarer}
    requires: count(declarer.won, card.is_trump) >= trumps_needed
    params: {trumps_needed: 3}
  - {id: greedy_trumps, kind: special, worth: 0, requires: 'count(declarer.won, card.is_trump) >= 4'}
  - {id: iron, kind: special, worth: 0, rank_order: {lowest: [A]}}
  - {id: lowest, kind: special, worth: 0, requires: 'count(declarer.won, card.value == 1) >= 2'}
"""
    rules = write_rules(tmp_path, "variables", 2, 3, bids)
    assert check(rules, ["trumps"], 2).possible is True  # all three cards of the trump suit
    assert check(rules, ["trumps", "greedy_trumps"], 2).possible is False  # a suit has three cards
    assert check(rules, ["plain", "greedy_trumps"], 2).possible is False  # no trump at all
    # The lowest rank is Q, or A under Iron: two cards of value 1 either way, and they can be won.
    lowest = check(rules, ["plain", "lowest"], 2)
    assert lowest.possible is True and not lowest.unknown
    assert check(rules, ["nothing", "lowest"], 2).possible is False


def test_a_search_that_gives_up_allows_the_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    import interpreter.analysis as analysis

    monkeypatch.setattr(analysis, "SEARCH_LIMIT", 3)
    rules = load_ruleset("combo-whist@1.4.2")  # a fresh rule set: nothing cached for it
    assert check(rules, ["certainty", "greed"], 4).possible is None  # 211 evaluations needed
    assert impossible_reason(rules, BidAnswer("certainty", ("greed",)), 4) is None
    found = analyze(rules, [4])
    assert any(set(f.bids) == {"certainty", "greed"} for f in found.undecided)
    assert not any(set(f.bids) == {"certainty", "greed"} for f in found.impossible)
