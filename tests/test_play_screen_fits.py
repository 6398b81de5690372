"""``whist play`` fits an 80 × 24 terminal (README) at any table, whatever the bids are called.

At eight players the seats sitting out took a row each of the score table, and the bidding screen
ran from the dealer's line to the prompt in 28 lines; a house rule of 31 bids named in 28 letters
made the menu two columns of 16 rows, and the screen 28 lines again. The class: for 3 to 12 players,
with the bundled names and with every bid named in 28 letters, in English and Swedish, every screen
a person is asked on — a bid, a card, a choice — takes at most 24 lines of 80 cells from where it
starts (the deal's dealer line, or the prompt before it) to its prompt, and still shows each
player's score and every bid's number.
"""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.markup import escape

from interpreter import RandomAgent
from interpreter.decisions import BidAnswer, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from tests.play_prompts_driver import plain_answer
from whist.entrylines import KeepingConsole
from whist.play import HumanAgent
from whist.playscreen import deal_report, menu_ids, watching

RULES = load_ruleset("combo-whist")
#: Marks the end of each prompt in the recorded screen, with the kind of request it asks (not counted).
MARK = "@@ASKED"


def long_names(texts: Texts) -> Texts:
    """``texts`` with every bid named in 28 letters, a different name each (a house rule's names)."""
    bids = {**texts.data.get("bids", {})}
    for i, bid_id in enumerate(RULES.bids):
        bids[bid_id] = {**bids.get(bid_id, {}), "name": f"Bid {i:02} of Most Uncommon Name"[:28].ljust(28, "x")}
    return dataclasses.replace(texts, data={**texts.data, "bids": bids})


class Person(HumanAgent):
    """A person who answers each prompt as a random agent would, typed as a person types it."""

    def __init__(self, *args: Any, seed: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: tuple[Request, View] | None = None
        self.agent = RandomAgent(seed)
        self.tries = 0
        self.calls = 0  # decisions asked so far

    def decide(self, request: Request, view: View | None) -> Any:
        assert view is not None
        self.asked, self.tries = (request, view), 0
        self.calls += 1
        return super().decide(request, view)

    def typed(self, prompt: str, limit: float | None) -> str:
        self.console.print(prompt, markup=False)  # (as typed at a terminal: the answer's Enter ends its line)
        self.console.print(f"{MARK} {self.asked[0].kind if self.asked else 'enter'}", markup=False)
        if self.asked is None:
            return ""
        request, view = self.asked
        self.tries += 1
        assert self.tries < 4, "the typed answers were refused"
        if request.kind == "bid":
            answer = self.agent.decide(request, view) if self.tries == 1 else None
            if not isinstance(answer, BidAnswer):
                return "pass"
            ids = menu_ids(request, self.rules)
            return "+".join(str(ids.index(b) + 1) for b in [answer.standard, *answer.specials])
        return "1" if request.kind == "play" else plain_answer(request)


def screens(players: int, lang: str, names: bool) -> list[tuple[str, list[str]]]:
    """Each prompt's kind and the lines of its screen, in a seeded game with a person at seat 0."""
    texts = load_texts(RULES, lang)
    texts = dataclasses.replace(long_names(texts) if names else texts, escape=escape)  # (as whist play loads)
    console = KeepingConsole(record=True, width=80, height=24, color_system=None, file=io.StringIO())
    console.keep([*map(texts.bid_name, RULES.bids), *(texts.label("seat_n", n=s) for s in range(players))])
    holder: list[Game] = []
    person = Person(
        RULES, texts, console, lambda p, t: "", target=lambda: holder[0].winning_target(), seat=0, seed=players
    )
    person.read = person.typed
    agents = [person, *(RandomAgent(players * 31 + s) for s in range(1, players))]
    game = Game(RULES, agents, seed=players, max_deals=40)
    game.on_decision = watching(lambda g: None, person, 0)
    holder.append(game)
    dealt_in = 0
    while game.result is None and not dealt_in and len(game.deal_records) < 12:
        before = person.calls
        result = game.play_deal()
        dealt_in += person.calls > before
        person.asked = None
        deal_report(person, game, result, wait=True)
    lines = console.export_text().splitlines()
    found, start = [], 0
    for i, line in enumerate(lines):
        if re.match(r"^─+ .* ─+$", line):  # a deal's dealer line starts a screen
            start = i
        elif line.startswith(MARK):  # (the line after a prompt: the prompt's own lines are the screen's last)
            found.append((line.split()[1], lines[start:i]))
            start = i + 1
    return found


@pytest.mark.parametrize("names", [False, True], ids=["bundled names", "28-letter names"])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_screen_of_a_decision_fits_80_by_24(lang: str, names: bool) -> None:
    kinds = set()
    for players in range(3, 13):
        for kind, screen in screens(players, lang, names):
            if kind == "enter":  # (the end of a deal: its report, not a decision's screen)
                continue
            kinds.add(kind)
            shown = "\n".join(screen)
            assert len(screen) <= 24, f"{players} players, {kind}: {len(screen)} lines\n{shown}"
            assert all(cell_len(line) <= 80 for line in screen), shown
            if kind == "bid":  # every bid's number and every seat's score are still on it
                assert all(re.search(rf"(^|\s){n} ", shown, re.M) for n in range(1, len(RULES.bids) + 1)), shown
                seat = re.escape(load_texts(RULES, lang).label("seat_n", n=99)).replace("99", r"(\d+)")
                assert {int(n) for n in re.findall(seat + r"(?!\d)", shown)} == set(range(players)), shown
    assert kinds >= {"bid", "play", "choose"}, kinds


def test_the_screens_seen_are_those_of_a_table_of_players() -> None:
    """The test above sees real screens: a bid prompt's screen holds the hand, the menu and the scores."""
    bid_screens = [s for k, s in screens(8, "en", True) if k == "bid"]
    assert bid_screens
    text = "\n".join(bid_screens[0])
    assert "Your hand:" in text and "Sitting out:" in text and " 31 +" in text, text
