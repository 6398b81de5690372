"""The table options a game is played with (``game.options``), checked wherever they come from.

A rule set declares its options with their defaults (``rounds: 3``, ``match: full``); a game may
set them from the command line (``--option rounds=5``), a scenario (``options:``) or a record.
Whatever the source, an option must be declared and its value of the default's kind — a whole
number for a number, yes/no for a flag, a word for a word — so that a stranger's file cannot put
a text where an expression compares numbers, or a name the rules never read; a whole number
must also lie within the bounds the rule set declares (``rounds: {default: 3, min: 1, max: 20}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.declaredoptions import DeclaredOptions, bounds_text, within

if TYPE_CHECKING:
    from rulespec.model import RuleSet

_KINDS = ((bool, "true or false"), (int, "a whole number"), (str, "a word"))


def option_problem(declared: Mapping[str, Any], name: Any, value: Any) -> str | None:
    """Why ``name: value`` is not an option of a rule set that declares ``declared`` (None: it is)."""
    if name not in declared:
        known = ", ".join(sorted(declared)) or "none"
        return f"'{name}' is not an option of this rule set (its options: {known})"
    default = declared[name]
    for kind, said in _KINDS:
        if isinstance(default, kind):
            # bool is an int: a flag is never a number, nor a number a flag
            if not isinstance(value, kind) or isinstance(value, bool) != isinstance(default, bool):
                return f"option {name} takes {said}, not {value!r}"
            break
    bounds = declared.bounds.get(name) if isinstance(declared, DeclaredOptions) else None
    if bounds is not None and not within(bounds, value):
        return f"option {name} takes a whole number {bounds_text(bounds)}, not {value!r}"
    return None


def start_problem(rules: RuleSet, players: int, options: Mapping[str, Any]) -> str | None:
    """Why a game of ``rules`` cannot start with ``options`` (None: it can): besides each option's own
    check (:func:`option_problem`), a word the rules read as the name of one of their own things — the
    match schedule ``option.match`` picks — must name one (``match: nope`` is a word, as the default
    ``full`` is). Asked by the command line and by records before a game is made; the game's own
    constructor refuses the same."""
    from interpreter.gamestate import GameState  # (the game imports this module)

    try:
        GameState(rules, players, 0, options=dict(options))
    except ValueError as error:
        return str(error)
    return None
