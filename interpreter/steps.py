"""The bids' steps before the hand: choices, reveals, gifts, passed cards, zones, cards dealt back, trump.

Each bid's steps run in event order as tasks on the deal's agenda; a step that asks several
players asks them one after the other (each a decision) and then takes effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.copying import copy_value
from interpreter.dealparts import DealParts
from interpreter.decisions import PASS_CARDS, TRUMP, Request, ScriptError
from interpreter.state import Card, Player
from rulespec import model as M
from rulespec import types as T
from rulespec.compiled import EvaluationError
from rulespec.compiler import Expression
from rulespec.functions import ANSWERED


@dataclass
class Declaration:
    """A value chosen in a step. Per-player choices keep each chooser's value (``by_seat``)."""

    value: Any
    public: bool
    by_seat: dict[int, Any] = field(default_factory=dict)
    is_card: bool = False
    per_player: bool = False  # chosen by each of several players (``value`` lists the answers given)

    def __deepcopy__(self, memo: dict[int, Any]) -> Declaration:
        """A copy for a copy of the deal (values: cards, suits, numbers, players, lists of them)."""
        new = Declaration(
            copy_value(self.value, memo), self.public, copy_value(self.by_seat, memo), self.is_card, self.per_player
        )
        memo[id(self)] = new
        return new

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

    def __deepcopy__(self, memo: dict[int, Any]) -> ZoneState:
        return ZoneState(self.name, copy_value(self.owner, memo), self.size, self.refill, self.forbid)


