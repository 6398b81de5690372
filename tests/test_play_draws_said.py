"""``whist play`` says what was drawn after a trick, and never what the other player drew blind.

Christmas Whist's rules: after each trick "the winner takes the face-up card, the loser the top
of the pile, and the next card is turned up". The screen said none of it: a card came into the
hand without a word, and the face-up card vanished. The class: in seeded two-player games, after
every trick with draws, the person is told which card they drew from the pile (their own alone)
and who took the face-up card (it lay face up: everyone saw it); and no card the other player
holds that was never face up, played or the person's own ever appears on the screen.
"""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import pytest
from rich.markup import escape
from rich.text import Text

from interpreter import RandomAgent
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from tests.test_play_screen_fits import Person
from whist.entrylines import KeepingConsole
from whist.playscreen import watching

RULES = load_ruleset("christmas-whist")


def plain(markup: str) -> str:
    """A line as the screen shows it (a red card's colour is markup)."""
    return Text.from_markup(markup).plain


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_draws_are_said_to_whom_they_may_be_said(lang: str, seed: int) -> None:
    texts = dataclasses.replace(load_texts(RULES, lang), escape=escape)
    screen = io.StringIO()
    console = KeepingConsole(file=screen, width=200, color_system=None)
    person = Person(RULES, texts, console, lambda p, t: "", seat=0, seed=seed)
    person.read = person.typed
    game = Game(RULES, [person, RandomAgent(seed)], seed=seed, options={"match": "single"})
    seen: set[str] = set()  # cards public or the person's own so far (face up, played, in their hand)
    trick_state: dict[str, Any] = {"tricks": 0, "face_up": None, "hand": ()}
    expected: list[str] = []

    def check(g: Game) -> None:
        deal = g.current
        if deal is None:
            return
        me, other = deal.by_seat[0], deal.by_seat[1]
        tricks = [t for t in deal.view(0).tricks]
        if len(tricks) > trick_state["tricks"] and trick_state["face_up"] is not None:
            winner, face_up = tricks[-1]["winner"], trick_state["face_up"]
            name = person.name(winner, deal.view(0))
            expected.append(plain(texts.label("took_face_up", player=name, card=person.cards.show(face_up))))
            if winner != 0:  # the loser draws the top of the pile
                drawn = [c.name for c in me.hand if c.name not in trick_state["hand"] and c.name != face_up]
                shown = " ".join(person.cards.show(c) for c in drawn)
                expected.append(plain(texts.label("you_drew", cards=shown)))
        trick_state.update(
            tricks=len(tricks), face_up=deal.face_up.name if deal.face_up else None, hand={c.name for c in me.hand}
        )
        seen.update(c.name for c in me.hand)
        seen.update(card for t in tricks for _, card in t["plays"])
        seen.update(card for _, card in deal.view(0).current_trick)
        if deal.face_up is not None:
            seen.add(deal.face_up.name)
        hidden = [c.name for c in other.hand if c.name not in seen]
        said = screen.getvalue().replace(texts.label("prompt_card"), "")  # (its example: "e.g. QH, 10♠")
        assert not [c for c in hidden if plain(person.cards.show(c)) in said], (hidden, said)

    game.on_decision = watching(check, person, 0)
    while game.result is None and len(game.deal_records) < 1:
        game.play_deal()
    said = screen.getvalue()
    assert expected, "no trick with draws was played"
    position = 0
    for line in expected:  # each said, in the order of the tricks
        found = said.find(line, position)
        assert found >= 0, (line, said[position : position + 2000])
        position = found + len(line)
