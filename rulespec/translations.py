"""Translation tooling: which texts are missing, stale or obsolete, and placeholder checks.

Every entry of a translation records, in the file's ``fingerprints:`` mapping (the last
top-level key), a short hash of the English text it was translated from. When the English
text changes, the fingerprint no longer matches and the entry is *stale*. ``whist translate``
uses this module: ``status``, ``init`` (a skeleton for a new language), ``check`` (CI) and
``mark`` (record the fingerprints of entries just translated or reviewed).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulespec.errors import RuleError
from rulespec.locale import (
    DEFAULT_LANGUAGE,
    LOCALES_DIR,
    SHARED_FILE,
    allowed_placeholders,
    flatten,
    layer,
    locale_files,
    read_locale,
)
from rulespec.model import RuleSet
from rulespec.placeholders import parse as parse_placeholders
from rulespec.yamlsource import Document

FINGERPRINT_LENGTH = 8
#: The comment ``mark`` writes above the ``fingerprints:`` block (and removes when it rewrites it).
FINGERPRINTS_COMMENT = "# The English texts these translations were made from (see: whist translate)."
#: What a language code looks like (the folder name under locales/, as in the locale schema).
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}$")


def fingerprint(text: str) -> str:
    """A short, stable hash of an English text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


def placeholder_fields(text: str) -> tuple[list[tuple[str, int]], int | None]:
    """The placeholders of a text as ``(name, offset of its '{')``, and the offset of the first
    malformed brace (None when every brace is well formed); see :mod:`rulespec.placeholders`."""
    parsed = parse_placeholders(text)
    return list(parsed.fields), parsed.malformed.offset if parsed.malformed else None


def placeholders(text: str) -> set[str] | None:
    """The ``{names}`` a text uses; None when the text's braces are malformed."""
    parsed = parse_placeholders(text)
    return None if parsed.malformed is not None else parsed.names


@dataclass
class Entry:
    key: str
    text: str
    doc: Document
    path: tuple[str, ...]
    fingerprint: str | None = None  # recorded in the same file as the entry

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
    errors: list[RuleError] = field(default_factory=list)  # values that are not texts


def catalog(lang: str, rules: RuleSet | None) -> Catalog:
    result = Catalog(lang)
    for path in locale_files(lang, rules):
        doc = read_locale(path)
        result.files.append(path)
        prints = doc.data.get("fingerprints") or {}
        prints = {str(k): str(v) for k, v in prints.items()} if isinstance(prints, dict) else {}
        result.fingerprints.update(prints)
        for key, text in flatten(doc.data):
            path_key = tuple(key.split("."))
            if text is None:
                continue  # ``key:`` with nothing: not translated yet (missing)
            if isinstance(text, bool) or not isinstance(text, str | int | float):
                result.errors.append(
                    doc.error(path_key, f"'{key}' is not a text", 'quote it: a text is a string, e.g. "yes"')
                )
                continue
            result.entries[key] = Entry(key, str(text), doc, path_key, prints.get(key))
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
    fields, bad = placeholder_fields(entry.text)
    if bad is not None:
        what = parse_placeholders(entry.text).malformed
        reason = what.reason if what else ""
        return [entry.error(f"malformed placeholder: {reason}", "write {name}, or {{ and }} for a brace", bad)]
    first: dict[str, int] = {}
    for name, offset in fields:
        first.setdefault(name, offset)
    errors = []
    if allowed is not None:
        for name in sorted(set(first) - allowed):
            hint = f"known here: {', '.join(sorted(allowed))}" if allowed else "this text takes no placeholders"
            errors.append(entry.error(f"unknown placeholder '{{{name}}}'", hint, first[name] + 1))
    wanted = placeholders(english.text) if english is not None else None
    if wanted is not None:  # a malformed English text is reported on its own
        for name in sorted(set(first) - wanted):
            errors.append(entry.error(f"placeholder '{{{name}}}' is not in the English text", None, first[name] + 1))
        for name in sorted(wanted - set(first)):
            errors.append(entry.error(f"placeholder '{{{name}}}' of the English text is missing"))
    return errors


def status(lang: str, rules: RuleSet | None) -> Status:
    """Missing, stale and obsolete entries of ``lang``, and placeholder errors (both languages).

    A locale file that cannot be read is an error of the report, not an exception.
    """
    try:
        english = catalog(DEFAULT_LANGUAGE, rules)
    except RuleError as exc:
        return Status(lang, errors=[exc])
    result = Status(lang, total=len(english.entries), errors=list(english.errors))
    for entry in english.entries.values():
        result.errors.extend(_placeholder_errors(entry, allowed_placeholders(entry.key, rules), None))
    if lang == DEFAULT_LANGUAGE:
        return result
    try:
        other = catalog(lang, rules)
    except RuleError as exc:
        result.errors.append(exc)
        return result
    result.errors.extend(other.errors)
    for key, source in english.entries.items():
        entry = other.entries.get(key)
        if entry is None or not entry.text.strip():
            result.missing.append(key)
            continue
        if entry.fingerprint != fingerprint(source.text):
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
        if (Path(entry.doc.path).name == f"{SHARED_FILE}.yaml") != shared:
            continue
        node = tree
        parts = key.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = entry.text
    _emit(tree, 0, lines)
    return "\n".join(lines) + "\n"


