"""The quick shuffle (interpreter/draws.py) takes the numbers random.Random takes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import draws


def test_the_quick_draws_are_in_use() -> None:
    # On this Python the check at import must pass, or the test below tests the fallback only.
    assert draws.QUICK


@settings(derandomize=True, max_examples=200)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 120))
def test_shuffle_as_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, standard = list(range(size)), list(range(size))
    draws.shuffle(ours, mine)
    theirs.shuffle(standard)
    assert mine == standard
    assert ours.random() == theirs.random()


class _Counting(random.Random):
    """A generator of its own kind: the draws must go through its own methods."""

    calls = 0

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        self.calls += 1
        super().shuffle(x)


def test_a_subclass_of_random_draws_its_own_way() -> None:
    rng = _Counting(3)
    draws.shuffle(rng, [1, 2, 3])
    assert rng.calls == 1
