"""One implementation per rule (#18 §3): event order, rank order, trick counts, hook flags, caches.

Each rule the engine applies in several places (the deal, the prover, the agents) has one
implementation; these tests catch a second one: by the source (no other module reads the
facts the rule is made of) and by behaviour (every place that orders a combo's bids, or
ranks its cards, agrees, over the bundled rule sets and random combos).
"""

from __future__ import annotations

import ast
import dataclasses
import gc
import shutil
import weakref
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.agents.heuristic.knowledge import COSTLY_HOOKS, INFORMATION_HOOKS, rank_values
from interpreter.analysis import _world, check, impossible_reason, requirement_bids
from interpreter.analysis.search import ProofSearch
from interpreter.decisions import BidAnswer
from interpreter.gamestate import GameState
from interpreter.prepared import combo_plan, event_order
from rulespec import load_ruleset
from rulespec import model as M
from rulespec.hooks import CAN_FAIL, CAN_FAIL_FIELDS, HOOKS, MODEL_FIELDS, STAKE_OF_FIELD

REPO = Path(__file__).resolve().parent.parent
BUNDLED = [
    "combo-whist",
    "combo-whist@1.3.0",  # events_after: master_mail after mail, all at priority 0
    "christmas-whist",
    *(str(p) for p in sorted((REPO / "bids/examples").glob("*.yaml"))),
]
RULES = {ref: load_ruleset(ref) for ref in BUNDLED}


# --- by the source: the facts a rule is made of are read in one module --------------------


def _attributes_read(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}


def _modules() -> list[Path]:
    return sorted((REPO / "interpreter").rglob("*.py"))


#: A fact of a bid or rule set → the one module of interpreter/ that reads it.
ONE_READER = {
    "event_priority": "interpreter/prepared.py",  # event order
    "events_after": "interpreter/prepared.py",
    "rank_order": "interpreter/prepared.py",  # rank order
    "exactly": "interpreter/scoring.py",  # the trick-count check
    "tricks_adjust": "interpreter/prepared.py",  # … under each adjustment
}


def test_each_rule_is_read_in_one_module_of_the_interpreter() -> None:
    readers: dict[str, list[str]] = {fact: [] for fact in ONE_READER}
    for path in _modules():
        for fact in _attributes_read(path) & set(ONE_READER):
            readers[fact].append(str(path.relative_to(REPO)))
    assert readers == {fact: [module] for fact, module in ONE_READER.items()}


