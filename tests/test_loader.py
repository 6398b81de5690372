"""Rule sets as files and folders, ``extends`` and overlay semantics (rulespec/loader.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulespec import BUNDLED_DIR, RuleError, RuleErrors, RuleSet, bundled_names, load_ruleset
from rulespec.loader import load_merged

BUNDLED = BUNDLED_DIR / "combo-whist"

#: From the rulebook (shared/rules/history/1.5.1.yaml): the standard bids whose Trump column is "no".
NON_TRUMP_STANDARD_BIDS = {
    "misery",
    "uncertainty",
    "limbo",
    "abundance",
    "certainty",
    "master_misery",
    "master_abundance",
    "zero",
    "taintless_bid",
}

TINY_GAME = """\
ruleset: tiny
version: "0.1"
game:
  players: {min: 4, max: 4}
  deck:
    suits: [{id: C}, {id: D}, {id: H}, {id: S}]
    ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
  deal: {hand_size: 13}
  params: {contract_tricks: 7}
  play: {first_leader: left_of(declarer)}
  scoring: {completed: standard.score, failed: -standard.score}
"""

TINY_BIDS = """\
bids:
  - id: contract
    kind: standard
    worth: 1
    score: 1
    trump: {chosen_by: declarer}
    tricks: {min: contract_tricks}
  - id: nullo
    kind: standard
    worth: 2
    score: 2
    tricks: {exactly: 0}
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load(path: Path) -> RuleSet:
    return load_ruleset(str(path))


def problems(path: Path | str) -> list[RuleError]:
    with pytest.raises(RuleError) as info:
        load_ruleset(str(path))
    error = info.value
    return list(error.errors) if isinstance(error, RuleErrors) else [error]


def the_problem(path: Path | str) -> RuleError:
    found = problems(path)
    assert len(found) == 1, [str(e) for e in found]
    return found[0]


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the line of ``path`` that contains ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def child(tmp_path: Path, body: str, name: str = "child.yaml") -> Path:
    return write(tmp_path / name, "extends: combo-whist\n" + textwrap.dedent(body))


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


# --- extends -------------------------------------------------------------------------------


def test_extends_a_bundled_name(tmp_path: Path) -> None:
    rules = load(child(tmp_path, "ruleset: house\nversion: '2.0'\n"))
    assert rules.id == "house@2.0"
    assert rules.lineage == ("house@2.0", "combo-whist@1.5.1")
    assert len(rules.bids) == 31
    assert Path(rules.sources[0]).name == "child.yaml"
    assert {Path(s).name for s in rules.sources[1:]} == {"game.yaml", "standard-bids.yaml", "special-bids.yaml"}


def test_name_and_version_are_inherited(tmp_path: Path) -> None:
    assert load(child(tmp_path, "")).id == "combo-whist@1.5.1"
    assert load(child(tmp_path, "ruleset: house\n", "a.yaml")).id == "house@1.5.1"
    assert load(child(tmp_path, "version: 1.5.1+house.1\n", "b.yaml")).id == "combo-whist@1.5.1+house.1"


def test_extends_a_path_relative_to_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "base" / "tiny.yaml", TINY_GAME + TINY_BIDS)
    house = write(
        tmp_path / "house" / "house.yaml",
        """\
        ruleset: tiny-house
        extends: ../base/tiny.yaml
        bids:
          - id: nullo
            worth: 3
        """,
    )
    monkeypatch.chdir(tmp_path / "house" / "..")  # not the file's folder: the path is relative to the file
    monkeypatch.setenv("WHIST_ALLOW_PATH", str(tmp_path / "base"))  # a sibling folder must be allowed
    rules = load(house)
    assert rules.lineage == ("tiny-house@0.1", "tiny@0.1")
    assert rules.bids["nullo"].worth.constant == 3
    # a folder may be extended, too
    write(tmp_path / "folder" / "a.yaml", TINY_GAME)
    write(tmp_path / "folder" / "b.yaml", TINY_BIDS)
    write(tmp_path / "house2.yaml", "extends: ./folder\nruleset: two\n")
    assert load(tmp_path / "house2.yaml").lineage == ("two@0.1", "tiny@0.1")


