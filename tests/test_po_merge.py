"""``translate import`` is a three-way merge: it never loses a translator's work, nor takes a text for other English.

A PO file lives for days in a translator's tool while the locale files go on changing. The
import compares three versions of each entry — as exported (recorded in the entry's extracted
comments), as the PO has it, as the file has it now — and the rules (README, "Translating with PO
files"; :mod:`rulespec.pomerge`) say:

* the PO changed nothing in the entry (text, fuzzy flag) → nothing happens to it, and nothing is said;
* its msgid is not today's English → skipped, with a note naming the key (export again);
* the file changed since the export and the PO changed the entry too → a conflict: the file's entry
  is kept as it is, with a warning naming the key;
* else the PO's text is written, reviewed — or unreviewed when the PO calls it fuzzy (said per key).

``TABLE`` writes that down for every combination of the four conditions on one entry; the other tests
are the translator's own reports, the two causes of a msgid that is not today's English, a PO exported
before the record, and the messages of ``mark`` and of PO files in the wrong encoding. Every test works
on a copy of ``locales/`` (the ``locales`` fixture).
"""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from rulespec import load_ruleset
from rulespec.controls import BIDI_CONTROLS
from rulespec.locale import read_locale
from rulespec.pomerge import Base, read_base, record_line
from rulespec.translations import fingerprint, status
from tests.test_translate_cli import edit, texts_of, whist
from tests.test_translate_cli import locales as locales  # the fixture

KEY = "bids.grill.short"
ENGLISH = "Trump is the suit led in the trick before"
EXPORTED = "Trumf är färgen som spelades ut i sticket före"  # its Swedish text, reviewed, when exported
BY_HAND = "Trumf är färgen som spelades ut i förra sticket"  # the file, edited since the export
IN_PO = "Trumf: färgen som spelades ut i sticket innan"  # the translator's change in the PO
NEW_ENGLISH = "Trump is the suit that was led in the trick before"

_EXPORTS: dict[str, str] = {}  # the export of the (unchanged) copy of locales/, by rule set: made once


def export(capsys, tmp: Path, ref: str = "combo-whist") -> polib.POFile:
    if ref not in _EXPORTS:
        code, _, err = whist(capsys, "translate", "export", "sv", ref, "-o", str(tmp / "export.po"))
        assert code == 0, err
        _EXPORTS[ref] = (tmp / "export.po").read_text(encoding="utf-8")
    return polib.pofile(_EXPORTS[ref])


def entry(po: polib.POFile, key: str) -> polib.POEntry:
    return next(item for item in po if item.msgctxt == key)


def run_import(capsys, tmp: Path, po: polib.POFile, name: str = "de.po") -> tuple[int, str, str]:
    po.save(str(tmp / name))
    return whist(capsys, "translate", "import", str(tmp / name))


def state(key: str, ref: str = "combo-whist") -> str:
    """``reviewed``, ``unreviewed``, ``stale`` or ``missing``, as ``translate status`` counts the entry."""
    report = status("sv", load_ruleset(ref))
    for name in ("missing", "unreviewed", "stale"):
        if key in getattr(report, name):
            return name
    return "reviewed"


def sv_text(locales: Path, key: str, file: str = "combo-whist.yaml") -> str:
    data = read_locale(locales / "sv" / file).data
    for part in key.split("."):
        data = data[part]
    return str(data)


# (file changed since the export, PO changed the text, msgid still today's English, fuzzy added in the PO)
#   → (the file's text after the import, the entry's review, what the import says about the key)
TABLE = {
    # the PO changed nothing in the entry: nothing happens, whatever else changed
    (False, False, True, False): (EXPORTED, "reviewed", None),
    (True, False, True, False): (BY_HAND, "reviewed", None),
    (False, False, False, False): (EXPORTED, "stale", None),
    (True, False, False, False): (BY_HAND, "stale", None),
    # made for another English text: skipped, with a note
    (False, True, False, False): (EXPORTED, "stale", "skipped"),
    (False, False, False, True): (EXPORTED, "stale", "skipped"),
    (False, True, False, True): (EXPORTED, "stale", "skipped"),
    (True, True, False, False): (BY_HAND, "stale", "skipped"),
    (True, False, False, True): (BY_HAND, "stale", "skipped"),
    (True, True, False, True): (BY_HAND, "stale", "skipped"),
    # both changed it: the file's entry is kept as it is (a hand edit keeps its fingerprint)
    (True, True, True, False): (BY_HAND, "reviewed", "warning"),
    (True, False, True, True): (BY_HAND, "reviewed", "warning"),
    (True, True, True, True): (BY_HAND, "reviewed", "warning"),
    # only the PO changed it: its text and its review
    (False, True, True, False): (IN_PO, "reviewed", None),
    (False, False, True, True): (EXPORTED, "unreviewed", "unreviewed"),
    (False, True, True, True): (IN_PO, "unreviewed", "unreviewed"),
}


