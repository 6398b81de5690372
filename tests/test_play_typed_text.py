"""Whatever a person types at any prompt of ``whist play`` is taken or refused, never a traceback.

``'²'.isdigit()`` is true and ``int('²')`` fails, and ``'--1'.lstrip('-')`` is digits: typing
``²`` at the bid or card prompt, or ``--1`` where a number is asked, ended the game with a
``ValueError``. The class: every text at every kind of question the engine asks (a bid, a card,
a choice of each kind the bundled rule sets ask) comes back as a legal answer or is refused and
asked again. The questions are real ones, met by playing deals with random agents; the texts are
every character that reads as a digit without being a decimal one, typed numbers of odd forms,
and arbitrary text from hypothesis.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from interpreter.agents.randomagent import RandomAgent
from interpreter.decisions import Agent, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.cliargs import players_for
from whist.play import HumanAgent
from whist.refusals import typed_number

#: characters that ``str.isdigit`` takes and ``int`` does not read (superscripts, circled, …)
ODD_DIGITS = [chr(c) for c in range(0x110000) if chr(c).isdigit() and not chr(c).isdecimal()]
ODD_NUMBERS = ["--1", "-", "-²", "1²", "²1", "+1", "1_0", " 1 2 ", "٣", "１", "-0", "0", "1e3", "９" * 600]


class _Asked(Exception):
    """The input was refused and the question asked again: what a person sees."""


class _Collect(Agent):
    """A random player that keeps the first questions of each kind (and name) with their views."""

    def __init__(self, seed: int, into: dict[tuple[str, str], tuple[Request, View]]) -> None:
        self.random = RandomAgent(seed)
        self.into = into

    def decide(self, request: Request, view: View | None) -> Any:
        assert view is not None
        self.into.setdefault((request.kind, str(request.name)), (request, view))
        return self.random.decide(request, view)


def _questions() -> list[tuple[str, Request, View, Any]]:
    found: list[tuple[str, Request, View, Any]] = []
    for name in ("combo-whist", "christmas-whist"):
        rules = load_ruleset(name)
        into: dict[tuple[str, str], tuple[Request, View]] = {}
        players = players_for(rules, None)
        for seed in range(6):
            game = Game(rules, [_Collect(seed * 10 + s, into) for s in range(players)], seed=seed, max_deals=1)
            game.run()
        found += [(name, request, view, rules) for request, view in into.values()]
    return found


QUESTIONS = _questions()
KINDS = sorted({(name, request.kind, str(request.name)) for name, request, _, _ in QUESTIONS})


def _answer(text: str, question: tuple[str, Request, View, Any]) -> None:
    """Type ``text`` at ``question``: it is taken as a legal answer, or refused and asked again."""
    _, request, view, rules = question
    typed = iter([text])

    def read(prompt: str, limit: float | None = None) -> str:
        for line in typed:
            return line
        raise _Asked

    console = Console(file=io.StringIO(), width=100)
    human = HumanAgent(rules, load_texts(rules, "en"), console, read)
    try:
        answer = human.decide(request, view)
    except _Asked:
        return
    request.validate(answer)  # taken: it must be legal


def test_the_questions_cover_bids_cards_and_choices() -> None:
    kinds = {kind for _, kind, _ in KINDS}
    assert {"bid", "play", "choose"} <= kinds, KINDS
    assert len(ODD_DIGITS) > 100


@pytest.mark.parametrize("question", QUESTIONS, ids=[f"{n}:{r.kind}:{r.name}" for n, r, _, _ in QUESTIONS])
def test_odd_digits_and_numbers_are_taken_or_refused(question) -> None:
    for text in [*ODD_DIGITS, *ODD_NUMBERS, *(f"{d}+1" for d in ODD_DIGITS[:20])]:
        _answer(text, question)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(index=st.integers(0, len(QUESTIONS) - 1), text=st.text(max_size=40))
def test_any_text_is_taken_or_refused(index: int, text: str) -> None:
    _answer(text, QUESTIONS[index])


def test_typed_number_reads_only_what_int_reads_the_same() -> None:
    assert [typed_number(t) for t in ("7", "-7", "٣", "１２")] == [7, -7, 3, 12]
    assert [typed_number(t) for t in ("²", "--1", "-", "", "+1", "1_0", "1.0", " 1")] == [None] * 8
