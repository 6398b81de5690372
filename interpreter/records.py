"""Game records: JSON files that hold everything needed to re-play a game exactly.

A record (schema: ``interpreter/record.schema.json``) holds the rule set, the number of
players, the seed, the options, the first dealer and every decision in order — that alone
determines the game — plus, for people and for checking, every deal (hands, auction,
declarations, tricks, completion, scores) and the result. :func:`replay` re-executes the
decisions and lists every difference from what the record says happened.

The same file is the save format: :func:`saver` writes it after every decision (atomically),
and :func:`resume` continues a saved game with live agents after its last decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from interpreter import recordcheck
from interpreter.decisions import Agent, IllegalDecision, Request, ScriptError, View
from interpreter.game import MAX_DEALS, Game, Script
from interpreter.gamestate import GameState
from interpreter.standings import plain_number
from rulespec.atomic import write_atomically
from rulespec.errors import RuleError
from rulespec.model import RuleSet

RECORD_FORMAT = "whist-rules/record"
RECORD_VERSION = 1
SCHEMA_PATH = Path(__file__).parent / "record.schema.json"


def to_record(game: GameState, ruleset_ref: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``game`` so far (complete when the game has ended); ``extra``: keys a save adds.

    It is a snapshot: the game's later decisions and deals do not change a record already taken (a
    server may keep one per move, for taking a move back). Its values are plain data (JSON)."""
    result = game.result
    return (extra or {}) | {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "ruleset": ruleset_ref,
        "ruleset_id": game.rules.id,
        "players": game.n,
        "seed": game.seed,
        "options": dict(game.options),
        "variant": game.variant,
        "first_dealer": game.first_dealer,
        "max_deals": game.max_deals,
        "decisions": list(game.decisions),
        "deals": list(game.deal_records),
        "result": None
        if result is None
        else {
            "winner": result.winner,
            "reason": result.reason,
            "scores": {str(s): plain_number(v) for s, v in result.scores.items()},
            "deals": result.deals,
        },
    }


def write_record(record: dict[str, Any], path: Path) -> None:
    """Write atomically: a crash or a full disk mid-write leaves the previous file intact."""
    write_atomically(path, json.dumps(record, ensure_ascii=False, indent=1))


def read_record(path: Path) -> dict[str, Any]:
    """Read and check a record file (limits, schema); raise :class:`RuleError` for people on any problem."""
    data = recordcheck.load_json(Path(path))
    recordcheck.check_schema(Path(path), data)
    record: dict[str, Any] = data  # the schema's top level is an object
    return record


def is_record(path: Path) -> bool:
    """Whether ``path`` holds a game record or save of this program (read within the limits)."""
    try:
        data = recordcheck.load_json(Path(path))
    except (RuleError, OSError):
        return False
    return isinstance(data, dict) and data.get("format") == RECORD_FORMAT


def saver(
    path: Path, ruleset_ref: str, human_seat: int | None = None, agents: str | None = None
) -> Callable[[Game], None]:
    """An ``on_decision`` callback that saves the game after every decision.

    The save names its rule set relative to its own folder (so it resumes from anywhere), and
    keeps the person's seat, the ``--agents`` text of the other seats (so that ``--resume`` plays
    on with the same agents; one naming code is kept but never taken from the file:
    :func:`interpreter.recordcheck.names_code`) and a fingerprint of the rule set (to notice it changed).
    """
    extra: dict[str, Any] = {} if human_seat is None else {"human_seat": human_seat}
    if agents is not None:
        extra["agents"] = agents
    ref = recordcheck.portable_ref(ruleset_ref, Path(path))

    def save(game: Game) -> None:
        if "ruleset_digest" not in extra:
            extra["ruleset_digest"] = recordcheck.ruleset_digest(game.rules)
        write_record(to_record(game, ref, extra), path)

    return save


class _NoMoreDecisions(Agent):
    """The agent of a replay: the record must answer everything."""

    def decide(self, request: Request, view: View | None) -> Any:
        raise _RecordEnded(request)


class _RecordEnded(Exception):
    def __init__(self, request: Request) -> None:
        super().__init__(f"the record ends before seat {request.seat}'s {request.kind} ({request.name})")


def game_from_record(
    record: dict[str, Any],
    agents: Sequence[Agent] | None = None,
    on_decision: Callable[[Game], None] | None = None,
    path: Path | None = None,
) -> Game:
    """The game of ``record`` (read from ``path``: its rule set is found from there and must fit;
    without ``path``, checked as :func:`state_from_record` checks one)."""
    rules = recordcheck.record_rules(record, path)
    players = int(record["players"])
    return Game(
        rules,
        list(agents) if agents is not None else [_NoMoreDecisions() for _ in range(players)],
        seed=int(record["seed"]),
        options=dict(record.get("options") or {}),
        variant=record.get("variant") or None,
        script=Script(decisions=list(record["decisions"])),
        first_dealer=int(record["first_dealer"]),
        on_decision=on_decision,
        max_deals=int(record.get("max_deals", MAX_DEALS)),
    )


