"""One deal: dealing, the auction, the bids' steps, the tricks, and the deal's score.

Everything a bid changes reaches the engine through the hook points of
:class:`rulespec.model.Bid`; the deal's parts know them, never a bid by name. Events of a
combo run in priority order (the standard bid at 0, before special bids of the same
priority); a restriction on legal cards yields when it would leave no legal card.

This module sets a deal up (seats, cards, the environment expressions read); the parts that
play it are mixed in from their own modules.
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Sequence
from typing import Any

from interpreter.agenda import Agenda
from interpreter.auction import ComboMaker, ImpossibleCheck
from interpreter.bidding import AuctionCursor, Bidding
from interpreter.copying import share
from interpreter.dealparts import Ask, BidChoosers, CardChoosers
from interpreter.decisions import Request, ScriptError
from interpreter.draws import shuffle
from interpreter.hand import HandPlay, trick_data
from interpreter.plainhand import PlainCursor, PlainHand
from interpreter.prepared import NO_HOOKS, DeckLayout, deck_layout
from interpreter.scoring import DealResult, Scoring, bid_holds, floored
from interpreter.state import Card, Combo, Marks, Player, Seating, Table, Trick, Tricks
from interpreter.steps import Declaration, Steps, ZoneState
from interpreter.views import Views
from rulespec import model as M

__all__ = ["Ask", "Deal", "DealResult", "Declaration", "Options", "ZoneState", "bid_holds", "floored", "trick_data"]


@share
class Options:
    """The table's options, read by expressions as ``option.NAME``."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


