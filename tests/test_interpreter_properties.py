"""Properties of games played by seeded random agents, over seeds and player counts (3 to 6).

The agents are :class:`interpreter.agents.RandomAgent` (bidding often, so most deals have a
declarer), optionally *driven*: they first try combo bids holding one target bid, so that
the bids that move or show cards (mail, master mail, rank trump; open hand, open trump,
atelier, taintless bid) are played often. Each agent runs the test's checks on every
request and view it gets, against the engine's state at that moment.

Each test runs its Hypothesis examples inside the test function so that it can count, over
all of them, that the deals it is about really happened.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import records
from interpreter.agents import RandomAgent
from interpreter.deal import Deal
from interpreter.decisions import Agent, BidAnswer, Request, View
from interpreter.game import Game
from interpreter.state import Card, Player
from rulespec import load_ruleset

RULES = load_ruleset("combo-whist")
RULESET_REF = "combo-whist"
HAND_SIZE = 13
VISIBILITY_BIDS = ("open_hand", "open_trump", "atelier", "taintless_bid")
PASSING_BIDS = ("mail", "master_mail", "rank_trump")
BID_CHANCE = 0.85
MAX_DEALS = 6

# The free point rule and the failure points, as the rule set states them.
BIDDING_FLOOR = -5
FREE_POINTS = 1
FAILURE_POINTS = 2
assert RULES.game.params["bidding_floor"] == BIDDING_FLOOR
assert RULES.game.params["free_points"] == FREE_POINTS
assert RULES.game.params["failure_points"] == FAILURE_POINTS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYER_COUNTS = st.sampled_from((3, 4, 5, 6))

Hook = Callable[["Watch", Request, View], None]


# --- playing watched games -----------------------------------------------------------


@dataclass
class Watch:
    """What the agents of one game share: the game, the checks, and the cards each seat passed away."""

    hooks: list[Hook]
    game: Game | None = None
    passed: dict[tuple[int, int], set[str]] = field(default_factory=dict)  # (deal index, seat) → cards

    @property
    def deal(self) -> Deal:
        assert self.game is not None and self.game.current is not None
        return self.game.current

    @property
    def deal_index(self) -> int:
        assert self.game is not None
        return len(self.game.deal_records)


class WatchedAgent(Agent):
    """A seeded RandomAgent that runs the watch's checks first and, when driven, bids ``target`` often."""

    def __init__(self, seed: int, target: str | None, watch: Watch) -> None:
        self.random = RandomAgent(seed, bid_chance=BID_CHANCE)
        self.rng = random.Random(seed + 1)
        self.target = target
        self.watch = watch

    def decide(self, request: Request, view: View) -> Any:
        for hook in self.watch.hooks:
            hook(self.watch, request, view)
        answer = self._driven_bid(request) if request.kind == "bid" and self.target else None
        if answer is None:
            answer = self.random.decide(request, view)
        if request.name == "pass_cards":
            names = answer if isinstance(answer, list) else [answer]
            key = (self.watch.deal_index, request.seat)
            self.watch.passed.setdefault(key, set()).update(str(n) for n in names)
        return answer

    def _driven_bid(self, request: Request) -> BidAnswer | None:
        """A legal combo holding the target bid (most of the time), or None to bid as RandomAgent."""
        if request.check is None or self.target is None or self.rng.random() < 0.2:
            return None
        target = RULES.bids[self.target]
        for _ in range(12):
            others = tuple(s for s in request.special_ids if s != self.target and self.rng.random() < 0.1)
            if target.kind == "standard":
                answer = BidAnswer(self.target, others)
            else:
                answer = BidAnswer(self.rng.choice(request.standard_ids), (self.target, *others))
            if request.check(answer) is None:
                return answer
        return None


def run_game(
    players: int, seed: int, target: str | None = None, hooks: Iterable[Hook] = (), max_deals: int = MAX_DEALS
) -> Game:
    """A game of watched agents, stopped after ``max_deals`` deals unless someone won before."""
    watch = Watch(list(hooks))
    agents = [WatchedAgent(seed * 7919 + seat, target, watch) for seat in range(players)]
    game = Game(RULES, agents, seed=seed)
    watch.game = game
    while game.result is None and len(game.deal_records) < max_deals:
        game.play_deal()
    return game


def played_deals(game: Game) -> list[dict[str, Any]]:
    return [deal for deal in game.deal_records if deal["declarer"] is not None]


def declared_bids(game: Game) -> Counter[str]:
    return Counter(bid for deal in played_deals(game) for bid in deal["combo"]["bids"])


