"""The random agent draws its cards, choices and standard bids with ``pick`` (interpreter/draws.py, checked
against ``random.Random.choice`` in tests/test_draws.py): its card chooser draws what ``decide`` draws, and
a replaced, copied or pickled agent draws from its own generator."""

from __future__ import annotations

import copy as copy_module
import pickle
import random

from interpreter.agents.randomagent import RandomAgent
from interpreter.decisions import Request


def test_decide_and_the_card_chooser_draw_the_same_card() -> None:
    options = ("2C", "7H", "QS", "AD", "9D")
    deciding, playing = RandomAgent(5), RandomAgent(5)
    chooser = playing.card_chooser(0)
    for _ in range(50):
        request = Request("play", 0, "card", "card", options)
        assert deciding.decide(request, None) == chooser(options)


def test_a_copy_and_a_new_generator_draw_from_their_own_numbers() -> None:
    """``pick`` draws from the agent's generator also after it is replaced, copied or pickled."""
    options = tuple(range(10))
    agent = RandomAgent(1)
    agent.rng = random.Random(7)
    expected = random.Random(7)
    assert [agent.card_chooser(0)(options) for _ in range(20)] == [expected.choice(options) for _ in range(20)]
    for copy in (copy_module.deepcopy(agent), pickle.loads(pickle.dumps(agent))):
        mirror = random.Random()
        mirror.setstate(agent.rng.getstate())
        assert [copy.card_chooser(0)(options) for _ in range(20)] == [mirror.choice(options) for _ in range(20)]
        assert copy.rng.getstate() == mirror.getstate()
    assert agent.rng.getstate() != mirror.getstate()  # the copies drew from their own
