"""Translations as gettext PO files, for the tools translators use (Poedit, Weblate, Crowdin).

:func:`export_po` writes one entry per text: ``msgctxt`` is the entry's key (``bids.trump.name``),
``msgid`` the English text, ``msgstr`` the translation; the extracted comments say where the text
is shown and which ``{placeholders}`` it may use. A stale translation (the English changed since
it was marked) is *fuzzy*, with the English it was made from as the previous ``msgid`` when that
text is known; an unreviewed one (never marked) is fuzzy too.

:func:`import_po` writes the translations of a PO file back into the locale files — the file of
the same name as the English text's, in the language's folder; for a house rule, only the house
rule's own files beside it, whatever it inherits (:mod:`rulespec.potarget`) — and marks the entries
that are not fuzzy and were made from the current English. It writes all of a PO file or none of it:
every refused entry is named at once, at its PO line, and the result is checked as ``translate
check`` checks it (:mod:`rulespec.poapply`). It never empties an entry (an empty
``msgstr`` changes nothing), and an export followed by an import changes no file. It is a
three-way merge (:mod:`rulespec.pomerge`): each exported entry records what it was, so an import
never reverts what changed in the locale files since the export, and never takes a text made
for English that is no longer today's.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

import polib

from rulespec import locale  # LOCALES_DIR read at call time (tests point it elsewhere)
from rulespec.errors import Position, RuleError, RuleErrors
from rulespec.locale import DEFAULT_LANGUAGE, check_locale_path, flatten, read_locale
from rulespec.localeedit import add_entries, checked, emit, nest, set_texts
from rulespec.model import RuleSet
from rulespec.paths import read_limited
from rulespec.poapply import write_checked
from rulespec.pocheck import at_line, check_entries, check_text, may_use
from rulespec.pomerge import Action, Conflict, Review, lost_characters, merge, read_base, record_line
from rulespec.potarget import text_file
from rulespec.textlayers import made_for_other_english
from rulespec.translations import (
    check_writable,
    fingerprint,
    previous_english,
    status,
    writable,
)

#: The PO header field naming the rule set a file was exported for (as the command was given it).
RULESET_FIELD = "X-Whist-Ruleset"
#: How the header's Project-Id-Version begins; the rule set's id follows (read by :func:`po_ruleset_name`).
PROJECT_PREFIX = "whist-rules "
#: A PO file larger than this is refused: the bundled catalogue is about 130 kB, and reading
#: 2 MB of the smallest entries takes about 60 MB (8 MB took 200 MB).
MAX_PO_BYTES = 2_000_000

#: Where a text is shown, by the first parts of its key.
SHOWN = {
    ("bids", "name"): "bid cards, rules reference, play screen, tables",
    ("bids", "short"): "bid cards, play screen's bid menu",
    ("bids", "rules"): "bid cards, rules reference",
    ("bids", "may_bid"): "play screen (why a bid is refused: who may bid it)",
    ("groups",): "rules reference, play screen",
    ("general",): "rules reference (general rules)",
    ("title",): "bid cards, rules reference, play screen",
    ("labels",): "play screen, tables and printed headings",
    ("declarations",): "play screen (what a choice or a meld is called)",
    ("variants",): "play screen, show's overview, diff",
    ("schedules",): "rules reference, play screen's start, diff (a match schedule's name)",
    ("marks",): "play screen's scores (a mark's sign)",
}


def shown_where(key: str) -> str | None:
    """Where the text of ``key`` is shown (the PO entry's note); None for a family of keys not in :data:`SHOWN`."""
    parts = key.split(".")
    for pattern, where in SHOWN.items():
        if parts[0] == pattern[0] and (len(pattern) == 1 or parts[-1] == pattern[-1]):
            return where
    return None


def _source(path: str, rules: RuleSet | None) -> str:
    """A locale file's name as the PO file shows it: relative to the project, or to the house
    rule's folder (``locales/en/club.yaml``, not ``club.yaml``, which is the rule file's name), else its name."""
    file = Path(path).resolve()
    roots = [locale.LOCALES_DIR.resolve().parent]
    if rules is not None and rules.sources:
        roots.append(Path(rules.sources[0]).resolve().parent)
    for root in roots:
        if file.is_relative_to(root):
            return file.relative_to(root).as_posix()
    return file.name


def export_po(lang: str, rules: RuleSet | None, ruleset_ref: str) -> polib.POFile:
    """The texts of ``rules`` in ``lang`` as a PO catalogue."""
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language: export another language", None, "e.g. sv")
    report = status(lang, rules)
    if report.unreadable is not None:  # its entries would be exported empty, as if never translated
        raise report.unreadable
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"{PROJECT_PREFIX}{rules.id if rules else 'ui'}",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        RULESET_FIELD: ruleset_ref,
    }
    # A translation made for the English a house rule overrides is offered as a suggestion, fuzzy,
    # beside the English it was made for: shown done, it would never be written or shown.
    elsewhere = made_for_other_english(lang, rules)
    for key, source in report.english.items():
        entry = report.translated.get(key)
        allowed = may_use(key, source.text, rules)
        notes = [f"shown on: {shown_where(key) or 'see the key'}"]
        notes.append(f"placeholders: {', '.join('{' + n + '}' for n in sorted(allowed)) or 'none'}")
        fuzzy = key in report.stale or key in report.unreviewed or (key in elsewhere and entry is not None)
        msgstr = entry.text if entry is not None else ""
        notes.append(record_line(msgstr, fuzzy))  # what the import merges against (rulespec.pomerge)
        item = polib.POEntry(
            msgctxt=key,
            msgid=source.text,
            msgstr=msgstr,
            comment="\n".join(notes),
            occurrences=[(_source(source.doc.path, rules), str(source.doc.locations[source.path].line))],
            flags=["fuzzy"] if fuzzy else [],
        )
        if fuzzy and entry is not None and entry.fingerprint:
            item.previous_msgid = previous_english(key, entry.fingerprint, rules, entry)
        po.append(item)
    for key in report.obsolete:
        entry = report.translated[key]
        po.append(polib.POEntry(msgctxt=key, msgid=entry.text, msgstr=entry.text, obsolete=True))
    return po