def deck_names(player_count: int) -> list[str]:
    return [rank + suit for rank, suit in RULES.game.deck.cards(player_count)]


def property_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None)


# --- cards are conserved -------------------------------------------------------------


def check_table(watch: Watch, request: Request, view: View) -> None:
    """At every decision: each card of the deck is in exactly one hand or played once; hand sizes fit."""
    deal = watch.deal
    held = [card.name for player in deal.players for card in player.hand]
    current = deal.current.plays if deal.current else []
    played = [play.card.name for trick in deal.tricks for play in trick.plays] + [p.card.name for p in current]
    assert Counter(held + played) == Counter(deck_names(len(deal.players)))
    in_current = {play.player.seat for play in current}
    for player in deal.players:
        expected = HAND_SIZE - len(deal.tricks) - (player.seat in in_current)
        assert len(player.hand) == expected, f"seat {player.seat} holds {len(player.hand)} cards, not {expected}"
        assert all(deal.table.card_holder(card) is player for card in player.hand)


def check_dealt_and_played(deal: dict[str, Any]) -> None:
    """From the deal's record: dealt exactly once, 13 each; when played, played exactly once."""
    deck = Counter(deck_names(len(deal["players"])))
    assert sum(deck.values()) == HAND_SIZE * len(deal["players"])
    assert set(deal["hands"]) == {str(seat) for seat in deal["players"]}
    assert all(len(cards) == HAND_SIZE for cards in deal["hands"].values())
    assert Counter(card for cards in deal["hands"].values() for card in cards) == deck
    if deal["declarer"] is not None:
        assert Counter(card for trick in deal["tricks"] for _, card in trick["plays"]) == deck


def test_cards_are_conserved() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((None, *PASSING_BIDS)))
    def check(seed: int, players: int, target: str | None) -> None:
        game = run_game(players, seed, target, hooks=[check_table])
        for deal in game.deal_records:
            check_dealt_and_played(deal)
        seen.update(declared_bids(game))
        seen[f"players={players}"] += 1

    check()
    for bid in PASSING_BIDS:
        assert seen[bid] > 0, f"no {bid} deal was played: {seen}"
    assert all(seen[f"players={n}"] for n in range(3, 7)), seen


# --- legal moves -----------------------------------------------------------------------


def check_play_request(watch: Watch, request: Request, view: View, counts: Counter[str]) -> None:
    if request.kind != "play":
        return
    deal = watch.deal
    player = deal.by_seat[request.seat]
    hand = [card.name for card in player.hand]
    assert list(view.hand) == hand
    assert hand, f"seat {request.seat} is asked to play with an empty hand"
    assert request.options, f"no legal card for seat {request.seat} holding {hand}"
    assert set(request.options) <= set(hand)
    assert len(set(request.options)) == len(request.options)
    led = deal.current.led_suit if deal.current else None
    if led is not None and any(card.suit == led for card in player.hand):
        assert all(deal.card_by_name[name].suit == led for name in request.options), "must follow suit"
    counts["plays"] += 1
    counts["restricted"] += len(request.options) < len(hand)


def test_legal_moves_are_never_empty_while_the_player_holds_cards() -> None:
    counts: Counter[str] = Counter()
    hook: Hook = lambda watch, request, view: check_play_request(watch, request, view, counts)

    @property_settings(60)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        run_game(players, seed, hooks=[hook])

    check()
    assert counts["plays"] > 1000 and counts["restricted"] > 0, counts


# --- tricks ------------------------------------------------------------------------------


def rank_order(bid_ids: Iterable[str]) -> list[str]:
    """The ranks low to high under the combo's rank-order rules."""
    ranks = list(RULES.game.deck.ranks)
    for bid_id in bid_ids:
        order = RULES.bids[bid_id].rank_order
        if order:
            moved = (*order.lowest, *order.highest)
            ranks = [*order.lowest, *(r for r in ranks if r not in moved), *order.highest]
    return ranks


def expected_winner(trick: dict[str, Any], ranks: list[str]) -> int:
    """Highest card of the led suit, unless trumped: then the highest trump."""
    value = {rank: i for i, rank in enumerate(ranks)}
    trump = trick["trump"]
    best_seat, best = trick["plays"][0]
    for seat, card in trick["plays"][1:]:
        rank, suit, top_rank, top_suit = card[:-1], card[-1], best[:-1], best[-1]
        if (suit == top_suit and value[rank] > value[top_rank]) or (suit != top_suit and suit == trump):
            best_seat, best = seat, card
    return best_seat


