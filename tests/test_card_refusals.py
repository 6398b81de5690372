"""A card of the hand that may not be played is refused with the rule that stands in the way.

A player who led an ace under a house rule's "no ace lead before trick 5" was told only "You may not
play that card now": no rule named, and "play" for a lead. Now every refusal of a held card names its
rule — follow suit, trump when one cannot follow, or the combo's bid whose restriction forbids it —
and the property below checks, over random games of every kind of rule set, that the reason given is
true by the rule's own words and that no held card is refused without one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.agents import RandomAgent
from interpreter.cardrefusals import card_refusal
from interpreter.decisions import IllegalDecision
from interpreter.gamestate import GameState
from interpreter.refusalwords import say_refusal
from interpreter.wire import refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import load_texts

ROOT = Path(__file__).resolve().parent.parent
ACE_HOLD = """\
ruleset: aces
version: '1'
extends: combo-whist
bids:
  - id: ace_hold
    kind: special
    worth: 1
    params: {free_trick: 5}
    may_not_lead: player == declarer and card.rank == "A" and count(tricks) + 1 < free_trick
"""
REFS = ["combo-whist", "combo-whist@1.0.0", "christmas-whist", str(ROOT / "bids/examples/club-rules.yaml"), "aces"]


def _reasons(rules: Any, seed: int, players: int) -> list[tuple[str, str, Any, Any]]:
    """(key, card, request, view) of every held card refused at a play, over one random game."""
    state = GameState(rules, players, seed=seed, max_deals=4)
    agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
    found = []
    while not state.is_over:
        request = state.pending
        assert request is not None
        view = state.view(request.seat)
        if request.kind == "play":
            for card in view.hand:
                if card not in {str(o) for o in request.options}:
                    found.append((card_refusal(rules, request, view, card).key, card, request, view))
        state.apply(agents[request.seat].decide(request, view))
    return found


@pytest.mark.parametrize("ref", REFS)
def test_every_refused_card_is_refused_by_a_rule_that_says_so(tmp_path: Path, ref: str) -> None:
    if ref == "aces":
        (tmp_path / "aces.yaml").write_text(ACE_HOLD, encoding="utf-8")
        ref = str(tmp_path / "aces.yaml")
    rules = load_ruleset(ref)
    players = 2 if "christmas" in ref else 4
    seen: set[str] = set()
    for seed in range(1, 4):
        for key, card, request, view in _reasons(rules, seed, players):
            seen.add(key)
            options = [str(o) for o in request.options]
            led = view.current_trick[0][1][-1] if view.current_trick else None
            if key == "must_follow_suit":  # "you must follow suit": you could, and this card does not
                assert led is not None and card[-1] != led and any(o[-1] == led for o in options)
            elif key == "must_trump":
                assert rules.game.play.must_trump and card[-1] != view.trump
            else:  # a bid's restriction: the card follows suit (or cannot), and the combo has one
                assert key in ("card_forbidden_play", "card_forbidden_lead"), (key, card, options)
                assert led is None or card[-1] == led or not any(o[-1] == led for o in options)
                assert (key == "card_forbidden_lead") == (led is None)
                bids = [rules.bids[b] for b in view.combo["bids"]]
                assert any(b.may_not_play is not None or (led is None and b.may_not_lead) for b in bids)
    assert "must_follow_suit" in seen
    if ref.endswith("aces.yaml"):
        assert "card_forbidden_lead" in seen  # the house rule's lead restriction was met


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_bids_restriction_is_said_with_the_bids_name(tmp_path: Path, lang: str) -> None:
    (tmp_path / "aces.yaml").write_text(ACE_HOLD, encoding="utf-8")
    rules = load_ruleset(tmp_path / "aces.yaml")
    texts = load_texts(rules, lang)
    for seed in range(1, 6):
        for key, card, request, view in _reasons(rules, seed, 4):
            if key == "card_forbidden_lead" and "ace_hold" in view.combo["bids"]:
                refusal = card_refusal(rules, request, view, card)
                said = say_refusal(texts, refusal.key, refusal.values)
                assert "ace_hold" in said  # (a house rule without texts: the bid's id is its name)
                assert ("spela ut" if lang == "sv" else "lead") in said and "labels." not in said
                return
    raise AssertionError("no lead restriction was met")


def test_the_state_refuses_a_held_card_with_its_rule_and_a_client_can_say_it() -> None:
    """GameState.apply said only "not an option" of a held card that may not be played: the rule in
    the way travels to a client now, with its facts, and the state is unchanged."""
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, "sv")
    state = GameState(rules, 4, seed=2, max_deals=3)
    agents = [RandomAgent(20 + seat) for seat in range(4)]
    told: set[str] = set()
    while not state.is_over and len(told) < 2:
        request = state.pending
        view = state.view(request.seat)
        if request.kind == "play":
            for card in [c for c in view.hand if c not in {str(o) for o in request.options}]:
                before = state.decision_number
                with pytest.raises(IllegalDecision) as refused:
                    state.apply(card, seat=request.seat, decision=before)
                assert state.decision_number == before and state.view(request.seat).hand == view.hand
                data = json.loads(json.dumps(refusal_to_data(refused.value)))
                assert data["key"] == card_refusal(rules, request, view, card).key != "not_an_option"
                said = say_refusal(texts, data["key"], data["values"])
                assert "labels." not in said and said.strip()
                told.add(data["key"])
        state.apply(agents[request.seat].decide(request, view))
    assert "must_follow_suit" in told
