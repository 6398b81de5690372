"""A bid's ``set_scores``: ``to`` is worked out for each player it sets, with ``player`` that player
(docs/writing-rules.md, ``set_scores``). Two house rules of Combo Whist 1.0.0 give every standard
bid Zerofication's rule with another ``to`` (``player.score``: each keeps the score the deal gave;
``player.score * 3 + player.seat``: each its own) and play the same seeded games: up to the first
completed combo they are the same game, and after it each other player's score is three times what
the first rule kept plus their seat (so each was worked out for that player), the declarer's the same.
"""

from __future__ import annotations

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


def _until_completed(rules: Any, seed: int) -> tuple[dict[int, Any], int] | None:
    """The scores after the first deal whose combo is completed, and its declarer."""
    state = GameState(rules, 4, seed=seed, max_deals=30)
    agents = [RandomAgent(seed * 10 + seat, bid_chance=1.0) for seat in range(4)]
    seen = 0
    while not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        for record in state.deal_records[seen:]:
            seen += 1
            if record.get("completed"):
                return dict(state.scores), record["declarer"]
    return None


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
