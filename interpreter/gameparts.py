"""What every part of a game may use: the attributes of :class:`interpreter.gamestate.GameState`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from interpreter.deal import Deal, DealResult
from interpreter.decisions import Request
from rulespec.model import RuleSet


class GameParts:
    """The state of a game across deals (set up by :class:`interpreter.gamestate.GameState`)."""

    rules: RuleSet
    n: int
    seed: int
    rng: random.Random
    options: dict[str, Any]
    variant: str
    max_deals: int
    lean: bool
    scores: dict[int, Any]
    marks: dict[int, dict[str, int]]
    dealer: int
    first_dealer: int
    deals_completed: int
    decisions: list[dict[str, Any]]
    deal_records: list[dict[str, Any]]
    current: Deal | None
    result: Any
    last_result: DealResult | None
    match_position: int
    _phase: str
    _record: dict[str, Any]
    _contract: Request | None
    _schedule_length: int

    if TYPE_CHECKING:  # defined by other parts, used across them

        def seats_in_deal(self) -> list[int]: ...
        def _new_deal(self, seats: list[int], hand_number: int = 0) -> Deal: ...
        def _synchronous(self) -> Any: ...
        def _synchronous_cards(self, ask: Any, deal: Any) -> Any: ...
        def _deal_ended(self) -> None: ...
        def _check_cap(self) -> None: ...
        def _next_deal(self, result: DealResult, played: bool) -> None: ...
        def winning_env(self, *, deal_env: dict[str, Any] | None = None) -> dict[str, Any]: ...
        def game_env(self, *, deal_env: dict[str, Any] | None = None) -> dict[str, Any]: ...