def _yaml_key(key: str) -> str:
    """A mapping key as written: plain when YAML reads it back as the same string, else quoted."""
    try:
        plain = yaml.safe_load(f"{key}: x")
    except yaml.YAMLError:
        plain = None
    return key if isinstance(plain, dict) and list(plain) == [key] else json.dumps(key, ensure_ascii=False)


def _emit(tree: dict[str, Any], depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    for key, value in tree.items():
        shown = _yaml_key(str(key))
        if isinstance(value, dict):
            lines.append(f"{pad}{shown}:")
            _emit(value, depth + 1, lines)
        else:
            for text_line in str(value).splitlines() or [""]:
                lines.append(f"{pad}# en: {text_line}".rstrip())
            lines.append(f'{pad}{shown}: ""')


def init(lang: str, rules: RuleSet | None, force: bool = False) -> list[Path]:
    """Write skeleton files for a new language; refuse to overwrite unless ``force``."""
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language; it needs no skeleton", None, "give another language code")
    if not LANGUAGE_CODE.match(lang):
        raise RuleError(f"'{lang}' is not a language code", None, "two or three lowercase letters, e.g. de or fi")
    folder = LOCALES_DIR / lang
    targets = [(folder / f"{SHARED_FILE}.yaml", True)]
    if rules is not None:
        targets.append((folder / f"{rules.name}.yaml", False))
    existing = [path for path, _ in targets if path.exists()]
    if existing and not force:
        raise RuleError(f"{existing[0]} exists already", None, "use --force to overwrite it")
    written = []
    for path, shared in targets:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(skeleton(lang, rules, shared), encoding="utf-8")
        written.append(path)
    return written


def mark(lang: str, rules: RuleSet | None, keys: list[str] | None = None) -> int:
    """Record the current English fingerprints of translated entries (all, or ``keys``).

    Each file records the English text at its own layer or an earlier one: a translation in
    ``combo-whist.yaml`` is never marked as made from a house rule's English override (that
    override needs its own translation in the house rule's file). Fingerprints of keys a file
    no longer holds are dropped. Returns how many files changed; files whose fingerprints stay
    the same are not rewritten.
    """
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language; it has no fingerprints")
    english = catalog(DEFAULT_LANGUAGE, rules)
    other = catalog(lang, rules)
    wanted = set(keys) if keys else None
    if wanted is not None:
        unknown = sorted(wanted - set(other.entries))
        if unknown:
            raise RuleError(
                f"no '{lang}' text to mark for {', '.join(unknown)}", None, f"see: whist translate status {lang}"
            )
    marked: set[str] = set()
    by_file: dict[Path, dict[str, str]] = {}
    for path in other.files:
        doc = read_locale(path)
        old = doc.data.get("fingerprints")
        old = {str(k): str(v) for k, v in old.items()} if isinstance(old, dict) else {}
        texts = dict(flatten(doc.data))
        prints = {k: v for k, v in old.items() if k in texts}
        here = layer(path, rules)
        for key, text in texts.items():
            source = english.entries.get(key)
            if source is None or text is None or not str(text).strip():
                continue
            if (wanted is None or key in wanted) and layer(source.doc.path, rules) <= here:
                prints[key] = fingerprint(source.text)
                marked.add(key)
        if prints != old:
            by_file[path] = prints
    if wanted is not None and wanted - marked:
        raise RuleError(
            f"the '{lang}' text of {', '.join(sorted(wanted - marked))} was made for another English text",
            None,
            "the English text is overridden by a later rule set: translate it in that rule set's locale file",
        )
    for path, prints in by_file.items():
        _write_fingerprints(path, prints)
    return len(by_file)


def _write_fingerprints(path: Path, prints: dict[str, str]) -> int:
    """Rewrite the ``fingerprints:`` block of a locale file (kept last), leaving every other line as it is."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    body: list[str] = []
    pending: list[str] = []  # comment lines at the left margin inside the block: whose are they?
    in_block = False
    for line in lines:
        if line.startswith("fingerprints:"):
            in_block, pending = True, []
            continue
        if in_block:
            if not line.strip():
                continue
            if line[0] in " \t":
                pending = []  # an entry of the block: the comments above it were the block's
                continue
            if line.startswith("#"):
                pending.append(line)
                continue
            in_block = False  # the next top-level key: the comments before it are its own
            if body and body[-1].strip():
                body.append("")
            body.extend(pending)
        if line.strip() != FINGERPRINTS_COMMENT:
            body.append(line)
    body.extend(pending)
    while body and not body[-1].strip():
        body.pop()
    if prints:
        body += ["", FINGERPRINTS_COMMENT, "fingerprints:"]
        # all digits would read back as a number (with a leading 0, an octal one): quote those
        for key, value in sorted(prints.items()):
            body.append(f"  {_yaml_key(key)}: " + (f'"{value}"' if value.isdigit() else value))
    new = "\n".join(body) + "\n"
    if new != text:
        path.write_text(new, encoding="utf-8")
        return 1
    return 0
