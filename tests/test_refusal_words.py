"""A client says every refusal in its player's language from the wire data alone.

Two classes of refusal that once could not be: a combo bid that can never be completed (its proof
travelled as an English sentence, and ``whist play`` proved the combo again to say it in Swedish),
and a move sent after the end of the game (a ValueError, which a server that turns refusals into
messages does not catch). Each is checked here through a JSON round trip of
:func:`~interpreter.wire.refusal_to_data`, said by :func:`~interpreter.refusalwords.say_refusal`.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from table_helpers import TABLES, new_table, players, ref, step

from interpreter.analysis import analyze
from interpreter.decisions import BidAnswer, IllegalDecision
from interpreter.gamestate import GameState
from interpreter.refusalwords import PROOF_KINDS, say_refusal
from interpreter.wire import read_move, refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet
from whist.refusals import bid_reason

ROOT = Path(__file__).resolve().parent.parent
LABELS = {
    lang: yaml.safe_load((ROOT / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["labels"]
    for lang in ("en", "sv")
}
#: The labels an impossible combo's refusal is worded from.
PROOF_LABELS = [
    name
    for name in LABELS["en"]
    if name.startswith(("analyze_impossible", "analyze_reason_", "analyze_adjust_", "analyze_and"))
]


def _forbidding() -> list[str]:
    """Every bundled rule set and version whose auction refuses combo bids that can never be completed."""
    refs = [r for name in bundled_names() for r in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]
    refs += [str(p) for p in sorted((ROOT / "bids" / "examples").glob("*.yaml"))]
    return [r for r in refs if (auction := load_ruleset(r).game.auction) is not None and auction.forbid_impossible]


FORBIDDING = _forbidding()


def _wire(refused: IllegalDecision) -> dict[str, Any]:
    """What a client receives: the refusal's data after a JSON round trip."""
    data = json.loads(json.dumps({"refused": refusal_to_data(refused)}))["refused"]
    assert isinstance(data, dict)
    return data


@functools.cache
def _first_bid(rules_ref: str, players_: int) -> GameState:
    """A table of ``players_`` whose first decision is a bid (the auction refuses bids there)."""
    state = GameState(load_ruleset(rules_ref), players_, seed=0)
    request = state.pending
    assert request is not None and request.kind == "bid"
    return state


def _english_fragments() -> list[str]:
    """The words of the English proof labels that Swedish does not share (a placeholder splits them)."""
    fragments = set()
    for name in PROOF_LABELS:
        if LABELS["en"][name] != LABELS["sv"][name]:
            fragments |= {part.strip(" :,") for part in re.split(r"\{\w+\}", str(LABELS["en"][name]))}
    return sorted(f for f in fragments if f)


def _answers(rules: RuleSet, standard: str | None, specials: tuple[str, ...]) -> list[BidAnswer]:
    """The combo bids that hold exactly one impossible set: with its standard bid, or (a set of special
    bids impossible with any standard bid) with each standard bid that may be combined with them."""
    if standard is not None:
        return [BidAnswer(standard, specials)]
    compatible = [
        s.id
        for s in rules.standard_bids
        if not any(b in s.incompatible_ids or s.id in rules.bids[b].incompatible_ids for b in specials)
    ]
    return [BidAnswer(s, specials) for s in compatible]


def test_the_versions_that_forbid_impossible_combos_are_found() -> None:
    assert "combo-whist@1.4.2" in FORBIDDING and "combo-whist" not in FORBIDDING


def test_every_impossible_combo_is_said_in_swedish_from_the_wire_alone() -> None:
    """The newest version that forbids them (quick; every version: the test below)."""
    impossible_combos_said(FORBIDDING[-1])


@pytest.mark.parametrize("rules_ref", FORBIDDING[:-1])
def test_every_impossible_combo_of_every_version_is_said_from_the_wire_alone(rules_ref: str) -> None:
    impossible_combos_said(rules_ref)


