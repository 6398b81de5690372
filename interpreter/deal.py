"""One deal: dealing, the auction, the bids' steps, the tricks, and the deal's score.

Everything a bid changes reaches the engine through the hook points of
:class:`rulespec.model.Bid`; this module knows them, never a bid by name. Events of a
combo run in priority order (the standard bid at 0, before special bids of the same
priority); a restriction on legal cards yields when it would leave no legal card.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from interpreter.auction import ComboMaker
from interpreter.decisions import BidAnswer, Request, ScriptError, View
from interpreter.prepared import NO_HOOKS, ComboPlan, DeckLayout, combo_plan, deck_layout
from interpreter.state import Card, Combo, Marks, Play, Player, Seating, Table, Trick, Tricks
from rulespec import model as M
from rulespec.build import least_tricks
from rulespec.compiler import Expression

Ask = Callable[[Request], Any]
# A player's turn in a hook-less hand: the player, seat, hand, its card names, and those by suit.
_Turn = tuple[Player, int, list[Card], list[str], dict[Any, list[str]]]


class Options:
    """The table's options, read by expressions as ``option.NAME``."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


@dataclass
class Declaration:
    """A value chosen in a step. Per-player choices keep each chooser's value (``by_seat``)."""

    value: Any
    public: bool
    by_seat: dict[int, Any] = field(default_factory=dict)
    is_card: bool = False
    per_player: bool = False  # chosen by each of several players (``value`` lists the answers given)

    def record(self) -> Any:
        """The declaration as records show it: per-player choices by seat (None: declined)."""
        if self.per_player:
            return {str(seat): _plain(value) for seat, value in self.by_seat.items()}
        return _plain(self.value)

    def shown_to(self, seat: int) -> tuple[bool, Any]:
        """Whether the player at ``seat`` may see the declaration, and what they see (plain data).

        Per-player choices are shown by seat (None: declined), so everyone can tell whose each
        value is: all of them once public, before that the viewer's own.
        """
        if self.per_player:
            seen = {s: _plain(v) for s, v in self.by_seat.items() if self.public or s == seat}
            return bool(seen), seen
        if self.public:
            return True, _plain(self.value)
        if seat in self.by_seat:
            return True, _plain(self.by_seat[seat])
        return False, None


@dataclass
class ZoneState:
    name: str
    owner: Player
    size: int
    refill: bool
    forbid: list[Expression]


@dataclass
class DealResult:
    """What a deal came to; ``declarer`` is None when everyone passed."""

    declarer: int | None
    combo: Combo | None = None
    completed: bool = False
    points: Any = 0
    tricks: dict[int, int] = field(default_factory=dict)
    instant_win: bool = False
    hand_points: dict[int, Any] = field(default_factory=dict)  # deals without a declarer: each player's


