"""Every refusal the engine can make has a text in each language: a client and ``whist play`` say it
in the player's words.

Junk answers, moves of the wrong seat or for the wrong decision, mangled messages and combo bids
of every kind are sent at seeded random positions of several tables (as a stranger's client
would, see ``tests/test_hostile_clients.py``). Each :class:`IllegalDecision` must carry a
:class:`Refusal` whose label is in ``locales/en/ui.yaml`` and ``locales/sv/ui.yaml``, with every
placeholder of those texts among its facts, and facts that are numbers or short printable texts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from table_helpers import TABLES, new_table, players, step

from interpreter.decisions import SHOWN_REASON, BidAnswer, IllegalDecision, Refusal
from interpreter.gamestate import GameState
from interpreter.wire import answer_from_data, read_move, refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.placeholders import parse
from whist.refusals import said

ROOT = Path(__file__).resolve().parent.parent
LABELS = {
    lang: yaml.safe_load((ROOT / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["labels"]
    for lang in ("en", "sv")
}
JUNK: list[Any] = [
    None, True, 1.5, -1, 10**50, "", "AS", "\x1b[2J", "x" * 5000, "pass", [], ["AS"], ["AS", "AS"],
    [1, 2, 3], {"card": "AS"}, {"standard": 7}, {"standard": "trump", "specials": "mail"}, [[["deep"]]],
]  # fmt: skip
TEXTS = [
    "", "{", "[" * 60, "x" * 200_000, b"\xff\xfe", '{"answer": null, "decision": "1"}', '{"answer": 1, "x": 2}',
    '{"answer": 1, "answer": 2}', "[1, 2]", "1" * 80, '{"decision": 3}',
]  # fmt: skip


def check_refusal(refused: IllegalDecision, seen: set[str]) -> None:
    reason = refused.reason
    assert isinstance(reason, Refusal), f"an English sentence only: {reason!r}"
    for lang, labels in LABELS.items():
        assert reason.key in labels, f"{reason.key} has no text in {lang}"
        missing = parse(str(labels[reason.key])).names - set(reason.values)
        assert not missing, f"{lang} {reason.key}: no fact for {missing}"
    for value in reason.values.values():
        assert isinstance(value, int | float) or (len(str(value)) <= SHOWN_REASON + 1 and str(value).isprintable())
    assert refusal_to_data(refused)["key"] == reason.key
    seen.add(reason.key)


def refused(move: Callable[[], Any], seen: set[str]) -> None:
    try:
        move()
    except IllegalDecision as exc:
        check_refusal(exc, seen)


def bid_tries(state: GameState, rng: random.Random, seen: set[str]) -> None:
    """Combo bids of known and unknown ids, twice-given specials: each is taken or refused with a label."""
    request = state.pending
    assert request is not None and request.kind == "bid"
    for _ in range(40):
        standard = rng.choice([*request.standard_ids, *request.special_ids, "no_such_bid"])
        specials = tuple(rng.choices([*request.special_ids, *request.standard_ids, "nope"], k=rng.randint(0, 3)))
        clone = state.clone()
        refused(lambda: clone.apply(BidAnswer(standard, specials)), seen)  # noqa: B023


def sweep(name: str, seed: int, seen: set[str]) -> None:
    rng = random.Random(seed)
    state = new_table(name, seed)
    agents = players(state, seed)
    while not state.is_over:
        request = state.pending
        assert request is not None
        if rng.random() < 0.3:
            table = state.clone()  # (a junk answer may be legal: taken, it moves the clone on)
            for junk in rng.sample(JUNK, 4):
                refused(lambda: table.apply(answer_from_data(request, junk)), seen)  # noqa: B023
                refused(lambda: state.clone().apply(junk), seen)  # noqa: B023
            refused(lambda: read_move(request, rng.choice(TEXTS)), seen)  # noqa: B023
            other = (request.seat + 1) % state.n
            refused(lambda: state.apply(None, seat=other), seen)  # noqa: B023
            refused(lambda: state.apply(None, decision=state.decision_number + 1), seen)  # noqa: B023
            if request.kind == "bid":
                bid_tries(state, rng, seen)
        step(state, agents, 1)
    refused(lambda: read_move(state.pending, "{}"), seen)


def test_every_refusal_of_the_engine_has_a_label_in_each_language() -> None:
    seen: set[str] = set()
    for name in sorted(TABLES):
        for seed in range(3):
            sweep(name, seed, seen)
    # The drive reaches the engine's refusals of every kind (so the check above is not empty):
    expected = {
        "not_an_option", "must_choose", "bid_form", "not_a_standard_bid", "not_a_special_bid", "bid_twice",
        "incompatible_bids", "bid_too_low", "not_seats_turn", "not_this_decision", "answer_not_list",
        "answer_not_plain", "bid_data_form", "message_too_long", "message_not_utf8", "message_unreadable_at",
        "move_form", "move_decision_form", "no_move_awaited",
    }  # fmt: skip
    assert expected <= seen, expected - seen


def test_a_combo_that_can_never_be_completed_is_refused_with_a_label() -> None:
    """Versions that refuse combo bids that can never be completed say why with a label too."""
    rules = load_ruleset("combo-whist@1.4.2")
    state = GameState(rules, 4, seed=3)
    seen: set[str] = set()
    bid_tries_all(state, seen)
    assert "analyze_impossible" in seen


def bid_tries_all(state: GameState, seen: set[str]) -> None:
    request = state.pending
    assert request is not None
    for standard in request.standard_ids:
        for special in request.special_ids:
            refused(lambda: state.clone().apply(BidAnswer(standard, (special,))), seen)  # noqa: B023


def test_play_says_the_engines_refusals_in_the_players_language() -> None:
    rules = load_ruleset("combo-whist")
    sv = load_texts(rules, "sv")
    state = new_table("combo-whist", 2)
    step(state, players(state, 2), 3)
    request = state.pending
    assert request is not None
    try:
        state.apply(None, seat=(request.seat + 1) % 4)
    except IllegalDecision as exc:
        other = (request.seat + 1) % 4
        assert said(exc.reason, rules, sv) == f"Det är plats {request.seat} som svarar nu, inte plats {other}."
    else:
        raise AssertionError("a move of another seat was taken")
    mail = Refusal("not_a_standard_bid", "'mail' is not a standard bid", bid="mail")
    assert said(mail, rules, sv) == f"{sv.bid_name('mail')} är inget standardbud."
    assert json.dumps(refusal_to_data(IllegalDecision(mail)))  # plain data for a client
