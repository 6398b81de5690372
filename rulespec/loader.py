"""Finding, reading and layering rule sets: folders of YAML files and ``extends``.

A rule set reference is a bundled name (``combo-whist``, ``combo-whist@1.4.2``) or a path to
a YAML file or a folder of them. A folder's files (``*.yaml``, sorted) are one rule set.
``extends: PARENT`` layers a rule set on its parent:

* ``game`` and ``groups`` merge key by key (a list replaces the parent's; ``null`` removes);
* a bid whose id the parent has changes only the fields it names (``null`` removes one);
* a bid with a new id is added; ``remove_bids`` drops parent bids.

The merged data keeps, for every value, the file and place it came from, so errors in the
compiled rule set still point at the right line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec import knownvalid, paths
from rulespec.errors import Position, RuleError, RuleErrors
from rulespec.header import header_problems, read_header, without_header
from rulespec.locate import BUNDLED_DIR as BUNDLED_DIR
from rulespec.locate import bundled_names as bundled_names
from rulespec.locate import bundled_versions as bundled_versions
from rulespec.locate import locate
from rulespec.namehints import bid_hint
from rulespec.validation import validate_document
from rulespec.yamlsource import Document, read_yaml

MAX_EXTENDS_DEPTH = 16

Key = tuple[Any, ...]


@dataclass(frozen=True)
class Source:
    """Where a merged value came from: a document and the value's path inside it."""

    doc: Document
    key: Key


@dataclass
class Merged:
    """A rule set's data after ``extends``, with the origin of every value."""

    name: str
    version: str
    game: dict[str, Any] = field(default_factory=dict)
    groups: dict[str, Any] = field(default_factory=dict)
    bids: dict[str, dict[str, Any]] = field(default_factory=dict)
    origin: dict[Key, Source] = field(default_factory=dict)
    lineage: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    applied: list[str] = field(default_factory=list)  # its files in the order they were merged, parents first
    first_defaults: dict[str, Any] = field(
        default_factory=dict
    )  # an option's default where first declared, once changed
    digest: str | None = None  # what its schema checks read (:func:`knownvalid.chain_digest`)
    #: A bad name or version (``load_merged(defer_header=True)``): to report with the build's problems.
    header_problems: list[RuleError] = field(default_factory=list)

    def source(self, key: Key) -> Source | None:
        """The origin of the value at ``key`` (or of its nearest recorded ancestor)."""
        while key:
            if key in self.origin:
                return self.origin[key]
            key = key[:-1]
        return None

    def get(self, key: Key) -> Any:
        value: Any = {"game": self.game, "groups": self.groups, "bids": self.bids}
        for part in key:
            if (
                isinstance(value, dict)
                and part in value
                or isinstance(value, list)
                and isinstance(part, int)
                and part < len(value)
            ):
                value = value[part]
            else:
                return None
        return value

    def error(self, key: Key, message: str, hint: str | None = None, offset: int | None = None) -> RuleError:
        """A :class:`RuleError` at the value at ``key`` (at ``offset`` inside it if given)."""
        src = self.source(key)
        if src is None:
            return RuleError(message, None, hint)
        sub = src.key + key[len(_resolved_prefix(self, key, src)) :]
        pos = src.doc.position_in_scalar(sub, offset) if offset is not None else src.doc.position(sub)
        return RuleError(message, pos, hint, src.doc.source_line(pos.line))


def _resolved_prefix(merged: Merged, key: Key, src: Source) -> Key:
    while key and merged.origin.get(key) is not src:
        key = key[:-1]
    return key


def _record(merged: Merged, dst: Key, doc: Document, src: Key, value: Any) -> None:
    merged.origin[dst] = Source(doc, src)
    if isinstance(value, dict):
        for k, v in value.items():
            _record(merged, (*dst, k), doc, (*src, k), v)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _record(merged, (*dst, i), doc, (*src, i), v)


