"""Agents and shortcuts shared by the tests of the interpreter (test_interpreter_*.py).

Deals are played by seeded agents, so every test is deterministic. Scripted bids use
``first_dealer=0`` with four players: seat 1 bids first, then seats 2, 3 and 0
(:class:`TableAgent`, :func:`play_one_deal`).

The properties (test_interpreter_properties_*.py) play watched games (:func:`run_game`): each
agent is a seeded :class:`interpreter.agents.RandomAgent` (bidding often, so most deals have a
declarer), optionally *driven*: it first tries combo bids holding one target bid, so that the
bids that move or show cards (mail, master mail, rank trump; open hand, open trump, atelier,
taintless bid) are played often. Each agent runs the test's checks (hooks) on every request and
view it gets, against the engine's state at that moment.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import jsonschema
import pytest
from hypothesis import settings
from hypothesis import strategies as st

from interpreter import records
from interpreter.agents import RandomAgent
from interpreter.deal import Deal
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


# --- for the properties (test_interpreter_properties_*.py): numbers and strategies ---------------

HAND_SIZE = 13
VISIBILITY_BIDS = ("open_hand", "open_trump", "atelier", "taintless_bid")
PASSING_BIDS = ("mail", "master_mail", "rank_trump")
BID_CHANCE = 0.85
MAX_DEALS = 6

# The free point rule and the failure points, as the rule set states them.
BIDDING_FLOOR = -5
FREE_POINTS = 1
FAILURE_POINTS = 2
assert RULES.game.params["bidding_floor"] == BIDDING_FLOOR
assert RULES.game.params["free_points"] == FREE_POINTS
assert RULES.game.params["failure_points"] == FAILURE_POINTS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYER_COUNTS = st.sampled_from((3, 4, 5, 6))

Hook = Callable[["Watch", Request, View], None]


# --- playing watched games -----------------------------------------------------------


@dataclass
class Watch:
    """What the agents of one game share: the game, the checks, and the cards each seat passed away."""

    hooks: list[Hook]
    game: Game | None = None
    passed: dict[tuple[int, int], set[str]] = field(default_factory=dict)  # (deal index, seat) → cards

    @property
    def deal(self) -> Deal:
        assert self.game is not None and self.game.current is not None
        return self.game.current

    @property
    def deal_index(self) -> int:
        assert self.game is not None
        return len(self.game.deal_records)


class WatchedAgent(Agent):
    """A seeded RandomAgent that runs the watch's checks first and, when driven, bids ``target`` often."""

    def __init__(self, seed: int, target: str | None, watch: Watch) -> None:
        self.random = RandomAgent(seed, bid_chance=BID_CHANCE)
        self.rng = random.Random(seed + 1)
        self.target = target
        self.watch = watch

    def decide(self, request: Request, view: View) -> Any:
        for hook in self.watch.hooks:
            hook(self.watch, request, view)
        answer = self._driven_bid(request) if request.kind == "bid" and self.target else None
        if answer is None:
            answer = self.random.decide(request, view)
        if request.name == "pass_cards":
            names = answer if isinstance(answer, list) else [answer]
            key = (self.watch.deal_index, request.seat)
            self.watch.passed.setdefault(key, set()).update(str(n) for n in names)
        return answer

    def _driven_bid(self, request: Request) -> BidAnswer | None:
        """A legal combo holding the target bid (most of the time), or None to bid as RandomAgent."""
        if request.check is None or self.target is None or self.rng.random() < 0.2:
            return None
        target = RULES.bids[self.target]
        for _ in range(12):
            others = tuple(s for s in request.special_ids if s != self.target and self.rng.random() < 0.1)
            if target.kind == "standard":
                answer = BidAnswer(self.target, others)
            else:
                answer = BidAnswer(self.rng.choice(request.standard_ids), (self.target, *others))
            if request.check(answer) is None:
                return answer
        return None


def run_game(
    players: int, seed: int, target: str | None = None, hooks: Iterable[Hook] = (), max_deals: int = MAX_DEALS
) -> Game:
    """A game of watched agents, stopped after ``max_deals`` deals unless someone won before."""
    watch = Watch(list(hooks))
    agents = [WatchedAgent(seed * 7919 + seat, target, watch) for seat in range(players)]
    game = Game(RULES, agents, seed=seed)
    watch.game = game
    while game.result is None and len(game.deal_records) < max_deals:
        game.play_deal()
    return game


def played_deals(game: Game) -> list[dict[str, Any]]:
    return [deal for deal in game.deal_records if deal["declarer"] is not None]


def declared_bids(game: Game) -> Counter[str]:
    return Counter(bid for deal in played_deals(game) for bid in deal["combo"]["bids"])


def deck_names(player_count: int) -> list[str]:
    return [rank + suit for rank, suit in RULES.game.deck.cards(player_count)]


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None)
