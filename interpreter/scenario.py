"""Scenario files: a scripted deal with the outcome it must have.

A scenario gives the hands, the decisions (auction, declarations, choices) and the tricks
in play order; the engine plays the deal — refusing anything illegal — and the outcome is
compared with ``expect``. This is how every rule is tested (``tests/scenarios/``)::

    ruleset: combo-whist
    players: 4
    dealer: 0                     # seat 1 bids first, seat 1's right-hand player leads
    scores: [0, 0, 0, 0]          # before the deal (optional)
    marks: {2: {star: 1}}         # before the deal (optional)
    hands:
      0: 2C 3C 4C ...             # 13 card names each, or a list
    decisions:                    # every answer but card plays, in the order asked
      - {1: {standard: trump, specials: [penalty]}}
      - {2: pass}
      - {1: H}                    # seat 1 chooses hearts as trump
    tricks:                       # each trick's cards in play order
      - 2H 3H 4H 5H
    expect:
      declarer: 1
      trick_winners: [0, ...]
      tricks_won: {1: 7}
      completed: true
      points: 1
      scores: [0, 1, 0, 0]

Plays not given in ``tricks`` are made by a fixed policy (the first legal card in hand
order), and undecided choices take the first option, so a scenario may script only what
matters; ``expect: {error: "..."}`` expects the deal to stop with an illegal decision.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from interpreter.decisions import BidAnswer, Request, ScriptError, View
from interpreter.game import Game, Script
from rulespec import load_ruleset
from rulespec.errors import RuleError
from rulespec.paths import rooted
from rulespec.yamlsource import read_yaml

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
)


class FirstLegal:
    """The policy for plays and choices a scenario leaves open: the first option; pass."""

    def decide(self, request: Request, view: View) -> Any:
        if request.kind == "bid":
            return None
        if request.count > 1:
            return list(request.options[: request.count])
        return request.options[0] if request.options else None


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return [str(v) for v in value]


def _decision(entry: Any) -> dict[str, Any]:
    if isinstance(entry, dict) and "answer" in entry:
        return {"seat": int(entry["seat"]), "answer": _answer(entry["answer"])}
    if isinstance(entry, dict) and len(entry) == 1:
        ((seat, answer),) = entry.items()
        return {"seat": int(seat), "answer": _answer(answer)}
    raise RuleError(f"a decision is {{SEAT: ANSWER}} or {{seat: S, answer: A}}, not {entry!r}")


def _answer(answer: Any) -> Any:
    if isinstance(answer, dict) and "standard" in answer:
        return BidAnswer(str(answer["standard"]), tuple(answer.get("specials") or ())).to_data()
    if isinstance(answer, str) and " " in answer.strip():
        return answer.split()
    return answer


def _keys_as_text(value: Any) -> Any:
    """Seat-keyed mappings compare alike whether YAML gave the seats as numbers or text."""
    if isinstance(value, dict):
        return {str(k): _keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_as_text(v) for v in value]
    return value


def _seat_map(value: Any) -> dict[int, Any]:
    if isinstance(value, list):
        return dict(enumerate(value))
    return {int(k): v for k, v in (value or {}).items()}


SCHEMA_PATH = Path(__file__).parent / "scenario.schema.json"


def load_scenario(path: Path) -> dict[str, Any]:
    """Read a scenario file and check its shape (``scenario.schema.json``), located at the value."""
    import json

    import jsonschema

    doc = read_yaml(Path(path))
    data = doc.data
    if not isinstance(data, dict) or "hands" not in data:
        raise RuleError(f"{path}: a scenario needs at least 'ruleset', 'players' and 'hands'")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=lambda e: list(map(str, e.path)))
    if errors:
        raise doc.error(list(errors[0].absolute_path), f"not a valid scenario: {errors[0].message[:160]}")
    return data


def run_scenario(data: dict[str, Any], base_dir: Path | None = None) -> tuple[dict[str, Any], Game]:
    """Play the scripted deal; return its outcome (the keys of ``expect``) and the game."""
    ref = str(data.get("ruleset", "combo-whist"))
    if base_dir is None:
        rules = load_ruleset(ref)
    else:  # a path in the scenario stays under its folder (rulespec.paths)
        with rooted(base_dir):
            rules = load_ruleset(ref, relative_to=base_dir, named_in=f"the scenario in {base_dir}")
    players = int(data.get("players", 4))
    script = Script(
        decisions=[_decision(e) for e in data.get("decisions") or []],
        plays=[card for trick in data.get("tricks") or [] for card in _cards(trick)],
    )
    game = Game(
        rules,
        [FirstLegal() for _ in range(players)],
        seed=int(data.get("seed", 0)),
        options=dict(data.get("options") or {}),
        variant=data.get("variant"),
        script=script,
        first_dealer=int(data.get("dealer", 0)),
    )
    for seat, score in _seat_map(data.get("scores")).items():
        game.scores[seat] = score
    for seat, marks in _seat_map(data.get("marks")).items():
        game.marks[seat] = dict(marks)
    game.deals_completed = int(data.get("rounds_completed", 0)) * players
    game.deal_hands = [{seat: _cards(cards) for seat, cards in _seat_map(data["hands"]).items()}]
    if data.get("stock") is not None:
        game.deal_stocks = [_cards(data["stock"])]
    game.match_position = int(data.get("hand_number", 1)) - 1
    outcome: dict[str, Any] = {}
    try:
        game.play_deal()
    except ScriptError as exc:
        outcome["error"] = str(exc)
        return outcome, game
    record = game.deal_records[-1]
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
        return outcome, game
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
    return outcome, game


def check_scenario(data: dict[str, Any], base_dir: Path | None = None) -> list[str]:
    """The differences between a scenario's ``expect`` and what the engine did (empty: passes)."""
    expect = data.get("expect") or {}
    unknown = [k for k in expect if k not in EXPECT_KEYS]
    if unknown:
        return [f"unknown expect key(s): {', '.join(unknown)} (known: {', '.join(EXPECT_KEYS)})"]
    outcome, game = run_scenario(data, base_dir)
    problems = []
    if "error" in outcome and "error" not in expect:
        return [f"the deal stopped: {outcome['error']}"]
    for key, wanted in expect.items():
        got = outcome.get(key)
        if key == "error":
            if got is None or str(wanted) not in got:
                problems.append(f"expected an error containing {wanted!r}, got {got!r}")
        elif key == "hand_points":
            for seat, value in _seat_map(wanted).items():
                if (got or {}).get(seat) != value:
                    problems.append(f"hand points of seat {seat}: expected {value!r}, got {(got or {}).get(seat)!r}")
        elif key in ("tricks_won", "marks"):
            got_map = got or {}
            for seat, value in _seat_map(wanted).items():
                if got_map.get(seat, 0 if key == "tricks_won" else {}) != value:
                    problems.append(f"{key} of seat {seat}: expected {value!r}, got {got_map.get(seat)!r}")
        elif key == "declarations":
            for name, value in wanted.items():
                actual = (got or {}).get(name)
                if _keys_as_text(actual) != _keys_as_text(value):
                    problems.append(f"declaration {name}: expected {value!r}, got {actual!r}")
        elif got != wanted:
            problems.append(f"{key}: expected {wanted!r}, got {got!r}")
    if not problems and "error" not in expect and not game.script.exhausted:
        left = len(game.script.decisions) - game.script.position
        problems.append(f"{left} scripted decision(s) were never asked for")
    return problems
