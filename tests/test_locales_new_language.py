"""A new language: ``whist translate init`` writes a skeleton, which is filled, marked and checked
(init, fill, mark round trips, and what init refuses).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

# fixtures, imported under their own names so that pytest finds them
from locales_helpers import combo as combo
from locales_helpers import locales as locales
from locales_helpers import never_write_the_real_locales as never_write_the_real_locales
from locales_helpers import real_sv_status as real_sv_status
from locales_helpers import whist_on

import rulespec.locale as locale
import rulespec.skeleton as skeleton
import rulespec.translations as translations
from rulespec import RuleError, load_ruleset
from rulespec.locale import load_texts
from rulespec.translations import catalog, mark, status

ROOT = Path(__file__).resolve().parent.parent

# --- a new language: init, fill, mark, clean ------------------------------------------------


def fill_from_english(path: Path, english: dict[str, str]) -> None:
    """Fill each ``key: ""`` of a skeleton with the English text, as a translator would, keeping comments."""
    doc = locale.read_locale(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    for key, _ in locale.flatten(doc.data):
        number = doc.locations[tuple(key.split("."))].line - 1
        assert lines[number].endswith('""')
        lines[number] = lines[number][:-2] + json.dumps(english[key], ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_init_writes_a_complete_skeleton_with_the_english_beside_each_entry(locales, combo):
    written = [path for path, _, created in skeleton.init("xx", combo) if created]
    assert written == [locales / "xx" / "ui.yaml", locales / "xx" / "combo-whist.yaml"]
    english = catalog("en", combo)
    keys = set()
    for path in written:
        doc = locale.read_locale(path)
        assert doc.data["language"] == "xx"
        lines = path.read_text(encoding="utf-8").splitlines()
        for key, value in locale.flatten(doc.data):
            keys.add(key)
            assert value == "", key
            # the English text, line by line, in the comment lines just above the entry
            text_lines = english.entries[key].text.splitlines()
            line = doc.locations[tuple(key.split("."))].line
            above = [comment.strip() for comment in lines[line - 1 - len(text_lines) : line - 1]]
            assert above == [f"# en: {t}".rstrip() for t in text_lines], key
        # keys YAML would read as booleans are quoted, so every tool sees strings
        assert all(
            isinstance(k, str)
            for k in yaml.safe_load(path.read_text(encoding="utf-8"))["labels" if "ui" in path.name else "bids"]
        )
    assert keys == set(english.entries)
    assert yaml.safe_load(written[1].read_text(encoding="utf-8"))["ruleset"] == "combo-whist"
    assert "ruleset" not in yaml.safe_load(written[0].read_text(encoding="utf-8"))


def test_init_fill_mark_round_trip(locales, combo):
    skeleton.init("xx", combo)
    report = status("xx", combo)
    assert sorted(report.missing) == sorted(catalog("en", combo).entries) and report.total == len(report.missing)
    assert (report.stale, report.obsolete, report.errors) == ([], [], [])
    texts = load_texts(combo, "xx")
    assert texts.bid_name("misery") == "Misery" and "bids.misery.name" in texts.missing  # empty = missing

    english = {key: entry.text for key, entry in catalog("en", combo).entries.items()}
    for path in catalog("xx", combo).files:
        fill_from_english(path, english)
    report = status("xx", combo)
    assert not report.missing and not report.errors and len(report.unreviewed) == report.total  # not marked yet
    assert mark("xx", combo) == 2
    report = status("xx", combo)
    assert (report.missing, report.stale, report.obsolete, report.errors) == ([], [], [], [])
    texts = load_texts(combo, "xx")
    assert texts.bid_text("master_mail", "short") == "The others pass 3 cards to the left, past you"
    assert "Its rank is 1 or 3: the higher value when the standard bid is a trump" in texts.bid_text("master_mail")
    assert not texts.missing


def test_init_refuses_to_overwrite_english_and_odd_codes(locales, combo):
    skeleton.init("xx", combo)
    (locales / "xx" / "ui.yaml").write_text("language: xx\nlabels:\n  scores: Poäng\n", encoding="utf-8")
    with pytest.raises(RuleError, match="exists already") as caught:
        skeleton.init("xx", combo)
    assert caught.value.hint == "use --force to add the entries it lacks (translations are kept)"
    assert "Poäng" in (locales / "xx" / "ui.yaml").read_text(encoding="utf-8")  # nothing overwritten
    lacking = len(status("xx", None).missing)
    [(ui, added, created), (_, nothing, _)] = skeleton.init("xx", combo, force=True)
    assert (ui, created, added, nothing) == (locales / "xx" / "ui.yaml", False, lacking, 0)
    assert load_texts(None, "xx").label("scores") == "Poäng"  # --force only adds what is missing
    report = status("xx", combo)
    assert report.unreviewed == ["labels.scores"] and len(report.missing) == report.total - 1
    with pytest.raises(RuleError, match="English is the source language"):
        skeleton.init("en", combo, force=True)
    with pytest.raises(RuleError, match="not a language code"):
        skeleton.init("../evil", combo)
    assert not (locales.parent / "evil").exists() and not (locales / "evil").exists()


def test_translate_init_then_status_on_the_command_line(locales):
    result = whist_on(locales, "translate", "init", "de")
    assert result.returncode == 0, result.stderr
    [ui_line, combo_line] = result.stdout.splitlines()
    assert ui_line.startswith(f"wrote {locales / 'de' / 'ui.yaml'} (") and combo_line.startswith(
        f"wrote {locales / 'de' / 'combo-whist.yaml'} ("
    )
    result = whist_on(locales, "translate", "status", "de")
    assert result.returncode == 0, result.stderr
    summary = result.stdout.splitlines()[-1]
    total = int(summary.split(": ")[1].split()[0])
    assert summary == (
        f"de / combo-whist: {total} entries, {total} missing, 0 unreviewed, 0 stale, 0 obsolete, 0 error(s)"
    )
    assert result.stdout.count("missing: ") == total > 250
    again = whist_on(locales, "translate", "init", "de")
    assert again.returncode == 1 and "exists already" in again.stderr and "--force" in again.stderr
    # check and status after ``init de`` look at what de has files for: combo-whist, not every version
    check = whist_on(locales, "translate", "check", "de")
    assert check.returncode == 1 and check.stdout.splitlines() == [
        f"de/combo-whist: {total} missing, 0 unreviewed, 0 stale, 0 error(s)"
    ]


def test_init_of_a_second_game_keeps_the_shared_file_and_writes_its_own(locales, combo):
    """``init de`` then ``init de christmas-whist``: it was refused because ``ui.yaml`` existed."""
    skeleton.init("xx", combo)
    (locales / "xx" / "ui.yaml").write_text("language: xx\nlabels:\n  scores: Poäng\n", encoding="utf-8")
    christmas = load_ruleset("christmas-whist")
    done = {path.name: (added, created) for path, added, created in skeleton.init("xx", christmas)}
    assert done["ui.yaml"] == (None, False) and done["christmas-whist.yaml"][1] is True
    assert "Poäng" in (locales / "xx" / "ui.yaml").read_text(encoding="utf-8")
    with pytest.raises(RuleError, match="exists already"):  # nothing left to write: as before
        skeleton.init("xx", christmas)


@pytest.mark.parametrize("version", ["1.0.0", "1.3.0", "1.5.0"])
def test_init_of_a_version_writes_each_text_where_its_english_is(locales, version):
    """Each key in the file named as its English text's: an older version's own texts in
    ``<name>@<version>.yaml``, never in the current rule set's file (they overrode 1.5.1's there:
    ``labels.special_bids`` of 1.0.0 took the place of ``ui.yaml``'s for every version)."""
    rules = load_ruleset(f"combo-whist@{version}")
    english = catalog("en", rules).entries
    skeleton.init("xx", rules)
    written = {}
    for path in (locales / "xx").iterdir():
        for key, _ in locale.flatten(locale.read_locale(path).data):
            written[key] = path.name
    assert written == {key: Path(entry.doc.path).name for key, entry in english.items()}
    assert any(name == f"combo-whist@{version}.yaml" for name in written.values()) or version == "1.5.0"


