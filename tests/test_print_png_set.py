"""The PNG pages of ``whist cards -o x.png`` are written as a set: all of them or none.

Each page was written whole on its own, one after another, so a page that could not be written
(``x-3.png`` a folder) stopped the command after ``x-1.png`` and ``x-2.png`` were there, with
a message saying "nothing written" — and calling a folder "a device, pipe or socket". The class:
whichever page cannot be written (first, middle, last; a folder, a named pipe), the command fails
with exit 1 naming that page and what it is, and no page file is made or changed, nor any
temporary file left behind.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.print_helpers import whist_fixture  # noqa: F401 - the fixture `whist`

PAGES = 3  # --bids trump,lock,grill --bleed 0: one card per page


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every entry of ``folder``: a file's bytes, None for anything else."""
    return {p.name: p.read_bytes() if p.is_file() else None for p in sorted(folder.iterdir())}


def cards(whist, target: Path) -> tuple[int, str, str]:
    return whist("cards", "--bids", "trump,lock,grill", "--bleed", "0", "--dpi", "36", "-o", str(target))


@pytest.mark.parametrize("page", range(1, PAGES + 1))
@pytest.mark.parametrize(("kind", "said"), [("folder", "a folder"), ("pipe", "not a regular file")])
def test_a_page_that_cannot_be_written_leaves_every_page_as_it_was(whist, tmp_path, page, kind, said):
    blocked = tmp_path / f"x-{page}.png"
    if kind == "folder":
        blocked.mkdir()
    else:
        os.mkfifo(blocked)
    other = tmp_path / f"x-{page % PAGES + 1}.png"
    other.write_bytes(b"an earlier preview")  # (a page already there is not replaced either)
    before = snapshot(tmp_path)
    code, _, err = cards(whist, tmp_path / "x.png")
    assert code == 1 and "Traceback" not in err
    assert f"cannot write {blocked}: {said}" in err and "nothing written" in err
    if kind == "folder":
        assert "device" not in err
    assert snapshot(tmp_path) == before


def test_every_page_is_written_and_no_temporary_file_is_left(whist, tmp_path):
    (tmp_path / "x-2.png").write_bytes(b"an earlier preview")
    code, _, _ = cards(whist, tmp_path / "x.png")
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"x-{i}.png" for i in range(1, PAGES + 1)]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in tmp_path.iterdir())


def _failing(blocked: Path, phase: str):
    """``os.replace`` failing (as for an immutable file) for the one rename of ``blocked`` in ``phase``:
    moving the page there aside, or putting a new page (a staging file) in its place."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        moving_aside = phase == "aside" and Path(src) == blocked
        placing = phase == "place" and Path(dst) == blocked and "whist-set" in Path(src).name
        if moving_aside or placing:
            raise PermissionError(1, "Operation not permitted", str(src), None, str(dst))
        return real(src, dst, *args, **kwargs)

    return replace


@pytest.mark.parametrize("page", range(1, PAGES + 1))
@pytest.mark.parametrize("phase", ["aside", "place"])
def test_a_page_that_cannot_be_replaced_leaves_the_whole_set_as_it_was(whist, tmp_path, monkeypatch, page, phase):
    """Found by a print shop: ``chattr +i x-3.png`` left x-1 and x-2 replaced by the new run and named
    ``.x-3.png.whist-set.tmp``. Whichever page's rename fails, in either step of the swap, every page
    is as before (one page absent before stays absent), no staging or set-aside file is left, and the
    message names the page."""
    for number in range(1, PAGES + 1):
        if number != page % PAGES + 1:  # (one page is not there yet: it must not be there after)
            (tmp_path / f"x-{number}.png").write_bytes(f"earlier page {number}".encode())
    blocked = tmp_path / f"x-{page}.png"
    before = snapshot(tmp_path)
    monkeypatch.setattr(os, "replace", _failing(blocked, phase))
    code, _, err = cards(whist, tmp_path / "x.png")
    assert code == 1 and "Traceback" not in err
    assert f"cannot write {blocked}: Operation not permitted" in err and ".whist-" not in err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "args",
    [("rules", "--format", "md", "-o", "z.md"), ("cards", "--bids", "trump", "--bleed", "0", "-o", "z.pdf")],
)
@pytest.mark.parametrize("call", ["replace", "fsync"])
def test_a_single_file_that_cannot_be_written_is_named_not_its_temporary_file(whist, tmp_path, monkeypatch, args, call):
    """``chattr +i z.pdf; whist rules -o z.pdf`` said ``cannot write .z.pdf.whist-….tmp``: a name the
    person never gave and cannot find. Whether the rename or the write fails, the output is named."""
    target = tmp_path / args[-1]
    target.write_bytes(b"earlier")

    def fails(*_args):
        raise PermissionError(1, "Operation not permitted", *[str(a) for a in _args if isinstance(a, str | Path)])

    monkeypatch.setattr(os, call, fails)
    code, _, err = whist(*args[:-1], str(target))
    assert code == 1 and "Traceback" not in err
    assert f"cannot write {target}: Operation not permitted" in err and ".whist-" not in err
    assert target.read_bytes() == b"earlier" and [p.name for p in tmp_path.iterdir()] == [target.name]
