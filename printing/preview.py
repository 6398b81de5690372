"""PDF pages as PNG images (previews), rendered by PDFium (the pip package pypdfium2)."""

from __future__ import annotations

import io
from pathlib import Path

from rulespec.atomic import write_atomically

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


def write_pngs(pdf: bytes, output: Path, dpi: int = DEFAULT_DPI) -> list[Path]:
    """Render ``pdf`` and write one PNG per page next to ``output``; return the paths written."""
    images = render_pages(pdf, dpi)
    paths = png_paths(output, len(images))
    for path, image in zip(paths, images, strict=True):
        write_atomically(path, image)
    return paths
