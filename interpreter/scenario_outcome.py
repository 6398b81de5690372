"""What a scripted deal came to, and how it differs from what its scenario expects.

The outcome is read from the deal's record and the game after it (see :func:`deal_outcome`);
:func:`compare` lists each difference from an ``expect`` mapping for a person. The scenario
format is described in :mod:`interpreter.scenario`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.game import Game


EXPECT_KEYS = (
    "error",
    "declarer",
    "combo_worth",
    "trump",
    "trick_winners",
    "tricks_won",
    "completed",
    "points",
    "scores",
    "marks",
    "declarations",
    "winner",
    "reason",
    "redeal",
    "contract",
    "hand_points",
    "hand_winner",
    "replay",
    "melds",
    "closed_from",
    "auction_order",
    "dealer",
    "next_dealer",
    "target",
)


def _keys_as_text(value: Any) -> Any:
    """Seat-keyed mappings compare alike whether YAML gave the seats as numbers or text."""
    if isinstance(value, dict):
        return {str(k): _keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_as_text(v) for v in value]
    return value


def seat_map(value: Any) -> dict[int, Any]:
    """A value per seat, written as a list in seat order or as a mapping by seat number."""
    if isinstance(value, list):
        return dict(enumerate(value))
    return {int(k): v for k, v in (value or {}).items()}


def deal_outcome(game: Game, record: dict[str, Any]) -> dict[str, Any]:
    """What a deal's ``expect`` can ask about, from the deal's record and the game after it."""
    players = game.n
    outcome: dict[str, Any] = {"auction_order": [seat for seat, _ in record.get("auction", [])]}
    if "contract" in record:  # a hand of a match
        outcome.update(
            contract=record["contract"],
            trump=record["trump"],
            trick_winners=[t["winner"] for t in record["tricks"]],
            tricks_won={int(s): n for s, n in record["tricks_won"].items()},
            hand_points={int(s): p for s, p in record["hand_points"].items()},
            hand_winner=record["hand_winner"],
            replay=record["replay"],
            melds=[{k: m[k] for k in ("seat", "meld", "shown", "points")} for m in record["melds"]],
            closed_from=next((t["number"] for t in record["tricks"] if t.get("after_close")), None),
            scores=[game.scores[s] for s in range(players)],
            marks={s: m for s, m in game.marks.items() if m},
            winner=game.result.winner if game.result else None,
            reason=game.result.reason if game.result else None,
        )
        return outcome
    outcome["redeal"] = record["declarer"] is None
    outcome["declarer"] = record["declarer"]
    outcome["scores"] = [game.scores[s] for s in range(players)]
    outcome["marks"] = {s: m for s, m in game.marks.items() if m}
    if record["declarer"] is not None:
        outcome.update(
            combo_worth=record["combo"]["worth"],
            trump=record["trump"],
            trick_winners=[t["winner"] for t in record["tricks"]],
            tricks_won={int(s): n for s, n in record["tricks_won"].items()},
            completed=record["completed"],
            points=record["points"],
            declarations=record["declarations"],
        )
    if game.result is not None:
        outcome.update(winner=game.result.winner, reason=game.result.reason)
    else:
        outcome.update(winner=None, reason=None)
    return outcome


def compare(expect: dict[str, Any], outcome: dict[str, Any], known: tuple[str, ...] = EXPECT_KEYS) -> list[str]:
    """The differences between ``expect`` and an outcome (empty: as expected)."""
    unknown = [str(k) for k in expect if k not in known]
    if unknown:
        return [f"unknown expect key(s): {', '.join(unknown)} (known: {', '.join(known)})"]
    if "error" in outcome and "error" not in expect:  # (told at the refused entry when it is known)
        return [outcome.get("stopped") or f"the deal stopped: {outcome['error']}"]
    problems = []
    for key, wanted in expect.items():
        got = outcome.get(key)
        if key == "error":
            if got is None or str(wanted) not in got:
                problems.append(f"expected an error containing {wanted!r}, got {got!r}")
        elif key == "hand_points":
            for seat, value in seat_map(wanted).items():
                if (got or {}).get(seat) != value:
                    problems.append(f"hand points of seat {seat}: expected {value!r}, got {(got or {}).get(seat)!r}")
        elif key in ("tricks_won", "marks"):
            got_map = got or {}
            for seat, value in seat_map(wanted).items():
                if got_map.get(seat, 0 if key == "tricks_won" else {}) != value:
                    problems.append(f"{key} of seat {seat}: expected {value!r}, got {got_map.get(seat)!r}")
        elif key == "declarations":
            for name, value in wanted.items():
                actual = (got or {}).get(name)
                if _keys_as_text(actual) != _keys_as_text(value):
                    problems.append(f"declaration {name}: expected {value!r}, got {actual!r}")
        elif got != wanted:
            problems.append(f"{key}: expected {wanted!r}, got {got!r}")
    return problems
