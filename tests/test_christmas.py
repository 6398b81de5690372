"""Christmas Whist (bids/christmas-whist/) played whole by seeded random agents: properties over seeds.

Each agent is an :class:`interpreter.agents.RandomAgent` (which declines an optional meld now
and then) wrapped so that, at every decision, it inspects the engine's state (``game.current``)
and the view it is given. After the match the deal records are checked against the rulebook
(/work/shared/rulebooks/christmas-whist.txt): 10 cards set aside, 11 dealt to each, the other 20
in the stock, the first face-up card giving trump; after each trick the winner takes the face-up
card and the loser the top of the pile; 10 tricks before the close and 11 after; only tricks
after the close score (+1 or -1 by the kind of hand) besides the declared pairs (red 2, black 1)
and marriages (king wins its trick 3, loses 2); a tie replays the hand; hand 7 is chosen by the
player behind (the non-dealer on equal scores); the match goes to the most hands won.

The expectations below are written from the rulebook, never read from the rule set.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.deal import Deal
from interpreter.decisions import Agent, Request, View
from interpreter.game import Game
from interpreter.simulation import play_games
from rulespec import load_ruleset
from rulespec.locale import load_texts

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


# --- checks of each hand, from its record --------------------------------------------------------


def hands_of(game: Game) -> list[dict[str, Any]]:
    return [r for r in game.deal_records if "contract" in r]


def replay_hand(record: dict[str, Any]) -> Iterator[str]:
    """Replay a hand's record card by card as the rulebook says; yield every departure from it."""
    dealt = {int(s): list(cards) for s, cards in record["hands"].items()}
    stock = list(record["stock"])
    trump = suit(stock[0])
    seats = sorted(dealt)
    hands = {s: list(c) for s, c in dealt.items()}
    non_dealer = next(s for s in seats if s != record["dealer"])
    leader = non_dealer
    melds = {m["trick"]: m for m in record["melds"]}
    if record["trump"] != trump:
        yield f"trump {record['trump']}, but the first face-up card is {stock[0]}"
    for index, trick in enumerate(record["tricks"]):
        number = index + 1
        plays = [(int(s), c) for s, c in trick["plays"]]
        if trick["number"] != number or plays[0][0] != leader or len(plays) != 2:
            yield f"trick {number}: {trick['number']} led by {plays[0][0]}, expected {leader}"
        led = suit(plays[0][1])
        best_seat, best = plays[0]
        for position, (seat, card) in enumerate(plays):
            if card not in hands[seat]:
                yield f"trick {number}: seat {seat} plays {card}, which it does not hold"
                continue
            if position and suit(card) != led and any(suit(c) == led for c in hands[seat]):
                yield f"trick {number}: seat {seat} plays {card} holding {led}"
            hands[seat].remove(card)
            if beats(card, best, trump):
                best_seat, best = seat, card
        if trick["winner"] != best_seat:
            yield f"trick {number}: won by {trick['winner']}, the rules say {best_seat}"
        if bool(trick.get("after_close")) != (number > TRICKS_BEFORE_CLOSE):
            yield f"trick {number}: after_close is {trick.get('after_close')}"
        meld = melds.get(number)
        if meld is not None:  # declared by the leader, with a card still in the hand after the trick
            kind = MELD_OF.get(record["contract"])
            led_rank, shown_rank = MELD_RANKS.get(kind or "", ("", ""))
            lead = plays[0][1]
            if (
                meld["meld"] != kind
                or meld["seat"] != leader
                or meld["led"] != lead
                or rank(lead) != led_rank
                or rank(meld["shown"]) != shown_rank
                or suit(meld["shown"]) != suit(lead)
                or meld["shown"] not in hands[leader]
            ):
                yield f"trick {number}: meld {meld} in a hand of {record['contract']}"
            elif meld["points"] != meld_points(kind or "", meld["shown"], best_seat == leader):
                yield f"trick {number}: {meld['meld']} {meld['shown']} scores {meld['points']}"
        if number <= TRICKS_BEFORE_CLOSE:  # the winner takes the face-up card, the loser the top of the pile
            loser = next(s for s in seats if s != best_seat)
            hands[best_seat].append(stock[2 * index])
            hands[loser].append(stock[2 * index + 1])
        leader = best_seat
    if any(hands.values()):
        yield f"cards never played: {hands}"
    if set(melds) != {m["trick"] for m in record["melds"]} or len(melds) != len(record["melds"]):
        yield "two melds declared on one trick"


