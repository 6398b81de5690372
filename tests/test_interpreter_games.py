"""Whole games played by seeded random agents: a winner, the same record for the same seed, who
sits out, and rule sets freed once no game uses them.
"""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest
from interpreter_helpers import RULES, RULESET_REF, finished_game, random_agents

from interpreter import records
from interpreter.game import Game
from rulespec import load_ruleset

# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_agents_play_a_game_to_a_winner(players: int) -> None:
    game = Game(RULES, random_agents(players, seed=players), seed=players)
    result = game.run()
    assert result.winner is not None and 0 <= result.winner < players
    assert result.reason in {"declarer", "instant", "anyone"}
    assert result.deals == len(game.deal_records) > 0
    assert result.scores == game.scores


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_same_seed_gives_the_same_record(players: int) -> None:
    first = records.to_record(finished_game(players, seed=21), RULESET_REF)
    second = records.to_record(finished_game(players, seed=21), RULESET_REF)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    other = records.to_record(finished_game(players, seed=22), RULESET_REF)
    assert other["deals"][0]["hands"] != first["deals"][0]["hands"]


def test_sitting_out_follows_the_dealer() -> None:
    game = finished_game(players=6, seed=5)
    for deal in game.deal_records:
        out = {(deal["dealer"] - 1) % 6, (deal["dealer"] - 2) % 6}  # in_deal 4, right of the dealer
        assert deal["players"] == [seat for seat in range(6) if seat not in out]


def test_a_rule_set_is_freed_once_nothing_uses_it(tmp_path: Path) -> None:
    """The engine's per-rule-set caches hold rule sets weakly: reloading a file again and again
    (an editor checking each save) does not keep every version alive."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: combo-whist\nversion: 9.9.9\nbids:\n  - id: penalty\n    penalty: 3\n", encoding="utf-8")
    rules = load_ruleset(path)
    game = Game(rules, random_agents(4, seed=2), seed=2)
    game.run()
    assert game.result is not None
    freed = weakref.ref(rules)
    del game, rules
    gc.collect()
    assert freed() is None
