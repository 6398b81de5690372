"""Cards passed before the first trick are listed as the hand is sorted, on the play screen.

"Out of your hand" listed the cards in the engine's order, not the hand's: the class is any cards
that come into or go out of the hand (Mail, an exchange), in any order the engine keeps them.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from rich.console import Console
from rich.text import Text

from interpreter import HeuristicAgent
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent
from whist.playscreen import exchanges

RULES = load_ruleset("combo-whist")


@pytest.mark.parametrize("seed", range(5))
def test_cards_passed_are_listed_in_the_hands_order(seed: int) -> None:
    game = Game(RULES, [HeuristicAgent(s) for s in range(4)], seed=seed)
    game.current = game._new_deal([0, 1, 2, 3])
    mine, theirs = game.current.view(0), game.current.view(1)
    texts = load_texts(RULES, "en")
    screen = io.StringIO()
    human = HumanAgent(RULES, texts, Console(file=screen, width=200, color_system=None), lambda p, t: "")
    went, came = list(mine.hand[::-2][:3]), list(theirs.hand[::-3][:3])  # (in no order of the hand's)
    human.held = mine.hand
    exchanges(human, replace(mine, declarer=1, hand=tuple(c for c in mine.hand if c not in went) + tuple(came)))
    for key, cards in (("hand_sent", went), ("hand_received", came)):
        shown = " ".join(human.cards.show(c) for c in human.cards.sorted_hand(tuple(cards)))
        assert Text.from_markup(texts.label(key, cards=shown)).plain in screen.getvalue(), screen.getvalue()
