"""The state of one search, as its parts (:mod:`~interpreter.analysis.variables`,
:mod:`~interpreter.analysis.domains`) read it; :class:`~interpreter.analysis.search._Search` sets it."""

from __future__ import annotations

from typing import Any

from interpreter.analysis.observe import CardUse
from interpreter.analysis.outcome import OutcomePlayer, World
from interpreter.analysis.results import Unknown, Var
from interpreter.state import Card
from rulespec import model as M


class SearchState:
    """The attributes of a search (set by :class:`~interpreter.analysis.search._Search`)."""

    world: World
    classes: Any
    n: int
    count: int
    assign: dict[Var, Any]
    choices: dict[str, M.Choose]
    params: dict[str, Any]
    card_use: CardUse
    deck: list[Card]
    players: list[OutcomePlayer]
    trump_domain: Any
    declared: dict[str, list[Any] | Unknown]
    suit_choices: set[str]
    categories_cache: dict[tuple[Any, ...], list[list[Card]]]
    flow_cache: dict[tuple[Any, ...], bool]
    env: Any
    reads: set[Var]
    suit_class: dict[str, Any]
    partner_vars: list[Var]
