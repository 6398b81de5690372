"""PDF pages as PNG images (previews), rendered by PDFium (the pip package pypdfium2).

The pages of one preview are written whole or not at all, as every output is (see
:mod:`rulespec.atomic`), but as a set: every target is checked first, every page is written whole
to a staging file beside its target, and only then are they swapped in: the pages there are
moved aside, the new ones renamed into place, and on any failure everything is put back. A target
that cannot be written (a folder, a pipe, a full disk, an immutable page) leaves every page of the
set as it was, and the message names the page and says what is wrong with it.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from pathlib import Path

from rulespec.atomic import TEMP_PREFIX_MARK, TEMP_SUFFIX, temp_files, write_atomically

#: Default resolution of previews.
DEFAULT_DPI = 150


def render_pages(pdf: bytes, dpi: int = DEFAULT_DPI) -> list[bytes]:
    """Every page of ``pdf`` as PNG bytes at ``dpi``."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=dpi / 72, may_draw_forms=False)
            buffer = io.BytesIO()
            # dpi= writes the pHYs chunk, so that viewers and printers show the page at its size
            bitmap.to_pil().save(buffer, format="PNG", optimize=True, dpi=(dpi, dpi))
            images.append(buffer.getvalue())
            page.close()
        return images
    finally:
        document.close()


def png_paths(output: Path, count: int) -> list[Path]:
    """Where the pages go: ``name.png`` for one page, else ``name-1.png``, ``name-2.png``, …"""
    if output.suffix.lower() != ".png":
        output = output.with_suffix(".png")
    if count == 1:
        return [output]
    width = len(str(count))
    return [output.with_name(f"{output.stem}-{i:0{width}d}.png") for i in range(1, count + 1)]


def refuse_target(path: Path) -> None:
    """Raise :class:`OSError` saying why ``path`` cannot be replaced by a file (a folder, a device,
    a pipe, a socket); what is not there yet, a regular file or a link to one is fine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        raise OSError(errno.EISDIR, "a folder: nothing written", str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file (a device, pipe or socket): nothing written", str(path))


def _staged(path: Path, data: bytes) -> Path:
    """``data`` written whole (by :func:`rulespec.atomic.write_atomically`) to a staging file beside
    ``path``, named as the atomic writer names its temporary files, so that one an interrupted run
    leaves is cleared by the next write of ``path``; returns the staging file."""
    for stale in temp_files(path):
        with contextlib.suppress(OSError):
            stale.unlink()
    stage = path.with_name(f".{path.name}{TEMP_PREFIX_MARK}set{TEMP_SUFFIX}")
    try:
        write_atomically(stage, data)
    except OSError as exc:  # (the page's path is named, not the staging file's)
        raise OSError(exc.errno, f"{exc.strerror}: nothing written", str(path)) from None
    with contextlib.suppress(OSError):  # (a page replacing one keeps its permissions, as write_atomically does)
        os.chmod(stage, path.stat().st_mode & 0o777)
    return stage


def write_pngs(pdf: bytes, output: Path, dpi: int = DEFAULT_DPI) -> list[Path]:
    """Render ``pdf`` and write one PNG per page next to ``output``, all or none; return the paths.

    Raises :class:`OSError` naming the page that cannot be written; then every page is as it was."""
    images = render_pages(pdf, dpi)
    paths = png_paths(output, len(images))
    for path in paths:
        refuse_target(path)
    staged: list[Path] = []
    try:
        for path, image in zip(paths, images, strict=True):
            staged.append(_staged(path, image))
        _swap(list(zip(staged, paths, strict=True)))
    finally:  # (placed pages were renamed away: what is left of the staging files is dropped)
        for name in staged:
            with contextlib.suppress(OSError):
                os.unlink(name)
    return paths


def _swap(pairs: list[tuple[Path, Path]]) -> None:
    """Rename each staging file over its page, all or none: every page there is first moved aside
    (a page that cannot be moved, an immutable one, fails before any is replaced), then the new
    pages are put in place; on any failure the pages placed are taken back and the old ones
    returned, and the :class:`OSError` names the page (never a staging file)."""
    aside: dict[Path, Path] = {}  # page -> where its previous file waits
    placed: list[Path] = []
    try:
        for _, path in pairs:
            if os.path.lexists(path):
                backup = path.with_name(f".{path.name}{TEMP_PREFIX_MARK}old{TEMP_SUFFIX}")
                _rename(path, backup, path)
                aside[path] = backup
        for stage, path in pairs:
            _rename(stage, path, path)
            placed.append(path)
    except BaseException:
        for path in placed:  # (a page that was not there before is removed again)
            with contextlib.suppress(OSError):
                os.unlink(path)
        for path, backup in aside.items():
            with contextlib.suppress(OSError):
                os.replace(backup, path)
        raise
    for backup in aside.values():
        with contextlib.suppress(OSError):
            os.unlink(backup)


def _rename(source: Path, target: Path, page: Path) -> None:
    """``os.replace(source, target)``, its :class:`OSError` naming ``page``."""
    try:
        os.replace(source, target)
    except OSError as exc:
        raise OSError(exc.errno, f"{exc.strerror}: nothing written", str(page)) from None
