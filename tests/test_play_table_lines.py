"""The lines of the ``whist play`` table, in the order and form the rules and the screen's own
words give them (Christmas Whist and Combo Whist, English and Swedish).

Found at the table: a meld printed after the next face-up card (it is declared "after the trick is
taken and before anyone draws"); "Tricks won: 7 / 13" mixing tricks before and after the close
(only those after it score); declarations in lower case ("pestfärg: ♥ hjärter") beside
"Trumffärg:", and an empty "ateljé:" line; the chosen rules of hand 7 never announced, their
prompt silent on the hand and on why; a meld's prompt silent on what choosing a card does; a
rank "1/3" in the menu but "1 or 3" in the rules; "4." alone at the end of an 80-column line.
"""

from __future__ import annotations

import dataclasses
import io
import re
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console
from rich.markup import escape, render

from interpreter import RandomAgent
from interpreter.decisions import CONTRACT, Request, View
from interpreter.game import Game
from interpreter.gamestate import GameState
from printing.facts import worth_text as printed_worth
from rulespec import load_ruleset
from rulespec.locale import load_texts, value_text
from rulespec.model import RuleSet
from whist.entrylines import KeepingConsole
from whist.play import HumanAgent
from whist.playcli import match_lines
from whist.playscreen import announce_contract, choice_help, choice_intro, compact_bid_menu, menu_ids

LANGS = ("en", "sv")
XMAS = load_ruleset("christmas-whist")
COMBO = load_ruleset("combo-whist")


def _human(rules: RuleSet, lang: str, seat: int = 0) -> tuple[HumanAgent, io.StringIO]:
    texts = load_texts(rules, lang)
    texts.escape = escape
    screen = io.StringIO()
    console = Console(file=screen, width=80, color_system=None)
    return HumanAgent(rules, texts, console, lambda prompt, limit: "", seat=seat), screen


def _view(rules: RuleSet, players: int) -> View:
    state = GameState(rules, players=players, seed=4)
    agents = [RandomAgent(seat) for seat in range(players)]
    while state.pending.kind != "play":  # (past the auction: a hand being played)
        request = state.pending
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    return state.view(state.pending.seat)


@pytest.mark.parametrize("lang", LANGS)
def test_a_meld_is_shown_before_the_next_face_up_card(lang: str) -> None:
    view = _view(XMAS, 2)
    hand = [c for c in view.hand][:2]
    meld = {"seat": 1, "meld": "pair", "led": hand[0], "shown": hand[1], "points": 2}
    human, screen = _human(XMAS, lang)
    human.show_table(dataclasses.replace(view, melds=(meld,), face_up="9H", stock_size=6))
    lines = screen.getvalue().splitlines()
    label = human.texts.label
    meld_at = next(
        i
        for i, line in enumerate(lines)
        if render(label("meld_declared", player="@", meld="@", card="@", points=2)).plain.split("@")[1] in line
    )
    face_at = next(i for i, line in enumerate(lines) if line.startswith(label("face_up_card")))
    assert meld_at < face_at


@pytest.mark.parametrize("lang", LANGS)
def test_tricks_before_and_after_the_close_are_counted_apart(lang: str) -> None:
    view = _view(XMAS, 2)
    trick = {"number": 1, "leader": 0, "trump": None, "plays": [(0, "2H"), (1, "3H")]}
    tricks = [dict(trick, winner=w) for w in (0, 0, 1)] + [dict(trick, winner=w, after_close=True) for w in (1, 1, 0)]
    human, screen = _human(XMAS, lang)
    human.show_table(dataclasses.replace(view, tricks=tuple(tricks[:1])))  # (the first shows the table)
    human.show_table(dataclasses.replace(view, tricks=tuple(tricks), closed=True, face_up=None, stock_size=0))
    label = human.texts.label
    zero, one = human.name(0, view), human.name(1, view)
    text = screen.getvalue()
    assert f"{label('trick_counts_before_close')}: {zero} 2  {one} 1" in text
    assert f"{label('trick_counts_after_close')}: {zero} 1  {one} 2" in text