@dataclass
class Imported:
    """What :func:`import_po` did."""

    language: str
    changed: dict[Path, int] = field(default_factory=dict)  # texts written per file
    marked: int = 0  # files whose fingerprints changed
    skipped: list[str] = field(default_factory=list)  # keys this rule set has no English text for
    #: keys whose text a house rule inherits as imported, but unmarked or stale there (left as they are)
    inherited: list[str] = field(default_factory=list)
    #: entries the file and the PO both changed since the export: the file's are kept
    conflicts: list[Conflict] = field(default_factory=list)
    #: keys skipped because their msgid is not today's English (and the character the PO's charset lost)
    english_changed: list[tuple[str, str | None]] = field(default_factory=list)
    #: keys made unreviewed because the PO calls them fuzzy
    unreviewed: list[str] = field(default_factory=list)
    #: keys the PO calls fuzzy whose text a house rule inherits (unreviewed with the rule set it comes from)
    inherited_fuzzy: list[str] = field(default_factory=list)
    #: the PO file's line of each live entry (the notes name it)
    lines: dict[str, int] = field(default_factory=dict)
    #: how many entries carry a translator's comment (``# …``), which the locale files have no place for
    commented: int = 0


def read_po(path: Path) -> polib.POFile:
    """A PO file, or a :class:`RuleError` for people (never a traceback), located at its line.

    It is read in the character set its header names (Poedit may save ISO-8859-1), UTF-8 when
    it names none. Every live entry must be one text of ours: a ``msgctxt`` (the key), no plural
    forms, each key once; obsolete (``#~``) entries are a tool's memory and are not read."""
    raw = read_limited(path, MAX_PO_BYTES)  # a regular file only (a named pipe would never end)
    if not raw.strip():
        raise RuleError("the PO file is empty", Position(str(path), 1, 1), "export a fresh one")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):  # its header's charset cannot even be found
        raise RuleError("the PO file is UTF-16 text", Position(str(path), 1, 1), "save it as UTF-8")
    header = raw.decode("latin-1")  # (enough to find the header's charset, which is ASCII)
    if _names_a_file(header):  # polib would read that file instead of this text
        raise RuleError("not a readable PO file: it holds no entries", Position(str(path), 1, 1), "export a fresh one")
    charset = _charset(raw, header, path)
    text = _Lines(raw.decode(charset))
    if _names_a_file(text):
        raise RuleError("not a readable PO file: it holds no entries", Position(str(path), 1, 1), "export a fresh one")
    try:
        po = polib.pofile(text, encoding=charset, check_for_duplicates=False)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        message = str(exc)
        line = None
        if "(line " in message:
            digits = message.split("(line ", 1)[1].split(")")[0]
            line = int(digits) if digits.isdigit() else None
        raise RuleError(
            f"not a readable PO file: {message}", Position(str(path), line or 1, 1), "export a fresh one"
        ) from None
    po.fpath = str(path)
    errors = check_entries(po, path)
    if errors:  # (every one, each at its line: a translator fixes them all in one pass)
        raise RuleErrors(errors)
    return po


