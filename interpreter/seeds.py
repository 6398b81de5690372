"""The seeds a game takes: one bound, checked by the game and by every ``--seed`` of the command line.

A record (and a save) holds its game's seed as a number, and every number of a record read back is
bounded (:data:`rulespec.numbers.MAX_NUMBER`, the bound of every number a stranger's file may
hold). A game started with a larger seed could be played and saved but never resumed, so the game
refuses one (:func:`seed_problem`), and so do the commands, as a usage error, before any work.

The studies (``whist simulate``, ``duel``, ``balance``) play many games from one seed: game or
deal number ``index`` has its own seed (:func:`study_seed`), within the bound too.
"""

from __future__ import annotations

from rulespec.numbers import MAX_NUMBER

__all__ = ["MAX_SEED", "seed_problem", "study_seed"]

#: The largest seed; the smallest is its negative.
MAX_SEED = MAX_NUMBER

#: How far apart the seeds of two studies' games are (a study of fewer games never reuses one).
_STUDY_STRIDE = 1_000_003


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a game (None: it can): a whole number within :data:`MAX_SEED`."""
    if type(seed) is not int:
        return f"seed is a whole number, not {seed!r}"
    if abs(seed) > MAX_SEED:
        return f"seed is a whole number from {-MAX_SEED} to {MAX_SEED}, not {seed}"
    return None


def study_seed(seed: int, index: int) -> int:
    """The seed of game (or deal) number ``index`` of a study seeded with ``seed``: ``seed * 1_000_003 +
    index`` — each game's own, so any split of the games over processes plays the same ones — folded
    back within :data:`MAX_SEED` when the study's seed is so large that it would not be (the same
    seeds as ever for the rest)."""
    derived = seed * _STUDY_STRIDE + index
    return derived if abs(derived) <= MAX_SEED else derived % MAX_SEED
