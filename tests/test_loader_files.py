"""Rule sets as files and folders (rulespec/loader.py): one file or a folder is a rule set, later
files change earlier bids, names must agree, the bundled Combo Whist; and incompatibilities are
symmetric, with group names expanded.
"""

from __future__ import annotations

from pathlib import Path

from loader_helpers import BUNDLED, NON_TRUMP_STANDARD_BIDS, TINY_BIDS, TINY_GAME, child, load, the_problem, write

from rulespec import bundled_names, load_ruleset

# --- files and folders ---------------------------------------------------------------------


def test_one_file_is_a_rule_set(tmp_path: Path) -> None:
    rules = load(write(tmp_path / "tiny.yaml", TINY_GAME + TINY_BIDS))
    assert (rules.name, rules.version, rules.id) == ("tiny", "0.1", "tiny@0.1")
    assert list(rules.bids) == ["contract", "nullo"]
    assert rules.bids["contract"].tricks.min({}) == 7
    assert rules.lineage == ("tiny@0.1",)


def test_a_folder_is_one_rule_set(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    write(folder / "a-game.yaml", TINY_GAME)
    write(folder / "b-bids.yml", TINY_BIDS)
    write(folder / "notes.txt", "not a rule file: ignored")
    rules = load(folder)
    assert rules.name == "tiny" and list(rules.bids) == ["contract", "nullo"]
    assert [Path(s).name for s in rules.sources] == ["a-game.yaml", "b-bids.yml"]


def test_later_file_of_a_folder_changes_an_earlier_bid(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    write(folder / "a.yaml", TINY_GAME + TINY_BIDS)
    write(folder / "b.yaml", "bids:\n  - id: nullo\n    score: 5\n")
    rules = load(folder)
    assert rules.bids["nullo"].score.constant == 5
    assert rules.bids["nullo"].worth.constant == 2


def test_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert "no .yaml rule files" in the_problem(tmp_path / "empty").message


def test_files_of_a_folder_must_agree_on_the_name(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    write(folder / "a.yaml", TINY_GAME)
    write(folder / "b.yaml", "ruleset: other\n" + TINY_BIDS)
    error = the_problem(folder)
    assert "'ruleset' differs" in error.message
    assert error.position is not None and Path(error.position.path).name == "b.yaml" and error.position.line == 1


def test_a_rule_set_needs_a_name(tmp_path: Path) -> None:
    error = the_problem(write(tmp_path / "x.yaml", TINY_GAME.replace("ruleset: tiny\n", "") + TINY_BIDS))
    assert "needs a name" in error.message


def test_bundled_combo_whist() -> None:
    assert "combo-whist" in bundled_names()
    rules = load_ruleset("combo-whist")
    assert (rules.name, rules.version) == ("combo-whist", "1.5.1")
    assert len(rules.standard_bids) == 16
    assert len(rules.special_bids) == 15
    assert {b.id for b in rules.standard_bids if not b.has_trump} == NON_TRUMP_STANDARD_BIDS
    assert load_ruleset(BUNDLED).id == "combo-whist@1.5.1"  # the same, as a folder path
    assert load_ruleset("combo-whist@1.5.1").id == "combo-whist@1.5.1"


def test_unknown_bundled_version() -> None:
    error = the_problem("combo-whist@9.9")
    assert error.message == "rule set 'combo-whist' has no version 9.9"
    assert error.hint is not None and "1.5.1" in error.hint


# --- incompatibilities ---------------------------------------------------------------------


def test_incompatibilities_are_symmetric() -> None:
    rules = load_ruleset("combo-whist")
    for bid in rules.bids.values():
        for other in bid.incompatible_ids:
            assert bid.id in rules.bids[other].incompatible_ids, (bid.id, other)
        assert bid.id not in bid.incompatible_ids


def test_group_names_expand() -> None:
    rules = load_ruleset("combo-whist")
    assert set(rules.group_members["non_trump_bids"]) == NON_TRUMP_STANDARD_BIDS
    open_trump = rules.bids["open_trump"]
    assert open_trump.incompatible == ("non_trump_bids", "grill", "open_hand")
    assert open_trump.incompatible_ids == NON_TRUMP_STANDARD_BIDS | {"grill", "open_hand"}
    for bid_id in NON_TRUMP_STANDARD_BIDS:
        assert "open_trump" in rules.bids[bid_id].incompatible_ids
    # one direction written, both resolved: Zero excludes Ending Dog, Lock and Plague
    assert rules.bids["zero"].incompatible == ()
    assert rules.bids["zero"].incompatible_ids == {"ending_dog", "lock", "plague", "open_trump"}
    assert rules.bids["taintless_bid"].incompatible_ids == {"greed", "open_trump"}
    assert rules.bids["trump"].incompatible_ids == frozenset()


def test_incompatible_with_itself(tmp_path: Path) -> None:
    error = the_problem(child(tmp_path, "bids:\n  - id: zero\n    incompatible: [non_trump_bids]\n"))
    assert error.message == "bid 'zero' cannot be incompatible with itself"
