"""Every tool that rewrites a locale file keeps the file's line ends and byte order mark.

A translator on Windows saves ``sv/combo-whist.yaml`` with CRLF line ends (and often a BOM). The
tools that rewrite a locale file — ``translate import`` (set a text, add an entry), ``mark`` (the
fingerprints block), ``init --force`` (add what a file lacks) and the unmarking of a fuzzy import —
used to write it back with LF ends, so that every line of it showed as changed. Each writer is run
on the file in each shape: afterwards every line end is the file's own, the BOM is there exactly
when it was, and the texts are the old ones plus what the writer was asked to change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import rulespec.translations as translations
from rulespec.locale import flatten, read_locale
from rulespec.localeedit import BOM, shaped
from rulespec.po import export_po, import_po
from rulespec.skeleton import init
from rulespec.translations import mark
from tests.locales_helpers import combo, locales, never_write_the_real_locales, real_sv_status  # noqa: F401

#: (name, line end, byte order mark)
SHAPES = [("LF", "\n", ""), ("CRLF", "\r\n", ""), ("CRLF with BOM", "\r\n", BOM), ("LF with BOM", "\n", BOM)]
KEY = "bids.misery.short"
SHORT_LINE = "    short: Ta inte hem flest stick, inte ens delat\n"
NAME = "bids.misery.name"


def _drop_line(path: Path, line: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(line) == 1, line
    path.write_text(text.replace(line, ""), encoding="utf-8")


def _texts(path: Path) -> dict[str, object]:
    return {k: v for k, v in flatten(read_locale(path).data) if not k.startswith("fingerprints")}


def _prints(path: Path) -> dict[str, str]:
    return {str(k): str(v) for k, v in (read_locale(path).data.get("fingerprints") or {}).items()}


def _write_fingerprints(path: Path, combo) -> dict[str, object]:  # noqa: F811
    prints = _prints(path)
    del prints[NAME]
    assert translations.write_fingerprints(path, prints) == 1
    assert NAME not in _prints(path)
    return {}


def _mark(path: Path, combo) -> dict[str, object]:  # noqa: F811
    assert NAME not in _prints(path)
    assert mark("sv", combo, [NAME]) == 1
    assert NAME in _prints(path)
    return {}


def _init_force(path: Path, combo) -> dict[str, object]:  # noqa: F811
    added = {p.name: n for p, n, _ in init("sv", combo, force=True) if n}
    assert added == {path.name: 1}
    return {KEY: ""}


def _import(path: Path, combo) -> dict[str, object]:  # noqa: F811
    """A changed text (set in place) and a text the file lacks (added), both marked after."""
    po = export_po("sv", combo, "combo-whist")
    for item in po:
        if item.msgctxt == NAME:
            item.msgstr = "Misären"
        if item.msgctxt == KEY:
            item.msgstr = "Ta inte flest stick"
            item.flags = []
    done = import_po(po, "sv", combo)
    assert done.changed == {path: 2}
    assert {NAME, KEY} <= set(_prints(path))
    return {NAME: "Misären", KEY: "Ta inte flest stick"}


def _import_fuzzy(path: Path, combo) -> dict[str, object]:  # noqa: F811
    """A fuzzy entry: only its fingerprint goes (the unmarking rewrites the block)."""
    po = export_po("sv", combo, "combo-whist")
    next(item for item in po if item.msgctxt == NAME).flags.append("fuzzy")
    assert import_po(po, "sv", combo).unreviewed == [NAME]
    assert NAME not in _prints(path)
    return {}


#: writer name → (how the file is prepared before it is shaped, the writer)
WRITERS: dict[str, tuple[str | None, Callable[[Path, object], dict[str, object]]]] = {
    "write_fingerprints": (None, _write_fingerprints),
    "mark": ("fingerprint", _mark),
    "init --force": (SHORT_LINE, _init_force),
    "import (set_texts and add_entries)": (SHORT_LINE, _import),
    "import of a fuzzy entry": (None, _import_fuzzy),
}


@pytest.mark.parametrize("shape", SHAPES, ids=[s[0] for s in SHAPES])
@pytest.mark.parametrize("writer", list(WRITERS))
def test_every_writer_keeps_the_files_shape(locales, combo, shape, writer) -> None:  # noqa: F811
    _, end, bom = shape
    path = locales / "sv" / "combo-whist.yaml"
    prepare, write = WRITERS[writer]
    if prepare == "fingerprint":
        _drop_line(path, f"  {NAME}: {_prints(path)[NAME]}\n")
    elif prepare is not None:
        _drop_line(path, prepare)
    text = path.read_text(encoding="utf-8")
    assert "\r" not in text and not text.startswith(BOM)  # the project's files are LF, without a BOM
    path.write_bytes((bom + text.replace("\n", end)).encode("utf-8"))
    before = _texts(path)

    expected = {**before, **write(path, combo)}

    raw = path.read_bytes().decode("utf-8")
    assert raw.startswith(BOM) == bool(bom) and raw.count(BOM) == raw.startswith(BOM)
    if end == "\r\n":
        assert raw.count("\n") == raw.count("\r\n") > 100  # every line end CRLF, no lone CR
    else:
        assert "\r" not in raw
    assert _texts(path) == expected


def test_a_file_keeps_a_bom_and_crlf_through_all_writers_in_turn(locales, combo) -> None:  # noqa: F811
    """(One file, every writer after the other: nothing drifts.)"""
    path = locales / "sv" / "combo-whist.yaml"
    _drop_line(path, SHORT_LINE)
    path.write_bytes((BOM + path.read_text(encoding="utf-8").replace("\n", "\r\n")).encode("utf-8"))
    _init_force(path, combo)
    _write_fingerprints(path, combo)
    _mark(path, combo)
    _import_fuzzy(path, combo)
    raw = path.read_bytes().decode("utf-8")
    assert raw.startswith(BOM) and raw.count("\n") == raw.count("\r\n")
    assert read_locale(path).data["bids"]["misery"]["short"] == "" and NAME not in _prints(path)


@pytest.mark.parametrize("like", ["", "a: b", "a: b\n", "a: b\r\n", BOM + "a: b\r\nc: d\n", BOM + "a: b\n"])
@pytest.mark.parametrize("text", ["x: 1\n", "x: 1\r\ny: 2\r\n", BOM + "x: 1\ny: 2\r\n", "x: 1\ny: 2\n"])
def test_shaped_follows_the_first_line_end_and_the_bom(like: str, text: str) -> None:
    new = shaped(text, like)
    crlf = "\n" in like and like[like.index("\n") - 1] == "\r"
    assert new.startswith(BOM) == like.startswith(BOM) and new.count(BOM) <= 1
    assert new.removeprefix(BOM).replace("\r\n", "\n") == text.removeprefix(BOM).replace("\r\n", "\n")
    assert (new.count("\r\n") == new.count("\n")) if crlf else "\r" not in new
