"""The schema checks a bundled rule set passed when shipped are not made again; every other file's are.

``rulespec/schema/known-valid.json`` records digests of the bundled rule sets' texts with the
schema's (see :mod:`rulespec.knownvalid`). These tests hold it to what it claims: it records exactly
the bundled rule sets, each of them passes the checks when they are made, a load of one makes none,
and a file that differs by a byte, or a changed schema, is checked as before.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from rulespec import RuleError, header, knownvalid, load_ruleset, loader
from rulespec.locate import BUNDLED_DIR, bundled_names, bundled_versions

ROOT = Path(__file__).resolve().parent.parent


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The documents the loader checks against the schema from now on."""
    checked: list[Any] = []
    real = loader.validate_document

    def counting(doc: Any, *args: Any, **kwargs: Any) -> Any:
        checked.append(doc)
        return real(doc, *args, **kwargs)

    monkeypatch.setattr(loader, "validate_document", counting)
    monkeypatch.setattr(header, "validate_document", counting)  # (the header is checked first, there)
    return checked


def test_the_shipped_record_is_exactly_the_bundled_rule_sets_and_they_pass() -> None:
    """Every check is made while recording, so a bundled file the schema refuses raises here; a stale
    record (a bundled file or the schema edited without ``python -m rulespec.knownvalid``) differs."""
    recorded = knownvalid.bundled_digests()
    assert recorded == knownvalid._shipped(), "run: python -m rulespec.knownvalid"


@pytest.mark.parametrize("ref", [*bundled_names(), f"combo-whist@{bundled_versions('combo-whist')[0]}"])
def test_a_bundled_rule_set_loads_without_a_schema_check(monkeypatch: pytest.MonkeyPatch, ref: str) -> None:
    checked = _count_checks(monkeypatch)
    load_ruleset(ref)
    assert checked == []


def test_an_identical_copy_is_skipped_and_an_edited_one_is_checked(monkeypatch, tmp_path: Path) -> None:
    checked = _count_checks(monkeypatch)
    copy = tmp_path / "copy"
    shutil.copytree(BUNDLED_DIR / "combo-whist", copy, ignore=shutil.ignore_patterns("versions"))
    load_ruleset(str(copy))
    assert checked == []  # the same texts under the same schema: the same verdict
    game = copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "# one more line\n", encoding="utf-8")
    load_ruleset(str(copy))
    assert len(checked) == 2 * len(list(copy.glob("*.yaml")))  # the header, then the whole: each file
    # An error the schema finds is found, located, in an edited bundled file.
    text = game.read_text(encoding="utf-8")
    assert "  players: {min: 3," in text
    game.write_text(text.replace("  players: {min: 3,", "  players: {min: many,", 1), encoding="utf-8")
    with pytest.raises(RuleError) as raised:
        load_ruleset(str(copy))
    assert "game.yaml" in str(raised.value)


def test_a_child_of_an_edited_parent_is_checked(monkeypatch, tmp_path: Path) -> None:
    """A child's files are checked over its merged parent: its record covers the parent's texts too."""
    parent = tmp_path / "parent"
    shutil.copytree(BUNDLED_DIR / "combo-whist", parent, ignore=shutil.ignore_patterns("versions"))
    child = tmp_path / "child.yaml"
    child.write_text("ruleset: child\nversion: '1'\nextends: ./parent\nbids:\n  - id: trump\n    score: 9\n", "utf-8")
    with knownvalid.recording() as digests:  # as if the child and its parent were shipped
        load_ruleset(str(child))
    monkeypatch.setattr(knownvalid, "_shipped", lambda: frozenset(digests))
    checked = _count_checks(monkeypatch)
    load_ruleset(str(child))
    assert checked == []
    special = parent / "special-bids.yaml"
    special.write_text(special.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    load_ruleset(str(child))
    assert [doc.path for doc in checked if doc.path == str(child)] == [str(child)]  # its whole, not its header


def test_a_changed_schema_checks_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = _count_checks(monkeypatch)
    monkeypatch.setattr(knownvalid, "_schema_digest", lambda: "another schema")
    load_ruleset("combo-whist")
    assert len(checked) == 2 * len(list((BUNDLED_DIR / "combo-whist").glob("*.yaml")))


@pytest.mark.parametrize("content", ["", "{", "[]", '{"digests": 3}', '{"digests": [1, null]}'])
def test_a_damaged_record_means_every_check_is_made(monkeypatch, tmp_path: Path, content: str) -> None:
    path = tmp_path / "known-valid.json"
    path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(knownvalid, "KNOWN_PATH", path)
    knownvalid._shipped.cache_clear()
    try:
        checked = _count_checks(monkeypatch)
        load_ruleset("combo-whist")
        assert checked != []
    finally:
        monkeypatch.undo()
        knownvalid._shipped.cache_clear()