class Deal(Agenda, Bidding, Steps, HandPlay, PlainHand, Scoring, Views):
    """One deal of ``rules`` among ``seats`` (clockwise): a state machine stepped with
    :meth:`advance` / :meth:`apply` (see :mod:`interpreter.agenda`), or driven by ``ask``
    (called for every decision) through :meth:`auction`, :meth:`run_events`, :meth:`play_hand`.

    Its parts live in their own modules: :mod:`interpreter.bidding` (auction, declaration),
    :mod:`interpreter.steps` (the bids' steps), :mod:`interpreter.hand` and
    :mod:`interpreter.plainhand` (tricks), :mod:`interpreter.scoring`, :mod:`interpreter.views`.
    """

    # What a new deal has not yet (values nobody changes in place: a deal sets its own when it has
    # them). Kept here rather than set by every deal: a deal is made for every one played.
    declarer: Player | None = None
    combo: Combo | None = None
    lead_worth: Any = None  # the highest bid's rank, shown to every bidder
    current: Trick | None = None
    face_up: Card | None = None
    closed = False
    # The explicit state machine (see :meth:`advance`): the decision waited for and the task that
    # takes its answer.
    pending: Request | None = None
    _resume: tuple[Any, ...] = ()
    _bidding: AuctionCursor | None = None
    _plain: PlainCursor | None = None
    # A driver that answers at once may set this: the hot loop of a hook-less hand then calls it
    # for each card instead of stopping (the same requests in the same order, the same state).
    sync_ask: Ask | None = None
    # With it, a driver may also answer each seat's cards from the options alone (no Request); the
    # cards so answered are counted here (the game counts every other decision).
    sync_cards: CardChoosers | None = None
    sync_bids: BidChoosers | None = None  # and its bid turns, from the check alone (no Request)
    cards_answered = 0

    def __init__(
        self,
        rules: M.RuleSet,
        seats: Sequence[int],
        dealer: int,
        scores: dict[int, Any],
        marks: dict[int, dict[str, int]],
        ask: Ask | None,
        rng: random.Random,
        options: dict[str, Any],
        hands: dict[int, list[str]] | None = None,
        stock: list[str] | None = None,
        hand_number: int = 0,
        impossible: ImpossibleCheck | None = None,
        after: Deal | None = None,
    ) -> None:
        """``after``: a finished deal that nobody looks at any more (a simulation's last one): its
        players, seating and seats are taken over, reset, when it had the same seats."""
        self.rules = rules
        self.game = rules.game
        self.ask_fn = ask
        self.rng = rng  # also shuffles cards dealt back during the events
        self.tricks = Tricks()
        tricks = weakref.ref(self.tricks)
        layout = deck_layout(rules, len(seats))
        combos: ComboMaker | None = None
        if after is not None and _same_table(after, seats, marks):
            self.players, self.by_seat, self.seating = after.players, after.by_seat, after.seating
            combos = after.combos  # (it keeps nothing of its deal but the environment)
            for player in self.players:
                player.start_deal(scores[player.seat], tricks)
        else:
            # (every field given in order: no keyword or default handling, for four players a deal)
            self.players = [Player(s, scores[s], Marks(marks[s]), [], False, 0, 0, 0, tricks) for s in seats]
            self.by_seat = {p.seat: p for p in self.players}
            self.seating = Seating(self.players)
        self.table = Table(None, layout.rank_value, self.players, {}, layout.colors)
        self.dealer = self.by_seat[dealer]
        self.declarations: dict[str, Declaration] = {}
        self.zones: dict[str, ZoneState] = {}
        self.auction_log: list[tuple[int, Any]] = []
        self.stock: list[Card] = []  # top first
        self.set_aside: list[Card] = []  # removed unseen
        self.meld_log: list[dict[str, Any]] = []
        self.taker_used: set[int] = set()  # trick-taker rules that give one trick a deal, once used
        self.hand_number = hand_number
        # The explicit state machine (see :meth:`advance`): tasks still to run, last first, each a
        # method name and its arguments.
        self._agenda: list[tuple[Any, ...]] = []
        self._chosen: dict[Any, Any] = {}  # answers of a step asked of several players
        self._set_plan(NO_HOOKS)  # until a combo is declared
        self.deck = layout.cards  # a tuple: never changed, so walks over it may be kept (rulespec/kept.py)
        self.card_by_name = layout.card_by_name  # read only: shared by every deal of the rule set
        self.hand_size = layout.hand_size
        self.env: dict[str, Any] = self._base_env(options, layout)
        if combos is not None and combos.rules is rules and combos.impossible is impossible:
            combos.base_env = self.env
        else:
            combos = ComboMaker(rules, self.env, impossible)  # the prover's check, when the rules need it
        self.combos = combos
        # Each player's turn order when they lead (seating is fixed for the deal).
        self._rounds = self.seating.rounds
        self._deal_cards(rng, hands, stock)
        # The cards as dealt; their names (records) are made only when asked for.
        self._dealt_hands = {p.seat: tuple(p.hand) for p in self.players}
        self._dealt_stock = ([self.face_up] if self.face_up else []) + self.stock
        self._trick_log: list[dict[str, Any]] = []
        self.side: tuple[int, ...] = ()  # the seats on the declarer's side, once play begins (``partners``)

    # -- setup

    @property
    def dealt(self) -> dict[int, list[str]]:
        """Each seat's hand as dealt (card names)."""
        return {seat: [c.name for c in cards] for seat, cards in self._dealt_hands.items()}

    @property
    def dealt_stock(self) -> list[str]:
        """The stock as dealt, top first (the face-up card first)."""
        return [c.name for c in self._dealt_stock]

    @property
    def trick_log(self) -> list[dict[str, Any]]:
        """Finished tricks as plain data (views, records), made from the tricks when first asked for."""
        log, tricks = self._trick_log, self.tricks
        for trick in tricks[len(log) :]:
            log.append(trick_data(trick))
        return log

    def _base_env(self, options: dict[str, Any], layout: DeckLayout) -> dict[str, Any]:
        # A copy of the names' order and fixed values, the deal's own set in it (cheaper than a
        # dict made name by name, once a deal).
        env = _ENV.copy()
        env["player_count"] = len(self.players)
        env["suits"] = list(layout.suits)
        env["ranks"] = list(layout.ranks)
        env["option"] = Options(options)
        env["hand_size"] = self.hand_size
        env["dealer"] = self.dealer
        env["players"] = self.players
        env["_seating"] = self.seating
        env["_table"] = self.table
        env["opponents"] = []
        env["deck"] = self.deck
        env["tricks"] = self.tricks
        env["plays"] = []
        env["hand_number"] = self.hand_number
        return env

    def redeal(self, hands: dict[int, list[str]]) -> None:
        """Give this deal, before its auction, ``hands`` in place of its cards (the rest set aside
        and in the stock as the constructor does). For hands the engine's agents lay out from this
        deck (an agent's layout of the cards it cannot see, cheaper than a new deal): they are not
        checked again, so hands from files and scripts go through the constructor, never here."""
        self.face_up = None
        self._deal_cards(self.rng, hands, None, checked=True)
        self._dealt_hands = {p.seat: tuple(p.hand) for p in self.players}
        self._dealt_stock = ([self.face_up] if self.face_up else []) + self.stock

    def _deal_cards(
        self, rng: random.Random, hands: dict[int, list[str]] | None, stock: list[str] | None, checked: bool = False
    ) -> None:
        rules = self.game.deal
        if hands is not None:
            if not checked:
                self._check_hands(hands)
            for player in self.players:
                player.hand = [self.card_by_name[n] for n in hands[player.seat]]
            if checked and stock is None and sum([len(p.hand) for p in self.players]) == len(self.deck):
                rest: list[Card] = []  # (a checked layout of the whole deck: nothing left, no search for it)
            else:
                dealt = {c for p in self.players for c in p.hand}
                rest = [c for c in self.deck if c not in dealt]
            if stock is not None:
                self._check_stock(stock, dealt, len(rest) - rules.set_aside)
                self.stock = [self.card_by_name[n] for n in stock]
                self.set_aside = [c for c in rest if c not in set(self.stock)]
            else:
                self.set_aside, self.stock = rest[: rules.set_aside], rest[rules.set_aside :]
        else:
            cards = list(self.deck)
            shuffle(rng.getrandbits, cards)  # (as rng.shuffle(cards) does: interpreter/draws.py)
            if rules.set_aside:  # (most decks set nothing aside: no copy of the deck for that)
                self.set_aside, cards = cards[: rules.set_aside], cards[rules.set_aside :]
            order = self._rounds[self.seating.left_of(self.dealer)]
            for i, player in enumerate(order):
                player.hand = cards[i * self.hand_size : (i + 1) * self.hand_size]
            self.stock = cards[len(order) * self.hand_size :]
        if rules.stock is None:
            self.stock = []  # no draw pile: undealt cards simply stay out
        elif rules.stock.face_up and self.stock:
            self.face_up = self.stock.pop(0)
        self._stock_changed()

    def _stock_changed(self) -> None:
        self.env["face_up"] = self.face_up
        self.env["stock_size"] = len(self.stock) + (1 if self.face_up else 0)

    def _check_stock(self, stock: list[str], dealt: set[Card], size: int) -> None:
        """A given stock must be the real rest of the deck: cards of it, none dealt or given twice, and
        as many as the deal leaves (a stock one card long or short would surface as a draw from an
        empty pile, blamed on the rule file, and a card twice would be played twice)."""
        if self.game.deal.stock is None:  # (an empty one is none: the search agent's worlds give one)
            if stock:
                raise ScriptError("stock given, but this game deals no stock")
            return
        unknown = [n for n in stock if n not in self.card_by_name or self.card_by_name[n] in dealt]
        if unknown:
            raise ScriptError(f"stock cards not in the deck or already dealt: {', '.join(unknown)}")
        twice = sorted(name for name, count in Counter(stock).items() if count > 1)
        if twice:
            raise ScriptError(f"stock cards given twice: {', '.join(twice)}")
        if len(stock) != size:
            aside = f", after {self.game.deal.set_aside} set aside" if self.game.deal.set_aside else ""
            raise ScriptError(f"stock of {len(stock)} cards given, but the deal leaves {size}{aside}")

    def _check_hands(self, hands: dict[int, list[str]]) -> None:
        """Given hands must be real deals: the right size, cards of this deck, none twice."""
        seen: set[str] = set()
        for player in self.players:
            names = hands.get(player.seat)
            if names is None:
                raise ScriptError(f"no hand given for seat {player.seat}")
            unknown = [n for n in names if n not in self.card_by_name]
            if unknown:
                raise ScriptError(f"seat {player.seat}: cards not in this deck: {', '.join(unknown)}")
            if len(names) != self.hand_size:
                raise ScriptError(f"seat {player.seat}: {len(names)} cards given, a hand has {self.hand_size}")
            twice = sorted(seen.intersection(names) | {n for n in names if names.count(n) > 1})
            if twice:
                raise ScriptError(f"seat {player.seat}: cards given twice: {', '.join(twice)}")
            seen.update(names)


#: The environment of a new deal: every name, in this order, with its value before the deal sets its own.
_ENV: dict[str, Any] = {
    "player_count": 0,
    "suits": None,
    "ranks": None,
    "option": None,
    "hand_size": 0,
    "dealer": None,
    "players": None,
    "_seating": None,
    "_table": None,
    "declarer": None,
    "opponents": None,
    "side": (),  # the declarer's partners, once play begins (``partners``)
    "combo": None,
    "standard": None,
    "trump": None,
    "deck": None,
    "tricks": None,
    "last_trick": None,
    "trick": None,  # card rules (visible, zone_limits) run before the first trick too: no trick yet
    "plays": None,
    "face_up": None,
    "stock_size": 0,
    "hand_number": 0,
}


def _same_table(deal: Deal, seats: Sequence[int], marks: dict[int, dict[str, int]]) -> bool:
    """Whether ``deal`` was among ``seats`` (in this order), its players' marks the game's ``marks``."""
    players = deal.players
    if len(players) != len(seats):
        return False
    # (a loop, not all() of a generator: asked once a deal, it stops at the first difference)
    for player, seat in zip(players, seats, strict=True):  # noqa: SIM110
        if player.seat != seat or not player.marks.wraps(marks[seat]):
            return False
    return True