def check_hand_record(record: dict[str, Any]) -> list[str]:
    problems = []
    dealt = [c for cards in record["hands"].values() for c in cards]
    stock = record["stock"]
    if sorted(len(c) for c in record["hands"].values()) != [HAND_SIZE, HAND_SIZE] or len(stock) != STOCK:
        problems.append(f"dealt {[len(c) for c in record['hands'].values()]}, stock {len(stock)}")
    played = [card for trick in record["tricks"] for _, card in trick["plays"]]
    if Counter(played) != Counter(dealt + stock):
        problems.append("the cards played are not the cards dealt and drawn, each once")
    if len(set(dealt + stock)) != 52 - SET_ASIDE:
        problems.append(f"{52 - len(set(dealt + stock))} cards set aside, not {SET_ASIDE}")
    if len(record["tricks"]) != TRICKS:
        problems.append(f"{len(record['tricks'])} tricks")
    problems.extend(replay_hand(record))
    return [f"hand {record['hand_number']} ({record['contract']}): {p}" for p in problems]


def expected_hand_points(record: dict[str, Any]) -> dict[int, int]:
    """+-1 per trick after the close by the kind of hand, plus each declared meld as the rulebook scores it."""
    sign = TRICK_SIGN[record["contract"]]
    points = {int(s): 0 for s in record["hands"]}
    for trick in record["tricks"][TRICKS_BEFORE_CLOSE:]:
        points[trick["winner"]] += sign
    for meld in record["melds"]:
        king_won = record["tricks"][meld["trick"] - 1]["winner"] == meld["seat"]
        points[meld["seat"]] += meld_points(meld["meld"], meld["shown"], king_won)
    return points


def check_scoring(record: dict[str, Any]) -> list[str]:
    problems = []
    points = expected_hand_points(record)
    got = {int(s): p for s, p in record["hand_points"].items()}
    if got != points:
        problems.append(f"hand points {got}, the rules say {points}")
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    winner = leaders[0] if len(leaders) == 1 else None
    if record["hand_winner"] != winner or record["replay"] != (winner is None):
        problems.append(f"hand winner {record['hand_winner']} (replay {record['replay']}), expected {winner}")
    return [f"hand {record['hand_number']} ({record['contract']}): {p}" for p in problems]


def chooser_of_hand_7(dealer: int, scores: dict[int, int]) -> int:
    """The player behind picks; on equal scores, the non-dealer."""
    other = 1 - dealer
    return dealer if scores[dealer] < scores[other] else other


