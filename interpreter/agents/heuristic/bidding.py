"""How the heuristic agent bids: playouts of candidate combos on random layouts of the unseen cards."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from interpreter.agents.heuristic.knowledge import (
    COPIES,
    COSTLY_HOOKS,
    DRESSING_POOL,
    FEWER,
    HOPELESS,
    INFORMATION_HOOKS,
    MORE,
    REACH,
    Plan,
    Tables,
    expected_tricks,
    rank_values,
    suit_strengths,
)
from interpreter.agents.heuristic.playout import Estimate
from interpreter.agents.heuristic.reach import bid_alone_targets
from interpreter.auction import ComboMaker
from interpreter.deal import Deal, DealResult
from interpreter.decisions import BidAnswer, Request, View
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache


def _harmless(rules: M.RuleSet) -> dict[bool, tuple[str, ...]]:
    """For a bidder not confident and a confident one: the special bids whose hook points cannot
    make a combo fail (see :meth:`Bidder.harmless`)."""
    return {
        confident: tuple(b.id for b in rules.special_bids if set(b.hooks()) <= allowed)
        for confident, allowed in ((False, INFORMATION_HOOKS), (True, INFORMATION_HOOKS | COSTLY_HOOKS))
    }


_HARMLESS: RuleSetCache[dict[bool, tuple[str, ...]]] = RuleSetCache()


class Bidder:
    """The bidding of :class:`~interpreter.agents.heuristic.agent.HeuristicAgent` (a part of it)."""

    #: Playouts without a completion after which a combo is given up (:data:`HOPELESS`; a duel may set
    #: it on an agent to play the agent against one that gives up later).
    hopeless = HOPELESS
    #: How many tricks more (or fewer) than the hand's expected ones a bid may need and still be tried
    #: (:data:`REACH`; a duel may set it on an agent).
    reach = REACH
    #: Whether a bid's completing counts are the rule set's own from the start (:mod:`.reach`) rather
    #: than learnt from its first playout (as before; a duel may set it off).
    early_reach = True
    #: Without a declarer: lead to open melds, and before a close play for the card a trick brings (.undeclared).
    phases = True
    #: The confirmation's own layouts as a share of ``samples`` (:meth:`confirm`; a duel may set it).
    confirm_share = 1.0
    #: How many passed standard bids, when nothing harmless beats the lead, are tried with one more
    #: special bid (:meth:`_bid`; a duel may set it).
    helper_standards = 2
    # The agent's settings and what it has learnt (set by :class:`HeuristicAgent`).
    samples: int
    threshold: float
    confident: float
    strict: bool
    _directions: dict[str, list[int]]
    _bid_targets: dict[tuple[int, str], frozenset[int] | None]
    _history: dict[BidAnswer, list[int]]
    _dressings: dict[tuple[int, str, tuple[str, ...]], list[tuple[Any, tuple[str, ...]]]]
    _bid_key: Any
    _layouts: list[dict[int, list[str]]]
    _estimates: dict[BidAnswer, Estimate]
    _maker: ComboMaker | None
    _expected: dict[Any, Any]  # (players, standard bid, hand) → expected tricks; None → their rule set

    if TYPE_CHECKING:  # defined by the agent

        def tables(self, rules: M.RuleSet, player_count: int) -> Tables: ...
        def layout(self, tables: Tables, view: View, own_hand: Sequence[str] | None) -> dict[int, list[str]]: ...
        def new_deal(
            self, rules: M.RuleSet, view: View, hands: dict[int, list[str]] | None, ask: Callable[..., Any] | None
        ) -> Deal: ...
        def playout(self, *args: Any, **kwargs: Any) -> tuple[DealResult, Plan]: ...

    def _out_of_reach(self, rules: M.RuleSet, tables: Tables, view: View, standard: str) -> bool:
        """A quick look before any playout: is the hand far too strong or too weak for the bid?

        Only for a bid whose completing trick counts are known (from an earlier playout, or from the
        rule set at once: :mod:`.reach`) to be "at least so many" or "at most so many"; the hand's
        expected tricks are counted with its strongest suit as trump when the bid sets a trump. The
        margin :attr:`reach` keeps every bid that playouts might find playable.
        """
        targets = self._bid_targets.get((len(view.players), standard))
        if targets is None and self.early_reach:  # not learnt yet: the rule set's own
            targets = bid_alone_targets(rules, len(view.players), standard)
        if not targets:
            return False
        # The hand's expected tricks for the bid, kept: an agent asks again at each of its bid turns.
        kept, key = self._expected, (len(view.players), standard, tuple(view.hand))
        if kept.get(None) is not rules or len(kept) > 4096:
            kept.clear()
            kept[None] = rules
        expected = kept.get(key)
        if expected is None:
            value = rank_values(rules, (standard,))
            trump = None
            if rules.bids[standard].trump is not None:
                trump = max(tables.suits, key=suit_strengths(view.hand, tables, value).__getitem__)
            expected = kept[key] = expected_tricks(view.hand, trump, tables, value)
        if tables.hand_size in targets:
            return expected + self.reach < min(targets)
        if 0 in targets:
            return expected - self.reach > max(targets)
        return False

    def _bid(self, rules: M.RuleSet, request: Request, view: View) -> BidAnswer | None:
        if request.check is None:
            return None
        tables = self.tables(rules, len(view.players))
        key = (view.dealer, view.players, tuple(sorted(view.hand)))
        if key != self._bid_key:
            self._bid_key = key
            self._layouts = []
            self._estimates = {}
            self._maker = self.new_deal(rules, view, None, lambda r: None).combos
        maker = self._maker
        assert maker is not None
        worth = {s: maker.make(BidAnswer(s)).worth for s in request.standard_ids}
        passed: list[str] = []
        for standard in sorted(request.standard_ids, key=lambda s: -worth[s]):
            if not self._can_beat(request, maker, len(view.players), standard):
                continue  # cannot beat the lead even with every harmless special bid
            if self._out_of_reach(rules, tables, view, standard):
                continue
            matters = self._confidence_matters(request, maker, standard, (), len(view.players))
            estimate = self.confirm(rules, view, tables, BidAnswer(standard), matters)
            if estimate.rate < self.threshold:
                continue
            passed.append(standard)
            answer = self._dress(request, maker, standard, (), estimate.rate, len(view.players))
            if answer is not None:
                return answer
        for standard in passed[: self.helper_standards]:  # nothing harmless beats the lead: one more special bid
            for special in self._helpers(rules, maker, standard):
                if not self._can_beat(request, maker, len(view.players), standard, (special,)):
                    continue
                matters = self._confidence_matters(request, maker, standard, (special,), len(view.players))
                estimate = self.confirm(rules, view, tables, BidAnswer(standard, (special,)), matters)
                if estimate.rate >= self.threshold:
                    answer = self._dress(request, maker, standard, (special,), estimate.rate, len(view.players))
                    if answer is not None:
                        return answer
        return None

    def _can_beat(
        self, request: Request, maker: ComboMaker, player_count: int, standard: str, extra: tuple[str, ...] = ()
    ) -> bool:
        """Whether some harmless dressing lets ``standard`` + ``extra`` be bid now (the dearest
        first: one the bidder may not bid, e.g. for want of the marks it spends, is passed over)."""
        assert request.check is not None
        for _, subset in reversed(self.dressings(maker, player_count, standard, extra)):
            if request.check(BidAnswer(standard, (*extra, *subset))) is None:
                return True
        return False

    def harmless(self, rules: M.RuleSet, confident: bool) -> list[str]:
        """Special bids whose hook points cannot make a combo fail (by the hook points they fill)."""
        return list(_HARMLESS.get(rules, _harmless)[confident])  # asked at every estimate: made once

    def dressings(
        self, maker: ComboMaker, player_count: int, standard: str, extra: tuple[str, ...] = ()
    ) -> list[tuple[Any, tuple[str, ...]]]:
        """Well-formed sets of harmless special bids that raise the combo, cheapest first."""
        key = (player_count, standard, extra)
        if key not in self._dressings:
            rules = maker.rules
            base = maker.make(BidAnswer(standard, extra)).worth
            pool = [
                s
                for s in self.harmless(rules, confident=True)
                if s not in extra
                and maker.problem(BidAnswer(standard, (*extra, s))) is None
                and maker.make(BidAnswer(standard, (*extra, s))).worth > base
            ]
            repeatable = set(maker.repeatable_ids)
            pool = [s for s in pool for _ in range(COPIES if s in repeatable else 1)]  # copies side by side
            if len(pool) > DRESSING_POOL:  # the dearest raises, in their order (see DRESSING_POOL)
                gain = {s: maker.make(BidAnswer(standard, (*extra, s))).worth for s in pool}
                kept = sorted(range(len(pool)), key=lambda i: -gain[pool[i]])[:DRESSING_POOL]
                pool = [pool[i] for i in sorted(kept)]
            found: list[tuple[Any, tuple[str, ...]]] = []
            for size in range(len(pool) + 1):
                for subset in dict.fromkeys(combinations(pool, size)):  # copies make some subsets twice
                    answer = BidAnswer(standard, (*extra, *subset))
                    if maker.problem(answer) is None:
                        found.append((maker.make(answer).worth, subset))
            found.sort(key=lambda item: (item[0], len(item[1])))
            self._dressings[key] = found
        return self._dressings[key]

    def _confidence_matters(
        self, request: Request, maker: ComboMaker, standard: str, extra: tuple[str, ...], n: int
    ) -> bool:
        """Whether :meth:`_dress` would answer differently when confident: the cheapest legal
        dressing holds a special bid that is harmless only to a confident bidder."""
        assert request.check is not None
        plain = set(self.harmless(maker.rules, confident=False))
        for _, subset in self.dressings(maker, n, standard, extra):
            if request.check(BidAnswer(standard, (*extra, *subset))) is None:
                return not set(subset) <= plain
        return False

    def _dress(
        self, request: Request, maker: ComboMaker, standard: str, extra: tuple[str, ...], rate: float, n: int
    ) -> BidAnswer | None:
        """The cheapest legal combo of ``standard`` and ``extra`` with harmless special bids."""
        assert request.check is not None
        harmless_now = set(self.harmless(maker.rules, confident=rate >= self.confident))
        for _, subset in self.dressings(maker, n, standard, extra):
            if not set(subset) <= harmless_now:
                continue
            answer = BidAnswer(standard, (*extra, *subset))
            if request.check(answer) is None:
                return answer
        return None

    def _helpers(self, rules: M.RuleSet, maker: ComboMaker, standard: str) -> list[str]:
        """Special bids that are not harmless but raise the worth, most worth first."""
        harmless = set(self.harmless(rules, confident=True))
        base = maker.make(BidAnswer(standard)).worth
        raises: list[tuple[Any, str]] = []
        for bid in rules.special_bids:
            answer = BidAnswer(standard, (bid.id,))
            if bid.id in harmless or maker.problem(answer) is not None:
                continue
            gain = maker.make(answer).worth - base
            if gain > 0:
                raises.append((gain, bid.id))
        return [s for _, s in sorted(raises, key=lambda t: -t[0])]

    def estimate(self, rules: M.RuleSet, view: View, tables: Tables, answer: BidAnswer) -> Estimate:
        """The completion rate of ``answer`` with this hand, from playouts (cached for the deal).

        Each direction is played on all the deal's layouts (the same for every combo, so
        combos are compared on the same cards), stopping early once the threshold is out of
        reach or the first :data:`HOPELESS` completed nothing, or once it is reached (the
        confirmation, :meth:`confirm`, plays on from the next layout). A requirement that names its trick
        counts needs one direction only; otherwise both are tried, and the standard bid's
        better direction is remembered over the deals.
        """
        if answer in self._estimates:
            return self._estimates[answer]
        needed = max(1, math.ceil(self.threshold * self.samples))
        learnt = self._learnt_direction(answer.standard)
        directions = [learnt] if learnt is not None else [MORE, FEWER]
        history = self._history.setdefault(answer, [0, 0])  # deals tried, deals with a completion
        hopeless = 1 if history[0] >= self.hopeless * 2 and history[1] == 0 else self.hopeless
        results: dict[int, tuple[int, int]] = {}
        for direction in directions:
            completed = played = 0
            targeted = False
            for index in range(self.samples):
                while len(self._layouts) <= index:
                    self._layouts.append(self.layout(tables, view, view.hand))
                try:
                    result, plan = self.playout(rules, view, view.seat, answer, self._layouts[index], direction)
                except Exception:
                    if self.strict:
                        raise
                    break
                played += 1
                completed += result.completed
                targeted = plan.targets is not None
                if played - completed > self.samples - needed or (completed == 0 and played >= hopeless):
                    break  # the threshold is out of reach
                if completed >= needed and (targeted or len(directions) == 1):
                    break  # the threshold is reached: the confirmation plays on from the next layout
            results[direction] = (completed, played)
            if targeted:
                break  # the plan steered by trick counts: the direction did not matter
        history[0] += 1
        history[1] += any(completed for completed, _ in results.values())
        if len(results) == 2:
            stats = self._directions.setdefault(answer.standard, [0, 0, 0])
            stats[0] += results[MORE][0]
            stats[1] += results[FEWER][0]
            stats[2] += 1
        direction, (completed, played) = max(results.items(), key=lambda item: item[1][0] / max(1, item[1][1]))
        estimate = Estimate(completed, played, direction)
        self._estimates[answer] = estimate
        return estimate

    def confirm(
        self, rules: M.RuleSet, view: View, tables: Tables, answer: BidAnswer, confidence_matters: bool = True
    ) -> Estimate:
        """Play a combo that passed on a second set of layouts, before bidding it.

        Of several players the most optimistic estimate wins the auction; more playouts for
        that one estimate keep the agent from bidding what it cannot complete. The playouts stop
        once their completions settle the verdicts the bid depends on: enough to bid it, and,
        when ``confidence_matters``, whether the bidder is confident.
        """
        estimate = self.estimate(rules, view, tables, answer)
        if estimate.rate < self.threshold or (
            estimate.confirmed and (estimate.confident_known or not confidence_matters)
        ):
            return estimate
        total = self.samples + max(1, round(self.samples * self.confirm_share))
        needed = math.ceil(self.threshold * total)
        confident_at = math.ceil(self.confident * total)
        # Completions that settle the verdicts, whatever the rest would give: the bid (rate ≥ threshold
        # over all the playouts) and, when it matters, confidence (rate ≥ confident). A confirmation that
        # stopped before confidence was settled goes on from there when a later bid needs it.
        sure = confident_at if confidence_matters else needed
        early = False
        for index in range(estimate.playouts, total):
            while len(self._layouts) <= index:
                self._layouts.append(self.layout(tables, view, view.hand))
            try:
                result, _ = self.playout(rules, view, view.seat, answer, self._layouts[index], estimate.direction)
            except Exception:
                if self.strict:
                    raise
                break
            estimate.playouts += 1
            estimate.completed += result.completed
            if estimate.playouts - estimate.completed > total - needed:
                break
            if estimate.completed >= sure:
                early = estimate.playouts < total
                break
        estimate.confirmed = True
        estimate.confident_known = not early or estimate.completed >= confident_at
        return estimate

    def _learnt_direction(self, standard: str) -> int | None:
        stats = self._directions.get(standard)
        if stats is None:
            return None
        more, fewer, deals = stats
        if more != fewer or deals >= 3:
            return MORE if more >= fewer else FEWER
        return None
