"""Let every optional key of ``game``, of a bid and of ``groups`` be ``null`` in ruleset.schema.json.

In a rule set that ``extends`` another, ``null`` removes what the parent says (``bonus: null``,
``priority: null``). Editors validate one file on its own with the schema of its modeline, so
the schema must accept ``null`` wherever a key may be left out; the loader still refuses a
``null`` that removes nothing (it validates against the schema without ``null``, see
``rulespec/validation.py``, after taking the removals out).

The change is generic and idempotent: every property that is not ``required``, and every
free-form value (``params``, ``options``, winning variants, …), reached from ``$defs/game``,
``$defs/bid`` and ``groups`` through mappings (not through list items: a list is replaced as a
whole, so ``null`` inside one means nothing) gets ``"null"`` added to its ``type`` (or
``None`` to its ``enum``); a ``$ref`` reached only that way makes its target accept ``null``.

For the same reason a mapping inside ``game`` or a bid may be given in part (a child changes
``deck.remove`` without repeating the suits), so its ``required`` list becomes
``requiredAfterMerge``: editors ignore it, and the loader, which validates each file as merged
over its parent, reads it as ``required`` again.

    python rulespec/schema/nullable.py          # rewrite the schema
    python rulespec/schema/nullable.py --check  # exit 1 if it is not up to date
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

SCHEMA = Path(__file__).with_name("ruleset.schema.json")
ROOTS = ("#/$defs/game", "#/$defs/bid")
#: What ``required`` becomes in a mapping that a child file may give in part.
AFTER_MERGE = "requiredAfterMerge"


def _refs(node: Any, via_items: bool, found: dict[str, set[bool]]) -> None:
    """Every ``$ref`` of the schema, with whether it is reached as a list item."""
    if isinstance(node, dict):
        if "$ref" in node:
            found.setdefault(node["$ref"], set()).add(via_items)
        for key, value in node.items():
            if key == "items":
                _refs(value, True, found)
            elif key in ("properties", "$defs"):
                for child in value.values():
                    _refs(child, False, found)
            else:
                _refs(value, via_items, found)
    elif isinstance(node, list):
        for child in node:
            _refs(child, via_items, found)


def _target(schema: dict[str, Any], ref: str) -> dict[str, Any]:
    node: Any = schema
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    target: dict[str, Any] = node
    return target


def _allow_null(node: dict[str, Any]) -> None:
    if "type" in node:
        types = node["type"] if isinstance(node["type"], list) else [node["type"]]
        if "null" not in types:
            node["type"] = [*types, "null"]
    elif "enum" in node and None not in node["enum"]:
        node["enum"] = [*node["enum"], None]


def _walk(
    schema: dict[str, Any], node: dict[str, Any], only_in_mappings: set[str], seen: set[int], partial: bool = False
) -> None:
    """Make the optional values under ``node`` (an object schema) nullable, depth first.

    ``partial``: ``node`` is a mapping a child file may give in part (its keys merge one by one).
    """
    if id(node) in seen:
        return
    seen.add(id(node))
    if partial and "required" in node:
        node[AFTER_MERGE] = list(dict.fromkeys([*node.get(AFTER_MERGE, []), *node.pop("required")]))
    required = set(node.get("required", [])) | set(node.get(AFTER_MERGE, []))
    children = [(name, child, name not in required) for name, child in node.get("properties", {}).items()]
    if isinstance(node.get("additionalProperties"), dict):
        children.append(("*", node["additionalProperties"], True))
    for _name, child, optional in children:
        target = child
        if "$ref" in child:
            if child["$ref"] not in only_in_mappings:
                continue  # also a list item somewhere: leave it as it is
            target = _target(schema, child["$ref"])
        if optional:
            _allow_null(target)
        _walk(schema, target, only_in_mappings, seen, partial=True)


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with every optional key of game, bids and groups accepting ``null``."""
    result = copy.deepcopy(schema)
    refs: dict[str, set[bool]] = {}
    _refs(result, False, refs)
    only_in_mappings = {ref for ref, contexts in refs.items() if contexts == {False}}
    seen: set[int] = set()
    for root in ROOTS:
        _walk(result, _target(result, root), only_in_mappings, seen)
    groups = result["properties"].get("groups")
    if isinstance(groups, dict):
        _walk(result, groups, only_in_mappings, seen)
    return result


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False)


def main(argv: list[str]) -> int:
    text = SCHEMA.read_text(encoding="utf-8")
    wanted = render(nullable(json.loads(text))) + text[len(text.rstrip("\n")) :]
    if "--check" in argv:
        if wanted != text:
            print(f"{SCHEMA}: not every optional key accepts null; run: python {Path(__file__)}")
            return 1
        return 0
    if wanted != text:
        SCHEMA.write_text(wanted, encoding="utf-8")
        print(f"{SCHEMA}: updated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
