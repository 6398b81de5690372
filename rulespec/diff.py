"""What changed between two rule sets, as a list of change records (``whist diff``).

Pure data in, data out: both rule sets are given as their interchange data
(:func:`rulespec.export.ruleset_to_data`), with the bid names and texts of one language
(layered as :func:`rulespec.locale.load_texts` layers them). Wording is the renderer's job
(``whist/diff.py``); a :class:`Change` only says *what* changed, *where*, and from what to what.

Kinds of change:

* ``bid_added`` / ``bid_removed``: the whole bid (``old``/``new`` is its data);
* ``bid_renamed``: the same id under another name in the locale (``old``/``new`` are names);
* ``bid_changed``: one field of a bid present in both: ``worth``, ``score``, ``priority``,
  ``events_after``, ``kind``, ``params.NAME``, ``incompatible_with`` (one pair of bids per record: ``new`` is the
  bid it is now incompatible with, ``old`` the one it no longer is), ``hooks.HOOK…`` (each hook
  point of :data:`rulespec.hooks.HOOKS`, down to the field that changed; ``steps`` are
  matched by kind and by the name they declare, so an added or removed step is one record);
* ``general``: the game section (``game.…``) and the groups (``groups.NAME``);
* ``text``: a rules text, a short text or a section of the general prose (only when asked).

A constant that merely repeats a changed param (``count: cards`` is exported as the number) is
not reported twice: the param's record stands for both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulespec.declaredoptions import flat_options
from rulespec.hooks import HOOKS

Path = tuple[Any, ...]

BID_ADDED = "bid_added"
BID_REMOVED = "bid_removed"
BID_RENAMED = "bid_renamed"
BID_CHANGED = "bid_changed"
GENERAL = "general"
TEXT = "text"
#: The kinds in the order a changelog lists them.
KINDS = (BID_ADDED, BID_REMOVED, BID_RENAMED, BID_CHANGED, GENERAL, TEXT)

#: Table facts of a bid, compared before its hook points.
BID_FACTS = ("kind", "worth", "score", "priority", "events_after")
#: Fields of the game section compared as a whole (a list of removals is one rule).
WHOLE_GAME_FIELDS: frozenset[Path] = frozenset({("game", "deck", "remove")})
#: Exported bid fields that are not compared on their own (derived, or compared elsewhere).
_DERIVED = ("id", "has_trump", "incompatible")


@dataclass(frozen=True)
class Change:
    """One difference: ``field`` is a dotted path inside the bid (or the rule set, for general changes)."""

    kind: str
    bid: str | None
    field: str | None
    old: Any
    new: Any
    #: What a renderer may need beyond old and new (e.g. who chose a value that was a choice).
    context: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_data(self, text: str | None = None) -> dict[str, Any]:
        return {"kind": self.kind, "bid": self.bid, "field": self.field, "old": self.old, "new": self.new, "text": text}


@dataclass(frozen=True)
class Side:
    """One rule set as the diff sees it."""

    data: Mapping[str, Any]  # ruleset_to_data(...)
    #: bid id -> name, in the chosen language
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: dotted key -> text, as written (placeholders kept)
    texts: Mapping[str, str] = dataclasses.field(default_factory=dict)

    @property
    def bids(self) -> dict[str, dict[str, Any]]:
        return {bid["id"]: bid for bid in [*self.data.get("standard_bids", []), *self.data.get("special_bids", [])]}

    def name(self, bid_id: str) -> str:
        return self.names.get(bid_id) or bid_id


def diff_rulesets(old: Side, new: Side, texts: bool = False) -> list[Change]:
    """Every change from ``old`` to ``new``, grouped by kind (see :data:`KINDS`), bids in table order."""
    old_bids, new_bids = old.bids, new.bids
    common = [bid_id for bid_id in new_bids if bid_id in old_bids]
    changes = [Change(BID_ADDED, i, None, None, new_bids[i]) for i in new_bids if i not in old_bids]
    changes += [Change(BID_REMOVED, i, None, old_bids[i], None) for i in old_bids if i not in new_bids]
    changes += [Change(BID_RENAMED, i, "name", old.name(i), new.name(i)) for i in common if old.name(i) != new.name(i)]
    incompatibilities = _incompatibility_changes(old_bids, new_bids, new.data.get("groups", {}))
    for bid_id in common:
        changes += _bid_changes(old_bids[bid_id], new_bids[bid_id])
        changes += incompatibilities.get(bid_id, [])
    changes += _general_changes(old.data, new.data)
    if texts:
        changes += _text_changes(old, new, common)
    return changes


# --- walking two values --------------------------------------------------------------------


def is_expression(value: Any) -> bool:
    """An exported expression that has no constant value: ``{"expr": SOURCE}`` (maybe with ``values``)."""
    return isinstance(value, dict) and "expr" in value


def walk(path: Path, old: Any, new: Any, whole: frozenset[Path] = frozenset()) -> Iterator[tuple[Path, Any, Any]]:
    """``(path, old, new)`` for every leaf that differs; ``None`` stands for "absent".

    Mappings are walked key by key; lists of mappings of the same length element by element;
    expressions, scalars, other lists and the paths in ``whole`` are compared whole.
    """
    if old == new:
        return
    if path in whole:
        yield path, old, new
        return
    if _is_mapping(old) and _is_mapping(new):
        for key in [*old, *(k for k in new if k not in old)]:
            yield from walk((*path, key), old.get(key), new.get(key), whole)
        return
    if _is_list_of_mappings(old) and _is_list_of_mappings(new) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from walk((*path, index), a, b, whole)
        return
    yield path, old, new


def _is_mapping(value: Any) -> bool:
    return isinstance(value, dict) and not is_expression(value)


def _is_list_of_mappings(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dotted(path: Path) -> str:
    return ".".join(str(part) for part in path)


# --- bids ----------------------------------------------------------------------------------


def _bid_changes(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    bid_id = new["id"]
    changes = [Change(BID_CHANGED, bid_id, f, old.get(f), new.get(f)) for f in BID_FACTS if old.get(f) != new.get(f)]
    for path, a, b in walk(("params",), old.get("params") or {}, new.get("params") or {}):
        changes.append(Change(BID_CHANGED, bid_id, dotted(path), a, b))
    changes += _hook_changes(bid_id, old.get("hooks") or {}, new.get("hooks") or {})
    extra = [k for k in new if k not in (*BID_FACTS, *_DERIVED, "params", "hooks", "incompatible_with")]
    for key in extra:  # fields a later export may add
        changes += [Change(BID_CHANGED, bid_id, dotted(p), a, b) for p, a, b in walk((key,), old.get(key), new[key])]
    return _without_param_echoes(changes)


def _hook_changes(bid_id: str, old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Each hook point in :data:`rulespec.hooks.HOOKS` order (then any a later export adds), as the registry says."""
    hooks = [*HOOKS, *(h for h in [*old, *new] if h not in HOOKS)]
    changes: list[Change] = []
    for hook in dict.fromkeys(hooks):
        a, b = old.get(hook), new.get(hook)
        if a == b:
            continue
        if hook == "steps" and a and b:
            changes += _step_changes(bid_id, a, b)
            continue
        compared = HOOKS[hook].compared if hook in HOOKS else "fields"
        if compared == "by_key":
            a, b = a or {}, b or {}
        if compared == "whole":
            changes.append(Change(BID_CHANGED, bid_id, f"hooks.{hook}", a, b))
            continue
        for path, x, y in walk(("hooks", hook), a, b):
            changes.append(Change(BID_CHANGED, bid_id, dotted(path), x, y, _choosers(x, y, old, new)))
    return changes