def check_tricks(deal: dict[str, Any]) -> None:
    tricks = deal["tricks"]
    players = deal["players"]
    assert len(tricks) == HAND_SIZE
    assert [trick["number"] for trick in tricks] == list(range(1, HAND_SIZE + 1))
    ranks = rank_order(deal["combo"]["bids"])
    for before, trick in zip([None, *tricks], tricks, strict=False):
        assert sorted(seat for seat, _ in trick["plays"]) == sorted(players)
        assert trick["winner"] in players
        if before is not None:
            assert trick["leader"] == before["winner"], "the winner of a trick leads the next one"
        if "justice" not in deal["combo"]["bids"]:  # justice lets the declarer name the taker
            assert trick["winner"] == expected_winner(trick, ranks)
    won = Counter(trick["winner"] for trick in tricks)
    assert deal["tricks_won"] == {str(seat): won.get(seat, 0) for seat in players}
    assert sum(deal["tricks_won"].values()) == HAND_SIZE


def test_tricks_sum_to_the_hand_size_and_match_tricks_won() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        game = run_game(players, seed)
        for deal in played_deals(game):
            check_tricks(deal)
        seen.update(declared_bids(game))
        seen["deals"] += len(played_deals(game))

    check()
    assert seen["deals"] > 100 and seen["iron"] > 0 and seen["justice"] > 0, seen


# --- scores --------------------------------------------------------------------------


def expected_points(deal: dict[str, Any]) -> int:
    """The deal's points: the standard bid's score plus bonuses when completed, else −2 minus penalties."""
    bids = [RULES.bids[bid_id] for bid_id in deal["combo"]["bids"]]
    if not deal["completed"]:
        return -FAILURE_POINTS - sum(bid.penalty.constant for bid in bids if bid.penalty is not None)
    standard = bids[0]
    assert standard.kind == "standard" and standard.score is not None
    points = standard.score.constant if standard.score.is_constant else deal["combo"]["worth"]  # taintless bid
    for bid in bids:
        if bid.bonus is None:
            continue
        if bid.bonus.is_constant:
            points += bid.bonus.constant
        else:  # plague: honourably beplagued when the declarer took every card of the plague suit
            assert bid.id == "plague"
            plague = deal["declarations"]["plague"]
            won = [card for t in deal["tricks"] if t["winner"] == deal["declarer"] for _, card in t["plays"]]
            all_of_suit = [card for card in deck_names(len(deal["players"])) if card.endswith(plague)]
            points += RULES.bids["plague"].params["honour_points"] if set(all_of_suit) <= set(won) else 0
    return points


def check_scores(game: Game) -> int:
    """Check every deal's scores against the previous ones; the number of free points given."""
    free = 0
    before = {seat: 0 for seat in range(game.n)}
    for deal in game.deal_records:
        expected = dict(before)
        if deal["declarer"] is not None:
            assert deal["points"] == expected_points(deal)
            expected[deal["declarer"]] += deal["points"]
        # The free point rule (reading 13), for the players of the deal who were below the floor
        # when it began (judged on ``before``, not on the score after this deal's bid).
        for seat in deal["players"]:
            if before[seat] < BIDDING_FLOOR:
                expected[seat] += FREE_POINTS
                free += 1
        assert {int(seat): score for seat, score in deal["scores"].items()} == expected
        before = expected
    assert game.scores == before
    return free


def test_scores_change_only_as_the_rules_say() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, players=PLAYER_COUNTS)
    def check(seed: int, players: int) -> None:
        game = run_game(players, seed, max_deals=10)
        seen["free points"] += check_scores(game)
        before = {str(seat): 0 for seat in range(players)}
        for deal in game.deal_records:
            if deal["declarer"] is not None:
                seen["completed" if deal["completed"] else "failed"] += 1
                seat = str(deal["declarer"])
                # A declarer who falls below the floor in this deal: no free point for it yet.
                seen["fell below"] += before[seat] >= BIDDING_FLOOR > deal["scores"][seat]
            before = deal["scores"]

    check()
    assert seen["completed"] > 0 and seen["failed"] > 0 and seen["free points"] > 0, seen
    assert seen["fell below"] > 0, seen


# --- replay ----------------------------------------------------------------------------


def test_replay_of_any_record_is_identical() -> None:
    seen: Counter[str] = Counter()

    @property_settings(40)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((None, *VISIBILITY_BIDS, *PASSING_BIDS)))
    def check(seed: int, players: int, target: str | None) -> None:
        game = run_game(players, seed, target, max_deals=12)
        record = records.to_record(game, RULESET_REF)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.json"
            records.write_record(record, path)
            read = records.read_record(path)
        assert read == json.loads(json.dumps(record))
        assert records.replay(read) == []
        seen["finished" if game.result is not None else "in progress"] += 1

    check()
    assert seen["finished"] > 0 and seen["in progress"] > 0, seen


