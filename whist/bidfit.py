"""How the bidding screen of ``whist play`` fits 80 × 24: what gives way when the bids need lines.

From the dealer's line to the bid prompt the screen holds the bids said so far, the scores, the
seats sitting out, the hand, the menu of bids, the highest bid and the prompt. At eight players the
seats sitting out took a row each, and a house rule of 31 bids with long names took a menu of 16
rows: the screen ran to 28 lines, and its top — the dealer, the first bids — scrolled away. Here the
lines are counted before anything is printed and, in this order, give way when they must:

1. the scores table becomes one line of entries (``Scores: Seat 0 (you) 0  Seat 1 Dealer 0 …``;
   no trick is won while bidding, so the table's tricks column said nothing);
2. the menu's bid names are cut shorter (with "…") until the menu has the columns it needs;
   ``?`` lists every bid with its whole name and rules, and a bid is still typed by number or name.

Every fact stays on the screen or one ``?`` away.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from interpreter.decisions import Request, View
from whist.entrylines import KeepingConsole, entry_lines
from whist.playscreen import (
    MAX_MENU_NAME,
    MIN_MENU_NAME,
    as_shown,
    grid_lines,
    highest_bid_line,
    menu_entries,
    status_legend,
)
from whist.playtable import score_entries, sitting_out_entries

if TYPE_CHECKING:  # pragma: no cover
    from whist.play import HumanAgent

#: The lines of the terminal the play screen is made for (README: "fits an 80 × 24 terminal").
SCREEN_LINES = 24


def lines_of(console: Console, line: str | Text) -> int:
    """How many lines ``console`` prints ``line`` in (a copy of it, as wide and keeping the same
    names whole, prints it aside)."""
    aside = type(console)(width=console.width, file=io.StringIO(), color_system=None, highlight=False)
    if isinstance(console, KeepingConsole) and isinstance(aside, KeepingConsole):
        aside.kept = console.kept
    aside.print(line)
    return len(aside.file.getvalue().splitlines())  # type: ignore[attr-defined]


def news_lines(human: HumanAgent, view: View) -> int:
    """The lines of the auction's news on this screen: the bids since the person's own last one
    (theirs among them, said after its prompt), or since the dealer's line, with that line."""
    mine = [i for i, (seat, _) in enumerate(view.auction) if seat == view.seat]
    first = mine[-1] if mine else 0
    lines = 0 if mine else 1
    for seat, bid in view.auction[first:]:
        name = human.name(seat, view)
        if bid is None:
            lines += lines_of(human.console, human.texts.label("player_passes", player=name))
        else:
            text = human.combo_text([bid["standard"], *bid["specials"]])
            lines += lines_of(human.console, human.texts.label("player_bids", player=name, bid=text))
    return lines


def bid_layout(human: HumanAgent, request: Request, view: View) -> tuple[bool, int]:
    """Whether the scores are shown as one line (not a table), and how many cells of a bid's name
    the menu keeps, for the bidding screen to fit :data:`SCREEN_LINES` lines.

    The lines counted are those from the dealer's line (or the last prompt) to this prompt: the
    news of the auction (at most one line a seat dealt in, the dealer's line or the person's own
    bid among them), the scores, the seats sitting out, the legend of marks, the winning score, the
    hand, the menu, its hint (the first time), the highest bid, the clock and the prompt."""
    console, texts = human.console, human.texts
    width = console.width
    hand = " ".join(human.cards.show(c) for c in view.hand)
    highest = highest_bid_line(view, human)
    fixed = (
        news_lines(human, view)
        + lines_of(console, f"{texts.label('your_hand')}: {hand}")
        + (0 if human.hint_shown else lines_of(console, as_shown(texts, texts.label("bid_menu_hint"))))
        + (lines_of(console, as_shown(texts, highest)) if highest is not None else 0)
        + (human.bid_time(view) is not None)
        + (status_legend(human) is not None)
        + (human.target is not None and human.target() is not None)
        + 1  # the prompt
    )
    out = sitting_out_entries(human, view)
    fixed += len(entry_lines(texts.label("sitting_out_head"), out, width)) if out else 0
    table = 1 + len(view.players)  # (a header, a row a seat)
    compact = len(entry_lines(texts.label("scores"), score_entries(human, view), width))
    for cells in range(MAX_MENU_NAME, MIN_MENU_NAME - 1, -1):
        rows = len(grid_lines(menu_entries(request, human.rules, texts, cells)[1], width))
        if cells == MAX_MENU_NAME and fixed + table + rows <= SCREEN_LINES:
            return False, cells
        if fixed + compact + rows <= SCREEN_LINES:
            return True, cells
    return True, MIN_MENU_NAME
