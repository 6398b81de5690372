"""JSON Schema validation of rule files, with messages and positions for people."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulespec.errors import RuleError, did_you_mean
from rulespec.yamlsource import Document

# jsonschema is imported when the first file is validated (it costs ~35 ms at start-up).
if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_DIR = Path(__file__).parent / "schema"
RULESET_SCHEMA = SCHEMA_DIR / "ruleset.schema.json"

#: Finds a bid's id by its English name (any case), or None.
BidNamed = Callable[[str], "str | None"]


@cache
def _validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    if name == RULESET_SCHEMA.name:
        schema = _as_merged(schema)
    return Draft202012Validator(_inline_refs(schema))


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with each ``{"$ref": "#/$defs/NAME"}`` that says nothing else replaced by the
    definition itself: the same checks and the same error messages, without a reference lookup at
    every bid of every file (a fifth of the validation). References with neighbours stay."""
    defs = schema.get("$defs", {})

    def inline(node: Any, within: frozenset[str]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            name = ref.removeprefix("#/$defs/") if isinstance(ref, str) else None
            if len(node) == 1 and name is not None and name in defs and name not in within:
                return inline(defs[name], within | {name})
            return {key: value if key == "$defs" else inline(value, within) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(item, within) for item in node]
        return node

    result: dict[str, Any] = inline(schema, frozenset())
    return result


def _as_merged(node: Any) -> Any:
    """The rule file schema as the loader applies it, to each file merged over its parent.

    An editor checks a child file on its own, so the schema lets every optional key be ``null``
    (in a child, ``null`` removes what the parent says) and lets a mapping be given in part
    (its ``required`` keys are listed as ``requiredAfterMerge``; see schema/nullable.py). The
    loader takes the removals out and completes the mappings from the parent before it
    validates (``loader._validation_view``), so here no value may be ``null`` (one still there
    removes nothing: "got nothing (null)") and ``requiredAfterMerge`` is ``required`` again.
    """
    if isinstance(node, dict):
        result = {key: _as_merged(value) for key, value in node.items() if key != "requiredAfterMerge"}
        if "requiredAfterMerge" in node:
            result["required"] = list(dict.fromkeys([*node.get("required", []), *node["requiredAfterMerge"]]))
        if isinstance(result.get("type"), list) and "null" in result["type"]:
            result["type"] = [t for t in result["type"] if t != "null"]
        if isinstance(result.get("enum"), list) and None in result["enum"]:
            result["enum"] = [v for v in result["enum"] if v is not None]
        return result
    if isinstance(node, list):
        return [_as_merged(value) for value in node]
    return node


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return f"the number {value}" if value == value else "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    return "a mapping"


def _expected(schema_type: Any) -> str:
    names = {
        "string": "text",
        "integer": "a whole number",
        "boolean": "true or false",
        "object": "a mapping",
        "array": "a list",
        "number": "a number",
    }
    wanted = [names.get(str(t), str(t)) for t in (schema_type if isinstance(schema_type, list) else [schema_type])]
    if len(wanted) <= 2:
        return " or ".join(wanted)
    return ", ".join(wanted[:-1]) + " or " + wanted[-1]


def _shown(value: Any) -> str:
    """A value as a person wrote it (not as Python prints it)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _where(path: tuple[Any, ...]) -> str:
    """'for 'kind'' when the value sits under a named key, else ''."""
    return f" for '{path[-1]}'" if path and isinstance(path[-1], str) else ""


def _owner(path: tuple[Any, ...]) -> str:
    return f"'{path[-1]}'" if path and isinstance(path[-1], str) else "this mapping"


def _written_as_text(value: Any) -> bool:
    """Whether a number or date could be meant as text (a version such as 1.5)."""
    return isinstance(value, (int, float, datetime.date)) and not isinstance(value, bool)


def _place(error: ValidationError) -> tuple[Any, ...]:
    """The path of what a message about ``error`` points at (a key, for unknown keys)."""
    path = tuple(error.absolute_path)
    if _from_property_names(error):
        return (*path, error.instance)
    return path


def _from_property_names(error: ValidationError) -> bool:
    """Whether ``error`` is about a mapping *key* (``propertyNames`` reports the key as instance)."""
    schema_path = list(error.schema_path)
    return len(schema_path) >= 2 and schema_path[-2] == "propertyNames" and isinstance(error.instance, str)


def _errors_for(doc: Document, error: ValidationError, bid_named: BidNamed | None = None) -> list[RuleError]:
    """Translate one jsonschema error into messages for people, at the right places."""
    path = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    validator = str(error.validator)
    instance: Any = error.instance
    if _from_property_names(error):
        if validator == "enum":
            allowed = [str(v) for v in schema.get("enum", [])]
            return [
                doc.key_error(
                    (*path, instance),
                    f"unknown step '{instance}'",
                    did_you_mean(instance, allowed) or _one_of(allowed),
                )
            ]
        return [doc.key_error((*path, instance), f"'{instance}' is not a valid name", _pattern_hint(schema))]
    if validator == "additionalProperties" and isinstance(instance, dict):
        known = set(schema.get("properties", {}))
        extras = [k for k in instance if k not in known]
        return [doc.key_error((*path, key), f"unknown key '{key}'", did_you_mean(key, known)) for key in extras]
    if validator == "required" and isinstance(instance, dict):
        missing = [k for k in schema.get("required", []) if k not in instance]
        name = missing[0] if missing else "?"
        return [doc.error(path, f"{_owner(path)} needs the key '{name}'", f"add '{name}: …'")]
    if validator == "type":
        wanted = schema.get("type")
        wants = wanted if isinstance(wanted, list) else [wanted]
        hint = None
        if "string" in wants and "pattern" in schema and "integer" not in wants and _written_as_text(instance):
            hint = f'to give it as text, put it in quotes: "{instance}"'
        hint = hint or _list_hint(path, schema, wants, instance)
        got = _type_name(instance)
        if isinstance(instance, float) and "integer" in wants:
            got = f"{instance}, which is not a whole number"
        message = f"expected {_expected(wanted)}{_where(path)}, got {got}"
        return [doc.error(path, message, hint)]
    if validator == "enum":
        allowed = [_shown(v) for v in schema.get("enum", [])]
        if isinstance(instance, (dict, list)):
            return [doc.error(path, f"expected one of {', '.join(allowed)}{_where(path)}, got {_type_name(instance)}")]
        hint = did_you_mean(_shown(instance), allowed) or _one_of(allowed)
        return [doc.error(path, f"'{_shown(instance)}' is not allowed{_where(path)}", hint)]
    if validator == "pattern":
        named = bid_named(instance) if bid_named is not None and isinstance(instance, str) else None
        hint = f"that is a bid's name; write its id, {named}" if named else _pattern_hint(schema, instance)
        return [doc.error(path, f"'{instance}' is not a valid name{_where(path)}", hint)]
    if validator == "maxProperties" and schema.get("maxProperties") == 1 and isinstance(instance, dict):
        first, second = list(instance)[:2]
        return [
            doc.key_error(
                (*path, second),
                f"a step has one key, but '{second}' follows '{first}' in the same step",
                "start each step with its own '- '",
            )
        ]
    if validator == "minProperties" and schema.get("maxProperties") == 1:
        allowed = [str(v) for v in schema.get("propertyNames", {}).get("enum", [])]
        return [doc.error(path, "empty step", _one_of(allowed) if allowed else None)]
    if validator in ("minProperties", "maxProperties"):
        limit = error.validator_value
        amount = f"at least {limit}" if validator == "minProperties" else f"at most {limit}"
        return [doc.error(path, f"{_owner(path)} needs {amount} key(s)")]
    if validator in ("minimum", "maximum", "minItems", "maxItems", "minLength", "uniqueItems"):
        return [doc.error(path, _plain_limit(error))]
    return [doc.error(path, f"this value is not allowed here{_where(path)}")]


def _list_hint(path: tuple[Any, ...], schema: dict[str, Any], wants: list[Any], instance: Any) -> str | None:
    """The YAML slip between a list and a text: ``incompatible: zero`` and ``from: [a.b]`` unquoted.

    YAML reads ``[called.holder]`` as a list, so an expression that starts with ``[`` needs
    quotes; a single name where a list is wanted goes in brackets.
    """
    scalars = isinstance(instance, list) and all(isinstance(x, (str, int, float)) for x in instance)
    if "string" in wants and scalars and "pattern" not in schema and path and isinstance(path[-1], str):
        return f'quote it, or YAML reads a list: {path[-1]}: "[{", ".join(map(_shown, instance))}]"'
    if wants == ["array"] and isinstance(instance, str) and instance.strip():
        return f"write [{instance}]"
    return None


def _one_of(allowed: list[str]) -> str:
    return "one of: " + ", ".join(allowed)


def _pattern_hint(schema: dict[str, Any], instance: Any = None) -> str | None:
    pattern = str(schema.get("pattern", ""))
    # A name the pattern keeps out by a lookahead, ^(?!ui$)…: well formed, but reserved.
    reserved = re.match(r"\^\(\?!([^)]*)\$\)", pattern)
    if reserved and isinstance(instance, str) and re.fullmatch(reserved.group(1), instance):
        return f"choose another name: '{instance}' is reserved here"
    if "a-z0-9_" in pattern:
        return "use lower_snake_case, e.g. my_bid"
    if "a-z0-9-" in pattern:
        return "use lowercase words joined by '-', e.g. my-rules"
    if "A-Z]$" in pattern:
        return "a suit id is one capital letter, e.g. H"
    if pattern.startswith("^[0-9]"):
        return "a version is numbers joined by '.', e.g. 1.0.2"
    return None


def _plain_limit(error: ValidationError) -> str:
    v = str(error.validator)
    limit = error.validator_value
    if v == "uniqueItems" and isinstance(error.instance, list):
        repeated = next((x for i, x in enumerate(error.instance) if x in error.instance[:i]), None)
        if repeated is not None:
            return f"the list names '{_shown(repeated)}' twice"
    return {
        "minimum": f"{error.instance} is less than the least allowed, {limit}",
        "maximum": f"{error.instance} is more than the most allowed, {limit}",
        "minItems": f"the list needs at least {limit} item(s)",
        "maxItems": f"the list may hold at most {limit} item(s)",
        "minLength": "must not be empty",
        "uniqueItems": "the list names something twice",
    }[v]


def validate_document(
    doc: Document, schema: str = RULESET_SCHEMA.name, bid_named: BidNamed | None = None
) -> list[RuleError]:
    """All schema problems of one document, in file order.

    ``bid_named`` finds a bid's id by its English name, for the hint when a name stands where
    an id is wanted (``incompatible: [Ending Dog]``); asked only then, as it reads locale files.
    """
    if doc.data is None:
        return [doc.error((), "the file is empty", "a rule file starts with 'ruleset: NAME' or 'extends: PARENT'")]
    errors = sorted(
        _validator(schema).iter_errors(doc.data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)))
    )
    seen: set[tuple[Any, ...]] = set()
    result: list[RuleError] = []
    for error in errors:
        place = _place(error)
        if any(place[:depth] in seen for depth in range(len(place) + 1)):
            continue  # one message per place: deeper ones are usually consequences (one look per depth)
        seen.add(place)
        result.extend(_errors_for(doc, error, bid_named))
    result.sort(key=lambda e: (e.position.line, e.position.column) if e.position else (0, 0))
    return result
