"""Names that share one space must differ (rulespec/namespaces.py).

An ``incompatible`` list names bids and groups by the same word, and a deal keeps what bids'
steps declare by name: a house rule that reused such a name used to load and silently changed a
rule (Misery biddable with Open Trump again) or lost a value (one of two bids' ``as: plague``).
Each test makes the clash for every name of the bundled rule sets that it can meet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import pytest

from interpreter.decisions import EngineName
from rulespec import load_ruleset
from rulespec.loader import load_merged
from rulespec.namespaces import ENGINE_NAMES, STEP_NAME_FIELDS
from tests.loader_helpers import child, load, the_problem, write

COMBO = load_merged("combo-whist")
VERSIONS = sorted(p.stem for p in (Path(__file__).parent.parent / "bids/combo-whist/versions").glob("*.yaml"))


def _step_names(merged_bids: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Each name a bundled bid's steps declare, with the bid."""
    found = {}
    for bid_id, raw in merged_bids.items():
        for step in raw.get("steps") or []:
            ((kind, body),) = step.items()
            if kind in STEP_NAME_FIELDS:
                found[body[STEP_NAME_FIELDS[kind]]] = bid_id
    return found


@pytest.mark.parametrize("version", ["combo-whist", *(f"combo-whist@{v}" for v in VERSIONS)])
def test_a_new_bid_named_like_a_group_is_refused_at_the_bid(tmp_path: Path, version: str) -> None:
    groups = load_merged(version).groups
    assert groups, "a version without groups tests nothing here"
    for name in groups:
        path = write(
            tmp_path / f"{name}.yaml",
            f"extends: {version}\nbids:\n  - {{id: {name}, kind: special, worth: 1}}\n",
        )
        error = the_problem(path)
        assert error.message.startswith(f"bid '{name}' has the name of a group (")
        assert "game.yaml:" in error.message  # where the group is
        assert error.position is not None and (error.position.path, error.position.line) == (str(path), 3)


def test_a_new_group_named_like_a_bid_is_refused_at_the_group(tmp_path: Path) -> None:
    for bid_id in COMBO.bids:
        path = child(tmp_path, f"groups:\n  {bid_id}: bid.worth > 3\n", f"{bid_id}.yaml")
        error = the_problem(path)
        assert error.message.startswith(f"group '{bid_id}' has the id of a bid (")
        assert error.position is not None and (error.position.path, error.position.line) == (str(path), 3)


def test_the_one_written_later_is_blamed_whichever_it_is(tmp_path: Path) -> None:
    parent = child(tmp_path, "groups:\n  big: bid.worth > 20\n", "parent.yaml")
    path = write(tmp_path / "house.yaml", f"extends: {parent}\nbids:\n  - {{id: big, kind: special, worth: 1}}\n")
    error = the_problem(path)
    assert error.message.startswith("bid 'big' has the name of a group (") and str(parent) in error.message
    assert error.position is not None and error.position.path == str(path)


def test_a_step_name_of_another_bid_is_refused_naming_that_bid(tmp_path: Path) -> None:
    names = _step_names(COMBO.bids)
    assert {"plague", "atelier", "offered"} <= set(names)
    for name, owner in names.items():
        for kind, body in (
            ("choose", f"{{who: declarer, what: suit, as: {name}}}"),
            ("zone", f"{{name: {name}, owner: declarer, size: 1}}"),
            ("deal_back", f"{{cards: '[first(declarer.hand)]', as: {name}}}"),
        ):
            path = child(
                tmp_path,
                f"bids:\n  - id: house\n    kind: special\n    worth: 1\n    steps:\n      - {kind}: {body}\n",
                f"{name}-{kind}.yaml",
            )
            error = the_problem(path)
            assert error.message.startswith(f"'{name}' is already declared by a ")
            assert f"of bid '{owner}'" in error.message
            assert error.position is not None and (error.position.path, error.position.line) == (str(path), 7)


