"""One bid turn's check: why the bidder may not bid a combo now, or None.

A bid turn's :class:`~interpreter.decisions.Request` carries a :class:`BidCheck` (``check``):
the agent asks it of every combo it considers, the game of every combo bid; a simulation's bid
chooser asks it by ids (:meth:`BidCheck.refusal`: no :class:`BidAnswer` made for a combo that is
refused). Within a turn nothing it reads changes — the bidder, the lead and its bidder, the
deal's environment — so the least worth a combo must have is worked out once, at its first use
(a random bidder tries up to eight combos a turn, most of them refused).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from interpreter.copying import copy_value
from interpreter.dealparts import DealParts
from interpreter.decisions import BidAnswer, Refusal
from interpreter.state import Combo, Player

_ABSENT = object()  # no value in the environment, or none worked out yet


class BidCheck:
    """Why ``player`` may not bid an answer in the turn where the lead is ``lead`` (bid by
    ``leader``), or None: call it with a :class:`BidAnswer`. Valid for that turn only."""

    __slots__ = (
        "_deal",
        "_player",
        "_lead",
        "_leader",
        "_minimum",
        "_ready",
        "_count",
        "_by_bid",
        "_auction",
        "passed",
    )

    def __init__(self, deal: DealParts, player: Player, lead: Combo | None, leader: Player | None) -> None:
        self._deal, self._player, self._lead, self._leader = deal, player, lead, leader
        self._minimum: Any = _ABSENT  # the auction's least worth, once asked
        combos = deal.combos
        self._ready, self._count = combos.ready, combos.player_count  # (for the one look-up most checks begin with)
        self._by_bid = bool(combos.checked_ids)  # some bid has a ``may_bid`` or ``repeatable`` (most have neither)
        self._auction = deal.game.auction
        #: The last combo found biddable, with its ids (standard, specials, combo): the bid that is
        #: made is most often the one just checked, and its combo need not be made again.
        self.passed: tuple[str, tuple[str, ...], Combo] | None = None

    @property
    def deal(self) -> DealParts:
        """The deal whose auction this turn is."""
        return self._deal

    @property
    def player(self) -> Player:
        """The bidder whose turn it is."""
        return self._player

    def __deepcopy__(self, memo: dict[int, Any]) -> BidCheck:
        """The check of a copy of the position: the copy's deal and players (the rule set's tables shared;
        the copy may be half made still, so nothing is read from it here)."""
        new = object.__new__(BidCheck)
        new._deal, new._player, new._lead, new._leader = (
            copy_value(part, memo) for part in (self._deal, self._player, self._lead, self._leader)
        )
        new._ready, new._count, new._minimum = self._ready, self._count, self._minimum
        new._by_bid, new._auction = self._by_bid, self._auction  # (the rule set's: shared)
        new.passed = None  # (the copy's combos are made again when needed)
        return new

    def __call__(self, answer: BidAnswer) -> str | None:
        return self.refusal(answer.standard, answer.specials, answer)

    def refusal(self, standard: str, specials: tuple[str, ...], answer: BidAnswer | None = None) -> str | None:
        """Why the combo ``standard`` + ``specials`` may not be bid (``answer``, when there is one already)."""
        # Known to be well formed and the same in every deal, a combo is found with one look-up
        # (random bidders try the same combos again and again).
        combo = self._ready.get((self._count, standard, specials))
        deal = self._deal
        if combo is None:
            combo, problem = deal.combos.checked(standard, specials)
            if problem:
                return problem
        # The checks that read the environment, with the bidder in it: in the bidder's own turn it is
        # there already; asked at another time, it is put in for the check and taken out again.
        env = deal.env
        player = self._player
        before = env.get("player", _ABSENT)
        if before is not player:
            env["player"] = player
            try:
                return self.refusal(standard, specials, answer)
            finally:
                if before is _ABSENT:
                    del env["player"]
                else:
                    env["player"] = before
        if self._by_bid:
            problem = _bid_by_bid(deal, standard, specials, env)
            if problem:
                return problem
        if combo is None:
            combo = deal.combos.make(answer or BidAnswer(standard, specials), player)
        auction = self._auction
        assert auction is not None
        minimum = self._minimum
        if minimum is _ABSENT:
            minimum = self._minimum = auction.minimum_worth(env)
        worth = combo.worth
        if worth < minimum:
            return _below_minimum(minimum, worth)
        lead = self._lead
        if lead is not None:
            env["bid"], env["lead"], env["leader"] = combo, lead, self._leader
            try:
                beats = auction.beats(env)
            finally:
                del env["bid"], env["lead"], env["leader"]
            if not beats:
                return _too_low(worth, lead.worth)
        self.passed = (standard, specials, combo)
        return None


def _bid_by_bid(deal: DealParts, standard: str, specials: tuple[str, ...], env: dict[str, Any]) -> str | None:
    """Who may bid each of the combo's bids (``may_bid``), and how many copies (``repeatable``)."""
    player = env["player"]
    if deal.combos.checked_ids.isdisjoint((standard, *specials)):
        return None
    for bid_id in dict.fromkeys((standard, *specials)):
        bid = deal.rules.bids[bid_id]
        if bid.may_bid is not None and not bid.may_bid(env):
            # ``why``: the bid's own text that says who may bid it (``bids.<id>.may_bid``), shown with
            # the refusal where the rule set's locale has it.
            sentence = f"{bid_id} may not be bid by seat {player.seat} now"
            return Refusal("bid_not_yours_now", sentence, bid=bid_id, why="may_bid")
        copies = specials.count(bid_id)
        if copies > 1 and bid.repeatable is not None and copies > bid.repeatable(env):
            most = bid.repeatable(env)
            return Refusal(
                "bid_repeat_limit",
                f"seat {player.seat} may bid {bid_id} at most {most} time(s) in a combo bid now",
                bid=bid_id,
                n=most,
            )
    return None


# The refusals random bidders meet most, made once for each pair of worths (a refusal is the same
# sentence and facts each time, and nobody changes one): most combos a random bidder tries are refused.
@lru_cache(maxsize=4096, typed=True)
def _below_minimum(minimum: Any, worth: Any) -> Refusal:
    sentence = f"a combo bid must be worth at least {minimum} (this one: {worth})"
    return Refusal("bid_below_minimum", sentence, min=minimum, worth=worth)


@lru_cache(maxsize=4096, typed=True)
def _too_low(worth: Any, lead: Any) -> Refusal:
    return Refusal("bid_too_low", f"a combo bid worth {worth} does not beat the lead ({lead})", worth=worth, lead=lead)
