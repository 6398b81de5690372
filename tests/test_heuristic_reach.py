"""The heuristic agent's quick look before playouts knows a bid's completing counts from the start.

The counts that complete a standard bid alone are a fact of the rule set: worked out once
(:func:`bid_alone_targets`), they must be what the agent would learn from the bid's first playout,
and they let an agent skip a bid far out of its hand's reach from its first deal on.
"""

from __future__ import annotations

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic.reach import bid_alone_targets
from interpreter.game import Game
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")


def test_counts_read_from_the_bids_words() -> None:
    """trump: "at least 5 tricks"; max_trump: at least 7; zero: no trick; a guess depends on the deal."""
    assert bid_alone_targets(RULES, 4, "trump") == frozenset(range(5, 14))
    assert bid_alone_targets(RULES, 4, "max_trump") == frozenset(range(7, 14))
    assert bid_alone_targets(RULES, 4, "zero") == frozenset({0})
    assert bid_alone_targets(RULES, 4, "certainty") is None  # the count is guessed in the deal's steps
    assert bid_alone_targets(RULES, 4, "limbo") is None  # which tricks, not how many


def test_counts_are_those_learnt_from_playouts() -> None:
    """Every bid's counts an agent learnt in self-play (three to five players; five deal four hands)."""
    for players in (3, 4, 5):
        agents = [HeuristicAgent(40 + seat, rules=RULES) for seat in range(players)]
        for agent in agents:
            agent.early_reach = False  # learn them from playouts only
        Game(RULES, agents, seed=players, max_deals=4).run()
        learnt = {key: value for agent in agents for key, value in agent._bid_targets.items()}
        assert learnt
        for (count, standard), targets in learnt.items():
            assert bid_alone_targets(RULES, count, standard) == targets, (count, standard)


def test_a_first_deal_skips_bids_out_of_reach() -> None:
    """A fresh agent plays out fewer combos with the counts known than when it must learn them."""
    played = {}
    for early in (True, False):
        agents = [HeuristicAgent(7 + seat, rules=RULES) for seat in range(4)]
        for agent in agents:
            agent.early_reach = early
        Game(RULES, agents, seed=11, max_deals=1).run()
        played[early] = sum(agent.playouts for agent in agents)
    assert played[True] < played[False]
