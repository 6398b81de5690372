"""Who sets a hand's trump: the game's ``play.trump`` or the bids' ``trump``, never both
(rulespec/trumpsource.py). A house rule that set ``play.trump`` over Combo Whist passed the check,
and the Trump declarer named a suit that play then replaced; the case itself is
tests/broken/79-play-trump-and-bids-trump.yaml. Here: the hint's way out works, and the check
looks at the bids as built (a child that takes the trump away from every bid may set the game's).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import RuleErrors, load_ruleset


def _house(tmp_path: Path, trump_bids: list[str], game_trump: str | None) -> Path:
    data: dict = {"ruleset": "house", "version": "1", "extends": "combo-whist"}
    if trump_bids:
        data["bids"] = [{"id": bid_id, "trump": None} for bid_id in trump_bids]
    if game_trump is not None:
        data["game"] = {"play": {"trump": game_trump}}
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _trump_bids() -> list[str]:
    return [bid_id for bid_id, bid in load_ruleset("combo-whist").bids.items() if bid.has_trump]


def test_the_game_may_set_the_trump_once_no_bid_does(tmp_path: Path) -> None:
    rules = load_ruleset(str(_house(tmp_path, _trump_bids(), '"H"')))
    assert not any(bid.has_trump for bid in rules.bids.values())
    state = GameState(rules, 4, seed=5, max_deals=6)
    agents = [RandomAgent(seat, bid_chance=0.9) for seat in range(4)]
    trumps = set()
    while not state.is_over:
        request = state.pending
        assert request is not None
        if request.kind == "play":
            trumps.add(state.view(request.seat).trump)
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert trumps == {"H"}  # every hand played, with the game's trump and no other


@pytest.mark.parametrize("kept", [1, 3])
def test_one_bid_left_setting_the_trump_is_named(tmp_path: Path, kept: int) -> None:
    setters = _trump_bids()
    with pytest.raises(RuleErrors) as info:
        load_ruleset(str(_house(tmp_path, setters[kept:], '"H"')))
    message = str(info.value)
    assert "play.trump sets every hand's trump" in message
    assert all(bid_id in message for bid_id in setters[:kept])
    assert not any(f" {bid_id}," in message or message.endswith(f" {bid_id}") for bid_id in setters[kept:])


def test_without_the_games_trump_the_bids_may_lose_theirs(tmp_path: Path) -> None:
    rules = load_ruleset(str(_house(tmp_path, _trump_bids(), None)))  # a game with no trump at all
    assert rules.game.play.trump is None and not any(bid.has_trump for bid in rules.bids.values())
