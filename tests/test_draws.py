"""interpreter/draws.py: ``pick`` and ``shuffle`` must draw exactly what ``random.Random.choice`` and
``shuffle`` draw — the same numbers from the generator, in the same order, and the same results — or every
seeded game (``whist simulate --seed``) would change."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.draws import pick, shuffle


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(1, 70), min_size=1, max_size=30))
def test_pick_draws_what_choice_draws(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in sizes:
        options = tuple(range(size))
        assert pick(ours.getrandbits, options) == theirs.choice(options)
    assert ours.getstate() == theirs.getstate()  # the same numbers taken from the generator


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 70), min_size=1, max_size=12))
def test_shuffle_shuffles_as_the_standard_library_does(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in sizes:
        mine, other = list(range(size)), list(range(size))
        shuffle(ours.getrandbits, mine)
        theirs.shuffle(other)
        assert mine == other
    assert ours.getstate() == theirs.getstate()  # the same numbers taken from the generator