def step_kind(step: Any) -> str:
    """``choose``, ``pass_cards``, … (a step is a mapping with one key)."""
    return next(iter(step)) if isinstance(step, dict) and step else str(step)


def step_label(step: Any) -> str:
    """A step's kind, and the name it declares or uses when it has one: ``choose:plague``, ``zone:atelier``."""
    kind = step_kind(step)
    body = step.get(kind) if isinstance(step, dict) else None
    if isinstance(body, str):
        return f"{kind}:{body}"  # reveal: NAME
    if isinstance(body, dict) and isinstance(body.get("as") or body.get("name"), str):
        return f"{kind}:{body.get('as') or body.get('name')}"
    return kind


def _step_labels(steps: Sequence[Any]) -> list[str]:
    """Labels made unique within the list: the second ``give`` is ``give#2``."""
    seen: dict[str, int] = {}
    labels = []
    for step in steps:
        label = step_label(step)
        seen[label] = seen.get(label, 0) + 1
        labels.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return labels


def _step_changes(bid_id: str, old: list[Any], new: list[Any]) -> list[Change]:
    """Steps matched by label (:func:`step_label`), so that an added or removed step does not shift the others.

    A step in both lists but out of the longest common order is *moved* (``old``/``new`` are its
    1-based positions, ``context["moved"]``); then its fields are compared like those of any kept step.
    """
    old_labels, new_labels = _step_labels(old), _step_labels(new)
    kept = set(_longest_common_order(old_labels, new_labels))
    hooks_old, hooks_new = {"steps": old}, {"steps": new}
    changes = [_step_record(bid_id, lab, old[i], None) for i, lab in enumerate(old_labels) if lab not in new_labels]
    for j, label in enumerate(new_labels):
        if label not in old_labels:
            changes.append(_step_record(bid_id, label, None, new[j]))
            continue
        i = old_labels.index(label)
        field = f"hooks.steps.{label}"
        if label not in kept:
            changes.append(Change(BID_CHANGED, bid_id, field, i + 1, j + 1, {"moved": new[j]}))
        kind = step_kind(new[j])
        for p, x, y in walk(("hooks", "steps", label), old[i][kind], new[j][kind]):
            changes.append(Change(BID_CHANGED, bid_id, dotted(p), x, y, _choosers(x, y, hooks_old, hooks_new)))
    return changes


