"""Every refusal the engine can make has a text in each language: a client and ``whist play`` say it
in the player's words.

Junk answers, moves of the wrong seat or for the wrong decision, mangled messages and combo bids
of every kind are sent at seeded random positions of several tables (as a stranger's client
would, see ``tests/test_hostile_clients.py``). Each :class:`IllegalDecision` must carry a
:class:`Refusal` whose label is in ``locales/en/ui.yaml`` and ``locales/sv/ui.yaml``, with every
placeholder of those texts among its facts (or worded from them: an impossible combo's ``reason``),
and facts that are numbers, true/false, short printable texts or short lists of them. Sent over the
wire (a JSON round trip), each is said by the one function that says refusals
(:func:`~interpreter.refusalwords.say_refusal`) in English and Swedish just as from the Refusal
itself, and as ``whist play`` says it.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from table_helpers import TABLES, new_table, players, ref, step

from interpreter.decisions import SHOWN_REASON, BidAnswer, IllegalDecision, Refusal
from interpreter.gamestate import GameState
from interpreter.refusalwords import say_refusal
from interpreter.wire import answer_from_data, read_move, refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
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
    '{"answer": 1, "answer": 2}', "[1, 2]", "1" * 80, '{"decision": 3}', '{"answer": 1}',
]  # fmt: skip


@functools.cache
def texts_of(rules_ref: str) -> dict[str, Texts]:
    rules = load_ruleset(rules_ref)
    return {lang: load_texts(rules, lang) for lang in LABELS}


def check_refusal(refused: IllegalDecision, seen: set[str], rules_ref: str) -> None:
    reason = refused.reason
    assert isinstance(reason, Refusal), f"an English sentence only: {reason!r}"
    worded = {"reason"} if "proof" in reason.values else set()  # (see interpreter/refusalwords.py)
    for lang, labels in LABELS.items():
        assert reason.key in labels, f"{reason.key} has no text in {lang}"
        missing = parse(str(labels[reason.key])).names - set(reason.values) - worded
        assert not missing, f"{lang} {reason.key}: no fact for {missing}"
    for value in reason.values.values():
        assert all(map(plain_fact, value)) if isinstance(value, tuple) else plain_fact(value), value
    data = json.loads(json.dumps(refusal_to_data(refused)))  # what a client receives
    assert data["key"] == reason.key and data["reason"] == str(reason)
    for lang, texts in texts_of(rules_ref).items():
        words = say_refusal(texts, data["key"], data["values"])
        assert words == say_refusal(texts, reason.key, reason.values), (lang, data)
        assert said(reason, texts) == words  # whist play: the same words, with the same true minus
        assert not re.search(r"(?<![\w.-])-\d", words), words  # a number's minus is never a hyphen
        assert "{" not in functools.reduce(lambda w, v: w.replace(str(v), ""), data["values"].values(), words)
        if lang == "en" and "proof" in reason.values:  # the engine's sentence is said from the facts too
            assert words == str(reason)
    seen.add(reason.key)


def plain_fact(value: Any) -> bool:
    """A number, true/false or a short printable text (what a refusal's fact may be, or a list of)."""
    return isinstance(value, int | float) or (len(str(value)) <= SHOWN_REASON + 1 and str(value).isprintable())


def refused(move: Callable[[], Any], seen: set[str], rules_ref: str) -> None:
    try:
        move()
    except IllegalDecision as exc:
        check_refusal(exc, seen, rules_ref)


def bid_tries(state: GameState, rng: random.Random, seen: set[str], rules_ref: str) -> None:
    """Combo bids of known and unknown ids, twice-given specials: each is taken or refused with a label."""
    request = state.pending
    assert request is not None and request.kind == "bid"
    for _ in range(40):
        standard = rng.choice([*request.standard_ids, *request.special_ids, "no_such_bid"])
        specials = tuple(rng.choices([*request.special_ids, *request.standard_ids, "nope"], k=rng.randint(0, 3)))
        clone = state.clone()
        refused(lambda: clone.apply(BidAnswer(standard, specials)), seen, rules_ref)  # noqa: B023


def sweep(name: str, seed: int, seen: set[str]) -> None:
    rng = random.Random(seed)
    state = new_table(name, seed)
    agents = players(state, seed)
    rules_ref = ref(name)
    while not state.is_over:
        request = state.pending
        assert request is not None
        if rng.random() < 0.3:
            table = state.clone()  # (a junk answer may be legal: taken, it moves the clone on)
            for junk in rng.sample(JUNK, 4):
                refused(lambda: table.apply(answer_from_data(request, junk)), seen, rules_ref)  # noqa: B023
                refused(lambda: state.clone().apply(junk), seen, rules_ref)  # noqa: B023
            refused(lambda: read_move(request, rng.choice(TEXTS)), seen, rules_ref)  # noqa: B023
            other = (request.seat + 1) % state.n
            refused(lambda: state.apply(None, seat=other), seen, rules_ref)  # noqa: B023
            refused(lambda: state.apply(None, decision=state.decision_number + 1), seen, rules_ref)  # noqa: B023
            if request.kind == "bid":
                bid_tries(state, rng, seen, rules_ref)
        step(state, agents, 1)
    refused(lambda: read_move(state.pending, "{}"), seen, rules_ref)
    refused(lambda: state.apply(rng.choice(JUNK), seat=0, decision=state.decision_number), seen, rules_ref)


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
        "move_form", "move_decision_form", "move_decision_missing", "no_move_awaited",
    }  # fmt: skip
    assert expected <= seen, expected - seen


def test_a_combo_that_can_never_be_completed_is_refused_with_a_label() -> None:
    """Versions that refuse combo bids that can never be completed say why with a label too."""
    rules = load_ruleset("combo-whist@1.4.2")
    state = GameState(rules, 4, seed=3)
    seen: set[str] = set()
    bid_tries_all(state, seen, "combo-whist@1.4.2")
    assert "analyze_impossible" in seen


def bid_tries_all(state: GameState, seen: set[str], rules_ref: str) -> None:
    request = state.pending
    assert request is not None
    for standard in request.standard_ids:
        for special in request.special_ids:
            refused(lambda: state.clone().apply(BidAnswer(standard, (special,))), seen, rules_ref)  # noqa: B023


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
        assert said(exc.reason, sv) == f"Det är plats {request.seat} som svarar nu, inte plats {other}."
    else:
        raise AssertionError("a move of another seat was taken")
    mail = Refusal("not_a_standard_bid", "'mail' is not a standard bid", bid="mail")
    assert said(mail, sv) == f"{sv.bid_name('mail')} är inget standardbud."
    assert json.dumps(refusal_to_data(IllegalDecision(mail)))  # plain data for a client
