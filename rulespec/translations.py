"""Translation tooling: which texts are missing, stale or obsolete, and placeholder checks.

Every entry of a translation records, in the file's ``fingerprints:`` mapping (the last
top-level key), a short hash of the English text it was translated from. When the English
text changes, the fingerprint no longer matches and the entry is *stale*. ``whist translate``
uses this module: ``status``, ``init`` (a skeleton for a new language), ``check`` (CI) and
``mark`` (record the fingerprints of entries just translated or reviewed).
"""

from __future__ import annotations

import hashlib
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec.errors import RuleError
from rulespec.locale import (
    DEFAULT_LANGUAGE,
    LOCALES_DIR,
    SHARED_FILE,
    allowed_placeholders,
    flatten,
    locale_files,
    read_locale,
)
from rulespec.model import RuleSet
from rulespec.yamlsource import Document

FINGERPRINT_LENGTH = 8


def fingerprint(text: str) -> str:
    """A short, stable hash of an English text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


def placeholders(text: str) -> set[str] | None:
    """The ``{names}`` a text uses; None when the text's braces are malformed."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


@dataclass
class Entry:
    key: str
    text: str
    doc: Document
    path: tuple[str, ...]

    def error(self, message: str, hint: str | None = None, offset: int | None = None) -> RuleError:
        if offset is None:
            return self.doc.error(self.path, message, hint)
        pos = self.doc.position_in_scalar(self.path, offset)
        return RuleError(message, pos, hint, self.doc.source_line(pos.line))


@dataclass
class Catalog:
    """All texts of one language for one rule set, with where each comes from."""

    language: str
    entries: dict[str, Entry] = field(default_factory=dict)
    fingerprints: dict[str, str] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def catalog(lang: str, rules: RuleSet | None) -> Catalog:
    result = Catalog(lang)
    for path in locale_files(lang, rules):
        doc = read_locale(path)
        result.files.append(path)
        for key, text in flatten(doc.data):
            if isinstance(text, str | int):
                result.entries[key] = Entry(key, str(text), doc, tuple(key.split(".")))
        prints = doc.data.get("fingerprints") or {}
        if isinstance(prints, dict):
            result.fingerprints.update({str(k): str(v) for k, v in prints.items()})
    return result


@dataclass
class Status:
    language: str
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    obsolete: list[str] = field(default_factory=list)
    errors: list[RuleError] = field(default_factory=list)
    total: int = 0


def _placeholder_errors(entry: Entry, allowed: set[str] | None, english: Entry | None) -> list[RuleError]:
    used = placeholders(entry.text)
    if used is None:
        brace = entry.text.find("{") if "{" in entry.text else entry.text.find("}")
        return [entry.error("malformed placeholder: a '{' or '}' is not closed", "write {name}", max(brace, 0))]
    errors = []
    if allowed is not None:
        for name in sorted(used - allowed):
            offset = entry.text.find("{" + name)
            hint = f"known here: {', '.join(sorted(allowed))}" if allowed else "this text takes no placeholders"
            errors.append(entry.error(f"unknown placeholder '{{{name}}}'", hint, offset + 1))
    if english is not None:
        wanted = placeholders(english.text) or set()
        for name in sorted(used - wanted):
            offset = entry.text.find("{" + name)
            errors.append(entry.error(f"placeholder '{{{name}}}' is not in the English text", None, offset + 1))
        for name in sorted(wanted - used):
            errors.append(entry.error(f"placeholder '{{{name}}}' of the English text is missing"))
    return errors


