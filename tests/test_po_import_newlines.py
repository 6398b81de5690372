"""``translate import`` keeps gettext's line-break rule: a translation begins with a line break
exactly when its English (``msgid``) does, and ends with one exactly when it does.

``msgfmt -c`` refuses a PO file that breaks the rule ("'msgid' and 'msgstr' entries do not both
end with '\\n'"); the import used to take such a translation. Now it refuses the whole file at the
entry's line, with what to do, and writes nothing. Every way the two texts' ends can differ is
tried, at each end and both ways round, beside the ways they agree (those are imported as written).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.errors import RuleError
from rulespec.locale import flatten, read_locale
from rulespec.localeedit import set_texts, write_locale
from rulespec.po import export_po, import_po, read_po
from tests.locales_helpers import combo, locales, never_write_the_real_locales, real_sv_status  # noqa: F401

KEY = "bids.misery.short"
BREAKS = [(start, end) for start in ("", "\n") for end in ("", "\n")]


def _ends(text: str) -> str:
    return f"{'break' if text.startswith(chr(10)) else 'none'}-{'break' if text.endswith(chr(10)) else 'none'}"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.yaml"))}


@pytest.mark.parametrize("english_break", ["", "\n"], ids=["English plain", "English between breaks"])
@pytest.mark.parametrize("ends", BREAKS, ids=[_ends(f"{a}x{b}") for a, b in BREAKS])
def test_a_translation_keeps_its_englishs_line_breaks(locales, combo, tmp_path, english_break, ends) -> None:  # noqa: F811
    english_file = locales / "en" / "combo-whist.yaml"
    doc = read_locale(english_file)
    english = dict(flatten(doc.data))[KEY]
    if english_break:  # (no bundled English text begins or ends with a line break: this one does here)
        write_locale(english_file, set_texts(doc, {KEY: f"\n{english}\n"}))
    po = export_po("sv", combo, "combo-whist")
    item = next(entry for entry in po if entry.msgctxt == KEY)
    assert item.msgid == f"{english_break}{english}{english_break}"
    start, end = ends
    item.msgstr = f"{start}Ta aldrig flest stick{end}"
    item.flags = []
    po.save(str(tmp_path / "sv.po"))
    before = _files(locales)

    agree = start == english_break and end == english_break
    if agree:
        import_po(read_po(tmp_path / "sv.po"), "sv", combo)
        assert dict(flatten(read_locale(locales / "sv" / "combo-whist.yaml").data))[KEY] == item.msgstr
        return
    with pytest.raises(RuleError) as refused:
        import_po(read_po(tmp_path / "sv.po"), "sv", combo)
    error = refused.value
    lines = (tmp_path / "sv.po").read_text(encoding="utf-8").splitlines()
    entry_at = lines.index(f'msgctxt "{KEY}"') + 1
    assert error.position is not None and error.position.path == str(tmp_path / "sv.po")
    assert entry_at - 6 <= error.position.line <= entry_at  # the entry's first line (its comments)
    side = "begin" if start != english_break else "end"
    assert KEY in error.message and f"both {side} with a line break" in error.message
    assert error.hint is not None and "msgfmt -c" in error.hint
    assert ("add" if english_break else "remove") in error.hint
    assert _files(locales) == before  # nothing written
