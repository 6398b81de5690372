"""The bundled older versions of Combo Whist: ``combo-whist@<version>``.

Each version is a small overlay (``bids/combo-whist/versions/<version>.yaml``) that extends the
next newer one and says only what differs; its names and rules texts are locale overlays
(``locales/<lang>/combo-whist@<version>.yaml``). Here every version written so far is checked
against the ground truth extracted from the author's sources, one YAML file per release in
``tests/data/history/`` (the facts only; the author's sentences are left out): the bid tables
(worth, score, trump, tricks, priority, incompatibility of every bid) and
the names in English and Swedish. Scenarios in ``tests/scenarios/versions/`` play the rules
that changed; the rule-language extensions the versions need are tested at the end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from interpreter.deal import Options
from interpreter.scenario import check_scenario, load_scenario
from rulespec import RuleError, load_ruleset
from rulespec import types as T
from rulespec.loader import BUNDLED_DIR
from rulespec.locale import LOCALES_DIR, general_values, load_texts, locale_files, value_text
from rulespec.model import RuleSet
from rulespec.translations import status

ROOT = Path(__file__).resolve().parents[1]
HISTORY = Path(__file__).resolve().parent / "data" / "history"
VERSIONS_DIR = BUNDLED_DIR / "combo-whist" / "versions"
SCENARIOS = Path(__file__).parent / "scenarios" / "versions"
SCHEMA_DIR = ROOT / "rulespec" / "schema"

#: Each version written here and the one it extends (1.5.1 is the bundled folder itself).
PARENT = {
    "1.5.0": "1.5.1",
    "1.4.2": "1.5.0",
    "1.4.1": "1.4.2",
    "1.4.0": "1.4.1",
    "1.3.0": "1.4.0",
    "1.2.0": "1.3.0",
    "1.1.1": "1.2.0",
    "1.1.0": "1.1.1",
    "1.0.0": "1.1.0",
}
VERSIONS = list(PARENT)
NEWEST = "1.5.1"

#: Behaviour the engine (interpreter/) does not have yet; these scenarios are expected to fail.
NEEDS_ENGINE: dict[str, str] = {}  # scenarios waiting for an engine feature, by file name
# (1.3.0/1.2.0's combo_worth, a bid's may_bid, marks_on_declaring and events_after: in the engine since d1f675e)


def chain(version: str) -> list[str]:
    """``combo-whist@<version>`` and every rule set it extends, newest last."""
    result = [version]
    while result[-1] != NEWEST:
        result.append(PARENT[result[-1]])
    return [f"combo-whist@{v}" for v in result]


def truth(version: str) -> dict[str, Any]:
    path = HISTORY / f"{version}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def truth_bids(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["id"]: {**b, "kind": kind} for kind in ("standard", "special") for b in data[f"{kind}_bids"]}


@pytest.fixture(scope="module", params=VERSIONS)
def version(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def rules(version: str) -> RuleSet:
    return load_ruleset(f"combo-whist@{version}")


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
    # 1.5.x: "an extra 60 seconds before the first bid" (before_first_bid_s is null there);
    # 1.0.0 states none at all.
    before = limits["before_first_bid_s"]
    if before is None:
        before = limits.get("extra_before_first_bid_s")
    assert auction.time_limits.get("before_first_bid") == before
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


# --- files as an editor sees them ----------------------------------------------------------------


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", sorted(VERSIONS_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_version_file_validates_on_its_own(path: Path) -> None:
    """The schema accepts an overlay alone, nulls and partial mappings included (the editor's view)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("ruleset.schema.json").iter_errors(data)] == []
    modeline = path.read_text(encoding="utf-8").splitlines()[0]
    target = modeline.removeprefix("# yaml-language-server: $schema=")
    assert (path.parent / target).resolve() == (SCHEMA_DIR / "ruleset.schema.json").resolve()


@pytest.mark.parametrize(
    "path", sorted(LOCALES_DIR.glob("*/combo-whist@*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_locale_overlay_validates(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in _validator("locale.schema.json").iter_errors(data)] == []


def test_schema_lets_every_optional_key_be_null() -> None:
    result = subprocess.run(
        [sys.executable, str(SCHEMA_DIR / "nullable.py"), "--check"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout + result.stderr


def child_file(tmp_path: Path, body: str) -> Path:
    """A house-rule file beside the test: Combo Whist 1.5.1 with ``body`` (YAML) on top."""
    path = tmp_path / "child.yaml"
    path.write_text("extends: combo-whist\nversion: 9.9.9\n" + body, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """The message of the error that loading ``path`` gives."""
    with pytest.raises(RuleError) as info:
        load_ruleset(path)
    return str(info.value)


def test_a_null_that_removes_nothing_is_still_refused(tmp_path: Path) -> None:
    assert "got nothing (null)" in refusal(child_file(tmp_path, "bids:\n  - id: greed\n    penalty: null\n"))


def test_a_mapping_given_in_part_is_completed_from_the_parent(tmp_path: Path) -> None:
    assert len(load_ruleset(child_file(tmp_path, "game:\n  deck:\n    remove: []\n")).game.deck.cards(3)) == 52
    assert "ranks" in refusal(child_file(tmp_path, "game:\n  deck:\n    ranks: null\n"))


# --- the rules that changed, played --------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    problems = check_scenario(load_scenario(path), path.parent)
    if problems and path.stem in NEEDS_ENGINE:  # once the engine has the feature it simply passes
        pytest.xfail(f"{NEEDS_ENGINE[path.stem]} ({problems[0]})")
    assert not problems, "\n".join(problems)


def test_needs_engine_names_existing_scenarios() -> None:
    assert set(NEEDS_ENGINE) <= {p.stem for p in SCENARIOS.glob("*.yaml")}


def _standing(seat: int, score: int) -> SimpleNamespace:
    return SimpleNamespace(seat=seat, score=score)


@pytest.mark.parametrize(
    ("version", "rounds_completed", "ends_round", "wins"),
    [
        ("1.4.2", 2, True, True),  # the final deal of the last round already counts
        ("1.4.2", 2, False, False),
        ("1.4.2", 3, False, True),
        ("1.4.2", 1, True, False),
        ("1.5.0", 2, True, False),  # 1.5.0: nobody wins at the end of the last round
        ("1.5.0", 3, False, True),
        ("1.3.0", 2, True, True),  # 1.3.0 (new variant): "a player can win when the last base round is completed"
        ("1.3.0", 1, True, False),
    ],
)
def test_limited_variant_and_the_last_deal_of_the_rounds(
    version: str, rounds_completed: int, ends_round: bool, wins: bool
) -> None:
    rules = load_ruleset(f"combo-whist@{version}")
    players = [_standing(0, 2), _standing(1, 9), _standing(2, 4), _standing(3, 8)]
    env = {
        "suits": ["C", "D", "H", "S"],
        "ranks": list(rules.game.deck.ranks),
        "option": Options(dict(rules.game.options)),
        "player_count": 4,
        "players": players,
        "rounds_completed": rounds_completed,
        "ends_round": ends_round,
        "declarer": players[1],
        "completed": True,
        "combo": None,
    }
    assert rules.game.winning.variants["limited"].declarer_wins(env) is wins


def test_limited_variant_simulates() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "whist", "simulate", "combo-whist@1.4.2", "--games", "3", "--variant", "limited"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr[-2000:]


def _simulate(version: str, *options: str) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, "-m", "whist", "simulate", f"combo-whist@{version}", "--json", *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("version", VERSIONS)
def test_simulates_end_to_end(version: str) -> None:
    summary = _simulate(version, "--games", "5")
    assert summary["games"] == 5
    assert sum(summary["winners"].values()) + summary["unfinished"] == 5
    if version != "1.0.0":
        assert summary["unfinished"] == 0
    # 1.0.0 with random bidders: a failed bid takes a score down to 0 (blockade) and the winning
    # score stays at 13, so random play often reaches the deal limit; bidders who only bid what
    # they can complete finish every game.
    assert summary["deals"] > 0


def test_the_first_version_finishes_with_heuristic_agents() -> None:
    summary = _simulate("1.0.0", "--games", "2", "--agents", "heuristic", "--seed", "1")
    assert summary["games"] == 2 and summary["unfinished"] == 0


@pytest.mark.parametrize("version", ["1.1.1", "1.0.0"])
def test_three_players_simulate(version: str) -> None:
    summary = _simulate(version, "--games", "2", "--players", "3", "--seed", "4")
    assert summary["games"] == 2 and summary["players"] == 3


# --- the rule-language extensions these versions use ---------------------------------------------


def _child(tmp_path: Path, bids: str) -> Path:
    return child_file(tmp_path, "bids:\n" + bids)


def test_choose_a_direction(tmp_path: Path) -> None:
    rules = load_ruleset(
        _child(
            tmp_path,
            "  - id: mail\n"
            "    steps:\n"
            "      - choose: {who: declarer, what: direction, as: way, where: 'direction != \"across\"'}\n"
            "      - pass_cards: {senders: players, count: cards, direction: way}\n",
        )
    )
    choose, passing = rules.bids["mail"].steps
    assert choose.what == "direction"
    assert choose.source is not None and choose.source.constant == ["left", "right", "across"]  # no 'from'
    assert choose.where is not None
    assert passing.direction.type == T.DIRECTION and passing.direction.source == "way"


def test_across_is_a_direction(tmp_path: Path) -> None:
    step = "      - pass_cards: {senders: players, count: 3, direction: across}\n"
    rules = load_ruleset(_child(tmp_path, "  - id: mail\n    steps:\n" + step))
    assert rules.bids["mail"].steps[0].direction.constant == "across"


def test_an_unknown_direction_is_refused(tmp_path: Path) -> None:
    path = _child(
        tmp_path,
        "  - id: mail\n    steps:\n"
        '      - choose: {who: declarer, what: direction, from: \'["left", "up"]\', as: way}\n',
    )
    assert "unknown direction 'up'" in refusal(path)


def test_forbid_impossible_is_recorded() -> None:
    assert load_ruleset("combo-whist").game.auction.forbid_impossible is False
    assert load_ruleset("combo-whist@1.4.2").game.auction.forbid_impossible is True


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


# --- 1.1.1 … 1.0.0: the three-player table, repeated bids, Round Trump, blockade ------------------


def test_a_repeated_special_bid_needs_repeatable() -> None:
    from interpreter.auction import ComboMaker
    from interpreter.decisions import BidAnswer

    env = {"player_count": 4}
    twice = BidAnswer("trump", ("extended_bid", "extended_bid"))
    newer = ComboMaker(load_ruleset("combo-whist@1.2.0"), env)
    assert "appears twice" in (newer.problem(twice) or "")
    older = ComboMaker(load_ruleset("combo-whist@1.1.1"), env)
    assert older.problem(twice) is None
    assert older.make(twice).worth == 1 + 2 + 2  # each copy adds its worth
    assert "appears twice" in (older.problem(BidAnswer("trump", ("iron", "iron"))) or "")


def test_the_three_player_table_is_in_force_only_with_three() -> None:
    rules = load_ruleset("combo-whist@1.1.1")
    greed = rules.bids["greed"].tricks
    assert greed is not None
    assert greed.in_force(4).min.constant == 6 and greed.in_force(3).min.constant == 8
    assert greed.in_force(5) is greed
    # the newest version has no such table
    assert load_ruleset("combo-whist").bids["trump"].tricks.for_players == {}


def test_floor_turns_missing_points_into_debt_marks() -> None:
    from interpreter.deal import floored
    from interpreter.state import Marks

    scoring = load_ruleset("combo-whist@1.0.0").game.scoring
    marks = Marks({})
    assert floored(scoring, 3, marks) == 3 and marks.as_dict() == {}
    assert floored(scoring, -3, marks) == 0 and marks.as_dict() == {"blockade": 3}
    newer = Marks({})
    assert floored(load_ruleset("combo-whist@1.1.0").game.scoring, -3, newer) == -3 and newer.as_dict() == {}


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), version=st.sampled_from(["1.1.1", "1.0.0"]), players=st.sampled_from([3, 4]))
def test_old_versions_keep_cards_scores_and_marks_sound(seed: int, version: str, players: int) -> None:
    """Random games: every card is played once a deal, 1.0.0 scores never go below 0, debts fade."""
    from interpreter.agents import RandomAgent
    from interpreter.game import Game

    rules = load_ruleset(f"combo-whist@{version}")
    deck = {f"{rank}{suit}" for rank, suit in rules.game.deck.cards(players)}
    game = Game(rules, [RandomAgent(seed * 7 + s, bid_chance=0.8) for s in range(players)], seed=seed, max_deals=40)
    game.run()
    hand = 17 if players == 3 else 13
    previous: dict[str, dict[str, int]] = {}
    for record in game.deal_records:
        assert all(len(cards) == hand for cards in record["hands"].values())
        if record["declarer"] is not None:
            played = [card for trick in record["tricks"] for _, card in trick["plays"]]
            assert len(played) == len(set(played)) == len(deck) and set(played) == deck
            assert sum(record["tricks_won"].values()) == hand
        if version == "1.0.0":
            assert all(score >= 0 for score in record["scores"].values())
            for seat, marks in record["marks"].items():
                before = previous.get(seat, {}).get("blockade", 0)
                # at most one B fades a deal; new B's only come to the declarer
                assert marks.get("blockade", 0) >= before - 1
                if marks.get("blockade", 0) > before:
                    assert int(seat) == record["declarer"]
        previous = record["marks"]


def test_round_trips_through_whist_show(version: str, rules: RuleSet, tmp_path: Path) -> None:
    """``whist show --format json`` of each version is a valid export, and as a rule file loads back the same."""
    from test_export import as_rule_file, schema_errors

    from rulespec.export import ruleset_to_data

    result = subprocess.run(
        [sys.executable, "-m", "whist", "show", f"combo-whist@{version}", "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    assert result.returncode == 0, result.stderr
    exported = json.loads(result.stdout)
    assert exported == json.loads(json.dumps(ruleset_to_data(rules)))  # as JSON: lists, text keys
    assert schema_errors(exported, "export.schema.json") == []
    rule_file = as_rule_file(exported)
    assert schema_errors(rule_file, "ruleset.schema.json") == []
    path = tmp_path / "round-trip.yaml"
    path.write_text(yaml.safe_dump(rule_file, allow_unicode=True, sort_keys=False), encoding="utf-8")
    again = json.loads(json.dumps(ruleset_to_data(load_ruleset(str(path)))))
    assert {k: v for k, v in again.items() if k != "lineage"} == {k: v for k, v in exported.items() if k != "lineage"}
