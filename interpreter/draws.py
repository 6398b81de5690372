"""Random draws written out: the numbers ``random.Random`` would draw, without its nested calls.

A random simulation draws an index for every card played and every bid tried, and shuffles a deck
every deal; ``random.Random.choice`` and ``shuffle`` spend more on their Python calls than on the
numbers. These functions take the same numbers from the generator, in the same order, and give the
same results, so seeded games stay the same (the standard library does not promise its algorithm:
tests/test_draws.py compares them with ``choice`` and ``shuffle`` number for number, so a change in a
future Python shows there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def pick(bits: Callable[[int], int], options: Sequence[T]) -> T:
    """One of ``options`` (not empty), drawn as ``random.Random.choice`` draws it from the generator
    whose ``getrandbits`` is ``bits``: an index of as many bits as the count has, drawn again while it is
    too large (CPython 3.8 to 3.13)."""
    n = len(options)
    if not n:  # (drawn again for ever: the engine never asks a choice of nothing)
        raise ValueError("nothing to choose from")
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return options[r]


def shuffle(bits: Callable[[int], int], items: list[Any]) -> None:
    """Shuffle ``items`` in place as ``random.Random.shuffle`` does with the generator whose
    ``getrandbits`` is ``bits``: from the end, each place swapped with one drawn at or before it."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
