"""The impossible-combo checker (``interpreter/analysis/``) on Combo Whist: hand-made cases, the
lists of every version that forbids impossible combo bids, their reasons, and table feasibility.
"""

from __future__ import annotations

import time

import pytest

from interpreter.analysis import (
    Verdict,
    analyze,
    check,
    deal_sizes,
    impossible_reason,
    reason,
    requirement_bids,
    table_feasible,
)
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset
from rulespec import model as M
from rulespec.locale import load_texts

RULES = load_ruleset("combo-whist")


def verdict(ids: list[str], players: int = 4, rules: M.RuleSet = RULES) -> Verdict:
    return check(rules, ids, players)


# --- hand-made cases on Combo Whist ---------------------------------------------------------


def test_zero_and_greed_can_never_be_completed() -> None:
    result = verdict(["zero", "greed"])
    assert result.possible is False
    assert result.observed == {"count"}  # the declarer's number of tricks alone decides it
    assert result.adjusted  # Zero alone is possible: it is Greed's ±1 that rules it out
    assert result.adjustments == (1, -1)
    words = reason(load_texts(RULES, "en"), result)
    assert words == (
        "no number of tricks for the declarer meets every requirement"
        " with the declarer's trick count 1 higher and 1 lower"
    )


def test_certainty_and_greed_whatever_the_guess() -> None:
    result = verdict(["certainty", "greed"])
    assert result.possible is False
    assert result.observed == {"count", "choices"}
    assert "whatever is chosen before the hand" in reason(load_texts(RULES, "en"), result)


def test_possible_combos_come_with_a_witness() -> None:
    trump = verdict(["trump"])
    assert trump.possible is True and trump.witness is not None and trump.witness["tricks[0]"] >= 5
    misery = verdict(["misery", "greed"])  # as the scenario mix-greed-misery plays it: 0 tricks against 13
    assert misery.possible is True and misery.witness is not None
    assert misery.witness["tricks[0]"] == 0
    assert verdict(["uncertainty", "greed"]).possible  # guesses on both sides of the count
    assert verdict(["master_misery", "greed", "lock"]).possible
    assert verdict(["limbo", "lock", "greed", "ending_dog", "plague"]).possible


def test_incompatible_pairs_would_be_possible() -> None:
    """Zero + Ending Dog and Zero + Lock are kept apart by the data, not because they are impossible."""
    assert "ending_dog" in RULES.bids["zero"].incompatible_ids and "lock" in RULES.bids["zero"].incompatible_ids
    assert verdict(["zero", "ending_dog"]).possible is True
    assert verdict(["zero", "lock"]).possible is True
    assert verdict(["zero", "plague"]).possible is True  # no plague card taken: not the most


def test_taintless_bid_needs_tricks_to_take_the_twos() -> None:
    """Two standard bids make no combo, but the checker answers for any set of bids."""
    zero = verdict(["taintless_bid", "zero"])
    assert zero.possible is False and zero.observed >= {"cards"}
    assert "cards won" in reason(load_texts(RULES, "en"), zero)
    one_trick = verdict(["taintless_bid", "greed"])  # all four 2s in one trick is enough (1.5.0 allowed it)
    assert one_trick.possible is True
    assert verdict(["taintless_bid", "plague", "lock", "ending_dog"], players=3).possible is True


def test_bids_without_requirements_are_factored_out() -> None:
    result = check(RULES, ["zero", "greed", "penalty", "hurry", "iron", "open_hand"], 4)
    assert result.bids == ("greed", "zero")
    assert [b.id for b in requirement_bids(RULES.special_bids)] == ["greed", "ending_dog", "lock", "plague"]
    assert check(RULES, ["sloth", "mail"], 4).possible is True  # nothing to meet


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("combo-whist", {("certainty", "greed"), ("zero", "greed")}),
        ("combo-whist@1.5.0", {("certainty", "greed"), ("zero", "greed")}),
        (
            "combo-whist@1.4.2",
            {
                ("certainty", "greed"),
                ("zero", "greed"),
                ("taintless_masters_game", "lock"),
                ("taintless_masters_game", "greed", "ending_dog"),
            },
        ),
        (
            "combo-whist@1.4.0",
            {
                ("certainty", "greed"),
                ("zero", "greed"),
                ("taintless_masters_game", "greed"),
                ("taintless_masters_game", "ending_dog"),
                ("taintless_masters_game", "lock"),
            },
        ),
    ],
)
def test_the_impossible_sets_of_each_version(ref: str, expected: set[tuple[str, ...]]) -> None:
    analysis = analyze(load_ruleset(ref))
    assert {frozenset(f.bids) for f in analysis.impossible} == {frozenset(e) for e in expected}
    assert not analysis.undecided and not analysis.unknown
    assert all(f.player_counts == (3, 4) for f in analysis.impossible)
    assert analysis.forbid_impossible == ref.startswith("combo-whist@1.4")


def test_the_reasons_of_1_4_2() -> None:
    rules = load_ruleset("combo-whist@1.4.2")
    texts = load_texts(rules, "en")
    words = {frozenset(f.bids): reason(texts, f.verdict) for f in analyze(rules).impossible}
    assert words[frozenset({"taintless_masters_game", "lock"})] == (
        "no choice of which tricks the declarer takes meets every requirement"
    )
    assert words[frozenset({"taintless_masters_game", "greed", "ending_dog"})].endswith("1 higher and 1 lower")


def test_the_full_analysis_takes_seconds() -> None:
    for ref in ("combo-whist@1.4.2", "combo-whist"):
        started = time.perf_counter()
        analysis = analyze(load_ruleset(ref))
        assert time.perf_counter() - started < 20  # about 1.5 s on an idle machine
        assert analysis.checked > 400


def test_impossible_reason_for_the_auction() -> None:
    rules = load_ruleset("combo-whist@1.4.2")
    words = impossible_reason(rules, BidAnswer("zero", ("greed", "penalty", "hurry")))
    assert words is not None and words.startswith("Zero + Greed can never be completed: no number of tricks")
    smallest = impossible_reason(rules, BidAnswer("taintless_masters_game", ("greed", "ending_dog", "lock", "plague")))
    assert smallest is not None and smallest.startswith("Taintless Master's Game + Lock can never be completed")
    assert impossible_reason(rules, BidAnswer("trump", ("greed", "open_hand"))) is None
    assert impossible_reason(rules, BidAnswer("certainty", ("greed",)), player_count=3) is not None
    assert impossible_reason(rules, BidAnswer("no_such_bid", ())) is None
    assert deal_sizes(rules) == (3, 4)


def test_table_feasible() -> None:
    assert table_feasible([3, 10], [12, None, None, None], {})
    assert not table_feasible([3, 10], [12, None, None, None], {(0, 0): 0})  # 12 tricks, none of the first 3
    assert table_feasible([3, 10], [10, None, None, None], {(0, 0): 0})
    assert not table_feasible([1], [0, 0], {})  # the last trick must go to someone
    assert not table_feasible([2, 2], [None, 3], {(1, 0): 0})  # row 1 can take at most 2
    assert table_feasible([2, 2], [None, 2], {(1, 0): 0, (0, 1): 0})
    assert not table_feasible([2, 2], [None, 2], {(1, 0): 0, (0, 1): 1})
