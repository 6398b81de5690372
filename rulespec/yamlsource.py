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

from pathlib import Path
from typing import Any

import yaml

from rulespec.controls import refuse_controls
from rulespec.errors import Position, RuleError
from rulespec.numbers import MAX_NUMBER_CHARS, out_of_range
from rulespec.paths import MAX_FILE_BYTES, read_limited
from rulespec.yamlbounds import MAX_DEPTH, MAX_EVENTS, MAX_EXPANDED_CHARS, MAX_VALUES, compose, error_at, source_line
from rulespec.yamldocument import Document, Location, PathKey

__all__ = [
    "MAX_DEPTH",
    "MAX_EVENTS",
    "MAX_EXPANDED_CHARS",
    "MAX_FILE_BYTES",
    "MAX_VALUES",
    "Document",
    "Location",
    "parse_yaml",
    "read_yaml",
]

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
        return error_at(text, path, mark, "a tab character is not allowed here", "indent with spaces, not tabs")
    if problem.startswith("found character") and "cannot start any token" in problem:
        char = problem.split("'")[1] if problem.count("'") >= 2 else "?"
        return error_at(
            text, path, mark, f"a value cannot start with '{char}'", f'put the value in quotes, e.g. "{char}…"'
        )
    if opened == "quote" and "end of stream" in problem:
        return error_at(text, path, start, "this quoted text is never closed", "end it with the same quote")
    if opened in ("'['", "'{'"):
        closer = "]" if opened == "'['" else "}"
        if "<stream end>" in problem:
            return error_at(text, path, start, f"this {opened} is never closed", f"close it with '{closer}'")
        return error_at(
            text, path, mark, f"expected ',' or '{closer}' here", f"the {opened} at {where} is not closed before this"
        )
    if problem == "mapping values are not allowed here":
        return error_at(
            text,
            path,
            mark,
            "unexpected ':' here",
            "text that contains ': ' must be in quotes; otherwise check this line's indentation",
        )
    if problem.startswith("expected <block end>"):
        return error_at(
            text,
            path,
            mark,
            "this line's indentation does not fit the lines above it",
            "the keys of one mapping, and the items of one list, start in the same column",
        )
    if problem.startswith("found unknown escape character"):
        char = problem.rsplit(" ", 1)[-1].strip("'")
        return error_at(
            text,
            path,
            mark,
            f"unknown escape '\\{char}' in double-quoted text",
            "write a backslash as \\\\, or use single quotes",
        )
    if problem.startswith("found undefined alias"):
        name = problem.rsplit(" ", 1)[-1].strip("'")
        return error_at(text, path, mark, f"unknown anchor '*{name}'", f"define it first with '&{name}'")
    if context.startswith("expected a single document"):
        return error_at(text, path, mark, "a rule file holds one YAML document", "remove the '---' line")
    for word, plain in _YAML_WORDS.items():
        problem = problem.replace(word, plain)
    return error_at(text, path, mark, f"YAML syntax error: {problem}")


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
        return error_at(self.text, self.path, node.start_mark, message, hint)

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


def parse_yaml(text: str, path: str = "<string>") -> Document:
    """Parse YAML text safely into a :class:`Document`; raise :class:`RuleError` on any problem."""
    # A byte order mark (Windows editors write one) is not the document's: libyaml's offsets do
    # not count it, so the text kept with them must not hold it (a locale writer keeps it: localeedit).
    text = text.removeprefix("\ufeff")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RuleError(f"file is larger than {MAX_FILE_BYTES} bytes", Position(path))
    try:
        node = compose(text, path)
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
            source_line(text, line),
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
