"""A PO file as the translators' tools write it: what the translator meant is kept, the rest is
refused at its line.

An export edited in Poedit, Weblate or Crowdin comes back with what these tools add: a byte-order
mark, CRLF line ends, wrapped strings, fuzzy flags, previous msgids, obsolete ``#~`` entries, or
a header naming ISO-8859-1. Before, an obsolete entry that repeats a live one (a tool's memory of
a text that came back) refused the whole file ("Entry … already exists", at line 1), a file in the
character set its header names was refused at line 1 as not UTF-8, a text translated twice was
refused at line 1 (or, with another msgid, the last one silently won), and a plural entry or an
entry without its msgctxt was silently dropped. Each variant below is one edit of a fresh export
(``labels.designation`` translated anew) and either writes exactly that translation or is refused
at the line of the entry at fault, writing nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulespec.locale import flatten, read_locale
from tests.test_translate_cli import locales, whist  # noqa: F401 (the fixture)

NEW = "Spelförarens beteckning"  # a text with a letter outside ASCII, as a charset must carry it
ENTRY = 'msgctxt "labels.designation"\nmsgid "Designation"\n'

#: name → (how the tool edited the exported text, as bytes)
KEPT = {
    "as exported": lambda t: t.encode(),
    "a byte-order mark": lambda t: b"\xef\xbb\xbf" + t.encode(),
    "CRLF line ends": lambda t: t.replace("\n", "\r\n").encode(),
    "the header names ISO-8859-1": lambda t: _latin1(t),
    "a wrapped msgstr": lambda t: t.replace(f'msgstr "{NEW}"', 'msgstr ""\n"Spelförarens "\n"beteckning"').encode(),
    "a fuzzy flag": lambda t: t.replace(ENTRY, "#, fuzzy\n" + ENTRY).encode(),
    "a previous msgid": lambda t: t.replace(ENTRY, '#| msgid "Name"\n' + ENTRY).encode(),
    "an obsolete entry repeating a live one": lambda t: (
        t + '\n#~ msgctxt "labels.designation"\n#~ msgid "Designation"\n#~ msgstr "Förr"\n'
    ).encode(),
    "an entry for a key that is gone": lambda t: (
        t + '\nmsgctxt "labels.gone_long_ago"\nmsgid "G"\nmsgstr "B"\n'
    ).encode(),
}
#: name → (the edit, the words of the refusal); the refusal names the line of the added entry
REFUSED = {
    "the same key twice": (
        lambda t: (t + f'\n{ENTRY.replace("Designation", "Name")}msgstr "Annat"\n').encode(),
        "translated twice",
    ),
    "plural forms": (
        lambda t: (
            t + '\nmsgctxt "labels.score"\nmsgid "Score"\nmsgid_plural "Scores"\nmsgstr[0] "P"\nmsgstr[1] "Ps"\n'
        ).encode(),
        "plural forms",
    ),
    "no msgctxt": (lambda t: (t + '\nmsgid "Score!"\nmsgstr "Poäng!"\n').encode(), "no msgctxt"),
    "a header naming a codec that is no character set": (
        lambda t: t.replace("charset=UTF-8", "charset=rot13").encode(),
        "not a character set",
    ),
    "a byte outside the charset the header names": (
        lambda t: t.replace(f'msgstr "{NEW}"', 'msgstr "Spelf\udcff"').encode("utf-8", "surrogateescape"),
        "is not UTF-8 text",
    ),
}


def _latin1(text: str) -> bytes:
    """The file as Poedit saves it in ISO-8859-1 (texts beyond it are not in this test's entry)."""
    return text.replace("charset=UTF-8", "charset=ISO-8859-1").encode("latin-1", "replace")


_EXPORTED: list[str] = []  # the export of the untouched locales: the same for every case, made once


def _export(tmp_path: Path, capsys) -> str:
    if _EXPORTED:
        return _EXPORTED[0]
    _EXPORTED.append(_exported(tmp_path, capsys))
    return _EXPORTED[0]


def _exported(tmp_path: Path, capsys) -> str:
    po = tmp_path / "sv.po"
    assert whist(capsys, "translate", "export", "sv", "-o", str(po))[0] == 0
    text = po.read_text(encoding="utf-8")
    assert text.count(ENTRY) == 1
    return re.sub(f'({re.escape(ENTRY)})msgstr "[^"]*"', lambda m: f'{m.group(1)}msgstr "{NEW}"', text)


def _texts(folder: Path) -> dict[tuple[str, str], object]:
    return {(str(p), k): v for p in sorted(folder.rglob("*.yaml")) for k, v in flatten(read_locale(p).data)}


@pytest.mark.parametrize("variant", sorted(KEPT))
def test_what_the_translator_meant_is_kept(variant, locales, tmp_path, capsys):  # noqa: F811
    po = tmp_path / "edited.po"
    po.write_bytes(KEPT[variant](_export(tmp_path, capsys)))
    before = _texts(locales)
    code, _, err = whist(capsys, "translate", "import", str(po))
    assert code == 0, err
    assert read_locale(locales / "sv" / "ui.yaml").data["labels"]["designation"] == NEW
    changed = {key for key, value in _texts(locales).items() if before.get(key) != value}
    if variant != "the header names ISO-8859-1":  # (there, texts beyond Latin-1 read '?' in the file)
        assert changed == {(str(locales / "sv" / "ui.yaml"), "labels.designation")}
    # (one rule set: the edited text is the shared ui.yaml's; checking every version takes 8 s a case)
    assert whist(capsys, "translate", "check", "sv", "combo-whist")[0] == 0
    code, out, err = whist(capsys, "show", "--lang", "sv")
    assert code == 0 and NEW in " ".join(out.split()), err  # the tables' heading


@pytest.mark.parametrize("variant", sorted(REFUSED))
def test_what_cannot_be_kept_is_refused_at_its_line(variant, locales, tmp_path, capsys):  # noqa: F811
    edit, words = REFUSED[variant]
    exported = _export(tmp_path, capsys)
    data = edit(exported)
    po = tmp_path / "edited.po"
    po.write_bytes(data)
    before = _texts(locales)
    code, _, err = whist(capsys, "translate", "import", str(po))
    assert code == 1 and words in err, err
    located = re.search(rf"{re.escape(str(po))}:(\d+):1: ", err)
    assert located, err
    line = int(located.group(1))
    lines = data.split(b"\n")
    if "header" in variant:
        assert b"charset" in lines[line - 1] or b"\xff" in lines[line - 1] or line == 1
    else:  # the first line of the entry at fault, or of the byte at fault, which the export does not have
        assert data.split(b"\n")[line - 1] not in exported.encode().split(b"\n") or line > exported.count("\n")
    assert _texts(locales) == before