def check_match(game: Game, match: str) -> list[str]:
    schedule = SCHEDULES[match]
    records = hands_of(game)
    problems = []
    position = 0
    scores = {0: 0, 1: 0}
    won = Counter[int]()
    contract_decisions = [d for d in game.decisions if d["name"] == "contract"]
    for index, record in enumerate(records):
        if record["hand_number"] != position + 1:
            problems.append(f"record {index}: hand {record['hand_number']}, expected {position + 1}")
        if index and record["dealer"] == records[index - 1]["dealer"]:
            problems.append(f"record {index}: the same dealer twice")
        planned = schedule[position] if position < len(schedule) else None
        if planned == "chosen":
            decision = contract_decisions.pop(0) if contract_decisions else None
            chooser = chooser_of_hand_7(record["dealer"], scores)
            if decision is None or decision["seat"] != chooser or decision["answer"] != record["contract"]:
                problems.append(f"hand 7 chosen by {decision}, scores {scores}, dealer {record['dealer']}")
        elif record["contract"] != planned:
            problems.append(f"hand {position + 1} is {record['contract']}, the schedule says {planned}")
        if record["hand_winner"] is not None:  # a tied hand is void: played again, its points not kept
            for seat, points in record["hand_points"].items():
                scores[int(seat)] += points
            won[record["hand_winner"]] += 1
            position += 1
    if contract_decisions:
        problems.append(f"contract decisions left over: {contract_decisions}")
    if position != len(schedule) or (records and records[-1]["replay"]):
        problems.append(f"the match ended after {position} decided hands of {len(schedule)}")
    if {s: game.marks[s].get("hands_won", 0) for s in (0, 1)} != {s: won[s] for s in (0, 1)}:
        problems.append(f"marks {game.marks}, hands won {dict(won)}")
    if game.scores != scores:
        problems.append(f"scores {game.scores}, the hands add up to {scores}")
    result = game.result
    best = max(won[0], won[1])
    leaders = [s for s in (0, 1) if won[s] == best]
    expected_winner = leaders[0] if len(leaders) == 1 else None
    if result is None or result.reason != "match" or result.winner != expected_winner:
        problems.append(f"result {result}, hands won {dict(won)}")
    if expected_winner is None:  # an odd number of decided hands between two players has a winner
        problems.append("no winner")
    return problems


# --- the properties -------------------------------------------------------------------------------


def test_cards_are_conserved_and_drawn_as_the_rules_say() -> None:
    seen: Counter[str] = Counter()

    @property_settings(60)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, watch = run_match(seed, match)
        assert_no_problems(watch, "table")
        assert_no_problems(watch, "legal")
        problems = [p for record in hands_of(game) for p in check_hand_record(record)]
        assert not problems, "\n".join(problems[:10])
        seen.update(watch.counts)
        seen["hands"] += len(hands_of(game))

    check()
    assert seen["plays"] and seen["meld asks"] and seen["contract asks"], seen


def test_each_hand_has_21_tricks_10_before_the_close() -> None:
    @property_settings(30)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, _ = run_match(seed, match)
        for record in hands_of(game):
            numbers = [t["number"] for t in record["tricks"]]
            assert numbers == list(range(1, TRICKS + 1))
            closed = [t["number"] for t in record["tricks"] if t.get("after_close")]
            assert closed == list(range(TRICKS_BEFORE_CLOSE + 1, TRICKS + 1)), closed
            assert sum(record["tricks_won"].values()) == TRICKS

    check()


def test_views_hide_the_pile_and_the_set_aside_cards() -> None:
    seen: Counter[str] = Counter()

    @property_settings(60)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        _, watch = run_match(seed, match)
        assert_no_problems(watch, "view")
        seen.update(watch.counts)

    check()
    assert seen["views"] > 0


def test_hand_points_are_the_tricks_after_the_close_and_the_melds() -> None:
    seen: Counter[str] = Counter()

    @property_settings(100)
    @given(seed=SEEDS)
    def check(seed: int) -> None:
        game, watch = run_match(seed)
        problems = [p for record in hands_of(game) for p in check_scoring(record)]
        assert not problems, "\n".join(problems[:10])
        for index, record in enumerate(game.deal_records):
            # Declaring is optional: exactly the melds accepted are recorded (and scored), none declined.
            asked = [(trick, seat, answer) for hand, trick, seat, answer in watch.meld_answers if hand == index]
            accepted = [(trick, seat, answer) for trick, seat, answer in asked if answer is not None]
            assert [(m["trick"], m["seat"], m["shown"]) for m in record["melds"]] == accepted
            seen["declined"] += len(asked) - len(accepted)
        for record in hands_of(game):
            seen[record["contract"]] += 1
            for meld in record["melds"]:
                seen[f"{meld['meld']} {meld['points']}"] += 1
                seen[f"{meld['meld']} {'after' if meld['trick'] > TRICKS_BEFORE_CLOSE else 'before'} the close"] += 1

    check()
    for key in (*KINDS, "pair 1", "pair 2", "marriage 2", "marriage 3", "declined"):
        assert seen[key] > 0, seen
    for meld in ("pair", "marriage"):
        assert seen[f"{meld} before the close"] and seen[f"{meld} after the close"], seen


