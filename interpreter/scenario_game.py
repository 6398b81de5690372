"""Game scenarios: several scripted deals of one game, with expectations after each and at the end.

The format is described in :mod:`interpreter.scenario` (the ``deals`` key). Game-level rules
(the falling target, the limited variant's last round, the win of shame, instant wins, free
points across deals, marks kept between deals, the dealer moving on, redeals) are tested this
way: each deal is played from its own hands and decisions, checked against its ``expect``,
and the game's standing after the last deal against the top-level ``expect``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.scenario import GAME_EXPECT_KEYS, fills_gaps, new_game, play_scripted_deal
from interpreter.scenario_checks import left_over
from interpreter.scenario_outcome import compare


def check_game_scenario(data: dict[str, Any], base_dir: Path | None = None) -> list[str]:
    """The differences between a game scenario's expectations and what the engine did (empty: passes)."""
    deals = list(data.get("deals") or [])
    if not deals:
        return ["a game scenario needs at least one deal under 'deals'"]
    game, progress = new_game(data, base_dir, deals)
    problems: list[str] = []
    game_fill = fills_gaps(data.get("fill"))
    for number, deal in enumerate(deals, 1):
        if game.result is not None:
            problems.append(
                f"the game ended after deal {number - 1} ({game.result.reason}, winner {game.result.winner}), "
                f"but the scenario lists {len(deals)} deals"
            )
            return problems
        fill = game_fill or fills_gaps(deal.get("fill"))
        expect = deal.get("expect") or {}
        outcome, used_up = play_scripted_deal(game, progress, deal, fill, (data, ["deals", number - 1]))
        found = compare(expect, outcome)
        problems += [f"deal {number}: {p}" for p in found]
        if not found and (not used_up or "error" in outcome):
            problems += left_over(data, ["deals", number - 1], game.script, number, "error" in outcome)
        if "error" in outcome:  # the game cannot go on after a refused decision (and the file, as
            return problems  # checked, expects nothing after it: scenario_checks)
    result = game.result
    final = {
        "winner": result.winner if result else None,
        "reason": result.reason if result else None,
        "scores": [game.scores[s] for s in range(game.n)],
        "marks": {s: m for s, m in game.marks.items() if m},
        "deals": len(game.deal_records),
    }
    problems += [f"at the end: {p}" for p in compare(data.get("expect") or {}, final, GAME_EXPECT_KEYS)]
    return problems
