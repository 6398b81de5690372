"""The chart of ``whist balance --plot`` shows every name as written: ``$…$`` is text, not a formula.

matplotlib reads ``$…$`` in any label as mathtext. A bid named ``$\\hspace{10000000}$`` in a house
rule's locale made the PNG chart fail in FreeType (``raster overflow``): ``whist balance --plot``
ended with a traceback after every deal had been played. Now the chart is drawn with mathtext
off, and written whole (it was written straight to its path). The property: over both formats
and names that are malformed, huge or plain formulas, the chart is written and the command
succeeds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_translate_cli import whist

NAMES = {
    "trump": "Tr $\\\\frac{{1}}{{$ ump",  # malformed
    "limbo": "L $\\\\sqrt[9999]{{x}}$",
    "misery": "M $\\\\hspace{{10000000}}$",  # too large to rasterize
    "grill": "G $x^2$ costs $$ 5",  # a plain formula, and a lone pair
}


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_names_with_formulas_are_drawn_as_text(tmp_path, capsys, suffix) -> None:
    (tmp_path / "locales" / "en").mkdir(parents=True)
    lines = [f'  {bid}:\n    name: "{name}"' for bid, name in NAMES.items()]
    locale = "language: en\nruleset: house\nbids:\n" + "\n".join(lines) + "\n"
    (tmp_path / "locales" / "en" / "house.yaml").write_text(locale, encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("ruleset: house\nversion: 1.0.0\nextends: combo-whist\n", encoding="utf-8")
    chart = tmp_path / f"chart{suffix}"
    args = ["--deals", "8", "--jobs", "1", "--seed", "1", "--lang", "en", "--plot", str(chart)]
    code, _, err = whist(capsys, "balance", str(house), *args)
    assert code == 0, err
    assert chart.stat().st_size > 1000
    assert [p.name for p in Path(tmp_path).iterdir() if p.name.startswith(".")] == []  # no temporary file left
