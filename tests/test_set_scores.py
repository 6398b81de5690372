"""A bid's ``set_scores``: ``to`` is worked out for each player it sets, with ``player`` that player
(docs/writing-rules.md, ``set_scores``). Two house rules of Combo Whist 1.0.0 give every standard
bid Zerofication's rule with another ``to`` (``player.score``: each keeps the score the deal gave;
``player.score * 3 + player.seat``: each its own) and play the same seeded games: up to the first
completed combo they are the same game, and after it each other player's score is three times what
the first rule kept plus their seat (so each was worked out for that player), the declarer's the same.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import load_ruleset


def _house(tmp_path: Path, name: str, to: str) -> Any:
    standard = [bid.id for bid in load_ruleset("combo-whist@1.0.0").standard_bids]
    rule = {"players": "others(declarer)", "to": to}
    data = {
        "ruleset": name,
        "version": "1",
        "extends": "combo-whist@1.0.0",
        "bids": [{"id": bid_id, "set_scores": rule} for bid_id in standard],
    }
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return load_ruleset(str(path))


def _played(rules: Any, seed: int, deals: int, after: Callable[[GameState], None] | None = None) -> GameState:
    """A seeded game of random agents that bid at every turn; ``after`` looks at it after each decision."""
    state = GameState(rules, 4, seed=seed, max_deals=deals)
    agents = [RandomAgent(seed * 10 + seat, bid_chance=1.0) for seat in range(4)]
    while not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        if after is not None:
            after(state)
    return state


def _until_completed(rules: Any, seed: int) -> tuple[dict[int, Any], int] | None:
    """The scores after the first deal whose combo is completed, and its declarer."""
    record = next((r for r in _played(rules, seed, 30).deal_records if r.get("completed")), None)
    return None if record is None else ({int(s): v for s, v in record["scores"].items()}, record["declarer"])


def test_to_sees_the_player_whose_score_it_sets(tmp_path: Path) -> None:
    kept, each = _house(tmp_path, "kept", "player.score"), _house(tmp_path, "each", "player.score * 3 + player.seat")
    found = 0
    for seed in range(1, 60):
        first, second = _until_completed(kept, seed), _until_completed(each, seed)
        if first is None:
            assert second is None
            continue
        assert second is not None
        (before, declarer), (after, declarer_too) = first, second
        assert declarer == declarer_too
        for seat, score in before.items():
            assert after[seat] == (score if seat == declarer else score * 3 + seat), (seed, seat)
        found += 1
        if found == 4:
            break
    assert found == 4, "too few completed combos to tell"


def _floored_house(tmp_path: Path, extra: str = "") -> Any:
    path = tmp_path / "floored.yaml"
    path.write_text(
        "ruleset: floored\nversion: '1'\nextends: combo-whist\ngame:\n  marks: [potential, blockade]\n"
        "  scoring:\n    completed: standard.score + bonus\n    failed: -failure_points / 3 - penalty\n"
        "    floor: {score: 0, debt: blockade, debt_fades: 1}\n" + extra,
        encoding="utf-8",
    )
    return load_ruleset(str(path))


def test_a_debt_of_a_part_of_a_point_is_a_whole_mark_and_the_game_saves(tmp_path: Path) -> None:
    """A failure costing 2/3 of a point under a floor with debt marks made 2/3 of a mark, which a
    save could not write (a traceback at the table): each point not paid is a mark, a part whole."""
    import json

    from interpreter.records import to_record

    rules = _floored_house(tmp_path)
    seen = 0
    for seed in range(1, 6):
        state = _played(rules, seed, 12, lambda state: json.dumps(to_record(state, "floored")))  # (as a save)
        marks = [count for seat in state.marks.values() for count in seat.values()]
        assert all(type(count) is int for count in marks)
        seen += sum(1 for seat in state.marks.values() if seat.get("blockade"))
    assert seen, "no debt was met"


def _floor_holds(state: GameState) -> None:
    assert all(score >= 0 for score in state.scores.values()), state.scores


def _first_completed_trump(rules: Any) -> tuple[dict[str, Any], dict[int, Any]]:
    """The first deal completing Trump in seeded random games, and the scores before it."""
    for seed in range(1, 40):
        state = _played(rules, seed, 30, _floor_holds)
        before = {seat: 0 for seat in range(4)}
        for record in state.deal_records:
            if record.get("completed") and record["combo"]["bids"][0] == "trump":
                return record, before
            before = {int(seat): score for seat, score in record["scores"].items()}
    raise AssertionError("no completed Trump to tell")


def test_set_scores_sets_each_player_once_and_never_below_the_floor(tmp_path: Path) -> None:
    """A player listed twice was set twice (``player.score + 100`` twice); a score set below the
    floor stayed there ("no score goes below the floor"): it is the floor (no debt: nobody paid)."""
    listed = "'[declarer, declarer, left_of(declarer)]'"
    rule = "bids:\n  - id: trump\n    set_scores: {players: %s, to: '%s'}\n"
    record, before = _first_completed_trump(_floored_house(tmp_path, rule % (listed, "player.score + 100")))
    declarer = record["declarer"]
    assert record["scores"][str(declarer)] == before[declarer] + record["points"] + 100  # once, not twice
    record, _ = _first_completed_trump(_floored_house(tmp_path, rule % (listed, "player.score - 50")))
    declarer = record["declarer"]
    assert record["scores"][str(declarer)] == 0 == record["scores"][str((declarer + 1) % 4)]
