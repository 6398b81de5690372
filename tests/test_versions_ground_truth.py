"""Every bundled version of Combo Whist (``combo-whist@<version>``) loads with its lineage, and its
bid tables (worth, score, trump, tricks, priority, incompatibility) and game rules match the
ground truth in ``tests/data/history/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from versions_helpers import NEWEST, PARENT, VERSIONS, VERSIONS_DIR, chain, truth, truth_bids

# fixtures, imported under their own names so that pytest finds them
from versions_helpers import rules as rules
from versions_helpers import version as version

from rulespec import load_ruleset
from rulespec.locale import load_texts, value_text
from rulespec.model import RuleSet

# --- loading and lineage -------------------------------------------------------------------------


def test_every_version_has_its_file() -> None:
    assert {p.stem for p in VERSIONS_DIR.glob("*.yaml")} >= set(VERSIONS)


def test_loads_with_its_lineage(version: str, rules: RuleSet) -> None:
    assert rules.name == "combo-whist" and rules.version == version
    assert list(rules.lineage) == chain(version)
    assert Path(rules.sources[0]) == VERSIONS_DIR / f"{version}.yaml"


def test_overlay_extends_the_next_newer_version(version: str) -> None:
    data = yaml.safe_load((VERSIONS_DIR / f"{version}.yaml").read_text(encoding="utf-8"))
    parent = PARENT[version]
    assert data["extends"] == ("combo-whist" if parent == NEWEST else f"combo-whist@{parent}")
    assert data["version"] == version
    assert "ruleset" not in data  # the name is the parent's


# --- the bid tables against the ground truth -----------------------------------------------------


def _expected_incompatibilities(data: dict[str, Any]) -> dict[str, set[str]]:
    """The ground truth's incompatibilities, groups expanded and made symmetric (SUMMARY §6.12)."""
    bids = truth_bids(data)
    non_trump = {i for i, b in bids.items() if b["kind"] == "standard" and not b["trump"]}
    result: dict[str, set[str]] = {i: set() for i in bids}
    for bid_id, bid in bids.items():
        for entry in bid.get("incompatible_with") or []:
            kind, _, name = entry.partition(":")
            targets = non_trump if kind == "category" else {name}
            for target in targets:
                result[bid_id].add(target)
                result[target].add(bid_id)
    return result


def _number(expr: Any) -> Any:
    assert expr is not None and expr.is_constant, expr
    return expr.constant


def test_same_bids_as_the_ground_truth(version: str, rules: RuleSet) -> None:
    bids = truth_bids(truth(version))
    assert {b.id for b in rules.standard_bids} == {i for i, b in bids.items() if b["kind"] == "standard"}
    assert {b.id for b in rules.special_bids} == {i for i, b in bids.items() if b["kind"] == "special"}


def test_table_matches_the_ground_truth(version: str, rules: RuleSet) -> None:
    data = truth(version)
    incompatible = _expected_incompatibilities(data)
    for bid_id, expected in truth_bids(data).items():
        bid = rules.bids[bid_id]
        where = f"{version} {bid_id}"
        worth = expected["worth"]
        if isinstance(worth, str):  # "1 or 3": a worth that depends on the combo
            assert value_text(bid.worth) == worth, where
        else:
            assert _number(bid.worth) == worth, where
        assert bid.incompatible_ids == incompatible[bid_id], where
        if expected["kind"] == "special":
            assert bid.kind == "special" and bid.score is None, where
            assert bid.priority == expected["priority"], where
            continue
        assert bid.kind == "standard" and bid.priority in (None, 0), where
        score = expected["score"]
        if score == "3+":  # standard Greed up to 1.1.1: 3, and a point per trick above the minimum
            assert _number(bid.score) == 3 and bid.bonus is not None, where
        elif isinstance(score, str):  # "*", "x", "X": the worth of the whole combo bid
            assert score in ("*", "x", "X") and bid.score.source == "combo.worth", where
        else:
            assert _number(bid.score) == score, where
        assert bid.has_trump is expected["trump"], where
        tricks = expected["tricks_normalized"]
        if tricks.get("see_rules"):
            assert bid.tricks is None, where
        elif tricks.get("all"):  # "all": every trick of the hand
            assert bid.tricks is not None and bid.tricks.min is None and bid.tricks.max is None, where
            assert bid.tricks.exactly is not None and bid.tricks.exactly.source == "hand_size", where
        else:
            assert bid.tricks is not None, where
            for key in ("min", "max", "exactly"):
                got = getattr(bid.tricks, key)
                if key in tricks:
                    assert _number(got) == tricks[key], where
                else:
                    assert got is None, where
        # Up to 1.1.1, the table "Standard bids, modified to suit 3 players".
        three = expected.get("tricks_3_players")
        if three is None:
            assert bid.tricks is None or 3 not in bid.tricks.for_players, where
        else:
            other = bid.tricks.for_players[3]
            assert {k: _number(getattr(other, k)) for k in three} == three, where


