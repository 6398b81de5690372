"""``!`` at a prompt of ``whist play`` says the deal's state again, all of it.

The screen says a fact once (the trump, the bid played, what is declared, open cards) and the hand
at each decision: a person with a screen reader, who cannot glance back up the screen, had no way to
hear the trump again. The class: at a bid, a card and a choice prompt, ``!`` (never an answer there)
says every public fact of the deal shown so far and the hand again, then asks again; and every
prompt's ``?`` says that ``!`` does so.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from rich.console import Console

from interpreter import HeuristicAgent
from interpreter.decisions import Request
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent

RULES = load_ruleset("combo-whist")


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("kind", ["play", "choose", "bid"])
def test_the_state_is_said_again_on_request(kind: str, lang: str) -> None:
    texts = load_texts(RULES, lang)
    game = Game(RULES, [HeuristicAgent(seat) for seat in range(4)], seed=1)
    game.current = game._new_deal([0, 1, 2, 3])
    view = game.current.view(0)
    if kind != "bid":  # (a deal in play: a declarer, the combo bid, its trump, a declaration)
        view = replace(
            view, declarer=1, combo={"bids": ["trump", "penalty"], "worth": 3}, trump="H", declarations={"guess": 4}
        )
    request = {
        "play": Request("play", 0, options=view.hand),
        "choose": Request("choose", 0, "guess", "number", tuple(range(14))),
        "bid": Request("bid", 0, standard_ids=tuple(b.id for b in RULES.standard_bids)),
    }[kind]
    typed = iter(["!", "?", {"play": "1", "choose": "3", "bid": "pass"}[kind]])
    screen = io.StringIO()
    human = HumanAgent(RULES, texts, Console(file=screen, width=200, color_system=None), lambda p, t: next(typed))
    human.decide(request, view)
    said = screen.getvalue()
    facts = [texts.label("your_hand"), texts.label("scores")]
    if kind != "bid":
        facts += [texts.label("trump_suit"), texts.label("combo_bid"), texts.get("declarations.guess")[1:]]
    for fact in facts:
        assert said.count(fact) >= 2, (fact, said)
    assert texts.label("help_state") in said
