"""The engine as a steppable state: GameState and Deal (pending, apply, clone, view, is_over).

Properties: a game stepped through the state API gives the same records as the callback loop
(:meth:`Game.run`); a clone taken at any decision evolves independently of the original (what
one is told never shows in the other); the same seed and answers give the same states; a state
rebuilt from a record's decisions equals the one that wrote it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from interpreter.agents import HeuristicAgent, RandomAgent
from interpreter.deal import Deal
from interpreter.decisions import BidAnswer, IllegalDecision, Request
from interpreter.game import Game
from interpreter.gamestate import GameState
from interpreter.records import state_from_record, to_record
from rulespec import load_ruleset

RULE_SETS = {
    name: load_ruleset(name) for name in ("combo-whist", "combo-whist@1.0.0", "combo-whist@1.3.0", "christmas-whist")
}
PLAYERS = {"combo-whist": 4, "combo-whist@1.0.0": 4, "combo-whist@1.3.0": 4, "christmas-whist": 2}
MAX_DEALS = 6


def chooser(seed: int, players: int) -> Any:
    """Random legal answers from one seeded agent per seat (the view is not needed)."""
    agents = [RandomAgent(seed * 17 + seat) for seat in range(players)]
    return lambda request: request.validate(agents[request.seat].decide(request, None))


def play(state: GameState, answer: Any, limit: int | None = None) -> int:
    """Step ``state`` with ``answer`` to the end (or ``limit`` decisions); the decisions made."""
    made = 0
    while (limit is None or made < limit) and not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(answer(request))
        made += 1
    return made


def summary(state: GameState) -> Any:
    result = state.result
    return (
        state.decisions,
        state.deal_records,
        None if result is None else (result.winner, result.reason, result.scores),
    )


def fresh(name: str, seed: int) -> GameState:
    return GameState(RULE_SETS[name], PLAYERS[name], seed=seed, max_deals=MAX_DEALS)


rule_set_names = st.sampled_from(sorted(RULE_SETS))


@settings(derandomize=True, max_examples=24, deadline=None)
@given(name=rule_set_names, seed=st.integers(0, 10_000))
def test_the_state_api_gives_the_records_of_the_callback_loop(name: str, seed: int) -> None:
    players = PLAYERS[name]
    game = Game(RULE_SETS[name], [RandomAgent(seed * 17 + s) for s in range(players)], seed=seed, max_deals=MAX_DEALS)
    game.run()
    state = fresh(name, seed)
    play(state, chooser(seed, players))
    assert summary(state) == summary(game)
    assert state.is_over and state.pending is None


@settings(derandomize=True, max_examples=30, deadline=None)
@given(name=rule_set_names, seed=st.integers(0, 10_000), at=st.integers(0, 400), other=st.integers(0, 10_000))
def test_a_clone_evolves_independently_of_its_original(name: str, seed: int, at: int, other: int) -> None:
    players = PLAYERS[name]
    whole = fresh(name, seed)
    play(whole, chooser(seed, players))

    state = fresh(name, seed)
    answer = chooser(seed, players)
    play(state, answer, limit=at)
    clone = state.clone()
    assert summary(clone) == summary(state) and clone.pending == state.pending
    if not state.is_over:
        seat = state.pending.seat  # type: ignore[union-attr]
        assert clone.view(seat) == state.view(seat)
    # The clone is told other things (other answers, to the end) …
    play(clone, chooser(other, players))
    # … which leaves the original exactly where it was: it goes on as if never cloned.
    play(state, answer)
    assert summary(state) == summary(whole)


@settings(derandomize=True, max_examples=10, deadline=None)
@given(name=rule_set_names, seed=st.integers(0, 10_000), at=st.integers(0, 300))
def test_a_clones_players_count_their_marks_in_the_clones_own_game(name: str, seed: int, at: int) -> None:
    """A clone copies each seat's marks once: its deal's players count in the clone game's marks where
    the original's count in the original game's, and never in the original's (a copy of a deal makes
    a player's marks in place, sharing the copy made for the game)."""
    state = fresh(name, seed)
    play(state, chooser(seed, PLAYERS[name]), limit=at)
    clone = state.clone()
    if state.current is None or clone.current is None:
        return
    for copied, original in zip(clone.current.players, state.current.players, strict=True):
        assert copied.marks is not original.marks
        assert copied.marks.wraps(clone.marks[copied.seat]) == original.marks.wraps(state.marks[original.seat])
        assert not copied.marks.wraps(state.marks[copied.seat])
        assert copied.marks.as_dict() == original.marks.as_dict()
    assert any(p.marks.wraps(state.marks[p.seat]) for p in state.current.players)


