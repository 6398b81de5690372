"""What a PO file's entries and translations must be for ``translate import`` to take them.

Each check refuses the whole import with the PO file's line (nothing is written): an entry that
is not one text of ours (:func:`check_entries`), and a translation that would stop every command
showing the language or that gettext's own ``msgfmt -c`` refuses (:func:`check_text`).
"""

from __future__ import annotations

from pathlib import Path

import polib

from rulespec.controls import first_forbidden
from rulespec.errors import Position, RuleError
from rulespec.model import RuleSet
from rulespec.placeholdernames import allowed_placeholders
from rulespec.translations import placeholders


def may_use(key: str, english: str, rules: RuleSet | None) -> set[str]:
    """The placeholders the text of ``key`` may use (the PO file's comment names them)."""
    allowed = allowed_placeholders(key, rules)
    if allowed is None:  # a label filled by the code: the names its English uses are the ones there are
        allowed = placeholders(english) or set()
    return allowed


def check_entries(po: polib.POFile, path: Path) -> None:
    """Refuse, at its line, a live entry the import could not keep as the translator meant."""
    first_line: dict[str, int] = {}
    for item in po:
        if item.obsolete:
            continue
        where = Position(str(path), item.linenum or 1, 1)
        if item.msgid_plural or item.msgstr_plural:
            raise RuleError(
                f"the entry for {item.msgctxt or repr(item.msgid)} has plural forms; every text here has one",
                where,
                "write the translation as one msgstr",
            )
        if not item.msgctxt:
            if item.msgstr.strip():  # (an untranslated one changes nothing, as everywhere)
                raise RuleError(
                    f"the entry {item.msgid[:60]!r} has no msgctxt: it names no text to translate",
                    where,
                    "keep the msgctxt of each exported entry (it is the text's key)",
                )
            continue
        if item.msgctxt in first_line:
            raise RuleError(
                f"the text {item.msgctxt} is translated twice (first at line {first_line[item.msgctxt]})",
                where,
                "keep one of the two entries",
            )
        first_line[item.msgctxt] = item.linenum or 1


def check_text(po: polib.POFile, item: polib.POEntry, key: str, english: str, rules: RuleSet | None) -> None:
    """Refuse, at its line, a translation that would stop every command showing the language,
    or that gettext refuses (see :func:`_newline_ends`)."""
    if not item.msgstr.strip():
        return
    where = Position(str(getattr(po, "fpath", None) or "<po>"), item.linenum or 1, 1)
    found = first_forbidden(item.msgstr)  # (what a locale file refuses when read: controls, bidi overrides)
    bad = None if found is None else item.msgstr[found]
    if bad is not None:  # a text never carries terminal control sequences into the locale files
        hint = "remove it in the PO editor"
        if 0x80 <= ord(bad) <= 0x9F:  # printable in Windows-1252 (— is 0x97), a control character in Latin-1
            hint = "the file is probably Windows-1252 (cp1252): name charset=CP1252 in its header, or save it as UTF-8"
        raise RuleError(f"the translation of {key} holds the control character U+{ord(bad):04X}", where, hint)
    _newline_ends(item, key, where)
    names = placeholders(item.msgstr)
    allowed = may_use(key, english, rules)
    unknown = sorted(names - allowed) if names is not None else []
    if names is None or unknown:  # written, it would stop every command that shows this language
        what = f"the unknown placeholder {{{unknown[0]}}}" if unknown else "a malformed placeholder"
        may = ", ".join("{" + n + "}" for n in sorted(allowed)) or "none"
        raise RuleError(
            f"the translation of {key} holds {what}",
            where,
            f"placeholders it may use: {may}; write {{{{ and }}}} for a brace",
        )


def _newline_ends(item: polib.POEntry, key: str, where: Position) -> None:
    """gettext's rule (``msgfmt -c``): a translation begins with a line break exactly when its
    msgid does, and ends with one exactly when its msgid does (a text shown line by line, or run
    together with the next, would otherwise come out differently in the two languages)."""
    for side, has in (("start", str.startswith), ("end", str.endswith)):
        english, translated = has(item.msgid, "\n"), has(item.msgstr, "\n")
        if english != translated:
            verb = "begin" if side == "start" else "end"
            what = "does" if english else "does not"
            raise RuleError(
                f"the translation of {key} and its English (msgid) do not both {verb} with a line break: "
                f"the English {what}",
                where,
                f"{'add' if english else 'remove'} the line break (\\n) at the translation's {side}, as msgfmt -c asks",
            )
