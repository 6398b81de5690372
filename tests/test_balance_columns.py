"""``whist balance`` at 80 columns (a pipe, a plain terminal) shows every word of its table whole.

In Swedish the headers' longest words ("[intervall", "Hemgånget") and the cells' ("Standardbud",
"Mästaröverflöd") did not fit side by side at 80 columns, and rich folded words across lines:
"Standardbu/d", "Mästarmisä/r". Now the intervals are named once, under the table. Checked in both
languages for combo-whist: every word of every header, cell and the note under the table is
printed whole (folded, it would be two pieces, neither of them the word).
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from rich.text import Text

from rulespec import load_ruleset
from tests.test_printing import texts_for
from whist.balancecli import against_table, bids_table
from whist.cli import cli

RUN = ["balance", "combo-whist", "--deals", "12", "--seed", "1", "--agents", "random", "--jobs", "1"]
#: What separates the words of a table as printed: spaces, line ends and the box's lines (not a
#: no-break space: "95 %" is one word, and is kept on one line).
BETWEEN = re.compile(r"[ \n│┃┏┓┗┛━─┡┩╇┳┻╋┴┬┼└┘┌┐]+")


def _words(cells: list[object]) -> set[str]:
    return {word for cell in cells for word in Text.from_markup(str(cell)).plain.split(" ") if word}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_balance_keeps_every_word_whole_at_80_columns(lang: str) -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, [*RUN, "--lang", lang], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    data = json.loads(runner.invoke(cli, [*RUN, "--json"], env={"COLUMNS": "80"}).stdout)
    # The table as the command builds it from the same (seeded) report: every text it holds.
    table = bids_table(data, texts_for(load_ruleset("combo-whist"), lang))
    texts = [str(table.caption), *(c.header for c in table.columns), *(cell for c in table.columns for cell in c.cells)]
    words = _words(texts)
    assert {"Standardbud" if lang == "sv" else "Standard", "Misär" if lang == "sv" else "Misery"} <= words
    printed = set(BETWEEN.split(shown.stdout))
    assert sorted(words - printed) == []
    assert max(len(line) for line in shown.stdout.splitlines()) <= 80


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_against_tables_headers_stay_whole_at_80_columns(lang: str) -> None:
    """The table of ``--against``: its headers named the other rule set ("Rank in combo-whist@1.4.2")
    and folded it and "Completion" at 80 columns; a bid only the other has showed as its id
    (``taintless_masters_game``); ranks had hyphens for minus, and Master Mail only its 3. Now A and B
    are named in the title, every header word is whole, and every bid is named as its rule set names it."""
    from rich.console import Console

    texts = texts_for(load_ruleset("combo-whist"), lang)
    other = texts_for(load_ruleset("combo-whist@1.4.2"), lang)
    row = {"completion_rate": 0.5, "other_completion_rate": 0.25, "difference": 0.25, "intervals_apart": False}
    rows = [
        {**row, "id": "justice", "worth": -4, "other_worth": -4},
        {**row, "id": "master_mail", "worth": 3, "other_worth": 3},
        {**row, "id": "taintless_masters_game", "worth": None, "other_worth": 8},
    ]
    table = against_table(rows, "combo-whist", "combo-whist@1.4.2", texts, other)
    assert texts.label("against_rate") in [c.header for c in table.columns]
    assert not any("[" in str(c.header) for c in table.columns)
    console = Console(width=80, record=True, color_system=None)
    console.print(table)
    printed = console.export_text()
    words = _words([c.header for c in table.columns]) | _words(
        [texts.bid_name("justice"), other.bid_name("taintless_masters_game")]
    )
    assert sorted(words - set(BETWEEN.split(printed))) == []
    assert "taintless_masters_game" not in printed and "\u22124" in printed and "1/3" in printed
