"""`whist play` driven through a pseudo-terminal, as a person would type."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from interpreter.agents.heuristic import HeuristicAgent
from interpreter.decisions import Request
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def drive(args: list[str], answer: dict[str, list[str]], timeout: float = 60.0) -> tuple[int, str]:
    """Run ``whist`` on a pty; answer each prompt (by its start) from ``answer`` in turn, else "1"."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm", "WHIST_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "whist", *args], stdin=follower, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    output = ""
    pending = ""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 65536).decode("utf-8", "replace")
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                pending += ANSI.sub("", chunk)
                several = re.search(r"Your (\d+) choices", pending)
                if several:  # e.g. cards to send: answer the first N menu numbers
                    count = int(several.group(1))
                    os.write(leader, (" ".join(str(i) for i in range(1, count + 1)) + "\n").encode())
                    pending = ""
                    continue
                for prompt in ("Your bid", "Your card", "Your choice", "Press Enter"):
                    if prompt in pending:
                        replies = answer.get(prompt, [])
                        reply = replies.pop(0) if replies else ("pass" if prompt == "Your bid" else "1")
                        os.write(leader, (reply + "\n").encode())
                        pending = ""
                        break
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(leader)
    return proc.returncode, ANSI.sub("", output)


def test_a_person_plays_a_deal_to_its_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = drive(
        ["play", "--seed", "5", "--agents", "random", "--deals", "1", "--save", str(save)],
        # First a bad bid (re-asked), then a real one; a bad card is re-asked too.
        {"Your bid": ["nonsense", "trump + penalty"], "Your card": ["ZZ"]},
    )
    assert code == 0, out
    assert "No bid is called “nonsense”." in out
    assert "Not understood: ZZ" in out
    assert "Trick 13" in out
    assert "Deal over." in out
    assert save.exists() and '"decisions"' in save.read_text()


def test_the_save_file_resumes_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, _ = drive(["play", "--seed", "8", "--agents", "random", "--deals", "1", "--save", str(save)], {})
    assert code == 0
    check = subprocess.run([sys.executable, "-m", "whist", "replay", str(save)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    code, out = drive(["play", "--resume", str(save), "--agents", "random", "--deals", "1"], {})
    assert code == 0, out
    assert "Deal over." in out


def test_a_per_player_choice_is_shown_seat_by_seat() -> None:
    rules = load_ruleset("combo-whist")
    console = Console(record=True, width=120, color_system=None)
    human = HumanAgent(rules, load_texts(rules, "en"), console, lambda prompt, limit: None)
    game = Game(rules, [HeuristicAgent(seat) for seat in range(4)], seed=1)
    game.current = game._new_deal([0, 1, 2, 3])
    view = replace(game.current.view(2), declarations={"offered": {0: "KS", 1: None, 3: "10H"}})
    human.show_table(view)
    shown = console.export_text()
    assert "Seat 0: K♠, Seat 1: —, Seat 3: 10♥" in shown


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_number_is_chosen_as_itself_and_never_by_a_place_in_the_list(lang: str) -> None:
    """Certainty's guess listed "1:0 … 14:13" and refused 14 with "There is no choice number 14
    (1–14)": the numbers of a choice of a number are shown plainly, and one not shown is said so."""
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    typed = iter(["14", "13"])
    console = Console(record=True, width=120, color_system=None)
    human = HumanAgent(rules, texts, console, lambda prompt, limit: next(typed))
    game = Game(rules, [HeuristicAgent(seat) for seat in range(4)], seed=1)
    game.current = game._new_deal([0, 1, 2, 3])
    request = Request("choose", 0, "guess", "number", tuple(range(14)))
    assert human.ask_choice(request, game.current.view(0)) == 13
    shown = console.export_text()
    assert "0  1  2  3" in shown and "1:0" not in shown
    assert texts.label("not_a_shown_number", input="14") in shown
    assert texts.label("no_menu_number", n=14, max=14) not in shown


def test_a_trump_suit_not_chosen_yet_is_not_shown_as_no_trump() -> None:
    """The declarer of a trump bid was shown "Trump suit: No trump" just before being asked for it."""
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, "en")
    game = Game(rules, [HeuristicAgent(seat) for seat in range(4)], seed=1)
    game.current = game._new_deal([0, 1, 2, 3])
    base = game.current.view(0)
    no_trump = f"{texts.label('trump_suit')}: {texts.label('no_trump')}"
    for bids, trump, shown in [(["trump"], None, False), (["abundance"], None, True), (["trump"], "H", True)]:
        console = Console(record=True, width=120, color_system=None)
        human = HumanAgent(rules, texts, console, lambda prompt, limit: None)
        human.show_table(replace(base, declarer=1, combo={"bids": bids, "worth": 1}, trump=trump))
        said = console.export_text()
        assert (texts.label("trump_suit") in said) == shown, (bids, trump, said)
        assert (no_trump in said) == (bids == ["abundance"]), (bids, trump, said)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_choices_help_gives_the_rules_of_the_bid_that_asks_it(lang: str) -> None:
    """Rank Trump's "Choose a card — offered card" and its ``?`` never said what the card was for."""
    from rich.text import Text

    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    console = Console(record=True, width=200, color_system=None)
    game = Game(rules, [HeuristicAgent(seat) for seat in range(4)], seed=1)
    game.current = game._new_deal([0, 1, 2, 3])
    view = replace(game.current.view(1), declarer=0, combo={"bids": ["rank_trump"], "worth": 3})
    card = view.hand[0]
    typed = iter(["?", card])
    human = HumanAgent(rules, texts, console, lambda prompt, limit: next(typed))
    assert human.ask_choice(Request("choose", 1, "offered", "card", view.hand), view) == card
    rules_text = Text.from_markup(texts.bid_text("rank_trump")).plain
    assert " ".join(rules_text.split()) in " ".join(console.export_text().split())
