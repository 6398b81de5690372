"""The auction of a deal, declaring a combo, and what the declaration sets in motion.

The auction is a loop of turns on the agenda (:mod:`interpreter.agenda`): each bidder's
turn is a decision; a pass leaves the auction; the last bidder standing with a lead declares.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.bidcheck import BidCheck
from interpreter.dealparts import DealParts
from interpreter.decisions import BID, BidAnswer, Request
from interpreter.prepared import ComboPlan, combo_plan
from interpreter.scoring import DealResult, with_score
from interpreter.state import Combo, Player
from rulespec import model as M
from rulespec.build import least_tricks, least_tricks_fixed
from rulespec.rulesetcache import RuleSetCache

#: Per rule set: each combo declared whose standard bid's facts in a deal are constants, by the id of
#: the combo made: (that combo, the player count, the declared combo, its plan).
_Declared = dict[int, tuple[Combo, int, Combo, ComboPlan]]
_DECLARED: RuleSetCache[_Declared] = RuleSetCache()
_DECLARED_LIMIT = 4096  # combos kept at most per rule set (random auctions declare a great many)


def _no_declared(_rules: M.RuleSet) -> _Declared:
    return {}


@dataclass
class AuctionCursor:
    """Where the auction stands: who may still bid, whose turn it is, and the lead so far."""

    active: list[Player]
    turn: int = 0  # index in ``active`` of the player to ask next
    lead: Combo | None = None
    leader: Player | None = None
    lead_answer: BidAnswer | None = None


class Bidding(DealParts):
    """The auction and the declaration (part of :class:`interpreter.deal.Deal`)."""

    def auction(self) -> bool:
        """Run the auction; True when there is a declarer, False when everyone passed."""
        self.start_auction()
        self._drive()
        return self.declarer is not None

    def start_auction(self) -> None:
        """Put the auction on the agenda (run it with :meth:`advance`)."""
        rules = self.game.auction
        if rules is None:
            return
        first = rules.first_bidder(self.env)
        self._bidding = AuctionCursor(list(self.seating.clockwise_from(first)))
        self._then(("_bid_turn",))

    def _bid_turn(self) -> None:
        """The next bidder's turn, or the end of the auction."""
        rules, env, bidding = self.game.auction, self.env, self._bidding
        assert rules is not None and bidding is not None
        active = bidding.active
        while active and not (bidding.lead is not None and len(active) == 1):
            bidding.turn %= len(active)  # past the last player still in: round again (reading 14)
            player = active[bidding.turn]
            env["player"] = player
            if not rules.may_bid(env):
                del active[bidding.turn]  # the next player still in slides into this index
                self.auction_log.append((player.seat, None))
                continue
            combos = self.combos
            check = BidCheck(self, player, bidding.lead, bidding.leader)
            ids = combos.standard_ids, combos.special_ids, combos.repeatable_ids
            choosers = self.sync_bids
            if choosers is not None:  # a driver that answers at once from the check alone: no request
                answer = choosers[player.seat](check.refusal, *ids)
                self.cards_answered += 1  # (counted once answered, as the game counts a decision)
                self._take_bid(answer, player, check.passed)
                continue
            # (given by position: quicker, and made at every bid turn)
            request = Request("bid", player.seat, BID, "", (), 1, False, check, *ids)
            if self.sync_ask is not None:  # a driver that answers at once: the next turn in this loop
                self._take_bid(self.sync_ask(request), player, check.passed)
                continue
            self._wait(request, "_bid_answered", player)
            return
        env.pop("player", None)
        self._bidding = None
        if bidding.lead is not None and bidding.leader is not None and bidding.lead_answer is not None:
            self._set_declarer(bidding.leader, bidding.lead, bidding.lead_answer)

    def _bid_answered(self, answer: BidAnswer | None, player: Player) -> None:
        self._take_bid(answer, player)
        self._then(("_bid_turn",))

    def _take_bid(
        self, answer: BidAnswer | None, player: Player, passed: tuple[str, tuple[str, ...], Combo] | None = None
    ) -> None:
        """A bid or a pass takes effect (the next turn is the caller's); ``passed`` is the combo the
        turn's check last found biddable, with its ids (:attr:`BidCheck.passed`): not made again."""
        bidding = self._bidding
        assert bidding is not None
        if answer is None:
            del bidding.active[bidding.turn]  # passing is final; the next player still in is now at ``turn``
            self.auction_log.append((player.seat, None))
        else:
            if passed is not None and passed[0] == answer.standard and passed[1] == answer.specials:
                lead = passed[2]
            else:
                lead = self.combos.make(answer, player)
            bidding.lead, bidding.leader, bidding.lead_answer = lead, player, answer
            self.lead_worth = bidding.lead.worth
            self._marks_for_bidding(player, answer)
            self.auction_log.append((player.seat, answer.to_data()))
            bidding.turn += 1

    def bid_problem(self, answer: BidAnswer, player: Player, lead: Combo | None, leader: Player | None) -> str | None:
        """Why ``player`` may not bid ``answer`` now, or None."""
        return BidCheck(self, player, lead, leader)(answer)

    def declare(self, seat: int, answer: BidAnswer) -> None:
        """Skip the auction: make ``seat`` the declarer of ``answer`` (playouts, tests)."""
        problem = self.combos.problem(answer)
        if problem:
            raise ValueError(problem)
        self._set_declarer(self.by_seat[seat], self.combos.make(answer, self.by_seat[seat]), answer)
        self._marks_for_bidding(self.by_seat[seat], answer)

    def _marks_for_bidding(self, player: Player, answer: BidAnswer) -> None:
        """Marks a bid costs or gives when it is bid, one lot per copy (e.g. a mark spent)."""
        if not self.combos.marking_ids:  # (most rule sets have no such bid)
            return
        for bid_id in (answer.standard, *answer.specials):
            for name, count in self.rules.bids[bid_id].marks_on_bidding.items():
                player.marks.add(name, count)

    def set_contract(self, answer: BidAnswer) -> None:
        """Rules for a deal without an auction or a declarer (e.g. a hand of a match)."""
        problem = self.combos.problem(answer)
        if problem:
            raise ValueError(problem)
        self._set_declarer(None, self.combos.make(answer), answer)

    def play_out(self) -> DealResult:
        """After :meth:`declare` (or the auction): the events, the hand and the score."""
        self.run_events()
        self.play_hand()
        return self.score()

    def start_play(self) -> None:
        """Put the bids' steps and the hand on the agenda (after the declaration)."""
        self._then(*self._event_tasks(), ("_begin_hand",))

    def _set_declarer(self, player: Player | None, combo: Combo, answer: BidAnswer) -> None:
        self.declarer = player
        env = self.env
        if player is not None:
            player.is_declarer = True
            env.update(declarer=player, opponents=[p for p in self._rounds[player] if p is not player])
        env["combo"] = combo
        declared = _DECLARED.get(self.rules, _no_declared)
        entry = declared.get(id(combo))
        if entry is not None and entry[0] is combo and entry[1] == len(self.players):
            combo, plan = entry[2], entry[3]  # (a standard bid whose score and least tricks are constant)
        else:
            combo, plan = self._declared(combo, answer, declared)
        self.combo = combo
        env.update(combo=combo, standard=combo.standard)
        self._set_plan(plan)
        if player is not None:
            for name, count in plan.marks_on_declaring:  # marks gained or spent by declaring
                player.marks.add(name, count)

    def _declared(self, combo: Combo, answer: BidAnswer, declared: _Declared) -> tuple[Combo, ComboPlan]:
        """The declared combo (its standard bid's score and least tricks in this deal) and its plan.

        When both are constants the result is the same in every deal: it is kept, by the combo made
        (kept combos are the same objects in every deal), with the player count.
        """
        standard = self.rules.bids[answer.standard]
        env, count = self.env, len(self.players)
        score_of = standard.score
        score = 0 if score_of is None else score_of.constant if score_of.is_constant else score_of(env)
        wanted = standard.tricks.in_force(count) if standard.tricks is not None else None
        facts = with_score(combo.standard, score, least_tricks(wanted, env))
        made = combo
        if facts is not combo.standard:
            combo = Combo(facts, combo.specials, combo.worth)
        plan = combo_plan(self.rules, answer.standard, answer.specials)
        constant = (score_of is None or score_of.is_constant) and least_tricks_fixed(wanted)
        if constant and len(declared) < _DECLARED_LIMIT:
            declared[id(made)] = (made, count, combo, plan)  # (holds ``made``: its id stays its own)
        return combo, plan

    def _set_plan(self, plan: ComboPlan) -> None:
        """The combo's bids and play-time hook points, gathered once so the trick loop stays lean."""
        self.bids: tuple[M.Bid, ...] = plan.bids  # the combo's bids in event order
        self.plays_last_rules = plan.plays_last_rules
        self.play_rules = plan.play_rules
        self.lead_rules = plan.lead_rules
        self.taker_rules = plan.taker_rules
        self.trump_changes = plan.trump_changes
        self.melds = plan.melds
        self._plan = plan
        # Following suit and the bids' limits on the cards one may play are the only limits when
        # trumping is free (the lean loop of the hand asks the bids' limits as legal_cards does).
        self._plain_play = not self.game.play.must_trump
        if plan.bids:
            self.table.rank_value = plan.rank_value
