"""A simulation's game (``lean``: no decision log, outcome-only records, cards answered by
``Agent.card_chooser``, every hand and auction in one loop) plays exactly the game the full driver
plays: the same deals, declarers, combos, completions, scores, winner and number of decisions.
"""

from __future__ import annotations

from typing import Any

import pytest

from interpreter.agents import RandomAgent
from interpreter.decisions import CARD, Agent, Request
from interpreter.game import Game
from rulespec import load_ruleset

RULE_SETS = [
    ("combo-whist", 4),
    ("combo-whist", 3),
    ("christmas-whist", 2),
    ("bids/combo-whist/versions/1.0.0.yaml", 4),
    ("bids/examples/club-rules.yaml", 4),
    ("bids/examples/quick-game.yaml", 4),
]


def outcome(record: dict[str, Any]) -> tuple[Any, ...]:
    combo = record.get("combo")
    return record.get("declarer"), combo["bids"] if combo else None, record.get("completed")


@pytest.mark.parametrize(("ref", "players"), RULE_SETS)
def test_a_lean_game_plays_the_full_game(ref: str, players: int) -> None:
    rules = load_ruleset(ref)
    for seed in range(6):
        games = []
        for lean in (False, True):
            agents = [RandomAgent(seed * 7 + seat, bid_chance=0.7) for seat in range(players)]
            game = Game(rules, agents, seed=seed, lean=lean)
            result = game.run()
            games.append((game, result))
        (full, full_result), (lean_game, lean_result) = games
        assert lean_game.decisions == [] and len(full.decisions) == full.decisions_made
        assert lean_game.decisions_made == full.decisions_made, f"{ref} seed {seed}"
        assert [outcome(r) for r in lean_game.deal_records] == [outcome(r) for r in full.deal_records]
        assert (lean_result.winner, lean_result.reason, lean_result.scores) == (
            full_result.winner,
            full_result.reason,
            full_result.scores,
        )


def test_the_random_agent_plays_a_card_as_it_decides_one() -> None:
    """Its card chooser draws as decide() does for a play request: the same cards from the same seed."""
    options = [tuple(f"{rank}S" for rank in range(2, 2 + size)) for size in (1, 2, 5, 13, 3, 7)] * 20
    by_request, by_card = RandomAgent(5), RandomAgent(5)
    choosers = [by_card.card_chooser(seat) for seat in range(4)]
    for seat, cards in enumerate(options):
        asked = by_request.decide(Request("play", seat % 4, CARD, "card", cards), None)
        assert choosers[seat % 4](cards) == asked


class _FirstCardOrRandomBid(RandomAgent):
    """Random bids, and the first legal card through the default chooser (``Agent.card_chooser``,
    which wraps ``decide``): an agent that does not give its own chooser."""

    card_chooser = Agent.card_chooser

    def decide(self, request: Request, view: Any) -> Any:
        return request.options[0] if request.kind == "play" else super().decide(request, view)


def test_a_lean_game_asks_an_agent_without_its_own_chooser_through_decide() -> None:
    rules = load_ruleset("combo-whist")
    for seed in range(4):
        games = []
        for lean in (False, True):
            game = Game(
                rules, [_FirstCardOrRandomBid(seed * 7 + s, bid_chance=0.7) for s in range(4)], seed=seed, lean=lean
            )
            games.append((game, game.run()))
        (full, full_result), (lean_game, lean_result) = games
        assert [outcome(r) for r in lean_game.deal_records] == [outcome(r) for r in full.deal_records]
        assert lean_game.decisions_made == full.decisions_made and lean_result.scores == full_result.scores
        assert lean_game.deal_records and any(r.get("declarer") is not None for r in full.deal_records)


class _KeepsRequests(_FirstCardOrRandomBid):
    """Keeps every play request it is asked (a logging agent might): what it keeps must not change."""

    def __init__(self, seed: int, bid_chance: float) -> None:
        super().__init__(seed, bid_chance)
        self.kept: list[tuple[Request, tuple[str, ...], str]] = []

    def decide(self, request: Request, view: Any) -> Any:
        answer = super().decide(request, view)
        if request.kind == "play":
            self.kept.append((request, tuple(request.options), answer))
        return answer


@pytest.mark.parametrize("lean", [True, False])
@pytest.mark.parametrize(("ref", "players"), RULE_SETS)
def test_a_chooser_may_keep_the_options_it_was_given(ref: str, players: int, lean: bool) -> None:
    """The hook-less hand hands a chooser its own list of names (no copy a card); the default chooser
    and the request-asking one copy it into their requests, so a kept request still holds the
    options it was asked with, the card played among them, after the cards are played (``lean``: through
    ``Agent.card_chooser``; else through the driver's requests)."""
    rules = load_ruleset(ref)
    for seed in range(3):
        agents = [_KeepsRequests(seed * 7 + s, bid_chance=0.7) for s in range(players)]
        Game(rules, agents, seed=seed, lean=lean).run()
        kept = [entry for agent in agents for entry in agent.kept]
        assert kept, ref
        for request, options_then, answer in kept:
            assert isinstance(request.options, tuple)
            assert request.options == options_then and answer in request.options
