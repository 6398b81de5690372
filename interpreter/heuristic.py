"""A heuristic agent: it bids what Monte Carlo playouts say it can complete, and plays toward it.

The agent is *generic*: it names no bid, no suit and no game. Everything it knows about a
bid it learns from the rule data and from the engine itself:

* **What a bid requires.** After a bid's steps have run, the agent asks the engine's own
  requirement hooks (``tricks`` and ``requires`` of every bid in the combo, with each
  ``tricks_adjust``) which final trick counts of the declarer would complete the combo, by
  giving the declarer virtual tricks (``player.adjust``, the mechanism the engine uses for
  virtual tricks). A trick requirement such as "at least 5" answers {5, …, 13}, a guess of 3
  answers {3}; a requirement that depends on more than the declarer's count (the others'
  tricks, which tricks, which cards) answers nothing useful yet, and then the direction —
  toward *more* or *fewer* tricks — is learnt from playouts in both directions.
* **How likely a bid is completed.** When first asked to bid in a deal, the agent deals the
  unknown cards at random (a few *layouts*, the same ones for every bid), makes itself the
  declarer of each candidate with :meth:`Deal.declare`, and plays the deal out with the real
  engine (:meth:`Deal.run_events`, :meth:`Deal.play_hand`, :meth:`Deal.score`), all four
  players using the fast greedy card policy below. The completion rate decides the bid.
* **Which special bids are harmless.** A special bid that fills only hook points that show
  cards or add marks or bonus points (``visible``, ``zone_limits``, ``marks_on_completion``,
  ``bonus``) cannot make a combo fail, so it may raise a combo's worth to beat the lead; one
  that also adds a ``penalty``, spends marks or limits who may bid it is added only when the
  agent is confident (a bid that may be repeated, as often as the rules let it). Any other
  special bid is tried with playouts, only when nothing else beats the lead.

Play is greedy: a player who *wants* tricks wins cheaply (the lowest card that wins, a card
no unseen card can beat when others are still to play), draws trump as a declarer long in
trump, and discards low; a player who *avoids* tricks plays the highest card that does not
win, and dumps high cards. The declarer wants tricks while its count is below the counts
that complete its combo. The other players fight over the same tricks: they want them
exactly when the declarer does (to keep them from the declarer), and avoid them when the
declarer avoids them (to push them onto the declarer); they do not overtake a partner who
is winning the trick. Other choices — trump (the longest and strongest suit) and other
suits, numbers (guesses: the expected trick count), cards to pass or show or offer, who
takes a trick — use simple rules on the chooser's hand, always among the request's options;
a declarer's other suit choices in the real deal (whose meaning the agent cannot know) are
tried with playouts.

The agent never raises: should anything go wrong it answers like a random legal agent
(``strict=True`` re-raises instead, for tests).
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from interpreter.auction import ComboMaker
from interpreter.deal import Deal, DealResult, bid_holds
from interpreter.decisions import BidAnswer, IllegalDecision, Request, View
from interpreter.state import Card, Player
from rulespec import model as M

MORE = 1  # the declarer steers toward more tricks
FEWER = -1  # … toward fewer tricks

#: Hook points that only show cards or give something extra: a special bid filling no other
#: hook point cannot make a combo fail.
INFORMATION_HOOKS = frozenset({"visible", "zone_limits", "marks_on_completion", "bonus"})
#: … and those that only add failure points, spend marks or say who may bid are harmless
#: when the agent is confident (they cost something, but cannot make the combo fail).
COSTLY_HOOKS = frozenset({"penalty", "marks_on_bidding", "marks_on_declaring", "may_bid", "repeatable"})
COPIES = 3  # copies of a repeatable special bid the agent considers at most

HOPELESS = 2  # playouts without a completion after which a combo is given up (1 for one that never completes)
REACH = 2.0  # a bid needing this many tricks more (or fewer) than the hand's expected ones is not tried
GUESS_LIFT = 0.75  # a guess adds this to the quick count (length and discards win more; from playouts)

PASS_CARDS = "pass_cards"  # the engine's name for a card-passing choice
TRUMP_CHOICE = "trump"  # the engine's name for a trump choice (length and strength decide it)


# --- what a rule set says about its cards ---------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """The cards of one rule set for one number of players, and how names split into rank and suit."""

    names: tuple[str, ...]  # the deck in play, suit by suit, low to high
    suit_of: dict[str, str]
    rank_of: dict[str, str]
    by_suit: dict[str, tuple[str, ...]]
    suits: tuple[str, ...]
    hand_size: int
    top: int  # the value of the highest rank

    @staticmethod
    def make(rules: M.RuleSet, player_count: int) -> Tables:
        deck = rules.game.deck
        pairs = deck.cards(player_count)
        names = tuple(rank + suit for rank, suit in pairs)
        suits = tuple(s.id for s in deck.suits)
        return Tables(
            names=names,
            suit_of={rank + suit: suit for rank, suit in pairs},
            rank_of={rank + suit: rank for rank, suit in pairs},
            by_suit={s: tuple(rank + suit for rank, suit in pairs if suit == s) for s in suits},
            suits=suits,
            hand_size=int(rules.game.deal.hand_size({"player_count": player_count})),
            top=len(deck.ranks),
        )


def rank_values(rules: M.RuleSet, bid_ids: Iterable[str]) -> dict[str, int]:
    """Rank → value under the ``rank_order`` hook points of ``bid_ids`` (as the engine orders them)."""
    ranks = list(rules.game.deck.ranks)
    bids = [rules.bids[b] for b in bid_ids if b in rules.bids]
    for bid in sorted(bids, key=lambda b: (b.event_priority, b.kind != "standard")):
        if bid.rank_order:
            order = bid.rank_order
            ranks = [r for r in ranks if r not in order.lowest and r not in order.highest]
            ranks = [*order.lowest, *ranks, *order.highest]
    return {rank: i + 1 for i, rank in enumerate(ranks)}


@lru_cache(maxsize=8)
def _bundled_rules() -> tuple[M.RuleSet, ...]:
    from rulespec import bundled_names, load_ruleset

    return tuple(load_ruleset(name) for name in bundled_names())


def find_rules(bid_ids: Iterable[str]) -> M.RuleSet | None:
    """The bundled rule set that has all these bids (for an agent made without ``rules``)."""
    wanted = set(bid_ids)
    for rules in _bundled_rules():
        if wanted and wanted <= set(rules.bids):
            return rules
    return None


# --- what a combo requires ------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How a declarer steers: toward ``targets`` (final trick counts that complete), else ``direction``.

    With targets that reach ``most`` (every trick), more is never worse — "at least 5", or
    "more than anyone" (which the start of the deal shows as "at least 1") — so the declarer
    keeps wanting tricks. Otherwise it wants tricks until its count completes (a guess, or at
    most so many) and then avoids them.
    """

    direction: int = MORE
    targets: frozenset[int] | None = None
    most: int = 0  # the number of tricks in the deal
    _table: tuple[bool, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # every answer worked out once: it is asked for each card
        object.__setattr__(self, "_table", tuple(self._wants(won) for won in range(self.most + 1)))

    def wants(self, won: int) -> bool:
        """Whether the declarer, having won ``won`` tricks, wants the next one."""
        return self._table[won] if 0 <= won < len(self._table) else self._wants(won)

    def _wants(self, won: int) -> bool:
        if self.targets is None:
            return self.direction == MORE
        if self.most in self.targets:
            return True
        if won in self.targets:
            return False
        return any(count > won for count in self.targets)


_bid_holds = bid_holds  # the engine's own check of one bid's requirement


def completing_counts(deal: Deal) -> frozenset[int] | None:
    """The declarer's final trick counts that would complete the combo, as far as counts decide it.

    Asked after the steps (so guesses are known) and before the first trick. Each bid's
    requirement is evaluated with the declarer given every possible count (and each
    ``tricks_adjust`` on top); a bid whose answer does not depend on the count (always or
    never, or an error) says nothing. None when no bid says anything.
    """
    declarer = deal.declarer
    if declarer is None:
        return None
    env = deal.env
    won = declarer.won_count
    adjustments = [k for bid in deal.bids for k in bid.tricks_adjust] or [0]
    everything = frozenset(range(deal.hand_size + 1))
    result: frozenset[int] | None = None
    try:
        for bid in deal.bids:
            if bid.tricks is None and bid.requires is None:
                continue
            good: set[int] = set()
            try:
                for count in everything:
                    holds = True
                    for k in adjustments:
                        declarer.adjust = count - won + k
                        if not _bid_holds(bid, env, declarer):
                            holds = False
                            break
                    if holds:
                        good.add(count)
            except Exception:  # a requirement that cannot be judged before the hand says nothing
                continue
            if not good or len(good) == len(everything):
                continue
            result = frozenset(good) if result is None else result & good
    finally:
        declarer.adjust = 0
    return result or None


# --- simple judgements on a hand ------------------------------------------------------------


def suit_strength(hand: Iterable[str], suit: str, tables: Tables, value: dict[str, int]) -> float:
    """Length plus half the high-card points (4, 3, 2, 1 for the top four ranks) of ``suit`` in ``hand``."""
    score = 0.0
    floor = tables.top - 4
    for name in hand:
        if tables.suit_of.get(name) == suit:
            score += 1.0 + max(0, value[tables.rank_of[name]] - floor) / 2
    return score


def expected_tricks(hand: Sequence[str], trump: str | None, tables: Tables, value: dict[str, int]) -> float:
    """A quick count of the tricks a hand should take: its sure and likely winners, and long trump."""
    total = 0.0
    for suit in tables.suits:
        cards = sorted((value[tables.rank_of[n]] for n in hand if tables.suit_of.get(n) == suit), reverse=True)
        for position, card_value in enumerate(cards):
            missing = tables.top - card_value - position  # higher cards held by the others
            if missing <= 0:
                total += 1.0
            elif missing == 1 and len(cards) >= 2:
                total += 0.5
        if suit == trump:
            total += max(0, len(cards) - 3) * 0.7
    return total


# --- choosing a card ------------------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """What one player sees when choosing: plain names and seats (from a view, or from a playout)."""

    seat: int
    declarer: int | None
    hand: Sequence[str]
    trump: str | None
    value: dict[str, int]  # rank → value now
    tables: Tables
    won: dict[int, int]  # tricks won so far, per seat
    players: Sequence[int]
    plays: Sequence[tuple[int, str]] = ()  # the current trick so far
    played: frozenset[str] | set[str] = frozenset()  # cards played in this deal, this trick included
    high_first: dict[str, list[str]] | None = None  # suit → its cards, highest first (see :func:`high_first`)
    _unseen: dict[str, int] | None = None  # suit → value of its highest card still in another hand

    def v(self, name: str) -> int:
        return self.value[self.tables.rank_of[name]]

    def suit(self, name: str) -> str:
        return self.tables.suit_of[name]

    def highest_unseen(self, suit: str) -> int:
        """The value of the highest card of ``suit`` neither played nor in this hand (0: none)."""
        if self._unseen is None:
            self._unseen = {}
        if suit not in self._unseen:
            if self.high_first is None:
                self.high_first = high_first(self.tables, self.value)
            played, hand = self.played, self.hand
            self._unseen[suit] = 0
            for other in self.high_first.get(suit, ()):
                if other not in played and other not in hand:
                    self._unseen[suit] = self.value[self.tables.rank_of[other]]
                    break
        return self._unseen[suit]

    def is_master(self, name: str) -> bool:
        """No higher card of its suit is still unseen: it wins unless trumped."""
        unseen = self._unseen
        suit = self.tables.suit_of[name]
        top = unseen[suit] if unseen is not None and suit in unseen else self.highest_unseen(suit)
        return self.value[self.tables.rank_of[name]] > top

    def low_key(self, name: str) -> tuple[bool, int]:
        """Sort key: cheapest to part with first (non-trump before trump, then low before high)."""
        return (self.suit(name) == self.trump, self.v(name))


def high_first(tables: Tables, value: dict[str, int]) -> dict[str, list[str]]:
    """Each suit's cards from the highest down, under the rank values in force."""
    rank_of = tables.rank_of
    return {suit: sorted(names, key=lambda n: -value[rank_of[n]]) for suit, names in tables.by_suit.items()}


def pick_card(legal: Sequence[str], table: Table, want: bool) -> str:
    """The greedy card: win cheaply when ``want``, else duck and dump high cards.

    Written for speed (it plays every card of every playout): suits and values are looked
    up once, and "does it beat the trick so far" is one comparison with the winning card.
    """
    if len(legal) == 1:
        return legal[0]
    if not table.plays:
        return _lead(legal, table, want)
    suit_of, rank_of, value, trump = table.tables.suit_of, table.tables.rank_of, table.value, table.trump
    win_seat, win_card = table.plays[0]
    best_suit, best_value = suit_of[win_card], value[rank_of[win_card]]
    for seat, card in table.plays[1:]:
        suit, card_value = suit_of[card], value[rank_of[card]]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            win_seat, win_card, best_suit, best_value = seat, card, suit, card_value
    winners: list[str] = []
    losers: list[str] = []
    for card in legal:
        suit, card_value = suit_of[card], value[rank_of[card]]
        if (suit == best_suit and card_value > best_value) or (suit == trump and best_suit != trump):
            winners.append(card)
        else:
            losers.append(card)
    me, declarer = table.seat, table.declarer
    if want:
        defending = declarer is not None and me != declarer
        declarer_to_come = defending and all(s != declarer for s, _ in table.plays)
        if defending and win_seat != declarer and (not declarer_to_come or table.is_master(win_card)):
            return min(losers or legal, key=lambda c: (suit_of[c] == trump, value[rank_of[c]]))  # leave it to a partner
        if winners:
            last = len(table.plays) == len(table.players) - 1
            if last or (defending and not declarer_to_come):
                return min(winners, key=table.v)  # nobody that matters can overtake: win cheaply
            sure = [c for c in winners if table.is_master(c)]
            return min(sure, key=table.v) if sure else max(winners, key=table.v)
        return min(legal, key=lambda c: (suit_of[c] == trump, value[rank_of[c]]))  # discard low
    if losers:
        return max(losers, key=lambda c: (suit_of[c] != trump, value[rank_of[c]]))  # duck as high as possible
    return max(legal, key=table.v)  # forced to win: dump the highest


def _lead(legal: Sequence[str], table: Table, want: bool) -> str:
    if not want:
        return min(legal, key=table.low_key)
    trump, suit_of, hand = table.trump, table.tables.suit_of, table.hand
    if trump is not None and table.seat == table.declarer:
        trumps = [c for c in legal if suit_of[c] == trump]
        if trumps:
            mine = sum(1 for c in hand if suit_of[c] == trump)
            hand_set = set(hand)
            outstanding = sum(
                1 for c in table.tables.by_suit.get(trump, ()) if c not in table.played and c not in hand_set
            )
            if outstanding and mine >= outstanding:
                return max(trumps, key=table.v)  # draw the others' trump
    value, rank_of = table.value, table.tables.rank_of
    best: tuple[bool, int, str] | None = None  # the cheapest sure winner: (is trump, value, card)
    for card in legal:
        suit = suit_of[card]
        card_value = value[rank_of[card]]
        if card_value > table.highest_unseen(suit):
            key = (suit == trump, card_value, card)
            if best is None or key < best:
                best = key
    if best is not None:
        return best[2]
    lengths: dict[str, int] = {}
    for card in hand:
        lengths[suit_of[card]] = lengths.get(suit_of[card], 0) + 1
    return min(legal, key=lambda c: (suit_of[c] == trump, -lengths.get(suit_of[c], 0), value[rank_of[c]]))


# --- other choices --------------------------------------------------------------------------


def choose(request: Request, table: Table, want: bool) -> Any:
    """A legal answer to a ``choose`` request, by simple rules on the chooser's hand."""
    options = list(request.options)
    is_declarer = table.declarer == table.seat
    if request.optional and not is_declarer:
        return None  # the others keep their options to themselves
    if not options:
        return None
    ranked = _rank_options(request, options, table, want, is_declarer)
    if request.count > 1:
        return ranked[: request.count]
    return ranked[0]


def _rank_options(request: Request, options: list[Any], table: Table, want: bool, is_declarer: bool) -> list[Any]:
    what = request.what
    if what == "suit":
        strength = {o: suit_strength(table.hand, str(o), table.tables, table.value) for o in options}
        return sorted(options, key=lambda o: strength[o], reverse=want)
    if what == "card" and all(str(o) in table.tables.suit_of for o in options):
        hand = set(table.hand)
        if request.name == PASS_CARDS or all(str(o) in hand for o in options):
            # Parting with cards: keep what helps (high cards when wanting tricks).
            return sorted(options, key=lambda o: table.v(str(o)), reverse=not want)
        # Naming cards that are not all one's own (a card to take, a card that decides a trick):
        # a high card — someone else's when wanting tricks, one's own when avoiding them.
        strength = {s: suit_strength(table.hand, s, table.tables, table.value) for s in table.tables.suits}
        return sorted(
            options,
            key=lambda o: ((str(o) in hand) != want, table.v(str(o)), strength[table.suit(str(o))]),
            reverse=True,
        )
    if what == "number" and all(isinstance(o, int) for o in options):
        if not is_declarer:
            return sorted(options, key=lambda o: abs(o - (min(options) + max(options)) / 2))
        guess = expected_tricks(table.hand, table.trump, table.tables, table.value) + GUESS_LIFT
        return sorted(options, key=lambda o: (abs(o - guess), o))
    if what == "player":
        mine = {table.seat} if is_declarer or table.declarer is None else set(table.players) - {table.declarer}

        def key(o: Any) -> tuple[int, int, int]:
            seat = int(o)
            on_my_side = seat in mine
            return (0 if on_my_side == want else 1, 0 if seat == table.seat else 1, -table.won.get(seat, 0))

        return sorted(options, key=key)
    return options


def _fallback(request: Request, rng: random.Random) -> Any:
    """A random legal answer (what the agent says when its own rules fail)."""
    if request.kind == "bid":
        return None
    if not request.options:
        return None
    if request.count > 1:
        return rng.sample(list(request.options), request.count)
    return rng.choice(request.options)


# --- playouts -------------------------------------------------------------------------------


class Playout:
    """Answers the engine's requests inside a simulated deal: greedy play for every seat.

    ``overrides`` answers named choices (a real deal's declarations) when they are legal.
    """

    def __init__(self, tables: Tables, direction: int, overrides: dict[str, Any] | None = None) -> None:
        self.tables = tables
        self.plan = Plan(direction)
        self.overrides = overrides or {}
        self.deal: Deal | None = None
        self._played: set[str] = set()  # cards played so far (kept up to date from the deal's plays)
        self._seats: list[int] = []
        self._high_first: dict[str, list[str]] | None = None  # the rank order is fixed once declared

    def ask(self, request: Request) -> Any:
        if request.kind == "play":
            return self.play(request)
        if request.kind == "choose":
            if request.name in self.overrides:
                known = self.overrides[request.name]
                if isinstance(known, dict):  # a per-player choice: this seat's own, if seen
                    known = known.get(request.seat)
                try:
                    return request.validate(known)
                except IllegalDecision:
                    pass
            table = self.table(request.seat)
            return choose(request, table, self.wants())
        return None

    def wants(self) -> bool:
        deal = self.deal
        assert deal is not None and deal.declarer is not None
        # The others fight over the same tricks: they want them exactly when the declarer does.
        return self.plan.wants(deal.declarer.won_count)

    def table(self, seat: int, plays: Sequence[tuple[int, str]] = (), for_play: bool = False) -> Table:
        deal = self.deal
        assert deal is not None
        if not self._seats:
            self._seats = [p.seat for p in deal.players]
        if for_play and self._high_first is None:
            self._high_first = high_first(self.tables, deal.table.rank_value)
        return Table(
            seat=seat,
            declarer=deal.declarer.seat if deal.declarer else None,
            hand=[c.name for c in deal.by_seat[seat].hand],
            trump=deal.table.trump,
            value=deal.table.rank_value,
            tables=self.tables,
            won={} if for_play else {p.seat: p.won_count for p in deal.players},
            players=self._seats,
            plays=plays,
            played=self._played,
            high_first=self._high_first,
        )

    def play(self, request: Request) -> str:
        legal = request.options
        if len(legal) == 1:
            return legal[0]
        deal = self.deal
        assert deal is not None and deal.current is not None
        plays_so_far = deal.env["plays"]
        if len(self._played) < len(plays_so_far):
            self._played.update(p.card.name for p in plays_so_far[len(self._played) :])
        plays = [(p.player.seat, p.card.name) for p in deal.current.plays]
        return pick_card(legal, self.table(request.seat, plays, for_play=True), self.wants())


# --- the agent ------------------------------------------------------------------------------


@dataclass
class Estimate:
    """How often a combo was completed in playouts, and steering which way."""

    completed: int
    playouts: int
    direction: int
    confirmed: bool = False  # played on the second set of layouts too

    @property
    def rate(self) -> float:
        return self.completed / self.playouts if self.playouts else 0.0


class HeuristicAgent:
    """Bids from Monte Carlo playouts with the real engine; plays greedily toward its requirement.

    ``samples`` is the number of random layouts of the unknown cards per deal (each candidate
    combo is played out on at most that many); ``threshold`` the completion rate a combo needs
    to be bid; ``confident`` the rate above which a special bid that adds only failure points is
    harmless. ``rules`` defaults to the bundled rule set that has the bids it is asked about.
    """

    wants_view = True

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
        self._directions: dict[str, list[int]] = {}  # standard bid → completions (more, fewer) learnt
        # (players, bids, declarations) → completing counts; (players, bid) → those of a bid alone
        self._targets: dict[Any, frozenset[int] | None] = {}
        self._bid_targets: dict[tuple[int, str], frozenset[int] | None] = {}
        self._history: dict[BidAnswer, list[int]] = {}  # combo → [deals estimated, deals with a completion]
        self._dressings: dict[tuple[int, str, tuple[str, ...]], list[tuple[Any, tuple[str, ...]]]] = {}
        self._bid_key: Any = None
        self._layouts: list[dict[int, list[str]]] = []
        self._deals: dict[Any, tuple[dict[int, list[str]], Deal]] = {}  # deals of layouts, to clone
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
            return _fallback(request, self.rng)

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
                    "HeuristicAgent: no bundled rule set has these bids; pass rules= "
                    "(without it the agent answers at random and passes every bid)",
                    RuntimeWarning,
                    stacklevel=3,
                )
        return self.rules

    def _decide(self, rules: M.RuleSet, request: Request, view: View) -> Any:
        if request.kind == "bid":
            return self._bid(rules, request, view)
        if view.declarer is None:
            return _fallback(request, self.rng)
        plan = self._play_plan(rules, request, view)
        table = self._table(rules, view)
        # The others fight over the same tricks: they want them exactly when the declarer does.
        want = plan.wants(table.won.get(view.declarer, 0))
        if request.kind == "play":
            table.plays = view.current_trick
            played = {card for trick in view.tricks for _, card in trick["plays"]}
            played.update(card for _, card in view.current_trick)
            table.played = played
            return pick_card(request.options, table, want)
        if request.kind == "choose":
            if self._worth_trying(request, view):
                return self._try_options(rules, request, view, plan)
            return choose(request, table, want)
        return _fallback(request, self.rng)

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
        return Table(
            seat=view.seat,
            declarer=view.declarer,
            hand=view.hand,
            trump=view.trump,
            value=rank_values(rules, bids),
            tables=tables,
            won=won,
            players=view.players,
        )

    def layout(self, tables: Tables, view: View, own_hand: Sequence[str] | None) -> dict[int, list[str]]:
        """A random deal of the cards this player cannot see, around ``own_hand`` and visible cards."""
        fixed: dict[int, list[str]] = {}
        used: set[str] = set()
        deck = set(tables.names)
        if own_hand is not None and len(own_hand) == tables.hand_size and set(own_hand) <= deck:
            fixed[view.seat] = list(own_hand)
            used.update(own_hand)
        for seat, cards in view.visible.items():
            if seat in view.players and seat not in fixed and len(cards) <= tables.hand_size:
                shown = [c for c in cards if c in deck and c not in used]
                fixed[seat] = shown
                used.update(shown)
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

    def new_deal(self, rules: M.RuleSet, view: View, hands: dict[int, list[str]] | None, ask: Callable) -> Deal:
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
        runner = Playout(self.tables(rules, len(view.players)), direction, overrides)
        deal = self._dealt(rules, view, hands).clone(ask=runner.ask, rng=self.rng)
        runner.deal = deal
        deal.declare(declarer, answer)
        deal.run_events()
        runner.plan = Plan(direction, self._completing(deal), deal.hand_size)
        deal.play_hand()
        return deal.score(), runner.plan

    def _dealt(self, rules: M.RuleSet, view: View, hands: dict[int, list[str]]) -> Deal:
        """The deal of ``hands`` before the auction, made once: each playout starts from a clone."""
        key = (id(hands), view.dealer, tuple(view.scores.items()), repr(view.marks))
        kept = self._deals.get(key)
        if kept is None or kept[0] is not hands:
            if len(self._deals) >= 64:
                self._deals.clear()
            kept = self._deals[key] = (hands, self.new_deal(rules, view, hands, None))
        return kept[1]

    def _completing(self, deal: Deal) -> frozenset[int] | None:
        key = (
            len(deal.players),
            tuple(b.id for b in deal.bids),
            tuple((name, _key(d.value)) for name, d in deal.declarations.items()),
        )
        if key not in self._targets:
            self._targets[key] = completing_counts(deal)
            if len(deal.bids) == 1 and not deal.declarations:  # a bid alone, without choices
                self._bid_targets[len(deal.players), deal.bids[0].id] = self._targets[key]
        return self._targets[key]

    def _out_of_reach(self, rules: M.RuleSet, tables: Tables, view: View, standard: str) -> bool:
        """A quick look before any playout: is the hand far too strong or too weak for the bid?

        Only for a bid whose completing trick counts are known (from an earlier playout) to be
        "at least so many" or "at most so many"; the hand's expected tricks are counted with
        its strongest suit as trump when the bid sets a trump. The margin :data:`REACH` keeps
        every bid that playouts might find playable.
        """
        targets = self._bid_targets.get((len(view.players), standard))
        if not targets:
            return False
        value = rank_values(rules, (standard,))
        trump = None
        if rules.bids[standard].trump is not None:
            trump = max(tables.suits, key=lambda s: suit_strength(view.hand, s, tables, value))
        expected = expected_tricks(view.hand, trump, tables, value)
        if tables.hand_size in targets:
            return expected + REACH < min(targets)
        if 0 in targets:
            return expected - REACH > max(targets)
        return False

    # -- bidding

    def _bid(self, rules: M.RuleSet, request: Request, view: View) -> BidAnswer | None:
        if request.check is None:
            return None
        tables = self.tables(rules, len(view.players))
        key = (view.dealer, view.players, tuple(sorted(view.hand)))
        if key != self._bid_key:
            self._bid_key = key
            self._layouts = []
            self._deals = {}
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
            estimate = self.confirm(rules, view, tables, BidAnswer(standard))
            if estimate.rate < self.threshold:
                continue
            passed.append(standard)
            answer = self._dress(request, maker, standard, (), estimate.rate, len(view.players))
            if answer is not None:
                return answer
        for standard in passed[:2]:  # nothing harmless beats the lead: try one more special bid
            for special in self._helpers(rules, maker, standard):
                if not self._can_beat(request, maker, len(view.players), standard, (special,)):
                    continue
                estimate = self.confirm(rules, view, tables, BidAnswer(standard, (special,)))
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
        allowed = INFORMATION_HOOKS | (COSTLY_HOOKS if confident else frozenset())
        return [b.id for b in rules.special_bids if set(b.hooks()) <= allowed]

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
            found: list[tuple[Any, tuple[str, ...]]] = []
            for size in range(len(pool) + 1):
                for subset in dict.fromkeys(combinations(pool, size)):  # copies make some subsets twice
                    answer = BidAnswer(standard, (*extra, *subset))
                    if maker.problem(answer) is None:
                        found.append((maker.make(answer).worth, subset))
            found.sort(key=lambda item: (item[0], len(item[1])))
            self._dressings[key] = found
        return self._dressings[key]

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
        reach or nothing was completed in the first few. A requirement that names its trick
        counts needs one direction only; otherwise both are tried, and the standard bid's
        better direction is remembered over the deals.
        """
        if answer in self._estimates:
            return self._estimates[answer]
        needed = max(1, math.ceil(self.threshold * self.samples))
        learnt = self._learnt_direction(answer.standard)
        directions = [learnt] if learnt is not None else [MORE, FEWER]
        history = self._history.setdefault(answer, [0, 0])  # deals tried, deals with a completion
        hopeless = 1 if history[0] >= HOPELESS * 2 and history[1] == 0 else HOPELESS
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

    def confirm(self, rules: M.RuleSet, view: View, tables: Tables, answer: BidAnswer) -> Estimate:
        """Play a combo that passed on a second set of layouts, before bidding it.

        Of several players the most optimistic estimate wins the auction; more playouts for
        that one estimate keep the agent from bidding what it cannot complete.
        """
        estimate = self.estimate(rules, view, tables, answer)
        if estimate.confirmed or estimate.rate < self.threshold:
            return estimate
        total = 2 * self.samples
        needed = math.ceil(self.threshold * total)
        for index in range(self.samples, total):
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
        estimate.confirmed = True
        return estimate

    def _learnt_direction(self, standard: str) -> int | None:
        stats = self._directions.get(standard)
        if stats is None:
            return None
        more, fewer, deals = stats
        if more != fewer or deals >= 3:
            return MORE if more >= fewer else FEWER
        return None

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
        runner = Playout(tables, self._plan.direction if self._plan else MORE, dict(view.declarations))
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
        ranked = _rank_options(request, list(request.options), table, plan.wants(0), True)
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


def _key(value: Any) -> Any:
    """A declaration's value as a hashable plain value (cards by name, players by seat)."""
    if isinstance(value, list | tuple):
        return tuple(_key(v) for v in value)
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Player):
        return value.seat
    return value
