"""Safe YAML reading that remembers where every value came from.

Rule files come from strangers, so reading one must not run code, exhaust memory or hang:
only PyYAML's *safe* composer is used, the file size, nesting depth, number of events and
number of constructed values (which bounds alias expansion, the "billion laughs") are
limited, and duplicate keys are refused instead of silently overwritten.

Every value's position is kept in :class:`Document.locations`, keyed by its path in the
document (``("bids", 3, "requires")``), so later stages (schema, expressions, references)
can point at the exact line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulespec.errors import Position, RuleError

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 40
MAX_EVENTS = 200_000
MAX_VALUES = 100_000

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class Location:
    """Where one value starts and ends in its file (0-based indexes into the text)."""

    line: int  # 1-based
    column: int  # 1-based
    start: int
    end: int
    style: str | None  # YAML scalar style: None (plain), "'", '"', "|", ">"


@dataclass
class Document:
    """One parsed YAML file: plain Python data plus the position of every value."""

    path: str
    text: str
    data: Any
    locations: dict[PathKey, Location] = field(default_factory=dict)
    key_locations: dict[PathKey, Location] = field(default_factory=dict)

    def position(self, key: Sequence[str | int]) -> Position:
        """The position of the value at ``key``, or of its nearest located ancestor."""
        key = tuple(key)
        while key not in self.locations and key:
            key = key[:-1]
        loc = self.locations.get(key)
        if loc is None:
            return Position(self.path, 1, 1)
        return Position(self.path, loc.line, loc.column)

    def source_line(self, line: int) -> str | None:
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else None

    def error(self, key: Sequence[str | int], message: str, hint: str | None = None) -> RuleError:
        """A :class:`RuleError` pointing at the value at ``key``."""
        pos = self.position(key)
        return RuleError(message, pos, hint, self.source_line(pos.line))

    def key_error(self, key: Sequence[str | int], message: str, hint: str | None = None) -> RuleError:
        """A :class:`RuleError` pointing at a mapping *key* (e.g. an unknown one)."""
        loc = self.key_locations.get(tuple(key))
        if loc is None:
            return self.error(key[:-1], message, hint)
        pos = Position(self.path, loc.line, loc.column)
        return RuleError(message, pos, hint, self.source_line(pos.line))

    def position_in_scalar(self, key: Sequence[str | int], offset: int) -> Position:
        """The file position of character ``offset`` inside the string value at ``key``.

        Works for every scalar style: the value's non-blank characters appear in the same
        order in the source, so we count them on both sides.
        """
        loc = self.locations.get(tuple(key))
        value = self._value_at(key)
        if loc is None or not isinstance(value, str):
            return self.position(key)
        wanted = sum(1 for ch in value[:offset] if not ch.isspace())
        raw = self.text[loc.start : loc.end]
        skip = 0
        if loc.style in ("|", ">"):
            skip = raw.find("\n") + 1 if "\n" in raw else len(raw)
        elif loc.style in ("'", '"'):
            skip = 1
        index = loc.start + skip
        seen = 0
        while index < loc.end:
            ch = self.text[index]
            if not ch.isspace():
                if seen == wanted:
                    break
                seen += 1
            index += 1
        line = self.text.count("\n", 0, index) + 1
        column = index - (self.text.rfind("\n", 0, index) + 1) + 1
        return Position(self.path, line, column)

    def _value_at(self, key: Sequence[str | int]) -> Any:
        value = self.data
        try:
            for part in key:
                value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
        return value


def _mark_position(path: str, mark: yaml.Mark | None) -> Position:
    if mark is None:
        return Position(path)
    return Position(path, mark.line + 1, mark.column + 1)


def _check_shape(text: str, path: str) -> None:
    """Walk the event stream (no recursion, no expansion) to bound depth and size."""
    depth = 0
    lines = text.splitlines()
    for count, event in enumerate(yaml.parse(text, Loader=yaml.SafeLoader), start=1):
        if count > MAX_EVENTS:
            raise RuleError(f"file is too large (more than {MAX_EVENTS} YAML values)", Position(path))
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                pos = _mark_position(path, event.start_mark)
                line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
                raise RuleError(f"nesting is deeper than {MAX_DEPTH} levels", pos, None, line)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


class _Builder:
    """Turns a composed node tree into plain data, recording locations as it goes."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.locations: dict[PathKey, Location] = {}
        self.key_locations: dict[PathKey, Location] = {}
        self.count = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def error(self, node: yaml.Node, message: str, hint: str | None = None) -> RuleError:
        pos = _mark_position(self.path, node.start_mark)
        lines = self.text.splitlines()
        line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
        return RuleError(message, pos, hint, line)

    def build(self, node: yaml.Node, key: PathKey) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise self.error(
                node,
                f"file expands to more than {MAX_VALUES} values",
                "aliases (*name) that repeat large anchors multiply the size; write the data out",
            )
        style = node.style if isinstance(node, yaml.ScalarNode) else None
        self.locations[key] = Location(
            node.start_mark.line + 1,
            node.start_mark.column + 1,
            node.start_mark.index,
            node.end_mark.index,
            style,
        )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, key)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, (*key, i)) for i, child in enumerate(node.value)]
        try:
            return self.constructor.construct_object(node)
        except yaml.YAMLError as exc:
            raise self.error(node, f"bad value: {exc}") from None

    def _mapping(self, node: yaml.MappingNode, key: PathKey) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.error(key_node, "merge keys (<<) are not supported in rule files")
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.error(key_node, "mapping keys must be plain names")
            name = str(key_node.value)
            self.key_locations[(*key, name)] = Location(
                key_node.start_mark.line + 1,
                key_node.start_mark.column + 1,
                key_node.start_mark.index,
                key_node.end_mark.index,
                key_node.style,
            )
            if name in result:
                raise self.error(key_node, f"duplicate key '{name}'", "each key may appear once in a mapping")
            result[name] = self.build(value_node, (*key, name))
        return result


def parse_yaml(text: str, path: str = "<string>") -> Document:
    """Parse YAML text safely into a :class:`Document`; raise :class:`RuleError` on any problem."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RuleError(f"file is larger than {MAX_FILE_BYTES} bytes", Position(path))
    try:
        _check_shape(text, path)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = _mark_position(path, mark)
        lines = text.splitlines()
        line = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise RuleError(f"YAML syntax error: {problem}", pos, None, line) from None
    except yaml.YAMLError as exc:
        raise RuleError(f"YAML error: {exc}", Position(path)) from None
    except RecursionError:
        raise RuleError("nesting is too deep", Position(path)) from None
    if node is None:
        return Document(path, text, None, {})
    builder = _Builder(path, text)
    data = builder.build(node, ())
    return Document(path, text, data, builder.locations, builder.key_locations)


def read_yaml(path: Path) -> Document:
    """Read and parse one YAML file (see :func:`parse_yaml`)."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise RuleError(f"file is larger than {MAX_FILE_BYTES} bytes", Position(str(path)))
        raw = path.read_bytes()
    except OSError as exc:
        raise RuleError(f"cannot read file: {exc.strerror}", Position(str(path))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(f"file is not UTF-8 text (byte {exc.start})", Position(str(path))) from None
    return parse_yaml(text, str(path))
