"""The heuristic agent: it bids what playouts say it can complete, and plays toward it."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from interpreter.agents.heuristic.bidding import Bidder
from interpreter.agents.heuristic.cardplay import Table, choose, fallback_answer, pick_card, rank_options, seen
from interpreter.agents.heuristic.knowledge import (
    FEWER,
    MORE,
    TRUMP_CHOICE,
    Plan,
    Tables,
    completing_counts,
    counts_decide,
    find_rules,
    plain_value,
    rank_values,
)
from interpreter.agents.heuristic.playout import Estimate, Order, Playout, Recording, Settled, card_order
from interpreter.agents.heuristic.undeclared import own_answer
from interpreter.analysis import impossible_reason
from interpreter.auction import ComboMaker
from interpreter.deal import Deal, DealResult
from interpreter.decisions import Agent, BidAnswer, Request, View
from rulespec import model as M


class HeuristicAgent(Bidder, Agent):
    """Bids from Monte Carlo playouts with the real engine; plays greedily toward its requirement.

    ``samples`` is the number of random layouts of the unknown cards per deal (each candidate
    combo is played out on at most that many); ``threshold`` the completion rate a combo needs
    to be bid; ``confident`` the rate above which a special bid that adds only failure points is
    harmless. ``rules`` defaults to the bundled rule set that has the bids it is asked about.

    Its play steers by the declarer's requirement; in a hand without a declarer (a hand of a match)
    each seat plays for its own points, the way the contract's points go with tricks (:mod:`.undeclared`).
    """

    wants_view = True
    legal_answers = True  # decide() validates its own answer (and falls back to a random legal one)

    def __init__(
        self,
        seed: int = 0,
        rules: M.RuleSet | None = None,
        samples: int = 5,
        threshold: float = 0.6,
        confident: float = 0.75,
        strict: bool = False,
    ) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        self.samples = max(1, samples)
        self.threshold = threshold
        self.confident = confident
        self.strict = strict
        self.fallbacks = 0  # answers that came from the random fallback
        self._not_found = False  # no bundled rule set has the bids it was asked about
        self.playouts = 0  # simulated deals played, for measurements
        self._tables: dict[int, Tables] = {}
        self._orders: dict[int, Order] = {}  # the playouts' card orders, per rank order (see Playout)
        self._rank_orders: dict[tuple[str, ...], tuple[M.RuleSet, dict[str, int]]] = {}  # the views' (see _table)
        self._recordings: dict[Any, Recording] = {}  # cards chosen in playouts' positions (see Playout.play_card)
        self._directions: dict[str, list[int]] = {}  # standard bid → completions (more, fewer) learnt
        # (players, bids, declarations) → completing counts; (players, bid) → those of a bid alone
        self._targets: dict[Any, tuple[frozenset[int] | None, frozenset[int] | None]] = {}
        self._bid_targets: dict[tuple[int, str], frozenset[int] | None] = {}
        self._counted: tuple[Deal, tuple[frozenset[int] | None, frozenset[int] | None]] | None = None
        self._history: dict[BidAnswer, list[int]] = {}  # combo → [deals estimated, deals with a completion]
        self._dressings: dict[tuple[int, str, tuple[str, ...]], list[tuple[Any, tuple[str, ...]]]] = {}
        self._expected: dict[Any, Any] = {}  # (see Bidder._out_of_reach)
        self._bid_key: Any = None
        self._layouts: list[dict[int, list[str]]] = []
        self._blank: tuple[Any, Deal, Any] | None = None  # a deal of the last view's key, to re-deal (see _dealt)
        self._seen_view: tuple[View, Any] | None = None  # the last view a playout started from, and its key
        self._plans: dict[tuple[int, frozenset[int] | None, int], Plan] = {}
        self._estimates: dict[BidAnswer, Estimate] = {}
        self._maker: ComboMaker | None = None
        self._play_key: Any = None
        self._plan: Plan | None = None
        self._plan_final = False
        self._progress = (0, 0)

    # -- the decision interface

    def decide(self, request: Request, view: View | None) -> Any:
        try:
            rules = self._rules_for(request, view)
            if rules is None or view is None:
                raise LookupError("no rule set or no view")
            answer = self._decide(rules, request, view)
            return request.validate(answer)
        except Exception:
            if self.strict:
                raise
            self.fallbacks += 1
            return fallback_answer(request, self.rng)

    def _rules_for(self, request: Request, view: View | None) -> M.RuleSet | None:
        if self.rules is None and not self._not_found:
            ids = list(request.standard_ids) + list(request.special_ids)
            if not ids and view is not None and view.combo:
                ids = list(view.combo["bids"])
            self.rules = find_rules(ids)
            if self.rules is None and ids:
                # Not again from fewer bids (a declared combo's): that could pick the wrong rule set.
                self._not_found = True
                warnings.warn(
                    "HeuristicAgent: no bundled rule set at its newest version has these bids (an older "
                    "version's or a house rule's?); pass rules= (without it the agent answers at random "
                    "and passes every bid)",
                    RuntimeWarning,
                    stacklevel=3,
                )
        return self.rules

    def _decide(self, rules: M.RuleSet, request: Request, view: View) -> Any:
        if request.kind == "bid":
            return self._bid(rules, request, view)
        table = self._table(rules, view)
        if view.declarer is None:  # a hand of a match: every seat plays for its own points
            answer = own_answer(rules, request, view, table, self.rng, self.samples, self.phases)
            return fallback_answer(request, self.rng) if answer is None else answer
        plan = self._play_plan(rules, request, view)
        # The others fight over the same tricks: they want them exactly when the declarer does.
        want = plan.wants(table.won.get(view.declarer, 0))
        if request.kind == "play":
            return pick_card(request.options, seen(table, view), want)
        if request.kind == "choose":
            if self._worth_trying(request, view):
                return self._try_options(rules, request, view, plan)
            return choose(request, table, want)
        return fallback_answer(request, self.rng)

    # -- tables, layouts and simulated deals

    def tables(self, rules: M.RuleSet, player_count: int) -> Tables:
        if player_count not in self._tables:
            self._tables[player_count] = Tables.make(rules, player_count)
        return self._tables[player_count]

    def _table(self, rules: M.RuleSet, view: View) -> Table:
        tables = self.tables(rules, len(view.players))
        bids = view.combo["bids"] if view.combo else ()
        won = {seat: 0 for seat in view.players}
        for trick in view.tricks:
            if trick["winner"] is not None:
                won[trick["winner"]] = won.get(trick["winner"], 0) + 1
        kept = self._rank_orders.get(tuple(bids))  # the rank order of a combo's bids, kept with its card orders
        if kept is None or kept[0] is not rules:
            kept = self._rank_orders[tuple(bids)] = (rules, rank_values(rules, bids))
        value = kept[1]
        _, values, suits, keys = card_order(self._orders, tables, value)
        table = Table(view.seat, view.declarer, view.hand, view.trump, value, tables, won, view.players)
        table.high_first, table.card_value, table.key_orders = suits, values, keys
        return table

    def layout(self, tables: Tables, view: View, own_hand: Sequence[str] | None) -> dict[int, list[str]]:
        """A random deal of the cards this player cannot see, around ``own_hand`` and visible cards."""
        fixed: dict[int, list[str]] = {}
        used: set[str] = set()
        deck = set(tables.names)
        # Every layout is a real deal by construction (cards of the deck, none twice, full hands):
        # its deal is not checked again (see Deal.redeal), whatever view it came from.
        if own_hand is not None and len(set(own_hand)) == len(own_hand) == tables.hand_size and set(own_hand) <= deck:
            fixed[view.seat] = list(own_hand)
            used.update(own_hand)
        for seat, cards in view.visible.items():
            if seat in view.players and seat not in fixed and len(cards) <= tables.hand_size:
                shown = []
                for card in cards:
                    if card in deck and card not in used:
                        shown.append(card)
                        used.add(card)
                fixed[seat] = shown
        pool = [c for c in tables.names if c not in used]
        self.rng.shuffle(pool)
        hands: dict[int, list[str]] = {}
        for seat in view.players:
            hand = list(fixed.get(seat, ()))
            missing = tables.hand_size - len(hand)
            hand.extend(pool[:missing])
            del pool[:missing]
            hands[seat] = hand
        return hands

    def new_deal(
        self, rules: M.RuleSet, view: View, hands: dict[int, list[str]] | None, ask: Callable[..., Any] | None
    ) -> Deal:
        seats = list(view.players)
        return Deal(
            rules,
            seats,
            view.dealer,
            {s: view.scores.get(s, 0) for s in seats},
            {s: dict(view.marks.get(s, {})) for s in seats},
            ask,
            self.rng,
            dict(rules.game.options),
            hands,
            impossible=impossible_reason,
        )

    def playout(
        self,
        rules: M.RuleSet,
        view: View,
        declarer: int,
        answer: BidAnswer,
        hands: dict[int, list[str]],
        direction: int,
        overrides: dict[str, Any] | None = None,
    ) -> tuple[DealResult, Plan]:
        """Play one simulated deal of ``answer`` declared by ``declarer``, everyone greedy."""
        self.playouts += 1
        runner = Playout(self.tables(rules, len(view.players)), direction, overrides, self._orders, self._recordings)
        deal = self._dealt(rules, view, hands, runner.ask)
        runner.deal = deal  # cards answered without a request:
        deal.sync_cards = {p.seat: partial(runner.play_card, p.seat) for p in deal.players}
        try:
            deal.declare(declarer, answer)
            deal.run_events()
            runner.plan = self._plan_for(direction, self._completing(deal), deal.hand_size)
            runner.deciding = self._deciding(deal)
            try:
                deal.play_hand()
                if runner.deciding is not None:  # the final count decides (as Settled would with no trick left)
                    raise Settled(deal.by_seat[declarer].won_count in runner.deciding)
            except Settled as settled:  # the trick counts alone decide, and they are settled
                return DealResult(declarer, deal.combo, settled.completed), runner.plan
            return deal.score(), runner.plan
        finally:
            # The deal and its runner refer to each other: unlinked, the deal is freed at once rather
            # than left to the cyclic garbage collector (thousands of objects a bid, ~1/10 of the time).
            runner.deal = None
            deal.ask_fn = deal.sync_cards = None

    def _dealt(self, rules: M.RuleSet, view: View, hands: dict[int, list[str]], ask: Callable[..., Any]) -> Deal:
        """A deal of ``hands`` before the auction for one playout, answered by ``ask``: a copy of a deal
        made for the view, the cards re-dealt into it (a new deal would check and set up again what a
        layout cannot change; a re-deal costs less than keeping a deal per layout to copy)."""
        seen = self._seen_view
        if seen is None or seen[0] is not view:  # what the deal takes from the view, once per decision
            seen = self._seen_view = (view, (view.dealer, tuple(view.scores.items()), repr(view.marks)))
        blank = self._blank
        if blank is None or blank[0] != seen[1] or blank[1].rules is not rules:
            blank = self._blank = (seen[1], self.new_deal(rules, view, hands, None), hands)
        deal = blank[1].clone(ask=ask, rng=self.rng)
        if hands is not blank[2]:
            deal.redeal(hands)
        return deal

    def _plan_for(self, direction: int, targets: frozenset[int] | None, most: int) -> Plan:
        """The plan of a playout (plans are immutable: one per direction and targets)."""
        key = (direction, targets, most)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = Plan(direction, targets, most)
        return plan

    def _completing(self, deal: Deal) -> frozenset[int] | None:
        return self._counts(deal)[0]

    def _deciding(self, deal: Deal) -> frozenset[int] | None:
        return self._counts(deal)[1]

    def _counts(self, deal: Deal) -> tuple[frozenset[int] | None, frozenset[int] | None]:
        """:func:`completing_counts` and :func:`counts_decide` of a combo with its declarations, kept."""
        last = self._counted
        if last is not None and last[0] is deal:  # asked twice for each playout
            return last[1]
        key = (
            len(deal.players),
            tuple([b.id for b in deal.bids]),  # (lists: quicker to make than a generator, once a playout)
            tuple([(name, plain_value(d.value)) for name, d in deal.declarations.items()]),
        )
        if key not in self._targets:
            self._targets[key] = (completing_counts(deal), counts_decide(deal))
            if len(deal.bids) == 1 and not deal.declarations:  # a bid alone, without choices
                self._bid_targets[len(deal.players), deal.bids[0].id] = self._targets[key][0]
        self._counted = (deal, self._targets[key])
        return self._targets[key]

    # -- the plan for the real deal

    def _play_plan(self, rules: M.RuleSet, request: Request, view: View) -> Plan:
        """Which way the declarer steers in this deal: learnt once per deal, refined at the first card."""
        assert view.declarer is not None and view.combo is not None
        key = (view.dealer, view.players, view.auction, view.declarer)
        progress = (len(view.tricks), len(view.current_trick))
        if key != self._play_key or progress < self._progress:
            self._play_key, self._plan, self._plan_final = key, None, False
        self._progress = progress
        answer = BidAnswer(view.combo["bids"][0], tuple(view.combo["bids"][1:]))
        if self._plan is None:
            self._plan = Plan(self._direction_for(rules, view, answer))
        if request.kind == "play" and not self._plan_final:
            self._plan_final = True  # every declaration is known now: ask what counts complete
            try:
                targets = self._probe_targets(rules, view, answer)
            except Exception:
                if self.strict:
                    raise
                targets = None
            self._plan = Plan(self._plan.direction, targets, self.tables(rules, len(view.players)).hand_size)
        return self._plan

    def _direction_for(self, rules: M.RuleSet, view: View, answer: BidAnswer) -> int:
        estimate = None
        if view.seat == view.declarer:  # the direction its bidding chose
            estimate = self._estimates.get(answer) or self._estimates.get(BidAnswer(answer.standard))
        if estimate is not None:
            return estimate.direction
        learnt = self._learnt_direction(answer.standard)
        if learnt is not None:
            return learnt
        # Probe: which way completes the combo more often, on a few random layouts?
        declarer = view.declarer
        assert declarer is not None
        tables = self.tables(rules, len(view.players))
        overrides = dict(view.declarations)
        scores = {}
        for direction in (MORE, FEWER):
            completed = 0
            for _ in range(2):
                hands = self.layout(tables, view, view.hand)
                try:
                    result, plan = self.playout(rules, view, declarer, answer, hands, direction, overrides)
                except Exception:
                    if self.strict:
                        raise
                    continue
                completed += result.completed
                if plan.targets is not None:
                    return direction
            scores[direction] = completed
        return MORE if scores[MORE] >= scores[FEWER] else FEWER

    def _probe_targets(self, rules: M.RuleSet, view: View, answer: BidAnswer) -> frozenset[int] | None:
        """The trick counts that complete the real combo, with the real (visible) declarations."""
        tables = self.tables(rules, len(view.players))
        direction = self._plan.direction if self._plan else MORE
        runner = Playout(tables, direction, dict(view.declarations), self._orders)  # (its choices' card orders kept)
        deal = self.new_deal(rules, view, self.layout(tables, view, None), runner.ask)
        runner.deal = deal
        assert view.declarer is not None
        deal.declare(view.declarer, answer)
        deal.run_events()
        return self._completing(deal)

    # -- a declarer's choices, tried with playouts

    def _worth_trying(self, request: Request, view: View) -> bool:
        """A declarer's suit choice other than trump (whose meaning the agent cannot guess)."""
        return (
            view.seat == view.declarer
            and request.what == "suit"
            and request.name != TRUMP_CHOICE
            and request.count == 1
            and not request.optional
            and 1 < len(request.options) <= 6
            and not view.tricks
            and view.combo is not None
        )

    def _try_options(self, rules: M.RuleSet, request: Request, view: View, plan: Plan) -> Any:
        """The option that completes the combo most often in playouts (the hand's judgement on ties)."""
        assert view.combo is not None
        answer = BidAnswer(view.combo["bids"][0], tuple(view.combo["bids"][1:]))
        tables = self.tables(rules, len(view.players))
        table = self._table(rules, view)
        ranked = rank_options(request, list(request.options), table, plan.wants(0), True)
        layouts = [self.layout(tables, view, view.hand) for _ in range(self.samples)]
        best, best_count = ranked[0], -1
        for option in ranked:
            overrides = {**view.declarations, request.name: option}
            completed = 0
            for hands in layouts:
                try:
                    result, _ = self.playout(rules, view, view.seat, answer, hands, plan.direction, overrides)
                except Exception:
                    if self.strict:
                        raise
                    continue
                completed += result.completed
            if completed > best_count:
                best, best_count = option, completed
        return best
