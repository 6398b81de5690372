"""The interchange format: a resolved rule set as plain JSON-able data.

``whist show RULESET --format json`` prints this; ``rulespec/schema/export.schema.json``
documents it. Expressions appear as their constant value when they have one, otherwise as
``{"expr": SOURCE}`` plus ``"values"`` when a conditional of constants can take only a few
values (Master Mail's worth: ``{"expr": "3 if … else 1", "values": [3, 1]}``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rulespec import model as M
from rulespec.compiler import Expression
from rulespec.declaredoptions import DeclaredOptions
from rulespec.hooks import HOOKS, MARK_MOMENTS

EXPORT_FORMAT = "whist-rules/ruleset"
EXPORT_FORMAT_VERSION = 3  # 2: one ``marks`` keyed by moment; 3: a bounded option as {default, min, max}


def expression(expr: Expression | None) -> Any:
    if expr is None:
        return None
    if expr.is_constant and _written_as_itself(expr):
        return expr.constant
    result: dict[str, Any] = {"expr": " ".join(expr.source.split())}
    values = expr.possible_values()
    if values is not None:
        result["values"] = values
    return result


def _written_as_itself(expr: Expression) -> bool:
    """Whether a constant reads back from its plain value: a number, true/false, or a bare word.

    A quoted text (``'"S"'``) or a list literal stays an expression, so that the export in
    rule-file form (its ``expr`` text) means the same again.
    """
    value = expr.constant
    if isinstance(value, bool | int):
        return True
    return isinstance(value, str) and " ".join(expr.source.split()) == value


def _plain(value: Any) -> Any:
    if isinstance(value, Expression):
        return expression(value)
    if isinstance(value, M.Choose | M.Reveal | M.Give | M.PassCards | M.Zone | M.DealBack):
        return {_step_name(value): _fields(value)}
    if isinstance(value, M.Draw):
        return {"draw": {"who": expression(value.who), "from": value.source}}
    if isinstance(value, M.TurnUp):
        return {"turn_up": value.count}
    if isinstance(value, M.MatchHand):
        if value.bid is not None:
            return value.bid
        return {"chosen_by": expression(value.chosen_by), "from": list(value.choices)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields(value)
    if isinstance(value, DeclaredOptions):  # as rule files write them: with a number's bounds
        return value.as_written()
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        items = [_plain(v) for v in value]
        return sorted(items) if isinstance(value, frozenset | set) else items
    return value


def _step_name(step: M.Step) -> str:
    return {
        M.Choose: "choose",
        M.Reveal: "reveal",
        M.Give: "give",
        M.PassCards: "pass_cards",
        M.Zone: "zone",
        M.DealBack: "deal_back",
    }[type(step)]


#: Model fields written under another key in rule files (the export keeps the rule files' keys).
_RENAMED: dict[type, dict[str, str]] = {
    M.Choose: {"source": "from", "name": "as"},
    M.DealBack: {"name": "as"},
    M.Deck: {"removals": "remove"},
}
#: Model fields that rule files do not write inside the object (e.g. a variant's name is its key).
_OMITTED: dict[type, tuple[str, ...]] = {M.WinningVariant: ("name",)}


def _fields(obj: Any) -> dict[str, Any]:
    if isinstance(obj, M.Removal):
        return {"when": expression(obj.when), "cards": [r + s for r, s in obj.cards], "ranks": list(obj.ranks)}
    if isinstance(obj, M.Reveal):
        return obj.name  # type: ignore[return-value]  # ``reveal: NAME`` as in rule files
    renamed = _RENAMED.get(type(obj), {})
    out: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if value is None or value == () or value == {} or f.name in _OMITTED.get(type(obj), ()):
            continue
        if isinstance(obj, M.Auction) and f.name in ("combo_standard", "combo_special"):
            out.setdefault("combo", {})[f.name.removeprefix("combo_")] = value
            continue
        if isinstance(obj, M.Auction) and f.name == "minimum_worth" and not obj.has_minimum:
            out[f.name] = False  # as in rule files: no minimum
            continue
        if isinstance(obj, M.Tricks) and f.name == "for_players":  # as in rule files: a list
            out[f.name] = [{"players": count, **_fields(other)} for count, other in value.items()]
            continue
        out[renamed.get(f.name, f.name)] = _plain(value)
    return out


def bid_to_data(bid: M.Bid) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": bid.id,
        "kind": bid.kind,
        "worth": expression(bid.worth),
        "priority": bid.event_priority if bid.kind == "standard" else bid.priority,
        "has_trump": bid.has_trump,
    }
    if bid.events_after:
        data["events_after"] = list(bid.events_after)
    if bid.kind == "standard":
        data["score"] = expression(bid.score)
    data["params"] = dict(bid.params)
    data["incompatible"] = list(bid.incompatible)
    data["incompatible_with"] = sorted(bid.incompatible_ids)
    data["hooks"] = hooks_to_data(bid)
    return data


def hooks_to_data(bid: M.Bid) -> dict[str, Any]:
    """The hook points the bid fills, by their rule-file names (:data:`rulespec.hooks.HOOKS` order).

    ``marks`` is keyed by moment: ``{"declaring": {"potential": -1}}``.
    """
    filled = set(bid.hooks())
    data: dict[str, Any] = {}
    for hook in HOOKS.values():
        if hook.name == "marks":
            marks = {when: dict(getattr(bid, f)) for when, f in MARK_MOMENTS.items() if f in filled}
            if marks:
                data["marks"] = marks
        elif hook.name in filled:
            data[hook.name] = _plain(getattr(bid, hook.name))
    return data


def ruleset_to_data(rules: M.RuleSet) -> dict[str, Any]:
    """The whole resolved rule set as JSON-able data (see export.schema.json)."""
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_FORMAT_VERSION,
        "ruleset": rules.name,
        "version": rules.version,
        "lineage": list(rules.lineage),
        "game": _plain(rules.game),
        "groups": {
            name: {"condition": expression(cond), "members": list(rules.group_members.get(name, ()))}
            for name, cond in rules.groups.items()
        },
        "standard_bids": [bid_to_data(b) for b in rules.standard_bids],
        "special_bids": [bid_to_data(b) for b in rules.special_bids],
    }
