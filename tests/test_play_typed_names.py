"""What a person types at ``whist play`` is read in the language the screen speaks.

A Swedish player saw ``Kn♦`` and typed ``KnR`` (knekt ruter): "Förstod inte"; ``ED`` was the ace
of diamonds by the English letter while the screen calls ``D`` a queen. Every card of the deck is
typed here in every form the help names: rank first (its short label, its id, ``T`` for ten), suit
last as the language's letter, the English letter or the symbol, in either case. A choice whose
names have spaces (``ta stick``), a pass in the language's words (``passa``: the screen says
"Plats 1 passar") and an ambiguous bid name ("… Öppen Trumf eller Öppen Hand") are read as meant.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console
from rich.markup import escape, render

from interpreter.decisions import CONTRACT, Request, View
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from whist.play import HumanAgent
from whist.playcards import CardFormat
from whist.playscreen import pass_words
from whist.refusals import parse_bid

LANGS = ("en", "sv")
RULES = load_ruleset("combo-whist")
XMAS = load_ruleset("christmas-whist")


def _texts(rules: object, lang: str) -> Texts:
    texts = load_texts(rules, lang)  # type: ignore[arg-type]
    texts.escape = escape  # as whist play loads them
    return texts


def _forms(cards: CardFormat, card: str) -> Iterator[str]:
    """Every way the help says a card may be typed."""
    rank, suit = card[:-1], card[-1]
    ranks = {rank, render(cards.short[rank]).plain} | ({"T"} if rank == "10" else set())
    suits = {cards.symbol[suit]} | {letter for letter, s in cards.letters.items() if s == suit}
    suits |= {suit} if suit not in cards.letters else set()  # the English letter, where no language letter clashes
    for r in ranks:
        for s in suits:
            yield from (f"{r}{s}", f"{r}{s}".lower(), f"{r} {s}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_read_in_every_form_the_help_names(lang: str) -> None:
    cards = CardFormat(RULES, _texts(RULES, lang))
    deck = tuple(f"{r}{s}" for r in cards.ranks for s in cards.suits)
    for suit in cards.suits:  # every suit has a letter of the language, named in the help
        assert suit in cards.letters.values()
        letter = next(letter for letter, s in cards.letters.items() if s == suit)
        assert f"{letter} {cards.texts.label(f'suit_{suit}')}" in cards.letters_text()
    for card in deck:
        for typed in _forms(cards, card):
            assert cards.parse(typed, deck) == card, (lang, typed)
    help_text = cards.texts.label("help_card", letters=cards.letters_text())
    assert cards.letters_text() in help_text


def test_swedish_suit_letters_are_the_swedish_names() -> None:
    """Rank first, suit last: ``KK`` is kung of klöver, ``KnR`` knekt of ruter, ``ER`` ess of ruter."""
    cards = CardFormat(RULES, _texts(RULES, "sv"))
    deck = tuple(f"{r}{s}" for r in cards.ranks for s in cards.suits)
    typed = {"KnR": "JD", "5K": "5C", "10K": "10C", "2R": "2D", "ER": "AD", "KK": "KC", "DH": "QH", "ES": "AS"}
    assert {t: cards.parse(t, deck) for t in typed} == typed


def _human(rules: object, lang: str, answers: list[str]) -> tuple[HumanAgent, io.StringIO]:
    screen = io.StringIO()
    given = iter(answers)
    texts = _texts(rules, lang)
    console = Console(file=screen, width=80, color_system=None)
    return HumanAgent(rules, texts, console, lambda prompt, limit: next(given)), screen  # type: ignore[arg-type]


def _first_view(rules: object) -> View:
    state = GameState(rules, players=2, seed=3)  # type: ignore[arg-type]
    return state.view(state.pending.seat)


@pytest.mark.parametrize("lang", LANGS)
def test_a_choice_named_with_spaces_is_taken_whole(lang: str) -> None:
    """The rules of a match's hand, typed by the names shown (any case): each is the one chosen."""
    choices = tuple(XMAS.bids)
    view = _first_view(XMAS)
    request = Request("choose", view.seat, CONTRACT, "bid", choices)
    for choice in choices:
        probe, _ = _human(XMAS, lang, [])
        name = render(probe.texts.bid_name(choice)).plain
        for typed in (name, name.lower(), name.upper()):
            human, screen = _human(XMAS, lang, [typed])
            assert human.decide(request, view) == choice, (typed, screen.getvalue())
    assert any(" " in render(probe.texts.bid_name(c)).plain for c in choices)  # the case the test is about


