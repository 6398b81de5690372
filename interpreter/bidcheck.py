"""One bid turn's check: why the bidder may not bid a combo now, or None.

A bid turn's :class:`~interpreter.decisions.Request` carries a :class:`BidCheck` (``check``):
the agent asks it of every combo it considers, the game of every combo bid. Within a turn
nothing it reads changes — the bidder, the lead and its bidder, the deal's environment — so
what does not depend on the combo is worked out once, at its first use: the least worth a
combo must have, and whether a worth beats the lead when the auction's ``beats`` reads the bid
only as ``bid.worth``. A random bidder tries up to eight combos a turn, most of them refused.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from interpreter.copying import copy_value
from interpreter.dealparts import DealParts
from interpreter.decisions import BidAnswer, Refusal
from interpreter.state import Combo, Player
from rulespec.compiled import Expression
from rulespec.expressions import Node
from rulespec.model import RuleSet
from rulespec.rulesetcache import RuleSetCache

_ABSENT = object()  # no value in the environment, or none worked out yet


class BidCheck:
    """Why ``player`` may not bid an answer in the turn where the lead is ``lead`` (bid by
    ``leader``), or None: call it with a :class:`BidAnswer`. Valid for that turn only."""

    __slots__ = ("_deal", "_player", "_lead", "_leader", "_minimum", "_by_worth", "_ready", "_count")

    def __init__(self, deal: DealParts, player: Player, lead: Combo | None, leader: Player | None) -> None:
        self._deal, self._player, self._lead, self._leader = deal, player, lead, leader
        self._minimum: Any = _ABSENT  # the auction's least worth, once asked
        combos = deal.combos
        self._ready, self._count = combos.ready, combos.player_count  # (for the one look-up most checks end with)
        # When nothing but a combo's worth decides (no bid checked one by one, and no lead or a ``beats``
        # that reads the bid only as ``bid.worth``): the verdict on each worth met so far.
        plain = not combos.checked_ids and (lead is None or _by_worth(deal))
        self._by_worth: dict[Any, str] | None = {} if plain else None  # ("": no refusal)

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
        new._by_worth = None if self._by_worth is None else dict(self._by_worth)  # (what the same position says)
        return new

    def __call__(self, answer: BidAnswer) -> str | None:
        # Known to be well formed and the same in every deal, a combo is found with one look-up (random
        # bidders try the same combos again and again), and in its bidder's turn (``player`` is the
        # bidder in the environment) its worth's verdict is often known too.
        combo = self._ready.get((self._count, answer.standard, answer.specials))
        by_worth = self._by_worth
        if combo is not None and by_worth is not None:
            verdict = by_worth.get(combo.worth)
            if verdict is not None and self._deal.env.get("player") is self._player:
                return verdict or None  # ("" is kept for no refusal)
        combos = self._deal.combos
        if combo is None:
            combo = combos.known(answer)
            if combo is None:
                problem = combos.problem(answer)
                if problem:
                    return problem
        # The deal's own environment with the bidder in it: in the bidder's own turn it is there
        # already; asked at another time, it is put in for the check and taken out again.
        env = self._deal.env
        player = self._player
        before = env.get("player", _ABSENT)
        if before is player:
            return self._refusal(answer, combo, env)
        env["player"] = player
        try:
            return self._refusal(answer, combo, env)
        finally:
            if before is _ABSENT:
                del env["player"]
            else:
                env["player"] = before

    def _refusal(self, answer: BidAnswer, combo: Combo | None, env: dict[str, Any]) -> str | None:
        """The checks that read the environment (``player`` is the bidder), in the rules' order."""
        deal = self._deal
        combos = deal.combos
        rules = deal.game.auction
        assert rules is not None
        checked = combos.checked_ids  # bids with a ``may_bid`` or ``repeatable`` (most have neither)
        if checked and not checked.isdisjoint((answer.standard, *answer.specials)):
            problem = _bid_by_bid(deal, answer, env)
            if problem:
                return problem
        if combo is None:
            combo = combos.make(answer, self._player)
        minimum = self._minimum
        if minimum is _ABSENT:
            minimum = self._minimum = rules.minimum_worth(env)
        worth = combo.worth
        verdict: str | None = None
        if worth < minimum:
            verdict = _below_minimum(minimum, worth)
        elif self._lead is not None:
            env["bid"], env["lead"], env["leader"] = combo, self._lead, self._leader
            try:
                beats = rules.beats(env)
            finally:
                del env["bid"], env["lead"], env["leader"]
            if not beats:
                verdict = _too_low(worth, self._lead.worth)
        if self._by_worth is not None:
            self._by_worth[worth] = verdict or ""
        return verdict


def _bid_by_bid(deal: DealParts, answer: BidAnswer, env: dict[str, Any]) -> str | None:
    """Who may bid each of the combo's bids (``may_bid``), and how many copies (``repeatable``)."""
    player = env["player"]
    for bid_id in dict.fromkeys((answer.standard, *answer.specials)):
        bid = deal.rules.bids[bid_id]
        if bid.may_bid is not None and not bid.may_bid(env):
            return Refusal("bid_not_yours_now", f"{bid_id} may not be bid by seat {player.seat} now", bid=bid_id)
        copies = answer.specials.count(bid_id)
        if copies > 1 and bid.repeatable is not None and copies > bid.repeatable(env):
            most = bid.repeatable(env)
            return Refusal(
                "bid_repeat_limit",
                f"seat {player.seat} may bid {bid_id} at most {most} time(s) in a combo bid now",
                bid=bid_id,
                n=most,
            )
    return None


def _by_worth(deal: DealParts) -> bool:
    """Whether the auction's ``beats`` reads the bid only as ``bid.worth`` (then within a turn its
    value depends on the worth alone, and is kept by worth). Worked out once per rule set."""
    return _BY_WORTH.get(deal.rules, _beats_by_worth)


def _beats_by_worth(rules: RuleSet) -> bool:
    auction = rules.game.auction
    return auction is not None and reads_only(auction.beats, "bid", "worth")


_BY_WORTH: RuleSetCache[bool] = RuleSetCache()


def reads_only(expression: Expression, name: str, attribute: str) -> bool:
    """Whether ``expression`` reads ``name`` only as ``name.attribute`` (or not at all), from its parse
    tree: every place the name appears is the object of that attribute. (A walk's element of the
    same name counts as the name too: the answer may be False where True would do, never the reverse.)"""
    node = expression.node
    if node is None:
        return expression.is_constant or name not in expression.reads
    return _only_as(node, name, attribute)


def _only_as(node: Node, name: str, attribute: str) -> bool:
    if node.kind == "name":
        return node.value != name
    if node.kind == "attribute" and node.value == attribute and len(node.children) == 1:
        only = node.children[0]
        if only.kind == "name" and only.value == name:
            return True
    return all(_only_as(child, name, attribute) for child in node.children)


# The refusals random bidders meet most, made once for each pair of worths (a refusal is the same
# sentence and facts each time, and nobody changes one): most combos a random bidder tries are refused.
@lru_cache(maxsize=4096, typed=True)
def _below_minimum(minimum: Any, worth: Any) -> Refusal:
    sentence = f"a combo bid must be worth at least {minimum} (this one: {worth})"
    return Refusal("bid_below_minimum", sentence, min=minimum, worth=worth)


@lru_cache(maxsize=4096, typed=True)
def _too_low(worth: Any, lead: Any) -> Refusal:
    return Refusal("bid_too_low", f"a combo bid worth {worth} does not beat the lead ({lead})", worth=worth, lead=lead)
