"""``whist diff``: change records between two rule sets (rulespec/diff.py) and their wording (whist/diff.py).

House-rule variants are written in ``tmp_path`` (with their texts in a ``locales/`` folder
beside them); ``bids/examples/`` holds the two example house rules; the bundled versions
(``bids/combo-whist/versions/``) give the real changelog of 1.5.0 → 1.5.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from click.testing import CliRunner

from rulespec.diff import BID_ADDED, BID_CHANGED, BID_REMOVED, BID_RENAMED, GENERAL, Side, diff_rulesets
from whist.diffcli import register

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "bids" / "examples"
VERSION_1_5_0 = ROOT / "bids" / "combo-whist" / "versions" / "1.5.0.yaml"

HOUSE = """\
ruleset: house-test
version: 1.5.1+test.1
extends: combo-whist
game:
  params: {starting_target: 10}
  auction:
    time_limits: {per_bid: 45}
  deck:
    remove:
      - when: player_count == 3
        cards: [2C]
remove_bids: [sloth]
bids:
  - id: rank_trump
    worth: 5
  - id: lock
    incompatible: [zero, hurry]
  - id: mail
    params: {cards: 2}
    steps:
      - pass_cards: {senders: players, count: cards, direction: left}
  - id: master_trump
    trump: {chosen_by: left_of(declarer)}
  - id: greed
    bonus: null
  - id: favourite
    kind: special
    worth: 1
    priority: 5
    steps:
      - choose: {who: declarer, what: suit, as: favourite_suit}
    requires: count(declarer.won, card.suit == favourite_suit) >= 5
"""

HOUSE_TEXTS = """\
language: en
ruleset: house-test
title: Test House Whist
bids:
  favourite: {name: Favourite}
  hurry: {name: Rush}