@pytest.mark.parametrize("lang", LANGS)
def test_the_language_s_pass_words_pass(lang: str) -> None:
    state = GameState(RULES, players=4, seed=3)
    request, view = state.pending, state.view(state.pending.seat)
    assert request.kind == "bid"
    texts = _texts(RULES, lang)
    words = {w.strip() for w in texts.label("pass_words").split(",")} | {render(texts.label("pass")).plain}
    said = texts.label("player_passes", player="X").split()  # the verb the screen uses of a pass
    if lang == "sv":
        assert "passa" in words and "passar" in said
    for word in words:
        human, screen = _human(RULES, lang, [word])
        assert word.casefold() in pass_words(texts)
        assert human.decide(request, view) is None, screen.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_an_ambiguous_name_lists_its_bids_joined_by_or(lang: str) -> None:
    texts = _texts(RULES, lang)
    state = GameState(RULES, players=4, seed=3)
    request = state.pending
    ids = list(request.standard_ids) + list(request.special_ids)
    names = [texts.bid_name(b) for b in ids]
    prefixes = {n[:k].casefold() for n in names for k in range(1, len(n))}
    shared = [p for p in sorted(prefixes) if sum(n.casefold().startswith(p) for n in names) >= 2]
    assert shared
    last_joiner = texts.label("list_or", items="", last="").strip()
    for prefix in shared:
        said = parse_bid(prefix, ids, request, texts)
        assert isinstance(said, str)
        if texts.label("ambiguous_bid", input=prefix, names="@").split("@")[0] not in said:
            continue  # (another refusal: a prefix that names one bid, or a menu number)
        listed = said.split(f" {last_joiner} ")
        assert len(listed) >= 2 and any(listed[-1].startswith(n) for n in names), said


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_is_chosen_by_the_menus_number_or_the_name_shown(lang: str) -> None:
    """Justice's taker: the menu read ``1:Seat 0 (you)  2:Seat 1 …``, and typing 2 gave the trick to
    Seat 2 (the seat number was tried before the menu's). The menu's number is what a person reads;
    the name shown, in any case, is a value too; a seat's bare number is neither."""
    state = GameState(RULES, players=4, seed=3)
    view = state.view(state.pending.seat)
    seats = (0, 1, 2, 3)
    request = Request("choose", view.seat, "trick_taker", "player", seats)
    for number, seat in enumerate(seats, start=1):
        human, screen = _human(RULES, lang, [str(number)])
        assert human.decide(request, view) == seat, screen.getvalue()
        shown = render(human.name(seat, view)).plain
        for typed in (shown, shown.upper(), render(human.texts.label("seat_n", n=seat)).plain.lower()):
            human, screen = _human(RULES, lang, [typed])
            assert human.decide(request, view) == seat, (typed, screen.getvalue())
    human, screen = _human(RULES, lang, ["0", "1"])  # not a menu number: refused, asked again
    assert human.decide(request, view) == 0 and screen.getvalue().count("\n") > 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_suit_is_chosen_by_the_languages_letter(lang: str) -> None:
    """The card prompt teaches K R H S in Swedish; the choice of trump refused K and took D as ruter."""
    state = GameState(RULES, players=4, seed=3)
    view = state.view(state.pending.seat)
    cards = CardFormat(RULES, _texts(RULES, lang))
    suits = tuple(cards.suits)
    request = Request("choose", view.seat, "trump", "suit", suits)
    for letter, suit in cards.letters.items():
        for typed in (letter, letter.lower()):
            human, screen = _human(RULES, lang, [typed])
            assert human.decide(request, view) == suit, (typed, screen.getvalue())
