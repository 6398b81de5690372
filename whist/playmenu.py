"""The bids of the bidding screen of ``whist play``: the compact menu, and the whole table on ``?``.

The menu is a grid of ``number name rank`` entries (special bids marked ``+``, as they are added
to a standard bid), laid out in as many columns as the terminal's width holds, each column as wide
as its widest entry. When the screen has no room for the names whole (:mod:`whist.bidfit`), they
are cut — so that two bids never show the same text: "Master Misery", "Master Overflow" and
"Master Trump" cut at seven cells all read "Master…", and the grid then said the same thing three
times. A name whose cut would read like another's keeps its end instead (``Mas…ery``,
``Mas…low``). At the narrowest, the names give way altogether and the grid shows each bid's number
and rank: ``?`` lists every bid with its whole name (never cut: the table wraps) and its rules.
"""

from __future__ import annotations

from collections import Counter

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.padding import Padding
from rich.text import Text

from interpreter.decisions import Request
from printing.facts import worth_text as printed_worth
from rulespec.bidtext import tricks_text
from rulespec.locale import Texts
from rulespec.model import RuleSet
from rulespec.ordering import by_rank
from whist.tablewords import Table

#: Space between two columns of the compact bid menu.
COLUMN_GAP = 2
#: Most cells of a bid's name in the compact menu (the longest bundled one has 23). When the menu's
#: rows do not fit the screen beside the rest, :func:`whist.bidfit.bid_layout` cuts the names
#: shorter, to :data:`MIN_MENU_NAME` at most, and then leaves them out (``cells`` 0).
MAX_MENU_NAME = 28
#: The shortest a name is cut to (shorter, too few bids would still read apart: no name is shown).
MIN_MENU_NAME = 6
#: What marks a cut in a name.
CUT = "…"


def worth_text(rules: RuleSet, bid_id: str, texts: Texts) -> str:
    """A bid's rank as shown in the menu: ``2``, or ``1 or 3`` when it depends on the combo, as the
    rules and the cards print it (one way everywhere)."""
    return printed_worth(rules.bids[bid_id], texts)


def menu_ids(request: Request, rules: RuleSet) -> list[str]:
    """Bid ids in menu order: standard, then special, each by rank (a house rule's bids among the others)."""
    return [b.id for ids in (request.standard_ids, request.special_ids) for b in by_rank(rules.bids[i] for i in ids)]


def as_shown(texts: Texts, line: str) -> Text:
    """A line made of ``texts`` as the player sees it. Texts escaped for rich (as ``whist play`` loads
    them) are read as markup, which gives back their words as written (a bid named ``[x]`` shows as
    ``[x]``, not ``\\[x]``); texts loaded without escaping are shown as they are."""
    return Text.from_markup(line) if texts.escape is not None else Text(line)


def _tail(name: Text, cells: int) -> Text:
    """The end of ``name`` in at most ``cells`` cells (a wide character that does not fit is left out)."""
    start = len(name.plain)
    while start > 0 and cell_len(name.plain[start - 1 :]) <= cells:
        start -= 1
    return name[start:]


def _head(name: Text, cells: int) -> Text:
    head = name.copy()
    head.truncate(cells)
    return head


def cut_names(names: list[Text], cells: int) -> list[Text]:
    """``names`` in at most ``cells`` cells each: a longer one cut with "…" after its beginning, or,
    where that reads like another name shown, around the middle (its beginning and end kept), at
    the place that tells them apart. Names that no cut of this size tells apart keep the first cut
    (their numbers still do)."""
    shown = [name if name.cell_len <= cells else Text.assemble(_head(name, cells - 1), CUT) for name in names]
    counts = Counter(text.plain for text in shown)
    for index, name in enumerate(names):
        if counts[shown[index].plain] < 2 or name.cell_len <= cells:
            continue
        for kept in range(cells - 2, 0, -1):  # the beginning kept, the rest of the cells for the end
            candidate = Text.assemble(_head(name, kept), CUT, _tail(name, cells - 1 - kept))
            if candidate.plain not in counts:
                counts[shown[index].plain] -= 1
                shown[index] = candidate
                counts[candidate.plain] += 1
                break
    return shown


