"""Checking a game record (or a save) from a stranger before anything uses it.

A record is read within limits (:data:`MAX_RECORD_BYTES`, :data:`MAX_JSON_DEPTH`, :data:`MAX_JSON_VALUES`, numbers
within :data:`rulespec.numbers.MAX_NUMBER`), checked against ``record.schema.json``, and then
against the rule set it names: the number of players, the dealer, the seats deciding, the
winning variant and the rule set's identity must fit. Every problem is a :class:`RuleError`
that names the file and the JSON path of the value (``save.json: $.first_dealer: …``).

The rule set a record names is found with the path policy of :mod:`rulespec.paths`: a
bundled name, or a path relative to the record's folder that stays under it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from itertools import islice
from pathlib import Path
from typing import Any

from interpreter.decisions import shown
from interpreter.tableoptions import option_problem, start_problem
from rulespec import load_ruleset
from rulespec.errors import RuleError
from rulespec.jsonbounds import check_json_bounds
from rulespec.jsonsource import parse_json
from rulespec.model import RuleSet
from rulespec.numbers import out_of_range
from rulespec.paths import read_limited, rooted

#: Largest record or save read: a deal takes about 10 kB, a long game a few hundred kilobytes.
MAX_RECORD_BYTES = 4_000_000
#: Schema problems looked at to name the first (a file of a million wrong entries has a million).
MAX_SCHEMA_ERRORS = 1_000
#: Deepest nesting of JSON arrays and objects (a record needs about eight levels).
MAX_JSON_DEPTH = 32
#: Most values (numbers, strings, lists, objects, keys) in a record: one of 400 deals holds about
#: 230,000, a deal about 570. Bounds the memory reading takes, which its bytes do not.
MAX_JSON_VALUES = 500_000
_SCHEMA_PATH = Path(__file__).parent / "record.schema.json"
_MAX_SHOWN = 160


def json_path(parts: Any) -> str:
    """``["decisions", 3, "seat"]`` → ``$.decisions[3].seat``."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _shorten(text: str) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + "…"


class RecordError(RuleError, ValueError):
    """A record (or save) that does not fit: told with the file and the JSON path of the value. A
    :class:`RuleError` for the command line; a ValueError for a program that passed the record."""


def problem(path: Path | str, where: Any, message: str, hint: str | None = None) -> RecordError:
    """A problem of the record at ``path``, at the JSON path ``where``."""
    return RecordError(f"{path}: {json_path(where)}: {_shorten(message)}", None, hint)