@pytest.mark.parametrize("lang", LANGS)
def test_declarations_are_headed_as_trump_is_and_empty_zones_say_nothing(lang: str) -> None:
    view = _view(COMBO, 4)
    human, screen = _human(COMBO, lang)
    names = [name for name in human.texts.data.get("declarations", {}) if name not in (*view.zones, "atelier")]
    human.show_table(dataclasses.replace(view, declarations={name: "5" for name in names}, zones={"atelier": ()}))
    lines = screen.getvalue().splitlines()
    for name in names:
        head = render(human.texts.get(f"declarations.{name}")).plain
        shown = next(line for line in lines if line.casefold().startswith(f"{head.casefold()}: 5"))
        assert shown[:1] == shown[:1].upper() and shown[1 : len(head)] == head[1:], shown
    atelier = render(human.texts.get("declarations.atelier")).plain
    assert not any(line.casefold().startswith(atelier.casefold() + ":") for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_a_chosen_hand_is_announced_and_its_chooser_told_which_and_why(lang: str) -> None:
    human, screen = _human(XMAS, lang, seat=0)
    choices = tuple(XMAS.bids)
    for chooser in (0, 1):
        for choice in choices:
            game = SimpleNamespace(
                decisions=[{"seat": chooser, "kind": "choose", "name": CONTRACT, "answer": choice}],
                current=SimpleNamespace(hand_number=7),
            )
            before = screen.getvalue()
            announce_contract(human, game)
            said = screen.getvalue()[len(before) :]
            name = human.name(chooser, None)
            expected = human.texts.label("contract_chosen", player=name, n=7, rules=human.texts.bid_name(choice))
            assert (render(expected).plain in said) == (chooser == 1)  # one's own choice needs no news
    view = dataclasses.replace(_view(XMAS, 2), hand_number=7, combo=None)
    request = Request("choose", 0, CONTRACT, "bid", choices)
    intro = choice_intro(human, request, view)
    assert intro == [human.texts.label("contract_yours", n=7)]
    helped = choice_help(human, request, view)
    for choice in choices:  # what each kind scores
        assert f"{human.texts.bid_name(choice)}: {human.texts.bid_text(choice, 'short')}" in helped
    assert human.texts.get("general.match") in helped  # why this player chooses: the rules' words


@pytest.mark.parametrize("lang", LANGS)
def test_a_meld_prompt_says_that_choosing_shows_the_card_for_its_points(lang: str) -> None:
    human, _ = _human(XMAS, lang)
    view = _view(XMAS, 2)
    melded = [bid for bid in XMAS.bids.values() if bid.melds]
    assert melded
    for bid in melded:
        for meld in bid.melds:
            request = Request("choose", 0, meld.name, "card", view.hand, optional=True)
            lines = choice_intro(human, request, dataclasses.replace(view, combo={"bids": [bid.id], "worth": 0}))
            points = value_text(meld.points, human.texts.label("or"))
            meld_name = human.texts.get(f"declarations.{meld.name}")
            assert lines == [human.texts.label("meld_choice", meld=meld_name, points=points)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_bid_menu_shows_ranks_as_the_rules_print_them(lang: str) -> None:
    human, _ = _human(COMBO, lang)
    state = GameState(COMBO, players=4, seed=3)
    request = state.pending
    screen = io.StringIO()
    compact_bid_menu(Console(file=screen, width=80, color_system=None), request, COMBO, human.texts)
    shown = screen.getvalue()
    several = [b for b in menu_ids(request, COMBO) if len(COMBO.bids[b].worth.possible_values() or ()) > 1]
    assert several  # (Master Mail: 1 or 3)
    for bid_id in several:
        assert f" {printed_worth(COMBO.bids[bid_id], human.texts)}" in shown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("schedule", ["full", "five", "three", "single"])
def test_a_hand_s_number_stays_with_its_name_at_80_columns(lang: str, schedule: str) -> None:
    human, _ = _human(XMAS, lang)
    screen = io.StringIO()
    console = KeepingConsole(file=screen, width=80, color_system=None)
    console.keep(human.texts.bid_name(b) for b in XMAS.bids)
    game: Any = Game(XMAS, [human, human], seed=1, options={"match": schedule})
    match_lines(console, game, human.texts, {})
    assert not [line for line in screen.getvalue().splitlines() if re.search(r"\d+\.\s*$", line)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_pile_is_counted_without_the_face_up_card(lang: str) -> None:
    """The face-up card lies "next to the draw pile" (the rulebook): "Face-up card: 10♥  Cards in the
    pile: 2" left one card to draw, not two. The pile's count is of the cards still face down."""
    view = _view(XMAS, 2)
    for face_up, stock in (("9H", 6), ("9H", 1), (None, 3)):
        human, screen = _human(XMAS, lang)
        human.show_table(dataclasses.replace(view, melds=(), face_up=face_up, stock_size=stock))
        pile = render(human.texts.label("stock_size", n=stock - (face_up is not None))).plain
        assert pile in screen.getvalue(), screen.getvalue()
