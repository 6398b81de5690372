"""A ``choose`` step with less to choose from than it asks for never reaches an agent.

A rule file decides what a step offers (``from: 1..highest`` with ``highest: 0``, a filter that
keeps nothing, ``count: 3`` of two). Such a request used to reach the agents: the random agent
drew an index from nothing for ever (``whist simulate`` hung), the first-legal filler and the
others answered what was not there (a traceback after 100 refused answers). Now the engine never
asks with fewer options than the answer needs: an optional choice is skipped (nothing taken), a
required one stops the game at the step's place in the rule file, with when it happened. The
property is checked over the state API with random answers: every request it gives has enough.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.agents import RandomAgent
from interpreter.decisions import BidAnswer
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from tests.test_translate_cli import whist

HOUSE = """\
ruleset: house
version: '1'
extends: combo-whist
bids:
  - id: pick_nothing
    kind: special
    worth: 1
    params: {{highest: 0}}
    steps:
      - choose: {{who: declarer, what: {what}, from: {source}, as: nothing, optional: {optional}{count}}}
"""
SCENARIO = """\
ruleset: house.yaml
players: 4
dealer: 0
fill: first-legal
hands:
  0: 7C 9C JC 7D 9D JD 3H 5H 7H 9H 3S 6S 9S
  1: QC KC AC QD KD AD 10H JH QH KH AH 4S 7S
  2: 2C 3C 4C 5C 2D 3D 4D 5D 10S JS QS KS AS
  3: 6C 8C 10C 6D 8D 10D 2H 4H 6H 8H 2S 5S 8S
decisions:
  - {1: pass}
  - {2: {standard: trump, specials: [pick_nothing]}}
  - {3: pass}
  - {0: pass}
  - {2: S}
"""
#: (what is chosen, from where, how many): each offers less than it asks for
SHORT = [
    ("number", "1..highest", 1),
    ("number", "1..2", 3),
    ("player", "filter(opponents, player == declarer)", 1),
    ("card", 'filter(declarer.hand, card.rank == "2" and card.rank == "3")', 1),
]


def _house(folder: Path, what: str, source: str, count: int, optional: bool) -> Path:
    text = HOUSE.format(
        what=what, source=f"'{source}'", optional=str(optional).lower(), count=f", count: {count}" if count > 1 else ""
    )
    (folder / "house.yaml").write_text(text, encoding="utf-8")
    return folder / "house.yaml"


@pytest.mark.parametrize(("what", "source", "count"), SHORT)
def test_an_optional_choice_with_too_little_is_skipped(tmp_path, capsys, what, source, count) -> None:
    _house(tmp_path, what, source, count, optional=True)
    (tmp_path / "s.yaml").write_text(SCENARIO + "expect: {declarer: 2}\n", encoding="utf-8")
    code, out, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    assert code == 0, err
    assert "no difference" in out


@pytest.mark.parametrize(("what", "source", "count"), SHORT)
def test_a_required_choice_with_too_little_stops_at_the_step(tmp_path, capsys, what, source, count) -> None:
    _house(tmp_path, what, source, count, optional=False)
    (tmp_path / "s.yaml").write_text(SCENARIO + "expect: {declarer: 2}\n", encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    assert code == 1
    assert "house.yaml:10:" in err and f"must choose {count} {what}(s) for 'nothing'" in err
    assert "(during deal 1, decision 6)" in err


class _BidsPickNothing(RandomAgent):
    """Random, but bids trump with the short choice whenever it may (so the step is reached)."""

    bid_it = False

    def decide(self, request, view):
        if request.kind == "bid":
            wanted = BidAnswer("trump", ("pick_nothing",))
            if request.check is not None and request.check(wanted) is None:
                self.bid_it = True
                return wanted
        return super().decide(request, view)


@pytest.mark.parametrize(("what", "source", "count"), SHORT)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_request_of_the_state_asks_for_more_than_it_offers(tmp_path, what, source, count, seed) -> None:
    rules = load_ruleset(_house(tmp_path, what, source, count, optional=True))
    state = GameState(rules, 4, seed=seed, max_deals=3)
    agents = [_BidsPickNothing(seat) for seat in range(4)]
    asked = 0
    while not state.is_over:
        request = state.pending
        assert request is not None
        if request.kind != "bid":
            assert len(request.options) >= request.count, request
        asked += 1
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert asked > 0
    assert any(agent.bid_it for agent in agents)  # the short choice was reached
