"""Combo bids: building one from an answer and checking it.

Some rule sets refuse combo bids that can never be completed; proving that is the prover's
work (:mod:`interpreter.analysis`), which this module does not import: whoever makes the
deal passes the check in (``impossible``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any, cast

from interpreter.copying import copy_value
from interpreter.decisions import BidAnswer, Refusal, shown
from interpreter.state import Combo
from rulespec.build import facts
from rulespec.model import Bid, BidFacts, RuleSet
from rulespec.rulesetcache import RuleSetCache

#: Why a combo bid can never be completed (None: it can be), for a rule set and a number of players.
ImpossibleCheck = Callable[[RuleSet, BidAnswer, "int | None"], "str | None"]

#: A combo's key: (player count, standard bid id, special bid ids).
_ComboKey = tuple[Any, str, tuple[str, ...]]
#: Per rule set: each bid's facts, the standard and special ids, the bids whose worth varies (with
#: the combo, with the deal), the combos and verdicts kept, the repeatable special ids, the bids
#: checked one by one, the bids whose worth follows the standard bid alone and their facts so far,
#: the combos found both well formed and kept (what a bid check finds first), and the bids
#: that give or cost marks when bid.
_BidTables = tuple[
    dict[str, BidFacts],
    tuple[str, ...],
    tuple[str, ...],
    frozenset[str],
    frozenset[str],
    dict[_ComboKey, Combo],
    dict[_ComboKey, "str | None"],
    tuple[str, ...],
    frozenset[str],
    frozenset[str],
    dict[tuple[Any, str, str], BidFacts],
    dict[_ComboKey, Combo],
    frozenset[str],
    "_Quick | None",
]
#: What tells at once that a combo is well formed (:meth:`ComboMaker.problem`): the standard and the
#: special ids, and each bid's incompatible ids (bids with some only). None: a rule set whose combos
#: are always checked in full (no special bids at all, or combos proved possible).
_Quick = tuple[frozenset[str], frozenset[str], dict[str, frozenset[str]]]

_TABLES: RuleSetCache[_BidTables] = RuleSetCache()
_UNKNOWN = object()  # no verdict kept for a combo yet
_WORTH = operator.attrgetter("worth")
_KEPT = 1 << 14  # at most this many combos (and as many verdicts) kept per rule set (random auctions try many)

#: What a worth may read and still be the same in every deal with as many players: the combo's
#: bids and the deck (a worth that reads more, e.g. an option, is worked out every time).
_COMBO_FACTS = frozenset({"standard", "specials", "player_count", "suits", "ranks"})
#: … and the same beside every standard bid, whatever the other specials (e.g. worth more with a trump bid).
_STANDARD_FACTS = _COMBO_FACTS - {"specials"}


def _bid_tables(rules: RuleSet) -> _BidTables:
    """Per rule set, once: each bid's facts, the ids by kind, and the bids whose worth varies."""
    return _TABLES.get(rules, _make_bid_tables)


def _make_bid_tables(rules: RuleSet) -> _BidTables:
    variable = frozenset(bid_id for bid_id, bid in rules.bids.items() if not bid.worth.is_constant)
    return (
        {bid_id: facts(bid) for bid_id, bid in rules.bids.items()},
        tuple(b.id for b in rules.standard_bids),
        tuple(b.id for b in rules.special_bids),
        # Bids whose worth depends on the combo (the rest have it in their facts already) …
        variable,
        # … and those of them whose worth may also depend on the deal.
        frozenset(bid_id for bid_id in variable if not rules.bids[bid_id].worth.reads <= _COMBO_FACTS),
        {},  # combos made so far that are the same in every deal, by (player count, standard, specials)
        {},  # what is wrong with a combo (None: nothing), by (player count, standard, specials)
        tuple(b.id for b in rules.special_bids if b.repeatable is not None),
        # Bids a check must look at one by one: who may bid them, how many copies.
        frozenset(b.id for b in rules.bids.values() if b.may_bid is not None or b.repeatable is not None),
        # Bids whose worth depends on the standard bid alone, and their facts so far by
        # (player count, standard, bid): a new combo with them needs no evaluation.
        frozenset(bid_id for bid_id in variable if rules.bids[bid_id].worth.reads <= _STANDARD_FACTS),
        {},
        {},  # combos with no problem that are kept too: one look-up for a bid check (both kept: for good)
        frozenset(b.id for b in rules.bids.values() if b.marks_on_bidding),
        _quick(rules),
    )


