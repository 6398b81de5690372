"""The generic trick-taking interpreter (see issue: the whole game from the rule data).

It executes whatever a :class:`rulespec.RuleSet` declares and names no bid or game.
Start at :class:`interpreter.gamestate.GameState` (a game you can step, copy and observe)
or :class:`interpreter.game.Game` (the same, played by agents); a deal and its parts are in
:mod:`interpreter.deal`, the agents in :mod:`interpreter.agents`, requests, answers and views as
JSON for players over the network in :mod:`interpreter.wire`. What a user needs is here::

    from interpreter import GameState, RandomAgent
    from rulespec import load_ruleset

    rules = load_ruleset(name)  # a bundled rule set's name, or the path of a rule file or folder
    state = GameState(rules, players=4, seed=7, max_deals=50)
    agents = [RandomAgent(seed=70 + seat) for seat in range(4)]  # one per seat, each its own seed
    while not state.is_over:
        request = state.pending
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.lazy import exported_on_first_use

if TYPE_CHECKING:  # explicit re-exports (X as X): the names are found at run time by __getattr__
    from interpreter.agents import HeuristicAgent as HeuristicAgent
    from interpreter.agents import RandomAgent as RandomAgent
    from interpreter.deal import Deal as Deal
    from interpreter.decisions import Agent as Agent
    from interpreter.decisions import BidAnswer as BidAnswer
    from interpreter.decisions import IllegalDecision as IllegalDecision
    from interpreter.decisions import Request as Request
    from interpreter.decisions import ScriptError as ScriptError
    from interpreter.decisions import View as View
    from interpreter.game import Game as Game
    from interpreter.gamestate import GameState as GameState
    from interpreter.records import read_record as read_record
    from interpreter.records import state_from_record as state_from_record
    from interpreter.records import to_record as to_record
    from interpreter.records import write_record as write_record
    from interpreter.scenario import check_scenario as check_scenario
    from interpreter.scenario import load_scenario as load_scenario
    from interpreter.search import SearchAgent as SearchAgent
    from interpreter.simulation import Summary as Summary
    from interpreter.simulation import play_games as play_games

#: What a user imports from ``interpreter``, and the module each comes from (imported on first use:
#: ``import interpreter.records`` does not load the agents, the search or the prover).
_BY_MODULE = {
    "interpreter.gamestate": ("GameState",),
    "interpreter.game": ("Game",),
    "interpreter.deal": ("Deal",),
    "interpreter.decisions": ("Agent", "BidAnswer", "IllegalDecision", "Request", "ScriptError", "View"),
    "interpreter.agents": ("RandomAgent", "HeuristicAgent"),
    "interpreter.search": ("SearchAgent",),
    "interpreter.simulation": ("play_games", "Summary"),
    "interpreter.records": ("to_record", "write_record", "read_record", "state_from_record"),
    "interpreter.scenario": ("load_scenario", "check_scenario"),
}
_EXPORTS = {name: module for module, names in _BY_MODULE.items() for name in names}

__all__ = sorted(_EXPORTS)

__getattr__ = exported_on_first_use(__name__, _EXPORTS)
