"""``translate import`` writes all of a PO file or none of it, and never what ``translate check`` refuses.

Found by adding German to a house rule with PO files (``club/deutsch.yaml`` extends Combo Whist,
``translate init de`` puts the texts it inherits beside it):

* a house rule that words a text its own way in English (``locales/en/deutsch.yaml``) got its
  German written over the parent's German (``locales/de/combo-whist.yaml``), and the import then
  stopped with exit 1 — after writing. The new German is the house rule's own (README: an accepted
  suggestion "becomes the house rule's own translation"), in ``locales/de/deutsch.yaml``;
* texts each fine on its own were written although ``translate check`` then refused them: a bid
  name two bids share, a placeholder of the English text dropped, a suit letter two suits share.
  The import now checks the result with the very check ``translate check`` runs, and refuses what
  it refuses, at the PO entry's line, leaving every file as it was;
* only the first bad entry was named: a translator with four fixed them in four runs. Every one
  is named now, in one run, once.

Expectations come from the rules' words: a refused import changes no byte of any file, and for
each kind of refusal the same texts written by hand are refused by ``translate check`` too.
"""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
import yaml

from rulespec import load_ruleset
from rulespec.translations import status
from tests.test_translate_cli import house as house  # the fixture: a house rule with an English file
from tests.test_translate_cli import locales as locales  # the fixture: a copy of the project's locales/
from tests.test_translate_cli import whist

RULE = "ruleset: deutsch\nversion: 1.5.1+de.1\nextends: combo-whist\n"


def german_house(capsys, tmp: Path) -> Path:
    """``club/deutsch.yaml`` with the German skeleton ``translate init`` writes beside it."""
    (tmp / "club").mkdir()
    rule = tmp / "club" / "deutsch.yaml"
    rule.write_text(RULE, encoding="utf-8")
    code, _, err = whist(capsys, "translate", "init", "de", str(rule))
    assert code == 0, err
    return rule


def export(capsys, rule: Path, po_path: Path) -> polib.POFile:
    po_path.unlink(missing_ok=True)  # (a fresh export: the one before it is imported, or meant to be dropped)
    code, _, err = whist(capsys, "translate", "export", "de", str(rule), "-o", str(po_path))
    assert code == 0, err
    return polib.pofile(str(po_path))


def translate(po: polib.POFile, texts: dict[str, str], fuzzy: bool = False) -> polib.POFile:
    """Set the msgstr of each key, as a translator does in a PO editor (the fuzzy flag set or cleared)."""
    for item in po:
        if item.msgctxt in texts:
            item.msgstr = texts[item.msgctxt]
            item.flags = ["fuzzy"] if fuzzy else [flag for flag in item.flags if flag != "fuzzy"]
    return po


def do_import(capsys, po: polib.POFile, path: Path, rule: Path, *more: str) -> tuple[int, str, str]:
    po.save(str(path))
    return whist(capsys, "translate", "import", str(path), str(rule), *more)


def files(tmp: Path) -> dict[str, bytes]:
    """Every file under ``tmp`` but the PO files: the house rule's and the project's copy."""
    return {
        str(p.relative_to(tmp)): p.read_bytes() for p in sorted(tmp.rglob("*")) if p.is_file() and p.suffix != ".po"
    }


def line_of(path: Path, key: str) -> int:
    """The line of ``key``'s entry in the PO file as saved (polib wraps long lines as it saves)."""
    return next(item.linenum for item in polib.pofile(str(path)) if item.msgctxt == key)


def english(po: polib.POFile, key: str) -> str:
    return str(next(item.msgid for item in po if item.msgctxt == key))


def write_english_override(rule: Path, texts: dict[str, str]) -> None:
    data: dict[str, object] = {"language": "en", "ruleset": "deutsch"}
    for key, text in texts.items():
        node = data
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})  # type: ignore[assignment,union-attr]
        node[last] = text  # type: ignore[index]
    folder = rule.parent / "locales" / "en"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deutsch.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


# --- 1. a house rule's own English wording, translated ------------------------------------------


@pytest.mark.parametrize("key", ["bids.lock.short", "labels.score", "general.scoring", "title"])
@pytest.mark.parametrize("accepted_as_suggested", [False, True])
def test_a_translation_of_the_house_rules_own_english_is_the_house_rules_own(
    locales, tmp_path, capsys, key: str, accepted_as_suggested: bool
) -> None:
    rule = german_house(capsys, tmp_path)
    po = export(capsys, rule, tmp_path / "de.po")
    parents = f"DE {english(po, key)}"
    assert do_import(capsys, translate(po, {key: parents}), tmp_path / "de.po", rule)[0] == 0
    inherited_file = next(p for p in (rule.parent / "locales" / "de").glob("*.yaml") if parents in p.read_text("utf-8"))
    write_english_override(rule, {key: english(po, key) + " (in our club)"})
    po = export(capsys, rule, tmp_path / "de.po")
    own = parents if accepted_as_suggested else f"DE {english(po, key)}"
    other = {"bids.trump.short": f"DE {english(po, 'bids.trump.short')}"}
    code, out, err = do_import(capsys, translate(po, {key: own, **other}), tmp_path / "de.po", rule)
    assert code == 0, err
    report = status("de", load_ruleset(rule))
    assert report.errors == []
    assert key not in report.missing + report.unreviewed + report.stale  # shown, and reviewed
    assert report.translated[key].text == own
    assert Path(report.translated[key].doc.path) == rule.parent / "locales" / "de" / "deutsch.yaml"
    assert parents in inherited_file.read_text("utf-8")  # the parent's German, for the parent's English, stays


# --- 2. whatever check refuses, import refuses; and a refused import writes nothing -------------

