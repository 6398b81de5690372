"""JSON Schema validation of rule files, with messages and positions for people."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from rulespec.errors import RuleError, did_you_mean
from rulespec.yamlsource import Document

SCHEMA_DIR = Path(__file__).parent / "schema"
RULESET_SCHEMA = SCHEMA_DIR / "ruleset.schema.json"


@cache
def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def _expected(schema_type: Any) -> str:
    names = {
        "string": "text",
        "integer": "a whole number",
        "boolean": "true or false",
        "object": "a mapping",
        "array": "a list",
    }
    if isinstance(schema_type, list):
        return " or ".join(names.get(t, t) for t in schema_type)
    return names.get(schema_type, str(schema_type))


def _error_for(doc: Document, error: ValidationError) -> RuleError:
    """Translate one jsonschema error into a :class:`RuleError` at the right place."""
    path = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    validator = error.validator
    if validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(schema.get("properties", {}))
        extras = [k for k in error.instance if k not in known]
        key = extras[0] if extras else ""
        return doc.key_error((*path, key), f"unknown key '{key}'", did_you_mean(key, known))
    if validator == "propertyNames" and isinstance(error.instance, dict):
        allowed = schema.get("propertyNames", {}).get("enum")
        bad = [k for k in error.instance if allowed is not None and k not in allowed]
        if bad and allowed:
            return doc.key_error(
                (*path, bad[0]), f"unknown step '{bad[0]}'", did_you_mean(bad[0], allowed) or _one_of(allowed)
            )
        key = next(iter(error.instance), "")
        return doc.key_error((*path, key), f"bad name '{key}': use lower_snake_case")
    if validator == "required":
        missing = [k for k in schema.get("required", []) if k not in error.instance]
        return doc.error(path, f"missing key '{missing[0] if missing else '?'}'")
    if validator == "type":
        return doc.error(path, f"expected {_expected(schema.get('type'))}, got {_type_name(error.instance)}")
    if validator == "enum":
        allowed = [str(v) for v in schema.get("enum", [])]
        hint = did_you_mean(str(error.instance), allowed) or _one_of(allowed)
        return doc.error(path, f"'{error.instance}' is not allowed here", hint)
    if validator == "pattern":
        return doc.error(path, f"'{error.instance}' is not a valid name here", _pattern_hint(schema.get("pattern", "")))
    if validator == "maxProperties" and schema.get("maxProperties") == 1:
        return doc.error(path, "a step is one mapping with exactly one key", "start each step with its own '- '")
    if validator in ("minProperties", "maxProperties"):
        return doc.error(path, f"{'too few' if validator == 'minProperties' else 'too many'} keys")
    if validator in ("minimum", "maximum", "minItems", "maxItems", "minLength", "uniqueItems"):
        return doc.error(path, _plain_limit(error))
    return doc.error(path, error.message)


def _one_of(allowed: list[str]) -> str:
    return "one of: " + ", ".join(allowed)


def _pattern_hint(pattern: str) -> str | None:
    if "a-z0-9_" in pattern:
        return "use lower_snake_case, e.g. my_bid"
    if "a-z0-9-" in pattern:
        return "use lowercase words joined by '-', e.g. my-rules"
    if "A-Z" in pattern:
        return "a suit id is one capital letter, e.g. H"
    return None


def _plain_limit(error: ValidationError) -> str:
    v = error.validator
    limit = error.validator_value
    return {
        "minimum": f"{error.instance} is less than the least allowed, {limit}",
        "maximum": f"{error.instance} is more than the most allowed, {limit}",
        "minItems": f"the list needs at least {limit} item(s)",
        "maxItems": f"the list may hold at most {limit} item(s)",
        "minLength": "must not be empty",
        "uniqueItems": "the list names something twice",
    }[v]


def validate_document(doc: Document, schema: str = RULESET_SCHEMA.name) -> list[RuleError]:
    """All schema problems of one document, in file order."""
    if doc.data is None:
        return [RuleError("the file is empty", doc.position(()))]
    errors = sorted(
        _validator(schema).iter_errors(doc.data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)))
    )
    seen: set[tuple[Any, ...]] = set()
    result: list[RuleError] = []
    for error in errors:
        path = tuple(error.absolute_path)
        if any(path[: len(p)] == p for p in seen):
            continue  # one message per place: deeper ones are usually consequences
        seen.add(path)
        result.append(_error_for(doc, error))
    result.sort(key=lambda e: (e.position.line, e.position.column) if e.position else (0, 0))
    return result
