"""The generic trick-taking interpreter (see issue: the whole game from the rule data).

It executes whatever a :class:`rulespec.RuleSet` declares and names no bid or game.
Start at :class:`interpreter.gamestate.GameState` (a game you can step, copy and observe)
or :class:`interpreter.game.Game` (the same, played by agents); a deal and its parts are in
:mod:`interpreter.deal`, the agents in :mod:`interpreter.agents`.
"""
