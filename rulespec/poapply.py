"""Writing a PO import into the locale files: all of it, checked as ``translate check`` checks, or none of it.

The import (:func:`rulespec.po.import_po`) checks each translation on its own first: what would
stop every command showing the language, what gettext refuses. Some problems exist only once the
texts are in place: a bid name two bids now share, a placeholder of the English text the
translation dropped, a text written where a later layer hides it. Rather than a second copy of
those rules, :func:`write_checked` writes the texts and marks them, then asks
:func:`rulespec.translations.status` — the one implementation ``translate check`` and ``whist
check`` use — and compares its errors (and missing texts) with what they were before: a problem
the import brought is refused, located at the PO entry that brought it, and every file is put
back as it was, byte for byte (a file the import created is removed). So an import that fails
changes no file, and whatever ``translate check`` refuses, ``translate import`` refuses.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import polib

from rulespec.atomic import write_atomically
from rulespec.errors import Position, RuleError, RuleErrors
from rulespec.locale import locale_files
from rulespec.localeedit import write_locale
from rulespec.model import RuleSet
from rulespec.pocheck import at_line
from rulespec.pomerge import apply_reviews
from rulespec.translations import Status, status


def write_checked(
    po: polib.POFile,
    lang: str,
    rules: RuleSet | None,
    plans: list[tuple[Path, str]],
    reviews: tuple[list[str], list[str]],
    before: Status,
    refused: list[RuleError],
) -> tuple[int, list[str], list[str]]:
    """Write each planned file, mark and unmark the ``reviews`` (to mark, to unmark), and keep the
    result only if it brings no error or missing text ``before`` did not have and nothing was
    ``refused`` before (entries the import already refused, left out of the plans: what the others
    bring is found and reported with them, so one run names every problem). Else every file is
    restored and a :class:`RuleErrors` raised. Returns :func:`rulespec.pomerge.apply_reviews`'s answer."""
    paths = [*locale_files(lang, rules), *(path for path, _ in plans)]
    with _restored_on_failure(paths):
        for path, text in plans:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_locale(path, text)  # (in the file's own line ends)
        to_mark, to_unmark = reviews
        done = apply_reviews(lang, rules, to_mark, to_unmark) if to_mark or to_unmark else (0, [], [])
        problems = refused + brought(po, before, status(lang, rules))
        if problems:
            raise RuleErrors(sorted(problems, key=_line))
    return done


def _line(error: RuleError) -> int:
    return error.position.line if error.position is not None else 0


def brought(po: polib.POFile, before: Status, after: Status) -> list[RuleError]:
    """The errors and missing texts of ``after`` that ``before`` did not have, each located at the
    PO entry whose text is where the error is (else at the PO file's first line, naming the place)."""
    lines = {item.msgctxt: item.linenum or 1 for item in po if not item.obsolete and item.msgctxt}
    spans, earlier = _spans(after), _spans(before)
    old = {_identity(error, earlier) for error in before.errors}  # (by key, not line: the import moves lines)
    problems = []
    for error in after.errors:
        if _identity(error, spans) in old:
            continue
        key = _key_at(error.position, spans)
        if key is not None and key in lines:
            where = at_line(po, lines[key])
            problems.append(RuleError(f"the translation of {key}: {error.message}", where, error.hint))
        else:
            place = f" (at {error.position})" if error.position is not None else ""
            problems.append(RuleError(f"this import would bring: {error.message}{place}", at_line(po, 1)))
    for key in sorted(set(after.missing) - set(before.missing)):
        problems.append(
            RuleError(
                f"the translation of {key} would be written where it is not shown",
                at_line(po, lines.get(key)),
                "an English text of a later layer overrides it: translate it in that rule set's file",
            )
        )
    return problems


def _spans(report: Status) -> dict[Path, list[tuple[int, int, str]]]:
    """Per locale file, the lines each translated text runs over (its first line to its last)."""
    spans: dict[Path, list[tuple[int, int, str]]] = {}
    for key, entry in report.translated.items():
        where = entry.doc.locations.get(entry.path)
        if where is None:
            continue
        last = where.line + entry.doc.text.count("\n", where.start, where.end)
        spans.setdefault(Path(entry.doc.path).resolve(), []).append((where.line, last, key))
    return spans


def _identity(error: RuleError, spans: dict[Path, list[tuple[int, int, str]]]) -> tuple[str, str, str]:
    """An error as it stays when lines above it move: its message, its file, and its entry's key
    (its line where it is at no entry)."""
    if error.position is None:
        return error.message, "", ""
    key = _key_at(error.position, spans)
    return error.message, str(Path(error.position.path).resolve()), key or str(error.position.line)


def _key_at(position: Position | None, spans: dict[Path, list[tuple[int, int, str]]]) -> str | None:
    if position is None or position.line <= 0:
        return None
    for first, last, key in spans.get(Path(position.path).resolve(), []):
        if first <= position.line <= last:
            return key
    return None


@contextmanager
def _restored_on_failure(paths: list[Path]) -> Iterator[None]:
    """Put every one of ``paths`` back as it was (bytes, or absent, with the folders made for it)
    when the block fails in any way (a refused result, a full disk, Ctrl-C)."""
    saved = {path: path.read_bytes() if path.is_file() else None for path in dict.fromkeys(paths)}
    missing_dirs = {folder for path in saved for folder in (path.parent, path.parent.parent) if not folder.exists()}
    try:
        yield
    except BaseException:
        for path, raw in saved.items():
            if raw is not None:
                if not path.is_file() or path.read_bytes() != raw:
                    write_atomically(path, raw)
            elif path.is_file():
                path.unlink()
        for folder in sorted(missing_dirs, key=lambda p: -len(p.parts)):  # the deepest first
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        raise