"""


# --- helpers -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def whist():
    """``whist diff ARGS…`` through click: (exit code, standard output, standard error)."""
    group = click.Group()
    register(group)
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(group, ["diff", *args], env={"WHIST_LANG": "", "LANGUAGE": "", "LANG": "C"})
        return result.exit_code, result.stdout, result.stderr

    return run


def records(whist, *args: str) -> list[dict[str, Any]]:
    code, out, err = whist(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def find(items: list[dict[str, Any]], **wanted: Any) -> list[dict[str, Any]]:
    return [r for r in items if all(r.get(k) == v for k, v in wanted.items())]


@pytest.fixture(scope="module")
def house(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("house")
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "locales" / "en" / "house-test.yaml").write_text(HOUSE_TEXTS, encoding="utf-8")
    return folder / "house.yaml"


@pytest.fixture(scope="module")
def house_records(whist, house) -> list[dict[str, Any]]:
    return records(whist, "combo-whist", str(house), "--lang", "en")


# --- a house rule against the bundled rule set ---------------------------------------------


def test_records_have_the_documented_keys(house_records):
    assert house_records
    assert all(set(r) == {"kind", "bid", "field", "old", "new", "text"} for r in house_records)
    assert all(isinstance(r["text"], str) and r["text"] for r in house_records)


def test_bids_added_removed_and_renamed(house_records):
    (added,) = find(house_records, kind=BID_ADDED)
    assert added["bid"] == "favourite" and added["text"] == "Favourite: special bid, rank 1; steps, requirement"
    (removed,) = find(house_records, kind=BID_REMOVED)
    assert removed["bid"] == "sloth" and removed["text"].startswith("Sloth:")
    (renamed,) = find(house_records, kind=BID_RENAMED)
    assert renamed == {**renamed, "bid": "hurry", "old": "Hurry", "new": "Rush", "text": "Hurry → Rush"}


def test_table_facts_and_params(house_records):
    (worth,) = find(house_records, bid="rank_trump", field="worth")
    assert (worth["old"], worth["new"], worth["text"]) == (4, 5, "Rank Trump: rank 4 → 5")
    (cards,) = find(house_records, bid="mail", field="params.cards")
    assert (cards["old"], cards["new"], cards["text"]) == (3, 2, "Mail: parameter `cards` 3 → 2")
    # The constant the param feeds (pass_cards count) is not reported a second time.
    assert not find(house_records, bid="mail", field="hooks.steps.pass_cards.count")
    (bonus,) = find(house_records, bid="greed", field="hooks.bonus")
    assert (bonus["old"], bonus["new"]) == (1, None) and "removed" in bonus["text"]


def test_incompatibility_is_reported_once_on_the_bid_that_names_it(house_records):
    (pair,) = find(house_records, field="incompatible_with")
    assert pair["bid"] == "lock" and pair["new"] == "hurry"
    assert pair["text"] == "Lock: now incompatible with Rush, and Rush with it"


def test_hook_changes_are_worded(house_records):
    (direction,) = find(house_records, bid="mail", field="hooks.steps.pass_cards.direction")
    assert direction["text"] == "Mail: cards now go to the left (before: to the right)"
    (chooser,) = find(house_records, bid="master_trump", field="hooks.trump.chosen_by")
    assert chooser["text"] == (
        "Master Trump: trump now chosen by the player on the declarer's left "
        "(before: the player on the declarer's right)"
    )


def test_general_rules(house_records):
    general = {r["field"]: r for r in find(house_records, kind=GENERAL)}
    assert general["game.params.starting_target"]["text"] == "parameter `starting_target` 13 → 10"
    assert general["game.auction.time_limits.per_bid"]["text"] == "seconds per bid 30 → 45"
    removal = general["game.deck.remove"]
    assert removal["new"][0]["cards"] == ["2C"]
    assert "7C, all 8, 9, 10 (when `player_count == 3`) → 2C (when `player_count == 3`)" in removal["text"]
    # The classic target reads the param by name: no echo of 13 → 10 elsewhere.
    assert [r for r in general.values() if (r["old"], r["new"]) == (13, 10)] == [general["game.params.starting_target"]]


def test_markdown_groups_the_changes(whist, house):
    code, out, _ = whist("combo-whist", str(house), "--lang", "en")
    assert code == 0
    assert out.startswith("# Changes from Combo Whist 1.5.1 to Test House Whist 1.5.1+test.1\n")
    headings = [line for line in out.splitlines() if line.startswith("## ")]
    assert headings == ["## Bids added", "## Bids removed", "## Bids renamed", "## Bids changed", "## General rules"]
    assert "- **Rank Trump**: rank 4 → 5" in out
    assert "- Hurry → Rush" in out


def test_swedish_labels(whist, house):
    code, out, _ = whist("combo-whist", str(house), "--lang", "sv")
    assert code == 0
    assert "## Nya bud" in out and "## Ändrade bud" in out and "## Allmänna regler" in out
    assert "korten går nu åt vänster (förut: åt höger)" in out


def test_the_same_rule_set_has_no_differences(whist):
    code, out, _ = whist("combo-whist", "combo-whist", "--lang", "en")
    assert code == 0 and "No differences." in out
    assert records(whist, "combo-whist", "combo-whist") == []


def test_texts_are_compared_when_asked(whist, tmp_path):
    (tmp_path / "house.yaml").write_text("ruleset: texts-test\nversion: '1'\nextends: combo-whist\n", encoding="utf-8")
    (tmp_path / "locales" / "en").mkdir(parents=True)
    texts = "language: en\nruleset: texts-test\nbids:\n  lock: {rules: None of the first tricks.}\n"
    (tmp_path / "locales" / "en" / "texts-test.yaml").write_text(texts, encoding="utf-8")
    assert records(whist, "combo-whist", str(tmp_path / "house.yaml")) == []
    (text,) = records(whist, "combo-whist", str(tmp_path / "house.yaml"), "--texts")
    assert (text["kind"], text["bid"], text["field"], text["new"]) == (
        "text",
        "lock",
        "rules",
        "None of the first tricks.",
    )
    assert text["text"] == "Lock: rules text reworded"


def test_a_broken_rule_set_is_a_message(whist, tmp_path):
    code, _, err = whist("combo-whist", str(tmp_path / "missing.yaml"))
    assert code == 1 and "no rule set file or folder" in err
    code, _, err = whist("combo-whist", "combo-whist", "--lang", "xx")
    assert code == 2 and "unknown language 'xx'" in err


# --- the pure diff ---------------------------------------------------------------------------


def ruleset_data(*bids: dict[str, Any], game: dict[str, Any] | None = None) -> dict[str, Any]:
    base = {"kind": "special", "worth": 0, "priority": None, "params": {}, "incompatible": [], "incompatible_with": []}
    return {"game": game or {}, "groups": {}, "standard_bids": [], "special_bids": [{**base, **b} for b in bids]}


def choose(who: str, name: str) -> dict[str, Any]:
    return {"choose": {"who": {"expr": who}, "what": "direction", "as": name}}


def pass_cards(direction: Any) -> dict[str, Any]:
    return {"pass_cards": {"senders": {"expr": "players"}, "count": 3, "direction": direction}}


def test_a_value_that_was_a_players_choice_says_who_chose_it():
    old = ruleset_data({"id": "swap", "hooks": {"steps": [choose("declarer", "way"), pass_cards({"expr": "way"})]}})
    new = ruleset_data({"id": "swap", "hooks": {"steps": [pass_cards("right")]}})
    changes = diff_rulesets(Side(old), Side(new))
    assert [(c.field, c.old, c.new) for c in changes] == [
        ("hooks.steps.choose:way", choose("declarer", "way"), None),
        ("hooks.steps.pass_cards.direction", {"expr": "way"}, "right"),
    ]
    assert changes[1].context == {"old_chosen_by": {"expr": "declarer"}}


def test_steps_are_matched_by_what_they_declare():
    reveal, give = {"reveal": "b"}, {"give": {"card": {"expr": "b"}, "to": {"expr": "declarer"}}}
    old = ruleset_data(
        {"id": "x", "hooks": {"steps": [choose("declarer", "a"), choose("opponents", "b"), reveal, give]}}
    )
    new = ruleset_data(
        {"id": "x", "hooks": {"steps": [choose("opponents", "b"), reveal, choose("declarer", "a"), give]}}
    )
    (moved,) = diff_rulesets(Side(old), Side(new))
    assert (moved.field, moved.old, moved.new) == ("hooks.steps.choose:a", 1, 3)


def test_renames_come_from_the_names_given():
    data = ruleset_data({"id": "x"})
    (renamed,) = diff_rulesets(Side(data, {"x": "Old"}), Side(data, {"x": "New"}))
    assert (renamed.kind, renamed.bid, renamed.old, renamed.new) == (BID_RENAMED, "x", "Old", "New")


def test_symmetric_incompatibility_is_one_record():
    old = ruleset_data({"id": "a"}, {"id": "b"})
    new = ruleset_data(
        {"id": "a", "incompatible_with": ["b"]}, {"id": "b", "incompatible": ["a"], "incompatible_with": ["a"]}
    )
    (change,) = diff_rulesets(Side(old), Side(new))
    assert (change.kind, change.bid, change.field, change.new) == (BID_CHANGED, "b", "incompatible_with", "a")


# --- the example house rules -----------------------------------------------------------------


def test_club_rules(whist):
    items = records(whist, "combo-whist", str(EXAMPLES / "club-rules.yaml"), "--lang", "en")
    added = find(items, kind=BID_ADDED, bid="lucky_sevens")[0]["text"]
    assert added == "Lucky Sevens: special bid, rank 1; requirement"
    assert (
        find(items, bid="penalty", field="hooks.penalty")[0]["text"] == "Penalty: extra points lost when failed 2 → 3"
    )
    assert {(r["bid"], r["field"]) for r in find(items, kind=BID_CHANGED)} >= {("sloth", "worth"), ("limbo", "score")}


def test_quick_game(whist):
    items = records(whist, "combo-whist", str(EXAMPLES / "quick-game.yaml"), "--lang", "en")
    assert [r["bid"] for r in find(items, kind=BID_REMOVED)] == ["justice"]
    assert find(items, bid="certainty", field="hooks.requires")
    general = {r["field"]: (r["old"], r["new"]) for r in find(items, kind=GENERAL)}
    assert general["game.winning.default"] == ("classic", "limited")
    assert general["game.options.rounds"] == (3, 2)


@pytest.mark.parametrize("name", ["club-rules", "quick-game"])
def test_example_house_rules_bring_their_texts_in_english_and_swedish(name):
    for lang in ("en", "sv"):
        path = EXAMPLES / "locales" / lang / f"{name}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data["language"] == lang and data["ruleset"] == name and data["title"]


# --- the bundled versions ---------------------------------------------------------------------


def test_combo_whist_1_5_0_to_1_5_1(whist):
    if not VERSION_1_5_0.is_file():
        pytest.skip(f"the version file {VERSION_1_5_0.relative_to(ROOT)} does not exist yet")
    items = records(whist, "combo-whist@1.5.0", "combo-whist@1.5.1", "--lang", "en")
    (rank,) = find(items, bid="rank_trump", field="worth")
    assert (rank["old"], rank["new"]) == (3, 4)
    (greed,) = find(items, bid="greed", field="incompatible_with")
    assert greed["new"] == "taintless_bid"
    assert greed["text"] == "Greed: now incompatible with Taintless Bid, and Taintless Bid with it"
    (mail,) = find(items, bid="mail", field="hooks.steps.pass_cards.direction")
    assert mail["new"] == "right" and mail["old"] != "right"
    assert mail["text"] == "Mail: cards now go to the right (before: chosen by the declarer)"
    (master,) = find(items, bid="master_mail", field="hooks.steps.pass_cards.direction")
    assert (master["old"], master["new"]) == ("right", "left")
    assert master["text"] == "Master Mail: cards now go to the left (before: to the right)"
    assert not find(items, kind=BID_ADDED) and not find(items, kind=BID_REMOVED)


def test_combo_whist_1_4_2_to_1_5_0(whist):
    """SUMMARY §4 "1.5.0": Taintless Bid replaces Taintless Master's Game, the renames,
    Master Trump chosen on the right, Rank Trump laid by the non-declarers only, priority 4
    for Atelier / Open Trump / Open Hand, 30 s per bid, the impossible-bid ban lifted."""
    items = records(whist, "combo-whist@1.4.2", "combo-whist@1.5.0", "--lang", "en")
    assert [r["bid"] for r in find(items, kind=BID_ADDED)] == ["taintless_bid"]
    assert [r["bid"] for r in find(items, kind=BID_REMOVED)] == ["taintless_masters_game"]
    renamed = {(r["old"], r["new"]) for r in find(items, kind=BID_RENAMED)}
    for pair in [
        ("Bid of Shame", "Misery"),
        ("Approximate", "Uncertainty"),
        ("Precise", "Certainty"),
        ("Game", "Abundance"),
        ("Master's Game", "Master Abundance"),
        ("Master's Bid of Shame", "Master Misery"),
        ("Master's Trump", "Master Trump"),
        ("Master's Mail", "Master Mail"),
    ]:
        assert pair in renamed, pair
    texts = [r["text"] for r in items]
    assert any(t.startswith("Master Trump: trump now chosen by the player on the declarer's right") for t in texts)
    assert any(t.startswith("Rank Trump:") for t in texts)
    for bid in ("atelier", "open_trump", "open_hand"):
        (priority,) = find(items, bid=bid, field="priority")
        assert priority["new"] == 4
    general = [r["text"] for r in find(items, kind=GENERAL)]
    assert any("20 → 30" in t for t in general)
    assert "auction / impossible combo bids refused yes → no" in general


def test_combo_whist_1_0_0_to_1_1_0(whist):
    """SUMMARY §4 "1.1.0": Zerofication, Theft and Bingo out, Triumph Trump in, Begin → Lead,
    Ending Dog → Finishing Dog, blockade and the fixed winning score gone, 20 s per bid."""
    items = records(whist, "combo-whist@1.0.0", "combo-whist@1.1.0", "--lang", "en")
    assert [r["bid"] for r in find(items, kind=BID_ADDED)] == ["justice"]
    assert sorted(r["bid"] for r in find(items, kind=BID_REMOVED)) == ["bingo", "theft", "zerofication"]
    renamed = {(r["old"], r["new"]) for r in find(items, kind=BID_RENAMED)}
    assert {("Begin", "Lead"), ("Ending Dog", "Finishing Dog")} <= renamed
    general = [r["text"] for r in find(items, kind=GENERAL)]
    assert any(t.startswith("scoring / lowest score removed") for t in general)
    assert any("60 → 20" in t for t in general)
    assert "parameter `target_drop` added: 2" in general


def test_combo_whist_1_1_1_to_1_2_0(whist):
    """SUMMARY §4 "1.2.0": Round Trump out, Greed from standard to special, Limbo, Sneaky Trump,
    Sloth and Plague in, Triumph Trump -3 → -4, Taintless Master's Game 6 → 9, Master's
    Switcheroo now incompatible with Grill, the three-player table gone."""
    items = records(whist, "combo-whist@1.1.1", "combo-whist@1.2.0", "--lang", "en")
    assert sorted(r["bid"] for r in find(items, kind=BID_ADDED)) == ["limbo", "plague", "sloth", "sub_trump"]
    assert [r["bid"] for r in find(items, kind=BID_REMOVED)] == ["round_trump"]
    (kind,) = find(items, bid="greed", field="kind")
    assert (kind["old"], kind["new"]) == ("standard", "special")
    (justice,) = find(items, bid="justice", field="worth")
    assert (justice["old"], justice["new"]) == (-3, -4)
    (taintless,) = find(items, bid="taintless_masters_game", field="worth")
    assert (taintless["old"], taintless["new"]) == (6, 9)
    assert find(items, bid="master_mail", field="incompatible_with", new="grill")
    (trump,) = find(items, bid="trump", field="hooks.tricks")
    assert trump["text"] == "Trump: tricks min. 5 (3 players: min. 7) → min. 5"
    renamed = {(r["old"], r["new"]) for r in find(items, kind=BID_RENAMED)}
    assert {("Dumb Skip", "Bid of Shame"), ("Rough Guess", "Approximately"), ("Switcharoo", "Switcheroo")} <= renamed


def test_an_added_bid_says_what_it_does(whist, tmp_path):
    """A new bid's diff line named only its kind and rank ("special bid, rank 2"): its bonus was
    nowhere. It names every hook point it fills, a number with its value, in the reader's language."""
    (tmp_path / "bonanza.yaml").write_text(
        "ruleset: bonanza\nversion: '1'\nextends: combo-whist\nbids:\n"
        "  - {id: bonanza, kind: special, worth: 2, bonus: 3, requires: last_trick.winner == declarer}\n",
        encoding="utf-8",
    )
    code, out, _ = whist("combo-whist", str(tmp_path / "bonanza.yaml"), "--lang", "en")
    assert code == 0 and "special bid, rank 2; requirement, extra points when completed 3" in out, out
    code, out, _ = whist("combo-whist", str(tmp_path / "bonanza.yaml"), "--lang", "sv")
    assert code == 0 and "specialbud, rang 2; krav, extrapoäng när budet går hem 3" in out, out