@settings(derandomize=True, max_examples=12, deadline=None)
@given(name=rule_set_names, seed=st.integers(0, 10_000), at=st.integers(0, 300))
def test_a_clone_given_the_same_answers_ends_as_its_original(name: str, seed: int, at: int) -> None:
    players = PLAYERS[name]
    state = fresh(name, seed)
    play(state, chooser(seed, players), limit=at)
    clone = state.clone()
    # Both go on with the same answers (each from its own, equally seeded, agents).
    play(state, chooser(seed + 1, players))
    play(clone, chooser(seed + 1, players))
    assert summary(clone) == summary(state)


@settings(derandomize=True, max_examples=12, deadline=None)
@given(name=rule_set_names, seed=st.integers(0, 10_000), at=st.integers(0, 300))
@example(name="christmas-whist", seed=0, at=255)  # past the game's end (254 decisions): its result
def test_a_state_rebuilt_from_its_record_is_the_same_position(name: str, seed: int, at: int) -> None:
    players = PLAYERS[name]
    state = fresh(name, seed)
    play(state, chooser(seed, players), limit=at)
    record = to_record(state, name)
    rebuilt = state_from_record(record)
    # A rebuilt state is settled (run up to its next decision); the original settles when asked.
    assert rebuilt.is_over == state.is_over
    assert summary(rebuilt) == summary(state)
    assert rebuilt.pending == state.pending
    if rebuilt.current is not None and state.current is not None:
        for seat in rebuilt.current.by_seat:
            assert rebuilt.view(seat) == state.view(seat)
    # Both go on alike.
    play(state, chooser(seed + 7, players))
    play(rebuilt, chooser(seed + 7, players))
    assert summary(rebuilt) == summary(state)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_game_answered_to_its_end_is_rebuilt_with_its_result_and_every_deal(name: str) -> None:
    """Answered to its last decision and written before anything asked whether it is over (as a save
    written at that moment is), the record's state is rebuilt as the finished game: its result and
    every deal's record, those of the same game played through."""
    players = PLAYERS[name]
    for seed in range(3):
        whole = fresh(name, seed)
        total = play(whole, chooser(seed, players))
        assert whole.result is not None
        state = fresh(name, seed)
        play(state, chooser(seed, players), limit=total)
        rebuilt = state_from_record(to_record(state, name))
        assert rebuilt.result is not None and rebuilt.pending is None
        assert summary(rebuilt) == summary(whole)


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    state = fresh("combo-whist", 3)
    request = state.pending
    assert request is not None and request.kind == "bid"
    before = summary(state.clone())
    with pytest.raises(IllegalDecision):
        state.apply(BidAnswer("no_such_bid"))
    assert summary(state) == before and state.pending == request
    state.apply(None)  # a pass is always legal
    assert state.decisions[-1]["answer"] is None