def test_an_example_house_rule_is_translated_beside_it():
    """bids/examples/ holds house rules with their texts beside them: ``init`` writes there (it wrote
    the project's locales/ and left every inherited bid empty, hiding the project's translation)."""
    rules = load_ruleset(str(ROOT / "bids" / "examples" / "club-rules.yaml"))
    assert not translations.is_bundled(rules)
    for path, _ in skeleton.init_targets("xx", rules):
        assert path.parent == ROOT / "bids" / "examples" / "locales" / "xx", path


def test_whist_check_finds_a_new_languages_placeholder_mistakes(locales, combo):
    """A translator's new language is the project's files: ``whist check combo-whist`` passed a
    renamed placeholder that ``whist cards`` then refused ("whist check lists them all")."""
    from rulespec.localecheck import check_locales

    assert check_locales(combo) == []
    (locales / "xx").mkdir()
    (locales / "xx" / "combo-whist.yaml").write_text(
        "language: xx\nruleset: combo-whist\nbids:\n  trump:\n    short: Trumpf für {wert}\n", encoding="utf-8"
    )
    errors = check_locales(combo)
    assert errors and all(e.position is not None and e.position.path.endswith("combo-whist.yaml") for e in errors)
    assert any("'{wert}'" in e.message for e in errors)


def test_a_mistyped_section_or_label_of_a_new_language_is_named(locales, combo, capsys):
    """``lables:`` is an unknown section (an error at its key, in the project's files too: nothing
    reads it); ``labels.trik`` may be a label English has dropped, so it stays obsolete, with the
    missing key it probably meant."""
    from rulespec.localecheck import check_locales
    from tests.test_translate_cli import whist as run

    (locales / "xx").mkdir()
    (locales / "xx" / "ui.yaml").write_text(
        "language: xx\nlabels:\n  trik: Stich\nlables:\n  trick: Stich\n", encoding="utf-8"
    )
    errors = check_locales(combo)
    assert [(e.message, e.hint, e.position.line) for e in errors if e.position] == [
        ("unknown section 'lables'", "did you mean 'labels'?", 4)
    ]
    code, out, _ = run(capsys, "translate", "status", "xx")
    assert "obsolete: labels.trik (did you mean 'labels.trick', which is missing?)" in out
