"""No table of the command line cuts a word, at any window width.

rich cut words that did not fit their column with "…": at 60 columns ``whist show --lang sv``
printed ``Mästaröverfl…``, and ``whist balance`` in a pipe (80 columns) ``Uncertain…`` — the
report lost the names it is about. The class: every table is :class:`whist.tablewords.Table`,
which wraps and folds but never drops a character, keeps words whole when the columns' longest
words fit side by side, and never runs past the window (where the terminal would crop it).
"""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from rulespec import load_ruleset
from tests.test_printing import texts_for
from whist.cli import cli
from whist.tablewords import Table

LETTERS = "abcdefghijklmnopqrstuvwxyzåäöABC0123456789%()+-.,漢字カ♠"  # (the commands escape markup; wide ones too)
WORDS = st.text(alphabet=LETTERS, min_size=1, max_size=16)
CELLS = st.lists(WORDS, min_size=0, max_size=4).map(" ".join)


def _render(table: Table, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(table)
    return out.getvalue()


@settings(derandomize=True, max_examples=300, deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.lists(WORDS, min_size=n, max_size=n), st.lists(st.lists(CELLS, min_size=n, max_size=n), max_size=8)
        )
    ),
    st.integers(30, 160),
)
def test_a_table_drops_nothing_and_stays_in_the_window(shape: tuple[list[str], list[list[str]]], width: int) -> None:
    headers, rows = shape
    # (a table whose columns cannot each show their widest character side by side loses something
    # whatever is done: not asked of it)
    letters = [
        max(cell_len(ch) for text in [h, *(r[i] for r in rows)] for ch in text or " ") for i, h in enumerate(headers)
    ]
    assume(sum(letters) + 3 * len(headers) + 1 <= width)
    table = Table()
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*row)
    shown = _render(table, width)
    lines = shown.splitlines()
    assert "…" not in shown
    assert max(map(cell_len, lines), default=0) <= width
    # Every character of every header and cell is printed (the borders are other characters).
    written = Counter(ch for text in [*headers, *(cell for row in rows for cell in row)] for ch in text if ch != " ")
    printed = Counter(ch for ch in shown if ch in LETTERS)
    assert printed == written
    # The longest words fit side by side (each column's, with its borders and padding): kept whole.
    longest = [
        max(cell_len(w) for text in [h, *(row[i] for row in rows)] for w in text.split() or [""])
        for i, h in enumerate(headers)
    ]
    if sum(longest) + 3 * len(headers) + 1 <= width:
        tokens = set(re.split(r"[\s│┃┏┓┗┛━─┡┩╇┳┻╋┴┬┼└┘┌┐]+", shown))
        for text in [*headers, *(cell for row in rows for cell in row)]:
            for word in text.split():
                assert word in tokens, (word, width)


def _bid_names(ruleset: str, lang: str) -> list[str]:
    rules = load_ruleset(ruleset)
    texts = texts_for(rules, lang)
    return [texts.bid_name(bid) for bid in rules.bids]


COMMANDS = [
    ["show", "combo-whist"],
    ["show", "christmas-whist"],
    ["simulate", "combo-whist", "--games", "1", "--seed", "1", "--jobs", "1"],
    ["balance", "combo-whist", "--deals", "12", "--seed", "1", "--agents", "random", "--jobs", "1"],
    ["duel", "random", "random", "combo-whist", "--deals", "6", "--seed", "1", "--jobs", "1"],
]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] + "-" + c[1])
def test_no_command_cuts_a_word_at_any_width(command: list[str], lang: str) -> None:
    for width in (40, 60, 80, 120):
        result = CliRunner().invoke(cli, [*command, "--lang", lang], env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        assert "…" not in result.stdout, (width, result.stdout)
        assert max(map(cell_len, result.stdout.splitlines())) <= width
        if command[0] == "show" and width >= 80:  # wide enough for every name on one line
            for name in _bid_names(command[1], lang):
                assert name in result.stdout, (width, name)


#: Every label of the command line that a table's title is made of, with a dash between its parts.
DASHED_TITLES = ("sim_title", "sim_title_match", "duel_title", "duel_title_match", "balance_title")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_wrapped_title_never_leaves_its_dash_at_a_lines_end(lang: str) -> None:
    """A title too long for the window wraps before "— games: 1" ("Kombinations-Whist 1.5.1 —" ended
    a line of ``whist simulate`` at 30 columns), and prints what it holds: the same words."""
    texts = texts_for(load_ruleset("combo-whist"), lang)
    values = {"title": "Kombinations-Whist", "ruleset": "Kombinations-Whist 1.5.1", "version": "1.5.1"}
    for key in DASHED_TITLES:
        title = texts.label(key, **values, games=1, deals=2, seed=3, declared=1, agents="random")
        assert " \u2014 " in title, key
        for width in range(12, 90):
            table = Table(title=title, show_header=False)
            table.add_column("")
            table.add_row("x")
            lines = [line.rstrip() for line in _render(table, width).splitlines()]
            heading = lines[: next(i for i, line in enumerate(lines) if line.startswith(("┌", "╭", "┏")))]
            assert not any(line.endswith("\u2014") for line in heading), (key, width, heading)
            assert "".join("".join(heading).split()) == "".join(title.split())  # (a narrow one folds words)


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist"])
def test_a_simulation_counts_a_match_games_games_as_matches(ref: str, lang: str) -> None:
    """Christmas Whist's summary said "spel: 3" where its rules and duels say matches."""
    from rulespec import load_ruleset
    from rulespec.locale import load_texts
    from whist.cli import cli

    texts = load_texts(load_ruleset(ref), lang)
    key = "sim_title_match" if ref == "christmas-whist" else "sim_title"
    said = CliRunner().invoke(cli, ["simulate", ref, "--games", "1", "--jobs", "1", "--seed", "2", "--lang", lang])
    assert said.exit_code == 0, said.output
    heading = texts.label(key, title="\x00", version="\x00", games="1").split("\x00")[-1]
    assert heading.strip() and heading in said.stdout.splitlines()[0]
    assert texts.label("sim_title_match") != texts.label("sim_title")
