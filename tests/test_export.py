"""The interchange JSON (``whist show --format json``) against its schema and the rulebook.

The ground truth is the extraction of the author's rule sources for version 1.5.1,
``tests/data/history/1.5.1.yaml`` (its facts; the author's sentences are left out).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from rulespec import load_ruleset
from rulespec.build import facts
from rulespec.export import ruleset_to_data

REPO = Path(__file__).resolve().parents[1]
SCHEMA_DIR = REPO / "rulespec" / "schema"
GROUND_TRUTH = Path(__file__).resolve().parent / "data" / "history" / "1.5.1.yaml"
# Rule files only: texts that house rules bring beside them (bids/examples/locales/) are locale files.
RULE_FILES = sorted(p for p in (REPO / "bids").rglob("*.yaml") if "locales" not in p.relative_to(REPO / "bids").parts)
MODELINE = "# yaml-language-server: $schema="


def schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


def schema_errors(instance: Any, name: str) -> list[str]:
    validator = Draft202012Validator(schema(name))
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(instance)]


@pytest.fixture(scope="module")
def truth() -> dict[str, Any]:
    data = yaml.safe_load(GROUND_TRUTH.read_text(encoding="utf-8"))
    assert data["version"] == "1.5.1"
    return data


@pytest.fixture(scope="module")
def cli_json() -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, "-m", "whist", "show", "combo-whist", "--format", "json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=REPO,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def exported() -> dict[str, Any]:
    return ruleset_to_data(load_ruleset("combo-whist"))


def bids_by_id(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {bid["id"]: bid for bid in data["standard_bids"] + data["special_bids"]}


def in_table_order(bids: list[dict[str, Any]]) -> list[str]:
    return [bid["id"] for bid in sorted(bids, key=lambda b: b["table_position"]["en"])]


def non_trump_standard_bids(truth: dict[str, Any]) -> set[str]:
    return {bid["id"] for bid in truth["standard_bids"] if bid["trump"] is False}


def truth_incompatible(entry: str, truth: dict[str, Any]) -> set[str]:
    """The bid ids one ``incompatible_with`` entry of the ground truth names."""
    kind, _, name = entry.partition(":")
    if kind == "category":
        assert name == "non_trump_standard_bids"
        return non_trump_standard_bids(truth)
    assert kind in ("standard", "special")
    assert name in {b["id"] for b in truth[f"{kind}_bids"]}
    return {name}


# --- schema ---------------------------------------------------------------------------------


def test_cli_json_validates_against_the_export_schema(cli_json: dict[str, Any]) -> None:
    assert schema_errors(cli_json, "export.schema.json") == []
    assert (cli_json["format"], cli_json["ruleset"], cli_json["version"]) == (
        "whist-rules/ruleset",
        "combo-whist",
        "1.5.1",
    )


def test_cli_prints_ruleset_to_data(cli_json: dict[str, Any], exported: dict[str, Any]) -> None:
    assert cli_json == json.loads(json.dumps(exported))
    assert schema_errors(exported, "export.schema.json") == []


def test_the_export_schema_catches_mistakes(exported: dict[str, Any]) -> None:
    broken = json.loads(json.dumps(exported))
    broken["special_bids"][0]["hooks"]["no_such_hook"] = 1
    del broken["standard_bids"][0]["worth"]
    assert len(schema_errors(broken, "export.schema.json")) == 2


def test_game_keys_are_the_rule_files_keys(exported: dict[str, Any]) -> None:
    """``game`` in the export uses the keys of the rule files (export.schema.json says so)."""
    game_schema = schema("ruleset.schema.json")["$defs"]["game"]["properties"]

    def keys_of(obj: Any, properties: dict[str, Any], where: str) -> None:
        assert isinstance(obj, dict), where
        assert set(obj) <= set(properties), f"{where}: {sorted(set(obj) - set(properties))}"
        for key, value in obj.items():
            sub = properties[key]
            if isinstance(value, dict) and "properties" in sub and "expr" not in value:
                keys_of(value, sub["properties"], f"{where}.{key}")

    game = exported["game"]
    keys_of(game, game_schema, "game")
    assert set(game["deck"]) == {"suits", "ranks", "remove"}
    assert game["auction"]["combo"] == {"standard": "one", "special": "any_distinct"}
    variant_keys = set(game_schema["winning"]["properties"]["variants"]["additionalProperties"]["properties"])
    for name, variant in game["winning"]["variants"].items():
        assert set(variant) <= variant_keys, name


def source_form(value: Any) -> Any:
    """Exported data back in rule-file form: expressions as their text."""
    if isinstance(value, dict):
        if "expr" in value and set(value) <= {"expr", "values"}:
            return value["expr"]
        return {k: source_form(v) for k, v in value.items()}
    if isinstance(value, list):
        return [source_form(v) for v in value]
    return value


def as_rule_file(data: dict[str, Any]) -> dict[str, Any]:
    bids = []
    for bid in data["standard_bids"] + data["special_bids"]:
        entry = {"id": bid["id"], "kind": bid["kind"], "worth": source_form(bid["worth"])}
        if "score" in bid:
            entry["score"] = source_form(bid["score"])
        if bid["priority"] is not None and bid["kind"] == "special":
            entry["priority"] = bid["priority"]
        if bid["incompatible"]:
            entry["incompatible"] = bid["incompatible"]
        if bid.get("events_after"):
            entry["events_after"] = bid["events_after"]
        if bid["params"]:
            entry["params"] = bid["params"]
        hooks = source_form(bid["hooks"])
        if "marks" in hooks:  # exported by moment; written as entries with a when
            hooks["marks"] = [{"when": when, "add": add} for when, add in hooks["marks"].items()]
        entry.update(hooks)
        bids.append(entry)
    game = source_form(data["game"])
    bid_params = {name for bid in data["standard_bids"] + data["special_bids"] for name in bid["params"]}
    assert not bid_params & set(game.get("params", {}))
    return {
        "ruleset": data["ruleset"],
        "version": data["version"],
        "game": game,
        "groups": {name: source_form(group["condition"]) for name, group in data["groups"].items()},
        "bids": bids,
    }


def test_export_round_trips_through_a_rule_file(exported: dict[str, Any], tmp_path: Path) -> None:
    """The export in rule-file form is a valid rule file that loads to the same export."""
    rule_file = as_rule_file(exported)
    assert schema_errors(rule_file, "ruleset.schema.json") == []
    path = tmp_path / "round-trip.yaml"
    path.write_text(yaml.safe_dump(rule_file, allow_unicode=True, sort_keys=False), encoding="utf-8")
    again = ruleset_to_data(load_ruleset(str(path)))
    assert again == exported


# --- against the rulebook ---------------------------------------------------------------------


def test_all_31_bids_in_the_rulebooks_order(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    assert [b["id"] for b in exported["standard_bids"]] == in_table_order(truth["standard_bids"])
    assert [b["id"] for b in exported["special_bids"]] == in_table_order(truth["special_bids"])
    assert len(exported["standard_bids"]) == 16 and len(exported["special_bids"]) == 15
    assert all(b["kind"] == "standard" for b in exported["standard_bids"])
    assert all(b["kind"] == "special" for b in exported["special_bids"])


def worth_values(worth: Any) -> set[int]:
    """The worths a bid can have: one number, or those of a conditional ("1 or 3")."""
    if isinstance(worth, dict):
        return set(worth["values"])
    return {worth}


def truth_worths(worth: Any) -> set[int]:
    if isinstance(worth, str):
        return {int(part) for part in worth.split(" or ")}
    return {worth}


def test_worths(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    bids = bids_by_id(exported)
    for entry in truth["standard_bids"] + truth["special_bids"]:
        assert worth_values(bids[entry["id"]]["worth"]) == truth_worths(entry["worth"]), entry["id"]


def test_master_mail_worth_is_one_or_three(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    entry = next(b for b in truth["special_bids"] if b["id"] == "master_mail")
    assert entry["worth"] == "1 or 3"
    rule = entry["worth_rule"]
    worth = bids_by_id(exported)["master_mail"]["worth"]
    assert set(worth["values"]) == {1, 3}
    # 3 with a trump bid other than Grill, else 1
    rules = load_ruleset("combo-whist")
    expression = rules.bids["master_mail"].worth
    for standard in rules.standard_bids:
        got = expression({"standard": facts(standard), "specials": [], "player_count": 4})
        wanted = rule["worth"] if standard.has_trump and standard.id != "grill" else rule["otherwise"]
        assert got == wanted, standard.id


def test_scores(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    bids = bids_by_id(exported)
    for entry in truth["standard_bids"]:
        score = bids[entry["id"]]["score"]
        if entry["score"] == "*":  # the worth of the whole combo bid
            assert score == {"expr": "combo.worth"}, entry["id"]
        else:
            assert score == entry["score"], entry["id"]
    for bid in exported["special_bids"]:
        assert "score" not in bid


def test_trump_column(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    bids = bids_by_id(exported)
    for entry in truth["standard_bids"]:
        assert bids[entry["id"]]["has_trump"] is entry["trump"], entry["id"]
        assert ("trump" in bids[entry["id"]]["hooks"]) is entry["trump"], entry["id"]
    for bid in exported["special_bids"]:
        assert bid["has_trump"] is False


def test_trick_requirements(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    bids = bids_by_id(exported)
    for entry in truth["standard_bids"]:
        tricks = bids[entry["id"]]["hooks"].get("tricks")
        wanted = entry["tricks_normalized"]
        if wanted.get("see_rules"):
            assert tricks is None, entry["id"]  # the requirement is in the bid's own rule
            assert {"requires", "wins_game"} & set(bids[entry["id"]]["hooks"]), entry["id"]
        else:
            assert tricks == wanted, entry["id"]


def test_priorities(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    bids = bids_by_id(exported)
    for entry in truth["special_bids"]:
        assert bids[entry["id"]]["priority"] == entry["priority"], entry["id"]
    # "All standard bids have priority 0"
    assert {bid["priority"] for bid in exported["standard_bids"]} == {0}


def test_incompatibilities_as_written(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    names = {"category:non_trump_standard_bids": "non_trump_bids"}
    bids = bids_by_id(exported)
    for entry in truth["special_bids"]:
        written = [names.get(item, item.partition(":")[2]) for item in entry["incompatible_with"]]
        assert bids[entry["id"]]["incompatible"] == written, entry["id"]
    assert all(bid["incompatible"] == [] for bid in exported["standard_bids"])


def test_incompatibilities_resolved_both_ways(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    wanted: dict[str, set[str]] = {b["id"]: set() for b in truth["standard_bids"] + truth["special_bids"]}
    for entry in truth["special_bids"]:
        for item in entry["incompatible_with"]:
            for other in truth_incompatible(item, truth):
                wanted[entry["id"]].add(other)
                wanted[other].add(entry["id"])
    bids = bids_by_id(exported)
    assert {bid_id: set(bid["incompatible_with"]) for bid_id, bid in bids.items()} == wanted
    assert bids["open_trump"]["incompatible_with"] == sorted(non_trump_standard_bids(truth) | {"grill", "open_hand"})


def test_non_trump_group(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    group = exported["groups"]["non_trump_bids"]
    assert set(group["members"]) == non_trump_standard_bids(truth)


@pytest.mark.parametrize(
    ("bid_id", "param", "truth_param"),
    [
        ("uncertainty", "guesses", "guesses"),
        ("mail", "cards", "cards"),
        ("atelier", "cards", "cards"),
        ("master_mail", "cards", "cards"),
        ("lock", "locked_tricks", "declarer_must_not_win_first_tricks"),
        ("taintless_bid", "instant_win_worth", "instant_win_if_combo_rank_at_least"),
    ],
)
def test_numbers_of_the_rules_texts(
    exported: dict[str, Any], truth: dict[str, Any], bid_id: str, param: str, truth_param: str
) -> None:
    entry = next(b for b in truth["standard_bids"] + truth["special_bids"] if b["id"] == bid_id)
    assert bids_by_id(exported)[bid_id]["params"][param] == entry["params"][truth_param]


def test_extra_points(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    specials = {b["id"]: b for b in truth["special_bids"]}
    bids = bids_by_id(exported)
    assert bids["penalty"]["hooks"]["penalty"] == specials["penalty"]["params"]["extra_points_lost_on_failure"]
    assert bids["greed"]["hooks"]["bonus"] == specials["greed"]["params"]["bonus_on_success"]
    virtual = specials["greed"]["params"]["virtual_trick_against_declarer"]
    assert sorted(bids["greed"]["hooks"]["tricks_adjust"]) == [-virtual, virtual]
    honour = specials["plague"]["params"]["honorable_exception"]["bonus"]
    assert bids["plague"]["params"]["honour_points"] == honour
    assert set(bids["plague"]["hooks"]["bonus"]["values"]) == {honour, 0}


def test_game_numbers(exported: dict[str, Any], truth: dict[str, Any]) -> None:
    general = truth["general"]
    game = exported["game"]
    assert game["deal"]["hand_size"] == general["dealing"]["cards_per_player"]
    assert game["params"]["failure_points"] == -general["scoring"]["failed"]
    assert game["params"]["bidding_floor"] == general["scoring"]["low_score"]["score_below"]
    assert game["params"]["free_points"] == general["scoring"]["low_score"]["free_points"]
    assert game["params"]["starting_target"] == general["winning"]["classic"]["winning_score_start"]
    assert game["params"]["lowest_target"] == general["winning"]["classic"]["floor"]
    assert game["auction"]["minimum_worth"] == general["bidding"]["minimum_combo_worth"]
    assert game["options"]["rounds"]["default"] == general["winning"]["limited"]["suggested_rounds"]
    assert game["players"]["min"] == general["players"]["minimum"]
    assert game["players"]["in_deal"] == general["more_than_4_players"]["per_deal_active_players"]
    assert game["deck"]["ranks"] == list(reversed(general["deck"]["rank_high_to_low"]))


# --- the rule files ------------------------------------------------------------------------------


def test_there_are_rule_files() -> None:
    assert {p.name for p in RULE_FILES} >= {"game.yaml", "standard-bids.yaml", "special-bids.yaml"}


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_rule_file_validates_against_the_schema(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert schema_errors(data, "ruleset.schema.json") == []


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_rule_file_starts_with_the_modeline(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE), first
    target = (path.parent / first.removeprefix(MODELINE).strip()).resolve()
    assert target == (SCHEMA_DIR / "ruleset.schema.json").resolve()