#: Texts each fine on its own that ``translate check`` refuses together, and the key the refusal is at.
REFUSED = {
    "two bids, one name": ({"bids.trump.name": "Trumpf", "bids.hurry.name": "Trumpf"}, "bids.trump.name"),
    "a placeholder dropped": ({"bids.lock.rules": "Die ersten Stiche sind tabu."}, "bids.lock.rules"),
    "two suits, one letter": ({"labels.suit_letter_C": "K", "labels.suit_letter_D": "K"}, "labels.suit_letter_D"),
    "a group named as a bid": (
        {"bids.trump.name": "Farbspiel", "groups.non_trump_bids": "Farbspiel"},
        "groups.non_trump_bids",
    ),
}


def write_by_hand(rule: Path, texts: dict[str, str]) -> None:
    """Each text into the locale file beside the house rule whose skeleton holds its key."""
    for path in sorted((rule.parent / "locales" / "de").glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        for key, text in texts.items():
            *parents, last = key.split(".")
            node = data
            for part in parents:
                node = node.get(part) if isinstance(node, dict) else None
            if isinstance(node, dict) and last in node:
                node[last] = text
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


@pytest.mark.parametrize("case", REFUSED)
def test_an_import_refuses_what_check_refuses_and_writes_nothing(locales, tmp_path, capsys, case: str) -> None:
    texts, at = REFUSED[case]
    rule = german_house(capsys, tmp_path)
    po = export(capsys, rule, tmp_path / "de.po")
    before = files(tmp_path)
    good = {"labels.score": "Punkte"}
    code, _, err = do_import(capsys, translate(po, {**good, **texts}), tmp_path / "de.po", rule)
    assert code == 1
    assert f"{tmp_path / 'de.po'}:{line_of(tmp_path / 'de.po', at)}:1: the translation of {at}" in err
    assert files(tmp_path) == before  # not even the good entry, nor a fingerprint
    # The same texts written by hand: translate check refuses them (the import asked the same check).
    write_by_hand(rule, {**good, **texts})
    assert status("de", load_ruleset(rule)).errors
    code, out, _ = whist(capsys, "translate", "check", "de", str(rule))
    assert code == 1 and " 0 error(s)" not in out


def test_the_good_entries_alone_are_imported_and_pass_check(locales, tmp_path, capsys) -> None:
    """The control of the test above: without the refused texts the import writes, and check finds no error."""
    rule = german_house(capsys, tmp_path)
    po = export(capsys, rule, tmp_path / "de.po")
    texts = {"labels.score": "Punkte", "bids.trump.name": "Trumpf", "labels.suit_letter_C": "K"}
    code, _, err = do_import(capsys, translate(po, texts), tmp_path / "de.po", rule)
    assert code == 0, err
    report = status("de", load_ruleset(rule))
    assert report.errors == [] and not set(texts) & set(report.missing + report.unreviewed)


# --- 5. every refused entry, in one run -----------------------------------------------------------


def test_every_refused_entry_is_named_in_one_run(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    po = export(capsys, rule, tmp_path / "de.po")
    before = files(tmp_path)
    bad = {
        "bids.iron.name": "Ei\x1bsen",  # a control character (refused on its own)
        "bids.zero.short": "Null {nope}",  # an unknown placeholder (on its own)
        "labels.score": "Punkte\n",  # a line break its English does not end with (on its own)
        "bids.lock.rules": "Nichts.",  # a placeholder dropped (refused with the rest in place)
        "bids.hurry.name": english(po, "bids.trump.name"),  # a name another bid has (with the rest)
    }
    code, out, err = do_import(capsys, translate(po, bad), tmp_path / "de.po", rule)
    assert code == 1
    for key in bad:
        assert err.count(f"de.po:{line_of(tmp_path / 'de.po', key)}:1: ") == 1, (key, err)
    assert files(tmp_path) == before


def test_every_entry_a_po_file_cannot_hold_is_named_in_one_run(locales, tmp_path, capsys) -> None:
    rule = german_house(capsys, tmp_path)
    export(capsys, rule, tmp_path / "de.po")
    extra = (
        '\nmsgctxt "labels.score"\nmsgid "Score"\nmsgstr "Punkte"\n'  # a key twice
        '\nmsgid "Score board"\nmsgstr "Punktetafel"\n'  # no msgctxt
        '\nmsgctxt "labels.round"\nmsgid "Round"\nmsgid_plural "Rounds"\nmsgstr[0] "Runde"\nmsgstr[1] "Runden"\n'
    )
    path = tmp_path / "de.po"
    path.write_text(path.read_text("utf-8") + extra, encoding="utf-8")
    code, _, err = whist(capsys, "translate", "import", str(path), str(rule))
    assert code == 1
    assert "translated twice" in err and "has no msgctxt" in err and "plural forms" in err


def test_a_refused_import_removes_the_files_and_folders_it_made(locales, house, tmp_path, capsys) -> None:
    """A house rule with no Swedish file of its own: the import makes ``locales/sv/house.yaml`` beside
    it, finds the result refused, and leaves no trace of it (nor of the folder)."""
    code, _, err = whist(capsys, "translate", "export", "sv", str(house), "-o", str(tmp_path / "sv.po"))
    assert code == 0, err
    before = files(tmp_path)
    assert not (house.parent / "locales" / "sv").exists()
    po = translate(polib.pofile(str(tmp_path / "sv.po")), {"bids.trump.name": "Samma", "bids.hurry.name": "Samma"})
    code, _, err = do_import(capsys, po, tmp_path / "sv.po", house)
    assert code == 1 and "could not tell the two apart" in err
    assert files(tmp_path) == before and not (house.parent / "locales" / "sv").exists()