class Deal:
    """Plays one deal of ``rules`` among ``seats`` (clockwise), asking ``ask`` for every decision."""

    def __init__(
        self,
        rules: M.RuleSet,
        seats: Sequence[int],
        dealer: int,
        scores: dict[int, Any],
        marks: dict[int, dict[str, int]],
        ask: Ask,
        rng: random.Random,
        options: dict[str, Any],
        hands: dict[int, list[str]] | None = None,
        stock: list[str] | None = None,
        hand_number: int = 0,
    ) -> None:
        self.rules = rules
        self.game = rules.game
        self.ask_fn = ask
        self.rng = rng  # also shuffles cards dealt back during the events
        self.tricks = Tricks()
        tricks = weakref.ref(self.tricks)
        self.players = [Player(seat, scores[seat], Marks(marks[seat]), deal_tricks=tricks) for seat in seats]
        self.table = Table(players=self.players)
        self.by_seat = {p.seat: p for p in self.players}
        self.seating = Seating(self.players)
        self.dealer = self.by_seat[dealer]
        self.declarer: Player | None = None
        self.combo: Combo | None = None
        self.declarations: dict[str, Declaration] = {}
        self.zones: dict[str, ZoneState] = {}
        self.auction_log: list[tuple[int, Any]] = []
        self.lead_worth: Any = None  # the highest bid's rank, shown to every bidder
        self.current: Trick | None = None
        self.stock: list[Card] = []  # top first
        self.face_up: Card | None = None
        self.set_aside: list[Card] = []  # removed unseen
        self.closed = False
        self.meld_log: list[dict[str, Any]] = []
        self.taker_used: set[int] = set()  # trick-taker rules that give one trick a deal, once used
        self.hand_number = hand_number
        self._set_plan(NO_HOOKS)  # until a combo is declared
        layout = deck_layout(rules, len(self.players))
        self.table.rank_value = layout.rank_value
        self.table.colors = layout.colors
        self.deck = list(layout.cards)
        self.card_by_name = layout.card_by_name  # read only: shared by every deal of the rule set
        self.hand_size = layout.hand_size
        self.env: dict[str, Any] = self._base_env(options, layout)
        self.combos = ComboMaker(rules, self.env)
        # Each player's turn order when they lead (seating is fixed for the deal).
        self._rounds = self.seating.rounds
        self._deal_cards(rng, hands, stock)
        # The cards as dealt; their names (records) are made only when asked for.
        self._dealt_hands = {p.seat: tuple(p.hand) for p in self.players}
        self._dealt_stock = ([self.face_up] if self.face_up else []) + self.stock
        self._trick_log: list[dict[str, Any]] = []

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
        return {
            "player_count": len(self.players),
            "suits": list(layout.suits),
            "ranks": list(layout.ranks),
            "option": Options(options),
            "hand_size": self.hand_size,
            "dealer": self.dealer,
            "players": self.players,
            "_seating": self.seating,
            "_table": self.table,
            "declarer": None,
            "opponents": [],
            "combo": None,
            "standard": None,
            "trump": None,
            "deck": self.deck,
            "tricks": self.tricks,
            "last_trick": None,
            "plays": [],
            "face_up": None,
            "stock_size": 0,
            "hand_number": self.hand_number,
        }

    def _deal_cards(self, rng: random.Random, hands: dict[int, list[str]] | None, stock: list[str] | None) -> None:
        rules = self.game.deal
        if hands is not None:
            self._check_hands(hands)
            for player in self.players:
                player.hand = [self.card_by_name[n] for n in hands[player.seat]]
            dealt = {c for p in self.players for c in p.hand}
            rest = [c for c in self.deck if c not in dealt]
            if stock is not None:
                unknown = [n for n in stock if n not in self.card_by_name or self.card_by_name[n] in dealt]
                if unknown:
                    raise ScriptError(f"stock cards not in the deck or already dealt: {', '.join(unknown)}")
                self.stock = [self.card_by_name[n] for n in stock]
                self.set_aside = [c for c in rest if c not in set(self.stock)]
            else:
                self.set_aside, self.stock = rest[: rules.set_aside], rest[rules.set_aside :]
        else:
            cards = list(self.deck)
            rng.shuffle(cards)
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

    # -- asking

    def ask(self, request: Request) -> Any:
        return self.ask_fn(request)

    # -- the auction

    def auction(self) -> bool:
        """Run the auction; True when there is a declarer, False when everyone passed."""
        rules = self.game.auction
        if rules is None:
            return False
        env = self.env
        first = rules.first_bidder(env)
        order = self.seating.clockwise_from(first)
        active = list(order)
        lead: Combo | None = None
        leader: Player | None = None
        lead_answer: BidAnswer | None = None
        turn = 0  # index in ``active`` of the player to ask next
        while active and not (lead is not None and len(active) == 1):
            turn %= len(active)  # past the last player still in: round again (reading 14)
            player = active[turn]
            env["player"] = player
            if not rules.may_bid(env):
                del active[turn]  # the next player still in slides into this index
                self.auction_log.append((player.seat, None))
                continue
            request = Request(
                "bid",
                player.seat,
                "bid",
                check=lambda answer, p=player, ld=lead, lr=leader: self.bid_problem(answer, p, ld, lr),
                standard_ids=self.combos.standard_ids,
                special_ids=self.combos.special_ids,
                repeatable_ids=self.combos.repeatable_ids,
            )
            answer = self.ask(request)
            if answer is None:
                del active[turn]  # passing is final; the next player still in is now at ``turn``
                self.auction_log.append((player.seat, None))
                continue
            lead, leader, lead_answer = self.combos.make(answer, player), player, answer
            self.lead_worth = lead.worth
            self._marks_for_bidding(player, answer)
            self.auction_log.append((player.seat, answer.to_data()))
            turn += 1
        env.pop("player", None)
        if lead is None or leader is None or lead_answer is None:
            return False
        self._set_declarer(leader, lead, lead_answer)
        return True

    def bid_problem(self, answer: BidAnswer, player: Player, lead: Combo | None, leader: Player | None) -> str | None:
        """Why ``player`` may not bid ``answer`` now, or None."""
        problem = self.combos.problem(answer)
        if problem:
            return problem
        rules = self.game.auction
        assert rules is not None
        env = {**self.env, "player": player}
        for bid_id in dict.fromkeys((answer.standard, *answer.specials)):
            bid = self.rules.bids[bid_id]
            if bid.may_bid is not None and not bid.may_bid(env):
                return f"{bid_id} may not be bid by seat {player.seat} now"
            copies = answer.specials.count(bid_id)
            if copies > 1 and bid.repeatable is not None and copies > bid.repeatable(env):
                return f"seat {player.seat} may bid {bid_id} at most {bid.repeatable(env)} time(s) in a combo bid now"
        combo = self.combos.make(answer, player)
        minimum = rules.minimum_worth(env)
        if combo.worth < minimum:
            return f"a combo bid must be worth at least {minimum} (this one: {combo.worth})"
        if lead is not None and not rules.beats({**env, "bid": combo, "lead": lead, "leader": leader}):
            return f"a combo bid worth {combo.worth} does not beat the lead ({lead.worth})"
        return None

    def declare(self, seat: int, answer: BidAnswer) -> None:
        """Skip the auction: make ``seat`` the declarer of ``answer`` (playouts, tests)."""
        problem = self.combos.problem(answer)
        if problem:
            raise ValueError(problem)
        self._set_declarer(self.by_seat[seat], self.combos.make(answer, self.by_seat[seat]), answer)
        self._marks_for_bidding(self.by_seat[seat], answer)

    def _marks_for_bidding(self, player: Player, answer: BidAnswer) -> None:
        """Marks a bid costs or gives when it is bid, one lot per copy (e.g. a mark spent)."""
        for bid_id in (answer.standard, *answer.specials):
            for name, count in self.rules.bids[bid_id].marks_on_bidding.items():
                player.marks._counts[name] = player.marks._counts.get(name, 0) + count

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

    def _set_declarer(self, player: Player | None, combo: Combo, answer: BidAnswer) -> None:
        self.declarer = player
        standard = self.rules.bids[answer.standard]
        env = self.env
        if player is not None:
            player.is_declarer = True
            env.update(declarer=player, opponents=[p for p in self._rounds[player] if p is not player])
        env["combo"] = combo
        score = standard.score(env) if standard.score is not None else 0
        wanted = standard.tricks.in_force(len(self.players)) if standard.tricks is not None else None
        facts = _with_score(combo.standard, score, least_tricks(wanted, env))
        if facts is not combo.standard:
            combo = Combo(facts, combo.specials, combo.worth)
        self.combo = combo
        env.update(combo=combo, standard=combo.standard)
        plan = combo_plan(self.rules, answer.standard, answer.specials)
        self._set_plan(plan)
        if player is not None:
            counts = player.marks._counts
            for name, count in plan.marks_on_declaring:  # marks gained or spent by declaring
                counts[name] = counts.get(name, 0) + count

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
        # Following suit is the only limit when no bid restricts play and trumping is free.
        self._plain_play = not plan.restricts_play and not self.game.play.must_trump
        if plan.bids:
            self.table.rank_value = plan.rank_value

    # -- events before the hand

    def set_trump(self, suit: str | None) -> None:
        self.table.trump = suit
        self.env["trump"] = suit

    def run_events(self) -> None:
        """Each bid's steps and trump setting, in event order."""
        for bid in self.bids:
            for step in bid.steps:
                self._run_step(bid, step)
            if bid.trump is not None:
                self._settle_trump(bid.trump)

    def _settle_trump(self, trump: M.Trump) -> None:
        if trump.suit is not None:
            value = trump.suit(self.env)
            self.set_trump(value.suit if isinstance(value, Card) else value)
            return
        assert trump.chosen_by is not None
        chooser = trump.chosen_by(self.env)
        suits = self.env["suits"]
        if trump.where is not None:
            allowed = self._filter(suits, "suit", trump.where, chooser)
            suits = allowed or suits  # a constraint that leaves nothing yields
        answer = self.ask(Request("choose", chooser.seat, "trump", "suit", tuple(suits)))
        self.set_trump(answer)

    def _filter(self, items: Sequence[Any], bind: str, condition: Expression, player: Player | None) -> list[Any]:
        env = self.env
        saved = env.get(bind), env.get("player")
        if player is not None:
            env["player"] = player
        kept = []
        for item in items:
            env[bind] = item
            if condition(env):
                kept.append(item)
        env[bind], env["player"] = saved
        return kept

    def _run_step(self, bid: M.Bid, step: M.Step) -> None:
        if isinstance(step, M.Choose):
            self._choose(step)
        elif isinstance(step, M.Reveal):
            self.declarations[step.name].public = True
        elif isinstance(step, M.Give):
            self._move(step.card(self.env), step.to(self.env))
        elif isinstance(step, M.PassCards):
            self._pass_cards(step)
        elif isinstance(step, M.Zone):
            self._make_zone(step)
        elif isinstance(step, M.DealBack):
            self._deal_back(step)

    def _choose(self, step: M.Choose) -> None:
        who = step.who(self.env)
        choosers = who if isinstance(who, list) else [who]
        values: dict[int, Any] = {}
        for chooser in choosers:
            values[chooser.seat] = self._choose_one(step, chooser)
        if isinstance(who, list):
            value: Any = [values[p.seat] for p in choosers if values[p.seat] is not None]
        else:
            value = values[who.seat]
        self.declarations[step.name] = Declaration(
            value, not step.hidden, values, step.what == "card", isinstance(who, list)
        )
        self.env[step.name] = value

    def _choose_one(self, step: M.Choose, chooser: Player) -> Any:
        self.env["player"] = chooser
        if step.source is not None:
            candidates = list(step.source(self.env))
        else:
            candidates = {
                "suit": self.env["suits"],
                "card": chooser.hand,
                "player": self.players,
            }.get(step.what, [])
        if step.where is not None:
            candidates = self._filter(candidates, step.what, step.where, chooser) or candidates
        self.env.pop("player", None)
        options = tuple(_option(c) for c in candidates)
        count = step.count or 1
        answer = self.ask(Request("choose", chooser.seat, step.name, step.what, options, count, step.optional))
        if answer is None:
            return None
        if count > 1:
            return [self._value(step.what, a) for a in answer]
        return self._value(step.what, answer)

    def _value(self, what: str, answer: Any) -> Any:
        if what == "card":
            return self.card_by_name[str(answer)]
        if what == "player":
            return self.by_seat[int(answer)]
        return answer

    def _move(self, card: Card, to: Player) -> None:
        holder = self.table.card_holder(card)
        if holder is not None:
            holder.hand.remove(card)
        self.table.zone.pop(card, None)
        to.hand.append(card)

    def _pass_cards(self, step: M.PassCards) -> None:
        senders: list[Player] = step.senders(self.env)
        direction = step.direction(self.env)
        chosen: dict[Player, list[Card]] = {}
        for sender in senders:  # everyone chooses before anyone receives
            options = tuple(c.name for c in sender.hand)
            count = min(step.count, len(options))
            answer = self.ask(Request("choose", sender.seat, "pass_cards", "card", options, count))
            names = answer if isinstance(answer, list) else [answer]
            chosen[sender] = [self.card_by_name[str(n)] for n in names]
        for sender, cards in chosen.items():
            receiver = self._next_among(sender, senders, direction)
            for card in cards:
                self._move(card, receiver)

    def _deal_back(self, step: M.DealBack) -> None:
        """Take the cards from their holders, shuffle them and deal one back to each holder."""
        cards: list[Card] = list(step.cards(self.env))
        holders = [self.table.card_holder(c) for c in cards]
        order = [p for p in self.seating.clockwise_from(self.seating.left_of(self.dealer)) if p in holders]
        receivers = [p for p in order for _ in range(holders.count(p))]
        self.rng.shuffle(cards)
        by_seat: dict[int, Any] = {}
        for card, receiver in zip(cards, receivers, strict=True):
            self._move(card, receiver)
            by_seat.setdefault(receiver.seat, card)
        dealt = [by_seat[p.seat] for p in order]
        self.declarations[step.name] = Declaration(dealt, step.face_up, by_seat, True, True)
        self.env[step.name] = dealt

    def _next_among(self, player: Player, among: list[Player], direction: str) -> Player:
        if direction == "across":  # half-way round the senders, in seat order
            ordered = [p for p in self.seating.clockwise_from(player) if p in among]
            if len(ordered) % 2:
                raise ScriptError(f"cards cannot go across among {len(ordered)} players")
            return ordered[len(ordered) // 2]
        step = self.seating.left_of if direction == "left" else self.seating.right_of
        current = step(player)
        while current not in among:
            current = step(current)
        return current

    def _make_zone(self, step: M.Zone) -> None:
        owner = step.owner(self.env)
        forbid = [lim.forbid for bid in self.bids for lim in bid.zone_limits if lim.zone == step.name]
        zone = ZoneState(step.name, owner, step.size, step.refill, forbid)
        self.zones[step.name] = zone
        self._fill_zone(zone, step.size)

    def _zone_cards(self, zone: ZoneState) -> list[Card]:
        return [c for c in zone.owner.hand if self.table.zone.get(c) == zone.name]

    def _fill_zone(self, zone: ZoneState, wanted: int) -> None:
        eligible = [c for c in zone.owner.hand if c not in self.table.zone and not self._forbidden(zone, c)]
        count = min(wanted, len(eligible))
        if count <= 0:
            return
        options = tuple(c.name for c in eligible)
        answer = self.ask(Request("choose", zone.owner.seat, zone.name, "card", options, count))
        for name in answer if isinstance(answer, list) else [answer]:
            self.table.zone[self.card_by_name[str(name)]] = zone.name

    def _forbidden(self, zone: ZoneState, card: Card) -> bool:
        if not zone.forbid:
            return False
        env = self.env
        env["card"], env["player"] = card, zone.owner
        return any(rule(env) for rule in zone.forbid)

    # -- the hand

    def play_hand(self) -> None:
        """Trick after trick until every hand is empty (a stock refills the hands on the way)."""
        play = self.game.play
        if play.trump is not None:
            self.set_trump(play.trump(self.env))
        leader = play.first_leader(self.env)
        for bid in self.bids:
            if bid.first_leader is not None:
                leader = bid.first_leader(self.env)
        if self._hookless_hand():
            self._plain_hand(leader)
            return
        number = 0
        while any(p.hand for p in self.players):
            if not self.closed and play.close_when is not None and play.close_when(self.env):
                self.closed = True
            number += 1
            leader = self._play_trick(number, leader)

    def _hookless_hand(self) -> bool:
        """Whether nothing but following suit acts during this hand (no hook, zone, stock or close)."""
        play = self.game.play
        return (
            self._plain_play
            and not (self.plays_last_rules or self.taker_rules or self.melds or self.trump_changes)
            and not (self.zones or self.table.zone or play.after_trick or play.close_when is not None)
        )

    def _plain_hand(self, leader: Player) -> None:
        """The tricks of a hook-less hand: :meth:`_play_trick` with :meth:`legal_cards`, :meth:`_play`
        and :meth:`trick_winner` inlined for that case (the hot loop of simulations and playouts),
        asking the same requests in the same order and keeping the same records (a test plays the
        two loops side by side).

        Nothing but these plays changes a hand here, so each player's card names are kept beside
        the hand, as a whole and by suit, in hand order: the legal options are copies of those
        lists instead of a filtered walk over the hand at every play.
        """
        ask, by_name, env = self.ask_fn, self.card_by_name, self.env
        all_plays, tricks, value = env["plays"], self.tricks, self.table.rank_value
        follow_suit, trump = self.game.play.follow_suit, self.table.trump
        turns = self._plain_turns()
        hands = [p.hand for p in self.players]  # the same lists all hand long: only plays change them
        number = 0
        while any(hands):
            number += 1
            self.current = trick = Trick(number, leader, trump)
            plays = trick.plays
            led = best_suit = None  # while leading: every card of the hand may be played
            best_value = 0
            for player, seat, hand, names, by_suit in turns[leader]:
                answer = ask(Request("play", seat, "card", "card", tuple(by_suit.get(led) or names)))
                card = by_name[answer]
                hand.remove(card)
                names.remove(answer)
                by_suit[card.suit].remove(answer)
                play = Play(player, card, not plays)
                plays.append(play)
                all_plays.append(play)
                if led is None and follow_suit:
                    led = card.suit
                # The winner so far, kept as the cards come (what trick_winner finds at the end).
                if card.suit == best_suit:
                    if value[card.rank] > best_value:
                        leader, best_value = player, value[card.rank]
                elif best_suit is None or card.suit == trump:
                    leader, best_suit, best_value = player, card.suit, value[card.rank]
            trick.winner = leader
            leader.win(trick)
            tricks.append(trick)
            env["last_trick"] = trick
            self.current = None

    def _plain_turns(self) -> dict[Player, list[_Turn]]:
        """For each leader, the players' turns in order, each with seat, hand, its card names and
        those by suit."""
        turns: list[_Turn] = []
        for player in self.players:  # clockwise
            names: list[str] = []
            by_suit: dict[Any, list[str]] = {}  # .get() of a void suit: None
            for card in player.hand:
                name, suit = card.name, card.suit
                names.append(name)
                if suit in by_suit:
                    by_suit[suit].append(name)
                else:
                    by_suit[suit] = [name]
            turns.append((player, player.seat, player.hand, names, by_suit))
        return {turn[0]: turns[i:] + turns[:i] for i, turn in enumerate(turns)}

    def play_order(self, trick: Trick) -> list[Player]:
        """Who plays to ``trick``, in turn (read only: the plain order is shared between tricks)."""
        order = self._rounds[trick.leader]
        if self.plays_last_rules:
            self.env["trick"] = trick
            for rule in self.plays_last_rules:
                if rule.when is None or rule.when(self.env):
                    last = rule.player(self.env)
                    order = [p for p in order if p is not last] + [last]
        return order

    def _play_trick(self, number: int, leader: Player) -> Player:
        trick = Trick(number, leader, self.table.trump, after_close=self.closed)
        self.current = trick
        ask, by_name = self.ask_fn, self.card_by_name
        for player in self.play_order(trick):
            legal = self.legal_cards(player, trick)
            answer = ask(Request("play", player.seat, "card", "card", tuple([c.name for c in legal])))
            self._play(player, by_name[answer], trick)
        winner = self.trick_winner(trick)
        if self.taker_rules:
            winner = self._trick_taker(trick, winner)
        trick.winner = winner
        winner.win(trick)
        self.tricks.append(trick)
        self.env["last_trick"] = trick
        self.current = None
        if self.melds:
            self._melds(trick)
        if self.trump_changes:
            self._after_trick(trick)
        if self.game.play.after_trick:
            self._draws(trick)
        return winner

    def _melds(self, trick: Trick) -> None:
        """The trick's leader may declare a meld: led the right card, and still holds one to show."""
        melds = self.melds
        env, leader, led = self.env, trick.leader, trick.plays[0].card
        env["player"], env["trick"] = leader, trick
        for meld in melds:
            env["card"] = led
            if not meld.lead(env):
                continue
            shown = self._filter(leader.hand, "card", meld.show, leader)
            if not shown:
                continue
            options = tuple(c.name for c in shown)
            answer = self.ask(Request("choose", leader.seat, meld.name, "card", options, optional=True))
            if answer is None:
                continue
            card = self.card_by_name[str(answer)]
            env["player"], env["trick"], env["card"] = leader, trick, card
            points = meld.points(env)
            leader.meld_points = leader.meld_points + points
            self.meld_log.append(
                {
                    "trick": trick.number,
                    "seat": leader.seat,
                    "meld": meld.name,
                    "led": led.name,
                    "shown": card.name,
                    "points": points,
                }
            )

    def _draws(self, trick: Trick) -> None:
        """After a trick: players take the face-up card or the top of the stock, then one is turned up."""
        steps = self.game.play.after_trick
        if not steps:
            return
        self.env["trick"] = trick
        for step in steps:
            if isinstance(step, M.TurnUp):
                if self.face_up is None and self.stock:
                    self.face_up = self.stock.pop(0)
                continue
            who = step.who(self.env)
            for player in who if isinstance(who, list) else [who]:
                card = self._take(step.source)
                if card is not None:
                    player.hand.append(card)
        self._stock_changed()

    def _take(self, source: str) -> Card | None:
        if source == "face_up":
            card, self.face_up = self.face_up, None
            return card
        return self.stock.pop(0) if self.stock else None

    def _play(self, player: Player, card: Card, trick: Trick) -> None:
        player.hand.remove(card)
        table = self.table
        zone_name = table.zone.pop(card, None) if table.zone else None
        play = Play(player, card, not trick.plays)
        trick.plays.append(play)
        self.env["plays"].append(play)
        if zone_name is not None:
            zone = self.zones[zone_name]
            if zone.refill:
                self._fill_zone(zone, zone.size - len(self._zone_cards(zone)))

    def legal_cards(self, player: Player, trick: Trick) -> list[Card]:
        """The cards ``player`` may play to ``trick`` now."""
        hand = player.hand
        legal = hand
        led = trick.led_suit
        if led is not None and self.game.play.follow_suit:
            following = [c for c in hand if c.suit == led]
            if following:
                legal = following
            elif self.game.play.must_trump and self.table.trump is not None:
                legal = [c for c in hand if c.suit == self.table.trump] or hand
        rules = self.play_rules + self.lead_rules if led is None else self.play_rules
        if not rules:
            return list(legal)
        env = self.env
        env["player"], env["trick"] = player, trick
        for rule in rules:
            kept = []
            for card in legal:
                env["card"] = card
                if not rule(env):  # each evaluation its own step budget, errors located (not .evaluate)
                    kept.append(card)
            if kept:  # a restriction that would leave nothing yields
                legal = kept
        return list(legal)

    def trick_winner(self, trick: Trick) -> Player:
        trump, value = trick.trump, self.table.rank_value  # card.value, looked up directly
        best = trick.plays[0]
        for play in trick.plays[1:]:
            card, top = play.card, best.card
            if card.suit == top.suit:
                if value[card.rank] > value[top.rank]:
                    best = play
            elif trump is not None and card.suit == trump:
                best = play
        return best.player

    def _trick_taker(self, trick: Trick, winner: Player) -> Player:
        """A rule may give the trick to someone else; ``trick.winner`` is who won it by the cards."""
        self.env["trick"] = trick
        trick.winner = winner
        for index, rule in enumerate(self.taker_rules):
            if index in self.taker_used or not rule.when(self.env):
                continue
            chooser = rule.chosen_by(self.env)
            allowed = rule.to(self.env) if rule.to is not None else self.players
            options = tuple(p.seat for p in (allowed if isinstance(allowed, list) else [allowed]))
            seat = self.ask(Request("choose", chooser.seat, "trick_taker", "player", options, optional=rule.optional))
            if seat is None:  # declined: the trick stays with its winner
                continue
            winner = self.by_seat[int(seat)]
            trick.winner = winner
            if rule.once:
                self.taker_used.add(index)
        return winner

    def _after_trick(self, trick: Trick) -> None:
        self.env["trick"] = trick
        for change in self.trump_changes:
            self.set_trump(change(self.env))

    # -- scoring

    def requirements_hold(self, adjust: int) -> bool:
        """Whether every bid of the combo holds with the declarer's trick count changed by ``adjust``."""
        assert self.declarer is not None
        self.declarer.adjust = adjust
        try:
            return all(bid_holds(bid, self.env, self.declarer) for bid in self.bids)
        finally:
            self.declarer.adjust = 0

    def hand_points(self) -> dict[int, Any]:
        """Each player's points in a deal without a declarer (a match's hand)."""
        env = self.env
        base = self.game.match.hand_points if self.game.match else None
        rules = [bid.points_each for bid in self.bids if bid.points_each is not None]
        points: dict[int, Any] = {}
        for player in self.players:
            env["player"] = player
            total: Any = base(env) if base is not None else 0
            for rule in rules:
                total = total + rule(env)
            points[player.seat] = total
        return points

    def score(self) -> DealResult:
        assert self.combo is not None
        if self.declarer is None:
            return DealResult(
                declarer=None,
                combo=self.combo,
                tricks={p.seat: p.won_count for p in self.players},
                hand_points=self.hand_points(),
            )
        plan = self._plan
        completed = all(self.requirements_hold(k) for k in plan.tricks_adjust)
        env = self.env
        bonus = sum([rule(env) for rule in plan.bonuses], 0)
        penalty = sum([rule(env) for rule in plan.penalties], 0)
        scoring = self.game.scoring
        points: Any = 0
        if scoring is not None:
            formula = scoring.completed if completed else scoring.failed
            env["bonus"], env["penalty"] = bonus, penalty  # names of the scoring formulas only
            points = formula(env)
            del env["bonus"], env["penalty"]
        self.declarer.score = floored(self.game.scoring, self.declarer.score + points, self.declarer.marks._counts)
        instant = completed and any(rule(env) for rule in plan.wins_game)
        return DealResult(
            declarer=self.declarer.seat,
            combo=self.combo,
            completed=completed,
            points=points,
            tricks={p.seat: p.won_count for p in self.players},
            instant_win=instant,
        )

    def marks_earned(self) -> dict[str, int]:
        earned: dict[str, int] = {}
        for bid in self.bids:
            for name, count in bid.marks_on_completion.items():
                earned[name] = earned.get(name, 0) + count
        return earned

    # -- what a player may see

    def visible_to(self, viewer: Player) -> dict[int, tuple[str, ...]]:
        """Other players' cards that the rules show to ``viewer``."""
        rules = [rule for bid in self.bids for rule in bid.visible]
        shown: dict[int, tuple[str, ...]] = {}
        if not rules:
            return shown
        env = self.env
        for rule in rules:
            if rule.to is not None:
                audience = rule.to(env)
                if viewer not in (audience if isinstance(audience, list) else [audience]):
                    continue
            owners = rule.of(env)
            for owner in owners if isinstance(owners, list) else [owners]:
                if owner is viewer:
                    continue
                env["player"] = owner
                cards = []
                for card in owner.hand:
                    env["card"] = card
                    if rule.cards(env):
                        cards.append(card.name)
                if cards:
                    merged = dict.fromkeys([*shown.get(owner.seat, ()), *cards])
                    shown[owner.seat] = tuple(merged)
        return shown

    def view(self, seat: int) -> View:
        viewer = self.by_seat[seat]
        declarations: dict[str, Any] = {}
        declared_cards: list[str] = []
        for name, decl in self.declarations.items():
            seen, plain = decl.shown_to(seat)
            if not seen:
                continue
            declarations[name] = plain
            if decl.is_card:
                declared_cards.extend(_names(plain))
        zones = {name: tuple(c.name for c in self._zone_cards(z)) for name, z in self.zones.items()}
        return View(
            seat=seat,
            hand=tuple(c.name for c in viewer.hand),
            visible=self.visible_to(viewer),
            trump=self.table.trump,
            dealer=self.dealer.seat,
            players=tuple(p.seat for p in self.players),
            scores={p.seat: p.score for p in self.players},
            marks={p.seat: dict(p.marks._counts) for p in self.players},
            auction=tuple(self.auction_log),
            declarer=self.declarer.seat if self.declarer else None,
            combo={"bids": self.combo.ids, "worth": self.combo.worth} if self.combo else None,
            declarations=declarations,
            tricks=tuple(self.trick_log),
            current_trick=tuple((p.player.seat, p.card.name) for p in self.current.plays) if self.current else (),
            zones=zones,
            declared_cards=tuple(declared_cards),
            face_up=self.face_up.name if self.face_up else None,
            stock_size=self.env["stock_size"],
            closed=self.closed,
            melds=tuple(dict(m) for m in self.meld_log),
            hand_number=self.hand_number,
            lead_worth=self.lead_worth,
        )


def floored(scoring: M.Scoring | None, score: Any, marks: dict[str, int]) -> Any:
    """``score`` raised to the rules' lowest score, the points missing kept as debt marks."""
    floor = scoring.floor if scoring is not None else None
    if floor is None or score >= floor.score:
        return score
    if floor.debt is not None:
        marks[floor.debt] = marks.get(floor.debt, 0) + (floor.score - score)
    return floor.score


def _with_score(facts: M.BidFacts, score: Any, min_tricks: Any) -> M.BidFacts:
    """``facts`` with the bid's score and trick minimum in this deal (the same facts when unchanged)."""
    if type(score) is type(facts.score) and score == facts.score and min_tricks == facts.min_tricks:
        return facts
    return replace(facts, score=score, min_tricks=min_tricks)


def bid_holds(bid: M.Bid, env: dict[str, Any], declarer: Player) -> bool:
    """One bid's requirement (its ``tricks`` and ``requires`` hook points) for the declarer now."""
    wanted = bid.tricks.in_force(env["player_count"]) if bid.tricks is not None else None
    if wanted is not None:
        tricks = declarer.tricks
        if wanted.exactly is not None and tricks != wanted.exactly(env):
            return False
        if wanted.min is not None and tricks < wanted.min(env):
            return False
        if wanted.max is not None and tricks > wanted.max(env):
            return False
    return bid.requires is None or bool(bid.requires(env))


def trick_data(trick: Trick) -> dict[str, Any]:
    return {
        "number": trick.number,
        "leader": trick.leader.seat,
        "trump": trick.trump,
        "plays": [(p.player.seat, p.card.name) for p in trick.plays],
        "winner": trick.winner.seat if trick.winner else None,
    } | ({"after_close": True} if trick.after_close else {})


def _option(value: Any) -> Any:
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Player):
        return value.seat
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return _option(value)


def _names(value: Any) -> list[str]:
    if isinstance(value, dict):  # by seat
        return [n for v in value.values() for n in _names(v)]
    if isinstance(value, list):
        return [n for v in value for n in _names(v)]
    return [value] if isinstance(value, str) else []