def _forget(merged: Merged, dst: Key) -> None:
    for key in [k for k in merged.origin if k[: len(dst)] == dst]:
        del merged.origin[key]


def _merge_mapping(
    merged: Merged, target: dict[str, Any], dst: Key, doc: Document, src: Key, overlay: dict[str, Any]
) -> None:
    for k, v in overlay.items():
        if dst == _OPTIONS and v is not None and not isinstance(v, dict):
            _short_option(merged, target, k, doc, (*src, k), v)
            continue
        if isinstance(v, dict) and isinstance(target.get(k), dict):
            # Merged key by key: the values the overlay does not name keep their origin.
            merged.origin[(*dst, k)] = Source(doc, (*src, k))
            _merge_mapping(merged, target[k], (*dst, k), doc, (*src, k), v)
            continue
        if dst[:-1] == _OPTIONS and k == "default" and "default" in target:  # (its kind stays: build)
            merged.first_defaults.setdefault(dst[-1], target["default"])
        _forget(merged, (*dst, k))
        if v is None:
            target.pop(k, None)
        else:
            target[k] = _copy(v)
            _record(merged, (*dst, k), doc, (*src, k), v)


#: Where a scalar is the short form of a mapping: ``game.options``' ``rounds: 3`` is ``{default: 3}``.
_OPTIONS: Key = ("game", "options")


def _short_option(merged: Merged, target: dict[str, Any], name: str, doc: Document, src: Key, value: Any) -> None:
    """An option written short: its default. Over a parent's declaration it changes only the
    default, so a house rule's ``rounds: 5`` keeps the parent's bounds (docs/writing-rules.md §2.4)."""
    dst = (*_OPTIONS, name)
    if not isinstance(target.get(name), dict):
        _forget(merged, dst)
        target[name] = {}
    if "default" in target[name]:
        merged.first_defaults.setdefault(name, target[name]["default"])
    target[name]["default"] = value
    merged.origin[dst] = merged.origin[(*dst, "default")] = Source(doc, src)