def new_state(record: dict[str, Any], rules: RuleSet) -> GameState:
    """The game a checked ``record`` was played from, before its first decision: its table
    (players, seed, options, variant, first dealer, deal limit) under ``rules``."""
    return GameState(
        rules,
        int(record["players"]),
        seed=int(record["seed"]),
        options=dict(record.get("options") or {}),
        variant=record.get("variant") or None,
        first_dealer=int(record["first_dealer"]),
        max_deals=int(record.get("max_deals", MAX_DEALS)),
    )


def state_from_record(record: dict[str, Any], decisions: int | None = None, path: Path | None = None) -> GameState:
    """The position after the record's first ``decisions`` decisions (all by default), as a
    :class:`GameState` to step on from (``path``: as for :func:`game_from_record`);
    :func:`to_record` writes a state back as a record.

    The position is settled, as asking for its ``pending`` decision settles one: run up to its next
    decision, or to its end, so that a finished deal is among its ``deal_records`` and a finished
    game has its ``result``.

    ``record`` may come from anywhere (a client, a database): without ``path`` its shape is checked
    as :func:`read_record` checks a file's, and it may name a bundled rule set only; whatever does
    not fit is a :class:`~interpreter.recordcheck.RecordError` (a ValueError) naming the field."""
    rules = recordcheck.record_rules(record, path)
    if decisions is not None and (type(decisions) is not int or not 0 <= decisions <= len(record["decisions"])):
        raise ValueError(f"decisions counts from 0 to the record's {len(record['decisions'])}, not {decisions!r}")
    state = new_state(record, rules)
    script = Script(decisions=list(record["decisions"][:decisions]))
    while not script.exhausted:
        request = state.pending
        if request is None:
            raise ScriptError(f"decision {script.position + 1}: the game is already over")
        _, answer = script.next_for(request)
        try:
            state.apply(answer)
        except IllegalDecision as exc:
            where = f"decision {script.position}: seat {request.seat}, {request.kind}"
            raise ScriptError(f"{where}: {exc.reason}", seat=request.seat, decision=script.position) from None
    state.advance()
    return state


def replay(record: dict[str, Any], path: Path | None = None) -> list[str]:
    """Re-execute a record's decisions; the differences from the record (empty: identical). A record
    not read from ``path`` is checked whole first (:func:`~interpreter.recordcheck.check_record`)."""
    if path is None:
        recordcheck.check_record(record, "record")
    game = game_from_record(record, path=path)
    problems: list[str] = []
    try:
        game.run()
    except _RecordEnded as exc:
        if record.get("result") is not None:  # a finished game must answer everything itself
            problems.append(str(exc))
    except (ScriptError, RuleError) as exc:  # a record that does not fit the rules any more
        where = "" if str(exc).startswith("decision ") else f"decision {len(game.decisions) + 1}: "
        problems.append(f"replay stopped: {where}{exc}")
    except Exception as exc:  # an answer of a shape no request takes
        problems.append(f"replay stopped at decision {len(game.decisions) + 1}: {type(exc).__name__}: {exc}")
    replayed = to_record(game, record["ruleset"])
    if not problems and not game.script.exhausted:
        problems.append(f"the record has {len(record['decisions']) - game.script.position} decisions left over")
    problems.extend(_differences(record.get("deals", []), replayed["deals"], "deals"))
    if record.get("result") is not None:
        problems.extend(_differences(record["result"], replayed["result"], "result"))
    return problems


def resume(
    path: Path,
    agents: Sequence[Agent],
    ruleset_ref: str | None = None,
    save_to: Path | None = None,
    agents_spec: str | None = None,
) -> Game:
    """A game that replays the saved decisions, then asks ``agents``; it keeps saving to ``path``
    (or to ``save_to``, leaving ``path`` as it was: a game branched from a save). ``agents_spec``:
    the ``--agents`` text of ``agents``, kept by the save from now on (None: the save's own)."""
    record = read_record(path)
    ref = ruleset_ref or recordcheck.absolute_ref(record["ruleset"], path)
    target = Path(save_to) if save_to is not None else path
    spec = agents_spec if agents_spec is not None else record.get("agents")
    return game_from_record(record, agents, saver(target, ref, record.get("human_seat"), spec), path)


def _differences(expected: Any, actual: Any, where: str, limit: int = 20) -> list[str]:
    out: list[str] = []
    _diff(_normal(expected), _normal(actual), where, out, limit)
    return out


def _normal(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _diff(expected: Any, actual: Any, where: str, out: list[str], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                out.append(f"{where}.{key}: in the record, not in the replay")
            elif key not in expected:
                out.append(f"{where}.{key}: in the replay, not in the record")
            else:
                _diff(expected[key], actual[key], f"{where}.{key}", out, limit)
    elif isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            out.append(f"{where}: the record has {len(expected)} entries, the replay {len(actual)}")
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            _diff(e, a, f"{where}[{i}]", out, limit)
    elif expected != actual:
        out.append(f"{where}: the record says {expected!r}, the replay gives {actual!r}")
