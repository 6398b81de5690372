"""The heuristic agent's quick look before playouts knows a bid's completing counts from the start.

The counts that complete a standard bid alone are a fact of the rule set: worked out once
(:func:`bid_alone_targets`), they must be what the agent would learn from the bid's first playout,
and they let an agent skip a bid far out of its hand's reach from its first deal on.
"""

from __future__ import annotations

from interpreter.agents import HeuristicAgent
from interpreter.agents.heuristic.reach import bid_alone_targets
from interpreter.deal import Deal
from interpreter.game import Game
from interpreter.gamestate import GameState
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")


def blank_deal(players: int = 4, seed: int = 1) -> Deal:
    state = GameState(RULES, players, seed=seed)
    state.advance()
    deal = state.current
    assert isinstance(deal, Deal)
    return deal


def test_counts_read_from_the_bids_words() -> None:
    """trump: "at least 5 tricks"; max_trump: at least 7; zero: no trick; a guess depends on the deal."""
    deal = blank_deal()
    assert bid_alone_targets(RULES, deal, "trump") == frozenset(range(5, 14))
    assert bid_alone_targets(RULES, deal, "max_trump") == frozenset(range(7, 14))
    assert bid_alone_targets(RULES, deal, "zero") == frozenset({0})
    assert bid_alone_targets(RULES, deal, "certainty") is None  # the count is guessed in the deal's steps
    assert bid_alone_targets(RULES, deal, "limbo") is None  # which tricks, not how many


def test_counts_are_those_learnt_from_playouts() -> None:
    """For every bid an agent learnt counts for in self-play (three and four players), the same."""
    for players in (3, 4):
        agents = [HeuristicAgent(40 + seat, rules=RULES) for seat in range(players)]
        for agent in agents:
            agent.early_reach = False  # learn them from playouts only
        Game(RULES, agents, seed=players, max_deals=4).run()
        learnt = {key: value for agent in agents for key, value in agent._bid_targets.items()}
        assert learnt
        deal = blank_deal(players, seed=players)
        for (count, standard), targets in learnt.items():
            assert count == players
            assert bid_alone_targets(RULES, deal, standard) == targets, standard


def test_the_deal_it_reads_is_left_as_it_was() -> None:
    deal = blank_deal()
    before = (deal.declarer, deal.combo, deal.dealt, deal.rng.getstate())
    for bid in RULES.standard_bids:
        bid_alone_targets(RULES, deal, bid.id)
    assert (deal.declarer, deal.combo, deal.dealt, deal.rng.getstate()) == before


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
