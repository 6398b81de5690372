"""``answered(choice)``: a later step asks only those who gave a value in an earlier choice.

Master Trump's rule says the other non-declarers "may say what trump suit they prefer and how much
they prefer it": a strength goes with a stated suit. Both were asked of everyone, so a player who
had declined to name a suit was still asked how strongly they wished for it. The rule is now data:
the strength step's ``who`` is ``answered(preferred_suit)``. These tests state it from the rule's
words over random answers (the bundled versions and a house rule with a chain of three choices),
and check what the function compiles to and how it refuses a wrong argument, at its place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from compiler_fakes import compile_error, compiled

from interpreter.agents import RandomAgent
from interpreter.decisions import BidAnswer, Request
from interpreter.gamestate import GameState
from rulespec import load_ruleset, scopes
from rulespec import types as T
from rulespec.functions import ANSWERED
from tests.test_translate_cli import whist

HOUSE = """\
ruleset: house
version: '1'
extends: combo-whist
bids:
  - id: poll
    kind: special
    worth: 1
    steps:
      - choose: {who: opponents, what: suit, as: wish, optional: true}
      - choose: {who: answered(wish), what: number, from: 1..3, as: strength, optional: true}
      - choose: {who: answered(strength), what: player, as: helper}
      - choose: {who: declarer, what: suit, as: echo, optional: true}
      - choose: {who: answered(echo), what: number, from: 1..2, as: echo_strength}
"""


class _Bids(RandomAgent):
    """Random, but declares ``wanted`` whenever the auction lets it (so the steps are reached)."""

    def __init__(self, seat: int, wanted: BidAnswer) -> None:
        super().__init__(seat)
        self.wanted = wanted

    def decide(self, request: Request, view: Any) -> Any:
        if request.kind == "bid" and request.check is not None and request.check(self.wanted) is None:
            return self.wanted
        return super().decide(request, view)


def _asked(rules: Any, wanted: BidAnswer, seed: int, players: int = 4) -> list[list[tuple[str, int, Any]]]:
    """Each deal's choose requests as (name, seat, answer), over a few random deals."""
    state = GameState(rules, players, seed=seed, max_deals=4)
    agents = [_Bids(seat, wanted) for seat in range(players)]
    deals: list[list[tuple[str, int, Any]]] = []
    number = -1
    while not state.is_over:
        request = state.pending
        assert request is not None
        if len(state.deal_records) != number:  # a new deal (its predecessors are recorded)
            number = len(state.deal_records)
            deals.append([])
        answer = agents[request.seat].decide(request, state.view(request.seat))
        if request.kind == "choose":
            deals[-1].append((request.name, request.seat, answer))
        state.apply(answer)
    return deals


def _followers(deal: list[tuple[str, int, Any]], first: str, then: str) -> None:
    """``then`` is asked of exactly those who answered ``first``, once each, in the order asked."""
    answered = [seat for name, seat, answer in deal if name == first and answer is not None]
    assert [seat for name, seat, _ in deal if name == then] == answered, deal


@pytest.mark.parametrize("version", ["combo-whist", "combo-whist@1.4.2", "combo-whist@1.1.1"])
def test_only_a_player_who_stated_a_suit_says_how_strongly(version: str) -> None:
    rules = load_ruleset(version)
    polled = [
        deal
        for seed in range(1, 7)
        for deal in _asked(rules, BidAnswer("master_trump"), seed)
        if any(name == "preferred_suit" for name, _, _ in deal)
    ]
    assert polled  # Master Trump was declared
    for deal in polled:
        _followers(deal, "preferred_suit", "preference")
    declined = [seat for deal in polled for name, seat, answer in deal if name == "preferred_suit" and answer is None]
    assert declined  # the seeds meet a declined wish (else the test proves nothing)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_chain_of_answered_choices_in_a_house_rule(tmp_path: Path, seed: int) -> None:
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    rules = load_ruleset(tmp_path / "house.yaml")
    deals = [deal for deal in _asked(rules, BidAnswer("trump", ("poll",)), seed) if deal]
    assert deals
    for deal in deals:
        _followers(deal, "wish", "strength")
        _followers(deal, "strength", "helper")  # nobody answered: the step asks nobody and goes on
        _followers(deal, "echo", "echo_strength")  # a choice of one player: that player, if they answered


