"""The seeds a game takes: one bound, checked by the game and by every ``--seed`` of the command line.

A record (and a save) holds its game's seed as a number, and every number of a record read back is
bounded (:data:`rulespec.numbers.MAX_NUMBER`, the bound of every number a stranger's file may
hold). A game started with a larger seed could be played and saved but never resumed, so the game
refuses one (:func:`seed_problem`), and so do the commands, as a usage error, before any work.

A seed and its negative deal the same game: :class:`random.Random` seeds itself with a whole
number's absolute value. The game takes negative seeds still (a record written with one replays as it
always did), but the command line takes seeds from 0 only (:data:`MIN_SEED`), so that two seeds a
person types are two different games, and so are two games of studies with different seeds.

The studies (``whist simulate``, ``duel``, ``balance``) play many games from one seed: game or
deal number ``index`` has its own seed (:func:`study_seed`), ``seed * 1_000_003 + index``. Two
different (seed, index) pairs never share a game seed as long as the index stays below the stride,
the product within :data:`MAX_SEED` and the seed not negative (a negative one's games would be
another seed's, by absolute value); so a study holds at most :data:`MAX_STUDY_GAMES` games and its
seed is from 0 to :data:`MAX_STUDY_SEED` (:func:`study_seed_problem`). (Folding a
larger product back into the bound, as was once done, made seeds 0 and 10**12 play the same games.)
"""

from __future__ import annotations

from rulespec.numbers import MAX_NUMBER

__all__ = [
    "MAX_SEED",
    "MAX_STUDY_GAMES",
    "MAX_STUDY_SEED",
    "MIN_SEED",
    "seed_problem",
    "study_seed",
    "study_seed_problem",
]

#: The largest seed; a game takes its negative too (the same game as the positive one).
MAX_SEED = MAX_NUMBER

#: The smallest seed the command line takes (``whist play``, and every study): below it, a seed would
#: deal the same game as its positive twin.
MIN_SEED = 0

#: How far apart the seeds of two studies' games are: more than a study's games, so none is shared.
_STUDY_STRIDE = 1_000_003

#: The most games (or deals) one study plays: every index stays below the stride.
MAX_STUDY_GAMES = 1_000_000

#: The largest seed of a study (the smallest is :data:`MIN_SEED`): its last possible game's seed,
#: ``seed * stride + stride - 1``, is still a seed a game takes (:data:`MAX_SEED`), so no game seed
#: ever needs folding back — a fold would give two studies the same games.
MAX_STUDY_SEED = (MAX_SEED - (_STUDY_STRIDE - 1)) // _STUDY_STRIDE


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a game (None: it can): a whole number within :data:`MAX_SEED`."""
    if type(seed) is not int:
        return f"seed is a whole number, not {seed!r}"
    if abs(seed) > MAX_SEED:
        return f"seed is a whole number from {-MAX_SEED} to {MAX_SEED}, not {seed}"
    return None


def study_seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot seed a study (None: it can): each of its games takes a seed of its own."""
    if not MIN_SEED <= seed <= MAX_STUDY_SEED:
        return (
            f"a study's seed is a whole number from {MIN_SEED} to {MAX_STUDY_SEED}, not {seed}: "
            f"each game (or deal) of the study takes a seed of its own, and those stay within {MAX_SEED}"
        )
    return None


def study_seed(seed: int, index: int) -> int:
    """The seed of game (or deal) number ``index`` of a study seeded with ``seed``: ``seed * 1_000_003 +
    index`` — each game's own, so any split of the games over processes plays the same ones, and no
    two (seed, index) pairs of the allowed ranges share one. A pair outside them is refused: its seed
    would either leave the bound or be another pair's."""
    if study_seed_problem(seed) is not None or not 0 <= index < MAX_STUDY_GAMES:
        raise ValueError(f"no study seed for seed {seed}, game {index}: see interpreter.seeds")
    return seed * _STUDY_STRIDE + index