def test_three_levels(tmp_path: Path) -> None:
    write(
        tmp_path / "a.yaml", "ruleset: a\nversion: '1'\nextends: combo-whist\nbids:\n  - id: penalty\n    penalty: 3\n"
    )
    write(tmp_path / "b.yaml", "ruleset: b\nextends: ./a.yaml\nbids:\n  - id: penalty\n    worth: 5\n")
    rules = load(tmp_path / "b.yaml")
    assert rules.lineage == ("b@1", "a@1", "combo-whist@1.5.1")
    penalty = rules.bids["penalty"]
    assert (penalty.worth.constant, penalty.penalty.constant) == (5, 3)


def test_unknown_parent(tmp_path: Path) -> None:
    path = write(tmp_path / "x.yaml", "ruleset: house\nextends: combo-wist\n")
    error = the_problem(path)
    assert error.message == "bad extends: unknown rule set 'combo-wist'"
    assert error.hint == "did you mean 'combo-whist'?"
    assert error.position is not None and error.position.path == str(path) and error.position.line == 2


def test_missing_parent_file(tmp_path: Path) -> None:
    path = write(tmp_path / "x.yaml", "ruleset: house\nversion: '1'\nextends: ./missing.yaml\n")
    error = the_problem(path)
    assert error.message == "bad extends: no rule set file or folder './missing.yaml'"
    assert error.position is not None and error.position.line == 3


def test_missing_rule_set() -> None:
    assert "no rule set file or folder" in the_problem("./no/such/rules.yaml").message


def test_extends_cycle(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "ruleset: a\nextends: ./b.yaml\n")
    write(tmp_path / "b.yaml", "ruleset: b\nextends: ./a.yaml\n")
    error = the_problem(tmp_path / "a.yaml")
    assert "extend each other in a cycle" in error.message
    assert error.position is not None and error.position.line == 2


def test_extends_itself(tmp_path: Path) -> None:
    write(tmp_path / "a.yaml", "ruleset: a\nextends: ./a.yaml\n")
    assert "cycle" in the_problem(tmp_path / "a.yaml").message


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


# --- errors point at the file that says it ------------------------------------------------------


def test_error_in_a_new_bid_points_at_the_child(tmp_path: Path) -> None:
    path = child(
        tmp_path,
        """\
        bids:
          - id: lone_wolf
            kind: special
            worth: 2
            requires: declarer.tricks > max(oponents, player.tricks)
        """,
    )
    error = the_problem(path)
    assert error.message == "unknown name 'oponents'"
    assert error.position is not None
    assert error.position.path == str(path)
    assert error.position.line == line_of(path, "oponents")
    assert error.position.column == path.read_text().splitlines()[error.position.line - 1].index("oponents") + 1


def test_error_in_a_changed_field_points_at_the_child(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: plague\n    bonus: count(declarer.won, card.suit == 'X')\n")
    error = the_problem(path)
    assert error.message == "unknown suit 'X'"
    assert error.position is not None and error.position.path == str(path) and error.position.line == 4


def test_error_in_a_parents_text_points_at_the_parent(tmp_path: Path) -> None:
    # Removing an option the parent's rules read breaks the parent's expression: the message
    # points at the parent's line that uses it.
    found = problems(child(tmp_path, "game:\n  options: {rounds: null}\n"))
    game = BUNDLED / "game.yaml"
    assert [e.message for e in found] == ["unknown option 'rounds'"]
    assert all(e.position and Path(e.position.path).resolve() == game.resolve() for e in found)
    assert {e.position.line for e in found if e.position} == {line_of(game, "rounds_completed >= option.rounds")}


def test_schema_error_in_a_child_points_at_the_child(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: plague\n    worth: [2]\n")
    error = the_problem(path)
    assert error.position is not None and error.position.path == str(path) and error.position.line == 4


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("ref", ["combo-whist", "no-such-rule-set"])
def test_a_load_leaves_the_garbage_collector_as_it_found_it(enabled: bool, ref: str) -> None:
    """load_ruleset pauses the cyclic collector while it runs (for speed), loaded or refused."""
    import contextlib
    import gc

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with contextlib.suppress(RuleError):
            load_ruleset(ref)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
