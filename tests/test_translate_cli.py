"""The ``whist translate`` commands for translators (issue 16.1), driven through the real entry point.

Every test works on a copy of ``locales/`` (the ``locales`` fixture points the modules at it) or on
house rules in ``tmp_path``; the commands run in-process through :func:`whist.cli.main`, exactly as
the ``whist`` script runs them, so exit statuses and messages are the user's.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

import rulespec.locale as locale
from rulespec.locale import flatten, read_locale
from whist.cli import main

ROOT = Path(__file__).resolve().parent.parent

HOUSE_RULE = """\
ruleset: house
version: '1'
extends: combo-whist
bids:
  - id: favourite
    kind: special
    worth: 1
    priority: 5
    params: {favourite_cards: 5}
    steps:
      - choose: {who: declarer, what: suit, as: favourite_suit}
    requires: count(declarer.won, card.suit == favourite_suit) >= favourite_cards
"""
HOUSE_EN = """\
language: en
ruleset: house
bids:
  favourite:
    name: Favourite
    short: Take {favourite_cards} cards of a suit you name
    rules: Name a suit; take at least {favourite_cards} of its cards.
declarations:
  favourite_suit: favourite suit
"""


@pytest.fixture
def locales(tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "project" / "locales"
    shutil.copytree(ROOT / "locales", copy)
    monkeypatch.setattr(locale, "LOCALES_DIR", copy)
    return copy


@pytest.fixture
def house(tmp_path) -> Path:
    folder = tmp_path / "club"
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "house.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (folder / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    return folder / "house.yaml"


def whist(capsys, *args: str) -> tuple[int, str, str]:
    """Run ``whist ARGS`` through the real entry point: (exit status, stdout, stderr)."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def texts_of(folder: Path) -> dict[tuple[str, str], object]:
    """Every entry of every locale file under ``folder``: (file, key) → text (fingerprints left out)."""
    return {
        (str(path.relative_to(folder)), key): value
        for path in sorted(folder.rglob("*.yaml"))
        for key, value in flatten(read_locale(path).data)
    }


def comments_of(folder: Path) -> dict[str, list[str]]:
    return {
        str(p.relative_to(folder)): sorted(
            line.strip() for line in p.read_text(encoding="utf-8").splitlines() if line.strip().startswith("#")
        )
        for p in sorted(folder.rglob("*.yaml"))
    }


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


# --- no command changes a translated entry it was not asked to change ----------------------------

COMMANDS = [
    ("translate", "init", "sv", "--force"),
    ("translate", "init", "sv", "combo-whist@1.0.0", "--force"),
    ("translate", "init", "sv", "christmas-whist", "--force"),
    ("translate", "init", "sv", "HOUSE", "--force"),
    ("translate", "init", "sv", "HOUSE"),
    ("translate", "mark", "sv"),
    ("translate", "mark", "sv", "HOUSE"),
    ("translate", "mark", "sv", "--key", "bids.trump.name"),
    ("translate", "status", "sv"),
    ("translate", "status", "sv", "HOUSE", "--json"),
    ("translate", "check"),
    ("translate", "check", "sv", "HOUSE"),
    ("translate", "export", "sv", "-o", "OUT"),
    ("translate", "export", "sv", "HOUSE", "-o", "OUT"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[1:]))
