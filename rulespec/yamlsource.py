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

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rulespec.controls import refuse_controls
from rulespec.errors import Position, RuleError
from rulespec.numbers import MAX_NUMBER_CHARS, out_of_range
from rulespec.paths import MAX_FILE_BYTES, read_limited
from rulespec.yamldocument import Document, Location, PathKey

__all__ = ["MAX_FILE_BYTES", "Document", "Location", "parse_yaml", "read_yaml"]
MAX_DEPTH = 40
MAX_EVENTS = 200_000
MAX_VALUES = 100_000
#: Most characters of text a document may stand for once aliases are expanded.
MAX_EXPANDED_CHARS = 2_000_000



def _mark_position(path: str, mark: Any) -> Position:
    """``mark``: a PyYAML mark (pure Python or libyaml's), or None."""
    if mark is None:
        return Position(path)
    return Position(path, mark.line + 1, mark.column + 1)


def _line(text: str, line: int) -> str | None:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def _error_at(text: str, path: str, mark: Any, message: str, hint: str | None = None) -> RuleError:
    pos = _mark_position(path, mark)
    return RuleError(message, pos, hint, _line(text, pos.line))


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
            raise _error_at(text, path, event.start_mark, f"file is too large (more than {MAX_EVENTS} YAML events)")
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
                raise _error_at(
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
            raise _error_at(
                text,
                path,
                event.start_mark,
                f"file expands to more than {MAX_EXPANDED_CHARS} characters of text",
                "aliases (*name) repeat their anchor's text in full; write the data out",
            )
        aliases += isinstance(event, yaml.AliasEvent)
        if values > MAX_VALUES and aliases:
            raise _error_at(
                text,
                path,
                event.start_mark,
                f"file expands to more than {MAX_VALUES} values",
                "aliases (*name) that repeat large anchors multiply the size; write the data out",
            )
        if values > MAX_VALUES:
            raise _error_at(text, path, event.start_mark, f"file is too large (more than {MAX_VALUES} values)")
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


#: PyYAML's words for the parts of a file, in plain words.
_YAML_WORDS = {
    "<block end>": "the end of an indented block",
    "<block mapping start>": "a new indented block",
    "<block sequence start>": "a new indented list",
    "<block entry>": "a list item ('- ')",
    "<stream end>": "the end of the file",
    "<document start>": "'---'",
    "<scalar>": "a value",
    "<flow mapping start>": "'{'",
    "<flow sequence start>": "'['",
    "'?'": "a new key",
}

_OPENERS = {"flow sequence": "'['", "flow mapping": "'{'", "quoted scalar": "quote", "double-quoted scalar": "quote"}


def _syntax_error(text: str, path: str, exc: yaml.MarkedYAMLError) -> RuleError:
    """A YAML syntax error in plain words, at the place a person has to fix."""
    problem = exc.problem or exc.context or "invalid YAML"
    context = exc.context or ""
    mark = exc.problem_mark or exc.context_mark
    opened = next((name for key, name in _OPENERS.items() if context.endswith(key)), None)
    start = exc.context_mark
    where = f"line {start.line + 1}, column {start.column + 1}" if start is not None else ""
    if "'\\t'" in problem or "tab character" in problem:
        return _error_at(text, path, mark, "a tab character is not allowed here", "indent with spaces, not tabs")
    if problem.startswith("found character") and "cannot start any token" in problem:
        char = problem.split("'")[1] if problem.count("'") >= 2 else "?"
        return _error_at(
            text, path, mark, f"a value cannot start with '{char}'", f'put the value in quotes, e.g. "{char}…"'
        )
    if opened == "quote" and "end of stream" in problem:
        return _error_at(text, path, start, "this quoted text is never closed", "end it with the same quote")
    if opened in ("'['", "'{'"):
        closer = "]" if opened == "'['" else "}"
        if "<stream end>" in problem:
            return _error_at(text, path, start, f"this {opened} is never closed", f"close it with '{closer}'")
        return _error_at(
            text, path, mark, f"expected ',' or '{closer}' here", f"the {opened} at {where} is not closed before this"
        )
    if problem == "mapping values are not allowed here":
        return _error_at(
            text,
            path,
            mark,
            "unexpected ':' here",
            "text that contains ': ' must be in quotes; otherwise check this line's indentation",
        )
    if problem.startswith("expected <block end>"):
        return _error_at(
            text,
            path,
            mark,
            "this line's indentation does not fit the lines above it",
            "the keys of one mapping, and the items of one list, start in the same column",
        )
    if problem.startswith("found unknown escape character"):
        char = problem.rsplit(" ", 1)[-1].strip("'")
        return _error_at(
            text,
            path,
            mark,
            f"unknown escape '\\{char}' in double-quoted text",
            "write a backslash as \\\\, or use single quotes",
        )
    if problem.startswith("found undefined alias"):
        name = problem.rsplit(" ", 1)[-1].strip("'")
        return _error_at(text, path, mark, f"unknown anchor '*{name}'", f"define it first with '&{name}'")
    if context.startswith("expected a single document"):
        return _error_at(text, path, mark, "a rule file holds one YAML document", "remove the '---' line")
    for word, plain in _YAML_WORDS.items():
        problem = problem.replace(word, plain)
    return _error_at(text, path, mark, f"YAML syntax error: {problem}")


#: Tags a rule file may carry (explicitly or implicitly): the plain JSON-like values, and dates.
_ALLOWED_TAGS = {
    "tag:yaml.org,2002:" + name for name in ("map", "seq", "str", "int", "float", "bool", "null", "timestamp")
}


_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
_STR_TAG = "tag:yaml.org,2002:str"


class _Builder:
    """Turns a composed node tree into plain data, recording locations as it goes."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.locations: dict[PathKey, Location] = {}
        self.key_locations: dict[PathKey, Location] = {}
        self.count = 0
        self.building: set[int] = set()  # the collections being built (an alias of one is a cycle)
        self.constructor = yaml.constructor.SafeConstructor()

    def error(self, node: yaml.Node, message: str, hint: str | None = None) -> RuleError:
        return _error_at(self.text, self.path, node.start_mark, message, hint)

    def build(self, node: yaml.Node, key: PathKey) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:  # _check_shape refuses such files first; this is a backstop
            raise self.error(
                node,
                f"file expands to more than {MAX_VALUES} values",
                "aliases (*name) that repeat large anchors multiply the size; write the data out",
            )
        if node.tag not in _ALLOWED_TAGS:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise self.error(node, f"unsupported tag '{tag}'", "rule files hold plain values; remove the tag")
        style = (node.style or None) if isinstance(node, yaml.ScalarNode) else None  # libyaml: "" for plain
        self.locations[key] = Location(
            node.start_mark.line + 1,
            node.start_mark.column + 1,
            node.start_mark.index,
            node.end_mark.index,
            style,
        )
        if isinstance(node, yaml.CollectionNode):
            if id(node) in self.building:  # `a: &x [*x]`: the composer makes a cycle of it
                raise self.error(
                    node, "this value contains an alias (*name) of itself", "a value cannot hold itself; write it out"
                )
            self.building.add(id(node))
            try:
                if isinstance(node, yaml.MappingNode):
                    return self._mapping(node, key)
                return [self.build(child, (*key, i)) for i, child in enumerate(node.value)]
            finally:
                self.building.discard(id(node))
        if node.tag in _NUMBER_TAGS and len(node.value) > MAX_NUMBER_CHARS:  # before converting it
            raise self.error(node, f"number is too long ({len(node.value)} characters)")
        if node.tag == _STR_TAG:  # most values: text as written, nothing to convert
            return node.value
        try:
            value = self.constructor.construct_object(node)
        except ValueError:  # e.g. a whole number of thousands of digits
            raise self.error(node, f"number is too long ({len(node.value)} characters)") from None
        except yaml.YAMLError as exc:
            problem = getattr(exc, "problem", None) or "cannot be read"
            raise self.error(node, f"bad value: {problem}") from None
        problem = out_of_range(value) if node.tag in _NUMBER_TAGS else None
        if problem is not None:
            raise self.error(node, problem)
        return value

    def _mapping(self, node: yaml.MappingNode, key: PathKey) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.error(
                    key_node, "merge keys (<<) are not supported in rule files", "write the keys out in full"
                )
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.error(key_node, "mapping keys must be plain names")
            name = str(key_node.value)
            if name in result:
                first = self.key_locations[(*key, name)]
                raise self.error(
                    key_node,
                    f"duplicate key '{name}'",
                    f"'{name}' is already given at line {first.line}; each key may appear once in a mapping",
                )
            self.key_locations[(*key, name)] = Location(
                key_node.start_mark.line + 1,
                key_node.start_mark.column + 1,
                key_node.start_mark.index,
                key_node.end_mark.index,
                key_node.style or None,
            )
            result[name] = self.build(value_node, (*key, name))
        return result


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


def _compose(text: str, path: str) -> Any:
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


def parse_yaml(text: str, path: str = "<string>") -> Document:
    """Parse YAML text safely into a :class:`Document`; raise :class:`RuleError` on any problem."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RuleError(f"file is larger than {MAX_FILE_BYTES} bytes", Position(path))
    try:
        node = _compose(text, path)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(text, path, exc) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise RuleError(
            f"the character U+{ord(char):04X} is not allowed in a YAML file",
            Position(path, line, column),
            "remove it, or write it as an escape (\\uXXXX) inside double quotes",
            _line(text, line),
        ) from None
    except yaml.YAMLError as exc:
        raise RuleError(f"YAML error: {exc}", Position(path)) from None
    except RecursionError:
        raise RuleError("nesting is too deep", Position(path)) from None
    if node is None:
        return Document(path, text, None, {})
    builder = _Builder(path, text)
    try:
        data = builder.build(node, ())
    except RecursionError:  # aliases of anchors nested in anchors: deep once written out
        hint = "aliases (*name) nest their anchors; write the data out"
        raise RuleError("nesting is too deep", Position(path), hint) from None
    doc = Document(path, text, data, builder.locations, builder.key_locations)
    refuse_controls(doc)  # no terminal sequence or bidi override reaches a screen or a document
    return doc


def read_yaml(path: Path) -> Document:
    """Read and parse one YAML file (see :func:`parse_yaml`)."""
    raw = read_limited(Path(path))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        source = raw.splitlines()[line - 1].decode("utf-8", "replace") if raw.splitlines() else None
        raise RuleError(
            f"file is not UTF-8 text (byte 0x{raw[exc.start]:02X})",
            Position(str(path), line, column),
            "save the file as UTF-8",
            source,
        ) from None
    return parse_yaml(text, str(path))
