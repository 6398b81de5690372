"""PDF pages as PNG images (previews), rendered by PDFium (the pip package pypdfium2).

The pages of one preview are written whole or not at all, as every output is (see
:mod:`rulespec.atomic`), but as a set: every target is checked first, every page is written whole
to a staging file beside its target, and only then are they all renamed into place. A target that
cannot be written (a folder, a pipe, a full disk) leaves no page of the set behind, and the
message says what the target is.
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

    Raises :class:`OSError` naming the page that cannot be written, before any page is replaced."""
    images = render_pages(pdf, dpi)
    paths = png_paths(output, len(images))
    for path in paths:
        refuse_target(path)
    written: list[Path] = []
    try:
        for path, image in zip(paths, images, strict=True):
            written.append(_staged(path, image))
    except BaseException:
        for name in written:
            with contextlib.suppress(OSError):
                os.unlink(name)
        raise
    for index, (name, path) in enumerate(zip(written, paths, strict=True)):
        try:
            os.replace(name, path)
        except OSError:  # (a target changed since it was checked: the pages not yet placed are dropped)
            for rest in written[index:]:
                with contextlib.suppress(OSError):
                    os.unlink(rest)
            raise
    return paths
