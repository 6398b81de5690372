"""``whist play`` at a table of five: a deal the person's seat sits out is shown as it goes.

Nothing asks the person anything in such a deal, so it used to pass unseen: the screen jumped
from the title to the deal's last trick and result. Now the auction and every trick are shown,
once each and in order, from the seat's onlooker view, with a line saying that the seat sits out,
and the deal's public facts as the players see them: who declared, the combo bid, the trump suit.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from rich.console import Console

from interpreter import RandomAgent
from interpreter.decisions import BidAnswer, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent
from whist.playcards import CardFormat
from whist.playscreen import watching

SAYS = {"en": "You sit this deal out; the others play it.", "sv": "Du står över den här given; de andra spelar den."}
TRICK = {"en": "Trick", "sv": "Stick"}


def play_one_deal(seat: int, lang: str, tmp: str) -> str:
    env = {**os.environ, "COLUMNS": "120", "WHIST_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    args = [
        "play",
        "--players",
        "5",
        "--seat",
        str(seat),
        "--seed",
        "3",
        "--deals",
        "1",
        "--save",
        f"{tmp}/s{seat}.json",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "whist", *args],
        input="pass\n1\n1 2\n1 2 3\n" * 60,  # a pass, the first card, the first N choices: one is taken
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_seat_that_sits_the_deal_out_watches_every_trick_once(lang: str, tmp_path: object) -> None:
    outputs = {seat: play_one_deal(seat, lang, str(tmp_path)) for seat in range(5)}
    out = [seat for seat, text in outputs.items() if SAYS[lang] in text]
    assert len(out) == 1  # four of five are dealt in
    shown = outputs[out[0]]
    assert shown.count(SAYS[lang]) == 1
    numbers = [int(n) for n in re.findall(rf"^{TRICK[lang]} (\d+):", shown, re.M)]
    assert numbers == list(range(1, 14))  # every trick, in order, none twice (the end of the deal adds none)
    for seat, text in outputs.items():
        if seat != out[0]:
            assert SAYS[lang] not in text


class FirstAnswers(HumanAgent):
    """The person's screen as ``whist play`` shows it (``decide`` shows the news and the table), with
    the first legal answer typed at every prompt: a pass, the first card, the first options."""

    def ask_bid(self, request: Request, view: View) -> BidAnswer | None:
        return None

    def ask_card(self, request: Request) -> str:
        return str(request.options[0])

    def ask_choice(self, request: Request, view: View) -> Any:
        return list(request.options[: request.count]) if request.count > 1 else request.options[0]


@pytest.mark.parametrize("players", [4, 5])
def test_every_deal_starts_with_its_dealer_and_shows_every_bid(players: int) -> None:
    """Every deal opens with its dealer's line and shows each bid in turn from the first, each
    trick once. The dealer's line opened a deal only when the person bid first, a new deal's first
    bids were skipped when the deal before had shown fewer, and a deal that asked the person
    nothing (sat out, or barred from bidding when all passed) passed unseen."""
    rules = load_ruleset("combo-whist")
    for seat in range(players):
        console = Console(record=True, width=120, color_system=None, file=io.StringIO())
        person = FirstAnswers(rules, load_texts(rules, "en"), console, lambda prompt, limit: None)
        agents = [person if s == seat else RandomAgent(seat * 10 + s) for s in range(players)]
        game = Game(rules, agents, seed=5, on_decision=watching(lambda game: None, person, seat))
        for _ in range(4):
            game.play_deal()
        text = console.export_text()
        deals = re.split(r"^─+ Dealer: Seat \d(?: \(you\))? ─+$", text, flags=re.M)[1:]
        assert len(deals) == len(game.deal_records) == 4, text  # one line for each deal, redeals too
        for deal, record in zip(deals, game.deal_records, strict=True):
            shown = [int(s) for s in re.findall(r"^Seat (\d)(?: \(you\))? (?:bids|passes)", deal, re.M)]
            assert shown == [entry[0] for entry in record["auction"]], deal  # every bid, in turn
            tricks = [int(n) for n in re.findall(r"^Trick (\d+):", deal, re.M)]
            assert tricks == list(range(1, len(record.get("tricks") or []) + 1)), deal


@pytest.mark.parametrize("compact", [False, True], ids=["table", "one line"])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_score_table_lists_the_seat_sitting_out_with_its_score(lang: str, compact: bool) -> None:
    """At five or more the table listed only the seats dealt in: a sitting-out seat's score, which
    counts toward the solitary highest score all the same, was not on the screen. Each seat's
    score is shown, the seats sitting out on the line "Sitting out:" (as a table or as one line)."""
    from interpreter.gamestate import GameState
    from whist.playtable import show_table

    rules = load_ruleset("combo-whist")
    state = GameState(rules, 6, seed=3)
    agents = [RandomAgent(seat) for seat in range(6)]
    while len(state.deal_records) < 3 or state.pending is None:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    request = state.pending
    view = state.view(request.seat)
    out = sorted(set(range(6)) - set(view.players))
    assert out  # six at the table, five dealt in
    texts = load_texts(rules, lang)
    console = Console(record=True, width=80, color_system=None)
    human = HumanAgent(rules, texts, console, lambda prompt, limit: None)  # (the view holds every seat's score)
    show_table(human, view, compact=compact)
    text = console.export_text()
    head = texts.label("sitting_out_head") + ":"
    (line,) = [r for r in text.splitlines() if r.startswith(head)]
    for seat in range(6):
        shown = str(state.scores[seat]).replace("-", "\u2212")  # (a score is written with a true minus)
        name = re.escape(texts.label("seat_n", n=seat)) + rf"(?: \({re.escape(texts.label('you'))}\))?"
        assert re.search(rf"{name}[^\d\n]*?:?\s+{re.escape(shown)}(\s|$)", text, re.M), (seat, text)
        assert (re.search(name + r"(?!\d)", line) is not None) == (seat in out), line


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_points_the_result_line_does_not_tell_are_said_at_the_deals_end(lang: str) -> None:
    """A free point after the deal (−6 → −5) changed the scores line without a word. Score changes
    the result line does not account for are listed; when it accounts for them all, nothing more."""
    from types import SimpleNamespace

    from whist.playscreen import deal_report

    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    before = {"scores": {"0": 0, "1": 0, "2": -6, "3": 0}}
    for after, said in [({"0": 0, "1": -2, "2": -5, "3": 0}, True), ({"0": 0, "1": -2, "2": -6, "3": 0}, False)]:
        console = Console(record=True, width=80, color_system=None)
        human = HumanAgent(rules, texts, console, lambda prompt, limit: None)
        game = SimpleNamespace(deal_records=[before, {"scores": after}], scores={int(s): v for s, v in after.items()})
        deal_report(human, game, SimpleNamespace(declarer=1, points=-2, completed=False), wait=False)
        shown = console.export_text()
        assert (texts.label("score_changes") in shown) == said, shown
        if said:
            seat = texts.label("seat_n", n=2)
            assert f"{seat}: +1" in shown and f"{texts.label('seat_n', n=1)}: \u22122" in shown


def play_deals(players: int, lang: str, tmp: str) -> tuple[str, dict[str, Any]]:
    """``whist play`` at seat 0 for three deals (a pass at each bid, the first legal card, Enter
    between deals): what the screen showed, and the save (what was bid, declared and played)."""
    save = f"{tmp}/p{players}{lang}.json"
    env = {**os.environ, "COLUMNS": "120", "WHIST_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    # seed 1: a game whose prompts these answers fit (a three-card choice of the person would need three)
    args = ["play", "--players", str(players), "--seed", "1", "--deals", "3", "--save", save]
    result = subprocess.run(
        [sys.executable, "-m", "whist", *args],
        input=("pass\n" * 4 + "1\n" * 20) * 3 + "1\n" * 200,  # (more than enough: a menu's first answer)
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    with open(save, encoding="utf-8") as file:
        return result.stdout, json.load(file)


def _a_line_ends_with(shown: str, text: str) -> bool:
    """A line of ``shown`` is ``text``, or ends with it after a prompt (input from a pipe is not
    echoed, so the line after a prompt starts on the prompt's own line)."""
    return any(line == text or line.endswith(" " + text) for line in shown.splitlines())


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("players", [5, 6, 8])
def test_a_seat_sitting_out_is_told_the_declarer_the_combo_bid_and_the_trump(players: int, lang: str, tmp_path) -> None:
    """A person sitting a deal out saw the bids and the tricks but never who declared, the combo
    bid or the trump suit (public, and in its view), which the players see as "Combo bid: …",
    "Trump suit: …" and the declarer's row. Every deal of the game, sat out or played, says them."""
    shown, save = play_deals(players, lang, str(tmp_path))
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    cards = CardFormat(rules, texts)
    deals = re.split(r"─{3,} .+? ─{3,}", shown)[1:]  # (each deal opens with its dealer's rule)
    records = save["deals"]
    assert len(deals) == len(records) == 3, shown
    sat_out = 0
    for deal, record in zip(deals, records, strict=True):
        sat_out += 0 not in record["players"]
        assert (texts.label("sitting_out") in deal) == (0 not in record["players"]), deal
        if record["declarer"] is None:
            continue
        combo = " + ".join(texts.bid_name(b) for b in record["combo"]["bids"])
        rank = texts.label("combo_rank", worth=record["combo"]["worth"])
        assert _a_line_ends_with(deal, f"{texts.label('combo_bid')}: {combo} ({rank})"), deal
        trump = cards.suit(record["trump"]) if record["trump"] else texts.label("no_trump")
        assert _a_line_ends_with(deal, f"{texts.label('trump_suit')}: {trump}"), deal
        declarer = f"{texts.label('seat_n', n=record['declarer'])} {texts.label('declarer')}"
        assert re.search(rf"^{re.escape(declarer)}\s", deal, re.M), deal
    assert sat_out  # (the person sat out at least one of the three)
