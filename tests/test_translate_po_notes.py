"""What the PO commands and ``translate check`` say names the place: a file, a key, a PO line.

* ``translate check`` for a house rule named its own file for every missing text, while ``init``
  put them in ``ui.yaml`` and the parent's file beside it, and ``import`` writes them there: the
  file named for each missing text is now the one the import writes it into.
* A PO entry the rule set has no English text for was "1 entr(ies)": the note names key and line.
* A PO exported for one rule set and imported into another was taken without a word (a house
  rule's PO into the project's Combo Whist writes the installed files): refused, unless asked.
* A translation the translator left fuzzy (unsure) was written with no note, and shown in play:
  "KEY: unreviewed now", as README's table says. Translator comments (``# …``) are not kept by
  the locale files: the import says so.
* ``translate export -o de.po`` overwrote a PO file holding translations not yet imported: refused
  without --force, naming them; a file whose translations are all imported is replaced as before.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from rulespec import load_ruleset
from rulespec.translations import status
from tests.test_po_import_whole import (
    do_import,
    english,
    export,
    files,
    german_house,
    translate,
    write_english_override,
)
from tests.test_translate_cli import locales as locales  # the fixture: a copy of the project's locales/
from tests.test_translate_cli import whist

MISSING = re.compile(r"^(.*?)(?: \(not written yet\))?: missing (\S+)$")


def test_check_names_for_each_missing_text_the_file_the_import_writes_it_into(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    write_english_override(rule, {"bids.lock.short": "Take no trick among the first {locked_tricks}"})
    code, _, err = whist(capsys, "translate", "check", "de", str(rule))
    assert code == 1
    named = {m.group(2): Path(m.group(1)) for line in err.splitlines() if (m := MISSING.match(line))}
    po = export(capsys, rule, tmp_path / "de.po")
    assert set(named) == {item.msgctxt for item in po}  # every text is missing, and named once
    assert {path.name for path in named.values()} == {"ui.yaml", "combo-whist.yaml", "deutsch.yaml"}
    code, _, err = do_import(capsys, translate(po, {item.msgctxt: item.msgid for item in po}), tmp_path / "de.po", rule)
    assert code == 0, err
    report = status("de", load_ruleset(rule))
    assert report.missing == [] and report.errors == []
    wrong = {
        k: (str(p), report.translated[k].doc.path)
        for k, p in named.items()
        if Path(report.translated[k].doc.path).resolve() != p.resolve()
    }
    assert wrong == {}


def test_an_entry_the_rule_set_lacks_is_named_with_its_line(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    path = tmp_path / "de.po"
    export(capsys, rule, path)
    path.write_text(
        path.read_text("utf-8") + '\nmsgctxt "bids.nothere.name"\nmsgid "Nowhere"\nmsgstr "Nirgends"\n', "utf-8"
    )
    line = next(item.linenum for item in polib.pofile(str(path)) if item.msgctxt == "bids.nothere.name")
    code, _, err = whist(capsys, "translate", "import", str(path), str(rule))
    assert code == 0, err
    assert f"note: {path}:{line}:1: bids.nothere.name: skipped: deutsch has no English text of that key" in err


@pytest.mark.parametrize("exported_for", ["house", "combo-whist"])
def test_a_po_for_another_rule_set_is_refused_unless_asked(locales, tmp_path, capsys, exported_for: str) -> None:
    rule = german_house(capsys, tmp_path)
    (locales / "de").mkdir(exist_ok=True)  # (the project has no German: the bundled rule set may have some)
    (locales / "de" / "ui.yaml").write_text("language: de\n", encoding="utf-8")
    source, target = (str(rule), "combo-whist") if exported_for == "house" else ("combo-whist", str(rule))
    code, _, err = whist(capsys, "translate", "export", "de", source, "-o", str(tmp_path / "de.po"))
    assert code == 0, err
    po = translate(polib.pofile(str(tmp_path / "de.po")), {"labels.score": "Punkte"})
    before = files(tmp_path)
    code, _, err = do_import(capsys, po, tmp_path / "de.po", Path(target))
    mine, theirs = ("deutsch", "combo-whist") if exported_for == "house" else ("combo-whist", "deutsch")
    assert code == 1 and f"exported for the rule set '{mine}', not '{theirs}'" in err and "--other-ruleset" in err
    assert files(tmp_path) == before
    code, _, err = do_import(capsys, po, tmp_path / "de.po", Path(target), "--other-ruleset")
    assert code == 0, err


@pytest.mark.parametrize("translated_before", [False, True])
def test_a_fuzzy_translation_is_said_to_be_unreviewed(locales, tmp_path, capsys, translated_before: bool) -> None:
    rule = german_house(capsys, tmp_path)
    po = export(capsys, rule, tmp_path / "de.po")
    if translated_before:  # reviewed, then changed and left fuzzy
        assert do_import(capsys, translate(po, {"labels.score": "Punkte"}), tmp_path / "de.po", rule)[0] == 0
        po = export(capsys, rule, tmp_path / "de.po")
    code, _, err = do_import(capsys, translate(po, {"labels.score": "Punktzahl"}, fuzzy=True), tmp_path / "de.po", rule)
    assert code == 0, err
    assert "note: labels.score: unreviewed now (fuzzy in the PO)" in err
    report = status("de", load_ruleset(rule))
    assert "labels.score" in report.unreviewed and report.translated["labels.score"].text == "Punktzahl"


def test_translator_comments_are_said_not_to_be_kept(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    po = translate(export(capsys, rule, tmp_path / "de.po"), {"labels.score": "Punkte", "title": "Kombi-Whist"})
    for item in po:
        if item.msgctxt in ("labels.score", "title"):
            item.tcomment = "checked with the club"
    code, _, err = do_import(capsys, po, tmp_path / "de.po", rule)
    assert code == 0, err
    assert "note: 2 translator comment(s) (# lines) not kept" in err


def test_export_never_overwrites_translations_not_yet_imported(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    path = tmp_path / "de.po"
    po = export(capsys, rule, path)
    again = ("translate", "export", "de", str(rule), "-o", str(path))
    assert whist(capsys, *again)[0] == 0  # as exported: nothing would be lost
    translate(po, {"labels.score": "Punkte", "title": "Kombi-Whist"}).save(str(path))
    work = path.read_bytes()
    code, _, err = whist(capsys, *again)
    assert code == 1 and "2 translation(s) not imported yet" in err and "labels.score" in err and "title" in err
    assert path.read_bytes() == work
    assert do_import(capsys, polib.pofile(str(path)), path, rule)[0] == 0
    assert whist(capsys, *again)[0] == 0  # imported: the export replaces it
    assert "Kombi-Whist" in path.read_text("utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("not a PO file\n", encoding="utf-8")
    code, _, err = whist(capsys, "translate", "export", "de", str(rule), "-o", str(other))
    assert code == 1 and other.read_text("utf-8") == "not a PO file\n"
    assert whist(capsys, "translate", "export", "de", str(rule), "-o", str(other), "--force")[0] == 0
    assert english(polib.pofile(str(other)), "labels.score") == "Score"