def test_the_table_has_every_combination() -> None:
    assert len(TABLE) == 16


@pytest.mark.parametrize("case", sorted(TABLE), ids=lambda c: "-".join("yes" if x else "no" for x in c))
def test_import_merges_each_entry_by_the_rules(case, locales, tmp_path, capsys) -> None:
    file_changed, po_changed, msgid_today, fuzzy_added = case
    po = export(capsys, tmp_path)
    item = entry(po, KEY)
    assert (item.msgid, item.msgstr, item.fuzzy) == (ENGLISH, EXPORTED, False)
    assert state(KEY) == "reviewed"
    if file_changed:
        edit(locales / "sv" / "combo-whist.yaml", f"    short: {EXPORTED}\n", f"    short: {BY_HAND}\n")
    if not msgid_today:
        edit(locales / "en" / "combo-whist.yaml", f"    short: {ENGLISH}\n", f"    short: {NEW_ENGLISH}\n")
    if po_changed:
        item.msgstr = IN_PO
    if fuzzy_added:
        item.flags.append("fuzzy")
    before = texts_of(locales)
    code, out, err = run_import(capsys, tmp_path, po)
    text, review, said = TABLE[case]
    assert code == 0, err
    assert sv_text(locales, KEY) == text
    assert state(KEY) == review
    changed = {k for k, v in texts_of(locales).items() if before.get(k) != v}
    assert changed == ({("sv/combo-whist.yaml", KEY)} if text != before[("sv/combo-whist.yaml", KEY)] else set())
    lines = [line for line in err.splitlines() if KEY in line]
    if said is None:
        assert lines == [], err
    else:
        assert len(lines) == 1 and lines[0].startswith(("note: ", "warning: ")), err
        assert said in lines[0]
    if said == "warning":  # it says what it kept, what it did not write, and what to do
        assert f'kept the file\'s text: "{BY_HAND}"' in err and "hint: " in err and "1 conflict(s)" in out
        assert f'not written: "{IN_PO if po_changed else EXPORTED}"' in err
        assert ("(fuzzy)" in err) == fuzzy_added


def test_a_hand_edit_survives_an_unrelated_import(locales, tmp_path, capsys) -> None:
    """The translator's report: export, edit one text by hand, import the PO with another change."""
    po = export(capsys, tmp_path)
    edit(locales / "sv" / "combo-whist.yaml", f"    short: {EXPORTED}\n", f"    short: {BY_HAND}\n")
    entry(po, "bids.grill.name").msgstr = "Grillad"
    code, out, err = run_import(capsys, tmp_path, po)
    assert code == 0, err
    assert sv_text(locales, KEY) == BY_HAND and sv_text(locales, "bids.grill.name") == "Grillad"
    assert out.splitlines()[-1].startswith("sv: 1 text(s) written") and KEY not in err


def test_two_games_sharing_ui_yaml_never_revert_each_other(locales, tmp_path, capsys) -> None:
    """Both games' PO files hold ``ui.yaml``'s texts: importing the untouched one keeps the other's change."""
    combo, christmas = export(capsys, tmp_path), export(capsys, tmp_path, "christmas-whist")
    entry(combo, "labels.trick").msgstr = "Sticket"
    assert run_import(capsys, tmp_path, combo, "combo.po")[0] == 0
    assert sv_text(locales, "labels.trick", "ui.yaml") == "Sticket" and state("labels.trick") == "reviewed"
    code, out, err = run_import(capsys, tmp_path, christmas, "christmas.po")
    assert code == 0, err
    assert sv_text(locales, "labels.trick", "ui.yaml") == "Sticket" and state("labels.trick") == "reviewed"
    assert out.strip() == "sv: 0 text(s) written, fingerprints updated in 0 file(s)" and err == ""
    # … and the same with a fuzzy flag, in a fresh export: the untouched PO does not mark the entry again
    assert whist(capsys, "translate", "export", "sv", "-o", str(tmp_path / "fresh.po"))[0] == 0
    fresh = polib.pofile(str(tmp_path / "fresh.po"))
    entry(fresh, "labels.trick").flags.append("fuzzy")
    assert run_import(capsys, tmp_path, fresh, "fresh.po")[0] == 0
    assert state("labels.trick") == "unreviewed"
    assert run_import(capsys, tmp_path, christmas, "christmas.po")[0] == 0
    assert state("labels.trick") == "unreviewed"


