"""The three-way merge of a PO import: the entry as exported, as the PO file has it, as the locale file has it.

A PO file lives for days in a translator's tool while the locale files go on changing: someone
edits a text by hand, another PO file (the other game's, which shares ``ui.yaml``) is imported,
an entry is marked. Writing every ``msgstr`` back would revert those newer edits. So
:func:`rulespec.po.export_po` records, in each entry's extracted comments, what it exported::

    #. exported: 1a2b3c4d          (the fingerprint of the msgstr as exported)
    #. exported: 1a2b3c4d fuzzy    (… and the entry was fuzzy)

and :func:`merge` compares the three versions, one entry at a time, as version control does:

* the PO changed neither the text nor the fuzzy flag → nothing (whatever the file did since);
* the msgid is no longer today's English → skipped with a note (export again): the translation was
  made for another text, or the file went through a character set that lost characters (``♣`` → ``?``);
* the file changed since the export and the PO changed the entry too (its text, or its fuzzy flag,
  which is about the text the translator saw) → a conflict: the file's entry is kept as it is,
  unless both made the very same text;
* else the PO's text is written (if it differs), and the entry is marked — or, when the PO calls it
  fuzzy ("needs work"), made unreviewed (its fingerprint removed).

A PO file exported before the record existed has no base: the file as it is today is taken for
it, so its texts win as they always did, and a fuzzy flag on an entry reviewed today unreviews it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from rulespec import translations  # (its writer of fingerprints looked up when called: tests guard it)
from rulespec.locale import read_locale
from rulespec.model import RuleSet
from rulespec.translations import catalog, fingerprint, mark, writable

#: How the record line of an entry's extracted comments begins.
RECORD = "exported: "
_RECORD_LINE = re.compile(r"^exported: ([0-9a-f]{8})( fuzzy)?$")


@dataclass(frozen=True)
class Base:
    """An entry as it was exported: the fingerprint of its ``msgstr``, and whether it was fuzzy."""

    text: str
    fuzzy: bool


def record_line(msgstr: str, fuzzy: bool) -> str:
    """The extracted-comment line that records an exported entry (read back by :func:`read_base`)."""
    return f"{RECORD}{fingerprint(msgstr)}{' fuzzy' if fuzzy else ''}"


def read_base(comment: str) -> Base | None:
    """The record in an entry's extracted comments; None when there is none (an older export, or a
    tool that dropped it), or when it is not ours to read (two of them, a mangled one)."""
    found = [m for line in comment.splitlines() if (m := _RECORD_LINE.match(line.strip()))]
    if len(found) != 1:
        return None
    return Base(found[0].group(1), bool(found[0].group(2)))


class Action(Enum):
    NOTHING = "nothing"
    WRITE = "write"  # the PO's text
    CONFLICT = "conflict"  # both changed the entry: the file's is kept
    ENGLISH_CHANGED = "english changed"  # the msgid is not today's English: skipped


class Review(Enum):
    KEEP = "keep"
    MARK = "mark"  # reviewed: made from today's English
    UNMARK = "unmark"  # fuzzy in the PO: needs work


@dataclass(frozen=True)
class Outcome:
    action: Action
    review: Review = Review.KEEP


@dataclass(frozen=True)
class Conflict:
    """An entry both the locale file and the PO changed since the export (the file's is kept)."""

    key: str
    path: str | None  # the file its text is in now (None: it has none)
    file_text: str
    po_text: str
    po_fuzzy: bool


def merge(
    *, file_text: str, reviewed: bool, po_text: str, po_fuzzy: bool, made_from_today: bool, base: Base | None
) -> Outcome:
    """What an import does with one entry (see the module's docstring for the rules).

    ``file_text`` is the locale file's text now ("" when it has none), ``reviewed`` whether its
    fingerprint is today's English's, ``made_from_today`` whether the msgid is today's English.
    An empty ``msgstr`` never empties an entry: the PO did not change that text.
    """
    if base is None:  # exported before the record: the file as it is today (as an export now would say)
        base = Base(fingerprint(file_text), bool(file_text.strip()) and not reviewed)
    text_changed = bool(po_text.strip()) and fingerprint(po_text) != base.text
    if not text_changed and po_fuzzy == base.fuzzy:
        return Outcome(Action.NOTHING)
    if not made_from_today:
        return Outcome(Action.ENGLISH_CHANGED)
    if fingerprint(file_text) != base.text and not (text_changed and po_text == file_text):
        return Outcome(Action.CONFLICT)
    write = text_changed and po_text != file_text
    if not (write or file_text.strip()):
        return Outcome(Action.NOTHING)  # no text to mark or unmark
    return Outcome(Action.WRITE if write else Action.NOTHING, Review.UNMARK if po_fuzzy else Review.MARK)


def lost_characters(english: str, msgid: str, charset: str) -> str | None:
    """The first character of ``english`` that a file saved in ``charset`` lost, when ``msgid`` is
    what is left of it (``♣`` → ``?``); None when the msgid differs otherwise."""
    try:
        kept = english.encode(charset, errors="replace").decode(charset, errors="replace")
    except LookupError:
        return None
    if kept == english or kept != msgid:
        return None
    return next((ch for ch, was in zip(english, kept, strict=False) if ch != was), english[-1])


def apply_reviews(
    lang: str, rules: RuleSet | None, to_mark: list[str], to_unmark: list[str]
) -> tuple[int, list[str], list[str]]:
    """Mark the entries of ``to_mark`` and make those of ``to_unmark`` unreviewed (after the texts are written).

    Returns how many files' fingerprints changed, the keys made unreviewed, and those whose text is
    not the rule set's to unreview (a house rule's inherited text: that is done with its own rule set)."""
    before = {path: path.read_bytes() for path in catalog(lang, rules).files}
    if to_mark:
        mark(lang, rules, to_mark)
    done: list[str] = []
    theirs: list[str] = []
    if to_unmark:  # where each text is now (the import may have written it into a house rule's own file)
        now = catalog(lang, rules).entries
        by_file: dict[Path, list[str]] = {}
        for key in to_unmark:
            if key in now and writable(now[key].doc.path, rules):
                by_file.setdefault(Path(now[key].doc.path), []).append(key)
            elif key in now:
                theirs.append(key)
        for path, keys in by_file.items():  # (a text written fuzzy had no fingerprint: unreviewed all the same)
            _unmark(path, keys)
            done += keys
    return sum(path.read_bytes() != raw for path, raw in before.items()), sorted(done), sorted(theirs)


def _unmark(path: Path, keys: list[str]) -> list[str]:
    """Remove the fingerprints of ``keys`` from the locale file at ``path``; the keys that had one."""
    old = read_locale(path).data.get("fingerprints")
    prints = {str(k): str(v) for k, v in old.items()} if isinstance(old, dict) else {}
    gone = [key for key in keys if key in prints]
    if gone:
        translations.write_fingerprints(path, {k: v for k, v in prints.items() if k not in gone})
    return gone