def test_a_view_is_asked_of_a_seat_at_the_table_and_anything_else_says_which_seats_are() -> None:
    """Seats are ints of the table: a wrong one is a ValueError that teaches (it was a bare KeyError).
    One sitting the deal out sees the table (tests/test_onlooker_views.py)."""
    state = GameState(load_ruleset("combo-whist"), players=5, seed=7, max_deals=3)
    assert state.pending is not None  # (a new state deals its first deal when it is first asked something)
    assert state.current is not None
    dealt = sorted(player.seat for player in state.current.players)
    assert len(dealt) == 4  # five at the table, four in a deal: one sits out
    for seat in range(5):
        assert state.view(seat).seat == seat
    for seat in (-1, 5, 6, "0", True, 1.0, None):
        with pytest.raises(ValueError, match=r"is not at this table \(its seats: 0 to 4\)$"):  # (all five)
            state.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("settings", "error", "words"),
    [
        ({"players": "4"}, TypeError, "players is a whole number, not '4'"),
        ({"players": 4.0}, TypeError, "players is a whole number"),
        ({"players": 4, "seed": "x"}, TypeError, "seed is a whole number, not 'x'"),
        ({"players": 4, "seed": True}, TypeError, "seed is a whole number"),
        ({"players": 4, "max_deals": 0}, ValueError, "at least 1, not 0"),
        ({"players": 4, "max_deals": 2.5}, TypeError, "max_deals is a whole number"),
        ({"players": 4, "first_dealer": 4}, ValueError, "first_dealer is a seat from 0 to 3, not 4"),
        ({"players": 4, "first_dealer": -1}, ValueError, "first_dealer is a seat from 0 to 3"),
    ],
)
def test_a_game_set_up_wrongly_says_which_setting(settings: dict[str, Any], error: type, words: str) -> None:
    """Before: ``players="4"`` failed deep inside with a comparison of int and str, a text seed was
    taken (and its record could not be read back), ``max_deals=0`` made a game that was over at once."""
    with pytest.raises(error, match=re.escape(words)):
        GameState(load_ruleset("combo-whist"), **settings)


def test_a_state_is_rebuilt_after_a_count_of_decisions_the_record_has() -> None:
    state = fresh("combo-whist", 3)
    play(state, chooser(3, 4), limit=40)
    record = to_record(state, "combo-whist")
    count = len(record["decisions"])
    assert state_from_record(record, decisions=count).decisions == state.decisions
    for wrong in (-1, count + 1, "2", 1.5):  # -1 took all but the last, silently
        with pytest.raises(ValueError, match=rf"decisions counts from 0 to the record's {count}"):
            state_from_record(record, decisions=wrong)  # type: ignore[arg-type]


def test_a_finished_game_takes_no_more_answers() -> None:
    state = fresh("christmas-whist", 1)
    play(state, chooser(1, 2))
    assert state.is_over and state.result is not None
    with pytest.raises(IllegalDecision, match="over") as late:  # a refusal, as a server reports one
        state.apply("AH")
    assert late.value.reason.key == "no_move_awaited"  # type: ignore[attr-defined]


def test_a_deal_can_be_stepped_and_cloned_on_its_own() -> None:
    rules = RULE_SETS["combo-whist"]
    seats = [0, 1, 2, 3]

    def new() -> Deal:
        return Deal(rules, seats, 0, dict.fromkeys(seats, 0), {s: {} for s in seats}, None, random.Random(5), {})

    deal = new()
    deal.declare(1, BidAnswer("trump"))
    deal.start_play()
    asked: list[Request] = []
    request = deal.advance()
    rng = random.Random(2)
    while request is not None and len(deal.tricks) < 5:
        asked.append(request)
        request = deal.apply(request.options[rng.randrange(len(request.options))])
    deal.sync_cards = {seat: (lambda options: options[0]) for seat in seats}  # a driver's, as a game gives
    clone = deal.clone()
    assert clone.view(1) == deal.view(1) and clone.pending == deal.pending
    assert clone.sync_ask is None and clone.sync_cards is None  # a copy is driven by whoever holds it
    # Play the clone to the end; the original still has its cards and tricks.
    hands = {p.seat: list(p.hand) for p in deal.players}
    request = clone.pending
    while request is not None:
        request = clone.apply(request.options[0])
    assert len(clone.tricks) == 13 and len(deal.tricks) == 5
    assert {p.seat: p.hand for p in deal.players} == hands
    assert all(p.won_tricks == [t for t in deal.tricks if t.winner is p] for p in deal.players)
    assert all(t.winner in clone.players for t in clone.tricks)  # the clone's tricks are its own players'
    assert clone.score().tricks != {} and deal.pending is not None


def test_heuristic_agents_play_through_the_state_api() -> None:
    rules = RULE_SETS["combo-whist"]
    agents = [HeuristicAgent(s, rules=rules) for s in range(4)]
    game = Game(rules, agents, seed=4, max_deals=2)
    game.run()
    agents = [HeuristicAgent(s, rules=rules) for s in range(4)]
    state = GameState(rules, 4, seed=4, max_deals=2)
    while not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert summary(state) == summary(game)


