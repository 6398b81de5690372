"""A PO export shows as done only what is done: an entry that is not fuzzy holds the translation
that is shown for today's English.

A house rule that overrides an inherited English text (its title, a bid's rules) was exported
with the project's Swedish for the *old* English as its msgstr, not fuzzy: Poedit showed it done,
while `translate status` called it missing and `whist rules --lang sv` printed the English; an
import of the untouched file wrote nothing, so it stayed English for ever. Now such an entry is a
fuzzy suggestion beside the English it was made for (``#| msgid``), and accepting it in the tool
(removing the flag) makes it the house rule's own translation, reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec import load_ruleset
from rulespec.locale import flatten, read_locale
from rulespec.po import export_po, import_po, read_po, shown_where
from rulespec.translations import catalog, status
from tests.locales_helpers import write_house
from tests.test_translate_cli import locales  # noqa: F401 (the fixture)

LOCK_RULES = "In this club, none of the first {locked_tricks} tricks may go to the declarer."
HOUSE_EN = f"""\
language: en
ruleset: house
title: Combo Whist (our club)
bids:
  lock:
    rules: >-
      {LOCK_RULES}
"""


def _house(tmp_path: Path) -> Path:
    return write_house(tmp_path / "club", "bids:\n  - id: lock\n    params: {locked_tricks: 4}\n", {"en": HOUSE_EN})


def _honest(lang: str, rules) -> None:
    """Every entry of the export is fuzzy unless its msgstr is the reviewed translation in force."""
    report = status(lang, rules)
    done = set(report.english) - set(report.missing) - set(report.stale) - set(report.unreviewed)
    for item in export_po(lang, rules, "x"):
        if item.obsolete:
            continue
        if item.msgstr and "fuzzy" not in item.flags:
            assert item.msgctxt in done, item.msgctxt
        if item.msgctxt in done:
            assert "fuzzy" not in item.flags and item.msgstr == report.translated[item.msgctxt].text


@pytest.mark.usefixtures("locales")
@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.4.2", "christmas-whist", "house"])
def test_an_entry_not_fuzzy_is_a_translation_in_force(tmp_path: Path, ref: str) -> None:
    rules = load_ruleset(_house(tmp_path) if ref == "house" else ref)
    _honest("sv", rules)


@pytest.mark.usefixtures("locales")
def test_a_translation_made_for_the_overridden_english_is_a_fuzzy_suggestion(tmp_path: Path) -> None:
    path = _house(tmp_path)
    rules = load_ruleset(path)
    before = status("sv", rules)
    assert {"title", "bids.lock.rules"} <= set(before.missing)  # made for the project's English
    po = {item.msgctxt: item for item in export_po("sv", rules, str(path))}
    lock = po["bids.lock.rules"]
    assert "fuzzy" in lock.flags and lock.msgid == LOCK_RULES
    assert lock.msgstr == before.translated["bids.lock.rules"].text  # the project's Swedish, offered
    assert lock.previous_msgid is not None and lock.previous_msgid != LOCK_RULES  # the English it was made for
    assert "{locked_tricks}" in lock.previous_msgid


@pytest.mark.usefixtures("locales")
def test_accepting_the_suggestion_makes_it_the_house_rules_own(tmp_path: Path) -> None:
    path = _house(tmp_path)
    rules = load_ruleset(path)
    exported = export_po("sv", rules, str(path))
    untouched = tmp_path / "untouched.po"
    exported.save(str(untouched))
    import_po(read_po(untouched), "sv", rules)
    own = path.parent / "locales" / "sv" / "house.yaml"
    assert not own.exists()  # an untouched export changes nothing
    for item in exported:
        if item.msgctxt == "bids.lock.rules":
            item.flags.remove("fuzzy")  # the translator accepts it in Poedit
    accepted = tmp_path / "accepted.po"
    exported.save(str(accepted))
    import_po(read_po(accepted), "sv", load_ruleset(path))
    texts = dict(flatten(read_locale(own).data))
    after = status("sv", load_ruleset(path))
    assert "bids.lock.rules" in texts and "bids.lock.rules" not in after.missing + after.stale + after.unreviewed
    assert "title" in after.missing  # still fuzzy in the file: still to do


@pytest.mark.parametrize("ref", ["combo-whist", "combo-whist@1.0.0", "christmas-whist"])
def test_every_exported_entry_says_where_its_text_is_shown(ref: str) -> None:
    """A family of keys with no place of its own was said to be shown on the rules reference
    (a choice's name, which only the play screen shows): every family now names its place."""
    keys = catalog("en", load_ruleset(ref)).entries
    assert len(keys) > 500
    assert [key for key in keys if shown_where(key) is None] == []
    assert "play screen" in (shown_where("declarations.preferred_suit") or "")


@pytest.mark.usefixtures("locales")
@pytest.mark.parametrize("crlf", [False, True])
def test_an_imported_translation_brings_its_english_comment_up_to_date(tmp_path: Path, crlf: bool) -> None:
    """The ``# en:`` lines above an entry say which English it translates; an import of a text made
    for new English left the old English there (and `previous_english` would read it back)."""
    english = "language: en\nruleset: house\ndeclarations:\n  named: Ask for a suit, then keep it.\n"
    swedish = (  # made for the English as it was: two lines
        "language: sv\nruleset: house\ndeclarations:\n  # en: Ask for a suit\n  # en: and keep it.\n"
        '  named: "Be om en färg"\n'
    )
    path = write_house(
        tmp_path / "club",
        "bids:\n  - id: ask\n    kind: special\n    worth: 1\n    steps:\n"
        "      - choose: {who: declarer, what: suit, as: named}\n",
        {"en": english, "sv": swedish.replace("\n", "\r\n") if crlf else swedish},
    )
    rules = load_ruleset(path)
    po = export_po("sv", rules, str(path))
    for item in po:
        if item.msgctxt == "declarations.named":
            item.msgstr = "Be om en färg och behåll den"
    po.save(str(tmp_path / "done.po"))
    import_po(read_po(tmp_path / "done.po"), "sv", rules)
    raw = (path.parent / "locales" / "sv" / "house.yaml").read_bytes()
    written = raw.decode("utf-8")
    ending = "\r\n" if crlf else "\n"
    assert f"declarations:{ending}  # en: Ask for a suit, then keep it.{ending}  named: " in written
    assert "and keep it." not in written
    assert ("\r\n" in written) == crlf and ("\n" in written.replace("\r\n", "")) != crlf
    assert dict(flatten(read_locale(path.parent / "locales" / "sv" / "house.yaml").data))["declarations.named"] == (
        "Be om en färg och behåll den"
    )


@pytest.mark.usefixtures("locales")
def test_an_export_with_a_suggestion_for_a_block_text_imports_back_unchanged(tmp_path: Path) -> None:
    """The house rule's English is a `|` block (it ends with a line break), the project's Swedish
    suggestion does not: the untouched export was refused at import ("do not both end with a line
    break"), though it changes nothing. A suggestion left as exported is not checked; one the
    translator edits is."""
    block = HOUSE_EN.replace(f"rules: >-\n      {LOCK_RULES}\n", f"rules: |\n      {LOCK_RULES}\n")
    path = write_house(tmp_path / "club", "bids:\n  - id: lock\n    params: {locked_tricks: 4}\n", {"en": block})
    rules = load_ruleset(path)
    exported = export_po("sv", rules, str(path))
    lock = next(item for item in exported if item.msgctxt == "bids.lock.rules")
    assert lock.msgid.endswith("\n") and not lock.msgstr.endswith("\n") and "fuzzy" in lock.flags
    exported.save(str(tmp_path / "as-exported.po"))
    import_po(read_po(tmp_path / "as-exported.po"), "sv", rules)  # refused before
    lock.msgstr += " Ändrad."  # edited and still without the line break: refused, at its line
    exported.save(str(tmp_path / "edited.po"))
    with pytest.raises(Exception, match="line break"):
        import_po(read_po(tmp_path / "edited.po"), "sv", rules)


@pytest.mark.usefixtures("locales")
@pytest.mark.parametrize("crlf", [False, True])
def test_marking_an_entry_brings_its_english_comment_up_to_date(tmp_path: Path, crlf: bool) -> None:
    """``translate mark`` records that a translation was checked against today's English; the
    ``# en:`` lines above it kept the English it was first made from, so the file said two things.
    An entry not marked keeps its comment, and no text changes."""
    from rulespec.translations import mark

    english = (
        "language: en\nruleset: house\ndeclarations:\n  named: Ask for a suit, then keep it.\n  other: Name a number.\n"
    )
    swedish = (  # both made for older English
        "language: sv\nruleset: house\ndeclarations:\n  # en: Ask for a suit\n  # en: and keep it.\n"
        '  named: "Be om en färg och behåll den"\n  # en: Name any number.\n  other: "Nämn ett tal"\n'
    )
    path = write_house(
        tmp_path / "club",
        "bids:\n  - id: ask\n    kind: special\n    worth: 1\n    steps:\n"
        "      - choose: {who: declarer, what: suit, as: named}\n"
        "      - choose: {who: declarer, what: number, from: 1..3, as: other}\n",
        {"en": english, "sv": swedish.replace("\n", "\r\n") if crlf else swedish},
    )
    own = path.parent / "locales" / "sv" / "house.yaml"
    before = dict(flatten(read_locale(own).data))
    assert mark("sv", load_ruleset(path), ["declarations.named"]) == 1
    written = own.read_bytes().decode("utf-8")
    ending = "\r\n" if crlf else "\n"
    assert f"declarations:{ending}  # en: Ask for a suit, then keep it.{ending}  named: " in written
    assert "and keep it." not in written
    assert f"  # en: Name any number.{ending}  other: " in written  # not marked: left as it was
    assert ("\n" in written.replace("\r\n", "")) != crlf
    after = dict(flatten(read_locale(own).data))
    assert {k: v for k, v in after.items() if k != "fingerprints"} == {
        k: v for k, v in before.items() if k != "fingerprints"
    }
    report = status("sv", load_ruleset(path))
    assert "declarations.named" not in report.unreviewed + report.stale
    assert mark("sv", load_ruleset(path), ["declarations.named"]) == 0  # nothing more to change