def menu_entries(
    request: Request, rules: RuleSet, texts: Texts, cells: int = MAX_MENU_NAME
) -> tuple[list[str], list[Text]]:
    """Bid ids in menu order (standard, then special) and the menu entry of each: a name longer
    than ``cells`` cells is cut (:func:`cut_names`: one house rule's long name would otherwise make
    the grid one column of thirty lines, past a 24-line screen); ``cells`` 0: no names, a bid's
    number and its rank in brackets (``?`` shows every name whole)."""
    ids = menu_ids(request, rules)
    names = cut_names([as_shown(texts, texts.bid_name(bid_id)) for bid_id in ids], max(cells, 1))
    entries = []
    for number, (bid_id, name) in enumerate(zip(ids, names, strict=True), 1):
        mark = "+" if bid_id in request.special_ids else ""
        worth = worth_text(rules, bid_id, texts)
        entry = Text(f"{number:>2} {mark}")
        entries.append(entry.append_text(name).append(f" {worth}") if cells else entry.append(f"({worth})"))
    return ids, entries


def grid_lines(entries: list[Text], width: int) -> list[Text]:
    """``entries`` in the fewest rows that fit in ``width``, filled column by column, each column as
    wide as its widest entry (one column when even two do not fit)."""
    if not entries:
        return []
    sizes, rows = [entry.cell_len for entry in entries], len(entries)
    for tried in range(1, len(entries) + 1):
        widths = [max(sizes[i : i + tried]) for i in range(0, len(sizes), tried)]
        if sum(widths) + COLUMN_GAP * (len(widths) - 1) <= width:
            rows = tried
            break
    columns = [entries[i : i + rows] for i in range(0, len(entries), rows)]
    widths = [max(e.cell_len for e in column) + COLUMN_GAP for column in columns]
    lines = []
    for row in range(rows):
        line = Text()
        cells = [(column[row], cell) for column, cell in zip(columns, widths, strict=True) if row < len(column)]
        for entry, cell in cells[:-1]:
            line.append_text(entry)
            line.append(" " * (cell - entry.cell_len))
        line.append_text(cells[-1][0])
        lines.append(line)
    return lines


def compact_bid_menu(
    console: Console, request: Request, rules: RuleSet, texts: Texts, cells: int = MAX_MENU_NAME
) -> list[str]:
    """Print the bids as a grid (a few lines), names cut to ``cells``; return the bid ids in menu order."""
    ids, entries = menu_entries(request, rules, texts, cells)
    for line in grid_lines(entries, console.width):
        console.print(line, highlight=False)
    return ids


def full_bid_table(console: Console, request: Request, rules: RuleSet, texts: Texts) -> list[str]:
    """Print every bid with its rank, tricks and short rules (the ``?`` key): a
    :class:`whist.tablewords.Table`, which wraps a name in a narrow window and never cuts it; in a
    window too narrow for the table's longest words side by side (40 columns: "Marria/ges"), a list
    of the bids, each with its rules under it."""
    ids = menu_ids(request, rules)
    table = Table(title=as_shown(texts, texts.label("legal_bids")), title_justify="left")
    for column in ("#", "designation", "worth", "tricks", "rules"):
        table.add_column(column if column == "#" else as_shown(texts, texts.label(column)))
    rows = []
    for i, bid_id in enumerate(ids, 1):
        bid = rules.bids[bid_id]
        tricks = tricks_text(bid, texts) if bid.kind == "standard" else ""
        if i == len(request.standard_ids) + 1:
            table.add_section()
        name, short = as_shown(texts, texts.bid_name(bid_id)), as_shown(texts, texts.bid_text(bid_id, "short"))
        rows.append((str(i), name, worth_text(rules, bid_id, texts), tricks, short))
        table.add_row(*rows[-1])
    if Measurement.get(console, console.options.update_width(10**6), table).minimum <= console.width:
        console.print(table)
    else:
        bid_list(console, texts, rows, len(request.standard_ids))
    console.print(as_shown(texts, texts.label("bid_menu_hint")), highlight=False)
    return ids


def bid_list(console: Console, texts: Texts, rows: list[tuple[str, Text, str, str, Text]], standard: int) -> None:
    """The rows of the ``?`` table as a list for a narrow window: ``12 Master Abundance — Rank: 4,
    Tricks: 13``, the rules indented under it; the special bids after a blank line."""
    console.print(as_shown(texts, texts.label("legal_bids")), highlight=False)
    for index, (number, name, worth, tricks, short) in enumerate(rows):
        if index == standard:
            console.print()
        facts = [f"{texts.label('worth')}: {worth}"] + ([f"{texts.label('tricks')}: {tricks}"] if tricks else [])
        head = Text(f"{number:>2} ").append_text(name).append_text(as_shown(texts, " — " + ", ".join(facts)))
        console.print(head, highlight=False)
        console.print(Padding(short, (0, 0, 0, 3)), highlight=False)