def status(lang: str, rules: RuleSet | None) -> Status:
    """Missing, stale and obsolete entries of ``lang``, and placeholder errors (both languages)."""
    english = catalog(DEFAULT_LANGUAGE, rules)
    result = Status(lang, total=len(english.entries))
    for entry in english.entries.values():
        result.errors.extend(_placeholder_errors(entry, allowed_placeholders(entry.key, rules), None))
    if lang == DEFAULT_LANGUAGE:
        return result
    other = catalog(lang, rules)
    for key, source in english.entries.items():
        entry = other.entries.get(key)
        if entry is None or not entry.text.strip():
            result.missing.append(key)
            continue
        if other.fingerprints.get(key) != fingerprint(source.text):
            result.stale.append(key)
        result.errors.extend(_placeholder_errors(entry, allowed_placeholders(key, rules), source))
    result.obsolete = sorted(key for key in other.entries if key not in english.entries)
    return result


def skeleton(lang: str, rules: RuleSet | None, shared: bool) -> str:
    """A locale file for ``lang`` with every key, empty, and the English text beside it."""
    english = catalog(DEFAULT_LANGUAGE, rules)
    lines = [
        "# yaml-language-server: $schema=../../rulespec/schema/locale.schema.json",
        f"# Texts in '{lang}'. Fill in each empty \"\" entry; the English text is in the comment above it.",
        f"# Then record fingerprints with: whist translate mark {lang}",
        f"language: {lang}",
    ]
    if not shared and rules:
        lines.append(f"ruleset: {rules.name}")
    tree: dict[str, Any] = {}
    for key, entry in english.entries.items():
        if entry.doc.path.endswith(f"/{SHARED_FILE}.yaml") != shared:
            continue
        node = tree
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = entry.text
    _emit(tree, 0, lines)
    return "\n".join(lines) + "\n"


def _emit(tree: dict[str, Any], depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    for key, value in tree.items():
        shown = f'"{key}"' if key in ("yes", "no", "on", "off", "true", "false", "null") else key
        if isinstance(value, dict):
            lines.append(f"{pad}{shown}:")
            _emit(value, depth + 1, lines)
        else:
            for text_line in str(value).splitlines() or [""]:
                lines.append(f"{pad}# en: {text_line}")
            lines.append(f'{pad}{shown}: ""')


def init(lang: str, rules: RuleSet | None, force: bool = False) -> list[Path]:
    """Write skeleton files for a new language; refuse to overwrite unless ``force``."""
    folder = LOCALES_DIR / lang
    targets = [(folder / f"{SHARED_FILE}.yaml", True)]
    if rules is not None:
        targets.append((folder / f"{rules.name}.yaml", False))
    written = []
    for path, shared in targets:
        if path.exists() and not force:
            raise RuleError(f"{path} exists already", None, "use --force to overwrite it")
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(skeleton(lang, rules, shared), encoding="utf-8")
        written.append(path)
    return written


def mark(lang: str, rules: RuleSet | None, keys: list[str] | None = None) -> int:
    """Record the current English fingerprints of translated entries (all, or ``keys``)."""
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language; it has no fingerprints")
    english = catalog(DEFAULT_LANGUAGE, rules)
    other = catalog(lang, rules)
    wanted = set(keys) if keys else None
    by_file: dict[Path, dict[str, str]] = {}
    for path in other.files:
        doc = read_locale(path)
        prints = dict(doc.data.get("fingerprints") or {})
        for key, text in flatten(doc.data):
            source = english.entries.get(key)
            if source is None or not str(text).strip() or (wanted is not None and key not in wanted):
                continue
            prints[key] = fingerprint(source.text)
        by_file[path] = prints
    changed = 0
    for path, prints in by_file.items():
        changed += _write_fingerprints(path, prints)
    return changed


def _write_fingerprints(path: Path, prints: dict[str, str]) -> int:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    cut = next((i for i, line in enumerate(lines) if line.startswith("fingerprints:")), len(lines))
    body = lines[:cut]
    while body and not body[-1].strip():
        body.pop()
    if prints:
        body += ["", "# The English texts these translations were made from (see: whist translate).", "fingerprints:"]
        body += [f"  {key}: {value}" for key, value in sorted(prints.items())]
    new = "\n".join(body) + "\n"
    if new != text:
        path.write_text(new, encoding="utf-8")
        return 1
    return 0
