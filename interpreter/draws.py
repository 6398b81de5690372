"""``random.Random.choice`` and ``shuffle`` with the very same draws, minus their calls.

A random game draws for every card played and every card dealt; in CPython each
``choice`` goes through ``_randbelow`` (two Python calls a card), which was a fifth of a
simulated deal. :func:`choose` and :func:`shuffle` take the same numbers from the
generator's ``getrandbits`` in the same order (the algorithm of
``Random._randbelow_with_getrandbits``), so seeded games stay the same.

That algorithm is the standard library's, not a promise: at import this module checks that
its draws equal ``random.Random``'s on a few seeds, and if they ever differ (another Python)
it hands out ``Random.choice`` and ``Random.shuffle`` themselves (as it does for a subclass of
``Random``, which may draw otherwise).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def _fast_choose(rng: random.Random, options: Sequence[T]) -> T:
    # (RandomAgent.play_card has these lines inlined: the hottest call of a random game)
    bits, n = rng.getrandbits, len(options)
    k = n.bit_length()
    r = bits(k)
    while r >= n:  # (a number of k bits may reach past n: drawn again, as _randbelow does)
        r = bits(k)
    return options[r]


def _fast_shuffle(rng: random.Random, items: MutableSequence[Any]) -> None:
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _same_as_random() -> bool:
    """Whether the quick draws are ``random.Random``'s own (checked once, at import)."""
    for seed in range(3):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in range(1, 70):
            options = list(range(n))
            if _fast_choose(ours, options) != theirs.choice(options):
                return False
        mine, standard = list(range(52)), list(range(52))
        _fast_shuffle(ours, mine)
        theirs.shuffle(standard)
        if mine != standard or ours.random() != theirs.random():
            return False
    return True


QUICK = _same_as_random()


def choose(rng: random.Random, options: Sequence[T]) -> T:
    """One of ``options`` drawn as ``rng.choice`` draws it (the same numbers)."""
    return _fast_choose(rng, options) if QUICK and type(rng) is random.Random else rng.choice(options)


def shuffle(rng: random.Random, items: MutableSequence[Any]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle`` does (the same numbers, the same order)."""
    if QUICK and type(rng) is random.Random:  # (a subclass may draw otherwise)
        _fast_shuffle(rng, items)
    else:
        rng.shuffle(items)
