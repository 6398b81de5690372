"""The rulebook's Christmas Whist and watched matches, shared by the tests of test_christmas_*.py.

The facts of the game are written here from the rulebook (/work/shared/rulebooks/christmas-whist.txt),
never read from the rule set. Each match is played by seeded :class:`interpreter.agents.RandomAgent`
players (which decline an optional meld now and then), wrapped so that at every decision the
engine's state (``game.current``), the request and the view are checked; :func:`run_match` returns
the game and what the watch saw.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.deal import Deal
from interpreter.decisions import Agent, Request, View
from interpreter.game import Game
from interpreter.gamestate import GameState
from rulespec import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULES = load_ruleset("christmas-whist")

# --- the game as the rulebook states it -------------------------------------------------------

SUITS = ("C", "D", "H", "S")
RED = {"D", "H"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # low to high
DECK = [rank + suit for suit in SUITS for rank in RANKS]
SET_ASIDE = 10
HAND_SIZE = 11
STOCK = 52 - SET_ASIDE - 2 * HAND_SIZE  # 20, the first face-up card included
TRICKS_BEFORE_CLOSE = STOCK // 2  # each trick takes two cards from the stock
TRICKS = TRICKS_BEFORE_CLOSE + HAND_SIZE  # 21
KINDS = ("tricks_up", "tricks_down", "pairs_up", "pairs_down", "marriages_up", "marriages_down")
SCHEDULES = {
    "full": KINDS + ("chosen",),
    "five": KINDS[:5],
    "three": KINDS[:3],
    "single": KINDS[:1],
}
TRICK_SIGN = {kind: (1 if kind.endswith("_up") else -1) for kind in KINDS}
MELD_OF = {"pairs_up": "pair", "pairs_down": "pair", "marriages_up": "marriage", "marriages_down": "marriage"}
MELD_RANKS = {"pair": ("3", "2"), "marriage": ("K", "Q")}  # (led, shown)

assert STOCK == 20 and TRICKS == 21
assert sorted(rank + suit for rank, suit in RULES.game.deck.cards(2)) == sorted(DECK)


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def beats(card: str, best: str, trump: str) -> bool:
    if suit(card) == suit(best):
        return RANKS.index(rank(card)) > RANKS.index(rank(best))
    return suit(card) == trump


def meld_points(meld: str, shown: str, king_won: bool) -> int:
    if meld == "pair":
        return 2 if suit(shown) in RED else 1
    return 3 if king_won else 2


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None)


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MATCHES = st.sampled_from(("full", "full", "five", "three", "single"))


# --- watched matches ----------------------------------------------------------------------------


@dataclass
class Watch:
    """The game the agents play, and what their checks found (by property)."""

    game: Game | None = None
    problems: dict[str, list[str]] = field(default_factory=dict)
    meld_answers: list[tuple[int, int, int, Any]] = field(default_factory=list)  # (hand, trick, seat, answer)
    counts: Counter[str] = field(default_factory=Counter)

    def fail(self, kind: str, text: str) -> None:
        self.problems.setdefault(kind, []).append(text)


class WatchedAgent(Agent):
    """A seeded RandomAgent that checks the table and its view before every answer."""

    wants_view = True

    def __init__(self, seed: int, watch: Watch) -> None:
        self.random = RandomAgent(seed)
        self.watch = watch

    def decide(self, request: Request, view: View) -> Any:
        assert self.watch.game is not None and self.watch.game.current is not None
        deal = self.watch.game.current
        check_table(self.watch, deal)
        check_view(self.watch, deal, view)
        check_request(self.watch, deal, request)
        answer = self.random.decide(request, view)
        if request.name in MELD_RANKS:
            hand = len(self.watch.game.deal_records)
            self.watch.meld_answers.append((hand, deal.tricks[-1].number, request.seat, answer))
        return answer


def run_match(seed: int, match: str = "full") -> tuple[Game, Watch]:
    watch = Watch()
    agents = [WatchedAgent(seed * 7919 + seat, watch) for seat in range(2)]
    game = Game(RULES, agents, seed=seed, options={"match": match})
    watch.game = game
    game.run()
    return game, watch


def names(cards: Any) -> list[str]:
    return [card.name for card in cards]


def played_now(deal: Deal) -> list[str]:
    current = deal.current.plays if deal.current else []
    return [p.card.name for t in deal.tricks for p in t.plays] + [p.card.name for p in current]


# --- checks at every decision -------------------------------------------------------------------


def check_table(watch: Watch, deal: Deal) -> None:
    """Each of the 52 cards is in exactly one place; hands and stock have the sizes the rules give."""
    held = [c for p in deal.players for c in names(p.hand)]
    face_up = [deal.face_up.name] if deal.face_up else []
    places = held + played_now(deal) + names(deal.stock) + face_up + names(deal.set_aside)
    if Counter(places) != Counter(DECK):
        twice = sorted(c for c, n in Counter(places).items() if n > 1)
        missing = sorted(set(DECK) - set(places))
        watch.fail("table", f"cards twice {twice}, nowhere {missing}")
    if len(deal.set_aside) != SET_ASIDE:
        watch.fail("table", f"{len(deal.set_aside)} cards set aside")
    done = len(deal.tricks)
    # A meld is asked right after its trick, before the draws: then the last trick has drawn nothing yet.
    between = deal.current is None and done > 0
    draws = min(done - between, TRICKS_BEFORE_CLOSE)
    in_current = {p.player.seat for p in deal.current.plays} if deal.current else set()
    for player in deal.players:
        expected = HAND_SIZE + draws - done - (player.seat in in_current)
        if len(player.hand) != expected:
            held = len(player.hand)
            watch.fail("table", f"after {done} tricks seat {player.seat} holds {held} cards, not {expected}")
    left = len(deal.stock) + len(face_up)
    if left != STOCK - 2 * draws:
        watch.fail("table", f"after {done} tricks ({draws} draws) the stock holds {left} cards")
    if bool(face_up) != (draws < TRICKS_BEFORE_CLOSE):
        watch.fail("table", f"after {draws} draws the face-up card is {face_up}")
    if deal.current is not None and deal.closed != (deal.current.number > TRICKS_BEFORE_CLOSE):
        watch.fail("table", f"trick {deal.current.number}: closed is {deal.closed}")


CARD_NAME = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[CDHS](?![A-Za-z0-9])")


def check_view(watch: Watch, deal: Deal, view: View) -> None:
    """A view shows the viewer's hand, played cards, the face-up card, shown meld cards — nothing else."""
    viewer = deal.by_seat[view.seat]
    hand = names(viewer.hand)
    if list(view.hand) != hand:
        watch.fail("view", f"seat {view.seat}: view hand {view.hand} is not the hand {hand}")
    hidden = set(names(deal.stock)) | set(names(deal.set_aside))
    meld_cards = {c for m in deal.meld_log for c in (m["led"], m["shown"])}
    allowed = set(hand) | set(played_now(deal)) | meld_cards | ({deal.face_up.name} if deal.face_up else set())
    known = view.cards_known()
    if known - allowed:
        watch.fail("view", f"seat {view.seat} is shown {sorted(known - allowed)}")
    if known & hidden:
        watch.fail("view", f"seat {view.seat} is shown stock or set-aside cards {sorted(known & hidden)}")
    # Nor may a hidden card's name appear anywhere in the view (counts, melds, tricks, ...).
    leaked = set(CARD_NAME.findall(repr(view))) & hidden
    if leaked:
        watch.fail("view", f"seat {view.seat}: the view names hidden cards {sorted(leaked)}")
    if view.stock_size != len(deal.stock) + (1 if deal.face_up else 0):
        watch.fail("view", f"seat {view.seat}: stock size {view.stock_size}")
    watch.counts["views"] += 1


