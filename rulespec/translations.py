"""Translation tooling: which texts are missing, stale or obsolete, and placeholder checks.

Every entry of a translation records, in the file's ``fingerprints:`` mapping (the last
top-level key), a short hash of the English text it was translated from. When the English
text changes, the fingerprint no longer matches and the entry is *stale*. ``whist translate``
uses this module: ``status``, ``init`` (a skeleton for a new language), ``check`` (CI) and
``mark`` (record the fingerprints of entries just translated or reviewed).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from rulespec import locale  # LOCALES_DIR read at call time (tests point it elsewhere)
from rulespec.errors import RuleError
from rulespec.locale import DEFAULT_LANGUAGE, flatten, layer, locale_files, read_locale
from rulespec.localeedit import refresh_english, write_locale, yaml_key
from rulespec.localekeys import SECTIONS, file_problems
from rulespec.model import RuleSet
from rulespec.placeholdernames import allowed_placeholders, label_placeholders
from rulespec.placeholders import parse as parse_placeholders
from rulespec.samenames import name_clashes
from rulespec.textkeys import unwritten
from rulespec.textlayers import made_for_other_english
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
    #: values that are not texts, names the rule set never asks for (their texts are no entries), …
    errors: list[RuleError] = field(default_factory=list)


def catalog(lang: str, rules: RuleSet | None) -> Catalog:
    result = Catalog(lang)
    for path in locale_files(lang, rules):
        doc = read_locale(path)
        result.files.append(path)
        prints = doc.data.get("fingerprints") or {}
        prints = {str(k): str(v) for k, v in prints.items()} if isinstance(prints, dict) else {}
        result.fingerprints.update(prints)
        problems, unknown = file_problems(doc, path, rules)
        result.errors.extend(problems)
        for key, text in flatten(doc.data):
            path_key = tuple(key.split("."))
            if text is None or key in SECTIONS or {".".join(path_key[:n]) for n in (1, 2, 3)} & unknown:
                continue  # ``key:`` with nothing: not translated yet (missing); else reported above
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
    #: translated, and the English text changed since it was marked
    stale: list[str] = field(default_factory=list)
    #: translated but never marked as checked against the English text
    unreviewed: list[str] = field(default_factory=list)
    obsolete: list[str] = field(default_factory=list)
    errors: list[RuleError] = field(default_factory=list)
    total: int = 0
    english: dict[str, Entry] = field(default_factory=dict)
    translated: dict[str, Entry] = field(default_factory=dict)
    #: a locale file that could not be read (also in ``errors``): the entries above are then partial
    unreadable: RuleError | None = None


def _placeholder_errors(
    entry: Entry, allowed: set[str] | None, english: Entry | None, rules: RuleSet | None = None
) -> list[RuleError]:
    fields, bad = placeholder_fields(entry.text)
    if bad is not None:
        what = parse_placeholders(entry.text).malformed
        assert what is not None  # placeholder_fields found it
        return [entry.error(f"malformed placeholder: {what.reason}", what.hint, bad)]
    first = dict(reversed(fields))  # (each name's first offset)
    errors = []
    unknown = sorted(set(first) - allowed, key=first.__getitem__) if allowed is not None else []  # (in text order)
    if unknown and allowed is not None:
        # A file serves every version that reads it: name the version whose data lacks the name,
        # and the file that would give that version its own text. (Asked only when a name is
        # unknown: it looks at the bundled files, and a check meets thousands of texts.)
        other = rules is not None and Path(entry.doc.path).stem != rules.id and is_older_version(rules)
        where = f" for {rules.id}" if rules is not None and other else ""
        for name in unknown:
            hint = f"known here: {', '.join(sorted(allowed))}" if allowed else "this text takes no placeholders"
            if where and rules is not None:
                own = Path(entry.doc.path).with_name(f"{rules.id}.yaml")
                hint += f"; to word it differently for {rules.id} only, give it its own text in {own}"
            errors.append(entry.error(f"unknown placeholder '{{{name}}}'{where}", hint, first[name] + 1))
    wanted = placeholders(english.text) if english is not None else None
    if wanted is not None:  # a malformed English text is reported on its own
        for name in sorted(set(first) - wanted, key=first.__getitem__):
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
        return Status(lang, errors=[exc], unreadable=exc)
    # The texts the rule set's data asks for count even where no English file has them (a house
    # rule's new bid): missing in English, and in every language that lacks them too.
    texts = {key: entry.text for key, entry in english.entries.items()}
    asked = unwritten(rules, texts) if rules is not None else {}
    total = len(english.entries.keys() | asked.keys())
    result = Status(lang, total=total, errors=list(english.errors), english=english.entries)
    labels = label_placeholders()
    for entry in english.entries.values():
        allowed = allowed_placeholders(entry.key, rules, labels)
        result.errors.extend(_placeholder_errors(entry, allowed, None, rules))
    if lang == DEFAULT_LANGUAGE:
        result.missing = list(asked)
        result.errors.extend(name_clashes(rules, english.entries, {}) if rules is not None else [])
        return result
    try:
        other = catalog(lang, rules)
    except RuleError as exc:
        result.errors.append(exc)
        result.unreadable = exc
        return result
    result.errors.extend(other.errors)
    result.translated = other.entries
    # A translation made for an earlier layer's English (a house rule's title): missing, not stale.
    elsewhere = made_for_other_english(lang, rules)
    for key, source in english.entries.items():
        found = other.entries.get(key)
        if found is None or not found.text.strip() or key in elsewhere:
            result.missing.append(key)
            continue
        if found.fingerprint is None:
            result.unreviewed.append(key)
        elif found.fingerprint != fingerprint(source.text):
            result.stale.append(key)
        result.errors.extend(_placeholder_errors(found, allowed_placeholders(key, rules, labels), source, rules))
    result.errors.extend(name_clashes(rules, other.entries, english.entries) if rules is not None else [])
    result.missing.extend(key for key in asked if key not in english.entries and key not in other.entries)
    result.obsolete = sorted(key for key in other.entries if key not in english.entries and key not in asked)
    return result


def previous_english(key: str, print_: str, rules: RuleSet | None, entry: Entry | None = None) -> str | None:
    """The English text of ``key`` whose fingerprint is ``print_``, if it is still known: in the
    ``# en:`` comment above the translated ``entry`` (as ``init`` writes them), or in an English
    file (an older version's, a parent's text a house rule overrides). None when it is not."""
    if entry is not None and entry.path in entry.doc.key_locations:
        lines = entry.doc.text.splitlines()
        index = entry.doc.key_locations[entry.path].line - 2
        above: list[str] = []
        while index >= 0 and lines[index].strip().startswith("# en:"):
            above.insert(0, lines[index].strip()[len("# en:") :].strip())
            index -= 1
        if above and fingerprint("\n".join(above)) == print_:
            return "\n".join(above)
    english_dir = locale.LOCALES_DIR / DEFAULT_LANGUAGE
    files = [*sorted(english_dir.glob("*.yaml")), *locale_files(DEFAULT_LANGUAGE, rules)]
    for path in dict.fromkeys(files):
        try:
            texts = dict(flatten(read_locale(path).data))
        except RuleError:
            continue
        text = texts.get(key)
        if isinstance(text, str) and fingerprint(text) == print_:
            return text
    return None


def is_older_version(rules: RuleSet) -> bool:
    """Whether ``rules`` is a bundled version older than the current one."""
    from rulespec.loader import bundled_versions

    return is_bundled(rules) and rules.version in bundled_versions(rules.name)


def is_bundled(rules: RuleSet | None) -> bool:
    """Whether ``rules`` is a bundled rule set (its texts live in the project's locales/). The
    examples under ``bids/examples/`` are house rules with their texts beside them, as a user's are."""
    from rulespec.locate import BUNDLED_DIR, EXAMPLES_FOLDER

    source, bundled = Path(rules.sources[0]).resolve() if rules and rules.sources else None, BUNDLED_DIR.resolve()
    return source is None or (source.is_relative_to(bundled) and not source.is_relative_to(bundled / EXAMPLES_FOLDER))


def own_locale_file(lang: str, rules: RuleSet) -> Path:
    """A house rule's own locale file for ``lang``: ``locales/<lang>/<name>.yaml`` beside its rule file."""
    return Path(rules.sources[0]).parent / "locales" / lang / f"{rules.name}.yaml"


def writable(path: Path | str, rules: RuleSet | None) -> bool:
    """Whether a command for ``rules`` may write the locale file at ``path``.

    For a bundled rule set, any of its files. For a house rule only the files of the ``locales/``
    beside it that its texts are read from (``<name>.yaml``, ``<name>@<version>.yaml``, and for
    what the project has not translated, ``ui.yaml`` and its parents' names): never the
    project's, which every other rule set reads too, nor a parent house rule's.
    """
    if is_bundled(rules):
        return True
    assert rules is not None
    file = Path(path).resolve()
    if file.is_relative_to(locale.LOCALES_DIR.resolve()):  # a house rule placed where the project's locales/ is
        return False
    read_there = {locale.SHARED_FILE, *rules.lineage, *(ref.split("@")[0] for ref in rules.lineage)}
    named = file.stem.split("@")[0] == rules.name or file.stem in read_there
    return named and file.parent == own_locale_file(file.parent.name, rules).parent.resolve()


def check_writable(path: Path, rules: RuleSet | None) -> None:
    """Refuse to write ``path`` for ``rules`` unless :func:`writable` allows it (a house rule kept
    where the project's ``locales/`` would be its own folder)."""
    if not writable(path, rules):
        raise RuleError(
            f"{path} is not the house rule's own locale file: the project's texts are not written for a house rule",
            None,
            "keep the house rule in a folder of its own, with its locales/ beside it",
        )


def mark(lang: str, rules: RuleSet | None, keys: list[str] | None = None) -> int:
    """Record the current English fingerprints of translated entries (all, or ``keys``).

    Each file records the English text at its own layer or an earlier one: a translation in
    ``combo-whist.yaml`` is never marked as made from a house rule's English override (that
    override needs its own translation in the house rule's file). For a house rule only its own
    files are marked (see :func:`writable`): the project's translations are marked with the
    bundled rule set they belong to. Fingerprints of keys a file no longer holds are dropped.
    Returns how many files changed; files whose fingerprints stay the same are not rewritten.
    """
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language; it has no fingerprints")
    english = catalog(DEFAULT_LANGUAGE, rules)
    other = catalog(lang, rules)
    if not other.files:
        raise RuleError(f"there are no '{lang}' texts to mark", None, f"start them with: whist translate init {lang}")
    wanted = set(keys) if keys else None
    if wanted is not None:
        unknown = sorted(wanted - set(other.entries))
        empty = sorted(key for key in wanted - set(unknown) if not other.entries[key].text.strip())
        if unknown or empty:  # (an empty entry is one not translated yet: there is nothing to mark)
            what = f"no '{lang}' text to mark for {', '.join(unknown)}" if unknown else ""
            what = what or f"the '{lang}' entry {', '.join(empty)} is empty: write its translation first"
            raise RuleError(what, None, f"see: whist translate status {lang}")
        # (one made from an English text the house rule overrides is refused below, with what to do)
        theirs = sorted(
            key
            for key in wanted
            if not writable(other.entries[key].doc.path, rules)
            and (
                key not in english.entries
                or layer(english.entries[key].doc.path, rules) <= layer(other.entries[key].doc.path, rules)
            )
        )
        if theirs and rules is not None:
            raise RuleError(
                f"the '{lang}' text of {', '.join(theirs)} is inherited ({other.entries[theirs[0]].doc.path}), "
                f"not {rules.name}'s own",
                None,
                f"mark it with the rule set that file belongs to, or give {rules.name} its own text in "
                f"{own_locale_file(lang, rules)}",
            )
    marked: set[str] = set()
    by_file: dict[Path, dict[str, str]] = {}
    comments: dict[Path, dict[str, str]] = {}  # the English each file's marked entries were checked against
    for path in [file for file in other.files if writable(file, rules)]:
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
                comments.setdefault(path, {})[key] = source.text
        if prints != old:
            by_file[path] = prints
    if wanted is not None and wanted - marked:
        raise RuleError(
            f"the '{lang}' text of {', '.join(sorted(wanted - marked))} was made for another English text",
            None,
            "the English text is overridden by a later rule set: translate it in that rule set's locale file",
        )
    for path, prints in by_file.items():
        write_fingerprints(path, prints)
    return len(set(by_file) | {path for path, texts in comments.items() if refresh_english(path, texts)})


def write_fingerprints(path: Path, prints: dict[str, str]) -> int:
    """Rewrite the ``fingerprints:`` block of a locale file (kept last), leaving every other line as it is.

    Comment lines are never dropped: those inside the block stay in it (after its header), those
    before the next top-level key stay with that key, and those after the block at the end of the
    file stay after it.
    """
    lines = path.read_bytes().decode("utf-8").splitlines()  # (read_text would turn CRLF into LF)
    body: list[str] = []
    block_comments: list[str] = []
    pending: list[str] = []  # comment lines at the left margin inside the block: whose are they?
    in_block = False
    for line in lines:
        if line.strip() == FINGERPRINTS_COMMENT:
            continue  # ours: written again above the block
        if line.startswith("fingerprints:"):
            in_block, pending = True, []
            continue
        if in_block:
            if not line.strip():
                continue
            if line[0] in " \t":
                block_comments += pending  # an entry of the block follows: the comments above it were the block's
                pending = []
                if line.strip().startswith("#"):
                    block_comments.append(line)
                continue
            if line.startswith("#"):
                pending.append(line)
                continue
            in_block = False  # the next top-level key: the comments before it are its own
            if body and body[-1].strip():
                body.append("")
            body.extend(pending)
            pending = []
        body.append(line)
    trailing = pending
    while body and not body[-1].strip():
        body.pop()
    if prints:
        body += ["", FINGERPRINTS_COMMENT, "fingerprints:", *block_comments]
        # all digits would read back as a number (with a leading 0, an octal one): quote those
        for key, value in sorted(prints.items()):
            body.append(f"  {yaml_key(key)}: " + (f'"{value}"' if value.isdigit() else value))
    else:
        body += [line.strip() for line in block_comments]
    body += trailing
    return int(write_locale(path, "\n".join(body) + "\n"))  # in the file's own line ends