def test_the_hand_size_is_worked_out_in_one_place() -> None:
    """``deal.hand_size`` (scope SETUP) is evaluated by the deck layout alone; others ask it."""
    callers = []
    for path in [*_modules(), *(REPO / "whist").rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "hand_size":
                callers.append(str(path.relative_to(REPO)))
    assert callers == ["interpreter/prepared.py"]


def test_every_per_rule_set_cache_is_a_rule_set_cache() -> None:
    """No dictionary keyed by a rule set's identity outside :mod:`rulespec.rulesetcache`."""
    found = []
    for folder in ("interpreter", "rulespec", "whist", "printing"):
        for path in sorted((REPO / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "id(rules)" in text and path.name != "rulesetcache.py":
                found.append(str(path.relative_to(REPO)))
    assert found == []


# --- event order: the docs' words, on bids made up at random ---------------------------------


def _made_up_bids(draw: st.DrawFn) -> list[M.Bid]:
    template = RULES["combo-whist"].bids["lock"]
    count = draw(st.integers(1, 7))
    ids = [f"b{i}" for i in range(count)]
    bids = []
    standard = draw(st.integers(0, count - 1))
    for i, bid_id in enumerate(ids):
        kind = "standard" if i == standard else "special"
        priority = None if kind == "standard" else draw(st.sampled_from([None, -1, 1, 1, 2]))
        after = tuple(draw(st.lists(st.sampled_from(ids[:i]), unique=True, max_size=2))) if i else ()
        after = () if kind == "standard" else after  # the standard bid goes first at its priority
        bids.append(dataclasses.replace(template, id=bid_id, kind=kind, priority=priority, events_after=after))
    return draw(st.permutations(bids))


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.composite(_made_up_bids)())
def test_event_order_follows_the_docs(bids: list[M.Bid]) -> None:
    """Lowest priority first; at one priority the standard bid first; ``events_after`` at one priority kept."""
    ordered = event_order(bids)
    assert sorted(b.id for b in ordered) == sorted(b.id for b in bids)
    place = {b.id: i for i, b in enumerate(ordered)}
    for a, b in zip(ordered, ordered[1:], strict=False):
        assert a.event_priority <= b.event_priority
        if a.event_priority == b.event_priority:
            assert not (b.kind == "standard" and a.kind != "standard")
    for bid in ordered:
        for other in bids:
            if other.id in bid.events_after and other.event_priority == bid.event_priority:
                assert place[other.id] < place[bid.id], (other.id, bid.id)
    if not any(b.events_after for b in bids):  # otherwise as given
        assert list(ordered) == sorted(bids, key=lambda b: (b.event_priority, b.kind != "standard"))


def test_bids_waiting_for_each_other_keep_the_order_given() -> None:
    template = RULES["combo-whist"].bids["lock"]
    a = dataclasses.replace(template, id="a", events_after=("b",))
    b = dataclasses.replace(template, id="b", events_after=("a",))
    assert [x.id for x in event_order([a, b])] == ["a", "b"]


def test_master_mail_comes_after_mail_without_priorities() -> None:
    rules = RULES["combo-whist@1.3.0"]
    standard = rules.standard_bids[0].id
    plan = combo_plan(rules, standard, ("master_mail", "mail"))
    assert [b.id for b in plan.bids] == [standard, "mail", "master_mail"]


# --- every place that orders or ranks a combo agrees, over bundled rule sets -------------------


def _combos(draw: st.DrawFn) -> tuple[str, str, tuple[str, ...]]:
    ref = draw(st.sampled_from([r for r in BUNDLED if RULES[r].game.auction is not None]))
    rules = RULES[ref]
    standard = draw(st.sampled_from([b.id for b in rules.standard_bids]))
    specials = draw(st.lists(st.sampled_from([b.id for b in rules.special_bids]), unique=True, max_size=5))
    return ref, standard, tuple(specials)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.composite(_combos)())
def test_the_deal_the_prover_and_the_agent_order_and_rank_a_combo_alike(
    combo: tuple[str, str, tuple[str, ...]],
) -> None:
    ref, standard, specials = combo
    rules = RULES[ref]
    ids = (standard, *specials)
    plan = combo_plan(rules, standard, specials)
    assert plan.bids == event_order([rules.bids[b] for b in ids])
    # The heuristic agent's rank values are the deal's.
    assert rank_values(rules, ids) == plan.rank_value
    # The prover tries every rank order a combo can put in force: the deal's is among them.
    player_count = min(max(rules.game.players.min, 4), rules.game.players.max)
    world = _world(rules, player_count)
    if world is not None and world.rank_orders:
        assert plan.rank_value in world.rank_orders
        # … and takes a combo's params and choices in event order (a later one wins).
        search = ProofSearch(world, list(plan.bids), (0,), [frozenset(range(1, world.tricks + 1))], 10)
        params = dict(rules.game.params)
        for bid in plan.bids:
            params.update(bid.params)
        assert search.params == params
        assert list(search.choices) == list(dict.fromkeys(c for b in plan.bids for c in _choice_names(b)))


def _choice_names(bid: M.Bid) -> list[str]:
    return [step.name for step in bid.steps if isinstance(step, M.Choose)]


# --- hook flags come from the registry --------------------------------------------------------


def test_every_compiled_hook_field_has_a_stake_and_failing_hooks_change_play() -> None:
    assert list(STAKE_OF_FIELD) == list(MODEL_FIELDS)
    assert {HOOKS[name].stake for name in CAN_FAIL} == {"play"}
    assert CAN_FAIL_FIELDS.isdisjoint(INFORMATION_HOOKS | COSTLY_HOOKS)
    assert INFORMATION_HOOKS.isdisjoint(COSTLY_HOOKS)


def test_the_prover_checks_exactly_the_bids_that_fill_a_hook_that_can_fail() -> None:
    for rules in RULES.values():
        for bid in rules.bids.values():
            fills = set(bid.hooks()) & CAN_FAIL_FIELDS
            assert (requirement_bids([bid]) == [bid]) == bool(fills), bid.id


# --- caches go with their rule set -------------------------------------------------------------


def test_caches_do_not_keep_a_rule_set_alive(tmp_path: Path) -> None:
    """A rule set used by the deal, the auction, the prover and its texts is freed when dropped."""
    for name in ("game.yaml", "standard-bids.yaml", "special-bids.yaml"):
        shutil.copy(REPO / "bids/combo-whist" / name, tmp_path / name)
    rules = load_ruleset(str(tmp_path))
    state = GameState(rules, 4, seed=3, max_deals=2)
    agents = [RandomAgent(seed) for seed in range(4)]
    while not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert check(rules, ["zero", "greed"], 4).possible is not None
    impossible_reason(rules, BidAnswer("zero", ("greed",)), 4)
    rank_values(rules, ["grand"])
    alive = weakref.ref(rules)
    del rules, state, agents, request
    gc.collect()
    assert alive() is None


def test_a_deal_applies_its_combo_in_the_one_event_order_and_rank_order() -> None:
    declared = 0
    for ref in ("combo-whist", "combo-whist@1.3.0"):
        rules = RULES[ref]
        for seed in range(4):
            state = GameState(rules, 4, seed=seed, max_deals=4)
            agents = [RandomAgent(seed * 10 + i, bid_chance=0.9) for i in range(4)]
            while not state.is_over:
                request = state.pending
                assert request is not None
                deal = state.current
                if deal is not None and deal.combo is not None and request.kind == "play":
                    assert tuple(deal.bids) == event_order(deal.bids)
                    assert deal.table.rank_value == rank_values(rules, [b.id for b in deal.bids])
                    declared += 1
                state.apply(agents[request.seat].decide(request, None))
    assert declared > 20
