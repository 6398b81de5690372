"""A rule set whose deck cannot give the hands it deals is refused by ``whist check``.

``deal.hand_size`` (over ``player_count``), ``players`` (``min``, ``max``, ``in_deal``),
``deck.remove`` and ``deal.set_aside`` fix the cards every deal needs. A deal that did not fit
gave the last players fewer cards or none, and a player with nothing to play or pass was asked to
choose from nothing: ``whist simulate`` of a house rule with ``in_deal: 6`` waited for ever. The
property: over hand sizes, table sizes and cards set aside, a rule set either loads and then
deals every player of every allowed table a full hand, or is refused at the place that says it,
in the file that says it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.errors import RuleErrors
from tests.test_translate_cli import whist

HOUSE = """\
ruleset: house
version: '1'
extends: combo-whist
game:
  players: {{min: {low}, max: {high}{in_deal}}}
  params: {{aside: {aside}}}
  deal:
    first_dealer: random
{set_aside}{hand_size}"""

# (the house rule's deal, the key whose line it is refused at: None = accepted); without a hand
# size of its own the house rule deals combo-whist's 13 cards, four players a deal
CASES = [
    ({"hand_size": None, "high": 4}, None),
    ({"hand_size": "12", "high": 4, "aside": 3}, None),  # 3 × 12 + 3 = 39
    ({"hand_size": None, "high": 8}, None),  # four a deal: the others sit out
    ({"hand_size": "20"}, "hand_size"),  # 3 × 20 > 39
    ({"hand_size": None, "high": 5, "in_deal": 5}, "players"),  # five at the inherited 13 cards: the table
    ({"hand_size": None, "high": 12, "in_deal": 6}, "players"),
    ({"hand_size": None, "high": 4, "aside": 1}, "set_aside"),  # 3 × 13 + 1 > 39: what is set aside
    ({"hand_size": "12", "high": 4, "aside": 4}, "hand_size"),  # both in the house rule: its hand size
    ({"hand_size": "player_count - 3", "high": 4}, "hand_size"),  # 0 cards for three players
    ({"hand_size": "player_count / 3", "high": 4}, "hand_size"),  # 4/3 for four
    ({"hand_size": "52 / (player_count - 4)", "high": 4}, "hand_size"),  # division by zero for four
]


def _house(
    folder: Path, hand_size: str | None, low: int = 3, high: int = 4, in_deal: int | None = None, aside: int = 0
) -> Path:
    text = HOUSE.format(
        low=low,
        high=high,
        in_deal=f", in_deal: {in_deal}" if in_deal else "",
        aside=aside,
        set_aside="    set_aside: aside\n" if aside else "",
        hand_size="" if hand_size is None else f"    hand_size: {hand_size}\n",
    )
    path = folder / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("deal", "key"), CASES)
def test_a_deal_the_deck_cannot_give_is_refused_where_it_is_said(tmp_path, capsys, deal, key) -> None:
    path = _house(tmp_path, **deal)
    code, out, err = whist(capsys, "check", str(path))
    if key is None:
        assert code == 0, err
        return
    assert code == 1, out
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith(f"{key}:"))
    assert f"{path}:{line}:" in err, err
    assert "bids/combo-whist" not in err  # the house rule's line, not the hand size it inherits
    assert "^" in err and "hint:" in err


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    hand_size=st.integers(min_value=-2, max_value=30),
    high=st.integers(min_value=3, max_value=12),
    in_deal=st.none() | st.integers(min_value=2, max_value=12),
    aside=st.integers(min_value=0, max_value=60),
)
def test_a_rule_set_that_loads_deals_every_player_a_full_hand(tmp_path, hand_size, high, in_deal, aside) -> None:
    path = _house(tmp_path, str(hand_size), high=high, in_deal=in_deal, aside=aside)
    try:
        rules = load_ruleset(path)
    except RuleErrors as errors:
        assert all(e.position is not None and e.position.path == str(path) for e in errors.errors), errors
        return
    for players in range(3, high + 1):
        state = GameState(rules, players, seed=players, max_deals=1)
        in_this_deal = state.pending.seat if state.pending is not None else None
        assert in_this_deal is not None
        for seat in state.seats_in_deal():
            assert len(state.view(seat).hand) == hand_size, (players, seat)
    assert hand_size >= 1