def _charset(raw: bytes, header: str, path: Path) -> str:
    """The character set the header names (UTF-8 if none); every byte must decode in it."""
    charset = str(polib.detect_encoding(header))
    try:
        raw.decode(charset)
    except LookupError:  # a codec that is not a text encoding (rot13)
        raise RuleError(
            f"the header names {charset}, which is not a character set", Position(str(path), 1, 1), "save it as UTF-8"
        ) from None
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise RuleError(
            f"byte {raw[exc.start]:#04x} is not {charset} text (the charset its header names)",
            Position(str(path), line, 1),
            "save it as UTF-8, or name its character set in the header's Content-Type",
        ) from None
    return charset


class _Lines(str):
    """The text of a PO file, which polib splits into lines where a file read would: at line
    ends only (``str.splitlines`` also splits at U+2028 or a form feed inside a ``msgstr``)."""

    def splitlines(self, keepends: bool = False) -> list[str]:
        return io.StringIO(self, newline=None).read().split("\n")


def _names_a_file(text: str) -> bool:
    """Whether polib, given ``text``, would take it for the path of a file and read that."""
    try:
        return os.path.isfile(text)
    except (ValueError, OSError):  # a NUL, a name too long
        return False


def po_language(po: polib.POFile, path: Path) -> str:
    lang = str(po.metadata.get("Language", "")).replace("-", "_").split("_")[0].lower()
    if not lang:
        raise RuleError("the PO file names no language", Position(str(path)), "its header needs a Language: field")
    return lang


def po_ruleset_name(po: polib.POFile) -> str | None:
    """The name of the rule set ``po`` was exported for (``deutsch``, ``combo-whist``), from the
    header :func:`export_po` writes (``Project-Id-Version: whist-rules deutsch@1.5.1+de.1``); None
    when the header is not ours (a tool rewrote it): then nothing can be told."""
    project = str(po.metadata.get("Project-Id-Version", ""))
    if not project.startswith(PROJECT_PREFIX) or len(project.split()) != 2:
        return None
    name = project[len(PROJECT_PREFIX) :].split("@")[0]
    return None if name == "ui" else name