def test_an_entry_exported_fuzzy_is_marked_when_the_translator_clears_the_flag(locales, tmp_path, capsys) -> None:
    """Fuzzy in the export (unreviewed): kept fuzzy, it changes nothing, even after someone marked the
    entry in the file meanwhile (the PO did not add that flag); the flag cleared, the entry is marked."""
    key, sv = "bids.grill.name", locales / "sv" / "combo-whist.yaml"
    unmarked = sv.read_text(encoding="utf-8").replace(f"  {key}: 738c8bf7\n", "")
    sv.write_text(unmarked, encoding="utf-8")
    assert whist(capsys, "translate", "export", "sv", "-o", str(tmp_path / "fuzzy.po"))[0] == 0
    po = polib.pofile(str(tmp_path / "fuzzy.po"))
    assert entry(po, key).fuzzy and state(key) == "unreviewed"
    assert whist(capsys, "translate", "mark", "sv", "--key", key)[0] == 0
    code, _, err = run_import(capsys, tmp_path, po)
    assert code == 0 and state(key) == "reviewed" and key not in err
    sv.write_text(unmarked, encoding="utf-8")
    entry(po, key).flags.remove("fuzzy")
    entry(po, KEY).flags.append("fuzzy")  # (in the same file: one file's fingerprints changed, counted once)
    code, out, err = run_import(capsys, tmp_path, po)
    assert code == 0 and state(key) == "reviewed" and state(KEY) == "unreviewed"
    assert out.strip() == "sv: 0 text(s) written, fingerprints updated in 1 file(s), 1 made unreviewed (fuzzy)"


def test_a_po_exported_before_the_record_imports_as_before(locales, tmp_path, capsys) -> None:
    """No record: the file as it is today is the base. The PO's text wins (as it always did), a fuzzy
    flag on an entry reviewed today unreviews it, and a msgid that is not today's English is skipped."""
    po = export(capsys, tmp_path)
    for item in po:
        item.comment = "\n".join(line for line in item.comment.splitlines() if not line.startswith("exported:"))
    assert all(read_base(item.comment) is None for item in po)
    edit(locales / "sv" / "combo-whist.yaml", f"    short: {EXPORTED}\n", f"    short: {BY_HAND}\n")
    entry(po, KEY).msgstr = IN_PO
    entry(po, "bids.grill.name").flags.append("fuzzy")
    lock = entry(po, "bids.lock.name")
    lock.msgid, lock.msgstr = "Lock it", "Lås den"
    code, out, err = run_import(capsys, tmp_path, po)
    assert code == 0, err
    assert sv_text(locales, KEY) == IN_PO and state(KEY) == "reviewed"
    assert state("bids.grill.name") == "unreviewed" and "note: bids.grill.name: unreviewed" in err
    assert sv_text(locales, "bids.lock.name") == "Lås" and "note: bids.lock.name: skipped" in err


def test_a_msgid_edited_by_hand_is_skipped(locales, tmp_path, capsys) -> None:
    po = export(capsys, tmp_path)
    lock = entry(po, "bids.lock.name")
    lock.msgid, lock.msgstr = "Totally different English", "Ganz anders"
    code, out, err = run_import(capsys, tmp_path, po)
    assert code == 0 and sv_text(locales, "bids.lock.name") == "Lås" and state("bids.lock.name") == "reviewed"
    assert "note: bids.lock.name: skipped: its msgid is not today's English text" in err and "export again" in err
    assert "1 skipped" in out


def test_a_po_saved_in_a_charset_that_lost_characters_is_skipped_where_they_were_lost(locales, tmp_path, capsys):
    """Saved in ISO-8859-1 (as an editor may), ♣ and — became ?: those entries are skipped, never written."""
    po = export(capsys, tmp_path)
    po.metadata["Content-Type"] = "text/plain; charset=ISO-8859-1"
    entry(po, "bids.lock.name").msgstr = "Låset"  # (å is ISO-8859-1: kept)
    (tmp_path / "latin.po").write_bytes(str(po).encode("iso-8859-1", errors="replace"))
    before = texts_of(locales)
    code, out, err = whist(capsys, "translate", "import", str(tmp_path / "latin.po"))
    assert code == 0, err
    assert sv_text(locales, "bids.lock.name") == "Låset"
    changed = {k for k, v in texts_of(locales).items() if before.get(k) != v}
    assert changed == {("sv/combo-whist.yaml", "bids.lock.name")}  # nothing that lost a character
    assert "note: labels.suit_symbol_C: skipped: its msgid lost characters" in err and "(♣ became ?)" in err
    assert "note: labels.none: skipped" in err and "(— became ?)" in err and "save the PO as UTF-8" in err


