"""The interpreter: runtime objects against the vocabulary, whole games, records, saving, refusals, the CLI.

Deals are played by seeded agents, so every test here is deterministic. Scripted bids use
``first_dealer=0`` with four players: seat 1 bids first, then seats 2, 3 and 0.
"""

from __future__ import annotations

import copy
import gc
import json
import random
import subprocess
import sys
import weakref
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from interpreter import recordcheck, records
from interpreter.agents import RandomAgent
from interpreter.deal import Deal, Declaration
from interpreter.decisions import Agent, BidAnswer, IllegalDecision, Request, View
from interpreter.game import Game
from interpreter.state import Card, Combo, Marks, Play, Player, Trick
from rulespec import load_ruleset
from rulespec import types as T
from rulespec.model import BidFacts

ROOT = Path(__file__).resolve().parent.parent
RULES = load_ruleset("combo-whist")
RULESET_REF = "combo-whist"
RULES_DECK = [rank + suit for rank, suit in RULES.game.deck.cards(4)]

#: The runtime class of every game-object type of the vocabulary.
RUNTIME_CLASSES: dict[T.Type, type] = {
    T.PLAYER: Player,
    T.CARD: Card,
    T.TRICK: Trick,
    T.PLAY: Play,
    T.BID: BidFacts,
    T.COMBO: Combo,
}


class Stop(Exception):
    """Raised by a test agent to freeze a deal in the middle."""


class TableAgent(Agent):
    """One agent for every seat: scripted bids (each seat's once), seeded random answers otherwise.

    It records every request and view it gets, and raises :class:`Stop` instead of making
    play number ``stop_after_plays + 1``.
    """

    def __init__(self, bids: dict[int, BidAnswer], seed: int = 0, stop_after_plays: int | None = None) -> None:
        self.bids = dict(bids)
        self.random = RandomAgent(seed, bid_chance=0.0)
        self.stop_after_plays = stop_after_plays
        self.plays = 0
        self.asked: list[tuple[Request, View]] = []

    def decide(self, request: Request, view: View) -> Any:
        self.asked.append((request, view))
        if request.kind == "bid":
            return self.bids.pop(request.seat, None)
        if request.kind == "play":
            if self.stop_after_plays is not None and self.plays >= self.stop_after_plays:
                raise Stop
            self.plays += 1
        return self.random.decide(request, view)


def play_one_deal(
    bids: dict[int, BidAnswer], seed: int = 0, stop_after_plays: int | None = None
) -> tuple[Game, TableAgent]:
    """One deal among four players with dealer 0; stopped before a play when ``stop_after_plays`` is given."""
    agent = TableAgent(bids, seed, stop_after_plays)
    game = Game(RULES, [agent] * 4, seed=seed, first_dealer=0)
    if stop_after_plays is None:
        game.play_deal()
    else:
        with pytest.raises(Stop):
            game.play_deal()
    return game, agent


def random_agents(players: int, seed: int, bid_chance: float = 0.7) -> list[RandomAgent]:
    return [RandomAgent(seed * 100 + seat, bid_chance=bid_chance) for seat in range(players)]


def finished_game(players: int = 4, seed: int = 3) -> Game:
    game = Game(RULES, random_agents(players, seed), seed=seed)
    game.run()
    return game


# --- the vocabulary against the runtime objects ---------------------------------------------


def conforms(expected: T.Type, value: Any) -> bool:
    """Whether a runtime value fits a vocabulary type (game objects by class, named values as text).

    Lists of the language are sequences at run time (see rulespec.compiler), so tuples count.
    """
    if isinstance(expected, T.ListType):
        return isinstance(value, list | tuple) and all(conforms(expected.element, v) for v in value)
    if expected == T.NUMBER:
        return isinstance(value, int | Fraction) and not isinstance(value, bool)
    if expected == T.BOOL:
        return isinstance(value, bool)
    if expected == T.SUIT:
        return value in {s.id for s in RULES.game.deck.suits}
    if expected == T.RANK:
        return value in RULES.game.deck.ranks
    if expected in (T.ZONE, T.TEXT):
        return isinstance(value, str)
    if expected == T.MARKS:
        return isinstance(value, Marks)
    if expected == T.BID:  # a bid's facts, or a bid id where a named value stands (bid.id)
        return isinstance(value, BidFacts) or value in RULES.bids
    return isinstance(value, RUNTIME_CLASSES[expected])


