"""``translate import`` never writes a text that the language's files would then be refused for.

A PO file comes from a translator's tool, or a stranger. Whatever its translations hold, after an
import every command that shows the language still works: a translation with a malformed
placeholder or one its entry may not use (``{nope}``, ``{tricks_min:>99}``) is refused at its line
in the PO file, and no locale file is written. (It used to be written, and from then on ``whist
show --lang sv`` stopped on it.) Checked over generated translations of a project entry and of
a house rule's entry, and with the examples that found it.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import polib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec.locale as locale
from tests.test_translate_cli import HOUSE_EN, HOUSE_RULE, ROOT, texts_of, whist

#: (the entry, the placeholders its PO comment says it may use)
ENTRIES = {"bids.favourite.short": {"favourite_cards", "worth"}, "bids.trump.short": {"tricks_min", "score", "worth"}}


def _setup(tmp: Path) -> Path:
    (tmp / "club" / "locales" / "en").mkdir(parents=True)
    (tmp / "club" / "house.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (tmp / "club" / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    shutil.copytree(ROOT / "locales", tmp / "project" / "locales")
    return tmp / "club" / "house.yaml"


_EXPORTED: dict[str, str] = {}  # the export of the (same) house rule: made once, it is the slow part


def _import(capsys, tmp: Path, house: Path, key: str, text: str) -> tuple[int, str]:
    if "po" not in _EXPORTED:
        code, _, err = whist(capsys, "translate", "export", "sv", str(house), "-o", str(tmp / "sv.po"))
        assert code == 0, err
        _EXPORTED["po"] = (tmp / "sv.po").read_text(encoding="utf-8")
    po = polib.pofile(_EXPORTED["po"])
    entry = next(e for e in po if e.msgctxt == key)
    entry.msgstr = text
    po.save(str(tmp / "sv.po"))
    code, _, err = whist(capsys, "translate", "import", str(tmp / "sv.po"), str(house))
    return code, err


TEXTS = st.lists(
    st.one_of(
        st.text(alphabet="ab {}:!>0", max_size=6),
        st.sampled_from(["{nope}", "{tricks_min}", "{favourite_cards}", "{worth}", "{0}", "{tricks_min:>9}", "{{"]),
    ),
    min_size=1,
    max_size=4,
).map("".join)


@settings(derandomize=True, max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(ENTRIES)), text=TEXTS)
def test_after_any_import_the_language_still_shows(capsys, monkeypatch, key: str, text: str) -> None:
    if not text.strip():
        return  # an empty translation changes nothing
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        house = _setup(tmp)
        monkeypatch.setattr(locale, "LOCALES_DIR", tmp / "project" / "locales")
        before = texts_of(tmp / "project" / "locales") | texts_of(house.parent / "locales")
        code, err = _import(capsys, tmp, house, key, text)
        assert code in (0, 1), err
        if code == 1:
            assert "sv.po:" in err and "placeholder" in err
            assert texts_of(tmp / "project" / "locales") | texts_of(house.parent / "locales") == before
        shown, out, err = whist(capsys, "show", str(house), "--lang", "sv")
        assert shown == 0, err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Välj {nope} och ta hem {tricks_min} stick", "the unknown placeholder {nope}"),
        ("Välj trumf och ta hem {tricks_min:>99} stick", "a malformed placeholder"),
        ("Välj trumf och {", "a malformed placeholder"),
    ],
)
def test_a_translation_with_a_bad_placeholder_is_refused_at_its_line(capsys, monkeypatch, tmp_path, text, said):
    house = _setup(tmp_path)
    monkeypatch.setattr(locale, "LOCALES_DIR", tmp_path / "project" / "locales")
    code, err = _import(capsys, tmp_path, house, "bids.trump.short", text)
    assert code == 1
    assert f"the translation of bids.trump.short holds {said}" in err
    assert "hint: placeholders it may use: {score}, {tricks_min}, {worth}" in err


def test_a_good_translation_with_its_placeholders_is_written(capsys, monkeypatch, tmp_path) -> None:
    house = _setup(tmp_path)
    monkeypatch.setattr(locale, "LOCALES_DIR", tmp_path / "project" / "locales")
    project = tmp_path / "project" / "locales" / "sv" / "combo-whist.yaml"
    before = project.read_bytes()
    code, err = _import(capsys, tmp_path, house, "bids.trump.short", "Välj {{trumf}}: minst {tricks_min} stick")
    assert code == 0, err
    written = (house.parent / "locales" / "sv" / "house.yaml").read_text(encoding="utf-8")  # the house rule's own
    assert "Välj {{trumf}}: minst {tricks_min} stick" in written
    assert project.read_bytes() == before
