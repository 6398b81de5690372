"""Sampled worlds: whole game states rebuilt from one player's view, the hidden cards dealt anew.

A search agent may not look at the real state (that would leak the others' cards). It sees
its :class:`~interpreter.decisions.View` and remembers what it did itself (:class:`DealMemory`).
From these, :func:`sample_world` builds a :class:`~interpreter.gamestate.GameState` that *could*
be the real one:

1. **Deal** the cards anew. The player's own hand as dealt is fixed, each other player's
   dealt hand starts with the cards the view shows of it and the cards it has played; every
   other card (the others' hands, the stock, cards set aside) is shuffled into the free places.
2. **Replay** the deal's public history on a fresh state with those hands (the state's own
   scripted-hands mechanism, ``deal_hands`` / ``deal_stocks``): the auction and the plays from
   the view, public choices from the view's declarations, zones and melds, the player's own
   hidden choices from its memory, and the others' hidden choices (cards passed, hidden
   guesses) by a seeded random policy.
3. **Repair** what the engine refuses. A card the history says a player played, but that the
   world dealt elsewhere, swaps places with a card of that player nobody has seen; a play the
   engine calls illegal (the player did not follow suit, so it was void; a rule forbade it)
   swaps the player's offending unseen card away. Then the replay starts again. The engine's
   own legality is the judge, so voids and forbidden cards are respected for every rule set
   without naming one.
4. **Check**: the world's view for the player must equal the real view (hand, open and
   shown cards, zones, melds, the face-up card, tricks, declarations …). A world that cannot
   be made consistent within the budget is dropped (None).

What the view no longer shows and the agent did not note (say, which card lay face up three
tricks ago) is not used; every world is still consistent with everything the view shows.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from interpreter.agents import RandomAgent
from interpreter.decisions import BidAnswer, IllegalDecision, Request, View
from interpreter.gamestate import GameState
from rulespec.model import RuleSet

REPAIRS = 60  # replays a world may need before it is given up
TRUMP = "trump"  # the engine's name for the choice of trump (its outcome is the view's trump)
CONTRACT = "contract"  # the engine's name for a match hand's contract (the view's combo)


@dataclass
class DealMemory:
    """What a player remembers of the current deal beyond its view: its hand as dealt and its
    own choices that the view does not show (cards passed, hidden guesses), in order."""

    key: Any = None
    progress: tuple[int, int, int] = (0, 0, 0)
    dealt: tuple[str, ...] | None = None
    choices: list[tuple[str, Any]] = field(default_factory=list)  # (request name, answer)
    fresh: bool = True  # the hand seen first was the hand as dealt
    seen: set[str] = field(default_factory=set)  # every card held this deal (drawn, received)
    first_face_up: str | None = None  # the stock's face-up card as dealt, if seen before any trick

    def observe(self, view: View) -> None:
        """Called at every decision: starts a new memory when a new deal has begun."""
        key = (view.dealer, view.players, view.hand_number, tuple(sorted(view.scores.items())))
        plays = sum(len(t["plays"]) for t in view.tricks) + len(view.current_trick)
        progress = (len(view.auction), len(view.tricks), plays)  # within a deal, none of these falls
        regressed = any(now < before for now, before in zip(progress, self.progress, strict=True))
        if key != self.key or regressed:
            self.key, self.choices = key, []
            # No card has left or reached this hand yet: it is the hand as dealt.
            nothing_happened = not view.tricks and all(seat != view.seat for seat, _ in view.current_trick)
            self.fresh = nothing_happened
            self.dealt = tuple(view.hand) if nothing_happened else None
            self.seen = set()
            self.first_face_up = view.face_up if not view.tricks else None
        self.seen.update(view.hand)
        self.progress = progress

    def record(self, request: Request, answer: Any) -> None:
        """Called with every own answer; choices are kept (bids and plays are in the view)."""
        if request.kind not in ("bid", "play"):
            self.choices.append((request.name, answer))


@dataclass
class _Deal:
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


class _Failed(Exception):
    """The replay met something the world cannot explain; ``repair`` says what to swap."""

    def __init__(self, repair: tuple[str, ...] | None = None, why: str = "") -> None:
        super().__init__(repair, why)
        self.repair = repair
        self.why = why


def deck_names(rules: RuleSet, player_count: int) -> list[str]:
    return [rank + suit for rank, suit in rules.game.deck.cards(player_count)]


def new_state(rules: RuleSet, view: View, seed: int = 0) -> GameState:
    """A fresh game state standing where the view's deal starts: same seats, dealer, scores, marks."""
    allowed = rules.game.players
    low = max(allowed.min, len(view.players), max(view.players) + 1)
    for count in range(low, allowed.max + 1):
        state = GameState(rules, count, seed=seed, first_dealer=view.dealer)
        if tuple(state.seats_in_deal()) == tuple(view.players):
            state.scores.update({s: view.scores.get(s, 0) for s in range(count)})
            state.marks.update({s: dict(view.marks.get(s, {})) for s in range(count)})
            state.match_position = max(0, view.hand_number - 1)
            return state
    raise ValueError("no table of this rule set seats these players")


