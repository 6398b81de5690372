"""Tables a server keeps: games of each kind stepped to a given decision by seeded random players.

Combo Whist at four and at five (one seat sits each deal out), Christmas Whist (a match of hands
with a draw pile) and a house rule whose scores are fractions (``tests/data/half-points.yaml``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import load_ruleset

HALF_POINTS = str(Path(__file__).parent / "data" / "half-points.yaml")

#: name → (rule set reference, players, deals at most)
TABLES = {
    "combo-whist": ("combo-whist", 4, 3),
    "combo-whist, five": ("combo-whist", 5, 3),
    "christmas-whist": ("christmas-whist", 2, 7),
    "half-points": (HALF_POINTS, 4, 3),
}
RULES = {ref: load_ruleset(ref) for ref, _, _ in TABLES.values()}


def new_table(name: str, seed: int) -> GameState:
    ref, players, deals = TABLES[name]
    return GameState(RULES[ref], players, seed=seed, max_deals=deals)


def players(state: GameState, seed: int) -> list[RandomAgent]:
    """Seeded random players that bid often (declarations, open hands and contracts come up)."""
    return [RandomAgent(seed * 31 + seat, bid_chance=0.8) for seat in range(state.n)]


def step(state: GameState, agents: list[RandomAgent], decisions: int | None = None) -> int:
    """Answer ``decisions`` decisions (all, by default) with ``agents``; how many were answered."""
    made = 0
    while (decisions is None or made < decisions) and not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        made += 1
    return made


def ref(name: str) -> str:
    return TABLES[name][0]


def beside(name: str) -> Path | None:
    """Where a server keeps the records of a table whose rule set is a file (``path=`` of
    ``state_from_record``: a record names such a rule set relative to its own folder); None for a
    bundled one, which a record names whatever its folder."""
    return None if TABLES[name][0] == name.split(",")[0] else Path(HALF_POINTS).parent / "table-record.json"


def everything(state: GameState) -> Any:
    """What a position is, as far as its players and its record can tell."""
    seats = range(state.n) if not state.is_over else range(0)
    views = [state.view(seat) for seat in seats]
    return (list(state.decisions), list(state.deal_records), state.result, state.pending, views)
