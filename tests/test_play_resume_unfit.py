"""A save that no longer fits is refused without showing another seat's cards.

``whist play --resume`` of a save whose recorded card the rules refuse stopped with the refusal as
``whist replay`` words it for an author, "…is not allowed here; allowed: 10D, 3D, 4H, KC, …": a
whole opponent's hand on the screen of the player at seat 0. Whoever's decision it is, the message
names the decision and its seat, and lists options only for the player's own seat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from interpreter.agents import RandomAgent
from interpreter.game import Game
from interpreter.recordcheck import ruleset_digest
from interpreter.records import to_record
from rulespec import load_ruleset
from whist.cli import cli

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@pytest.fixture(scope="module")
def record() -> dict:
    rules = load_ruleset("combo-whist")
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=7, max_deals=1)
    game.run()
    return to_record(game, "combo-whist", {"human_seat": 0, "ruleset_digest": ruleset_digest(rules)})


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_an_unfit_card_is_named_without_the_other_seats_cards(record: dict, seat: int, tmp_path: Path) -> None:
    tampered = json.loads(json.dumps(record))
    plays = [i for i, d in enumerate(tampered["decisions"]) if d["kind"] == "play" and d["seat"] == seat]
    index = plays[3]  # the fourth card the seat plays: it holds nine more
    held = set(tampered["deals"][0]["hands"][str(seat)])
    tampered["decisions"][index]["answer"] = next(f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in held)
    save = tmp_path / "save.json"
    save.write_text(json.dumps(tampered), encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--resume", str(save), "--agents", "random"], input="")
    assert result.exit_code == 1, result.output
    assert f"decision {index + 1}" in result.output and f"seat {seat}" in result.output
    if seat != 0:
        played = {d["answer"] for d in tampered["decisions"][:index] if d["kind"] == "play"}
        cards = held - played
        assert not any(f" {card}" in result.output or f"{card}," in result.output for card in cards), result.output
        assert "allowed:" not in result.output
    else:
        assert "allowed:" in result.output  # the player's own cards: what would have been right
