"""Replaying a deal's public history on a fresh game state dealt as a sampled world.

:class:`Replay` is step 2 of :func:`interpreter.search.worlds.sample_world`: it answers the
fresh state's requests from the view (the auction, the plays, public declarations, zones and
melds), from the player's memory (its own hidden choices) and, for the others' hidden choices,
at random; where the engine refuses, it says what to swap (:class:`Failed`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from interpreter.agents import RandomAgent
from interpreter.decisions import CONTRACT, TRICK_TAKER, TRUMP, BidAnswer, IllegalDecision, Request, View
from interpreter.gamestate import GameState
from interpreter.search.memory import DealMemory
from rulespec.model import Bid, RuleSet


@dataclass
class Dealt:
    """A world's cards as dealt: hands by seat, the stock (top first), cards set aside."""

    hands: dict[int, list[str]]
    stock: list[str]
    aside: list[str]

    def where(self, card: str) -> tuple[str, Any, int] | None:
        for seat, hand in self.hands.items():
            if card in hand:
                return ("hand", seat, hand.index(card))
        if card in self.stock:
            return ("stock", None, self.stock.index(card))
        if card in self.aside:
            return ("aside", None, self.aside.index(card))
        return None

    def _list(self, place: tuple[str, Any, int]) -> list[str]:
        kind, seat, _ = place
        return self.hands[seat] if kind == "hand" else self.stock if kind == "stock" else self.aside

    def swap(self, a: str, b: str) -> bool:
        pa, pb = self.where(a), self.where(b)
        if pa is None or pb is None:
            return False
        la, lb = self._list(pa), self._list(pb)
        la[pa[2]], lb[pb[2]] = b, a
        return True


class Failed(Exception):
    """The replay met something the world cannot explain; ``repair`` says what to swap."""

    def __init__(self, repair: tuple[str, ...] | None = None, why: str = "") -> None:
        super().__init__(repair, why)
        self.repair = repair
        self.why = why


def new_state(rules: RuleSet, view: View, seed: int = 0) -> GameState:
    """A fresh game state standing where the view's deal starts: same seats, dealer, scores, marks."""
    allowed = rules.game.players
    # The view scores every seat at the table, those sitting out too: the world's table is as large.
    low = max(allowed.min, len(view.players), max(view.players) + 1, max(view.scores, default=-1) + 1)
    for count in range(low, allowed.max + 1):
        # One deal at most (max_deals=1): the replay never needs a second, and a world whose deal
        # asks nothing (every seat made to pass, redealt: a forged view's million blockade marks
        # faded one per deal) ends there instead of dealing on.
        state = GameState(rules, count, seed=seed, first_dealer=view.dealer, max_deals=1)
        if tuple(state.seats_in_deal()) == tuple(view.players):
            state.scores.update({s: view.scores.get(s, 0) for s in range(count)})
            state.marks.update({s: dict(view.marks.get(s, {})) for s in range(count)})
            _undo_deal_marks(rules, view, state.marks)
            state.match_position = max(0, view.hand_number - 1)
            return state
    raise ValueError("no table of this rule set seats these players")


def _undo_deal_marks(rules: RuleSet, view: View, marks: dict[int, dict[str, int]]) -> None:
    """Take back from ``marks`` (the view's: as they stand now) what this deal's bids already
    changed, so that they are the marks the deal began with. A bid may cost or give marks when it
    is bid (``marks: {when: bidding}``: even if outbid) or when its combo wins the auction
    (``when: declaring``); the replay bids and declares again and would count them twice, and a
    bid the view shows made (an Extended Bid that needs a P) would be refused on the marks left."""
    for seat, bid in view.auction:
        if bid is not None and seat in marks:
            for bid_id in (bid["standard"], *bid["specials"]):
                _take_back(marks[seat], _bid(rules, bid_id).marks_on_bidding)
    if view.declarer is not None and view.combo is not None and view.declarer in marks:
        for bid_id in view.combo["bids"]:
            _take_back(marks[view.declarer], _bid(rules, bid_id).marks_on_declaring)


def _bid(rules: RuleSet, bid_id: str) -> Bid:
    bid = rules.bids.get(bid_id)
    if bid is None:  # (a view from the wire may name anything: no world explains it)
        raise Failed(None, "unknown bid")
    return bid


def _take_back(counts: dict[str, int], changed: Mapping[str, int]) -> None:
    for name, count in changed.items():
        counts[name] = counts.get(name, 0) - count


def flat_plays(view: View) -> list[tuple[int, str]]:
    return [tuple(p) for t in view.tricks for p in t["plays"]] + list(view.current_trick)


