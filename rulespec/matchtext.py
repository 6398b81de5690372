"""A match's schedules in words: each hand by its name, a chosen hand by the names it is chosen from.

One wording for every place a person reads a match: the rules reference (``printing/``), the
start of ``whist play`` and ``whist diff``. The words are labels of ``ui.yaml`` and the rule set's
own bid names; nothing here names a game, a schedule or a kind of hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from rulespec.locale import Texts
from rulespec.model import Match, MatchHand, RuleSet

#: A hand as words need it: the bid it plays, or the bids a player chooses it from.
Planned = tuple[str | None, Sequence[str]]


def planned(hand: MatchHand) -> Planned:
    """A hand of the model as ``(bid, choices)``."""
    return hand.bid, hand.choices


def planned_from_data(hand: Any) -> Planned:
    """A hand as a rule file (and the interchange data) writes it: a bid id, or ``{chosen_by, from}``."""
    if isinstance(hand, Mapping):
        return None, [str(choice) for choice in hand.get("from") or ()]
    return str(hand), ()


def hand_words(hand: Planned, texts: Texts) -> str:
    """``Tricks Up``, or ``chosen by a player from Tricks Up / Tricks Down``."""
    bid, choices = hand
    if bid is not None:
        return texts.bid_name(bid)
    return texts.label("match_hand_chosen", hands=" / ".join(texts.bid_name(choice) for choice in choices))


def schedule_words(hands: Iterable[Planned], texts: Texts) -> str:
    """Every hand of a schedule, numbered in the order they are played: ``1. Tricks Up; 2. …``."""
    return "; ".join(f"{i}. {hand_words(hand, texts)}" for i, hand in enumerate(hands, start=1))


def default_schedule(rules: RuleSet, options: Mapping[str, Any] | None = None) -> str | None:
    """The schedule a game of ``rules`` plays with the table's ``options`` (the declared defaults
    when None), or None when that cannot be known before the game: the rule set's ``schedule``
    reads the players or the dealer (then no schedule is said to be the one played)."""
    match = rules.game.match
    if match is None:
        return None
    if match.schedule is None:  # (none chooses: the first is played, as the engine plays it)
        return next(iter(match.schedules), None)
    values = {**rules.game.options, **(options or {})}
    deck = rules.game.deck
    env = {
        "option": SimpleNamespace(**values),
        "suits": [suit.id for suit in deck.suits],
        "ranks": list(deck.ranks),
        "player_count": rules.game.players.min,
    }
    try:
        name = match.schedule(env)
    except Exception:  # (it reads a name only a game in progress has: not known here)
        return None
    return name if isinstance(name, str) and name in match.schedules else None


def schedules_of(match: Match) -> list[tuple[str, list[Planned]]]:
    """Every schedule of ``match`` by its name, in the rule set's order, its hands as :data:`Planned`."""
    return [(name, [planned(hand) for hand in hands]) for name, hands in match.schedules.items()]