def test_no_translate_command_changes_a_translated_entry(args, locales, house, tmp_path, capsys):
    """The whole class of data loss: whatever a translate command does, every translated text (in
    the project's files and beside a house rule) is as it was, and no comment line is lost."""
    sv_house = house.parent / "locales" / "sv"
    sv_house.mkdir()
    (sv_house / "house.yaml").write_text(
        "# Vår klubbs texter\nlanguage: sv\nruleset: house\nbids:\n  favourite:\n    # namnet\n    name: Favorit\n",
        encoding="utf-8",
    )
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")  # something to mark
    # a file that lacks entries (init --force has something to add)
    edit(locales / "sv" / "combo-whist.yaml", "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    before = texts_of(locales) | texts_of(house.parent / "locales")
    comments = comments_of(locales) | comments_of(house.parent / "locales")
    argv = [str(house) if a == "HOUSE" else str(tmp_path / "out.po") if a == "OUT" else a for a in args]
    code, _, err = whist(capsys, *argv)
    assert code in (0, 1), err
    after = texts_of(locales) | texts_of(house.parent / "locales")
    changed = {k: (v, after.get(k)) for k, v in before.items() if v and after.get(k) != v}
    assert changed == {}, changed
    now = comments_of(locales) | comments_of(house.parent / "locales")
    for path, lines in comments.items():
        assert all(line in now[path] for line in lines), path
    if "export" in args:  # and the export holds them, so an import writes them back unchanged
        po = polib.pofile(str(tmp_path / "out.po"))
        assert code == 0 and any(e.msgctxt == "bids.misery.name" and e.msgstr == "Misär" for e in po)
        house_arg = [str(house)] if "HOUSE" in args else []
        assert whist(capsys, "translate", "import", str(tmp_path / "out.po"), *house_arg)[0] == 0
        assert texts_of(locales) | texts_of(house.parent / "locales") == after


def test_init_force_adds_only_the_missing_entries(locales, capsys):
    sv = locales / "sv" / "combo-whist.yaml"
    edit(sv, "    short: Ta inte hem något av de {locked_tricks} första sticken\n", "")
    code, out, err = whist(capsys, "translate", "init", "sv", "--force")
    assert code == 0, err
    assert f"{sv}: 1 missing entries added" in out and f"{locales / 'sv' / 'ui.yaml'}: nothing missing" in out
    doc = read_locale(sv)
    assert doc.data["bids"]["lock"]["short"] == "" and doc.data["bids"]["lock"]["name"] == "Lås"
    # the English it needs is in the comment above the new entry
    lines = sv.read_text(encoding="utf-8").splitlines()
    line = doc.key_locations[("bids", "lock", "short")].line
    assert lines[line - 2].strip() == "# en: Take none of the first {locked_tricks} tricks"
    assert doc.data["language"] == "sv" and list(doc.data)[-1] == "fingerprints"


def test_init_for_a_house_rule_writes_beside_it(locales, house, capsys):
    before = texts_of(locales)
    code, out, err = whist(capsys, "translate", "init", "sv", str(house))
    assert code == 0, err
    written = house.parent / "locales" / "sv" / "house.yaml"
    assert out.strip() == f"wrote {written} (4 entries)"
    assert texts_of(locales) == before  # the project's files are not touched
    data = read_locale(written).data
    assert data["ruleset"] == "house" and data["bids"] == {"favourite": {"name": "", "short": "", "rules": ""}}
    assert data["declarations"] == {"favourite_suit": ""}
    # where its texts are looked up: a filled entry shows
    edit(written, '    name: ""', "    name: Favorit")
    assert locale.load_texts(__import__("rulespec").load_ruleset(house), "sv").bid_name("favourite") == "Favorit"


def test_check_and_status_refuse_unknown_languages_and_take_a_rule_set(locales, house, capsys):
    for args in (("translate", "check", "xx"), ("translate", "status", "xx"), ("translate", "mark", "xx")):
        code, out, err = whist(capsys, *args)
        assert code == 2 and "no texts in 'xx' (available: en, sv)" in err and out == "", args
    code, out, err = whist(capsys, "translate", "check", str(house))  # a path is a rule set, never a language
    lines = out.splitlines()
    assert lines == [
        f"en/{house}: 0 missing, 0 unreviewed, 0 stale, 0 error(s)",
        f"sv/{house}: 4 missing, 0 unreviewed, 0 stale, 0 error(s)",
    ]
    assert code == 1 and "missing bids.favourite.name" in err and len(err.splitlines()) < 10
    code, out, _ = whist(capsys, "translate", "status", "sv", str(house))
    assert out.splitlines()[-1].startswith("sv / house: ")


def test_a_placeholder_error_of_an_older_version_names_it_and_its_file(locales, capsys):
    en = locales / "en" / "combo-whist.yaml"
    # a text that 1.0.0 also shows may not use a name 1.0.0's data lacks
    code, _, err = whist(capsys, "translate", "check", "en", "combo-whist@1.0.0")
    assert code == 0, err
    edit(en, "    name: Greed\n", "    name: Greed (+{bonus})\n")  # 1.0.0's greed has no bonus
    code, _, err = whist(capsys, "translate", "check", "en", "combo-whist@1.0.0", "combo-whist")
    assert code == 1
    errors = [line for line in err.splitlines() if "unknown placeholder" in line]
    assert errors and all(line.endswith("for combo-whist@1.0.0") for line in errors), err
    assert str(locales / "en" / "combo-whist@1.0.0.yaml") in err


def test_mark_takes_the_rule_set_like_status_and_keeps_comments(locales, house, capsys):
    sv = house.parent / "locales" / "sv"
    sv.mkdir()
    text = (
        "# huvud\nlanguage: sv\nruleset: house\nbids:\n  favourite:\n    name: Favorit  # kort\n"
        "fingerprints:\n  # inne i blocket\n  bids.favourite.name: 00000000\n# sist\n"
    )
    (sv / "house.yaml").write_text(text, encoding="utf-8")
    code, out, err = whist(capsys, "translate", "mark", "sv", str(house), "--key", "bids.favourite.name")
    assert code == 0, err and out == "sv: fingerprints updated in 1 file(s)\n"
    new = (sv / "house.yaml").read_text(encoding="utf-8")
    for comment in ("# huvud", "    name: Favorit  # kort", "  # inne i blocket", "# sist"):
        assert comment in new, comment
    assert read_locale(sv / "house.yaml").data["fingerprints"]["bids.favourite.name"] != "00000000"


# --- PO ----------------------------------------------------------------------------------------


def test_po_export_entries(locales, tmp_path, capsys):
    en = locales / "en" / "combo-whist.yaml"
    edit(en, "    name: Trump\n", "    name: Trumps\n")  # stale
    code, out, err = whist(capsys, "translate", "export", "sv", "--format", "po", "-o", str(tmp_path / "sv.po"))
    assert code == 0, err and out.startswith("wrote ")
    po = polib.pofile(str(tmp_path / "sv.po"))
    assert po.metadata["Language"] == "sv" and po.metadata["X-Whist-Ruleset"] == "combo-whist"
    entries = {e.msgctxt: e for e in po}
    assert len(entries) == len(po)  # one entry per text
    lock = entries["bids.lock.short"]
    assert lock.msgid == "Take none of the first {locked_tricks} tricks" and lock.msgstr.startswith("Ta inte hem")
    assert "shown on: bid cards" in lock.comment and "placeholders: {locked_tricks}, {worth}" in lock.comment
    assert not lock.fuzzy
    trump = entries["bids.trump.name"]
    assert trump.fuzzy and trump.msgid == "Trumps" and trump.msgstr == "Trumf"
    assert entries["labels.scores"].occurrences[0][0] == "locales/en/ui.yaml"


def test_po_export_of_a_house_rule_names_its_locale_file_from_the_house_rules_folder(locales, house, tmp_path, capsys):
    """``locales/en/house.yaml:5``, not ``house.yaml:5``: that is the rule file's own name."""
    code, _, err = whist(capsys, "translate", "export", "sv", str(house), "-o", str(tmp_path / "sv.po"))
    assert code == 0, err
    entries = {e.msgctxt: e for e in polib.pofile(str(tmp_path / "sv.po"))}
    english = house.parent / "locales" / "en" / "house.yaml"
    line = english.read_text(encoding="utf-8").splitlines().index("    name: Favourite") + 1
    assert entries["bids.favourite.name"].occurrences == [("locales/en/house.yaml", str(line))]
    assert entries["bids.misery.name"].occurrences[0][0] == "locales/en/combo-whist.yaml"


def test_po_export_then_import_changes_nothing(locales, house, tmp_path, capsys):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")  # a stale entry
    (house.parent / "locales" / "sv").mkdir()
    (house.parent / "locales" / "sv" / "house.yaml").write_text(  # an unreviewed entry
        "language: sv\nruleset: house\nbids:\n  favourite:\n    name: Favorit\n", encoding="utf-8"
    )
    for ref in ("combo-whist", str(house)):
        before = {p: p.read_bytes() for p in [*locales.rglob("*.yaml"), *house.parent.rglob("*.yaml")]}
        po = tmp_path / "out.po"
        assert whist(capsys, "translate", "export", "sv", ref, "-o", str(po))[0] == 0
        code, out, err = whist(capsys, "translate", "import", str(po), *([] if ref == "combo-whist" else [ref]))
        assert code == 0, err
        assert out.strip().endswith("0 text(s) written, fingerprints updated in 0 file(s)")
        assert {p: p.read_bytes() for p in before} == before


def test_po_import_writes_and_marks_the_translated_entries(locales, tmp_path, capsys):
    edit(locales / "en" / "combo-whist.yaml", "    name: Trump\n", "    name: Trumps\n")
    po_path = tmp_path / "sv.po"
    assert whist(capsys, "translate", "export", "sv", "-o", str(po_path))[0] == 0
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgctxt == "bids.trump.name")
    entry.msgstr, entry.flags = "Trumfar", []  # reviewed in Poedit
    lock = next(e for e in po if e.msgctxt == "bids.lock.name")
    lock.msgstr = ""  # an empty translation never empties an entry
    po.save(str(po_path))
    before = texts_of(locales)
    code, out, err = whist(capsys, "translate", "import", str(po_path))
    assert code == 0, err
    sv = locales / "sv" / "combo-whist.yaml"
    assert out.splitlines()[0] == f"{sv}: 1 text(s) written"
    texts = read_locale(sv).data
    assert texts["bids"]["trump"]["name"] == "Trumfar" and texts["bids"]["lock"]["name"] == "Lås"
    code, out, _ = whist(capsys, "translate", "status", "sv")
    assert " 0 stale," in out.splitlines()[-1]
    changed = {k for k, v in texts_of(locales).items() if before.get(k) != v}
    assert changed == {("sv/combo-whist.yaml", "bids.trump.name")}  # only the entry asked for