def _longest_common_order(a: Sequence[str], b: Sequence[str]) -> list[str]:
    """The longest subsequence common to ``a`` and ``b`` (lists of a few unique labels)."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            table[i][j] = table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
    result, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            result.append(a[i])
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return result


def _step_record(bid_id: str, label: str, old: Any, new: Any) -> Change:
    return Change(BID_CHANGED, bid_id, f"hooks.steps.{label}", old, new, {"step": step_kind(old or new)})


def declared_choices(hooks: Mapping[str, Any]) -> dict[str, Any]:
    """The names a bid's ``choose`` steps declare, with who chooses each (``{"plague": {"expr": "declarer"}}``)."""
    result = {}
    for step in hooks.get("steps") or []:
        body = step.get("choose") if isinstance(step, dict) else None
        if isinstance(body, dict) and "as" in body:
            result[body["as"]] = body.get("who")
    return result


def _choosers(old: Any, new: Any, old_hooks: Mapping[str, Any], new_hooks: Mapping[str, Any]) -> dict[str, Any]:
    """When a value is a name a step lets a player choose, who chooses it (``old_chosen_by``, ``new_chosen_by``)."""
    context = {}
    for side, value, hooks in (("old", old, old_hooks), ("new", new, new_hooks)):
        if is_expression(value) and value["expr"] in declared_choices(hooks):
            context[f"{side}_chosen_by"] = declared_choices(hooks)[value["expr"]]
    return context


def _without_param_echoes(changes: list[Change]) -> list[Change]:
    """Drop a constant in a hook or the game section that only repeats a param change (same old and new)."""
    echoes = {(repr(c.old), repr(c.new)) for c in changes if _is_param(c)}
    return [c for c in changes if not (_may_echo(c) and (repr(c.old), repr(c.new)) in echoes)]


def _is_param(change: Change) -> bool:
    return change.field is not None and change.field.startswith(("params.", "game.params."))


def _may_echo(change: Change) -> bool:
    """A constant that may come from a param: inside a hook point, or in the game section (not a param)."""
    where = change.field or ""
    inside = where.startswith("hooks.") or (where.startswith("game.") and not _is_param(change))
    return inside and _is_scalar(change.old) and _is_scalar(change.new)


def _is_scalar(value: Any) -> bool:
    return isinstance(value, int | str | bool)


# --- incompatibility -----------------------------------------------------------------------