def import_po(po: polib.POFile, lang: str, rules: RuleSet | None) -> Imported:
    """Write the translations of ``po`` into ``lang``'s locale files for ``rules`` and mark them.

    All or nothing: every entry is checked first, and every refused one reported at once
    (:class:`RuleErrors`, each at its PO line); the result is then checked as ``translate check``
    checks it, and put back when that refuses it (:mod:`rulespec.poapply`)."""
    if lang == DEFAULT_LANGUAGE:
        raise RuleError("English is the source language; it is not imported", None, "import another language")
    report = status(lang, rules)
    if report.unreadable is not None:  # its entries would look missing, or not be there to import
        raise report.unreadable
    result = Imported(lang)
    errors: list[RuleError] = []
    by_file: dict[Path, dict[str, str]] = {}
    to_mark: list[str] = []
    to_unmark: list[str] = []
    charset = str(getattr(po, "encoding", None) or "utf-8")  # (read_po's: a msgid may have lost characters in it)
    elsewhere = made_for_other_english(lang, rules)
    for item in po:
        if item.obsolete or not item.msgctxt:
            continue
        key = item.msgctxt
        result.lines[key] = item.linenum or 1
        result.commented += bool(item.tcomment and item.tcomment.strip())
        source = report.english.get(key)
        if source is None:
            result.skipped.append(key)
            continue
        base = read_base(item.comment or "")
        if not (item.fuzzy and base is not None and base.fuzzy and fingerprint(item.msgstr) == base.text):
            problem = check_text(po, item, key, source.text, rules)  # (a suggestion left as exported writes nothing)
            if problem is not None:
                errors.append(problem)
                continue
        current = report.translated.get(key)
        file_text = current.text if current is not None else ""
        reviewed = current is not None and current.fingerprint == fingerprint(source.text)
        outcome = merge(
            file_text=file_text,
            reviewed=reviewed,
            po_text=item.msgstr,
            po_fuzzy=item.fuzzy,
            made_from_today=item.msgid == source.text,
            base=base,
        )
        if outcome.action is Action.ENGLISH_CHANGED:
            result.english_changed.append((key, lost_characters(source.text, item.msgid, charset)))
            continue
        if outcome.action is Action.CONFLICT:
            where = current.doc.path if current is not None else None
            result.conflicts.append(Conflict(key, where, file_text, item.msgstr, item.fuzzy))
            continue
        # A suggestion made for other English, accepted as it is: it becomes the rule's own translation.
        written = outcome.action is Action.WRITE or (key in elsewhere and outcome.review is Review.MARK)
        target = None
        if written:
            try:
                target = text_file(key, source.doc.path, current, lang, rules)
            except RuleError as exc:
                errors.append(RuleError(exc.message, at_line(po, item.linenum), exc.hint))
                continue
            by_file.setdefault(target, {})[key] = item.msgstr
        moved = written and current is not None and Path(current.doc.path) != target  # its fingerprint stays behind
        if outcome.review is Review.UNMARK:
            if written or (current is not None and current.fingerprint is not None):
                to_unmark.append(key)
        elif outcome.review is Review.MARK and (moved or not reviewed):
            if written or current is None or writable(current.doc.path, rules):
                to_mark.append(key)
            else:  # the same text as inherited: nothing changes, and only its own rule set marks it
                result.inherited.append(key)
    for path in by_file:  # never written through a link that leads out of the rule set's folder
        check_locale_path(path)
        check_writable(path, rules)
    english = {key: entry.text for key, entry in report.english.items()}
    plans = [(path, _edited(path, values, lang, rules, english)) for path, values in by_file.items()]
    result.marked, result.unreviewed, result.inherited_fuzzy = write_checked(
        po, lang, rules, plans, (to_mark, to_unmark), report, errors
    )
    result.changed = {path: len(values) for path, values in by_file.items()}
    return result


def _edited(path: Path, values: dict[str, str], lang: str, rules: RuleSet | None, english: dict[str, str]) -> str:
    """The new text of one locale file with ``values`` set (added where the file lacks them)."""
    if not path.exists():
        lines = [f"language: {lang}"]
        if rules is not None and path.stem.split("@")[0] != "ui":
            lines.append(f"ruleset: {rules.name}")
        emit(nest(values, 0), "", lines, english)
        return "\n".join(lines) + "\n"
    doc = read_locale(path)
    present = dict(flatten(doc.data))
    there = {k: v for k, v in values.items() if k in present}
    new_text = set_texts(doc, there, english)
    if len(there) < len(values):
        from rulespec.yamlsource import parse_yaml

        middle = parse_yaml(new_text, doc.path)
        new_text = add_entries(middle, {k: v for k, v in values.items() if k not in present}, english)
    return checked(doc, new_text, {**present, **values})