class Replay:
    """One replay of the view's public history on a world dealt as ``deal``."""

    def __init__(self, rules: RuleSet, view: View, request: Request, memory: DealMemory | None, deal: Dealt) -> None:
        self.rules, self.view, self.request, self.deal = rules, view, request, deal
        self.auction = list(view.auction)
        self.plays = flat_plays(view)
        self.melds = list(view.melds)
        self.mine = list(memory.choices) if memory is not None else []
        self.meld_names = {meld.name for bid in rules.bids.values() for meld in bid.melds}
        self.world_tricks: tuple[dict[str, Any], ...] = ()  # the world's finished tricks, when asked
        self.known = view.cards_known() | set(deal.hands[view.seat])
        if memory is not None:  # cards held, and the face-up card as dealt (placed, not to be swapped)
            self.known |= memory.seen | ({memory.first_face_up} if memory.first_face_up else set())

    def run(self, seed: int) -> GameState:
        view, rng = self.view, random.Random(seed)
        state = new_state(self.rules, view, seed)
        state.deal_hands = [{s: list(h) for s, h in self.deal.hands.items()}]
        state.deal_stocks = [list(self.deal.stock)]
        bids = plays = melds = choices = 0
        request = state.advance()
        while request is not None:
            if bids < len(self.auction):
                # Recounted before the "done" test, for every request: the rules may have entered
                # passes since the last bid (a seat below the auction's floor is made to pass), and
                # the request after them, a bid one too, is the one to stop at.
                bids = len(state.view(request.seat).auction)
            done = bids == len(self.auction) and plays == len(self.plays) and melds == len(self.melds)
            if done and choices >= len(self.mine) and self._is_the_request(request):
                return state
            if request.kind == "bid":
                if bids >= len(self.auction) or self.auction[bids][0] != request.seat:
                    raise Failed(None, "bid")
                answer: Any = BidAnswer.from_data(self.auction[bids][1])
                bids += 1
            elif request.kind == "play":
                if plays >= len(self.plays) or self.plays[plays][0] != request.seat:
                    raise Failed(None, "play order")
                answer = self.plays[plays][1]
                if answer not in request.options:
                    raise Failed(self._play_repair(state, request, answer))
                plays += 1
            elif request.seat == view.seat and choices < len(self.mine):
                name, answer = self.mine[choices]
                if name != request.name:
                    raise Failed(None, "myname")
                choices += 1
            elif self._is_meld(request):
                answer = None
                if melds < len(self.melds) and self.melds[melds]["seat"] == request.seat:
                    entry = self.melds[melds]
                    if entry["meld"] == request.name and len(view.tricks) + 1 >= entry["trick"]:
                        answer, melds = entry["shown"], melds + 1
            else:
                self.world_tricks = state.view(request.seat).tricks
                answer = self._public_answer(request, rng)
            try:
                answer = request.validate(answer)
            except IllegalDecision:
                raise Failed(self._choice_repair(state, request, answer), "illegal") from None
            state.apply(answer, _validated=True)
            request = state.advance(one_deal=True)
        raise Failed(None, "end")

    def _is_the_request(self, request: Request) -> bool:
        real = self.request
        # Options are not compared: they follow from the hand, which the final check compares
        # (and a hand that differs can still be repaired there).
        return request.seat == real.seat and request.kind == real.kind and request.name == real.name

    def _is_meld(self, request: Request) -> bool:
        """A meld's offer: the view lists every meld declared, so one not listed was declined."""
        return request.kind == "choose" and request.optional and request.name in self.meld_names

    def _public_answer(self, request: Request, rng: random.Random) -> Any:
        """An answer the view shows (a public declaration, a zone, the trick taker), else a random one."""
        view = self.view
        if request.name in view.declarations:
            value = view.declarations[request.name]
            if isinstance(value, dict):
                value = value.get(request.seat, value.get(str(request.seat)))
                if value is not None or request.seat in view.declarations[request.name]:
                    return value
            else:
                return value
        if request.name in view.zones and request.count >= 1:
            shown = [c for c in view.zones[request.name] if c in map(str, request.options)]
            rest = [str(o) for o in request.options if str(o) not in shown]
            rng.shuffle(rest)
            chosen = (shown + rest)[: request.count]
            return chosen if request.count > 1 else chosen[0]
        if request.name == TRICK_TAKER:  # asked before the trick is counted: the view shows who took it
            finished = len(self.world_tricks)
            if finished < len(view.tricks):
                return view.tricks[finished]["winner"]
        if request.name == CONTRACT and view.combo:
            return view.combo["bids"][0]
        if request.what == "suit" and request.name == TRUMP and view.trump is not None:
            if view.trump not in request.options:
                raise Failed(None, "trump")  # this world's declarer could not have chosen it
            return view.trump
        if request.what == "suit" and view.trump in request.options and rng.random() < 0.5:
            return view.trump  # another suit choice not shown: the trump in force is the likeliest
        return RandomAgent(rng.randrange(1 << 30)).decide(request, view)

    def _choice_repair(self, state: GameState, request: Request, answer: Any) -> tuple[str, ...] | None:
        """A card choice the view shows (a card offered, shown, put in a zone) that the world
        dealt elsewhere: bring the first such card into the chooser's hand."""
        if request.what != "card" or answer is None:
            return None
        names = {str(o) for o in request.options}
        for card in answer if isinstance(answer, list) else [answer]:
            if str(card) not in names:
                return self._play_repair(state, request, str(card))
        return None

    def _play_repair(self, state: GameState, request: Request, card: str) -> tuple[str, ...] | None:
        """Swap that would let ``request.seat`` play ``card``: bring it in, or take away the
        unseen card the engine preferred (the player showed it held none such)."""
        seat = request.seat
        hand = set(state.view(seat).hand)
        dealt = set(self.deal.hands[seat])
        unseen = [c for c in state.view(seat).hand if c not in self.known]  # dealt or drawn
        if card not in hand:
            if card in self.deal.hands[self.view.seat] or not unseen:
                return None
            return ("swap", card, unseen[0])
        offending = [str(o) for o in request.options if str(o) in dealt and str(o) not in self.known]
        if not offending:
            return None
        return ("away", offending[0], str(seat))
