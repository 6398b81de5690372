"""Facts the guides quote about the program's own formats agree with the code.

docs/writing-rules.md said `whist show --format json` was "format version 2" after the export had
moved to 3 (bounded options); a reader checking a file's `format_version` against the guide was
misled. The guide's number is now read here and compared with the constant the export writes.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulespec.export import EXPORT_FORMAT_VERSION

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-rules.md"


def test_the_guide_names_the_export_format_version_the_program_writes() -> None:
    text = " ".join(GUIDE.read_text(encoding="utf-8").split())
    quoted = re.findall(r"`format_version` is (\d+)", text)
    assert quoted, "the guide says which format_version `whist show --format json` writes"
    assert {int(n) for n in quoted} == {EXPORT_FORMAT_VERSION}
    assert not re.search(r"format version \d", text, re.I), "say it as `format_version` is N, once"