@pytest.fixture(scope="module")
def frozen_deal() -> Deal:
    """A deal stopped in its third trick: trump with open trump, an atelier and potential."""
    bid = BidAnswer("trump", ("potential", "open_trump", "atelier"))
    game, _ = play_one_deal({1: bid}, seed=11, stop_after_plays=9)
    deal = game.current
    assert deal is not None and deal.declarer is not None and deal.current is not None
    assert len(deal.tricks) == 2 and len(deal.current.plays) == 1
    return deal


def sample_objects(deal: Deal) -> dict[T.Type, list[Any]]:
    """Instances of every game-object type taken from the deal and its expression environment."""
    assert deal.combo is not None and deal.current is not None
    env = deal.env
    held = [card for player in deal.players for card in player.hand]
    played = [play.card for trick in deal.tricks for play in trick.plays]
    return {
        T.PLAYER: [*deal.players, env["declarer"], env["dealer"], *env["opponents"]],
        T.CARD: [*held, *played, *env["deck"]],
        T.TRICK: [*deal.tricks, env["last_trick"]],
        T.PLAY: [play for trick in deal.tricks for play in trick.plays] + list(env["plays"]),
        T.BID: [env["standard"], *env["combo"].bids],
        T.COMBO: [deal.combo, env["combo"]],
    }


def runtime_attribute(deal: Deal, type_: T.Type, obj: Any, name: str) -> Any:
    """``obj.name`` as an expression sees it: a fact of the deal comes from the deal's table."""
    if name in T.TABLE_FACTS.get(type_, ()):
        assert not hasattr(obj, name), f"{type_}.{name} is a fact of the deal, yet the object has it"
        return getattr(deal.env["_table"], f"{type_.name}_{name}")(obj)
    return getattr(obj, name)


def test_table_facts_are_declared_attributes() -> None:
    for type_, names in T.TABLE_FACTS.items():
        assert names <= set(T.ATTRIBUTES[type_])


def test_every_vocabulary_type_has_a_runtime_class() -> None:
    assert set(T.ATTRIBUTES) == set(RUNTIME_CLASSES)
    assert set(T.METHODS) <= set(RUNTIME_CLASSES)


@pytest.mark.parametrize("type_", list(T.ATTRIBUTES), ids=str)
def test_declared_attributes_exist_on_runtime_objects(frozen_deal: Deal, type_: T.Type) -> None:
    objects = sample_objects(frozen_deal)[type_]
    assert objects
    for obj in objects:
        assert isinstance(obj, RUNTIME_CLASSES[type_])
        for name, attr_type in T.ATTRIBUTES[type_].items():
            value = runtime_attribute(frozen_deal, type_, obj, name)
            if type_ == T.CARD and name == "holder" and value is None:
                assert all(obj not in p.hand for p in frozen_deal.players), f"{obj} is held but has no holder"
                continue
            if type_ == T.BID and name == "score" and obj.kind == "special":
                continue  # test_special_bids_have_score_0
            assert conforms(attr_type, value), f"{type_}.{name} of {obj!r} is {value!r}, not a {attr_type}"


def test_runtime_attributes_mean_what_the_vocabulary_says(frozen_deal: Deal) -> None:
    deal = frozen_deal
    table = deal.env["_table"]
    trump = table.trump
    assert trump is not None
    for player in deal.players:
        assert player.tricks == len(player.won_tricks)
        assert player.won == [card for trick in player.won_tricks for card in trick.cards]
        assert player.is_declarer == (player is deal.declarer)
        for card in player.hand:
            assert table.card_holder(card) is player
            assert table.card_is_trump(card) == (card.suit == trump)
    zone_cards = [c for c in deal.declarer.hand if table.card_zone(c) == "atelier"] if deal.declarer else []
    assert len(zone_cards) == 4 and not any(table.card_is_trump(c) for c in zone_cards)  # open trump: none
    for trick in deal.tricks:
        assert trick.cards == [play.card for play in trick.plays]
        assert trick.led_suit == trick.plays[0].card.suit
        assert trick.winner in deal.players and trick.trump == trump
    values = [table.card_value(deal.card_by_name[rank + "S"]) for rank in RULES.game.deck.ranks]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_cards_are_shared_by_deals_and_their_facts_are_each_deals_own() -> None:
    def deal_with_trump(suit: str) -> Deal:
        deal = Deal(
            RULES, [0, 1, 2, 3], 0, dict.fromkeys(range(4), 0), {s: {} for s in range(4)}, None, random.Random(1), {}
        )  # type: ignore[arg-type]
        deal.set_trump(suit)
        return deal

    hearts, spades = deal_with_trump("H"), deal_with_trump("S")
    ace = hearts.card_by_name["AH"]
    assert spades.card_by_name["AH"] is ace  # one card object for both deals
    assert hearts.table.card_is_trump(ace) and not spades.table.card_is_trump(ace)
    assert hearts.table.card_holder(ace) is not None and hearts.table.card_holder(ace) in hearts.players
    assert spades.table.card_holder(ace) in spades.players
    with pytest.raises(AttributeError, match="cannot change"):
        ace.suit = "S"  # type: ignore[misc]


