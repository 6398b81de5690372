"""How the bidding screen of ``whist play`` fits its terminal: what gives way when the bids need lines.

From the dealer's line to the bid prompt the screen holds the bids said so far, the scores, the
seats sitting out, the hand, the menu of bids, the highest bid and the prompt. At eight players the
seats sitting out took a row each, and a house rule of 31 bids with long names took a menu of 16
rows: the screen ran to 28 lines, and its top — the dealer, the first bids — scrolled away; at 40
columns even the bundled bids made it 32 lines. Here the lines are counted (each as the terminal's
width wraps it: a long translated prompt takes three lines at 40 columns) before anything is
printed and, in this order, give way when they must:

1. the scores table becomes one line of entries (``Scores: Seat 0 (you) 0  Seat 1 Dealer 0 …``;
   no trick is won while bidding, so the table's tricks column said nothing);
2. the menu's bid names are cut shorter (with "…", never two alike: :func:`whist.playmenu.cut_names`)
   until the menu has the columns it needs;
3. the highest bid is left to the news of the auction just above when that says it (``A bid must
   beat rank 3`` alone) (a combo of long names took five lines at 40 columns, twice);
4. the menu's hint (how bids are joined, said once) waits for a screen with room for it;
5. the names are cut shorter again, and at the last the menu shows each bid's number and rank alone.

``?`` lists every bid with its whole name and rules, and a bid is still typed by number or name:
every fact stays on the screen or one ``?`` away. The screen is as tall as the terminal when that
is known (a terminal's size), else, and never less than, :data:`SCREEN_LINES` lines.
"""

from __future__ import annotations

import functools
import io
import shutil
from typing import TYPE_CHECKING, NamedTuple

from rich.console import Console
from rich.text import Text

from interpreter.decisions import Request, View
from whist.entrylines import KeepingConsole, entry_lines
from whist.playmenu import MAX_MENU_NAME, MIN_MENU_NAME, as_shown, grid_lines, menu_entries
from whist.playscreen import highest_bid_line, status_legend
from whist.playtable import score_entries, sitting_out_entries

if TYPE_CHECKING:  # pragma: no cover
    from whist.play import HumanAgent

#: The fewest lines of a terminal the play screen is made for (README: "fits an 80 × 24 terminal").
SCREEN_LINES = 24


class Layout(NamedTuple):
    """How the bidding screen is laid out: the scores as one line (not a table), the cells of a
    bid's name in the menu (0: none), whether the menu's hint has room, and whether the highest
    bid is said whole (else the rank to beat alone: :func:`whist.playscreen.highest_bid_line`)."""

    compact: bool
    cells: int
    hint: bool
    highest: bool


def screen_lines(console: Console) -> int:
    """The lines of the screen: the terminal's height when ``console`` writes to one (rich says 25
    for a terminal it calls dumb, whatever its size: the size is then asked of the system), else
    :data:`SCREEN_LINES`; never fewer than that."""
    if not console.is_terminal:
        return SCREEN_LINES
    height = shutil.get_terminal_size((80, SCREEN_LINES)).lines if console.is_dumb_terminal else console.height
    return max(SCREEN_LINES, height)


def lines_of(console: Console, line: str | Text) -> int:
    """How many lines ``console`` prints ``line`` in (a copy of it, as wide and keeping the same
    names whole, prints it aside)."""
    aside = type(console)(width=console.width, file=io.StringIO(), color_system=None, highlight=False)
    if isinstance(console, KeepingConsole) and isinstance(aside, KeepingConsole):
        aside.kept = console.kept
    aside.print(line)
    return len(aside.file.getvalue().splitlines())  # type: ignore[attr-defined]


def news_start(view: View) -> int:
    """Where the auction's news on this screen starts: at the person's own last bid (said after its
    prompt), else at the deal's first bid (under the dealer's line)."""
    mine = [i for i, (seat, _) in enumerate(view.auction) if seat == view.seat]
    return mine[-1] if mine else 0


def news_lines(human: HumanAgent, view: View) -> int:
    """The lines of the auction's news on this screen: the bids since the person's own last one
    (theirs among them), or since the dealer's line, with that line."""
    first = news_start(view)
    lines = 1 if first == 0 and not any(seat == view.seat for seat, _ in view.auction) else 0
    for seat, bid in view.auction[first:]:
        name = human.name(seat, view)
        if bid is None:
            lines += lines_of(human.console, human.texts.label("player_passes", player=name))
        else:
            text = human.combo_text([bid["standard"], *bid["specials"]])
            lines += lines_of(human.console, human.texts.label("player_bids", player=name, bid=text))
    return lines


def highest_lines(human: HumanAgent, view: View) -> tuple[str | None, str | None]:
    """The highest bid's line whole, and as it is shortened (:func:`whist.playscreen.highest_bid_line`)."""
    return highest_bid_line(view, human), highest_bid_line(view, human, whole=False)


def bid_layout(human: HumanAgent, request: Request, view: View) -> Layout:
    """How the bidding screen is laid out to fit :func:`screen_lines` lines (the order things give
    way in: the module's docstring).

    The lines counted are those from the dealer's line (or the last prompt) to this prompt: the
    news of the auction (at most one line a seat dealt in, the dealer's line or the person's own
    bid among them), the scores, the seats sitting out, the legend of marks, the winning score, the
    hand, the menu, its hint (the first time), the highest bid, the clock and the prompt."""
    console, texts = human.console, human.texts
    width, height = console.width, screen_lines(console)
    hand = " ".join(human.cards.show(c) for c in view.hand)
    limit = human.bid_time(view)
    legend = status_legend(human)
    target = human.target() if human.target is not None else None
    said: list[str | Text] = [
        f"{texts.label('your_hand')}: {hand}",
        *([texts.label("time_limit", seconds=int(limit))] if limit is not None else []),
        *([legend] if legend is not None else []),
        *([f"{texts.label('winning_score')}: {target}"] if target is not None else []),
        as_shown(texts, texts.label("prompt_bid") + " "),
    ]
    fixed = news_lines(human, view) + sum(lines_of(console, line) for line in said)
    out = sitting_out_entries(human, view)
    fixed += len(entry_lines(texts.label("sitting_out_head"), out, width)) if out else 0
    hint = 0 if human.hint_shown else lines_of(console, as_shown(texts, texts.label("bid_menu_hint")))
    whole, short = (
        0 if line is None else lines_of(console, as_shown(texts, line)) for line in highest_lines(human, view)
    )
    bids = [i for i, (_, bid) in enumerate(view.auction) if bid is not None]
    if not bids or bids[-1] < news_start(view):  # (the highest bid is not in the news above: said whole)
        short = whole
    table = 1 + len(view.players)  # (a header, a row a seat)
    compact = len(entry_lines(texts.label("scores"), score_entries(human, view), width))
    rows = functools.cache(lambda cells: len(grid_lines(menu_entries(request, human.rules, texts, cells)[1], width)))

    if fixed + table + hint + whole + rows(MAX_MENU_NAME) <= height:
        return Layout(False, MAX_MENU_NAME, True, True)
    for with_hint, with_whole in ((True, True), (True, False), (False, False)):
        lines = fixed + compact + (hint if with_hint else 0) + (whole if with_whole else short)
        for cells in range(MAX_MENU_NAME, MIN_MENU_NAME - 1, -1):
            if lines + rows(cells) <= height:
                return Layout(True, cells, with_hint or human.hint_shown, with_whole)
    return Layout(True, 0, human.hint_shown, False)