class Steps(DealParts):
    """The bids' steps (part of :class:`interpreter.deal.Deal`)."""

    def set_trump(self, suit: str | None) -> None:
        self.table.trump = suit
        self.env["trump"] = suit

    def run_events(self) -> None:
        """Each bid's steps and trump setting, in event order."""
        self.start_events()
        self._drive()

    def start_events(self) -> None:
        """Put each bid's steps and trump setting on the agenda, in event order."""
        self._then(*self._event_tasks())

    def _event_tasks(self) -> list[tuple[Any, ...]]:
        tasks: list[tuple[Any, ...]] = []
        env = self.env
        for index, bid in enumerate(self.bids):
            if bid.steps:  # (most bids have none)
                tasks.extend([("_run_step", index, number) for number in range(len(bid.steps))])
                for step in bid.steps:  # not chosen yet: nothing, answered by nobody (a view taken
                    # before the step asks the bid's rules about it: they read an empty list or the
                    # language's missing value, not a name that is not there)
                    if isinstance(step, M.DealBack):
                        env.setdefault(step.name, [])
                    elif isinstance(step, M.Choose):
                        several = bool(step.count) or step.who.type != T.PLAYER  # a list of values
                        env.setdefault(step.name, [] if several else None)
                        env.setdefault(ANSWERED + step.name, [])
            if bid.trump is not None:
                tasks.append(("_settle_trump", index))
        return tasks

    def _settle_trump(self, index: int) -> None:
        trump = self.bids[index].trump
        assert trump is not None
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
        self._wait(Request("choose", chooser.seat, TRUMP, "suit", tuple(suits)), "set_trump")

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

    def _step(self, index: int, number: int) -> Any:
        return self.bids[index].steps[number]

    def _run_step(self, index: int, number: int) -> None:
        step = self._step(index, number)
        if isinstance(step, M.Choose):
            self._choose(index, number, step)
        elif isinstance(step, M.Reveal):
            self.declarations[step.name].public = True
        elif isinstance(step, M.Give):
            self._give(step)
        elif isinstance(step, M.PassCards):
            self._pass_cards(index, number, step)
        elif isinstance(step, M.Zone):
            self._make_zone(step)
        elif isinstance(step, M.DealBack):
            self._deal_back(step)

    def _choose(self, index: int, number: int, step: M.Choose) -> None:
        who = step.who(self.env)
        choosers = who if isinstance(who, list) else [who]
        self._chosen = {}
        self._then(*[("_choose_one", index, number, p) for p in choosers], ("_chosen_all", index, number, who))

    def _chosen_all(self, index: int, number: int, who: Any) -> None:
        step = self._step(index, number)
        values, choosers = self._chosen, who if isinstance(who, list) else [who]
        self._chosen = {}
        if isinstance(who, list):
            value: Any = [values[p.seat] for p in choosers if values[p.seat] is not None]
        else:
            value = values[who.seat]
        self.declarations[step.name] = Declaration(
            value, not step.hidden, values, step.what == "card", isinstance(who, list)
        )
        self.env[step.name] = value
        self.env[ANSWERED + step.name] = [p for p in choosers if values[p.seat] is not None]  # answered(name)

    def _choose_one(self, index: int, number: int, chooser: Player) -> None:
        step = self._step(index, number)
        if self._chosen:  # each answer so far is seen as the step's declaration does (a chooser's own,
            # or everyone's when public), not only once all have chosen: a view taken between two
            # choosers (a client that reconnects) shows a player the card they laid down
            self.declarations[step.name] = Declaration(
                None, not step.hidden, dict(self._chosen), step.what == "card", per_player=True
            )
        self.env["player"] = chooser
        what = step.what
        if step.source is not None:
            candidates = list(step.source(self.env))
        elif what == "card":
            candidates = chooser.hand
        elif what == "suit":
            candidates = self.env["suits"]
        else:
            candidates = self.players if what == "player" else []
        if step.where is not None:
            candidates = self._filter(candidates, what, step.where, chooser) or candidates
        self.env.pop("player", None)
        options = tuple(map(_option, candidates))
        count = step.count or 1
        if len(options) < count:  # a request always has what it asks for: no agent waits on an empty choice
            if step.optional:
                self._chose_one(None, step.what, count, chooser.seat)  # there is nothing to take: it is skipped
                return
            origin = (step.source or step.who).origin
            error = EvaluationError(
                f"seat {chooser.seat} must choose {count} {step.what}(s) for '{step.name}' from {len(options)}",
                None,
                "make the choice optional, or make sure there is always enough to choose from",
            )
            raise error.located(origin) if origin is not None else error
        request = Request("choose", chooser.seat, step.name, step.what, options, count, step.optional)
        self._wait(request, "_chose_one", step.what, count, chooser.seat)

    def _chose_one(self, answer: Any, what: str, count: int, seat: int) -> None:
        if answer is None:
            value = None
        elif count > 1:
            value = [self._value(what, a) for a in answer]
        else:
            value = self._value(what, answer)
        self._chosen[seat] = value

    def _give(self, step: M.Give) -> None:
        card = step.card(self.env)
        self._refill(self._move(card, step.to(self.env), self._holder(card, step.card, "give")))

    def _holder(self, card: Card, source: Expression, what: str) -> Player:
        """Who holds ``card``, which a step moves (named by ``source``); a card in the stock or set
        aside stops the game at the step (moved, a copy would be in play twice)."""
        holder: Player | None = self.table.card_holder(card)
        if holder is None:
            error = EvaluationError(
                f"the card {card.name} to {what} is in nobody's hand", None, "name cards players hold"
            )
            raise error.located(source.origin) if source.origin is not None else error
        return holder

    def _value(self, what: str, answer: Any) -> Any:
        if what == "card":
            return self.card_by_name[str(answer)]
        if what == "player":
            return self.by_seat[int(answer)]
        return answer

    def _move(self, card: Card, to: Player, holder: Player | None = None) -> str | None:
        """``card`` into ``to``'s hand, out of its holder's (``holder`` when known) and of any zone;
        the name of the zone it left (None: none)."""
        if holder is None:
            holder = self.table.card_holder(card)
        if holder is not None:
            holder.hand.remove(card)
        to.hand.append(card)
        return self.table.zone.pop(card, None)

    def _refill(self, *left: str | None) -> None:
        """The zones cards just left (by a pass, a give or a deal back), each filled up again by its
        owner if it is refilled: whenever a card leaves such a zone, not only when one is played. Run
        last in the step that moved the cards (the refill may wait for the owner's choice)."""
        self._then(*[("_zone_refill", name) for name in dict.fromkeys(left) if name is not None])

    def _pass_cards(self, index: int, number: int, step: M.PassCards) -> None:
        senders: list[Player] = step.senders(self.env)
        direction = step.direction(self.env)
        if direction == "across" and len(set(senders)) % 2:  # nobody sits opposite: stop at the step, located
            error = EvaluationError(
                f"cards cannot go across among {len(set(senders))} senders",
                None,
                "'across' needs an even number of senders: pass left or right, or choose other senders",
            )
            origin = step.senders.origin or step.direction.origin
            raise error.located(origin) if origin is not None else error
        self._chosen = {}  # everyone chooses before anyone receives
        # Each sender is told where its cards go (the receiver is found as the cards are moved, below).
        passes = [("_pass_one", index, number, s, self._next_among(s, senders, direction).seat) for s in senders]
        self._then(*passes, ("_pass_all", senders, direction))

    def _pass_one(self, index: int, number: int, sender: Player, receiver: int) -> None:
        step = self._step(index, number)
        options = tuple([c.name for c in sender.hand])
        count = min(step.count, len(options))
        if count == 0:  # nothing in hand to pass (a `give` took it): nobody is asked to choose from nothing
            self._chosen[sender] = []
            return
        request = Request("choose", sender.seat, PASS_CARDS, "card", options, count, receiver=receiver)
        self._wait(request, "_passed", sender)

    def _passed(self, answer: Any, sender: Player) -> None:
        names = answer if isinstance(answer, list) else [answer]
        self._chosen[sender] = [self.card_by_name[str(n)] for n in names]

    def _pass_all(self, senders: list[Player], direction: str) -> None:
        chosen, self._chosen = self._chosen, {}
        left = []
        for sender, cards in chosen.items():
            receiver = self._next_among(sender, senders, direction)
            for card in cards:  # (still the sender's: nobody has received a card yet)
                left.append(self._move(card, receiver, sender))
        self._refill(*left)

    def _deal_back(self, step: M.DealBack) -> None:
        """Take the cards from their holders, shuffle them and deal one back to each holder."""
        cards: list[Card] = list(dict.fromkeys(step.cards(self.env)))  # (a card named twice is dealt once)
        holders = [self._holder(c, step.cards, "deal back") for c in cards]
        order = [p for p in self.seating.clockwise_from(self.seating.left_of(self.dealer)) if p in holders]
        receivers = [p for p in order for _ in range(holders.count(p))]
        self.rng.shuffle(cards)
        by_seat: dict[int, Any] = {}
        left = []
        for card, receiver in zip(cards, receivers, strict=True):
            left.append(self._move(card, receiver))
            by_seat.setdefault(receiver.seat, card)
        dealt = [by_seat[p.seat] for p in order]
        self.declarations[step.name] = Declaration(dealt, step.face_up, by_seat, True, True)
        self.env[step.name] = dealt
        self._refill(*left)

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
        zoned = self.table.zone
        eligible = [c for c in zone.owner.hand if c not in zoned]
        if zone.forbid:
            eligible = [c for c in eligible if not self._forbidden(zone, c)]
        count = min(wanted, len(eligible))
        if count <= 0:
            return
        options = tuple([c.name for c in eligible])
        self._wait(Request("choose", zone.owner.seat, zone.name, "card", options, count), "_zone_filled", zone.name)

    def _zone_filled(self, answer: Any, zone: str) -> None:
        for name in answer if isinstance(answer, list) else [answer]:
            self.table.zone[self.card_by_name[str(name)]] = zone

    def _forbidden(self, zone: ZoneState, card: Card) -> bool:
        if not zone.forbid:
            return False
        env = self.env
        env["card"], env["player"] = card, zone.owner
        return any(rule(env) for rule in zone.forbid)


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


def card_names(value: Any) -> list[str]:
    if isinstance(value, dict):  # by seat
        return [n for v in value.values() for n in card_names(v)]
    if isinstance(value, list):
        return [n for v in value for n in card_names(v)]
    return [value] if isinstance(value, str) else []
