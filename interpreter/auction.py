"""Combo bids: building one from an answer, checking it, and the auction's order of turns."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from interpreter.decisions import BidAnswer
from interpreter.state import Combo
from rulespec.build import facts
from rulespec.model import Bid, RuleSet


class ComboMaker:
    """Turns :class:`BidAnswer` into :class:`Combo` for one rule set (worths evaluated once per combo)."""

    def __init__(self, rules: RuleSet, base_env: dict[str, Any]) -> None:
        self.rules = rules
        self.base_env = base_env
        self.facts = {bid_id: facts(bid) for bid_id, bid in rules.bids.items()}
        self.standard_ids = tuple(b.id for b in rules.standard_bids)
        self.special_ids = tuple(b.id for b in rules.special_bids)

    def problem(self, answer: BidAnswer) -> str | None:
        """Why a combo is not well formed (unknown, wrong kind, repeated, incompatible), or None."""
        bids = self.rules.bids
        standard = bids.get(answer.standard)
        if standard is None or standard.kind != "standard":
            return f"'{answer.standard}' is not a standard bid"
        if len(set(answer.specials)) != len(answer.specials):
            return "a special bid appears twice"
        chosen: list[Bid] = [standard]
        for bid_id in answer.specials:
            bid = bids.get(bid_id)
            if bid is None or bid.kind != "special":
                return f"'{bid_id}' is not a special bid"
            chosen.append(bid)
        if self.rules.game.auction and self.rules.game.auction.combo_special == "none" and answer.specials:
            return "special bids are not used in this game"
        for i, first in enumerate(chosen):
            for second in chosen[i + 1 :]:
                if second.id in first.incompatible_ids:
                    return f"{first.id} cannot be combined with {second.id}"
        return None

    def make(self, answer: BidAnswer) -> Combo:
        """The combo with every bid's worth in it (call :meth:`problem` first)."""
        standard = self.facts[answer.standard]
        specials = [self.facts[s] for s in answer.specials]
        env = {**self.base_env, "standard": standard, "specials": specials}
        worths = {}
        total: Any = 0
        for bid_id in (answer.standard, *answer.specials):
            worth = self.rules.bids[bid_id].worth(env)
            worths[bid_id] = worth
            total += worth
        with_worths = [replace(self.facts[b], worth=worths[b]) for b in (answer.standard, *answer.specials)]
        return Combo(with_worths[0], tuple(with_worths[1:]), total)
