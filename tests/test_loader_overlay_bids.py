"""Overlay semantics for bids: a child bid changes only the fields it names (mappings merge key by
key, lists replace, null removes), new ids add bids, ``remove_bids`` removes them.
"""

from __future__ import annotations

from pathlib import Path

from loader_helpers import child, load, the_problem

from rulespec import load_ruleset

# --- overlay semantics: bids -------------------------------------------------------------------


def test_child_bid_changes_only_the_fields_it_names(tmp_path: Path) -> None:
    parent = load_ruleset("combo-whist").bids["plague"]
    rules = load(child(tmp_path, "bids:\n  - id: plague\n    worth: 3\n"))
    plague = rules.bids["plague"]
    assert plague.worth.constant == 3
    assert parent.worth.constant == 2
    assert plague.priority == parent.priority == 1
    assert plague.requires.source == parent.requires.source
    assert plague.bonus.source == parent.bonus.source
    assert plague.incompatible == parent.incompatible
    assert plague.params == {"honour_points": 1}


def test_child_bid_mapping_fields_merge_key_by_key(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            bids:
              - id: sub_trump
                trump: {where: 'suit != "S"'}
              - id: lock
                params: {locked_tricks: 4}
            """,
        )
    )
    trump = rules.bids["sub_trump"].trump
    assert trump.chosen_by.source == "declarer"  # kept from the parent
    assert trump.where.source == 'suit != "S"'
    assert rules.bids["lock"].params == {"locked_tricks": 4}


def test_child_bid_list_fields_replace(tmp_path: Path) -> None:
    rules = load(child(tmp_path, "bids:\n  - id: plague\n    incompatible: [zero]\n"))
    assert rules.bids["plague"].incompatible == ("zero",)
    assert "misery" not in rules.bids["plague"].incompatible_ids
    assert "plague" not in rules.bids["misery"].incompatible_ids


def test_null_removes_a_field(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            bids:
              - id: greed
                bonus: null
              - id: trump
                tricks: null
              - id: sub_trump
                trump: {where: null}
            """,
        )
    )
    assert rules.bids["greed"].bonus is None
    assert rules.bids["greed"].tricks_adjust == (1, -1)
    assert rules.bids["trump"].tricks is None
    assert rules.bids["trump"].has_trump
    assert rules.bids["sub_trump"].trump.where is None
    assert rules.bids["sub_trump"].trump.chosen_by is not None


def test_null_may_not_remove_what_a_bid_needs(tmp_path: Path) -> None:
    error = the_problem(child(tmp_path, "bids:\n  - id: plague\n    worth: null\n"))
    assert error.message == "bid 'plague' needs a worth"


def test_null_on_a_misspelt_key_is_still_an_unknown_key(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: greed\n    bonuss: null\n")
    error = the_problem(path)
    assert "unknown key 'bonuss'" in error.message
    assert error.position is not None and error.position.line == 4


def test_new_id_adds_a_bid(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            bids:
              - id: favourite
                kind: special
                worth: 1
                steps:
                  - choose: {who: declarer, what: suit, as: favourite_suit}
                requires: count(declarer.won, card.suit == favourite_suit) >= 5
            """,
        )
    )
    assert len(rules.special_bids) == 16 and len(rules.standard_bids) == 16
    assert list(rules.bids)[-1] == "favourite"
    assert rules.bids["favourite"].requires is not None


def test_remove_bids(tmp_path: Path) -> None:
    rules = load(child(tmp_path, "remove_bids: [sloth, hurry]\n"))
    assert "sloth" not in rules.bids and "hurry" not in rules.bids
    assert len(rules.special_bids) == 13


def test_remove_then_define_again(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            remove_bids: [greed]
            bids:
              - id: greed
                kind: special
                worth: 0
            """,
        )
    )
    greed = rules.bids["greed"]
    assert greed.bonus is None and greed.tricks_adjust == () and greed.incompatible == ()


def test_remove_unknown_bid(tmp_path: Path) -> None:
    path = child(tmp_path, "remove_bids: [sloht]\n")
    error = the_problem(path)
    assert error.message == "cannot remove unknown bid 'sloht'"
    assert error.hint == "did you mean 'sloth'?"
    assert error.position is not None and error.position.path == str(path) and error.position.line == 2


def test_removing_a_bid_others_name_points_at_remove_bids(tmp_path: Path) -> None:
    """The mistake is the house rule's: said at its remove_bids entry, with the bids that still name it."""
    path = child(tmp_path, "remove_bids: [zero]\n")
    error = the_problem(path)
    assert error.message == "cannot remove 'zero': still named by ending_dog, lock, plague"
    assert error.position is not None and (error.position.path, error.position.line) == (str(path), 2)
    assert error.hint == "remove those bids too, or give them an 'incompatible' list without 'zero'"
    # removing them too, or overriding their lists, is accepted
    load(child(tmp_path, "remove_bids: [zero, ending_dog, lock, plague]\n", "all.yaml"))


def test_bid_defined_twice_in_one_file(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: greed\n    worth: 1\n  - id: greed\n    worth: 2\n")
    error = the_problem(path)
    assert error.message == "bid 'greed' is defined twice in this file"
    assert error.position is not None and error.position.line == 5