def _played_by(view: View) -> dict[int, list[str]]:
    played: dict[int, list[str]] = {seat: [] for seat in view.players}
    for trick in view.tricks:
        for seat, card in trick["plays"]:
            played[seat].append(card)
    for seat, card in view.current_trick:
        played[seat].append(card)
    return played


def _initial_deal(rules: RuleSet, view: View, memory: DealMemory | None, rng: random.Random, hand_size: int) -> _Deal:
    deck = deck_names(rules, len(view.players))
    played = _played_by(view)
    mine = list(memory.dealt) if memory is not None and memory.dealt else [*view.hand, *played[view.seat]]
    first = memory.first_face_up if memory is not None and rules.game.deal.stock is not None else None
    hands: dict[int, list[str]] = {view.seat: [c for c in mine if c != first][:hand_size]}
    used = set(hands[view.seat]) | ({first} if first else set())  # the face-up card as dealt: on the stock
    for seat in view.players:
        if seat == view.seat:
            continue
        hand = []
        for card in [*played[seat], *view.visible.get(seat, ())]:
            if card not in used and len(hand) < hand_size:
                hand.append(card)
                used.add(card)
        hands[seat] = hand
    pool = [c for c in deck if c not in used]
    rng.shuffle(pool)
    voids = _voids(rules, view)
    suit_of = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    # The most constrained players first: each takes cards of suits it may still hold.
    for seat in sorted(view.players, key=lambda s: -len(voids.get(s, ()))):
        missing = hand_size - len(hands[seat])
        allowed = [c for c in pool if suit_of.get(c) not in voids.get(seat, ())]
        chosen = (allowed + [c for c in pool if c not in allowed])[:missing]
        hands[seat].extend(chosen)
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
    aside_count = rules.game.deal.set_aside
    if rules.game.deal.stock is None:
        return _Deal(hands, [], pool)
    stock, aside = pool[aside_count:], pool[:aside_count]
    if first is not None:  # the face-up card as dealt lies on top
        stock.insert(0, first)
    return _Deal(hands, stock, aside)


def _voids(rules: RuleSet, view: View) -> dict[int, set[str]]:
    """Suits each player has shown it lacks: it did not follow the suit led (a first guess;
    the replay's legality checks have the last word, for rules that change what may be played)."""
    if not rules.game.play.follow_suit:
        return {}
    suit_of = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    voids: dict[int, set[str]] = {}
    tricks = [t["plays"] for t in view.tricks] + [view.current_trick]
    for plays in tricks:
        if not plays:
            continue
        led = suit_of.get(plays[0][1])
        for seat, card in plays[1:]:
            if suit_of.get(card) != led and seat != view.seat:
                voids.setdefault(seat, set()).add(led)  # type: ignore[arg-type]
    return voids


def _hand_size(rules: RuleSet, view: View) -> int:
    return int(rules.game.deal.hand_size({"player_count": len(view.players)}))


def _flat_plays(view: View) -> list[tuple[int, str]]:
    return [tuple(p) for t in view.tricks for p in t["plays"]] + list(view.current_trick)  # type: ignore[misc]


def _normal(view: View) -> tuple[Any, ...]:
    """The view with its card lists as sets: the order cards lie in a hand tells nothing."""
    return (
        frozenset(view.hand),
        {s: frozenset(c) for s, c in view.visible.items()},
        view.trump,
        view.dealer,
        view.players,
        view.scores,
        view.marks,
        view.auction,
        view.declarer,
        view.combo,
        view.declarations,
        view.tricks,
        view.current_trick,
        {z: frozenset(c) for z, c in view.zones.items()},
        frozenset(view.declared_cards),
        view.face_up,
        view.stock_size,
        view.closed,
        view.melds,
        view.hand_number,
    )


def consistent(world_view: View, view: View) -> bool:
    """Whether a world shows its player exactly what the real view shows."""
    return _normal(world_view) == _normal(view)


