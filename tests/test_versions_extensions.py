"""The rule-language extensions the older versions use: choosing a direction (across included)
and recording ``forbid_impossible``.
"""

from __future__ import annotations

from pathlib import Path

from versions_helpers import _child, refusal

from rulespec import load_ruleset
from rulespec import types as T

# --- the rule-language extensions these versions use ---------------------------------------------


def test_choose_a_direction(tmp_path: Path) -> None:
    rules = load_ruleset(
        _child(
            tmp_path,
            "  - id: mail\n"
            "    steps:\n"
            "      - choose: {who: declarer, what: direction, as: way, where: 'direction != \"across\"'}\n"
            "      - pass_cards: {senders: players, count: cards, direction: way}\n",
        )
    )
    choose, passing = rules.bids["mail"].steps
    assert choose.what == "direction"
    assert choose.source is not None and choose.source.constant == ["left", "right", "across"]  # no 'from'
    assert choose.where is not None
    assert passing.direction.type == T.DIRECTION and passing.direction.source == "way"


def test_across_is_a_direction(tmp_path: Path) -> None:
    step = "      - pass_cards: {senders: players, count: 3, direction: across}\n"
    rules = load_ruleset(_child(tmp_path, "  - id: mail\n    steps:\n" + step))
    assert rules.bids["mail"].steps[0].direction.constant == "across"


def test_an_unknown_direction_is_refused(tmp_path: Path) -> None:
    path = _child(
        tmp_path,
        "  - id: mail\n    steps:\n"
        '      - choose: {who: declarer, what: direction, from: \'["left", "up"]\', as: way}\n',
    )
    assert "unknown direction 'up'" in refusal(path)


def test_forbid_impossible_is_recorded() -> None:
    assert load_ruleset("combo-whist").game.auction.forbid_impossible is False
    assert load_ruleset("combo-whist@1.4.2").game.auction.forbid_impossible is True
