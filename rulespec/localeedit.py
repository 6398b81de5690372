"""Editing a locale file in place: add entries, set texts, and prove nothing else changed.

Translators keep comments, order and layout in their files, so the translation tools never
regenerate a file that exists: they insert the lines they need, replace the one scalar they
were asked to change, and then read the result back. If the result does not hold exactly the
old texts plus the intended changes, the edit is refused (:class:`RuleError`) and the file is
left as it was — no tool may empty or change a translated entry it was not asked to change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from rulespec.atomic import write_atomically
from rulespec.errors import RuleError
from rulespec.locale import flatten, read_locale
from rulespec.yamlsource import Document, parse_yaml


def yaml_key(key: str) -> str:
    """A mapping key as written: plain when YAML reads it back as the same string, else quoted."""
    try:
        plain = yaml.safe_load(f"{key}: x")
    except yaml.YAMLError:
        plain = None
    return key if isinstance(plain, dict) and list(plain) == [key] else json.dumps(key, ensure_ascii=False)


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def yaml_text(text: str) -> str:
    """A text as a double-quoted YAML scalar (JSON's string syntax is a subset of YAML's), read back
    as the same text. What JSON leaves as it is but YAML reads otherwise is escaped: the characters
    YAML takes for line breaks (U+2028, U+2029, U+0085: a text holding one was read back with a
    space in its place, and the file's lines shifted) and those its reader refuses (U+007F …)."""
    written = json.dumps(text, ensure_ascii=False)
    if written.isprintable():
        return written
    return "".join(c if c.isprintable() else _escaped(c) for c in written)


def emit(
    tree: Mapping[str, Any],
    pad: str,
    lines: list[str],
    english: Mapping[str, str],
    prefix: str = "",
    label: str = "en",
) -> None:
    """Nested entries as YAML lines; a leaf is ``None`` (write ``""``) or its text. Each leaf
    gets the English text it translates in ``# en:`` comment lines above it (an English skeleton:
    what the text is for, ``# for:``)."""
    for key, value in tree.items():
        dotted = f"{prefix}.{key}" if prefix else str(key)
        shown = yaml_key(str(key))
        if isinstance(value, Mapping):
            lines.append(f"{pad}{shown}:")
            emit(value, pad + "  ", lines, english, dotted, label)
            continue
        for text_line in str(english.get(dotted, "")).splitlines() or [""]:
            lines.append(f"{pad}# {label}: {text_line}".rstrip())
        lines.append(f"{pad}{shown}: " + yaml_text("" if value is None else str(value)))


def nest(entries: Mapping[str, str | None], depth: int) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for key, value in entries.items():
        node = tree
        parts = key.split(".")[depth:]
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return tree


def _ancestor(doc: Document, parts: list[str]) -> tuple[str, ...]:
    """The longest present prefix of ``parts`` that is a mapping the new entry can go in."""
    node: Any = doc.data
    found: tuple[str, ...] = ()
    for part in parts[:-1]:
        if not isinstance(node, dict) or not isinstance(node.get(part), dict):
            break
        node = node[part]
        found = (*found, part)
    if isinstance(node, dict) and parts[len(found)] in node and len(found) < len(parts) - 1:
        raise RuleError(f"'{'.'.join(parts[: len(found) + 1])}' is a text, not a group of texts", None)
    return found


def _block_end(lines: list[str], key_line: int, indent: int) -> int:
    """The index after the last line of the block whose key is on line ``key_line`` (1-based)."""
    end = key_line  # index just after the key's own line
    for index in range(key_line, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        if len(line) - len(line.lstrip(" ")) <= indent:
            break
        end = index + 1
    return end


def _root_end(lines: list[str]) -> int:
    """Where new top-level keys go: before a trailing ``fingerprints:`` block and its comments."""
    for index, line in enumerate(lines):
        if line.startswith("fingerprints:"):
            while index > 0 and (lines[index - 1].startswith("#") or not lines[index - 1].strip()):
                index -= 1
            return index
    end = len(lines)
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return end


def add_entries(doc: Document, entries: Mapping[str, str | None], english: Mapping[str, str], label: str = "en") -> str:
    """The file's text with ``entries`` (dotted key → text, or None for ``""``) added where they
    belong, each with its English in a comment (``label``: see :func:`emit`). Existing lines are kept as they are."""
    lines = doc.text.splitlines()
    groups: dict[tuple[str, ...], dict[str, str | None]] = {}
    for key, value in entries.items():
        groups.setdefault(_ancestor(doc, key.split(".")), {})[key] = value
    inserts: list[tuple[int, int, list[str]]] = []
    for ancestor, members in groups.items():
        if not ancestor:
            at, pad = _root_end(lines), ""
        else:
            loc = doc.locations[ancestor]
            if doc.text[loc.start : loc.start + 1] in "{[":
                raise RuleError(
                    f"'{'.'.join(ancestor)}' is written in flow style ({{...}})",
                    doc.position(ancestor),
                    "write it as an indented block, then run the command again",
                )
            key_loc = doc.key_locations[ancestor]
            child = min(loc.column for k, loc in doc.key_locations.items() if k[:-1] == ancestor and len(k) > 0)
            pad = " " * (child - 1)
            at = _block_end(lines, key_loc.line, key_loc.column - 1)
        block: list[str] = []
        emit(nest(members, len(ancestor)), pad, block, english, ".".join(ancestor), label)
        inserts.append((at, -len(ancestor), block))
    # From the end of the file up; where blocks meet at one line (a nested block that ends the file
    # and new top-level keys), the shallower goes in first so that the deeper stays under its parent.
    for at, _, block in sorted(inserts, key=lambda item: item[:2], reverse=True):
        lines[at:at] = block
    return "\n".join(lines) + "\n"


def set_texts(doc: Document, values: Mapping[str, str], english: Mapping[str, str] | None = None) -> str:
    """The file's text with the scalars at ``values``' keys (present in the file) replaced.

    With ``english``, the ``# en:`` comment lines right above a replaced entry (as ``init`` writes
    them) are made today's English too: the translation is now made from it, and a comment that
    kept the old English would say otherwise (and would be read as the English it was made from)."""
    text = doc.text
    spans = []
    for key, value in values.items():
        path = tuple(key.split("."))
        loc = doc.locations[path]
        end = loc.end
        if loc.style in ("|", ">"):  # a block scalar's end is past its final line break: keep it
            while end > loc.start and text[end - 1] in "\n\r ":
                end -= 1
        spans.append((loc.start, end, yaml_text(value)))
        if english is not None and key in english and path in doc.key_locations:
            spans.extend(_english_comment(text, doc.key_locations[path].line, english[key]))
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def english_refreshed(doc: Document, english: Mapping[str, str]) -> str:
    """The file's text with the ``# en:`` comment lines above ``english``'s keys made those texts
    (``translate mark``: the entries were just checked against today's English, and a comment that
    kept an older one would say they were made from it). Values and other lines stay as they are."""
    spans = [
        span
        for key, value in english.items()
        if (path := tuple(key.split("."))) in doc.key_locations
        for span in _english_comment(doc.text, doc.key_locations[path].line, value)
    ]
    text = doc.text
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _english_comment(text: str, key_line: int, english: str) -> list[tuple[int, int, str]]:
    """The span of the ``# en:`` comment lines right above the key on line ``key_line`` (1-based),
    with today's English in their place; none when there are no such lines."""
    lines = text.splitlines(keepends=True)
    first = last = key_line - 1  # (0-based: the key's line; the comment ends right above it)
    while first > 0 and lines[first - 1].lstrip().startswith("# en:"):
        first -= 1
    if first == last:
        return []
    pad = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
    ending = lines[last - 1][len(lines[last - 1].rstrip("\r\n")) :]
    start = sum(len(line) for line in lines[:first])
    end = start + sum(len(line) for line in lines[first:last])
    new = "".join(f"{pad}# en: {line}".rstrip() + ending for line in english.splitlines() or [""])
    return [(start, end, new)]


def checked(doc: Document, new_text: str, expected: Mapping[str, Any]) -> str:
    """``new_text`` if it parses to exactly ``expected`` (dotted key → value); else refuse."""
    try:
        new = parse_yaml(new_text, doc.path)
    except RuleError as exc:
        raise RuleError(f"editing {doc.path} would break it ({exc.message})", None, "edit it by hand") from None
    got = dict(flatten(new.data or {}))
    meta = {k: v for k, v in (doc.data or {}).items() if k in ("language", "ruleset", "fingerprints")}
    new_meta = {k: v for k, v in (new.data or {}).items() if k in ("language", "ruleset", "fingerprints")}
    if got != dict(expected) or meta != new_meta:
        changed = sorted(k for k in set(got) | set(expected) if got.get(k) != expected.get(k))
        raise RuleError(
            f"editing {doc.path} would change other entries ({', '.join(changed[:5]) or 'meta keys'})",
            None,
            "the file was left as it was; edit it by hand",
        )
    return new_text


BOM = "\ufeff"


def shaped(text: str, like: str) -> str:
    """``text`` with the line ends and byte order mark of ``like`` (a file as it was read).

    A translator's editor chooses them (Windows: CRLF, often a BOM); a tool that rewrites the file
    keeps them, or every line would show as changed in their diff. The first line end of ``like``
    decides (LF when it has none); YAML reads CRLF and LF alike, so the texts stay the same.
    """
    body = text.removeprefix(BOM).replace("\r\n", "\n")
    first = like.find("\n")
    if first > 0 and like[first - 1] == "\r":
        body = body.replace("\n", "\r\n")
    return BOM + body if like.startswith(BOM) else body


def write_locale(path: Path, text: str) -> bool:
    """Write a locale file (atomically) in the shape of the file there now (see :func:`shaped`);
    every tool that rewrites a locale file writes it here. False when it would stay as it is."""
    old = path.read_bytes().decode("utf-8") if path.exists() else ""
    new = shaped(text, old)
    if new == old and path.exists():
        return False
    write_atomically(path, new)
    return True


def refresh_english(path: Path, english: Mapping[str, str]) -> bool:
    """Make the ``# en:`` comments above ``english``'s keys in the locale file at ``path`` those
    texts (see :func:`english_refreshed`); proven to change no entry. False when none changed."""
    doc = read_locale(path)
    return write_locale(path, checked(doc, english_refreshed(doc, english), dict(flatten(doc.data or {}))))
