"""Whether the deck can give every hand a rule set deals, at every table size it allows.

``deal.hand_size`` sees only ``player_count``, and ``deck.remove`` and ``deal.set_aside`` are
fixed, so the cards a deal needs are known before any game: for each table of
``players.min`` … ``players.max`` (``players.in_deal`` of them in a deal) the hand size must be a
whole number of at least one card, and the hands and the cards set aside must fit in the deck.
A deal that did not fit used to give the last players fewer cards, or none, and a player with no
card to play or pass was asked to choose from nothing: ``whist simulate`` waited for ever. So
``whist check`` refuses such a rule set, at the hand size's place in its file.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from rulespec import model as M
from rulespec.compiled import EvaluationError
from rulespec.loader import Merged

Key = tuple[str | int, ...]
HAND_SIZE: Key = ("game", "deal", "hand_size")
Problem = tuple[Key, str, str]  # (where, what is wrong, a hint)
#: What decides how many cards a deal needs, in the order blamed when several files say them
SIZES: tuple[Key, ...] = (
    HAND_SIZE,
    ("game", "deal", "set_aside"),
    ("game", "players", "in_deal"),
    ("game", "players", "max"),
    ("game", "deck"),
)


def newest(merged: Merged, keys: tuple[Key, ...]) -> Key:
    """The key of ``keys`` written in the newest file along ``extends`` (a house rule that deals to
    more players is blamed, not the hand size of the rule set it extends)."""
    order = {path: i for i, path in enumerate(merged.sources)}  # the named file first

    def age(key: Key) -> int:
        source = merged.origin.get(key) if merged.get(key) is not None else None
        return order.get(source.doc.path, len(order)) if source is not None else len(order) + 1

    return min(keys, key=age)  # (min keeps the first of equals: the hand size)


def deal_counts(players: M.Players) -> list[int]:
    """How many players a deal can have, for every table size the rule set allows (each once)."""
    counts = {min(players.in_deal or n, n) for n in range(players.min, players.max + 1)}
    return sorted(counts)


def deal_problems(game: M.Game, merged: Merged) -> Iterator[Problem]:
    """The first player count whose deal the deck cannot give, as a problem at ``deal.hand_size``."""
    for count in deal_counts(game.players):
        try:
            size = game.deal.hand_size({"player_count": count})
            deck = len(game.deck.cards(count))
        except EvaluationError as exc:
            yield HAND_SIZE, f"for {count} players: {exc.message}", exc.hint or "make it a number for every count"
            return
        if isinstance(size, bool) or not isinstance(size, int | Fraction) or size != int(size) or size < 1:
            yield (
                HAND_SIZE,
                f"the hand size for {count} players is {size}: a hand needs a whole number of cards, at least 1",
                "write a whole number, or an expression of 'player_count' that gives one",
            )
            return
        need = count * int(size) + game.deal.set_aside
        if need > deck:
            aside = f" and {game.deal.set_aside} set aside" if game.deal.set_aside else ""
            yield (
                newest(merged, SIZES),
                f"{count} players × {int(size)} cards{aside} need {need} cards;"
                f" the deck has {deck} for {count} players",
                "deal fewer cards, or fewer players a deal ('players.max', 'players.in_deal')",
            )
            return