class _Replay:
    """One replay of the view's public history on a world dealt as ``deal``."""

    def __init__(self, rules: RuleSet, view: View, request: Request, memory: DealMemory | None, deal: _Deal) -> None:
        self.rules, self.view, self.request, self.deal = rules, view, request, deal
        self.auction = list(view.auction)
        self.plays = _flat_plays(view)
        self.melds = list(view.melds)
        self.mine = list(memory.choices) if memory is not None else []
        self.meld_names = {meld.name for bid in rules.bids.values() for meld in bid.melds}
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
            if request.kind != "bid" and bids < len(self.auction):
                bids = len(state.view(request.seat).auction)
            done = bids == len(self.auction) and plays == len(self.plays) and melds == len(self.melds)
            if done and choices >= len(self.mine) and self._is_the_request(request):
                return state
            if request.kind == "bid":
                bids = len(state.view(request.seat).auction)  # passes the rules made count too
                if bids >= len(self.auction) or self.auction[bids][0] != request.seat:
                    raise _Failed(None, "bid")
                answer: Any = BidAnswer.from_data(self.auction[bids][1])
                bids += 1
            elif request.kind == "play":
                if plays >= len(self.plays) or self.plays[plays][0] != request.seat:
                    raise _Failed(None, "play order")
                answer = self.plays[plays][1]
                if answer not in request.options:
                    raise _Failed(self._play_repair(state, request, answer))
                plays += 1
            elif request.seat == view.seat and choices < len(self.mine):
                name, answer = self.mine[choices]
                if name != request.name:
                    raise _Failed(None, "myname")
                choices += 1
            elif self._is_meld(request):
                answer = None
                if melds < len(self.melds) and self.melds[melds]["seat"] == request.seat:
                    entry = self.melds[melds]
                    if entry["meld"] == request.name and len(view.tricks) + 1 >= entry["trick"]:
                        answer, melds = entry["shown"], melds + 1
            else:
                answer = self._public_answer(request, rng)
            try:
                answer = request.validate(answer)
            except IllegalDecision:
                raise _Failed(self._choice_repair(state, request, answer), "illegal") from None
            state.apply(answer, validated=True)
            request = state.advance(one_deal=True)
        raise _Failed(None, "end")

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
                value = value.get(request.seat, value.get(str(request.seat)))  # type: ignore[call-overload]
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
        if request.name == "trick_taker":
            for trick in view.tricks:
                if trick["winner"] in request.options:
                    return trick["winner"]
        if request.name == CONTRACT and view.combo:
            return view.combo["bids"][0]
        if request.what == "suit" and request.name == TRUMP and view.trump is not None:
            if view.trump not in request.options:
                raise _Failed(None, "trump")  # this world's declarer could not have chosen it
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


def _unseen_elsewhere(deal: _Deal, seat: int, known: set[str], rng: random.Random) -> Iterator[str]:
    places = [c for s, h in deal.hands.items() if s != seat for c in h] + deal.stock + deal.aside
    free = [c for c in places if c not in known]
    rng.shuffle(free)
    yield from free


def sample_world(
    rules: RuleSet,
    request: Request,
    view: View,
    memory: DealMemory | None,
    rng: random.Random,
    repairs: int = REPAIRS,
) -> GameState | None:
    """A game state consistent with ``view`` standing at ``request``, hidden cards sampled; None
    if none was found within ``repairs`` replays."""
    hand_size = _hand_size(rules, view)
    suits = {rank + suit: suit for rank, suit in rules.game.deck.cards(len(view.players))}
    deal = _initial_deal(rules, view, memory, rng, hand_size)
    seed = rng.randrange(1 << 30)
    replay = _Replay(rules, view, request, memory, deal)
    for _ in range(repairs):
        try:
            world = replay.run(seed)
        except _Failed as failed:
            if not _apply_repair(deal, failed.repair, replay.known, rng, suits):
                # Nothing to swap: the others' hidden choices or the deal itself were unlikely.
                deal = _initial_deal(rules, view, memory, rng, hand_size)
                seed = rng.randrange(1 << 30)
                replay = _Replay(rules, view, request, memory, deal)
            continue
        except Exception:  # noqa: BLE001 - a world the engine refuses (bad script) is dropped
            return None
        seen = world.view(view.seat)
        if consistent(seen, view):
            return world
        if not _final_repair(deal, seen, view, replay.known):
            seed = rng.randrange(1 << 30)  # other hidden choices
    return None


def _apply_repair(
    deal: _Deal, repair: tuple[str, ...] | None, known: set[str], rng: random.Random, suits: dict[str, str]
) -> bool:
    if repair is None:
        return False
    if repair[0] == "swap":
        return deal.swap(repair[1], repair[2])
    card, seat = repair[1], int(repair[2])
    others = list(_unseen_elsewhere(deal, seat, known, rng))
    # Prefer a card of another suit (the player showed it had none of this one); any, else.
    others.sort(key=lambda c: suits.get(c) == suits.get(card))
    return bool(others) and deal.swap(card, others[0])


def _final_repair(deal: _Deal, seen: View, view: View, known: set[str]) -> bool:
    """The world's hand or face-up card differs from the view's: swap the cards as dealt."""
    missing = [c for c in view.hand if c not in seen.hand]
    extra = [c for c in seen.hand if c not in view.hand and c not in known]
    if missing and len(missing) == len(extra):
        return all(deal.swap(a, b) for a, b in zip(missing, extra, strict=True))
    if view.face_up and seen.face_up and view.face_up != seen.face_up and seen.face_up not in known:
        return deal.swap(view.face_up, seen.face_up)
    return False