def _copy(value: Any) -> Any:
    """A deep copy of YAML data; ``null`` values of mappings are dropped (they mean "absent")."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _overlay(base: Any, overlay: Any) -> Any:
    """What ``overlay`` merged over ``base`` gives (as :func:`_merge_mapping` does), for validation.

    A ``null`` that removes something of ``base`` disappears; any other ``null`` stays, so that the
    schema reports it (there is nothing to remove there).
    """
    if not isinstance(base, dict) or not isinstance(overlay, dict):
        return overlay
    result = dict(base)
    for k, v in overlay.items():
        if v is None and k in base:
            del result[k]
        else:
            result[k] = _overlay(base.get(k), v) if isinstance(v, dict) else v
    return result


def _validation_view(merged: Merged, doc: Document) -> Document:
    """``doc`` as it reads over the rule set merged so far: what the schema must accept.

    A child file names only what it changes, so its mappings are completed from the parent's
    before validation (a child may change ``game.deck.ranks`` without repeating the suits), and
    the merged result is checked (removing a required key with ``null`` is an error).
    Positions stay those of ``doc``: the view keeps its keys and list indexes.
    """
    data = doc.data
    if not isinstance(data, dict):
        return doc
    view = dict(data)
    for section, base in (("game", merged.game), ("groups", merged.groups)):
        if isinstance(data.get(section), dict):
            view[section] = _overlay(base, data[section])
    removed = data.get("remove_bids")
    removed = set(removed) if isinstance(removed, list) and all(isinstance(r, str) for r in removed) else set()
    if isinstance(data.get("bids"), list):
        view["bids"] = [
            _overlay(merged.bids[bid["id"]], bid)
            if isinstance(bid, dict)
            and isinstance(bid.get("id"), str)
            and bid["id"] in merged.bids
            and bid["id"] not in removed
            else bid
            for bid in data["bids"]
        ]
    return dataclasses.replace(doc, data=view)


# --- finding rule sets ------------------------------------------------------------------


def read_documents(path: Path, budget: paths.Budget | None = None) -> list[Document]:
    """The YAML documents of a rule set file or folder (within ``budget`` bytes together)."""
    budget = budget or paths.Budget()
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
        if not files:
            raise RuleError("folder holds no .yaml rule files", Position(str(path)))
        for file in files:  # a link in a shared folder must not lead out of it either
            try:
                paths.check_allowed(file, str(path))
            except RuleError as exc:
                raise RuleError(exc.message, Position(str(file)), exc.hint) from None
            budget.take(file, file.stat().st_size)  # refused before reading (and parsing) any of them
        return [read_yaml(p) for p in files]
    budget.take(path, path.stat().st_size)
    return [read_yaml(path)]


# --- layering ---------------------------------------------------------------------------


def load_merged(
    ref: str,
    relative_to: Path | None = None,
    _stack: tuple[str, ...] = (),
    named_in: str | None = None,
    _budget: paths.Budget | None = None,
    defer_header: bool = False,
) -> Merged:
    """Read a rule set and everything it extends; validate each file; merge child over parent.

    ``named_in``: the file that named ``ref`` (a record, a scenario), None when the user typed it.
    ``defer_header``: when the only problems are the rule set's own name or version, return it
    with them in ``header_problems`` (the caller reports them with what it finds next).
    """
    path, wanted_version = locate(ref, relative_to, named_in)
    if not _stack:
        with paths.rooted(path):
            return _load_merged(path, wanted_version, _stack, paths.Budget(), defer_header)
    return _load_merged(path, wanted_version, _stack, _budget or paths.Budget())


def _load_merged(
    path: Path, wanted_version: str | None, _stack: tuple[str, ...], budget: paths.Budget, defer_header: bool = False
) -> Merged:
    identity = str(path.resolve())
    if identity in _stack:
        raise RuleError("rule sets extend each other in a cycle: " + " -> ".join([*_stack, identity]))
    if len(_stack) >= MAX_EXTENDS_DEPTH:
        raise RuleError(f"more than {MAX_EXTENDS_DEPTH} levels of extends")
    docs = read_documents(path, budget)
    own = knownvalid.own_digest(docs)  # a bundled rule set's checks passed when it was shipped: not made again
    head_problems, stop = ([], False) if knownvalid.known(own) else header_problems(docs)
    if stop:
        raise RuleErrors(head_problems)
    header = read_header(docs)  # a bad name or version: reported with the problems of the rest, below
    base_dir = path if path.is_dir() else path.parent
    if header.extends:
        named_in = header.extends_doc.path if header.extends_doc else str(path)
        try:
            merged = load_merged(header.extends, base_dir, (*_stack, identity), named_in, budget)
        except RuleError as exc:
            if exc.position is not None or header.extends_doc is None:
                raise
            raise header.extends_doc.error(("extends",), f"bad extends: {exc.message}", exc.hint) from None
        if header.name is None:
            header.name = merged.name
    else:
        if header.name is None and not head_problems:
            raise docs[0].error((), "a rule set needs a name: add 'ruleset: NAME'")
        merged = Merged(name=header.name or "", version=header.version or "0")
    merged.name = header.name or merged.name
    merged.version = header.version or merged.version
    if wanted_version and merged.version != wanted_version:
        raise RuleError(
            f"rule set '{merged.name}' has no version {wanted_version}",
            None,
            "known versions: " + ", ".join([*bundled_versions(merged.name), merged.version]),
        )
    chain = knownvalid.chain_digest(own, merged.digest if header.extends else None)
    checked = not knownvalid.known(chain)
    problems: list[RuleError] = []
    family = _Family(
        (f"{merged.name}@{merged.version}", *merged.lineage), (*[doc.path for doc in docs], *merged.sources)
    )
    for doc in docs:
        view = without_header(_validation_view(merged, doc))
        doc_problems = validate_document(view, bid_named=family.bid_named) if checked else []
        if doc_problems:
            problems.extend(doc_problems)
            continue
        try:
            _apply(merged, doc)
            _check_removed(merged, doc)
        except RuleError as exc:
            problems.append(exc)
    if problems or (head_problems and not defer_header):
        raise RuleErrors([*head_problems, *problems])
    merged.header_problems = head_problems
    if not head_problems:
        knownvalid.passed(own, chain)
    merged.digest = chain
    merged.lineage.insert(0, f"{merged.name}@{merged.version}")
    merged.sources[:0] = [doc.path for doc in docs]
    return merged


@dataclass(frozen=True)
class _Family:
    """A rule set still loading, as far as finding its locale files goes (:class:`rulespec.locale.Family`)."""

    lineage: tuple[str, ...]
    sources: tuple[str, ...]

    def bid_named(self, name: str) -> str | None:
        from rulespec.namehints import bid_id_named  # reads locale files: only for a hint

        return bid_id_named(name, self)


def _apply(merged: Merged, doc: Document) -> None:
    data = doc.data
    merged.applied.append(doc.path)
    if "game" in data:
        merged.origin.setdefault(("game",), Source(doc, ("game",)))
        _merge_mapping(merged, merged.game, ("game",), doc, ("game",), data["game"])
    if "groups" in data:
        _merge_mapping(merged, merged.groups, ("groups",), doc, ("groups",), data["groups"])
    for i, bid_id in enumerate(data.get("remove_bids", [])):
        if bid_id not in merged.bids:
            raise doc.error(
                ("remove_bids", i),
                f"cannot remove unknown bid '{bid_id}'",
                bid_hint(bid_id, merged.bids, merged.lineage),
            )
        del merged.bids[bid_id]
        _forget(merged, ("bids", bid_id))
    seen: set[str] = set()
    for i, bid in enumerate(data.get("bids", [])):
        bid_id = bid["id"]
        if bid_id in seen:
            raise doc.error(("bids", i, "id"), f"bid '{bid_id}' is defined twice in this file")
        seen.add(bid_id)
        dst: Key = ("bids", bid_id)
        if bid_id in merged.bids:
            _merge_mapping(merged, merged.bids[bid_id], dst, doc, ("bids", i), bid)
        else:
            merged.bids[bid_id] = _copy(bid)
            _record(merged, dst, doc, ("bids", i), bid)


def _names(value: object, wanted: str) -> bool:
    """Whether a bid's data names ``wanted`` in a list (``incompatible``, ``events_after``, ...)."""
    if isinstance(value, dict):
        return any(_names(v, wanted) for v in value.values())
    if isinstance(value, list):
        return wanted in value or any(_names(v, wanted) for v in value)
    return False


def _check_removed(merged: Merged, doc: Document) -> None:
    """A bid this file removes that other bids or the match's schedules still name: said at its
    ``remove_bids`` entry, with what names it (not later, somewhere in the parent's files)."""
    if not isinstance(doc.data, dict):
        return
    for i, bid_id in enumerate(doc.data.get("remove_bids", [])):
        if _names(merged.game.get("match"), bid_id):  # (else told three times, in the parent's schedules)
            raise doc.error(
                ("remove_bids", i),
                f"cannot remove '{bid_id}': the match's schedule plays it",
                "take it out of every schedule in game.match.schedules too, or keep the bid",
            )
        users = sorted(other for other, data in merged.bids.items() if _names(data, bid_id))
        users += sorted(f"group '{g}'" for g, data in merged.groups.items() if _names(data, bid_id))
        if users:
            raise doc.error(
                ("remove_bids", i),
                f"cannot remove '{bid_id}': still named by {', '.join(users)}",
                f"remove those bids too, or give them an 'incompatible' list without '{bid_id}'",
            )