def test_a_tied_hand_is_replayed() -> None:
    seen: Counter[str] = Counter()

    @property_settings(150)
    @given(seed=SEEDS)
    def check(seed: int) -> None:
        game, _ = run_match(seed)
        records = hands_of(game)
        for index, record in enumerate(records):
            points = list(record["hand_points"].values())
            if points[0] != points[1]:
                assert record["hand_winner"] is not None and not record["replay"]
                continue
            seen["ties"] += 1
            assert record["replay"] and record["hand_winner"] is None
            before = records[index - 1] if index else {"marks": {}, "scores": {"0": 0, "1": 0}}
            assert record["marks"] == before["marks"] and record["scores"] == before["scores"]  # void
            following = records[index + 1]  # a tie is never the last hand
            assert following["hand_number"] == record["hand_number"]
            if record["hand_number"] < 7:
                assert following["contract"] == record["contract"]

    check()
    assert seen["ties"] > 0, "no tied hand was played"


def test_the_match_ends_after_the_schedule_with_the_most_hands_won() -> None:
    seen: Counter[str] = Counter()

    @property_settings(80)
    @given(seed=SEEDS, match=MATCHES)
    def check(seed: int, match: str) -> None:
        game, _ = run_match(seed, match)
        problems = check_match(game, match)
        assert not problems, "\n".join(problems[:10])
        seen[match] += 1

    check()
    assert seen["full"] and seen["single"], seen


# --- the command line -----------------------------------------------------------------------------


def _simulate_output() -> str:
    env = {**os.environ, "WHIST_LANG": "en", "COLUMNS": "120"}
    command = [sys.executable, "-m", "whist", "simulate", "christmas-whist", "--games", "100", "--seed", "1"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _rows(output: str) -> list[list[str]]:
    """The table rows as cells (the column widths depend on the numbers, so they are dropped)."""
    rows = []
    for line in output.splitlines():
        if not re.search(r"\w", line):
            continue
        rows.append([cell.strip() for cell in re.split(r"[│┃]", line) if cell.strip()])
    return rows


def test_simulate_prints_winners_and_points_per_kind_of_hand_and_repeats() -> None:
    texts = load_texts(RULES, "en")
    speed = texts.label("hands_per_second")
    first, second = _simulate_output(), _simulate_output()
    rows = [r for r in _rows(first) if r[0] != speed]
    assert rows == [r for r in _rows(second) if r[0] != speed]
    assert "labels." not in first, first
    by_label = {r[0]: r[1:] for r in rows}

    # The same numbers as the library's summary of the same games.
    data = play_games(RULES, range(100), 1, 2, RandomAgent).to_data(RULES)
    wins = [by_label[texts.label("sim_wins_seat", n=seat)] for seat in (0, 1)]
    assert wins == [[str(data["winners"][str(seat)])] for seat in (0, 1)]
    assert int(wins[0][0]) + int(wins[1][0]) == 100  # seven hands between two: never undecided
    assert by_label[texts.label("hands_played")] == [str(700 + data["replays"])]
    averages = {}
    for kind in KINDS:
        played, average = by_label[texts.bid_name(kind)]
        assert int(played) > 0
        assert average == f"{data['hand_types'][kind]['average_points']:.2f}"
        averages[kind] = float(average)
    # 11 tricks after the close are shared by two players: +-5.5 a player; melds only add.
    assert averages["tricks_up"] == 5.5 and averages["tricks_down"] == -5.5
    for kind in ("pairs_up", "marriages_up"):
        assert averages[kind] >= 5.5
    for kind in ("pairs_down", "marriages_down"):
        assert averages[kind] >= -5.5


# --- the interpreter knows no game ---------------------------------------------------------------


def test_the_interpreter_never_names_the_game_or_its_hands() -> None:
    words = ("christmas", *KINDS, "marriage", "marriages", "hands_won")
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(words) + r")(?![A-Za-z0-9_])", re.IGNORECASE)
    found = []
    for path in sorted((ROOT / "interpreter").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