def test_special_bids_have_score_0(frozen_deal: Deal) -> None:
    assert frozen_deal.combo is not None
    assert [bid.score for bid in frozen_deal.combo.specials] == [0, 0, 0]


def test_declared_methods_exist_on_runtime_objects(frozen_deal: Deal) -> None:
    assert set(T.METHODS) == {T.PLAYER, T.COMBO}
    assert set(T.METHODS[T.PLAYER]) == {"tricks_in"}
    assert set(T.METHODS[T.COMBO]) == {"has"}
    for player in frozen_deal.players:
        assert player.tricks_in(range(1, 3)) == player.tricks == player.tricks_in([1, 2])
        assert player.tricks_in([]) == 0
    combo = frozen_deal.combo
    assert combo is not None
    assert combo.has("trump") and combo.has("atelier") and not combo.has("zero")
    assert combo.ids == ["trump", "potential", "open_trump", "atelier"]


def test_marks_of_the_rule_set_read_as_numbers(frozen_deal: Deal) -> None:
    assert RULES.game.marks
    for player in frozen_deal.players:
        for mark in RULES.game.marks:
            assert getattr(player.marks, mark) == 0
    assert Marks({"potential": 2}).potential == 2
    with pytest.raises(AttributeError):
        _ = Marks({})._private


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_agents_play_a_game_to_a_winner(players: int) -> None:
    game = Game(RULES, random_agents(players, seed=players), seed=players)
    result = game.run()
    assert result.winner is not None and 0 <= result.winner < players
    assert result.reason in {"declarer", "instant", "anyone"}
    assert result.deals == len(game.deal_records) > 0
    assert result.scores == game.scores


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_same_seed_gives_the_same_record(players: int) -> None:
    first = records.to_record(finished_game(players, seed=21), RULESET_REF)
    second = records.to_record(finished_game(players, seed=21), RULESET_REF)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    other = records.to_record(finished_game(players, seed=22), RULESET_REF)
    assert other["deals"][0]["hands"] != first["deals"][0]["hands"]


def test_sitting_out_follows_the_dealer() -> None:
    game = finished_game(players=6, seed=5)
    for deal in game.deal_records:
        out = {(deal["dealer"] - 1) % 6, (deal["dealer"] - 2) % 6}  # in_deal 4, right of the dealer
        assert deal["players"] == [seat for seat in range(6) if seat not in out]


# --- records ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return records.to_record(finished_game(players=4, seed=3), RULESET_REF)


def schema_errors(data: dict[str, Any]) -> list[str]:
    """The schema's complaints about ``data`` as written to a file (JSON has lists, not tuples)."""
    data = json.loads(json.dumps(data))
    schema = json.loads(records.SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(data)]


def test_a_record_validates_against_the_schema(record: dict[str, Any]) -> None:
    assert schema_errors(record) == []
    assert record["result"] is not None and record["deals"]
    assert any(deal["declarer"] is not None for deal in record["deals"])