def test_answered_compiles_to_the_players_of_the_choice() -> None:
    names = {**scopes.DEAL, "wish": T.list_of(T.SUIT), ANSWERED + "wish": T.list_of(T.PLAYER)}
    expr = compiled("answered(wish)", names)
    assert expr.type == T.list_of(T.PLAYER)
    assert expr({ANSWERED + "wish": ["p2", "p0"]}) == ["p2", "p0"]  # in the order they were asked
    assert expr.reads == {ANSWERED + "wish"}  # what it reads: the deal sets it with the choice


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        ("answered(wsh)", "answered() takes the 'as' name of an earlier choose step", "did you mean 'wish'?"),
        ("answered(declarer)", "answered() takes the 'as' name of an earlier choose step", "before this place: wish"),
        ("answered(1)", "answered() takes the 'as' name of an earlier choose step", "wish"),
        ("answered(wish, wish)", "answered() takes 1 argument(s), got 2", None),
    ],
)
def test_answered_refuses_what_is_not_an_earlier_choice(text: str, message: str, hint: str | None) -> None:
    names = {**scopes.DEAL, "wish": T.list_of(T.SUIT), ANSWERED + "wish": T.list_of(T.PLAYER)}
    error = compile_error(text, names)
    assert error.message == message
    if hint is not None:
        assert hint in (error.hint or "")


def test_answered_of_a_later_choice_is_a_located_error(tmp_path: Path, capsys: Any) -> None:
    bad = HOUSE.replace("who: answered(wish), what: number", "who: answered(helper), what: number")
    (tmp_path / "house.yaml").write_text(bad, encoding="utf-8")
    code, _, err = whist(capsys, "check", str(tmp_path / "house.yaml"))
    assert code == 1
    assert "house.yaml:10:32:" in err  # the second step, at the argument
    assert "answered() takes the 'as' name of an earlier choose step" in err
    assert "the choices before this place: wish" in err
    assert "Traceback" not in err


LATER = """\
ruleset: later
version: '1'
extends: combo-whist
bids:
  - id: poll
    kind: standard
    worth: 7
    score: 6
    tricks: {min: 5}
    steps:
      - zone: {name: stash, owner: declarer, size: 1}
      - choose: {who: declarer, what: card, from: player.hand, as: first_pick}
      - choose: {who: opponents, what: suit, as: wish, optional: true}
      - deal_back: {cards: "filter(deck, card.rank == '2')", as: twos}
    visible: [{of: declarer, cards: "RULE"}]
    zone_limits: [{zone: stash, forbid: "RULE"}]
"""


@pytest.mark.parametrize(
    "rule",
    [
        "player in answered(wish)",
        "card.suit in wish",
        "count(answered(wish)) > 0 and card.rank == 'A'",
        "card == first_pick",
        "card in twos",
    ],
)
def test_a_rule_that_reads_a_choice_before_it_is_made_reads_nothing(tmp_path: Path, capsys: Any, rule: str) -> None:
    """`visible` and `zone_limits` are asked while the steps run (a view, a card put in a zone), so
    before a later step's choice: it read a name that was not there (a KeyError traceback, though
    `whist check` said ok). A choice not made yet is nothing: an empty list, a missing value, no one
    who answered."""
    (tmp_path / "later.yaml").write_text(LATER.replace("RULE", rule), encoding="utf-8")
    assert whist(capsys, "check", str(tmp_path / "later.yaml"))[0] == 0
    for agents in ("random", "heuristic"):
        code, _, err = whist(
            capsys, "simulate", str(tmp_path / "later.yaml"), "--games", "4", "--seed", "3", "--jobs", "1",
            "--agents", agents,
        )  # fmt: skip
        assert code == 0, err


POLL = """\
ruleset: poll-house
version: '1'
extends: combo-whist
bids:
  - id: poll
    kind: special
    worth: 1
    steps:
      - choose: {who: opponents, what: suit, as: wish, optional: true}
    requires: count(answered(wish)) >= 1
"""


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("as_json", [False, True])
def test_analyze_names_answered_as_the_rule_writes_it(capsys, tmp_path: Path, lang: str, as_json: bool) -> None:
    """What the prover could not read is named as the author wrote it: ``answered(wish)``, not the
    engine's inner name ``answered:wish`` (which no rule file can even write)."""
    house = tmp_path / "poll.yaml"
    house.write_text(POLL, encoding="utf-8")
    code, out, err = whist(
        capsys, "analyze", str(house), "--players", "4", "--lang", lang, *(["--json"] if as_json else [])
    )
    assert code == 0, err
    assert "'answered(wish)'" in out
    assert ANSWERED not in out
