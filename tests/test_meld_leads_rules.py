"""``View.meld_leads`` for melds written in house rules: the cards named at a lead are exactly those
that, led, make the engine offer a meld after the trick — for every meld rule that reads only what is
known before the trick is played (its number and phase, the leader's hand without the card led, the
hand's plays, the finished tricks), however odd. A rule that reads who wins the trick cannot be told
before it and names nothing. The rules are our own house rules extending Christmas Whist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from christmas_helpers import random_states

from interpreter.agents import RandomAgent
from interpreter.decisions import Request
from interpreter.gamestate import GameState
from rulespec import load_ruleset

#: One meld per kind of hand that has melds, each reading a different fact known before the trick.
KNOWN_BEFORE = {
    "pairs_up": [  # the leader's hand, the card led out of it
        ('card.rank == "3" and count(player.hand) < 9', 'card.rank == "2" and card.suit == trick.lead.suit'),
    ],
    "pairs_down": [  # every card opens, a card of the led suit shows (several melds, one offer each)
        ("true", "card.suit == trick.lead.suit and card.rank == trick.lead.rank"),
        ("trick.lead.suit == trump", "card.suit == trump"),
    ],
    "marriages_up": [  # the trick's number and phase
        ('card.rank == "K" and trick.number > 3', 'card.rank == "Q" and card.suit == trick.lead.suit'),
        ("trick.after_close", "card.suit == trick.lead.suit"),
    ],
    "marriages_down": [  # the finished tricks and the plays, the trick led counted among them
        ("count(tricks) % 2 == 1 and last_trick == trick", 'card.rank == "A"'),
        ("count(plays, play.player == player) > 3", "card == trick.lead or card.rank == trick.lead.rank"),
    ],
}

#: Rules that read the trick's outcome: nothing is named for them (the engine may still offer).
OUTCOME = {
    "pairs_up": [('card.rank == "3" and trick.winner != player', "true")],
    "marriages_up": [("trick.winner.seat == 0 or true", "true")],
}


def _house_rules(folder: Path, melds: dict[str, list[tuple[str, str]]]) -> Path:
    lines = ["ruleset: meld-house", "version: 1.0.0", "extends: christmas-whist", "bids:"]
    for bid, rules in melds.items():
        lines += [f"  - id: {bid}", "    melds:"]
        for number, (lead, show) in enumerate(rules):
            lines += [f"      - name: meld_{number}", f"        lead: '{lead}'", f"        show: '{show}'"]
            lines.append("        points: 1")
    path = folder / "house.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _offered(state: GameState, request: Request, card: str) -> set[str]:
    """The melds the engine offers the leader after leading ``card`` (the others follow with their first card)."""
    copy = state.clone()
    copy.apply(card)
    step = copy.advance()
    while step is not None and step.kind == "play" and copy.view(step.seat).current_trick:
        copy.apply(step.options[0])
        step = copy.advance()
    offered = set()
    while step is not None and step.kind == "choose" and step.optional and step.seat == request.seat:
        offered.add(str(step.name))
        copy.apply(None)
        step = copy.advance()
    return offered


def _leads(path: Path, seeds: range) -> Any:
    """(state, request, view) at every lead of random matches of the rule set at ``path``."""
    for state, request, view in random_states(load_ruleset(str(path)), seeds):
        if request.kind == "play" and not view.current_trick:
            yield state, request, view
        else:
            assert state.view(1 - request.seat).meld_leads == (), "only the player about to lead is named cards"


def test_the_named_cards_are_those_the_engine_then_offers_a_meld_for(tmp_path: Path) -> None:
    named = unnamed = 0
    for state, request, view in _leads(_house_rules(tmp_path, KNOWN_BEFORE), range(4)):
        for card in request.options:
            offered = _offered(state, request, card)
            assert (card in view.meld_leads) == bool(offered), (view.combo, view.hand, card, offered)
            named += bool(offered)
            unnamed += not offered
    assert named > 50 and unnamed > 50  # (the melds were reached, and do not hold for every card)


def test_a_rule_reading_who_wins_the_trick_names_nothing(tmp_path: Path) -> None:
    offers = 0
    for state, request, view in _leads(_house_rules(tmp_path, OUTCOME), range(3)):
        if view.combo is None or view.combo["bids"][0] not in OUTCOME:
            continue  # (a kind of hand with the bundled melds)
        assert view.meld_leads == ()
        offers += any(_offered(state, request, card) for card in request.options[:3])
    assert offers > 10  # (the engine does offer these melds once the trick is won)


@pytest.mark.parametrize("melds", [KNOWN_BEFORE, OUTCOME])
def test_working_out_the_named_cards_changes_nothing_of_the_game(tmp_path: Path, melds: Any) -> None:
    """The view tries each lead on the deal itself: afterwards the hand, the plays and the tricks are as
    they were, so a game whose views are asked at every decision plays as one whose views are not."""
    rules = load_ruleset(str(_house_rules(tmp_path, melds)))
    played: list[list[Any]] = []
    for look in (True, False):
        state = GameState(rules, 2, seed=5)
        agents = [RandomAgent(10), RandomAgent(11)]
        request, answers = state.advance(), []
        while request is not None:
            if look:
                for seat in (0, 1):
                    state.view(seat)
            answer = agents[request.seat].decide(request, state.view(request.seat))
            answers.append(answer)
            state.apply(answer)
            request = state.advance()
        played.append(answers)
    assert played[0] == played[1]


def test_a_meld_without_texts_is_shown_by_its_name(tmp_path: Path) -> None:
    """A house rule's meld with no text in any language: the person asked to declare it reads its name,
    never a key of the locale files."""
    import io

    from rich.console import Console
    from rich.markup import escape

    from whist.common import texts_or_fail
    from whist.play import HumanAgent

    rules = load_ruleset(str(_house_rules(tmp_path, KNOWN_BEFORE)))
    out = io.StringIO()
    human = HumanAgent(rules, texts_or_fail(rules, "en", escape), Console(file=out, width=200), lambda _p, _l: "-")
    asked = 0
    for _, request, view in random_states(rules, range(2)):
        if request.kind == "choose" and request.optional and view.seat == 0:
            human.decide(request, view)
            asked += 1
    assert asked > 5 and "meld_0" in out.getvalue() and "declarations." not in out.getvalue()


def test_the_screen_names_the_leads_in_the_order_of_the_hand(tmp_path: Path) -> None:
    """The hint line at a person's lead lists its cards as the hand above it is shown (sorted)."""
    import io

    from rich.console import Console
    from rich.markup import escape
    from rich.text import Text

    from whist.common import texts_or_fail
    from whist.play import HumanAgent

    rules = load_ruleset(str(_house_rules(tmp_path, KNOWN_BEFORE)))
    out = io.StringIO()
    answers: list[str] = []
    human = HumanAgent(
        rules, texts_or_fail(rules, "en", escape), Console(file=out, width=300), lambda _p, _l: answers.pop()
    )
    several = 0
    for _, request, view in random_states(rules, range(2)):
        if request.kind != "play" or view.current_trick or view.seat != 0 or len(view.meld_leads) < 2:
            continue
        out.seek(0)
        out.truncate()
        answers.append(str(request.options[0]))
        human.decide(request, view)
        line = next(row for row in out.getvalue().splitlines() if "to declare a meld" in row)
        named = [Text.from_markup(human.cards.show(c)).plain for c in view.meld_leads]
        in_order = [Text.from_markup(human.cards.show(c)).plain for c in human.cards.sorted_hand(view.hand)]
        in_order = [c for c in in_order if c in named]
        assert [c for c in line.split() if c in named] == in_order
        several += named != in_order
    assert several > 3  # (the engine's order differed from the hand's)
