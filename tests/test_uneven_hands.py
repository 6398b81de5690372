"""Steps that leave the hands uneven stop the deal at the step, never ask for a card from nothing.

A hand goes on while anyone holds a card and every player plays to every trick. A ``draw`` after a
trick that only the winner makes, or a bid's ``give``, makes one player run out first; that
player used to be asked to play (or pass) one of no cards, and the random agent drew from nothing
for ever (``whist simulate`` hung). The property, over the state API with random answers for each
such rule set and seed: every request offers at least one option and as many as it asks for, and
the game either ends or stops with an error at the step in the house rule's file; the command
says so with exit status 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.compiled import EvaluationError
from tests.test_translate_cli import whist

# (a house rule, the text of the line its error points at)
HOUSES = {
    "the winner alone draws": (
        "extends: christmas-whist\ngame:\n  play:\n    after_trick:\n      - draw: {who: trick.winner, from: stock}\n",
        "draw:",
    ),
    "an odd stock runs out on one player": (
        "extends: christmas-whist\n"
        "game:\n"
        "  deal:\n"
        "    set_aside: 9\n",  # 21 cards in the stock: the last loser draws nothing
        "draw:",
    ),
    "a gift of the declarer's only card": (
        "extends: combo-whist\n"
        "game:\n"
        "  deal:\n"
        "    hand_size: 1\n"
        "bids:\n"
        "  - id: gift\n"
        "    kind: special\n"
        "    worth: 5\n"
        "    priority: 1\n"
        "    steps:\n"
        "      - give: {card: first(declarer.hand), to: left_of(declarer)}\n"
        "      - pass_cards: {senders: players, count: 1, direction: right}\n",
        "give:",
    ),
}


def _write(folder: Path, name: str) -> Path:
    path = folder / "house.yaml"
    path.write_text("ruleset: house\nversion: '1'\n" + HOUSES[name][0], encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(HOUSES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_request_offers_nothing_and_uneven_hands_stop_at_the_step(tmp_path, name, seed) -> None:
    path = _write(tmp_path, name)
    rules = load_ruleset(path)
    players = 2 if "christmas" in HOUSES[name][0] else 4
    state = GameState(rules, players, seed=seed, max_deals=30)
    agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
    try:
        while not state.is_over:
            request = state.pending
            assert request is not None
            if request.kind != "bid":
                assert request.options and len(request.options) >= request.count, request
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    except EvaluationError as error:
        assert error.position is not None, error  # the step: the house rule's, or the draw it inherits
        assert HOUSES[name][1] in (error.source_line or ""), error
        assert "has no card to play" in error.message


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_simulate_stops_with_the_step_and_status_1(tmp_path, capsys, name) -> None:
    path = _write(tmp_path, name)
    args = ["--games", "5", "--jobs", "1", "--seed", "1", "--agents", "random"]
    code, _, err = whist(capsys, "simulate", str(path), *args)
    assert code == 1, err
    assert ".yaml:" in err and "has no card to play" in err and "(during deal" in err
    assert HOUSES[name][1] in err


# A step that moves a card nobody holds (in the stock or set aside): moved, it would be in play twice
# (the stock keeps it); dealing such cards back ended in a bare "zip() argument 2 is shorter" message.
NOBODY = "filter(deck, card.holder != dealer and card.holder != left_of(dealer))"
UNHELD = {
    "give": (f'give: {{card: "first({NOBODY})", to: dealer}}', "to give is in nobody's hand"),
    "deal back": (f'deal_back: {{cards: "{NOBODY}", as: back}}', "to deal back is in nobody's hand"),
}


@pytest.mark.parametrize("step", sorted(UNHELD))
def test_a_step_that_moves_a_card_nobody_holds_stops_at_the_step(tmp_path, capsys, step) -> None:
    path = tmp_path / "house.yaml"
    text, message = UNHELD[step]
    house = "ruleset: house\nversion: '1'\nextends: christmas-whist\nbids:\n  - id: tricks_up\n    steps:\n"
    path.write_text(f"{house}      - {text}\n", encoding="utf-8")
    args = ["--games", "2", "--jobs", "1", "--seed", "1", "--agents", "random"]
    code, _, err = whist(capsys, "simulate", str(path), *args)
    assert code == 1, err
    assert f"{path}:7:" in err and message in err