def _quick(rules: RuleSet) -> _Quick | None:
    auction = rules.game.auction
    if auction is not None and (auction.combo_special == "none" or auction.forbid_impossible):
        return None
    return (
        frozenset(b.id for b in rules.standard_bids),
        frozenset(b.id for b in rules.special_bids),
        {b.id: b.incompatible_ids for b in rules.bids.values() if b.incompatible_ids},
    )


class ComboMaker:
    """Turns :class:`BidAnswer` into :class:`Combo` for one rule set (worths evaluated once per combo)."""

    def __init__(self, rules: RuleSet, base_env: dict[str, Any], impossible: ImpossibleCheck | None = None) -> None:
        self.rules = rules
        self.base_env = base_env
        self.impossible = impossible
        tables = _bid_tables(rules)
        (
            self.facts,
            self.standard_ids,
            self.special_ids,
            self.variable,
            self.by_deal,
            self.fixed,
            self.problems,
            self.repeatable_ids,
            self.checked_ids,
            self.by_standard,
            self.standard_facts,
            self.ready,
            self.marking_ids,
            self._quick,
        ) = tables
        self.player_count = base_env.get("player_count")

    def __deepcopy__(self, memo: dict[int, Any]) -> ComboMaker:
        """A copy for a copy of the deal: the rule set's tables are shared, the environment is the copy's."""
        new = object.__new__(type(self))  # (as copy.copy, without its generic reduce: one per playout)
        new.__dict__.update(self.__dict__)
        new.base_env = copy_value(self.base_env, memo)
        return new

    def problem(self, answer: BidAnswer) -> str | None:
        """Why a combo is not well formed (unknown, wrong kind, repeated, incompatible), or None.

        The verdict depends on the combo and the number of players alone, so it is kept.
        """
        return self._kept_problem(answer.standard, answer.specials, answer)

    def _kept_problem(self, standard: str, specials: tuple[str, ...], answer: BidAnswer | None = None) -> str | None:
        """:meth:`problem` of the combo ``standard`` + ``specials`` (``answer``, when there is one already)."""
        key = (self.player_count, standard, specials)
        problems = self.problems
        if key in problems:
            return problems[key]
        problem = (
            None if self._well_formed(standard, specials) else self._problem(answer or BidAnswer(standard, specials))
        )
        if len(problems) < _KEPT:
            problems[key] = problem
        return problem

    def _well_formed(self, standard: str, specials: tuple[str, ...]) -> bool:
        """Whether the combo is known at once to be well formed: known bids of the right kinds, no
        special bid twice, none incompatible with another. False: :meth:`_problem` says (random
        bidders try many new combos, most of them well formed)."""
        quick = self._quick
        if quick is None:
            return False
        standards, special_ids, incompatible = quick
        if standard not in standards or not special_ids.issuperset(specials) or len(set(specials)) != len(specials):
            return False
        ids = (standard, *specials)
        for bid_id in ids:
            other = incompatible.get(bid_id)
            if other is not None and not other.isdisjoint(ids):
                return False
        return True

    def _problem(self, answer: BidAnswer) -> str | None:
        bids = self.rules.bids
        standard = bids.get(answer.standard)
        if standard is None or standard.kind != "standard":
            given = shown(answer.standard)
            return Refusal("not_a_standard_bid", f"'{given}' is not a standard bid", bid=given)
        chosen: list[Bid] = [standard]
        for bid_id in dict.fromkeys(answer.specials):
            bid = bids.get(bid_id)
            if bid is None or bid.kind != "special":
                given = shown(bid_id)
                return Refusal("not_a_special_bid", f"'{given}' is not a special bid", bid=given)
            if bid.repeatable is None and answer.specials.count(bid_id) > 1:
                return Refusal(
                    "bid_twice",
                    f"{bid_id} appears twice (a special bid is bid once, unless it is repeatable)",
                    bid=bid_id,
                )
            chosen.append(bid)
        if self.rules.game.auction and self.rules.game.auction.combo_special == "none" and answer.specials:
            return Refusal("no_special_bids", "special bids are not used in this game")
        for i, first in enumerate(chosen):
            for second in chosen[i + 1 :]:
                if second.id in first.incompatible_ids:
                    return _incompatible(first.id, second.id)
        auction = self.rules.game.auction
        if auction is not None and auction.forbid_impossible:  # versions that ban impossible combo bids
            if self.impossible is None:
                raise ValueError(
                    f"{self.rules.name} refuses combo bids that can never be completed: make the deal with "
                    "the check (impossible=interpreter.analysis.impossible_reason)"
                )
            return self.impossible(self.rules, answer, self.player_count)
        return None

    def checked(self, standard: str, specials: tuple[str, ...]) -> tuple[Combo | None, str | None]:
        """For a bid check: why the combo ``standard`` + ``specials`` is not well formed (:meth:`problem`),
        and when it is, the combo if it is already known to be the same in every deal (:meth:`make` kept
        it), else None. A combo found so is kept in ``ready``: the next check finds it with one look-up."""
        key = (self.player_count, standard, specials)
        found = self.problems.get(key, _UNKNOWN)
        problem = self._kept_problem(standard, specials) if found is _UNKNOWN else cast("str | None", found)
        if problem:
            return None, problem
        combo = self.fixed.get(key)
        if combo is not None:  # well formed and the same in every deal, for good
            self.ready[key] = combo  # (no more entries than ``fixed``: bounded by _KEPT too)
        return combo, None

    def make(self, answer: BidAnswer, bidder: Any = None) -> Combo:
        """The combo with every bid's worth in it (call :meth:`problem` first).

        Its worth is the sum of its bids' worths, unless the auction says otherwise
        (``auction.combo_worth``, which may look at the bidder, e.g. at their marks).
        """
        key = (self.player_count, answer.standard, answer.specials)
        fixed = self.fixed.get(key)
        if fixed is not None:
            return fixed
        ids = (answer.standard, *answer.specials)
        bids = [self.facts[b] for b in ids]
        if not self.variable.isdisjoint(ids):
            bids = self._with_worths(bids, self.variable.intersection(ids))
        worth: Any = sum(map(_WORTH, bids))
        auction = self.rules.game.auction
        combo_worth = auction.combo_worth if auction is not None else None
        by_bidder = combo_worth is not None
        if combo_worth is not None and bidder is not None:
            env = {**self.base_env, "standard": bids[0], "specials": list(bids[1:]), "player": bidder}
            worth = combo_worth(env)
        combo = Combo(bids[0], tuple(bids[1:]), worth)
        if not by_bidder and self.by_deal.isdisjoint(ids) and len(self.fixed) < _KEPT:  # the same in every deal
            self.fixed[key] = combo
        return combo

    def _with_worths(self, bids: list[Any], variable: frozenset[str]) -> list[Any]:
        """``bids`` (facts, the standard first) with the worths of the ``variable`` ones worked out."""
        env: dict[str, Any] | None = None
        known, standard = self.standard_facts, bids[0].id
        worked: list[Any] = []
        for bid in bids:
            if bid.id in variable:
                key = (self.player_count, standard, bid.id)
                found = known.get(key) if bid.id in self.by_standard else None
                if found is None:
                    if env is None:
                        env = {**self.base_env, "standard": bids[0], "specials": bids[1:]}
                    found = replace(bid, worth=self.rules.bids[bid.id].worth(env))
                    if bid.id in self.by_standard:
                        known[key] = found
                bid = found
            worked.append(bid)
        return worked


@lru_cache(maxsize=4096)
def _incompatible(first: str, second: str) -> Refusal:
    """The refusal of a combo with ``first`` and ``second`` (made once a pair: random bidders meet it often)."""
    return Refusal("incompatible_bids", f"{first} cannot be combined with {second}", first=first, second=second)