def test_the_record_is_read_only_as_written() -> None:
    line = record_line("Trumf", True)
    assert read_base(f"shown on: x\n{line}") == Base(line.split()[1], True)
    assert read_base(record_line("", False)) == Base(fingerprint(""), False)
    for comment in ("", "exported: xyz", f"{line}\n{line}", "exported: 1234567 fuzzy", "exported: 12345678 fuzzy!"):
        assert read_base(comment) is None


# --- messages ---------------------------------------------------------------------------------------


def test_mark_says_an_empty_entry_is_empty(locales, capsys) -> None:
    edit(locales / "sv" / "combo-whist.yaml", "  zero:\n    name: Noll\n", '  zero:\n    name: ""\n')
    code, _, err = whist(capsys, "translate", "mark", "sv", "--key", "bids.zero.name")
    assert code == 1 and "bids.zero.name is empty: write its translation first" in err
    assert "another English" not in err and "overridden" not in err


@pytest.mark.parametrize(
    ("raw", "message", "hint"),
    [
        (b"", "the PO file is empty", "export a fresh one"),
        (b"\n  \n", "the PO file is empty", "export a fresh one"),
        ('msgid ""\nmsgstr ""\n'.encode("utf-16"), "the PO file is UTF-16 text", "save it as UTF-8"),
        (b"\xfe\xff" + 'msgid ""\n'.encode("utf-16-be"), "the PO file is UTF-16 text", "save it as UTF-8"),
    ],
    ids=["empty", "blank", "utf-16-le", "utf-16-be"],
)
def test_a_po_file_that_is_no_utf8_text_says_what_it_is(raw, message, hint, tmp_path, locales, capsys) -> None:
    (tmp_path / "x.po").write_bytes(raw)
    code, _, err = whist(capsys, "translate", "import", str(tmp_path / "x.po"))
    assert code == 1 and f"x.po:1:1: {message}" in err and f"hint: {hint}" in err


def test_a_windows_1252_file_said_to_be_iso_8859_1_is_named(locales, tmp_path, capsys) -> None:
    """— is 0x97 in Windows-1252, the control character U+0097 in ISO-8859-1: the hint names cp1252."""
    head = 'msgid ""\nmsgstr ""\n"Language: sv\\n"\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\n'
    body = 'msgctxt "bids.lock.name"\nmsgid "Lock"\nmsgstr "Lås — nu"\n'
    (tmp_path / "w.po").write_bytes((head + body).encode("cp1252"))
    before = texts_of(locales)
    code, _, err = whist(capsys, "translate", "import", str(tmp_path / "w.po"))
    assert code == 1 and "control character U+0097" in err and "probably Windows-1252 (cp1252)" in err
    assert texts_of(locales) == before
    (tmp_path / "c.po").write_bytes((head + body.replace("—", "\x1b")).encode("cp1252"))
    code, _, err = whist(capsys, "translate", "import", str(tmp_path / "c.po"))
    assert code == 1 and "U+001B" in err and "cp1252" not in err  # a control character in every charset


@pytest.mark.parametrize("ch", sorted(BIDI_CONTROLS) + ["\x7f", "\x85"])
def test_a_translation_with_a_character_no_locale_file_may_hold_is_refused_before_writing(
    ch, locales, tmp_path, capsys
) -> None:
    """The import refused C0 controls but wrote a bidi override (U+202E), which the locale reader then
    refused: every command in that language stopped until the file was edited by hand. The import
    refuses what a locale file refuses (rulespec.controls), and writes nothing."""
    head = 'msgid ""\nmsgstr ""\n"Language: sv\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    body = f'msgctxt "bids.lock.name"\nmsgid "Lock"\nmsgstr "Lås{ch}"\n'
    (tmp_path / "b.po").write_text(head + body, encoding="utf-8")
    before = texts_of(locales)
    code, _, err = whist(capsys, "translate", "import", str(tmp_path / "b.po"))
    assert code == 1 and f"control character U+{ord(ch):04X}" in err
    assert texts_of(locales) == before