def check_request(watch: Watch, deal: Deal, request: Request) -> None:
    """Plays: follow suit when able, otherwise anything (no obligation to trump). Melds: as led."""
    player = deal.by_seat[request.seat]
    hand = names(player.hand)
    if request.kind == "play":
        assert deal.current is not None
        led = deal.current.led_suit
        following = [c for c in hand if suit(c) == led]
        expected = following or hand
        if sorted(request.options) != sorted(expected):
            watch.fail("legal", f"seat {request.seat} may play {request.options}, holding {hand} (led {led})")
        watch.counts["plays"] += 1
    elif request.name in MELD_RANKS:
        trick = deal.tricks[-1]
        lead = trick.plays[0].card.name
        led_rank, shown_rank = MELD_RANKS[request.name]
        expected = [c for c in hand if rank(c) == shown_rank and suit(c) == suit(lead)]
        if trick.leader is not player or rank(lead) != led_rank or list(request.options) != expected:
            watch.fail("legal", f"{request.name} asked of seat {request.seat} after {lead}: {request.options}")
        if not request.optional:
            watch.fail("legal", f"declaring a {request.name} is not optional")
        watch.counts["meld asks"] += 1
    elif request.name == "contract":
        if sorted(request.options) != sorted(KINDS):
            watch.fail("legal", f"hand 7 offers {request.options}")
        watch.counts["contract asks"] += 1
    else:
        watch.fail("legal", f"unexpected request {request.kind} {request.name}")


def assert_no_problems(watch: Watch, kind: str) -> None:
    found = watch.problems.get(kind, [])
    assert not found, "\n".join(found[:10])


def hands_of(game: Game) -> list[dict[str, Any]]:
    return [r for r in game.deal_records if "contract" in r]


def random_states(rules: Any, seeds: range) -> Any:
    """(state, request, view) at every decision of matches of ``rules`` between seeded random players."""
    for seed in seeds:
        state = GameState(rules, 2, seed=seed)
        agents = [RandomAgent(seed * 2), RandomAgent(seed * 2 + 1)]
        request = state.advance()
        while request is not None:
            view = state.view(request.seat)
            yield state, request, view
            state.apply(agents[request.seat].decide(request, view))
            request = state.advance()