def impossible_combos_said(rules_ref: str) -> None:
    """For every minimal impossible set the prover finds, a combo bid holding it is refused by the
    engine; a client that has only the wire data and the Swedish texts says it in Swedish — the
    bids by their Swedish names, the proof in Swedish labels, no English label's words — and
    exactly as ``whist play`` shows it; said from the English texts it is the engine's sentence."""
    rules = load_ruleset(rules_ref)
    sv, en = load_texts(rules, "sv"), load_texts(rules, "en")
    english = _english_fragments()
    findings = analyze(rules).impossible
    assert findings
    for finding in findings:
        for count in finding.player_counts:
            table = _first_bid(rules_ref, count)
            for answer in _answers(rules, finding.standard, finding.specials):
                with pytest.raises(IllegalDecision) as refused:
                    table.clone().apply(answer)
                data = _wire(refused.value)
                assert data["key"] == "analyze_impossible", data
                values = data["values"]
                assert set(values) == {"combo", "proof", "adjustments", "choices"}
                # The smallest impossible set of the bid: exactly the finding (it is minimal).
                assert sorted(values["combo"]) == sorted(finding.bids)
                assert values["proof"] in (*PROOF_KINDS, "never") and type(values["choices"]) is bool
                assert all(type(k) is int for k in values["adjustments"])
                said = say_refusal(sv, data["key"], values)
                assert said == bid_reason(refused.value.reason, rules, sv)  # what whist play shows
                assert say_refusal(en, data["key"], values) == data["reason"]
                assert " + ".join(sv.bid_name(b) for b in values["combo"]) in said
                assert str(LABELS["sv"][f"analyze_reason_{values['proof']}"]) in said
                found = [f for f in english if re.search(rf"\b{re.escape(f)}\b", said)]
                assert not found, (said, found)


def test_the_proofs_facts_are_worded_in_order() -> None:
    """The reason's parts as the labels' words say: the observation, the adjustments joined by the
    word for 'and' after the adjusted-count phrase, then the choices (whatever facts arrive)."""
    rules = load_ruleset("combo-whist@1.4.2")
    sv = load_texts(rules, "sv")
    values = {"combo": ["zero", "greed"], "proof": "counts", "adjustments": [2, -1, 0], "choices": True}
    changes = " och ".join(["2 högre", "1 lägre", "oförändrat"])
    expected = (
        f"{sv.bid_name('zero')} + {sv.bid_name('greed')} kan aldrig gå hem: "
        f"{LABELS['sv']['analyze_reason_counts']} med spelförarens antal stick {changes}, "
        f"{LABELS['sv']['analyze_reason_choices']}"
    )
    assert say_refusal(sv, "analyze_impossible", values) == expected
    # Facts a client cannot trust are said without failing: unknown proofs as "never", odd changes left out.
    odd = {"combo": ["no_such_bid"], "proof": "x{y}", "adjustments": ["1", True, None], "choices": "yes"}
    never = LABELS["sv"]["analyze_reason_never"]
    assert say_refusal(sv, "analyze_impossible", odd) == f"no_such_bid kan aldrig gå hem: {never}"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_move_after_the_end_of_the_game_is_refused_with_a_label(name: str) -> None:
    """Any answer to a game that is over — from any seat, for any decision number, of any shape — is an
    IllegalDecision (not a ValueError) that changes nothing, said in Swedish from the wire data."""
    state = new_table(name, 2)
    step(state, players(state, 2))
    assert state.is_over
    before = (list(state.decisions), list(state.deal_records), state.result)
    sv = load_texts(load_ruleset(ref(name)), "sv")
    for answer, seat, decision in [(None, None, None), ("AS", 0, state.decision_number), ([1], 7, 1)]:
        with pytest.raises(IllegalDecision) as refused:
            state.apply(answer, seat=seat, decision=decision)
        data = _wire(refused.value)
        assert data["key"] == "no_move_awaited" and data["values"] == {}
        assert say_refusal(sv, data["key"], data["values"]) == LABELS["sv"]["no_move_awaited"]
    with pytest.raises(IllegalDecision) as late:  # the same refusal where a server reads the move
        read_move(state.pending, '{"answer": "AS", "decision": 1}')
    assert _wire(late.value)["key"] == "no_move_awaited"
    assert (list(state.decisions), list(state.deal_records), state.result) == before


def test_a_seat_the_server_names_wrongly_is_the_servers_error() -> None:
    """A view is asked for a seat the server names, not a client: a seat that is not at the table, or a
    view once the game is over (the last deal is ``last_view``), is a ValueError for its author."""
    state = new_table("combo-whist", 1)
    with pytest.raises(ValueError, match="not at this table"):
        state.view(9)
    step(state, players(state, 1))
    assert state.last_view(0) is not None
    with pytest.raises(ValueError, match="no deal is being played"):
        state.view(0)
    with pytest.raises(ValueError, match="not at this table"):
        state.last_view(-1)