def test_a_step_or_meld_may_not_take_the_name_of_the_engines_own_decision(tmp_path: Path) -> None:
    assert set(get_args(EngineName)) == ENGINE_NAMES  # (rulespec cannot import the engine: kept alike here)
    for name in sorted(ENGINE_NAMES):
        for kind, body in (
            ("choose", f"steps:\n      - choose: {{who: declarer, what: suit, as: {name}}}"),
            ("zone", f"steps:\n      - zone: {{name: {name}, owner: declarer, size: 1}}"),
            ("deal_back", f"steps:\n      - deal_back: {{cards: '[first(declarer.hand)]', as: {name}}}"),
            ("meld", f"melds:\n      - {{name: {name}, lead: 'true', show: 'true', points: 1}}"),
        ):
            path = child(
                tmp_path, f"bids:\n  - id: house\n    kind: special\n    worth: 1\n    {body}\n", f"{name}-{kind}.yaml"
            )
            error = the_problem(path)  # one problem, whichever check finds it
            assert name in error.message and error.position is not None and error.position.line == 7


def test_a_step_name_may_not_hide_a_param(tmp_path: Path) -> None:
    for params_at, indent in (("game:\n  params: {pick: 3}\n", ""), ("", "    params: {pick: 3}\n")):
        path = child(
            tmp_path,
            f"{params_at}bids:\n  - id: picky\n    kind: special\n    worth: 1\n{indent}"
            "    steps:\n      - choose: {who: declarer, what: suit, as: pick}\n",
            f"p{len(indent)}.yaml",
        )
        assert the_problem(path).message == "'pick' would hide the param 'pick' in this bid's expressions"


def test_a_zone_and_a_choice_of_one_bid_may_not_share_a_name(tmp_path: Path) -> None:
    path = child(
        tmp_path,
        "bids:\n  - id: house\n    kind: special\n    worth: 1\n    steps:\n"
        "      - choose: {who: declarer, what: suit, as: keep}\n"
        "      - zone: {name: keep, owner: declarer, size: 1}\n",
    )
    error = the_problem(path)
    assert error.message == "'keep' is already declared by a choose step of this bid"
    assert error.position is not None and error.position.line == 8


def test_melds_of_one_name_in_several_hands_are_one_meld() -> None:
    """Christmas Whist's pair is a meld of two kinds of hand (each hand its own deal): allowed."""
    rules = load_ruleset("christmas-whist")
    assert {m.name for m in rules.bids["pairs_up"].melds} & {m.name for m in rules.bids["pairs_down"].melds}


def test_removing_a_bid_the_schedule_plays_is_said_once_at_remove_bids(tmp_path: Path) -> None:
    """Every hand of every schedule, removed by a house rule: told at its own line, not the parent's."""
    schedules = load_merged("christmas-whist").game["match"]["schedules"]
    played = {hand for hands in schedules.values() for hand in hands if isinstance(hand, str)}
    for bid_id in sorted(played):
        path = write(tmp_path / f"{bid_id}.yaml", f"extends: christmas-whist\nremove_bids: [{bid_id}]\n")
        error = the_problem(path)
        assert error.message == f"cannot remove '{bid_id}': the match's schedule plays it"
        assert error.position is not None and (error.position.path, error.position.line) == (str(path), 2)
    # a house rule that takes it out of the schedules too may remove it
    path = write(
        tmp_path / "short.yaml",
        "extends: christmas-whist\nremove_bids: [marriages_down]\ngame:\n  match:\n    schedules:\n"
        "      full: [tricks_up]\n      five: [tricks_up]\n      three: [tricks_up]\n      single: [tricks_up]\n",
    )
    assert "marriages_down" not in load(path).bids


def test_two_standard_bids_may_share_a_step_name(tmp_path: Path) -> None:
    """A combo holds one standard bid, so two standard bids' steps never meet in a deal: a second
    standard bid may call its choice `preferred_suit` as Master Trump does (a special bid may not)."""
    for kind, ok in (("standard", True), ("special", False)):
        score = "    score: 1\n    tricks: {min: 5}\n" if kind == "standard" else ""
        path = child(
            tmp_path,
            f"bids:\n  - id: wishful\n    kind: {kind}\n    worth: 5\n{score}"
            "    steps:\n      - choose: {who: declarer, what: suit, as: preferred_suit}\n",
            f"{kind}.yaml",
        )
        if ok:
            load_ruleset(path)  # no error
        else:
            assert "already declared by a choose step of bid 'master_trump'" in the_problem(path).message