def test_the_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The state API") :]
    begin = section.index("```python\n") + len("```python\n")
    code = section[begin : section.index("```\n", begin)]
    assert "state.clone()" in code and "state.apply(" in code and "state.view(" in code
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # our own README, not a file from a stranger
    state = namespace["state"]
    assert state.is_over and state.result is not None
    assert "GameResult(" in capsys.readouterr().out


def test_a_clone_of_a_saving_game_does_not_save() -> None:
    saves: list[int] = []
    rules = RULE_SETS["combo-whist"]
    game = Game(rules, [RandomAgent(s) for s in range(4)], seed=2, on_decision=lambda g: saves.append(len(g.decisions)))
    game.play_deal()
    saved = len(saves)
    assert saved > 0
    clone = game.clone()
    assert clone.on_decision is None
    clone.play_deal()
    assert len(saves) == saved and len(clone.deal_records) == len(game.deal_records) + 1
    game.play_deal()
    assert len(saves) > saved


def test_a_copied_generator_draws_what_its_original_would_and_goes_on_alone() -> None:
    """Copies of a position copy its random generator (copying.copy_random, not deepcopy's
    reconstruction): the copy draws the numbers the original would, and drawing from one
    leaves the other where it was."""
    from interpreter.copying import copy_random, copy_value

    original = random.Random(11)
    original.random()
    for copy in (copy_random, lambda rng: copy_value(rng, {})):
        copied = copy(original)
        assert type(copied) is random.Random and copied is not original
        ahead = [copied.random() for _ in range(5)] + [copied.getrandbits(70), copied.choice("abcdefg")]
        assert original.getstate() != copied.getstate()  # drawing from the copy moved the copy only
        assert [original.random() for _ in range(5)] + [original.getrandbits(70), original.choice("abcdefg")] == ahead


def test_a_clone_at_a_bid_checks_bids_against_its_own_auction() -> None:
    """A pending bid's check belongs to its position: copied with it, it reads the copy's lead."""
    rules = RULE_SETS["combo-whist"]
    state = GameState(rules, 4, seed=3)
    request = state.pending
    assert request is not None and request.kind == "bid" and request.check is not None
    low = BidAnswer("trump")
    high = max(
        (BidAnswer(s) for s in request.standard_ids if request.check(BidAnswer(s)) is None),
        key=lambda answer: state.current.combos.make(answer).worth,  # type: ignore[union-attr]
    )
    clone = state.clone()
    copied = clone.pending.check  # type: ignore[union-attr]
    # (a bid check is the turn's, of the deal and the bidder: both the copy's)
    assert copied.deal is clone.current and copied.player in clone.current.players  # type: ignore[attr-defined,union-attr]
    state.apply(high)  # the original's auction now has a lead the low bid does not beat
    assert state.pending is not None and state.pending.check is not None
    assert state.pending.check(low) is not None
    assert clone.pending is not None and clone.pending.check is not None
    assert clone.pending.check(low) is None and clone.pending.check(high) is None  # the copy has no lead yet
    clone.apply(low)
    assert clone.current is not None and clone.current.lead_worth < state.current.lead_worth  # type: ignore[union-attr]


def test_lean_states_cloned_between_deals_evolve_independently() -> None:
    """A lean game's next deal takes over its finished deal's players (reset): a clone made between
    two deals must not take over the same ones. The clone and its original are stepped in turn."""
    rules = RULE_SETS["combo-whist"]
    for seed in range(4):
        whole = GameState(rules, 4, seed=seed, max_deals=MAX_DEALS, lean=True)
        play(whole, chooser(seed, 4))
        state = GameState(rules, 4, seed=seed, max_deals=MAX_DEALS, lean=True)
        answer = chooser(seed, 4)
        while len(state.deal_records) < 2:  # two deals, stopping after the second
            request = state.pending  # (begins the next deal)
            while request is not None:
                state.apply(answer(request))
                request = state.advance(one_deal=True)
        assert state.current is None and state.result is None
        clone = state.clone()
        other = chooser(seed + 99, 4)
        while not (state.is_over and clone.is_over):
            for stepped, answering in ((state, answer), (clone, other)):
                if not stepped.is_over:
                    stepped.apply(answering(stepped.pending))
        assert summary(state) == summary(whole)