def test_po_import_refuses_a_broken_file_and_an_unnamed_path(tmp_path, locales, capsys):
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "a"\nmsgstr "b"\nmsgid\n', encoding="utf-8")
    code, _, err = whist(capsys, "translate", "import", str(bad))
    assert code == 1 and str(bad) in err
    # a header that names a file — plainly, or behind a bundled name (combo-whist@/x.yaml) — is never read
    for named in ("/etc/some/house.yaml", "combo-whist@/x.yaml", "combo-whist@../x", "christmas-whist@x.yaml"):
        po = polib.POFile()
        po.metadata = {"Language": "sv", "X-Whist-Ruleset": named}
        po.save(str(tmp_path / "house.po"))
        code, _, err = whist(capsys, "translate", "import", str(tmp_path / "house.po"))
        assert code == 2 and "name that rule set" in err, named
    before = texts_of(locales)
    po = polib.POFile()
    po.metadata = {"Language": "sv_SE", "X-Whist-Ruleset": "combo-whist"}
    po.append(polib.POEntry(msgctxt="bids.lock.name", msgid="Lock", msgstr="Lås"))
    po.append(polib.POEntry(msgctxt="bids.trump.name", msgid="Trump", msgstr="\x1b[31mTrumf"))
    po.save(str(tmp_path / "escape.po"))
    code, _, err = whist(capsys, "translate", "import", str(tmp_path / "escape.po"))
    assert code == 1 and "control character U+001B" in err and f"{tmp_path / 'escape.po'}:" in err
    assert texts_of(locales) == before  # nothing written, not even the good entry


@pytest.mark.parametrize("given", ["sv-FI", "sv_SE.UTF-8", "SV"])
def test_a_region_dropped_from_the_language_is_said(capsys, given):
    """``init de-CH`` wrote nothing and said "nothing missing": the region was folded into ``de``
    without a word; a translator who wanted Swiss German texts of their own would never know."""
    code, out, err = whist(capsys, "translate", "status", given)
    assert code == 0 and f"note: '{given}' is read as 'sv' (texts are kept per language, not per region)" in err
    code, out, err = whist(capsys, "translate", "status", "sv")
    assert code == 0 and "is read as" not in err


def test_status_of_an_older_version_names_the_version(capsys):
    code, out, _ = whist(capsys, "translate", "status", "sv", "combo-whist@1.0.0")
    assert code == 0 and out.splitlines()[-1].startswith("sv / combo-whist@1.0.0: ")
    code, out, _ = whist(capsys, "translate", "status", "sv", "combo-whist")
    assert code == 0 and out.splitlines()[-1].startswith("sv / combo-whist: ")
