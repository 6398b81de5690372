"""Overlay semantics for the game and groups: game keys merge key by key, lists replace, required
keys stay, groups merge, and nested merges keep the parent's origin.
"""

from __future__ import annotations

from pathlib import Path

from loader_helpers import NON_TRUMP_STANDARD_BIDS, child, load, the_problem

from rulespec.loader import load_merged

# --- overlay semantics: game and groups --------------------------------------------------------


def test_game_keys_merge_key_by_key(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            game:
              params: {failure_points: 3}
              winning: {default: limited}
              options: {rounds: 5}
            """,
        )
    )
    params = dict(rules.game.params)
    assert params["failure_points"] == 3
    assert params["bidding_floor"] == -5 and params["shame_score"] == -5  # untouched
    assert rules.game.winning.default == "limited"
    assert set(rules.game.winning.variants) == {"classic", "limited"}
    assert rules.game.options == {"rounds": 5}
    assert rules.game.scoring.failed({"penalty": 0}) == -3  # the param is compiled into the parent's text


def test_game_lists_replace(tmp_path: Path) -> None:
    rules = load(child(tmp_path, "game:\n  marks: [potential, star]\n"))
    assert rules.game.marks == ("potential", "star")
    rules = load(child(tmp_path, "game:\n  deck:\n    remove: []\n", "b.yaml"))
    assert rules.game.deck.removals == ()
    assert len(rules.game.deck.cards(3)) == 52


def test_game_mapping_with_required_keys_merges(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            game:
              deck:
                ranks: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
              winning:
                variants:
                  classic: {target: 10}
            """,
        )
    )
    assert [s.id for s in rules.game.deck.suits] == ["C", "D", "H", "S"]
    assert rules.game.deck.ranks[0] == "1" and len(rules.game.deck.ranks) == 14
    assert len(rules.game.deck.cards(4)) == 56
    classic = rules.game.winning.variants["classic"]
    assert classic.target.constant == 10
    assert "declarer.score" in classic.declarer_wins.source


def test_removing_a_required_game_key_is_an_error(tmp_path: Path) -> None:
    path = child(tmp_path, "game:\n  deck:\n    suits: null\n")
    error = the_problem(path)
    assert "suits" in error.message
    assert error.position is not None and error.position.path == str(path)


def test_groups_merge(tmp_path: Path) -> None:
    rules = load(
        child(
            tmp_path,
            """\
            groups:
              non_trump_bids: bid.kind == "standard" and not bid.trump and bid.id != "zero"
              big: bid.kind == "special" and bid.priority == 4
            bids:
              - id: sloth
                incompatible: [big]
            """,
        )
    )
    assert set(rules.group_members["non_trump_bids"]) == NON_TRUMP_STANDARD_BIDS - {"zero"}
    assert "zero" not in rules.bids["open_trump"].incompatible_ids
    assert set(rules.group_members["big"]) == {"atelier", "open_trump", "open_hand"}
    assert rules.bids["atelier"].incompatible_ids == {"open_hand", "sloth"}


def test_nested_merge_keeps_the_parents_origin(tmp_path: Path) -> None:
    merged = load_merged(str(child(tmp_path, "bids:\n  - id: sub_trump\n    trump: {where: 'suit != \"S\"'}\n")))
    kept = merged.source(("bids", "sub_trump", "trump", "chosen_by"))
    changed = merged.source(("bids", "sub_trump", "trump", "where"))
    assert kept is not None and Path(kept.doc.path).name == "standard-bids.yaml"
    assert changed is not None and Path(changed.doc.path).name == "child.yaml"