def _incompatibility_changes(
    old: Mapping[str, dict[str, Any]], new: Mapping[str, dict[str, Any]], groups: Mapping[str, Any]
) -> dict[str, list[Change]]:
    """One record per pair of bids (both in old and new) that became or stopped being incompatible.

    The relation is symmetric; the record goes to the bid that names the other (or a group holding
    it) in its ``incompatible`` list, else to the one listed first.
    """
    order = {bid_id: index for index, bid_id in enumerate(new) if bid_id in old}  # pairs of bids in both
    old_pairs, new_pairs = _pairs(old, order), _pairs(new, order)
    result: dict[str, list[Change]] = {}
    for pair in sorted(new_pairs - old_pairs, key=lambda p: tuple(order[b] for b in p)):
        owner, other = _owner(pair, new, groups)
        result.setdefault(owner, []).append(Change(BID_CHANGED, owner, "incompatible_with", None, other))
    for pair in sorted(old_pairs - new_pairs, key=lambda p: tuple(order[b] for b in p)):
        owner, other = _owner(pair, old, {})
        result.setdefault(owner, []).append(Change(BID_CHANGED, owner, "incompatible_with", other, None))
    return result


def _pairs(bids: Mapping[str, dict[str, Any]], common: Mapping[str, int]) -> set[tuple[str, str]]:
    """Incompatible pairs among the bids of ``common``, each ordered as ``common`` orders them."""
    pairs: set[tuple[str, str]] = set()
    for bid_id, bid in bids.items():
        for other in bid.get("incompatible_with") or []:
            if bid_id in common and other in common and other != bid_id:
                first, second = sorted((bid_id, str(other)), key=common.__getitem__)
                pairs.add((first, second))
    return pairs


def _owner(pair: tuple[str, str], bids: Mapping[str, dict[str, Any]], groups: Mapping[str, Any]) -> tuple[str, str]:
    first, second = pair
    for owner, other in ((first, second), (second, first)):
        listed = bids.get(owner, {}).get("incompatible") or []
        in_group = any(other in (groups.get(g) or {}).get("members", []) for g in listed if g in groups)
        if other in listed or in_group:
            return owner, other
    return first, second


# --- general rules -------------------------------------------------------------------------


def _general_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    pairs = walk(("game",), _flat_options(old.get("game")), _flat_options(new.get("game")), WHOLE_GAME_FIELDS)
    changes = [Change(GENERAL, None, dotted(p), a, b) for p, a, b in pairs]
    old_groups, new_groups = old.get("groups") or {}, new.get("groups") or {}
    for name in [*old_groups, *(g for g in new_groups if g not in old_groups)]:
        a, b = (old_groups.get(name) or {}).get("condition"), (new_groups.get(name) or {}).get("condition")
        if a != b or (name in old_groups) != (name in new_groups):
            changes.append(Change(GENERAL, None, f"groups.{name}", a, b))
    return _without_param_echoes(changes)


def _flat_options(game: Any) -> Any:
    """The game section with its options one entry per fact (a default, a bound)."""
    if not isinstance(game, dict) or not isinstance(game.get("options"), dict):
        return game
    return {**game, "options": flat_options(game["options"])}


# --- texts ---------------------------------------------------------------------------------

#: Text fields compared per bid (the name is compared as a rename).
TEXT_FIELDS = ("rules", "short")


def _text_changes(old: Side, new: Side, common: Sequence[str]) -> list[Change]:
    changes = []
    for bid_id in common:
        for name in TEXT_FIELDS:
            key = f"bids.{bid_id}.{name}"
            if old.texts.get(key) != new.texts.get(key):
                changes.append(Change(TEXT, bid_id, name, old.texts.get(key), new.texts.get(key)))
    # Every other text: the general rules and the title (prose), and the short names a version may
    # give anew (a group of bids, a declaration, a mark, a label).
    keys = [k for k in [*old.texts, *new.texts] if not k.startswith("bids.")]
    for key in dict.fromkeys(keys):
        if old.texts.get(key) != new.texts.get(key):
            changes.append(Change(TEXT, None, key, old.texts.get(key), new.texts.get(key)))
    return changes
