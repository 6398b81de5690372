"""What every part of a deal may use: the attributes of :class:`interpreter.deal.Deal`.

A deal is one object made of parts, each in its own module (the agenda, the bidding, the
steps, the hand, the hook-less hand, the scoring, the views); they all share the state
declared here, which :class:`~interpreter.deal.Deal` sets up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from interpreter.auction import ComboMaker
from interpreter.decisions import CARD, BidChoice, Request
from interpreter.prepared import ComboPlan
from interpreter.state import Card, Combo, Player, Seating, Table, Trick, Tricks
from rulespec import model as M

if TYPE_CHECKING:  # scoring.py builds on this module
    from interpreter.scoring import DealResult

Ask = Callable[[Request], Any]
#: A seat's card, picked from the legal card names alone (no :class:`Request`); see ``Agent.card_chooser``.
#: The names may be the engine's own list, valid only during the call: a chooser keeps a copy, if anything.
CardChoice = Callable[[Sequence[str]], str]
#: The card choosers of a deal's seats, by seat.
CardChoosers = Mapping[int, CardChoice]
#: The bid choosers of a deal's seats, by seat (see ``Agent.bid_chooser``).
BidChoosers = Mapping[int, BidChoice]


def card_askers(ask: Ask, seats: Iterable[int]) -> CardChoosers:
    """Cards asked of ``ask`` with a :class:`Request` (for a driver without a quicker way)."""
    return {seat: partial(_ask_card, ask, seat) for seat in seats}


def _ask_card(ask: Ask, seat: int, options: Sequence[str]) -> Any:
    return ask(Request("play", seat, CARD, "card", tuple(options)))  # (a request outlives the call: its own tuple)


class DealParts:
    """The state of one deal (set up by :class:`interpreter.deal.Deal`)."""

    rules: M.RuleSet
    game: M.Game
    ask_fn: Ask | None
    sync_ask: Ask | None
    sync_cards: CardChoosers | None
    sync_bids: BidChoosers | None  # with ``sync_cards``: each seat's bid turns, answered without a Request
    cards_answered: int  # the decisions the choosers answered: cards, and bids
    rng: random.Random
    tricks: Tricks
    players: list[Player]
    table: Table
    by_seat: dict[int, Player]
    seating: Seating
    dealer: Player
    declarer: Player | None
    combo: Combo | None
    declarations: dict[str, Any]
    zones: dict[str, Any]
    auction_log: list[tuple[int, Any]]
    lead_worth: Any
    current: Trick | None
    stock: list[Card]
    face_up: Card | None
    set_aside: list[Card]
    closed: bool
    meld_log: list[dict[str, Any]]
    taker_used: set[int]
    hand_number: int
    pending: Request | None
    deck: tuple[Card, ...]
    card_by_name: dict[str, Card]
    hand_size: int
    env: dict[str, Any]
    combos: ComboMaker
    bids: tuple[M.Bid, ...]
    plays_last_rules: Any
    play_rules: Any
    lead_rules: Any
    taker_rules: Any
    trump_changes: Any
    melds: Any
    _plan: ComboPlan
    _plain_play: bool
    _rounds: dict[Player, list[Player]]
    _agenda: list[tuple[Any, ...]]
    _resume: tuple[Any, ...]
    _bidding: Any
    _chosen: dict[Any, Any]
    _plain: Any
    _trick_log: list[dict[str, Any]]
    side: tuple[int, ...]

    if TYPE_CHECKING:  # defined by other parts, used across them

        def _then(self, *tasks: tuple[Any, ...]) -> None: ...
        def _wait(self, request: Request, resume: str, *args: Any) -> None: ...
        def _drive(self) -> None: ...
        def _filter(self, items: Any, bind: str, condition: Any, player: Player | None) -> list[Any]: ...
        def _set_plan(self, plan: ComboPlan) -> None: ...
        def _stock_changed(self) -> None: ...
        def set_trump(self, suit: str | None) -> None: ...
        def _zone_cards(self, zone: Any) -> list[Card]: ...
        def _fill_zone(self, zone: Any, wanted: int) -> None: ...
        def _zone_refill(self, zone_name: str) -> None: ...
        def _hookless_hand(self) -> bool: ...
        def hookless_hand(self) -> bool: ...
        def _plain_begin(self, leader: Player) -> None: ...
        def _restricted(self, player: Player, trick: Trick, legal: list[Card], first: int = 0) -> list[Card]: ...
        def _limits(self, trick: Trick) -> tuple[Any, ...]: ...
        def play_order(self, trick: Trick) -> list[Player]: ...
        def _trick_taker(self, trick: Trick, index: int) -> None: ...
        def score(self) -> DealResult: ...
        def _event_tasks(self) -> list[tuple[Any, ...]]: ...
        def run_events(self) -> None: ...
        def play_hand(self) -> None: ...
        @property
        def trick_log(self) -> list[dict[str, Any]]: ...
