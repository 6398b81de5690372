"""The generic trick-taking interpreter (see issue: the whole game from the rule data).

It executes whatever a :class:`rulespec.RuleSet` declares and names no bid or game.
"""
