"""Puts every kind of ``whist play`` prompt to a person at a terminal, one after another.

Run by ``tests/test_play_help.py`` under a pseudo-terminal: ``python -m tests.play_prompts_driver
LANG``. The requests are real ones, met by random agents in seeded games of the bundled rule sets
(a bid, a card, a choice of each kind — suit, card, number, player, direction, the rules of a
hand — one and several, optional and not), asked by the real :class:`~whist.play.HumanAgent`
through the real terminal input, then "press Enter". Before each prompt a line
``@@ ASK <kind> <what> <count> <optional> <answer>`` tells the test what comes and a plain answer.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape as rich_escape

from interpreter import GameState, RandomAgent
from interpreter.decisions import Request, View
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent, console_input
from whist.playhelp import wait_for_enter

#: Where the kinds of prompt are met: (rule set, players, deals a game may last).
GAMES = (
    ("combo-whist", 4, 3),
    ("christmas-whist", 2, 10),
    ("combo-whist@1.0.0", 4, 3),
    (str(Path(__file__).parent / "data" / "optional-number.yaml"), 4, 10),  # an optional number
)


def prompts() -> list[tuple[str, Request, View]]:
    """One request of each kind met in seeded random games, with the view of the seat asked."""
    found: dict[tuple[Any, ...], tuple[str, Request, View]] = {}
    for ref, players, deals in GAMES:
        rules = load_ruleset(ref)
        for seed in range(40):
            state = GameState(rules, players=players, seed=seed, max_deals=deals)
            agents = [RandomAgent(s) for s in range(players)]
            while not state.is_over:
                request = state.pending
                key = (request.kind, request.what, request.count > 1, request.optional)
                found.setdefault(key, (ref, request, state.view(request.seat)))
                state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    return [found[key] for key in sorted(found, key=str)]


def plain_answer(request: Request) -> str:
    """An answer the prompt takes: pass, the first offered, the first ``count`` ones, or none."""
    if request.kind == "bid":
        return "pass"
    if request.optional:
        return "-"
    if request.what == "number":  # typed as themselves (Uncertainty's two guesses: two numbers)
        return " ".join(str(option) for option in request.options[: request.count])
    return " ".join(str(i) for i in range(1, request.count + 1))


def main(lang: str) -> None:
    console = Console()
    read = console_input(console)
    humans: dict[str, HumanAgent] = {}
    for ref, request, view in prompts():
        if ref not in humans:
            rules = load_ruleset(ref)
            texts = load_texts(rules, lang)
            texts.escape = rich_escape
            humans[ref] = HumanAgent(rules, texts, console, read)
        human = humans[ref]
        what = request.what or "-"
        console.print(
            f"@@ ASK {request.kind} {what} {request.count} {int(request.optional)} {plain_answer(request)}",
            markup=False,
            highlight=False,
        )
        answer = human.decide(request, view)
        console.print(f"@@ TAKEN {answer!r}", markup=False, highlight=False)
    console.print("@@ ASK enter - 1 0 ", markup=False, highlight=False)
    wait_for_enter(next(iter(humans.values())))
    console.print("@@ DONE", markup=False, highlight=False)


if __name__ == "__main__":
    main(sys.argv[1])
