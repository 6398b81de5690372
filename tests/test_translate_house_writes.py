"""``whist translate import``, ``mark`` and ``init`` for a house rule write only the house rule's own
locale file (``locales/<lang>/<name>.yaml`` beside it), never the project's: a stranger's PO file must
not change the installation's texts for every other rule set.

The project's ``locales/`` is a copy (the ``locales`` fixture); after every command its bytes are
compared with what they were. An imported text that differs from what the house rule shows now is
written as the house rule's own override (and shows through ``load_texts``); one equal to it is not
written at all. For the bundled rule sets the import writes the project's files, as before.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

import polib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec.locale as locale
from rulespec import load_ruleset
from rulespec.locale import flatten, load_texts, read_locale, text_at
from rulespec.translations import fingerprint
from tests.test_translate_cli import HOUSE_EN, HOUSE_RULE, ROOT, whist
from tests.test_translate_cli import house as house  # the fixtures
from tests.test_translate_cli import locales as locales

#: Every kind of entry a rule set's texts have (the first part of the key).
KINDS = ("bids", "labels", "general", "declarations", "marks", "title", "groups")


def files_of(folder: Path) -> dict[str, str]:
    """A hash of the bytes of every file under ``folder``, by relative path (a failure names the files)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def own_file(house_rule: Path, lang: str = "sv") -> Path:
    return house_rule.parent / "locales" / lang / "house.yaml"


def exported(capsys, tmp: Path, ref: str) -> polib.POFile:
    code, _, err = whist(capsys, "translate", "export", "sv", ref, "-o", str(tmp / "out.po"))
    assert code == 0, err
    return polib.pofile(str(tmp / "out.po"))


def unmark(project: Path, keys: list[str]) -> None:
    """Drop the recorded fingerprints of ``keys`` from the project's Swedish files (never marked)."""
    for path in (project / "sv").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        head, found, block = text.partition("\nfingerprints:\n")
        kept = [
            line
            for line in block.splitlines(keepends=True)
            if not line.strip().startswith(tuple(f"{k}:" for k in keys))
        ]
        path.write_text(head + found + "".join(kept), encoding="utf-8")


#: Per kind: whether its entry is imported with another text (True) or the one shown now (False),
#: and whether the translator left it fuzzy.
CHOICES = st.fixed_dictionaries({kind: st.tuples(st.booleans(), st.booleans()) for kind in KINDS})


