"""What a PO file's entries and translations must be for ``translate import`` to take them.

Each check returns what it refuses, located at the PO file's line, and the import refuses the
whole file when any entry is refused (nothing is written), naming every refused entry at once (a
translator fixes them all in one pass): an entry that is not one text of ours
(:func:`check_entries`), and a translation that would stop every command showing the language or
that gettext's own ``msgfmt -c`` refuses (:func:`check_text`). What the locale files' own checks
refuse once the texts are in place is checked by the import on the result (:mod:`rulespec.poapply`).
"""

from __future__ import annotations

from pathlib import Path

import polib

from rulespec.controls import first_forbidden
from rulespec.errors import Position, RuleError
from rulespec.model import RuleSet
from rulespec.placeholdernames import allowed_placeholders
from rulespec.translations import placeholders


def at_line(po: polib.POFile, line: int | None) -> Position:
    """A place in the PO file ``po`` was read from (its entries' ``linenum``): where an import's
    problems are reported, since the locale files are not written when one is found."""
    return Position(str(getattr(po, "fpath", None) or "<po>"), line or 1, 1)


def may_use(key: str, english: str, rules: RuleSet | None) -> set[str]:
    """The placeholders the text of ``key`` may use (the PO file's comment names them)."""
    allowed = allowed_placeholders(key, rules)
    if allowed is None:  # a label filled by the code: the names its English uses are the ones there are
        allowed = placeholders(english) or set()
    return allowed


def check_entries(po: polib.POFile, path: Path) -> list[RuleError]:
    """Every live entry the import could not keep as the translator meant, at its line."""
    errors: list[RuleError] = []
    first_line: dict[str, int] = {}
    for item in po:
        if item.obsolete:
            continue
        where = Position(str(path), item.linenum or 1, 1)
        if item.msgid_plural or item.msgstr_plural:
            errors.append(
                RuleError(
                    f"the entry for {item.msgctxt or repr(item.msgid)} has plural forms; every text here has one",
                    where,
                    "write the translation as one msgstr",
                )
            )
            continue
        if not item.msgctxt:
            if item.msgstr.strip():  # (an untranslated one changes nothing, as everywhere)
                errors.append(
                    RuleError(
                        f"the entry {item.msgid[:60]!r} has no msgctxt: it names no text to translate",
                        where,
                        "keep the msgctxt of each exported entry (it is the text's key)",
                    )
                )
            continue
        if item.msgctxt in first_line:
            errors.append(
                RuleError(
                    f"the text {item.msgctxt} is translated twice (first at line {first_line[item.msgctxt]})",
                    where,
                    "keep one of the two entries",
                )
            )
            continue
        first_line[item.msgctxt] = item.linenum or 1
    return errors


def check_text(
    po: polib.POFile, item: polib.POEntry, key: str, english: str, rules: RuleSet | None
) -> RuleError | None:
    """What is wrong, at its line, with a translation that would stop every command showing the
    language, or that gettext refuses (see :func:`_newline_ends`); None when nothing is."""
    if not item.msgstr.strip():
        return None
    where = at_line(po, item.linenum)
    found = first_forbidden(item.msgstr)  # (what a locale file refuses when read: controls, bidi overrides)
    bad = None if found is None else item.msgstr[found]
    if bad is not None:  # a text never carries terminal control sequences into the locale files
        hint = "remove it in the PO editor"
        if 0x80 <= ord(bad) <= 0x9F:  # printable in Windows-1252 (— is 0x97), a control character in Latin-1
            hint = "the file is probably Windows-1252 (cp1252): name charset=CP1252 in its header, or save it as UTF-8"
        return RuleError(f"the translation of {key} holds the control character U+{ord(bad):04X}", where, hint)
    ends = _newline_ends(item, key, where)
    if ends is not None:
        return ends
    names = placeholders(item.msgstr)
    allowed = may_use(key, english, rules)
    unknown = sorted(names - allowed) if names is not None else []
    if names is None or unknown:  # written, it would stop every command that shows this language
        what = f"the unknown placeholder {{{unknown[0]}}}" if unknown else "a malformed placeholder"
        may = ", ".join("{" + n + "}" for n in sorted(allowed)) or "none"
        return RuleError(
            f"the translation of {key} holds {what}",
            where,
            f"placeholders it may use: {may}; write {{{{ and }}}} for a brace",
        )
    return None


def _newline_ends(item: polib.POEntry, key: str, where: Position) -> RuleError | None:
    """gettext's rule (``msgfmt -c``): a translation begins with a line break exactly when its
    msgid does, and ends with one exactly when its msgid does (a text shown line by line, or run
    together with the next, would otherwise come out differently in the two languages)."""
    for side, has in (("start", str.startswith), ("end", str.endswith)):
        english, translated = has(item.msgid, "\n"), has(item.msgstr, "\n")
        if english != translated:
            verb = "begin" if side == "start" else "end"
            what = "does" if english else "does not"
            return RuleError(
                f"the translation of {key} and its English (msgid) do not both {verb} with a line break: "
                f"the English {what}",
                where,
                f"{'add' if english else 'remove'} the line break (\\n) at the translation's {side}, as msgfmt -c asks",
            )
    return None
