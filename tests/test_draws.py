"""The quick draws (interpreter/draws.py, RandomAgent.play_card) take the numbers random.Random takes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import draws
from interpreter.agents import RandomAgent


def test_the_quick_draws_are_in_use() -> None:
    # On this Python the check at import must pass, or the other tests here test the fallback only.
    assert draws.QUICK


@settings(derandomize=True, max_examples=200)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 200), min_size=1, max_size=40))
def test_choose_and_play_card_draw_as_choice(seed: int, sizes: list[int]) -> None:
    ours, agent, theirs = random.Random(seed), RandomAgent(0), random.Random(seed)
    agent.rng = random.Random(seed)
    for n in sizes:
        options = tuple(f"c{i}" for i in range(n))
        expected = theirs.choice(options)
        assert draws.choose(ours, options) == expected
        assert agent.play_card(0, options) == expected
    # The generators stand at the same place afterwards (no draw more or less).
    assert ours.random() == agent.rng.random() == theirs.random()


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

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        self.calls += 1
        return super().choice(seq)


def test_a_subclass_of_random_draws_its_own_way() -> None:
    rng = _Counting(3)
    draws.shuffle(rng, [1, 2, 3])
    draws.choose(rng, [1, 2, 3])
    agent = RandomAgent(0)
    agent.rng = rng
    agent.play_card(0, ("a", "b"))
    assert rng.calls == 3