def load_json(path: Path) -> Any:
    """The JSON document in ``path``, read within the limits; :class:`RuleError` otherwise."""
    raw = read_limited(Path(path), MAX_RECORD_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    check_json_bounds(text, str(path), MAX_JSON_DEPTH, MAX_JSON_VALUES, "a game record")
    try:
        data = parse_json(text, str(path), "a JSON record")  # a key given twice is refused at its place
    except (ValueError, RecursionError) as exc:  # (a number too long is refused at its place by parse_json)
        raise RuleError(f"{path}: not a JSON record: {_shorten(str(exc))}") from None
    _check_numbers(path, data)
    return data


def _check_numbers(path: Path | str, data: Any) -> None:
    """Refuse a number out of range, at its JSON path (made only for containers: a path per
    number would cost more memory than the document)."""
    reason = out_of_range(data)
    if reason is not None:
        raise problem(path, (), reason)
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if len(where) > MAX_JSON_DEPTH:  # (a program's data may nest past what any file may: checked here)
            raise problem(path, where[:MAX_JSON_DEPTH], f"nested more than {MAX_JSON_DEPTH} deep")
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            if isinstance(item, dict | list):
                stack.append((item, (*where, key)))
            elif (reason := out_of_range(item)) is not None:
                raise problem(path, (*where, key), reason)


def check_record(record: Any, path: Path | str) -> None:
    """Refuse a record given as data (not read from a file by :func:`load_json`) that is not one: its
    numbers out of range, or not following ``record.schema.json`` — the first problem, at its JSON path."""
    _check_numbers(path, record)
    check_schema(path, record)


@functools.cache
def validator() -> Any:
    """The validator of ``record.schema.json`` (made once: a server checks a record at every restore),
    whose whole numbers are ints and whose arrays are lists or tuples (see :func:`check_schema`)."""
    import jsonschema

    schema = json.loads(_SCHEMA_PATH.read_text(encoding="utf-8"))
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine_many(
        {"integer": lambda _, value: type(value) is int, "array": lambda _, value: isinstance(value, list | tuple)}
    )
    strict = jsonschema.validators.extend(base, type_checker=checker)  # type: ignore[no-untyped-call]  # (untyped)
    return strict(schema)


def check_schema(path: Path | str, data: Any) -> None:
    """Refuse a record that does not follow ``record.schema.json``: the first problem, with its JSON path.
    A whole number is an int (``4.0`` is not a number of players, nor ``true``); an array is a list, or
    a tuple in a record that :func:`interpreter.records.to_record` made (JSON writes it as a list)."""
    found = validator().iter_errors(data)
    try:
        errors = sorted(islice(found, MAX_SCHEMA_ERRORS), key=lambda e: list(map(str, e.path)))
    except RecursionError:  # (data nested past Python's depth: only a program's, never a file's)
        raise problem(path, (), "not a valid game record: nested too deeply") from None
    if errors:
        first = errors[0]
        raise problem(path, first.absolute_path, f"not a valid game record: {first.message}")


def ruleset_digest(rules: RuleSet) -> str:
    """A fingerprint of what a rule set says (not of how its files are written)."""
    from rulespec.export import ruleset_to_data

    text = json.dumps(ruleset_to_data(rules), sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def portable_ref(ref: str, save: Path) -> str:
    """How a save names its rule set: a bundled name as is, a path relative to the save's folder if under it."""
    from rulespec.locate import looks_like_path

    if not looks_like_path(ref):
        return ref
    target = Path(ref).resolve()
    folder = Path(save).resolve().parent
    if target == folder or folder in target.parents:
        return os.path.relpath(target, folder)
    return str(target)


def absolute_ref(ref: str, record: Path) -> str:
    """A rule-set path written in ``record`` (relative to its folder) as an absolute path; names as they are."""
    from rulespec.locate import looks_like_path

    if not looks_like_path(ref) or Path(ref).is_absolute():
        return ref
    return str(Path(record).resolve().parent / ref)


def record_rules(record: dict[str, Any], path: Path | None) -> RuleSet:
    """Load the rule set ``record`` names (from a file at ``path``) and check that the record fits it.

    Its shape is checked first (:func:`check_record`, as :func:`load_json` and :func:`check_schema` do
    for a file), with ``path`` or without: a program may hand over data of any shape either way. Without
    ``path`` the record is data from anywhere, and it may name a bundled rule set only."""
    # What determines the game is checked with ``path`` too: a program may pass data it did not read
    # from that file (what happened in the game is checked by whoever reads that).
    told = "record" if path is None else Path(path)
    check_record({**record, "deals": [], "result": None} if isinstance(record, dict) else record, told)
    ref = record["ruleset"]
    if path is None:
        from rulespec.locate import looks_like_path

        if looks_like_path(ref):  # (a stranger's record must not have a program read any file it names)
            hint = "a record names a file relative to its own: pass path=, the record's file"
            raise problem("record", ["ruleset"], f"'{ref}' is a path, and no path= says where the record is", hint)
        try:
            rules = load_ruleset(ref, named_in="record")  # a bundled name (named_in: never a local file)
        except RuleError as exc:
            raise problem("record", ["ruleset"], exc.message, exc.hint) from None
    else:
        where = Path(path)
        with rooted(where):
            try:
                rules = load_ruleset(ref, relative_to=where.resolve().parent, named_in=str(where))
            except RuleError as exc:
                if exc.position is not None:
                    raise
                raise problem(where, ["ruleset"], exc.message, exc.hint) from None
    rules = _as_saved(record, rules)
    check_fits(record, rules, path or "record")
    return rules


def _as_saved(record: dict[str, Any], rules: RuleSet) -> RuleSet:
    """The bundled version a record was made with, when its rule set is a bundled name that has moved
    on since (a save of ``NAME`` made under version 1.0 resumes with ``NAME@1.0``, which is kept
    bundled); otherwise ``rules`` as loaded (a version that is gone is refused by the caller)."""
    from rulespec.locate import looks_like_path

    ref, wanted = record["ruleset"], record.get("ruleset_id")
    if not isinstance(wanted, str) or wanted == rules.id or looks_like_path(ref) or "@" in ref:
        return rules
    if not wanted.startswith(f"{ref}@") or looks_like_path(wanted):  # (an id never names a file to read)
        return rules
    try:
        return load_ruleset(wanted)
    except RuleError:
        return rules


def _other_rules(wanted: str, ref: str, loaded: str) -> str:
    """A record of one version read with another: which it was played with, and which it is read with
    (its ``ruleset`` names no version, and now means a newer one; or it names another version)."""
    wanted, ref = shown(wanted, 60), shown(ref, 60)
    if ref == loaded:
        return f"the record is of '{wanted}' (its ruleset_id), not of '{ref}' (its ruleset)"
    return f"the record is of '{wanted}', but its ruleset '{ref}' is now '{loaded}'"


def check_fits(record: dict[str, Any], rules: RuleSet, path: Path | str) -> None:
    """The record's players, dealer, seats, variant and rule set must be those of ``rules``."""
    wanted = record.get("ruleset_id")
    if wanted is not None and wanted != rules.id:
        raise problem(path, ["ruleset_id"], _other_rules(str(wanted), str(record["ruleset"]), rules.id))
    limits = rules.game.players
    players = record["players"]
    if not limits.min <= players <= limits.max:
        raise problem(path, ["players"], f"{rules.id} is played by {limits.min} to {limits.max} players, not {players}")
    if record["first_dealer"] >= players:
        raise problem(path, ["first_dealer"], f"dealer {record['first_dealer']} is not a seat of {players} players")
    seat = record.get("human_seat")
    if seat is not None and seat >= players:
        raise problem(path, ["human_seat"], f"seat {seat} is not a seat of {players} players")
    if record.get("agents") is not None:
        _check_agents(record["agents"], players, path)
    for i, decision in enumerate(record["decisions"]):
        if decision["seat"] >= players:
            raise problem(path, ["decisions", i, "seat"], f"seat {decision['seat']} is not a seat of {players} players")
    for name, value in (record.get("options") or {}).items():
        problem_text = option_problem(rules.game.options, name, value)
        if problem_text is not None:
            raise problem(path, ["options", name], problem_text)
    if record.get("options"):
        problem_text = start_problem(rules, players, record["options"])
        if problem_text is not None:
            raise problem(path, ["options"], problem_text)
    variant = record.get("variant")
    winning = rules.game.winning
    if variant and (winning is None or variant not in winning.variants):
        known = ", ".join(winning.variants) if winning else "none"
        raise problem(path, ["variant"], f"unknown winning variant '{variant}' (known: {known})")
    digest = record.get("ruleset_digest")
    if digest is not None and digest != ruleset_digest(rules):
        raise problem(
            path,
            ["ruleset"],
            f"the rule set '{record['ruleset']}' has changed since this game was saved",
            "the saved decisions may not fit it any more; play it with the rule set as it was, or start a new game",
        )


def names_code(spec: str) -> bool:
    """Whether the ``--agents`` text ``spec`` names a class of one's own (``python:MODULE:CLASS``) at
    some seat. Such a spec read from a file is never parsed, which would import the module: a file
    may not choose the code that runs (a save from a stranger could name any module on the path)."""
    from interpreter.agentimport import PYTHON_KIND
    from interpreter.seating import SEPARATOR

    return any(part.partition(":")[0] == PYTHON_KIND for part in spec.split(SEPARATOR))


def _check_agents(spec: str, players: int, path: Path | str) -> None:
    """A save's ``agents`` as ``--agents`` of ``whist play`` is checked (an agent for the other
    seats, or one per other seat), without importing anything: a spec naming code is only bounded."""
    from interpreter.seating import SEPARATOR, seat_agents

    if not spec.isprintable() or any(c.isspace() for c in spec):  # (no spec has any: nothing to show a terminal)
        raise problem(path, ["agents"], "agents are written without spaces or control characters")
    if names_code(spec):  # only counted: parsing any of it would import the module named
        seats = len(spec.split(SEPARATOR))
        if seats not in (1, players - 1):
            raise problem(path, ["agents"], f"{seats} agents for {players - 1} other seats at the table")
        return
    try:
        seat_agents(spec, players - 1, "other seats at the table")
    except ValueError as exc:
        raise problem(path, ["agents"], str(exc)) from None
