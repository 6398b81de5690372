"""The play screen of ``whist play`` at an 80 × 24 terminal, driven through a pseudo-terminal.

A person types; the screen must say why an input is refused, keep the hand and the scores on
screen while bidding, show the rank to beat, the last trick's winner and the deal's result, and
wait for Enter before the next deal.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.decisions import BidAnswer, Refusal, Request, View
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.refusals import bid_reason, card_reason

ROWS, COLUMNS = 24, 80
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPTS = {
    "en": {
        "bid": "Your bid",
        "card": "Your card",
        "choice": "Your choice",
        "choices": r"Your \d+ choices",
        "enter": "Press Enter",
    },
    "sv": {
        "bid": "Ditt bud",
        "card": "Ditt kort",
        "choice": "Ditt val",
        "choices": r"Dina \d+ val",
        "enter": "Tryck Enter",
    },
}


def screen_rows(text: str, width: int = COLUMNS) -> list[str]:
    """The rows ``text`` fills on a terminal ``width`` wide (long lines wrap)."""
    rows: list[str] = []
    for line in ANSI.sub("", text).replace("\r", "").split("\n"):
        rows.extend(line[i : i + width] for i in range(0, max(len(line), 1), width))
    return rows


@dataclass
class Session:
    """One ``whist play`` run at 80 × 24: every prompt with the screen text before it."""

    child: pexpect.spawn
    lang: str
    screens: list[tuple[str, str]] = field(default_factory=list)  # (prompt kind, all output so far)
    output: str = ""

    def next_prompt(self) -> str | None:
        kinds = list(PROMPTS[self.lang])
        index = self.child.expect([PROMPTS[self.lang][k] for k in kinds] + [pexpect.EOF], timeout=60)
        self.output += ANSI.sub("", self.child.before + (self.child.after if index < len(kinds) else ""))
        if index == len(kinds):
            return None
        self.screens.append((kinds[index], self.output))
        return kinds[index]

    def answer(self, text: str) -> None:
        self.child.sendline(text)

    def answer_plainly(self, kind: str) -> None:
        """Pass, press Enter, or take the first choices offered."""
        if kind == "choices":
            count = int(re.findall(r"(\d+) (?:choices|val)", self.output)[-1])
            self.answer(" ".join(str(i) for i in range(1, count + 1)))
        else:
            self.answer({"bid": "pass", "enter": ""}.get(kind, "1"))


def start(tmp_path: Path, *args: str, lang: str = "en") -> Session:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update({"TERM": "dumb", "WHIST_LANG": lang})  # plain text: prompts match as typed
    child = pexpect.spawn(
        sys.executable,
        ["-m", "whist", "play", "--agents", "random", "--save", str(tmp_path / "game.json"), *args],
        dimensions=(ROWS, COLUMNS),
        env=env,
        encoding="utf-8",
        timeout=60,
    )
    return Session(child, lang)


def last_line(output: str, start: str) -> str:
    lines = [line for line in output.replace("\r", "").split("\n") if line.startswith(start)]
    return lines[-1] if lines else ""


def test_refused_bids_and_cards_say_why(tmp_path: Path) -> None:
    session = start(tmp_path, "--seed", "5", "--deals", "1")
    bids = iter(["99", "misery+plague", "trump+trump", "zz", "ma", "trump+penalty"])
    followed = False
    while (kind := session.next_prompt()) is not None:
        if kind == "bid":
            session.answer(next(bids, "pass"))
        elif kind == "card":
            menu = last_line(session.output, " 1:") or last_line(session.output, "1:")
            legal = set(re.findall(r"\d+:(\S+)", menu))
            hand = last_line(session.output, "Your hand:").split(":", 1)[1].split()
            table = last_line(session.output, "On the table:")
            other = [c for c in hand if c not in legal and c[-1] not in {c2[-1] for c2 in legal}]
            if not followed and table and other and len({c[-1] for c in legal}) == 1:
                session.answer(other[0])
                assert session.next_prompt() == "card"
                led = next(iter(legal))[-1]
                assert f"Not allowed: You must follow suit ({led})." in session.output
                followed = True
            session.answer("1")
        else:
            session.answer_plainly(kind)
    session.child.close()
    out = session.output
    assert session.child.exitstatus == 0, out[-2000:]
    assert "There is no bid number 99 (1–31)." in out
    assert "Not allowed: Misery cannot be combined with Plague." in out
    assert "A combo bid holds exactly one standard bid (this one holds 2)." in out
    assert "No bid is called “zz”." in out
    assert "“ma” could be Master Misery, Max Trump, Master Abundance" in out
    assert "Not understood" not in out and "cannot be combined with plague" not in out
    assert followed, "no trick in this deal let the test try a card of another suit"


def test_refusals_are_in_the_chosen_language(tmp_path: Path) -> None:
    session = start(tmp_path, "--seed", "5", "--deals", "1", lang="sv")
    assert session.next_prompt() == "bid"
    session.answer("misär+pest")
    assert session.next_prompt() == "bid"
    session.answer("99")
    assert session.next_prompt() == "bid"
    session.child.terminate(force=True)
    assert "Inte tillåtet: Misär kan inte kombineras med Pest." in session.output
    assert "Det finns inget bud med nummer 99 (1–31)." in session.output


def test_hand_and_scores_stay_on_an_80_by_24_screen_while_bidding(tmp_path: Path) -> None:
    session = start(tmp_path, "--seed", "3", "--deals", "2")
    bid_screens = 0
    while (kind := session.next_prompt()) is not None:
        if kind == "bid":
            visible = screen_rows(session.output)[-ROWS:]
            assert any(row.startswith("Your hand:") for row in visible), "\n".join(visible)
            assert any(row.startswith("Player") and "Scores" in row for row in visible), "\n".join(visible)
            if "Highest bid:" in session.output.rsplit("Your hand:", 1)[-1]:
                assert re.search(r"Highest bid: .+ — a bid must beat rank \d+", "\n".join(visible))
            bid_screens += 1
            session.answer("pass" if bid_screens > 1 else "3")
        else:
            session.answer_plainly(kind)
    session.child.close()
    assert session.child.exitstatus == 0
    assert bid_screens >= 2


def test_the_last_trick_and_the_result_wait_for_enter(tmp_path: Path) -> None:
    session = start(tmp_path, "--seed", "5", "--deals", "2")
    bid_answers = iter(["trump"])
    while (kind := session.next_prompt()) != "enter":
        assert kind is not None, session.output[-2000:]
        if kind == "bid":
            session.answer(next(bid_answers, "pass"))
        else:
            session.answer_plainly(kind)
    end = session.output.rsplit("Trick 13:", 1)[1]
    assert re.search(r"Seat \d( \(you\))? wins the trick", end)
    assert re.search(r"(Completed|Failed): Seat \d( \(you\))? scores \u2212?\d+|Everyone passed", end)  # (a true minus)
    assert "Scores: Seat 0 (you):" in end
    # Nothing of the next deal is shown before Enter.
    with pytest.raises(pexpect.TIMEOUT):
        session.child.expect("Dealer:", timeout=1.5)
    session.answer("")
    session.child.expect("Dealer:", timeout=30)
    session.child.terminate(force=True)


def test_unchanged_facts_are_not_repeated_every_trick(tmp_path: Path) -> None:
    session = start(tmp_path, "--seed", "5", "--deals", "1")
    while (kind := session.next_prompt()) is not None:
        session.answer_plainly(kind)
    session.child.close()
    hand = session.output.split("Trick 1:", 1)[1]
    for fact in ("Trump suit:", "Combo bid:", "Winning score:"):
        assert hand.count(fact) <= 1, fact
    assert hand.count("Your hand:") >= 5  # the hand itself changes every trick


# --- the reasons themselves, for every rule set's bids and both languages -------------------


def _first_bid_request(rules: Any) -> Request:
    """The first bid request of a seeded game: its ``check`` is the engine's own."""
    request = GameState(rules, players=4, seed=1).pending
    assert request.kind == "bid" and request.check is not None
    return request