# --- views never leak hidden cards -----------------------------------------------------


def strings_in(value: Any) -> Iterator[str]:
    """Every string anywhere inside a view's field (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from strings_in(item)


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def card_names(value: Any) -> set[str]:
    if isinstance(value, list | tuple):
        return {name for item in value for name in card_names(item)}
    return {value.name} if isinstance(value, Card) else set()


def shown_by_rules(deal: Deal, viewer: Player) -> dict[str, dict[int, set[str]]]:
    """Other players' cards that each bid's ``visible`` rules show ``viewer`` now, by bid and owner.

    Computed from the rule data (the combo's bids' hook points), not with the engine's view code.
    """
    shown: dict[str, dict[int, set[str]]] = {}
    if deal.combo is None:
        return shown
    env = dict(deal.env)
    for bid_id in deal.combo.ids:
        for rule in RULES.bids[bid_id].visible:
            if rule.to is not None and viewer not in as_list(rule.to(env)):
                continue
            for owner in as_list(rule.of(env)):
                if owner is viewer:
                    continue
                for card in owner.hand:
                    env["player"], env["card"] = owner, card
                    if rule.cards(env):
                        shown.setdefault(bid_id, {}).setdefault(owner.seat, set()).add(card.name)
    return shown


def declared_cards(deal: Deal, seat: int) -> set[str]:
    """Cards in public declarations, and in the viewer's own hidden ones."""
    names: set[str] = set()
    for declaration in deal.declarations.values():
        if declaration.is_card:
            value = declaration.value if declaration.public else declaration.by_seat.get(seat)
            names |= card_names(value)
    return names


def check_view(watch: Watch, request: Request, view: View, seen: Counter[str]) -> None:
    deal = watch.deal
    viewer = deal.by_seat[request.seat]
    assert view.seat == request.seat
    own = {card.name for card in viewer.hand}
    assert set(view.hand) == own and len(view.hand) == len(viewer.hand)
    current = deal.current.plays if deal.current else []
    played = {play.card.name for trick in deal.tricks for play in trick.plays} | {p.card.name for p in current}
    zoned = {card.name for card in deal.table.zone}
    by_bid = shown_by_rules(deal, viewer)
    shown: dict[int, set[str]] = {}
    for per_owner in by_bid.values():
        for owner, cards in per_owner.items():
            shown.setdefault(owner, set()).update(cards)
    public = played | zoned | declared_cards(deal, request.seat) | {c for cards in shown.values() for c in cards}
    known = view.cards_known()
    leaked = known - own - public
    assert not leaked, f"seat {request.seat} ({request.kind} {request.name}) may not know {sorted(leaked)}"
    for part in fields(view):  # no card name hides anywhere else in the view either
        mentioned = {text for text in strings_in(getattr(view, part.name)) if text in deal.card_by_name}
        assert mentioned <= known, f"view.{part.name} names {sorted(mentioned - known)} beyond cards_known()"
    assert {owner: set(cards) for owner, cards in view.visible.items() if cards} == shown
    for name, cards in view.zones.items():
        assert all(deal.table.zone.get(deal.card_by_name[card]) == name for card in cards)
    passed_away = watch.passed.get((watch.deal_index, request.seat), set()) - own
    assert not (passed_away & known) - public, "a card passed away is still listed in the view"
    if deal.combo is not None:
        for bid_id in deal.combo.ids:
            seen[f"views {bid_id}"] += 1
            seen[f"shown {bid_id}"] += bool(by_bid.get(bid_id))
        seen["views after passing"] += bool(passed_away)
        seen["passed cards listed"] += bool(passed_away & known)


def test_views_never_leak_hidden_cards() -> None:
    seen: Counter[str] = Counter()
    hook: Hook = lambda watch, request, view: check_view(watch, request, view, seen)

    @property_settings(100)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((*VISIBILITY_BIDS, *PASSING_BIDS, None)))
    def check(seed: int, players: int, target: str | None) -> None:
        run_game(players, seed, target, hooks=[hook])

    check()
    for bid in VISIBILITY_BIDS:
        assert seen[f"shown {bid}"] > 0, f"no view showed cards by {bid}: {seen}"
    for bid in PASSING_BIDS:
        assert seen[f"views {bid}"] > 0, f"no view in a {bid} deal: {seen}"
    assert seen["views after passing"] > 0 and seen["passed cards listed"] > 0, seen
