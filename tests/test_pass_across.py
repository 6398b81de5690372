"""``pass_cards`` across among an odd number of senders stops at the step, never with a traceback.

Cards passed ``across`` go to the sender opposite, half-way round the senders: with three
senders (``senders: opponents`` in a deal of four) nobody sits opposite. The engine raised its
internal ``ScriptError`` and ``whist simulate`` ended in a traceback. Now the deal stops with an
error at the step in the rule file (exit 1, with when it happened and a hint). The property runs
every table size the rule set allows and sets of senders given as a list (duplicates counted
once): the game ends, or stops at the step.
"""

from __future__ import annotations

import pytest

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.compiled import EvaluationError
from tests.test_translate_cli import whist

HOUSE = """\
ruleset: house
version: '1'
extends: combo-whist
bids:
  - id: swap
    kind: special
    worth: 5
    priority: 1
    steps:
      - pass_cards: {{senders: '{senders}', count: 2, direction: across}}
"""
SENDERS = ["opponents", "players", "[declarer, declarer, left_of(declarer)]", "[declarer, left_of(declarer)]"]


@pytest.mark.parametrize("senders", SENDERS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_passing_across_ends_or_stops_at_the_step(tmp_path, senders, players) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.format(senders=senders), encoding="utf-8")
    state = GameState(load_ruleset(path), players, seed=players, max_deals=40)
    agents = [RandomAgent(seat) for seat in range(players)]
    try:
        while not state.is_over:
            request = state.pending
            assert request is not None
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    except EvaluationError as error:
        assert error.position is not None and error.position.path == str(path), error
        assert "cannot go across" in error.message and error.hint


def test_simulate_says_where_and_exits_1(tmp_path, capsys) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.format(senders="opponents"), encoding="utf-8")
    code, _, err = whist(
        capsys, "simulate", str(path), "--games", "5", "--jobs", "1", "--seed", "2", "--agents", "random"
    )
    assert code == 1
    assert f"{path}:10:" in err and "cannot go across among 3 senders" in err and "(during deal" in err
