"""Who sets a hand's trump: the game (``play.trump``) or the bids (their ``trump`` hook), never both.

``play.trump`` is worked out when play begins, after the bids' events, so in a rule set that has
both it silently replaced what the bids' declarer had just been asked to choose: the Trump
declarer named clubs and played with hearts. ``whist check`` refuses the pair at ``play.trump``,
naming the bids, so that the author keeps the one they meant.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulespec import model as M

Key = tuple[str | int, ...]
PLAY_TRUMP: Key = ("game", "play", "trump")
#: The most bids a message names (a rule set of many trump bids is still one mistake).
NAMED = 6


def trump_problems(game: M.Game, bids: dict[str, M.Bid]) -> Iterator[tuple[Key, str, str]]:
    """(where, what is wrong, a hint) when both the game and some bids set the trump."""
    if game.play.trump is None:
        return
    setters = [bid_id for bid_id, bid in bids.items() if bid.has_trump]
    if not setters:
        return
    named = ", ".join(setters[:NAMED]) + (f" and {len(setters) - NAMED} more" if len(setters) > NAMED else "")
    yield (
        PLAY_TRUMP,
        f"play.trump sets every hand's trump when play begins, so it would replace the trump these bids set: {named}",
        "keep one: remove play.trump, or write 'trump: null' in those bids (no trump at all: in every bid)",
    )