def _with_both(request: Request, first: str, second: str) -> BidAnswer:
    if first in request.standard_ids:
        return BidAnswer(first, (second,))
    if second in request.standard_ids:
        return BidAnswer(second, (first,))
    return BidAnswer("trump", (first, second))


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_incompatible_pair_is_refused_with_both_names(lang: str) -> None:
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, lang)
    request = _first_bid_request(rules)
    pairs = [(b.id, other) for b in rules.bids.values() for other in b.incompatible_ids]
    assert pairs
    for first, second in pairs:
        answer = _with_both(request, first, second)
        assert request.check is not None
        reason = bid_reason(request.check(answer) or "", rules, texts)
        assert texts.bid_name(first) in reason and texts.bid_name(second) in reason
        assert "cannot be combined" not in reason or lang == "en"


@functools.cache
def _refusal_setting(lang: str) -> tuple[Any, Any, Any, Request]:
    """The rule set, its texts in ``lang`` and in English, and a first bid request: made once, not
    for each of the examples below (a check changes nothing, so one request serves them all)."""
    rules = load_ruleset("combo-whist")
    return rules, load_texts(rules, lang), load_texts(rules, "en"), _first_bid_request(rules)


@pytest.mark.parametrize("lang", ["en", "sv"])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_every_refusal_of_the_rules_is_said_in_the_chosen_language(lang: str, data: st.DataObject) -> None:
    """The whole class of 'a refusal shown in English to a Swedish player' (the engine's sentences were
    once matched by their shapes): every reason the engine gives for a random combo bid is a
    structured Refusal whose label exists and whose text has every placeholder filled."""
    rules, texts, english, request = _refusal_setting(lang)
    standard = data.draw(st.sampled_from(request.standard_ids))
    specials = tuple(data.draw(st.lists(st.sampled_from(request.special_ids), max_size=4)))
    answer = BidAnswer(standard, specials)
    assert request.check is not None
    reason = request.check(answer)
    if not reason:
        return
    assert isinstance(reason, Refusal), reason
    said = bid_reason(reason, rules, texts)
    assert "{" not in said and said.strip()
    if lang == "sv":
        assert said != bid_reason(reason, rules, english)


