"""The run-time environments hold the names of their scopes (rulespec/scopes.py, the hook registry's).

An expression is compiled against a scope and keeps its names (``Expression.names``); the
engine evaluates it in an environment built at run time. Every evaluation must find every
name of its scope, or a rule file the checker accepted fails in the middle of a game (a
card rule reading ``trick`` before the first trick did). The engine keeps one environment
per deal for the deal scope and the scopes that extend it (card and trick rules, scoring,
melds, the auction): their extra names are set while such an expression runs, and may stay
set afterwards; nothing else ever enters (every public name is one the language declares).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import RuleError, load_ruleset, scopes
from rulespec import model as M
from rulespec import types as T
from rulespec.compiled import EvaluationError, Expression
from rulespec.functions import ANSWERED
from rulespec.hooks import HOOKS

REPO = Path(__file__).resolve().parent.parent
BUNDLED = [
    "combo-whist",
    "combo-whist@1.3.0",
    "christmas-whist",
    *(str(p) for p in sorted((REPO / "bids/examples").glob("*.yaml"))),
]
#: Scopes whose environments are built for them alone (the deal's one environment serves the others).
OWN = {frozenset(s) for s in (scopes.WINNING, scopes.DECLARER_WINS, scopes.ANYONE_WINS, scopes.MATCH, scopes.SET_SCORE)}
#: Every name some scope declares.
LANGUAGE_NAMES = frozenset(
    name for value in vars(scopes).values() if isinstance(value, dict) for name in value if isinstance(name, str)
)


Call = tuple[str, frozenset[str], frozenset[str], bool]  # … and whether the prover evaluates it


def _watched(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """Every evaluation from now on: (source, scope names, the environment's public names, by the prover)."""
    calls: list[Call] = []
    evaluate = Expression.__call__

    def watched(self: Expression, env: Any) -> Any:
        if self.names:
            prover = "interpreter/analysis/" in sys._getframe(1).f_code.co_filename.replace("\\", "/")
            calls.append((self.source, self.names, frozenset(k for k in env if not k.startswith("_")), prover))
        return evaluate(self, env)

    monkeypatch.setattr(Expression, "__call__", watched)
    return calls


def _play(ref: str, seeds: range) -> Iterator[None]:
    rules = load_ruleset(ref)
    players = rules.game.players
    for seed in seeds:
        state = GameState(rules, min(max(players.min, 4), players.max), seed=seed, max_deals=3)
        agents = [RandomAgent(seed * 10 + i, bid_chance=0.8) for i in range(state.n)]
        while not state.is_over:
            request = state.pending
            assert request is not None
            for seat in range(state.n):  # views run the visibility rules
                state.view(seat)
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
            yield


def _declarations(ref: str) -> frozenset[str]:
    rules = load_ruleset(ref)
    names = {step.name for bid in rules.bids.values() for step in bid.steps if hasattr(step, "name")}
    # a choice also declares who answered it, for answered(name) (rulespec/functions.py)
    chosen = {ANSWERED + step.name for bid in rules.bids.values() for step in bid.steps if isinstance(step, M.Choose)}
    return frozenset(names | chosen)


@pytest.mark.parametrize("ref", BUNDLED)
def test_every_evaluation_finds_every_name_of_its_scope(monkeypatch: pytest.MonkeyPatch, ref: str) -> None:
    calls = _watched(monkeypatch)
    for _ in _play(ref, range(3)):
        pass
    engine = [call for call in calls if not call[3]]
    assert engine, "nothing was evaluated"
    missing = {(source, tuple(sorted(names - env))) for source, names, env, _ in engine if not names <= env}
    assert missing == set()
    # The game-level scopes have environments of their own, built for them: exactly their names.
    unequal = {
        (source, tuple(sorted(env - names))) for source, names, env, _ in engine if names in OWN and env != names
    }
    assert unequal == set()
    assert any(names in OWN for _, names, _, _ in engine), "no winning or match rule was evaluated"
    foreign = {name for _, _, env, _ in calls for name in env} - LANGUAGE_NAMES - _declarations(ref)
    assert foreign == set(), "a name no scope declares entered an environment"
    # The prover models the end of a hand: it holds some names of the scope and works out the
    # others when read (or says it cannot), never a name from elsewhere.
    assert all(env <= names for _, names, env, prover in calls if prover)


#: Every scope of the language, with the types of its names.
TYPED_SCOPES = [
    v for v in vars(scopes).values() if isinstance(v, dict) and v and all(isinstance(t, T.Type) for t in v.values())
]


def _lacks(declared: T.Type, value: Any) -> set[tuple[str, str]]:
    """The attributes and methods the vocabulary declares for ``declared`` that ``value`` (or, for a
    list, its first elements) does not have at run time; a missing value (None) lacks nothing."""
    element = T.element_of(declared) if T.is_list(declared) else declared
    values = list(value)[:4] if T.is_list(declared) and isinstance(value, list | tuple) else [value]
    asked = (set(T.ATTRIBUTES.get(element, {})) - T.TABLE_FACTS.get(element, frozenset())) | set(
        T.METHODS.get(element, {})
    )
    return {(str(element), name) for v in values if v is not None for name in asked if not hasattr(v, name)}


@pytest.mark.parametrize("ref", BUNDLED)
def test_every_name_has_the_attributes_its_scope_declares(monkeypatch: pytest.MonkeyPatch, ref: str) -> None:
    """What the checker lets an expression read of a name, the value there has: a winning rule that
    read ``declarer.tricks`` passed ``whist check`` and ended a simulation with a traceback, because
    winning rules see each player over the whole game (score, marks, seat), not a deal's player."""
    failures: set[tuple[str, str, str, str]] = set()
    checked: set[str] = set()
    evaluate = Expression.__call__

    def watched(self: Expression, env: Any) -> Any:
        fitting = [s for s in TYPED_SCOPES if frozenset(s) <= self.names]
        if fitting and "interpreter/analysis/" not in sys._getframe(1).f_code.co_filename.replace("\\", "/"):
            size = max(len(s) for s in fitting)
            for scope in (s for s in fitting if len(s) == size):  # (the evaluation's own scope)
                for name, declared in scope.items():
                    if name in env:
                        checked.add(name)
                        failures.update((self.source, name, *lack) for lack in _lacks(declared, env[name]))
        return evaluate(self, env)

    monkeypatch.setattr(Expression, "__call__", watched)
    for _ in _play(ref, range(3)):
        pass
    assert failures == set()
    assert {"players", "declarer"} <= checked


def test_each_hook_point_is_compiled_against_its_registry_scope() -> None:
    """The main expressions of each hook point see exactly its registry scope (and the combo's declarations)."""
    checked = set()
    for ref in BUNDLED:
        rules = load_ruleset(ref)
        declared = _declarations(ref)
        for bid in rules.bids.values():
            for hook in HOOKS.values():
                if hook.scope is None:
                    continue
                expected = frozenset(getattr(scopes, hook.scope))
                for expr in _main_expressions(hook.name, bid):
                    assert expected <= expr.names, (bid.id, hook.name)
                    assert expr.names - expected <= (declared if hook.with_declarations else set()), (bid.id, hook.name)
                    checked.add(hook.name)
    assert len(checked) >= 10, checked  # the bundled rule sets write most hook points as expressions


def _main_expressions(hook: str, bid: Any) -> list[Expression]:
    """The expressions of a hook point that see its scope (``visible.of``/``to`` see the deal's only)."""
    value = getattr(bid, hook, None)
    parts = {
        "visible": lambda v: [rule.cards for rule in v],
        "zone_limits": lambda v: [limit.forbid for limit in v],
        "plays_last": lambda v: [v.player],
        "trick_taker": lambda v: [x for x in (v.when, v.chosen_by) if x is not None],
        "tricks": lambda v: [x for x in (v.exactly, v.min, v.max) if x is not None],
        "trump": lambda v: [x for x in (v.suit, v.chosen_by) if x is not None],
        "melds": lambda v: [],
        "steps": lambda v: [],
        "set_scores": lambda v: [v.players],  # (``to`` sees ``player`` too: scopes.SET_SCORE)
    }
    if value is None or value == () or value == {}:
        return []
    if isinstance(value, Expression):
        return [value] if not value.is_constant else []
    take = parts.get(hook)
    found = take(value) if take is not None else []
    return [e for e in found if isinstance(e, Expression) and not e.is_constant]


def test_a_card_rule_may_read_the_trick_before_the_first_one(tmp_path: Path) -> None:
    """``trick`` is in the card-rule scope: before the first trick it is empty, not a crash."""
    path = tmp_path / "shown.yaml"
    path.write_text(
        "extends: combo-whist\nbids:\n  - id: open_hand\n    visible:\n      - of: declarer\n"
        "        cards: trick.number > 0\n",
        encoding="utf-8",
    )
    rules = load_ruleset(str(path))
    state = GameState(rules, 4, seed=1, max_deals=1)
    from interpreter.decisions import BidAnswer

    request = state.pending
    assert request is not None and request.check is not None
    answer = next(
        BidAnswer(s.id, ("open_hand",))
        for s in rules.standard_bids
        if request.check(BidAnswer(s.id, ("open_hand",))) is None
    )
    state.apply(answer)
    with pytest.raises(EvaluationError, match="missing trick"):
        for _ in range(200):  # the others pass; the views of the hand run the card rule
            request = state.pending
            if request is None:
                break
            for seat in range(4):
                state.view(seat)
            state.apply(RandomAgent(seat).decide(request, None) if request.kind != "bid" else None)


def test_nobody_has_bid_when_the_first_bidder_is_chosen(tmp_path: Path) -> None:
    path = tmp_path / "first.yaml"
    path.write_text("extends: combo-whist\ngame:\n  auction:\n    first_bidder: player\n", encoding="utf-8")
    with pytest.raises(RuleError, match="unknown name 'player'"):
        load_ruleset(str(path))
