"""How big a YAML file may be, and composing it within those bounds.

A rule file comes from a stranger: before anything is built from it its nesting depth, its
number of YAML events and values, and the text it stands for once aliases are expanded (the
"billion laughs") are bounded. Two ways measure the same bounds: the pure-Python parser's event
stream is walked (:func:`_check_shape`, which also locates the error), and libyaml's composed tree
is measured once (:func:`_within_bounds`, fast). :func:`compose` uses whichever PyYAML has.
:mod:`rulespec.yamlsource` turns the node tree into a located document.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from rulespec.errors import Position, RuleError

MAX_DEPTH = 40
MAX_EVENTS = 200_000
MAX_VALUES = 100_000
#: Most characters of text a document may stand for once aliases are expanded.
MAX_EXPANDED_CHARS = 2_000_000


def mark_position(path: str, mark: Any) -> Position:
    """``mark``: a PyYAML mark (pure Python or libyaml's), or None."""
    if mark is None:
        return Position(path)
    return Position(path, mark.line + 1, mark.column + 1)


def source_line(text: str, line: int) -> str | None:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def error_at(text: str, path: str, mark: Any, message: str, hint: str | None = None) -> RuleError:
    pos = mark_position(path, mark)
    return RuleError(message, pos, hint, source_line(text, pos.line))


def _check_shape(text: str, path: str, loader: Any = yaml.SafeLoader) -> None:
    """Walk the event stream (no recursion, no expansion) to bound depth and size.

    The number of values the document stands for is counted with every alias (``*name``)
    as large as its anchor, so a file that multiplies an anchor (the "billion laughs") is
    refused at the first alias that goes over :data:`MAX_VALUES`, before anything is built.
    """
    depth = 0
    values = 0  # values built so far, as _Builder counts them: keys not included, aliases in full
    expanded = 0  # characters of text the document stands for, aliases in full
    aliases = 0
    anchor_sizes: dict[str, int] = {}
    anchor_bytes: dict[str, int] = {}
    frames: list[_Frame] = []  # the open collections, innermost last
    for count, event in enumerate(yaml.parse(text, Loader=loader), start=1):
        if count > MAX_EVENTS:
            raise error_at(text, path, event.start_mark, f"file is too large (more than {MAX_EVENTS} YAML events)")
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
            frame = frames.pop()
            if frame.anchor is not None:
                anchor_sizes[frame.anchor] = frame.size
                anchor_bytes[frame.anchor] = frame.bytes
            if frames:
                frames[-1].size += frame.size
                frames[-1].bytes += frame.bytes
            continue
        if not isinstance(event, (yaml.CollectionStartEvent, yaml.ScalarEvent, yaml.AliasEvent)):
            continue
        is_key = bool(frames) and frames[-1].next_is_key()
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise error_at(
                    text,
                    path,
                    event.start_mark,
                    f"nesting is deeper than {MAX_DEPTH} levels",
                    "rule files need only a few levels; flatten the data",
                )
            frames.append(_Frame(event.anchor, isinstance(event, yaml.MappingStartEvent)))
            size = 1
            length = 0
        elif isinstance(event, yaml.ScalarEvent):
            size = 0 if is_key else 1
            length = len(event.value)
            if event.anchor is not None:
                anchor_sizes[event.anchor] = 1
                anchor_bytes[event.anchor] = length
        else:
            anchor = str(event.anchor)
            size = 0 if is_key else anchor_sizes.get(anchor, 1)
            length = anchor_bytes.get(anchor, 0)
        values += size
        expanded += length
        if expanded > MAX_EXPANDED_CHARS:
            raise error_at(
                text,
                path,
                event.start_mark,
                f"file expands to more than {MAX_EXPANDED_CHARS} characters of text",
                "aliases (*name) repeat their anchor's text in full; write the data out",
            )
        aliases += isinstance(event, yaml.AliasEvent)
        if values > MAX_VALUES and aliases:
            raise error_at(
                text,
                path,
                event.start_mark,
                f"file expands to more than {MAX_VALUES} values",
                "aliases (*name) that repeat large anchors multiply the size; write the data out",
            )
        if values > MAX_VALUES:
            raise error_at(text, path, event.start_mark, f"file is too large (more than {MAX_VALUES} values)")
        if frames and not isinstance(event, yaml.CollectionStartEvent):
            frames[-1].size += size
            frames[-1].bytes += length


@dataclass
class _Frame:
    """One open collection while :func:`_check_shape` walks the events."""

    anchor: str | None
    is_mapping: bool
    size: int = 1  # values it stands for, itself included
    bytes: int = 0  # characters of text it stands for
    children: int = 0

    def next_is_key(self) -> bool:
        """Count one more child; whether it is a mapping key (keys and values alternate)."""
        self.children += 1
        return self.is_mapping and self.children % 2 == 1


#: libyaml's parser, when PyYAML was built with it: the same nodes and marks, several times faster.
_C_LOADER = getattr(yaml, "CSafeLoader", None)


@cache
def _c_nesting_is_bounded() -> bool:
    """Whether libyaml refuses deep nesting itself (it does since 0.2.5: at 1,000 levels), so that
    its composer, which recurses in C, may see a file before the depth is checked."""
    assert _C_LOADER is not None
    try:
        yaml.compose("[" * 2_000 + "]" * 2_000, Loader=_C_LOADER)
    except yaml.YAMLError:
        return True
    return False


def compose(text: str, path: str) -> Any:
    """The document's node tree, within the bounds :func:`_check_shape` enforces.

    With libyaml, the file is composed first and the tree measured (:func:`_within_bounds`, each
    node once, aliases by their anchor's size); only a file out of bounds is walked again by
    :func:`_check_shape`, for the located message. A file the C parser refuses is read again by
    the pure-Python one, so that errors have its messages and positions."""
    if _C_LOADER is not None:
        try:
            if not _c_nesting_is_bounded():
                _check_shape(text, path, _C_LOADER)
                return yaml.compose(text, Loader=_C_LOADER)
            node = yaml.compose(text, Loader=_C_LOADER)
            if node is None or _within_bounds(node):
                return node
            _check_shape(text, path, _C_LOADER)  # raises the located error
            return node  # pragma: no cover - _within_bounds counts as _check_shape does
        except yaml.YAMLError:
            pass
    _check_shape(text, path)
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _within_bounds(root: yaml.Node) -> bool:
    """Whether a composed document keeps :func:`_check_shape`'s bounds, counted as it counts them:
    depth, events, values (keys not included, an alias as large as its anchor) and characters.

    Without recursion, and each node once: an alias is its anchored node met again, whose size
    is known by then (or 1 and no text when the alias sits inside its own anchor)."""
    if not isinstance(root, yaml.CollectionNode):
        return True
    sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (values, characters) it stands for
    open_ids = {id(root)}
    events = 6  # stream and document start and end, the root's start and end
    frames: list[list[Any]] = [[root, _children(root), 0, 1, 0]]  # node, children, next child, values, characters
    while frames:
        frame = frames[-1]
        node, children, index = frame[0], frame[1], frame[2]
        if index == len(children):
            frames.pop()
            open_ids.discard(id(node))
            sizes[id(node)] = (frame[3], frame[4])
            if frames:
                frames[-1][3] += frame[3]
                frames[-1][4] += frame[4]
            continue
        frame[2] = index + 1
        child, is_key = children[index]
        ident = id(child)
        if ident in sizes or ident in open_ids:  # an alias
            events += 1
            values, chars = sizes.get(ident, (1, 0))
        elif isinstance(child, yaml.ScalarNode):
            events += 1
            values, chars = 1, len(child.value)
            sizes[ident] = (values, chars)
        else:
            events += 2
            open_ids.add(ident)
            frames.append([child, _children(child), 0, 1, 0])
            if len(frames) > MAX_DEPTH or events > MAX_EVENTS:
                return False
            continue
        frame[3] += 0 if is_key else values
        frame[4] += chars
    values, chars = sizes[id(root)]
    return events <= MAX_EVENTS and values <= MAX_VALUES and chars <= MAX_EXPANDED_CHARS


def _children(node: yaml.Node) -> list[tuple[yaml.Node, bool]]:
    """A collection's children in document order, each with whether it is a mapping key."""
    if isinstance(node, yaml.MappingNode):
        return [(part, k == 0) for pair in node.value for k, part in enumerate(pair)]
    return [(child, False) for child in node.value]