def test_a_record_survives_the_file_round_trip_and_replays(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    records.write_record(record, path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind
    read = records.read_record(path)
    assert read == json.loads(json.dumps(record))
    assert records.replay(read) == []


def test_an_unfinished_record_replays(tmp_path: Path) -> None:
    game = Game(RULES, random_agents(4, seed=8), seed=8)
    for _ in range(3):
        game.play_deal()
    assert game.result is None
    record = records.to_record(game, RULESET_REF)
    assert schema_errors(record) == []
    records.write_record(record, tmp_path / "partial.json")
    assert records.replay(records.read_record(tmp_path / "partial.json")) == []


def first_played_deal(record: dict[str, Any]) -> int:
    return next(i for i, deal in enumerate(record["deals"]) if deal["declarer"] is not None)


def test_a_tampered_score_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    tampered["deals"][index]["scores"]["1"] += 1
    problems = records.replay(tampered)
    assert any(p.startswith(f"deals[{index}].scores.1:") for p in problems), problems


def test_a_tampered_result_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["result"]["winner"] = (tampered["result"]["winner"] + 1) % 4
    assert any(p.startswith("result.winner:") for p in records.replay(tampered))


def test_a_tampered_trick_winner_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    trick = tampered["deals"][index]["tricks"][4]
    trick["winner"] = next(seat for seat in tampered["deals"][index]["players"] if seat != trick["winner"])
    problems = records.replay(tampered)
    assert any(p.startswith(f"deals[{index}].tricks[4].winner:") for p in problems), problems


def test_a_tampered_play_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    decisions = tampered["decisions"]
    at = next(i for i, d in enumerate(decisions) if d["kind"] == "play")
    later = next(i for i in range(at + 1, len(decisions)) if decisions[i]["seat"] == decisions[at]["seat"])
    decisions[at]["answer"], decisions[later]["answer"] = decisions[later]["answer"], decisions[at]["answer"]
    assert records.replay(tampered) != []


def test_a_tampered_bid_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    bid = next(d for d in tampered["decisions"] if d["kind"] == "bid" and d["answer"] is not None)
    bid["answer"] = None  # a pass instead of the bid
    assert records.replay(tampered) != []


def test_a_decision_by_the_wrong_seat_is_reported(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["decisions"][0]["seat"] = (tampered["decisions"][0]["seat"] + 1) % 4
    problems = records.replay(tampered)
    assert problems and "seat" in problems[0]


def test_missing_and_extra_decisions_are_reported(record: dict[str, Any]) -> None:
    short = copy.deepcopy(record)
    short["decisions"].pop()
    assert any("record ends before" in p for p in records.replay(short))
    long = copy.deepcopy(record)
    long["decisions"].append(dict(long["decisions"][-1]))
    assert any("left over" in p for p in records.replay(long))


def test_read_record_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    from rulespec.errors import RuleError

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "whist-rules/record"}', encoding="utf-8")
    with pytest.raises(RuleError, match="not a valid game record"):
        records.read_record(bad)
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RuleError, match="not a JSON record"):
        records.read_record(bad)


def test_a_record_of_a_game_stopped_by_max_deals_replays() -> None:
    game = Game(RULES, random_agents(4, seed=3), seed=3, max_deals=3)
    result = game.run()
    assert result.reason == "unfinished"
    record = records.to_record(game, RULESET_REF)
    assert schema_errors(record) == []
    assert records.replay(record) == []


# --- saving after every decision, and resuming ------------------------------------------


class Interrupting(Agent):
    """Seeded random answers; raises KeyboardInterrupt when asked for decision number ``at`` (1-based)."""

    def __init__(self, inner: RandomAgent, counter: list[int], at: int) -> None:
        self.inner = inner
        self.counter = counter
        self.at = at

    def decide(self, request: Request, view: View) -> Any:
        self.counter[0] += 1
        if self.counter[0] == self.at:
            raise KeyboardInterrupt
        return self.inner.decide(request, view)


SAVE_SEED = 4
RESUME_SEED = 59  # fresh agents that finish the resumed game quickly (saving every decision is costly)


def interrupted_save(path: Path, at: int) -> Game:
    counter = [0]
    agents = [Interrupting(agent, counter, at) for agent in random_agents(4, SAVE_SEED)]
    game = Game(RULES, agents, seed=SAVE_SEED, on_decision=records.saver(path, RULESET_REF))
    with pytest.raises(KeyboardInterrupt):
        game.run()
    return game


@pytest.fixture(scope="module")
def uninterrupted() -> Game:
    game = Game(RULES, random_agents(4, SAVE_SEED), seed=SAVE_SEED)
    game.run()
    assert len(game.decisions) > 400
    return game


@pytest.mark.parametrize("at", [2, 17, 150, 400])
def test_the_save_holds_exactly_the_decisions_before_the_interruption(
    at: int, uninterrupted: Game, tmp_path: Path
) -> None:
    path = tmp_path / "save.json"
    game = interrupted_save(path, at)
    saved = records.read_record(path)
    assert len(saved["decisions"]) == at - 1
    assert saved["decisions"] == game.decisions == uninterrupted.decisions[: at - 1]
    assert saved["result"] is None
    assert saved["deals"] == json.loads(json.dumps(uninterrupted.deal_records[: len(saved["deals"])]))
    assert schema_errors(saved) == []
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


@dataclass
class Resumed:
    at: int  # the decision that was interrupted (1-based)
    path: Path
    saved: list[dict[str, Any]]  # the decisions in the file before resuming
    game: Game  # the resumed game, played to the end


@pytest.fixture(scope="module", params=[2, 400], ids=lambda at: f"interrupted at {at}")
def resumed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Resumed:
    """A save interrupted at decision ``at``, resumed by fresh agents and played to the end."""
    at: int = request.param
    path = tmp_path_factory.mktemp("resume") / "save.json"
    interrupted_save(path, at)
    saved = records.read_record(path)["decisions"]
    game = records.resume(path, random_agents(4, seed=RESUME_SEED))
    game.run()
    return Resumed(at, path, saved, game)


def test_resume_replays_the_save_then_finishes_the_game(resumed: Resumed) -> None:
    at, path, saved, game = resumed.at, resumed.path, resumed.saved, resumed.game
    assert len(saved) == at - 1
    result = game.result
    assert result is not None and result.winner is not None
    assert result.reason in {"declarer", "instant", "anyone"}
    assert game.decisions[: at - 1] == saved
    assert len(game.decisions) > at - 1
    final = records.read_record(path)
    assert final["decisions"] == game.decisions  # saved after every decision, up to the last one


def test_the_finished_save_replays_with_no_difference(resumed: Resumed) -> None:
    final = records.read_record(resumed.path)
    assert final["result"] is not None
    assert final["ruleset_digest"] == recordcheck.ruleset_digest(resumed.game.rules)
    extra = {"ruleset_digest": final["ruleset_digest"]}
    assert final == json.loads(json.dumps(records.to_record(resumed.game, RULESET_REF, extra)))
    assert records.replay(final) == []


def test_an_interrupted_resume_keeps_every_saved_decision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    interrupted_save(path, 400)
    saved = records.read_record(path)["decisions"]
    real_write = records.write_record
    writes = [0]

    def write_then_ctrl_c(record: dict[str, Any], target: Path) -> None:
        writes[0] += 1
        if writes[0] == 50:  # Ctrl-C while the resumed game is still replaying the save
            raise KeyboardInterrupt
        real_write(record, target)

    monkeypatch.setattr(records, "write_record", write_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        records.resume(path, random_agents(4, seed=RESUME_SEED)).run()
    assert records.read_record(path)["decisions"][: len(saved)] == saved


def test_a_save_from_the_middle_of_a_deal_replays(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    interrupted_save(path, 150)
    saved = records.read_record(path)
    assert saved["deals"] and saved["result"] is None
    assert records.replay(saved) == []
    tampered = copy.deepcopy(saved)
    tampered["deals"][-1]["scores"]["0"] += 1
    assert any(p.startswith(f"deals[{len(saved['deals']) - 1}].scores.0:") for p in records.replay(tampered))


# --- refusing illegal answers -----------------------------------------------------------


def requests_of(agent: TableAgent, kind: str, name: str | None = None) -> list[tuple[Request, View]]:
    return [(r, v) for r, v in agent.asked if r.kind == kind and (name is None or r.name == name)]


def refusal(request: Request, answer: Any) -> str:
    with pytest.raises(IllegalDecision) as caught:
        request.validate(answer)
    assert caught.value.reason == str(caught.value)
    return caught.value.reason


def test_answers_are_matched_with_the_options_by_their_text() -> None:
    play = Request("play", 0, "card", "card", ("10H", "QS"))
    assert play.validate("QS") == "QS"
    assert refusal(play, "KS").startswith("KS is not allowed here")
    seats = Request("choose", 0, "trick_taker", "player", (0, 1, 2))
    assert seats.validate(1) == 1 and seats.validate("2") == 2  # the option itself, from its text
    assert refusal(seats, True).startswith("True is not allowed")  # a bool is no seat
    assert refusal(seats, 3).startswith("3 is not allowed")


@pytest.fixture(scope="module")
def mail_deal() -> TableAgent:
    """Seat 1 bids abundance, mail and penalty (worth 3); seat 2 is asked to beat it; everyone passes 3 cards."""
    _, agent = play_one_deal({1: BidAnswer("abundance", ("mail", "penalty"))}, seed=2)
    return agent


def test_a_card_outside_the_legal_options_is_refused(mail_deal: TableAgent) -> None:
    plays = requests_of(mail_deal, "play")
    assert len(plays) == 52
    request, view = next((r, v) for r, v in plays if len(r.options) < len(v.hand))
    illegal = next(card for card in view.hand if card not in request.options)
    reason = refusal(request, illegal)
    assert illegal in reason and "not allowed" in reason and request.options[0] in reason
    not_held = next(card for card in RULES_DECK if card not in view.hand)
    assert not_held in refusal(request, not_held)
    assert "must be chosen" in refusal(request, None)
    assert request.validate(request.options[0]) == request.options[0]


def test_a_wrong_count_is_refused(mail_deal: TableAgent) -> None:
    passes = requests_of(mail_deal, "choose", "pass_cards")
    assert len(passes) == 4
    request, view = passes[0]
    assert request.count == 3
    hand = list(view.hand)
    assert "choose 3 different values" in refusal(request, hand[:2])
    assert "choose 3 different values" in refusal(request, hand[:4])
    assert "choose 3 different values" in refusal(request, [hand[0], hand[0], hand[1]])
    assert "choose 3 different values" in refusal(request, hand[0])
    foreign = next(card for card in RULES_DECK if card not in hand)
    assert foreign in refusal(request, [hand[0], hand[1], foreign])
    assert request.validate(hand[:3]) == hand[:3]


def test_a_bid_that_does_not_beat_the_lead_is_refused(mail_deal: TableAgent) -> None:
    bids = requests_of(mail_deal, "bid")
    first, _ = bids[0]
    second, _ = bids[1]
    assert (first.seat, second.seat) == (1, 2)
    assert first.validate(BidAnswer("trump")) == BidAnswer("trump")  # no lead yet
    assert refusal(second, BidAnswer("trump")) == "a combo bid worth 1 does not beat the lead (3)"
    equal = refusal(second, BidAnswer("certainty"))  # equal worth, and no more potentials than the leader
    assert equal == "a combo bid worth 3 does not beat the lead (3)"
    assert "does not beat the lead" in refusal(second, BidAnswer("abundance", ("mail", "penalty")))
    assert second.validate(BidAnswer("zero")) == BidAnswer("zero")  # worth 4
    assert second.validate(None) is None  # a pass is always allowed


def test_a_bid_below_the_minimum_worth_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "at least 1" in refusal(first, BidAnswer("misery"))  # worth 0


def test_an_incompatible_combo_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "cannot be combined" in refusal(first, BidAnswer("misery", ("open_trump",)))
    reason = refusal(first, BidAnswer("trump", ("open_trump", "open_hand")))
    assert "open_trump" in reason and "open_hand" in reason
    assert "cannot be combined" in refusal(first, BidAnswer("grill", ("open_trump",)))
    assert "twice" in refusal(first, BidAnswer("trump", ("mail", "mail")))


def test_an_unknown_bid_is_refused(mail_deal: TableAgent) -> None:
    first, _ = requests_of(mail_deal, "bid")[0]
    assert "'no_such_bid' is not a standard bid" in refusal(first, BidAnswer("no_such_bid"))
    assert "'no_such_bid' is not a special bid" in refusal(first, BidAnswer("trump", ("no_such_bid",)))
    assert "'mail' is not a standard bid" in refusal(first, BidAnswer("mail"))
    assert "'trump' is not a special bid" in refusal(first, BidAnswer("abundance", ("trump",)))
    assert "standard bid plus special bids" in refusal(first, "trump")
    assert "standard bid plus special bids" in refusal(first, {"standard": "trump"})


def test_more_potentials_may_equal_the_lead() -> None:
    agent = TableAgent({1: BidAnswer("abundance", ("mail", "penalty"))}, seed=2)
    game = Game(RULES, [agent] * 4, seed=2, first_dealer=0)
    game.marks[2] = {"potential": 1}
    game.play_deal()
    (second, _), (third, _) = requests_of(agent, "bid")[1:3]
    assert (second.seat, third.seat) == (2, 3)
    assert second.validate(BidAnswer("certainty")) == BidAnswer("certainty")  # worth 3, one potential more
    assert "does not beat the lead" in refusal(third, BidAnswer("certainty"))  # worth 3, no potential


# A player below the floor (not asked, listed as passing, the free point): the scenarios
# game-auction-barred-player.yaml and game-free-point-timing.yaml.


def test_when_everyone_passes_the_same_dealer_deals_again() -> None:
    agent = TableAgent({}, seed=2)
    game = Game(RULES, [agent] * 4, seed=2, first_dealer=0)
    game.play_deal()
    game.play_deal()
    first, second = game.deal_records
    assert first["declarer"] is None and second["declarer"] is None
    assert first["dealer"] == second["dealer"] == 0 and first["hands"] != second["hands"]
    assert first["scores"] == second["scores"] == {"0": 0, "1": 0, "2": 0, "3": 0}


def test_a_refused_answer_is_asked_again_and_reported_to_the_agent() -> None:
    class Clumsy(TableAgent):
        def __init__(self) -> None:
            super().__init__({1: BidAnswer("trump")}, seed=6)
            self.refusals: list[tuple[str, str]] = []

        def decide(self, request: Request, view: View) -> Any:
            if request.kind == "play" and len(self.refusals) < 3 and len(request.options) < len(view.hand):
                return next(card for card in view.hand if card not in request.options)
            return super().decide(request, view)

        def refused(self, request: Request, reason: str) -> None:
            self.refusals.append((request.kind, reason))

    agent = Clumsy()
    game = Game(RULES, [agent] * 4, seed=6, first_dealer=0)
    game.play_deal()
    assert len(agent.refusals) == 3
    assert all(kind == "play" and "not allowed" in reason for kind, reason in agent.refusals)
    assert sum(1 for d in game.decisions if d["kind"] == "play") == 52


# --- the command line -------------------------------------------------------------------


def run_whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whist", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_cli_replay_accepts_a_good_record(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    records.write_record(record, path)
    done = run_whist("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "no difference" in done.stdout


def test_cli_replay_lists_the_differences_of_a_tampered_record(record: dict[str, Any], tmp_path: Path) -> None:
    tampered = copy.deepcopy(record)
    index = first_played_deal(tampered)
    tampered["deals"][index]["scores"]["2"] += 5
    tampered["deals"][index]["tricks"][0]["winner"] = (tampered["deals"][index]["tricks"][0]["winner"] + 1) % 4
    path = tmp_path / "tampered.json"
    records.write_record(tampered, path)
    done = run_whist("replay", str(path))
    assert done.returncode == 1
    assert "2 difference(s)" in done.stderr
    assert f"deals[{index}].scores.2" in done.stderr and f"deals[{index}].tricks[0].winner" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_replay_refuses_a_broken_file_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[1, 2", encoding="utf-8")
    done = run_whist("replay", str(path))
    assert done.returncode == 1
    assert "not a JSON record" in done.stderr and "Traceback" not in done.stderr


# --- the hook-less hand's fast loop --------------------------------------------------------------


def played_deal(
    rules: Any, answer: BidAnswer, seed: int, players: int, general: bool, contract: bool = False
) -> tuple[list[Any], Any]:
    """A seeded deal with random answers: every request asked, the tricks, and the result.

    Without ``general`` the hand is played as a driver that answers at once plays it (in one loop);
    ``general`` steps it task by task on the agenda (``advance``/``apply``), as a state is stepped.
    ``contract``: ``answer`` is a match hand's contract (no declarer).
    """
    rng = random.Random(seed)
    asked: list[tuple[str, int, tuple[Any, ...]]] = []

    def ask(request: Request) -> Any:
        asked.append((request.kind, request.seat, request.options))
        if request.count > 1:
            return rng.sample(list(request.options), request.count)
        return request.options[rng.randrange(len(request.options))]

    seats = list(range(players))
    deal = Deal(rules, seats, seed % players, dict.fromkeys(seats, 0), {s: {} for s in seats}, ask, rng, {})
    if contract:
        deal.set_contract(answer)
    else:
        deal.declare((seed + 1) % players, answer)
    if general:
        deal._hookless_hand = lambda: False  # type: ignore[method-assign]
        deal.run_events()
        deal._then(("_begin_hand",))  # what play_hand() does, stepped instead of answered at once
        request = deal.advance()
        while request is not None:
            request = deal.apply(ask(request))
        result = deal.score()
    else:
        result = deal.play_out()
    for trick in deal.tricks if not deal.taker_rules else ():  # (a trick taker may give a trick away)
        assert trick.winner is deal.trick_winner(trick)  # the fast loop keeps the winner as the cards come
    return asked, (deal.trick_log, result.tricks, result.completed, result.points, result.hand_points)


@pytest.mark.parametrize("standard", ["trump", "misery", "rank_trump", "zero"])  # hook-less hands
@pytest.mark.parametrize("players", [3, 4])
def test_the_fast_loop_of_a_hookless_hand_plays_as_the_general_one(standard: str, players: int) -> None:
    answer = BidAnswer(standard)
    for seed in range(12):
        fast = played_deal(RULES, answer, seed, players, general=False)
        assert fast == played_deal(RULES, answer, seed, players, general=True), f"seed {seed}"
        assert len(fast[0]) >= len(RULES_DECK) * players // 4  # every card was asked for


@pytest.mark.parametrize(
    "answer",  # hooks inside tricks: who plays last, cards one may not lead or play, who takes the trick
    [
        BidAnswer("trump", ("sloth",)),
        BidAnswer("trump", ("plague",)),
        BidAnswer("block_trump"),
        BidAnswer("trump", ("justice", "sloth")),
        BidAnswer("grill", ("plague", "justice")),
        BidAnswer("trump", ("atelier", "sloth")),  # a zone refilled as its cards are played
        BidAnswer("trump", ("atelier",)),  # the same in the lean loop (a refill answered at once)
        BidAnswer("block_trump", ("atelier", "plague")),  # and with rules on the cards one may play and lead
        BidAnswer("grill", ("justice",)),  # the trump changes after each trick
    ],
)
@pytest.mark.parametrize("players", [3, 4])
def test_the_answered_loop_of_a_hand_with_hooks_plays_as_the_agenda(answer: BidAnswer, players: int) -> None:
    for seed in range(12):
        loop = played_deal(RULES, answer, seed, players, general=False)
        assert loop == played_deal(RULES, answer, seed, players, general=True), f"seed {seed}"
        assert len(loop[0]) >= len(RULES_DECK) * players // 4  # every card was asked for


@pytest.mark.parametrize("hand", ["tricks_up", "pairs_down", "marriages_up"])
def test_the_answered_loop_plays_melds_draws_and_the_close_as_the_agenda(hand: str) -> None:
    """Christmas Whist's hands: melds after tricks, draws from the stock, play after it is closed."""
    rules = load_ruleset("christmas-whist")
    for seed in range(8):
        loop = played_deal(rules, BidAnswer(hand), seed, 2, general=False, contract=True)
        assert loop == played_deal(rules, BidAnswer(hand), seed, 2, general=True, contract=True), f"seed {seed}"
        assert any(trick.get("after_close") for trick in loop[1][0])  # the stock ran out and play went on


# --- per-player choices in views: by seat ------------------------------------------------------


def test_a_per_player_choice_is_shown_by_seat_to_its_own_chooser_until_public() -> None:
    offered = Declaration(["KS", "2H"], False, {1: "KS", 2: "2H", 3: None}, is_card=True, per_player=True)
    assert offered.shown_to(1) == (True, {1: "KS"})
    assert offered.shown_to(3) == (True, {3: None})  # declined
    assert offered.shown_to(0) == (False, {})  # the declarer chose nothing
    offered.public = True
    assert offered.shown_to(0) == (True, {1: "KS", 2: "2H", 3: None})
    single = Declaration("H", False, {0: "H"})
    assert single.shown_to(0) == (True, "H") and single.shown_to(1) == (False, None)


def test_rank_trump_shows_whose_card_each_offered_card_is() -> None:
    game, agent = play_one_deal({1: BidAnswer("rank_trump")}, seed=5, stop_after_plays=0)
    deal = game.current
    assert deal is not None
    (request, view), *_ = requests_of(agent, "choose", "taken")
    assert request.seat == 1
    offered = view.declarations["offered"]
    assert set(offered) == {0, 2, 3}  # the opponents, each with the card they offered
    record = deal.declarations["offered"].record()
    assert offered == {int(seat): card for seat, card in record.items()}
    assert set(offered.values()) <= set(view.declared_cards)


def test_master_trump_preferences_line_up_by_seat() -> None:
    for seed in range(8):
        game, agent = play_one_deal({1: BidAnswer("master_trump")}, seed=seed, stop_after_plays=0)
        (request, view), *_ = requests_of(agent, "choose", "trump")
        assert request.seat == 0  # right of the declarer chooses the trump
        suits, strengths = view.declarations["preferred_suit"], view.declarations["preference"]
        assert set(suits) == set(strengths) == {2, 3}  # the opponents other than the chooser
        for seat in (2, 3):
            chosen = game.decisions
            asked = [d for d in chosen if d["seat"] == seat and d["name"] in ("preferred_suit", "preference")]
            assert {d["name"]: d["answer"] for d in asked} == {
                "preferred_suit": suits[seat],
                "preference": strengths[seat],
            }


def test_a_rule_set_is_freed_once_nothing_uses_it(tmp_path: Path) -> None:
    """The engine's per-rule-set caches hold rule sets weakly: reloading a file again and again
    (an editor checking each save) does not keep every version alive."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: combo-whist\nversion: 9.9.9\nbids:\n  - id: penalty\n    penalty: 3\n", encoding="utf-8")
    rules = load_ruleset(path)
    game = Game(rules, random_agents(4, seed=2), seed=2)
    game.run()
    assert game.result is not None
    freed = weakref.ref(rules)
    del game, rules
    gc.collect()
    assert freed() is None
