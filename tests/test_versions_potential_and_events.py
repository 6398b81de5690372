"""Versions 1.3.0 and 1.2.0: Potential, Extended Bid, Spades as trump, the order of events,
``combo_worth``, a bid's ``may_bid`` and ``marks_on_declaring``.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from versions_helpers import _child, _validator, child_file, refusal

from interpreter.deal import Options
from rulespec import load_ruleset
from rulespec.locale import general_values
from rulespec.model import RuleSet

# --- 1.3.0 and 1.2.0: Potential, Extended Bid, Spades, the order of events ----------------------


def _bidder(potentials: int) -> SimpleNamespace:
    from interpreter.state import Marks

    return SimpleNamespace(seat=1, score=0, marks=Marks({"potential": potentials}))


def _auction_env(rules: RuleSet, player: SimpleNamespace) -> dict[str, Any]:
    return {
        "suits": ["C", "D", "H", "S"],
        "ranks": list(rules.game.deck.ranks),
        "option": Options(dict(rules.game.options)),
        "player_count": 4,
        "hand_size": 13,
        "players": [player],
        "dealer": player,
        "player": player,
    }


def test_potential_adds_half_a_rank_per_mark_in_1_3_0() -> None:
    """1.3.0: each P adds 1/2 to every combo the bidder offers; the rule belongs to the auction."""
    from fractions import Fraction

    from rulespec.build import facts

    rules = load_ruleset("combo-whist@1.3.0")
    combo_worth = rules.game.auction.combo_worth
    assert combo_worth is not None
    standard, special = facts(rules.bids["taintless_masters_game"]), facts(rules.bids["hurry"])
    for potentials, worth in ((0, 7), (1, Fraction(15, 2)), (3, Fraction(17, 2))):
        env = {**_auction_env(rules, _bidder(potentials)), "standard": standard, "specials": [special]}
        assert combo_worth(env) == worth
    assert rules.game.auction.beats.source == "bid.worth > lead.worth"  # no equal-rank over-bid yet
    for version in ("1.2.0", "1.4.0"):
        assert load_ruleset(f"combo-whist@{version}").game.auction.combo_worth is None, version


def test_extended_bid_needs_a_potential_and_spends_it() -> None:
    rules = load_ruleset("combo-whist@1.2.0")
    bid = rules.bids["extended_bid"]
    assert bid.may_bid is not None and bid.marks_on_declaring == {"potential": -1}
    assert not bid.may_bid(_auction_env(rules, _bidder(0)))
    assert bid.may_bid(_auction_env(rules, _bidder(1)))
    assert "may_bid" in bid.hooks() and "marks_on_declaring" in bid.hooks()
    assert not rules.bids["potential"].may_bid and rules.bids["potential"].marks_on_completion == {"potential": 1}


def test_spades_is_trump_without_a_choice() -> None:
    spades = load_ruleset("combo-whist@1.2.0").bids["spades"]
    assert spades.trump is not None and spades.trump.chosen_by is None
    assert spades.trump.suit is not None and spades.trump.suit.constant == "S"


def test_no_order_of_events_before_1_4_0() -> None:
    """No priorities: every event at 0, the standard bid's first; Switcheroo's cards before Master's."""
    for version in ("1.3.0", "1.2.0"):
        rules = load_ruleset(f"combo-whist@{version}")
        assert all(bid.priority is None for bid in rules.special_bids), version
        assert rules.bids["master_mail"].events_after == ("mail",), version
        assert all(not bid.events_after for bid in rules.bids.values() if bid.id != "master_mail"), version
    assert load_ruleset("combo-whist@1.4.0").bids["master_mail"].events_after == ()


def test_winning_variants_by_version() -> None:
    assert set(load_ruleset("combo-whist@1.3.0").game.winning.variants) == {"classic", "limited"}
    rules = load_ruleset("combo-whist@1.2.0")
    assert set(rules.game.winning.variants) == {"classic"} and rules.game.winning.default == "classic"
    assert "rounds" not in rules.game.options


def test_plague_by_version() -> None:
    """1.4.0+: lead ban, honour only with the whole combo; 1.3.0: no lead ban, honour point always;
    1.2.0: no honour at all."""
    plague = {v: load_ruleset(f"combo-whist@{v}").bids["plague"] for v in ("1.4.0", "1.3.0", "1.2.0")}
    assert plague["1.4.0"].may_not_lead is not None and plague["1.4.0"].penalty is None
    assert plague["1.3.0"].may_not_lead is None and plague["1.3.0"].bonus is not None
    assert plague["1.3.0"].penalty is not None  # a negative penalty: the honour point on failure
    assert plague["1.2.0"].bonus is None and plague["1.2.0"].penalty is None
    assert "honour_points" not in plague["1.2.0"].params


@pytest.mark.parametrize("version", ["1.3.0", "1.2.0"])
def test_export_of_the_new_keys(version: str) -> None:
    from rulespec.export import ruleset_to_data

    data = json.loads(json.dumps(ruleset_to_data(load_ruleset(f"combo-whist@{version}"))))
    assert [e.message for e in _validator("export.schema.json").iter_errors(data)] == []
    assert data["game"]["auction"]["minimum_worth"] is False
    specials = {b["id"]: b for b in data["special_bids"]}
    assert specials["master_mail"]["events_after"] == ["mail"]
    if version == "1.2.0":
        assert specials["extended_bid"]["hooks"]["marks"] == {"declaring": {"potential": -1}}
        assert specials["extended_bid"]["hooks"]["may_bid"] == {"expr": "player.marks.potential >= potentials_needed"}
    else:
        assert "potential" in data["game"]["auction"]["combo_worth"]["expr"]


def test_combo_worth_sees_the_bids_and_the_bidder(tmp_path: Path) -> None:
    seen = "game:\n  auction:\n    combo_worth: standard.worth + count(specials) + player.score\n"
    assert load_ruleset(child_file(tmp_path, seen)).game.auction.combo_worth is not None
    unseen = "game:\n  auction:\n    combo_worth: combo.worth + 1\n"
    assert "unknown name 'combo'" in refusal(child_file(tmp_path, unseen))


def test_minimum_worth_false_means_none(tmp_path: Path) -> None:
    auction = load_ruleset(child_file(tmp_path, "game:\n  auction:\n    minimum_worth: false\n")).game.auction
    assert not auction.has_minimum and auction.minimum_worth({}) < -1000
    assert "minimum_worth" not in general_values(load_ruleset("combo-whist@1.3.0"))  # no {minimum_worth} in texts
    assert load_ruleset("combo-whist").game.auction.has_minimum
    assert "minimum_worth: true" in refusal(child_file(tmp_path, "game:\n  auction:\n    minimum_worth: true\n"))


def test_a_bids_may_bid_and_marks_on_declaring_are_checked(tmp_path: Path) -> None:
    rules = load_ruleset(_child(tmp_path, "  - id: lock\n    may_bid: player.score > 0\n"))
    assert rules.bids["lock"].may_bid is not None
    for bids, message in (
        ("  - id: lock\n    may_bid: player.score\n", "expected a bool"),
        ("  - id: lock\n    may_bid: declarer.score > 0\n", "unknown name 'declarer'"),
        ("  - id: lock\n    marks: {when: declaring, add: {potentail: -1}}\n", "unknown mark 'potentail'"),
        ("  - id: lock\n    events_after: [mial]\n", "unknown bid 'mial'"),
        ("  - id: lock\n    events_after: [lock]\n", "cannot come after itself"),
    ):
        assert message in refusal(_child(tmp_path, bids)), bids