# --- every text that differs is listed -------------------------------------------------------------

_VERSIONS = ["1.0.0", "1.1.0", "1.1.1", "1.2.0", "1.3.0", "1.4.0", "1.4.1", "1.4.2", "1.5.0", "1.5.1"]


@pytest.mark.parametrize(("old", "new"), list(zip(_VERSIONS, _VERSIONS[1:], strict=False)))
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_diff_with_texts_lists_every_text_that_differs(old: str, new: str, lang: str) -> None:
    """``--texts`` lists each text that differs between two versions, whatever its kind: it listed
    bid texts and the general rules, and missed 1.4.2's renamed group ("non-trump bids" became
    "trumpless bids" on the cards), a declaration's or a mark's new name, 1.0.0's "Extra bids"."""
    from rulespec import load_ruleset
    from rulespec.diff import TEXT
    from rulespec.locale import load_texts
    from whist.diffcli import side

    sides = [side(rules, load_texts(rules, lang)) for rules in (load_ruleset(f"combo-whist@{v}") for v in (old, new))]
    changes = diff_rulesets(*sides, texts=True)
    listed = {f"bids.{c.bid}.{c.field}" if c.bid else c.field for c in changes if c.kind == TEXT}
    both = sides[0].bids.keys() & sides[1].bids.keys()  # (a bid added or removed is listed as such)
    differ = {
        key
        for key in sides[0].texts.keys() | sides[1].texts.keys()
        if sides[0].texts.get(key) != sides[1].texts.get(key)
        and not key.endswith(".name")  # a bid's name: listed as a rename
        and (not key.startswith("bids.") or key.split(".")[1] in both)
    }
    assert differ <= listed, sorted(differ - listed)


def test_a_renamed_group_and_a_removed_name_are_said_in_full_with_their_key(whist) -> None:
    code, out, _ = whist("combo-whist@1.4.1", "combo-whist@1.4.2", "--texts")
    assert code == 0 and "- name `groups.non_trump_bids` non-trump bids → trumpless bids\n" in out
    code, out, _ = whist("combo-whist@1.4.1", "combo-whist@1.4.2", "--texts", "--lang", "sv")
    assert code == 0 and "- namnet `groups.non_trump_bids` icke-trumf-bud → trumflösa bud\n" in out
    code, out, _ = whist("combo-whist@1.5.0", "combo-whist@1.5.1", "--texts")
    assert code == 0 and "- name `declarations.mail_direction` removed (was direction of the mail)\n" in out
