"""A hand without a declarer, played in phases and with melds (Christmas Whist).

The rulebook: the tricks before the close (the draw pile run out) score nothing, they only decide
who takes the face-up card; a Pair is declared by leading a 3 and then showing the 2 of its suit, a
Marriage by leading a King and showing its Queen. The engine tells a player which of their cards,
led, would open a meld (``View.meld_leads``); the heuristic agent leads such a card, and before the
close plays for the face-up card rather than for the trick
(:mod:`interpreter.agents.heuristic.undeclared`). Expectations are written from the rulebook.
"""

from __future__ import annotations

from typing import Any

import pytest
from christmas_helpers import random_states

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic.knowledge import FEWER, MORE
from interpreter.agents.heuristic.undeclared import phase_directions
from interpreter.duel import interval
from interpreter.gamestate import GameState
from rulespec import load_ruleset

#: The rulebook's melds: the card led (rank) and the card shown (rank, same suit), per kind of hand.
MELDS = {"pairs_up": ("3", "2"), "pairs_down": ("3", "2"), "marriages_up": ("K", "Q"), "marriages_down": ("K", "Q")}
UP = ("tricks_up", "pairs_up", "marriages_up")
DOWN = ("tricks_down", "pairs_down", "marriages_down")


def _rank_suit(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


def _openings_by_the_rulebook(contract: str, hand: tuple[str, ...]) -> set[str]:
    if contract not in MELDS:
        return set()
    led, shown = MELDS[contract]
    return {c for c in hand if _rank_suit(c)[0] == led and f"{shown}{_rank_suit(c)[1]}" in hand}


def _random_states(seeds: range) -> Any:
    """(state, request, view) at every decision of random Christmas Whist matches."""
    return random_states(load_ruleset("christmas-whist"), seeds)


def test_meld_leads_are_the_rulebooks_openings_and_the_engine_offers_the_meld() -> None:
    """At every lead: the cards the view names are exactly the 3s with their 2 (the Ks with their Q) in
    the hands that score them; leading one, the engine then asks the leader which card to show."""
    leads = opened = 0
    for state, request, view in _random_states(range(6)):
        if request.kind != "play":
            continue
        if view.current_trick:
            assert view.meld_leads == (), "only the leader may open a meld"
            continue
        contract = view.combo["bids"][0] if view.combo else ""
        assert set(view.meld_leads) == _openings_by_the_rulebook(contract, view.hand)
        leads += 1
        for card in view.meld_leads:
            if card not in request.options:
                continue
            copy = state.clone()
            copy.apply(card)
            step = copy.advance()
            while step is not None and step.kind == "play" and step.seat != request.seat:
                copy.apply(step.options[0])  # the other player follows
                step = copy.advance()
            assert step is not None and step.kind == "choose" and step.seat == request.seat, (card, step)
            shown = MELDS[contract][1]
            assert set(map(str, step.options)) == {f"{shown}{_rank_suit(card)[1]}"}
            opened += 1
    assert leads > 100 and opened > 5  # (the states did reach the melds' hands)


def test_the_view_never_names_a_card_outside_the_hand() -> None:
    for _, _, view in _random_states(range(3)):
        assert set(view.meld_leads) <= set(view.hand)


def test_tricks_count_only_after_the_close() -> None:
    rules = load_ruleset("christmas-whist")
    for contract in UP:
        assert phase_directions(rules, 2, [contract]) == (None, MORE), contract
    for contract in DOWN:
        assert phase_directions(rules, 2, [contract]) == (None, FEWER), contract


def _heuristic_decisions(seeds: range, **settings: Any) -> Any:
    """(request, view, answer) of heuristic agents at every play of seeded matches."""
    rules = load_ruleset("christmas-whist")
    for seed in seeds:
        state = GameState(rules, 2, seed=seed)
        agents = [HeuristicAgent(seed * 2 + s, rules=rules, strict=True) for s in range(2)]
        for agent in agents:
            for name, value in settings.items():
                setattr(agent, name, value)
        request = state.advance()
        while request is not None:
            view = state.view(request.seat)
            answer = agents[request.seat].decide(request, view)
            yield request, view, answer
            state.apply(answer)
            request = state.advance()


def test_the_heuristic_agent_leads_to_open_a_meld_when_it_can() -> None:
    chances = 0
    for request, view, answer in _heuristic_decisions(range(4)):
        if request.kind == "play" and not view.current_trick:
            openings = set(view.meld_leads) & set(request.options)
            if openings:
                chances += 1
                assert answer in openings
    assert chances > 5


def test_before_the_close_an_unwanted_face_up_card_costs_no_strength() -> None:
    """In the "up" hands, when the face-up card is a low card of a plain suit (not worth winning), the
    agent following to a trick it need not win plays its cheapest card: the lowest of the suit led
    when it follows suit."""
    rules = load_ruleset("christmas-whist")
    low_ranks = {"2", "3", "4", "5"}
    checked = 0
    for request, view, answer in _heuristic_decisions(range(6)):
        if request.kind != "play" or view.closed or not view.current_trick or not view.combo:
            continue
        if view.combo["bids"][0] not in UP or not view.face_up:
            continue
        rank, suit = _rank_suit(view.face_up)
        if rank not in low_ranks or suit == view.trump or set(view.meld_leads):
            continue
        led_suit = _rank_suit(view.current_trick[0][1])[1]
        same = [c for c in request.options if _rank_suit(c)[1] == led_suit]
        if len(same) < 2 or len(same) != len(request.options):
            continue
        order = [r for r in rules.game.deck.ranks]
        assert answer == min(same, key=lambda c: order.index(_rank_suit(c)[0])), (view.face_up, same, answer)
        checked += 1
    assert checked > 5


def test_playing_the_phases_and_melds_beats_the_agent_without_them() -> None:
    """Mirrored matches (the same cards, seats swapped) of the agent against itself with ``phases``
    off: A − B per match lies above 0 with 95 % confidence."""
    rules = load_ruleset("christmas-whist")
    differences = []
    for seed in range(12):
        difference = 0.0
        for a_seat in (0, 1):
            state = GameState(rules, 2, seed=seed, first_dealer=seed % 2)
            agents = [HeuristicAgent(seed * 2 + s, rules=rules, strict=True) for s in range(2)]
            agents[1 - a_seat].phases = False
            request = state.advance()
            while request is not None:
                state.apply(agents[request.seat].decide(request, state.view(request.seat)))
                request = state.advance()
            difference += float(state.scores[a_seat] - state.scores[1 - a_seat]) / 2
        differences.append(difference)
    mean, bounds = interval(differences)
    assert bounds is not None and bounds[0] > 0, (mean, bounds)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_without_melds_or_a_close_is_played_as_before(seed: int) -> None:
    """Combo Whist has neither: the phases setting changes no decision of a seeded deal."""
    rules = load_ruleset("combo-whist")
    records = []
    for phases in (True, False):
        state = GameState(rules, 4, seed=seed)
        agents = [HeuristicAgent(seed * 4 + s, rules=rules) for s in range(4)]
        for agent in agents:
            agent.phases = phases
        request = state.advance()
        while request is not None:
            view = state.view(request.seat)
            assert view.meld_leads == ()
            state.apply(agents[request.seat].decide(request, view))
            request = state.advance(one_deal=True)
        records.append(state.decisions)
    assert records[0] == records[1]


# --- a person at the terminal is told which leads open a meld ------------------------------------


@pytest.mark.parametrize(("lang", "words"), [("en", "to declare a meld"), ("sv", "för att anmäla")])
def test_whist_play_names_the_leads_that_open_a_meld(lang: str, words: str) -> None:
    """At every lead of a person in a hand with melds, the screen names exactly the cards that open one
    (by the rulebook: a 3 with its 2, a King with its Queen), and says nothing when none does."""
    import io
    import re

    from rich.console import Console
    from rich.markup import escape

    from whist.common import texts_or_fail
    from whist.play import HumanAgent

    rules = load_ruleset("christmas-whist")
    out = io.StringIO()
    texts = texts_or_fail(rules, lang, escape)  # as whist play makes them
    answers: list[str] = []
    human = HumanAgent(rules, texts, Console(file=out, width=200, color_system=None), lambda _p, _l: answers.pop())
    named = quiet = 0
    for _, request, view in _random_states(range(3)):
        if request.kind != "play" or view.current_trick or view.seat != 0:
            continue
        out.seek(0)
        out.truncate()
        answers.append(str(request.options[0]))
        human.decide(request, view)
        screen = out.getvalue()
        contract = view.combo["bids"][0] if view.combo else ""
        openings = _openings_by_the_rulebook(contract, view.hand)
        line = next((row for row in screen.splitlines() if words in row), None)
        if openings:
            assert line is not None, screen
            shown = set(re.findall(r"(10|[2-9JQKA])([♠♥♦♣])", line))
            assert len(shown) == len(openings)
            named += 1
        else:
            assert line is None, screen
            quiet += 1
    assert named > 3 and quiet > 50