@settings(derandomize=True, max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=CHOICES, pick=st.integers(min_value=0, max_value=10_000))
def test_a_house_import_writes_only_the_house_rules_own_file(capsys, monkeypatch, choices, pick) -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        project = tmp / "project" / "locales"
        shutil.copytree(ROOT / "locales", project)
        monkeypatch.setattr(locale, "LOCALES_DIR", project)
        (tmp / "club" / "locales" / "en").mkdir(parents=True)
        rule_file = tmp / "club" / "house.yaml"
        rule_file.write_text(HOUSE_RULE, encoding="utf-8")
        (tmp / "club" / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
        po = exported(capsys, tmp, str(rule_file))
        by_kind = {kind: [e for e in po if e.msgctxt.split(".")[0] == kind and not e.obsolete] for kind in KINDS}
        changed: dict[str, tuple[str, str, bool]] = {}  # key → (new text, English, fuzzy)
        kept: set[str] = set()
        for kind, (change, fuzzy) in choices.items():
            entry = by_kind[kind][pick % len(by_kind[kind])]
            if change:
                entry.msgstr = "Klubbens " + (entry.msgstr or entry.msgid)  # its placeholders stay as they are
                changed[entry.msgctxt] = (entry.msgstr, entry.msgid, fuzzy)
            elif entry.msgstr:
                kept.add(entry.msgctxt)
            entry.flags = ["fuzzy"] if fuzzy else []
        po.save(str(tmp / "out.po"))
        before = files_of(project)
        code, out, err = whist(capsys, "translate", "import", str(tmp / "out.po"), str(rule_file))
        assert code == 0, err
        assert files_of(project) == before  # not a byte of the project's files changed
        texts = load_texts(load_ruleset(rule_file), "sv")
        for key, (text, _, _) in changed.items():
            assert text_at(texts.data, key) == text  # the house rule's override wins
        own = own_file(rule_file)
        if not changed:
            assert not own.exists()
            return
        data = read_locale(own).data
        held = {key for key, _ in flatten(data)}
        assert held == set(changed)  # a text equal to the one shown now is not copied
        assert data["language"] == "sv" and data["ruleset"] == "house"
        prints = data.get("fingerprints") or {}
        assert prints == {key: fingerprint(english) for key, (_, english, fuzzy) in changed.items() if not fuzzy}
        assert held.isdisjoint(kept)


def test_an_inherited_text_imported_unchanged_is_left_to_its_own_rule_set(locales, house, tmp_path, capsys):
    """The project's entry is unmarked; the PO file says the translator reviewed it: the house rule
    does not copy it, nor mark the project's file (that is the bundled rule set's to do)."""
    keys = ["title", "labels.score", "general.scoring"]
    unmark(locales, keys)
    po = exported(capsys, tmp_path, str(house))
    for entry in po:
        entry.flags = []
    po.save(str(tmp_path / "out.po"))
    before = files_of(locales)
    code, out, err = whist(capsys, "translate", "import", str(tmp_path / "out.po"), str(house))
    assert code == 0, err
    assert files_of(locales) == before and not own_file(house).exists()
    assert "note: 3 text(s) are as house inherits them, unmarked there" in err
    code, out, err = whist(capsys, "translate", "import", str(tmp_path / "out.po"), "combo-whist", "--other-ruleset")
    # (exported for the house rule: imported into the rule set the texts come from, they are marked there)
    assert code == 0, err
    code, out, err = whist(capsys, "translate", "status", "sv")
    assert " 0 unreviewed," in out.splitlines()[-1]


def test_mark_and_init_for_a_house_rule_never_write_the_projects_files(locales, house, capsys):
    keys = ["title", "labels.score", "general.scoring", "bids.trump.name", "marks.potential", "groups.non_trump_bids"]
    unmark(locales, keys)
    sv = own_file(house)
    sv.parent.mkdir()
    sv.write_text("language: sv\nruleset: house\nbids:\n  favourite:\n    name: Favorit\n", encoding="utf-8")
    before = files_of(locales)
    code, out, err = whist(capsys, "translate", "mark", "sv", str(house))
    assert code == 0, err
    assert files_of(locales) == before
    assert read_locale(sv).data["fingerprints"] == {"bids.favourite.name": fingerprint("Favourite")}
    for key in keys:
        code, _, err = whist(capsys, "translate", "mark", "sv", str(house), "--key", key)
        assert code == 1 and f"the 'sv' text of {key} is inherited" in err and str(sv) in err
    for args in (
        ["init", "sv", str(house), "--force"],
        ["init", "de", str(house)],
        ["init", "en", str(house), "--force"],
    ):
        code, _, err = whist(capsys, "translate", *args)
        assert code == 0, err
    assert files_of(locales) == before
    assert (house.parent / "locales" / "de" / "house.yaml").is_file()
    code, out, err = whist(capsys, "translate", "mark", "sv")  # the bundled rule set marks its own files
    assert code == 0 and files_of(locales) != before


def test_a_bundled_import_writes_the_projects_file_named_like_the_english_one(locales, tmp_path, capsys):
    po = exported(capsys, tmp_path, "combo-whist")
    for entry in po:
        if entry.msgctxt in ("labels.score", "bids.trump.name"):
            entry.msgstr = "Klubbens " + entry.msgstr
    po.save(str(tmp_path / "out.po"))
    code, out, err = whist(capsys, "translate", "import", str(tmp_path / "out.po"))
    assert code == 0, err
    assert text_at(read_locale(locales / "sv" / "ui.yaml").data, "labels.score").startswith("Klubbens ")
    assert text_at(read_locale(locales / "sv" / "combo-whist.yaml").data, "bids.trump.name").startswith("Klubbens ")


def test_a_house_rule_kept_beside_the_projects_locales_writes_none_of_them(locales, tmp_path, capsys):
    """Its locales/ folder is the project's: its "own" file would be the project's combo-whist.yaml."""
    rule_file = locales.parent / "club.yaml"
    rule_file.write_text("ruleset: combo-whist\nversion: '9'\nextends: combo-whist\n", encoding="utf-8")
    po = exported(capsys, tmp_path, "combo-whist")
    for entry in po:
        if entry.msgctxt == "labels.score":
            entry.msgstr = "Klubbens " + entry.msgstr
    po.save(str(tmp_path / "out.po"))
    before = files_of(locales)
    for args in (["import", str(tmp_path / "out.po"), str(rule_file)], ["init", "sv", str(rule_file), "--force"]):
        code, _, err = whist(capsys, "translate", *args)
        assert code == 1 and "is not the house rule's own locale file" in err, err
    code, _, err = whist(capsys, "translate", "mark", "sv", str(rule_file))
    assert code == 0, err
    assert files_of(locales) == before


def test_a_house_rule_named_like_the_shared_texts_is_refused_before_any_write(locales, tmp_path, capsys):
    """A house rule named ``ui`` would have its own file read as the shared labels, before every rule
    set's texts: a bid's name written there would never be shown (nor marked). The name is refused
    where it is written (the rule file schema), so no command reads or writes texts for it; the
    import's own check (a target must override what it translates) stays behind it."""
    rule_file = tmp_path / "club" / "ui.yaml"
    rule_file.parent.mkdir()
    rule_file.write_text("ruleset: ui\nversion: '1'\nextends: combo-whist\n", encoding="utf-8")
    before = files_of(locales)
    for args in (
        ("translate", "export", "sv", str(rule_file), "-o", str(tmp_path / "out.po")),
        ("check", str(rule_file)),
    ):
        code, _, err = whist(capsys, *args)
        assert code == 1 and "'ui' is not a valid name for 'ruleset'" in err and "reserved" in err, err
    assert files_of(locales) == before and not (rule_file.parent / "locales").exists()
    assert not (tmp_path / "out.po").exists()