def _seat_zero_view(hand: tuple[str, ...], current_trick: tuple[tuple[int, str], ...] = ()) -> View:
    """Seat 0's view of a deal of four with no trump, no bids and no tricks yet: ``hand`` and the trick so far."""
    return View(
        seat=0,
        hand=hand,
        visible={},
        trump=None,
        dealer=3,
        players=(0, 1, 2, 3),
        scores={},
        marks={},
        auction=(),
        declarer=None,
        combo=None,
        declarations={},
        tricks=(),
        current_trick=current_trick,
        zones={},
    )


def test_a_card_of_another_suit_is_refused_for_following_suit() -> None:
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, "en")
    hand = ("2C", "KC", "5H")
    view = _seat_zero_view(hand, current_trick=((3, "9C"),))
    request = Request("play", 0, options=("2C", "KC"))
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

    def parse(text: str, options: tuple[str, ...]) -> str | None:
        return text.upper() if text.upper() in options else None

    assert card_reason("5H", request, view, parse, str, symbol, texts, rules) == ("You must follow suit (♣).", True)
    assert card_reason("AS", request, view, parse, str, symbol, texts, rules) == ("You do not hold AS.", False)
    assert card_reason("7", request, view, parse, str, symbol, texts, rules)[0] == "There is no choice number 7 (1–2)."
    assert card_reason("xyz", request, view, parse, str, symbol, texts, rules) == ("Not understood: xyz", False)


def test_refused_choices_say_why() -> None:
    from rich.console import Console

    from whist.play import HumanAgent

    rules = load_ruleset("combo-whist")
    console = Console(record=True, width=80, color_system=None)
    typed = iter(["1 1", "9 1", "zz 1", "1", "1 3"])
    human = HumanAgent(rules, load_texts(rules, "en"), console, lambda prompt, limit: next(typed))
    view = _seat_zero_view(("2C", "KC", "5H"))
    request = Request("choose", 0, name="offered", what="card", options=("2C", "KC", "5H"), count=2)
    assert human.ask_choice(request, view) == ["2C", "5H"]  # menu numbers 1 and 3
    shown = console.export_text()
    assert "Choose 2 different ones." in shown
    assert "There is no choice number 9 (1–3)." in shown
    assert "“zz” is not one of the choices." in shown
    assert "Choose exactly 2." in shown
