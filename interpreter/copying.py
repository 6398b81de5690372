"""Copying a position: a lean :func:`copy.deepcopy` for the engine's own data.

A deal's state is plain containers (lists, dicts, tuples, sets) of a few engine objects
(players, tricks, plays, …) and of things shared by every copy (cards, rule data, strings,
numbers). :func:`copy_value` copies the containers and the engine objects once each (a memo
keeps who refers to what, so a player in a trick and in the seating stays one player) and
shares the rest. Engine objects say how they are copied in their ``__deepcopy__``, which
calls back here; anything else falls back to :func:`copy.deepcopy`.
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from functools import partial
from types import MethodType
from typing import Any

#: Values shared as they are (immutable).
ATOMIC: set[type] = {str, int, float, bool, type(None), Fraction, frozenset}


def copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """A copy of ``value`` for a copy of its position (see the module's docstring)."""
    kind = type(value)
    if kind in ATOMIC:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    # Shared items (cards, strings, numbers) are most of what containers hold: they are told
    # apart here, without a call each (a position is copied at every playout).
    atomic = ATOMIC
    if kind is list:
        new_list: list[Any] = []
        memo[id(value)] = new_list
        new_list.extend([item if type(item) in atomic else copy_value(item, memo) for item in value])
        return new_list
    if kind is dict:
        new_dict: dict[Any, Any] = {}
        memo[id(value)] = new_dict
        for key, item in value.items():
            if type(key) not in atomic:
                key = copy_value(key, memo)
            new_dict[key] = item if type(item) in atomic else copy_value(item, memo)
        return new_dict
    # Engine objects next (players, their marks, seating, table …: a dozen a copy of a deal); none of
    # the kinds below has a ``__deepcopy__``.
    method = getattr(value, "__deepcopy__", None)
    if method is not None:
        return method(memo)
    if kind is tuple:
        return tuple([item if type(item) in atomic else copy_value(item, memo) for item in value])
    if kind is set:
        new_set = {copy_value(item, memo) for item in value}
        memo[id(value)] = new_set
        return new_set
    if kind is random.Random:  # a game's or deal's generator (its generic deep copy costs ~40 times more)
        new_rng = memo[id(value)] = copy_random(value)
        return new_rng
    if kind is MethodType:  # e.g. a pending bid's check: the copy's method, of the copy of its object
        return MethodType(value.__func__, copy_value(value.__self__, memo))
    if kind is partial:
        args = [copy_value(arg, memo) for arg in value.args]
        return partial(copy_value(value.func, memo), *args, **copy_value(value.keywords, memo))
    return copy.deepcopy(value, memo)


def copy_random(rng: random.Random) -> random.Random:
    """A generator in the state of ``rng`` that goes on independently: the same numbers from here on.

    Made without seeding it first (``random.Random()`` reads the system's entropy, only to be
    overwritten) and without :func:`copy.deepcopy`'s generic reconstruction."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def share(kind: type) -> type:
    """Class decorator: instances are immutable and shared by every copy."""
    ATOMIC.add(kind)
    return kind