def test_game_rules_that_changed(version: str, rules: RuleSet) -> None:
    general = truth(version)["general"]
    auction = rules.game.auction
    limits = general["bidding"]["time_limits"]
    assert auction.time_limits["per_bid"] == limits["between_bids_s"]
    # Up to 1.4.2 "but 1 minute before the initial bid": the first bid's whole time (first_bid);
    # 1.5.x "an extra 60 seconds before the first bid" (before_first_bid); 1.0.0 states neither.
    assert auction.time_limits.get("first_bid") == limits["before_first_bid_s"]
    assert auction.time_limits.get("before_first_bid") == limits.get("extra_before_first_bid_s")
    # null up to 1.1.1: "not mentioned", so not forbidden
    assert auction.forbid_impossible is bool(general["bidding"]["impossible_combo_bids_forbidden"])
    minimum = general["bidding"]["minimum_combo_worth"]
    if minimum is None:  # not stated (1.1.0-1.3.0): any combo may be bid
        assert not auction.has_minimum
    else:
        assert auction.has_minimum and _number(auction.minimum_worth) == minimum
    three = truth(version)["three_players"]
    size = three.get("remaining_deck_size", 52 - len(three["removed_cards"]))  # only ♣2 up to 1.1.1
    assert len(rules.game.deck.cards(3)) == size
    assert len(rules.game.deck.cards(3)) // 3 == three["cards_per_player"]
    assert rules.game.deal.hand_size({"player_count": 3}) == three["cards_per_player"]
    assert rules.game.deal.hand_size({"player_count": 4}) == general["dealing"]["cards_per_player"]
    removed = set(rules.game.deck.cards(4)) - set(rules.game.deck.cards(3))
    suits = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
    for text in three["removed_cards"]:
        if text.startswith("all "):
            rank = text.removeprefix("all ").removesuffix("s")
            assert {(rank, s) for s in "CDHS"} <= removed, text
        else:
            assert (text[1:], suits[text[0]]) in removed, text


# --- what a bid's rules text says, against the ground truth's words -----------------------------

#: How each language says the two exceptions the rulebooks give Plague's lead ban.
_NO_OTHER_CHOICE = {"en": "no other choice", "sv": "inte har något annat val"}
_ONLY_PLAGUE = {"en": "every card left in their hand is a plague card", "sv": "kvar på handen är ett pestkort"}
_LEADS = {"en": "lead", "sv": "spela ut"}


@pytest.mark.parametrize("edition", [*VERSIONS, NEWEST])
def test_plagues_lead_ban_is_told_as_each_version_states_it(edition: str) -> None:
    """1.4.0–1.5.0 lift the ban when the declarer "holds only plague cards", 1.5.1 when the declarer
    "has no other choice" (a trump not yet free counts too); earlier versions have no ban. The 1.5.1
    text told the 1.5.0 exception in both languages while the engine played 1.5.1's."""
    rules = load_ruleset(f"combo-whist@{edition}")
    bid = truth_bids(truth(edition)).get("plague")
    if bid is None:
        assert "plague" not in rules.bids
        return
    said = str(bid.get("params", {}).get("lead_restriction", ""))
    for lang in ("en", "sv"):
        text = load_texts(rules, lang).data["bids"]["plague"]["rules"]
        if not said:
            assert _LEADS[lang] not in text, (lang, text)
        elif "no other choice" in said:
            assert _NO_OTHER_CHOICE[lang] in text and _ONLY_PLAGUE[lang] not in text, (lang, text)
        else:
            assert "only plague cards" in said
            assert _ONLY_PLAGUE[lang] in text and _NO_OTHER_CHOICE[lang] not in text, (lang, text)


#: The rulebooks' column headings: "DESIGNATION Worth Order" (1.4.1), "BENÄMNING Värde Ordning"
#: (1.4.2); 1.5 renamed them rank and priority ("Priority" replaces "Order", "rank" replaces "worth").
_HEADINGS = {
    "old": {"en": ("Worth", "Order"), "sv": ("Värde", "Ordning")},
    "new": {"en": ("Rank", "Priority"), "sv": ("Rang", "Prioritet")},
}


@pytest.mark.parametrize("edition", [*VERSIONS, NEWEST])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_tables_use_each_versions_headings_and_columns(edition: str, lang: str) -> None:
    """Each version's tables head their columns as its rulebook does, and have an order column only
    where the version has one (none up to 1.3.0: the ground truth has no priority there)."""
    from printing.facts import bid_fields
    from printing.reference import bid_table

    rules = load_ruleset(f"combo-whist@{edition}")
    texts = load_texts(rules, lang)
    worth, order = _HEADINGS["new" if edition.startswith("1.5") else "old"][lang]
    has_order = any(b.get("priority") is not None for b in truth(edition)["special_bids"])
    special = bid_table("special", rules, texts)
    assert special.headings[special.columns.index("worth")] == worth
    assert ("priority" in special.columns) == has_order
    if has_order:
        assert special.headings[special.columns.index("priority")] == order
    fields = {field.key for bid in rules.special_bids for field in bid_fields(bid, rules, texts)}
    assert ("priority" in fields) == has_order
