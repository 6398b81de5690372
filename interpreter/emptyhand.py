"""A player with no card to play while others still hold cards: a located error, never a wait.

A hand goes on while anyone holds a card, and every player of the deal plays to every trick.
Steps may leave the hands uneven: a bid's ``give`` moves one card, a ``draw`` after a trick that
only some players make (``who: trick.winner``) or that finds the stock empty adds one. Then a
player runs out first, and used to be asked to play one of no cards: the random agent drew from
nothing for ever (``whist simulate`` hung). Now the deal stops with an error at the step that can
change the hands' sizes (the combo's last ``give``, else the last ``draw`` after a trick).
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec import model as M
from rulespec.compiled import EvaluationError


def hands_even(hands: Sequence[Sequence[object]]) -> bool:
    """Whether every hand holds as many cards (the lean loops need it: nothing refills a hand there)."""
    return len({len(hand) for hand in hands}) <= 1


def no_card_error(seat: int, trick: int, play: M.PlayRules, bids: Sequence[M.Bid]) -> EvaluationError:
    """The error for ``seat``, who has no card for trick ``trick`` while others have some."""
    error = EvaluationError(
        f"seat {seat} has no card to play to trick {trick}, while others still hold cards",
        None,
        "every player plays to every trick: keep the hands the same size (a 'give', or a 'draw' "
        "after a trick that not every player makes, changes them)",
    )
    origin = None
    gives = [step for bid in bids for step in bid.steps if isinstance(step, M.Give)]
    if gives:  # a bid's own change of the hands first, then the game's draws
        origin = gives[-1].card.origin
    else:
        draws = [step for step in play.after_trick if isinstance(step, M.Draw)]
        if draws:
            origin = draws[-1].who.origin
    return error.located(origin) if origin is not None else error
