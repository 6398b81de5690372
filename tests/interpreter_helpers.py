"""Agents and shortcuts shared by the tests of the interpreter (test_interpreter_*.py).

Deals are played by seeded agents, so every test is deterministic. Scripted bids use
``first_dealer=0`` with four players: seat 1 bids first, then seats 2, 3 and 0
(:class:`TableAgent`, :func:`play_one_deal`).
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from interpreter import records
from interpreter.agents import RandomAgent
from interpreter.decisions import Agent, BidAnswer, Request, View
from interpreter.game import Game
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
RULESET_REF = "combo-whist"
RULES_DECK = [rank + suit for rank, suit in RULES.game.deck.cards(4)]


class Stop(Exception):
    """Raised by a test agent to freeze a deal in the middle."""


class TableAgent(Agent):
    """One agent for every seat: scripted bids (each seat's once), seeded random answers otherwise.

    It records every request and view it gets, and raises :class:`Stop` instead of making
    play number ``stop_after_plays + 1``.
    """

    def __init__(self, bids: dict[int, BidAnswer], seed: int = 0, stop_after_plays: int | None = None) -> None:
        self.bids = dict(bids)
        self.random = RandomAgent(seed, bid_chance=0.0)
        self.stop_after_plays = stop_after_plays
        self.plays = 0
        self.asked: list[tuple[Request, View]] = []

    def decide(self, request: Request, view: View) -> Any:
        self.asked.append((request, view))
        if request.kind == "bid":
            return self.bids.pop(request.seat, None)
        if request.kind == "play":
            if self.stop_after_plays is not None and self.plays >= self.stop_after_plays:
                raise Stop
            self.plays += 1
        return self.random.decide(request, view)


def play_one_deal(
    bids: dict[int, BidAnswer], seed: int = 0, stop_after_plays: int | None = None
) -> tuple[Game, TableAgent]:
    """One deal among four players with dealer 0; stopped before a play when ``stop_after_plays`` is given."""
    agent = TableAgent(bids, seed, stop_after_plays)
    game = Game(RULES, [agent] * 4, seed=seed, first_dealer=0)
    if stop_after_plays is None:
        game.play_deal()
    else:
        with pytest.raises(Stop):
            game.play_deal()
    return game, agent


def random_agents(players: int, seed: int, bid_chance: float = 0.7) -> list[RandomAgent]:
    return [RandomAgent(seed * 100 + seat, bid_chance=bid_chance) for seat in range(players)]


def finished_game(players: int = 4, seed: int = 3) -> Game:
    game = Game(RULES, random_agents(players, seed), seed=seed)
    game.run()
    return game


def schema_errors(data: dict[str, Any]) -> list[str]:
    """The schema's complaints about ``data`` as written to a file (JSON has lists, not tuples)."""
    data = json.loads(json.dumps(data))
    schema = json.loads(records.SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(data)]


def requests_of(agent: TableAgent, kind: str, name: str | None = None) -> list[tuple[Request, View]]:
    return [(r, v) for r, v in agent.asked if r.kind == kind and (name is None or r.name == name)]
