"""A locale text as long as a locale file allows never makes a document renderer fail with a traceback.

A house rule's locale may give a bid a rules text of a hundred thousand characters. The rules
reference as PDF put it in one table row, taller than a page; ReportLab cannot split a table row
and raised ``LayoutError``: ``whist rules --format pdf`` ended in a traceback. Now the row is
measured first and the bid's texts are refused by name (exit 1, a hint). The property runs every
document renderer over each kind of long text (prose and one endless word, in a bid's rules,
short text and name, and in a section of the general rules): each writes its file or stops with
a short message naming the text, exit 1, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_translate_cli import whist

PROSE = "Lorem ipsum dolor sit amet, consectetur. " * 2500  # about 100,000 characters
WORD = "x" * 20_000
TEXTS = {
    "a bid's rules, prose": ("bids", "trump", "rules", PROSE),
    "a bid's rules, one word": ("bids", "trump", "rules", WORD),
    "a bid's short text, prose": ("bids", "grill", "short", PROSE),
    "a bid's name, one word": ("bids", "misery", "name", WORD),
    "a general section, prose": ("general", "overview", None, PROSE),
}
RENDERERS = [
    ["rules", "--format", "pdf", "-o", "{dir}/r.pdf"],
    ["rules", "--format", "html", "-o", "{dir}/r.html"],
    ["rules", "--format", "md", "-o", "{dir}/r.md"],
    ["cards", "-o", "{dir}/c.pdf"],
]


def _house(folder: Path, where: tuple[str, str, str | None, str]) -> Path:
    section, key, field, text = where
    body = f'    {field}: "{text}"\n' if field else ""
    value = f"\n{body}" if field else f' "{text}"\n'
    (folder / "locales" / "en").mkdir(parents=True)
    locale = f"language: en\nruleset: house\n{section}:\n  {key}:{value}"
    (folder / "locales" / "en" / "house.yaml").write_text(locale, encoding="utf-8")
    path = folder / "house.yaml"
    path.write_text("ruleset: house\nversion: 1.0.0\nextends: combo-whist\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("args", RENDERERS, ids=lambda a: " ".join(a[:3]))
@pytest.mark.parametrize("name", sorted(TEXTS))
def test_a_long_text_is_written_or_refused_by_name(tmp_path, capsys, name, args) -> None:
    house = _house(tmp_path, TEXTS[name])
    code, out, err = whist(capsys, args[0], str(house), "--lang", "en", *[a.format(dir=tmp_path) for a in args[1:]])
    assert code in (0, 1), err
    if code == 1:
        assert ("bid '" in err or "general" in err) and err.count("\n") <= 3, err  # the text named, briefly
    else:
        assert "wrote" in out


def test_the_pdf_reference_names_the_bid_whose_texts_are_too_long(tmp_path, capsys) -> None:
    house = _house(tmp_path, TEXTS["a bid's rules, prose"])
    code, _, err = whist(capsys, "rules", str(house), "--lang", "en", "--format", "pdf", "-o", str(tmp_path / "r.pdf"))
    assert code == 1
    assert "bid 'trump'" in err and "longer than a page" in err
    assert not (tmp_path / "r.pdf").exists()
