"""Type checking and evaluation of expressions (rulespec/compiler.py) with small fake game objects."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import (
    FUNCTIONS,
    MAX_ITERATION,
    MAX_WALK_STEPS,
    CompileError,
    EvaluationError,
    Expression,
    ExpressionSyntaxError,
    Scope,
    Vocabulary,
    compile_expression,
)
from rulespec.errors import RuleError
from rulespec.model import BidFacts

# --- fake runtime objects -------------------------------------------------------------------


@dataclass(eq=False)
class Player:
    name: str
    seat: int
    tricks: int = 0
    won: list[Card] = field(default_factory=list)
    won_tricks: list[Trick] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    score: int = 0
    start_score: int = 0
    marks: SimpleNamespace = field(default_factory=lambda: SimpleNamespace(potential=0))
    is_declarer: bool = False
    meld_points: int = 0

    def tricks_in(self, numbers: Sequence[int]) -> int:
        return sum(1 for trick in self.won_tricks if trick.number in numbers)


@dataclass(eq=False)
class Card:
    """A fake card that carries its deal facts itself (the fake table below reads them off)."""

    rank: str
    suit: str
    value: int
    is_trump: bool = False
    holder: Player | None = None
    zone: str = ""
    color: str = ""


class CardTable:
    """What the interpreter passes as ``env["_table"]``: ``card_value(card)`` for ``card.value`` …"""

    def __getattr__(self, name: str) -> Any:
        fact = name.removeprefix("card_")
        if fact == name or fact not in T.TABLE_FACTS[T.CARD]:
            raise AttributeError(name)
        return operator.attrgetter(fact)


@dataclass(eq=False)
class Play:
    player: Player
    card: Card
    is_lead: bool = False


@dataclass(eq=False)
class Trick:
    number: int
    leader: Player
    winner: Player
    plays: list[Play]
    led_suit: str
    trump: str
    after_close: bool = False

    @property
    def cards(self) -> list[Card]:
        return [play.card for play in self.plays]

    @property
    def lead(self) -> Card:
        return self.plays[0].card


@dataclass(eq=False)
class Combo:
    standard: BidFacts
    specials: list[BidFacts]

    @property
    def bids(self) -> list[BidFacts]:
        return [self.standard, *self.specials]

    @property
    def worth(self) -> int:
        return sum(bid.worth for bid in self.bids)

    def has(self, bid_id: str) -> bool:
        return any(bid.id == bid_id for bid in self.bids)


class Seating:
    """What the interpreter passes as ``env["_seating"]``: seats 0..n-1 clockwise."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.players = list(players)

    def left_of(self, player: Player) -> Player:
        return self.players[(player.seat + 1) % len(self.players)]

    def right_of(self, player: Player) -> Player:
        return self.players[(player.seat - 1) % len(self.players)]


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
VOCAB = Vocabulary(
    suits=frozenset("CDHS"),
    ranks=frozenset(RANKS),
    bids=frozenset({"trump", "grill", "misery", "plague", "taintless_bid"}),
    marks=frozenset({"potential"}),
    options={"rounds": T.NUMBER, "fast": T.BOOL},
    zones=frozenset({"atelier"}),
)
PARAMS = {"cards": 3, "strict": True, "favourite": "H", "bad_suit": "X"}


def card(text: str, **kwargs: Any) -> Card:
    rank, suit = text[:-1], text[-1]
    return Card(rank, suit, RANKS.index(rank) + 1, **kwargs)


def trump_bid(worth: int = 1) -> BidFacts:
    return BidFacts("trump", "standard", True, worth, 0, 1)


def make_env() -> dict[str, Any]:
    """A four-player deal: Ann (declarer, seat 0), Bob, Cid, Dee; a few tricks played."""
    ann, bob, cid, dee = players = [Player(name, seat) for seat, name in enumerate(["ann", "bob", "cid", "dee"])]
    ann.is_declarer = True
    ann.hand = [card("2H", holder=ann), card("AH", holder=ann, is_trump=True), card("KS", holder=ann, zone="atelier")]
    bob.hand = [card("3C", holder=bob)]
    tricks: list[Trick] = []
    for number, (leader, winner, led, cards) in enumerate(
        [(bob, ann, "H", "4H 5H 6H QH"), (ann, cid, "C", "2C 3C 2S 4C"), (cid, ann, "D", "7D 8D 9D 2D")], 1
    ):
        order = players[leader.seat :] + players[: leader.seat]  # the plays go round from the leader
        plays = [Play(p, card(text, holder=p)) for p, text in zip(order, cards.split(), strict=True)]  # held as played
        plays[0].is_lead = True
        trick = Trick(number, leader, winner, plays, led, "S")
        tricks.append(trick)
        winner.won_tricks.append(trick)
        winner.won.extend(trick.cards)
        winner.tricks += 1
    t1, t2, t3 = tricks
    ann.score, bob.score, cid.score, dee.score = 4, -6, 0, 2
    ann.marks.potential = 2
    deck = [
        card(rank + suit, holder=players[i % 4]) for i, (suit, rank) in enumerate((s, r) for s in "CDHS" for r in RANKS)
    ]
    combo = Combo(trump_bid(), [BidFacts("plague", "special", False, 2, 1)])
    return {
        "player_count": 4,
        "suits": ["C", "D", "H", "S"],
        "ranks": RANKS,
        "option": SimpleNamespace(rounds=3, fast=False),
        "hand_size": 13,
        "dealer": dee,
        "players": players,
        "declarer": ann,
        "opponents": [bob, cid, dee],
        "combo": combo,
        "standard": combo.standard,
        "trump": "S",
        "deck": deck,
        "tricks": [t1, t2, t3],
        "last_trick": t3,
        "plays": [play for trick in (t1, t2, t3) for play in trick.plays],
        "face_up": deck[-1],
        "stock_size": 0,
        "hand_number": 0,
        "card": ann.hand[0],
        "player": bob,
        "trick": t3,
        "_seating": Seating(players),
        "_table": CardTable(),
    }


def scope(names: Mapping[str, T.Type] = scopes.CARD_RULE, constants: Mapping[str, Any] | None = None) -> Scope:
    return Scope(dict(names), VOCAB, PARAMS if constants is None else constants)


def compiled(
    text: object, names: Mapping[str, T.Type] = scopes.CARD_RULE, expected: T.Type | None = None
) -> Expression:
    return compile_expression(text, scope(names), expected)


def value(text: str, env: dict[str, Any] | None = None, names: Mapping[str, T.Type] = scopes.CARD_RULE) -> Any:
    return compiled(text, names)(make_env() if env is None else env)


def compile_error(
    text: str, names: Mapping[str, T.Type] = scopes.CARD_RULE, expected: T.Type | None = None
) -> CompileError:
    with pytest.raises(CompileError) as info:
        compiled(text, names, expected)
    return info.value


def evaluation_error(text: str, env: dict[str, Any] | None = None) -> EvaluationError:
    expression = compiled(text)
    with pytest.raises(EvaluationError) as info:
        expression(make_env() if env is None else env)
    return info.value


# --- the fakes keep to rulespec/types.py ------------------------------------------------------


def test_fake_objects_have_every_declared_attribute() -> None:
    env = make_env()
    ann = env["declarer"]
    samples = {
        T.PLAYER: ann,
        T.CARD: ann.hand[0],
        T.TRICK: env["tricks"][0],
        T.PLAY: env["plays"][0],
        T.BID: env["standard"],
        T.COMBO: env["combo"],
    }
    assert set(samples) == set(T.ATTRIBUTES)
    for t, attributes in T.ATTRIBUTES.items():
        for name in attributes:
            assert hasattr(samples[t], name), f"fake {t} lacks {name}"
        for name in T.METHODS.get(t, {}):
            assert callable(getattr(samples[t], name)), f"fake {t} lacks method {name}"


# --- every attribute and method of types.py is reachable --------------------------------------

ALL_SCOPES = {
    name: names
    for name, names in vars(scopes).items()
    if name.isupper() and isinstance(names, dict) and name != "CHOICE_TYPES"
}


def reachable_paths() -> dict[T.Type, tuple[str, Scope, str, str]]:
    """For each object type: a scope, a wrapper and an inner expression that reach a value of it.

    The wrapper has a ``{}`` where an expression over the inner one goes; walking a list binds
    its element name (``any(tricks, {})`` reaches a trick as ``trick``).
    """
    found: dict[T.Type, tuple[str, Scope, str, str]] = {}
    queue: list[tuple[str, Scope, str, str, T.Type]] = []
    for scope_name, names in ALL_SCOPES.items():
        for name, t in names.items():
            queue.append((scope_name, scope(names), "{}", name, t))
    while queue:
        scope_name, where, wrapper, inner, t = queue.pop(0)
        if T.is_list(t):
            element = T.element_of(t)
            bound = T.ELEMENT_NAMES.get(element)
            if bound and element not in found and element in T.ATTRIBUTES:
                walked = wrapper.replace("{}", f"any({inner}, {{}})")
                queue.append((scope_name, where.with_names({bound: element}), walked, bound, element))
            continue
        if t in found or t not in T.ATTRIBUTES:
            continue
        found[t] = (scope_name, where, wrapper, inner)
        for attribute, attribute_type in T.ATTRIBUTES[t].items():
            queue.append((scope_name, where, wrapper, f"{inner}.{attribute}", attribute_type))
    return found


def test_every_object_type_is_reachable_from_some_scope() -> None:
    assert set(reachable_paths()) == set(T.ATTRIBUTES)


@pytest.mark.parametrize(
    ("owner", "attribute"), [(t, name) for t, attributes in T.ATTRIBUTES.items() for name in attributes]
)
def test_every_attribute_compiles_to_its_declared_type(owner: T.Type, attribute: str) -> None:
    scope_name, where, wrapper, inner = reachable_paths()[owner]
    expression = f"{inner}.{attribute}"
    # with the walked element names in scope, the attribute has its declared type ...
    assert compile_expression(expression, where).type == T.ATTRIBUTES[owner][attribute]
    # ... and it is reachable from the real scope, through the language's own walks
    real = Scope(ALL_SCOPES[scope_name], VOCAB, PARAMS)
    full = wrapper.replace("{}", f"{expression} == {expression}")
    assert compile_expression(full, real).type == T.BOOL


def method_argument(t: T.Type) -> str:
    return {T.list_of(T.NUMBER): "1..3", T.BID: '"grill"', T.NUMBER: "1"}[t]


@pytest.mark.parametrize(("owner", "method"), [(t, name) for t, methods in T.METHODS.items() for name in methods])
def test_every_method_compiles_to_its_declared_type(owner: T.Type, method: str) -> None:
    scope_name, where, _, inner = reachable_paths()[owner]
    params, result = T.METHODS[owner][method]
    args = ", ".join(method_argument(p) for p in params)
    assert compile_expression(f"{inner}.{method}({args})", where).type == result
    with pytest.raises(CompileError, match="argument"):
        compile_expression(f"{inner}.{method}({args}, {args})", where)


def test_marks_and_options_come_from_the_rule_set() -> None:
    assert compiled("declarer.marks.potential").type == T.NUMBER
    assert compiled("option.rounds").type == T.NUMBER
    assert compiled("option.fast").type == T.BOOL
    error = compile_error("declarer.marks.potentail")
    assert error.message == "unknown mark 'potentail'" and error.hint == "did you mean 'potential'?"
    error = compile_error("option.round")
    assert error.message == "unknown option 'round'" and error.hint == "did you mean 'rounds'?"
    error = compile_error("option.speed")
    assert error.message == "unknown option 'speed'" and error.hint == "declare it in game.options"


# --- the whitelisted functions ----------------------------------------------------------------


def test_function_list() -> None:
    # Every function below is tested; a new one must get a test.
    assert set(FUNCTIONS) == {
        "count",
        "any",
        "all",
        "filter",
        "first",
        "sum",
        "max",
        "min",
        "abs",
        "floor",
        "left_of",
        "right_of",
        "others",
    }


def test_count() -> None:
    assert value("count(players)") == 4
    assert value("count(declarer.won)") == 8  # two tricks of four cards
    assert value('count(declarer.won, card.suit == "H")') == 4
    assert value("count(players, player.tricks == 0)") == 2  # bob, dee
    assert value("count([])") == 0
    assert value("count(1..0)") == 0
    assert value("count(1..13, number % 2 == 0)") == 6
    assert compile_error("count(5)").message == "expected a list, got a number"
    assert compile_error("count()").message == "count() takes 1 or 2 argument(s), got 0"
    assert compile_error("count(players, true, true)").message == "count() takes 1 or 2 argument(s), got 3"


def test_any_and_all() -> None:
    assert value("any(players, player.score < 0)") is True
    assert value("all(players, player.score < 0)") is False
    assert value("all(opponents, not player.is_declarer)") is True
    assert value("any([false, true])") is True
    assert value("all([true, false])") is False
    assert value("any([])") is False  # nothing holds in an empty list
    assert value("all([])") is True
    assert value("any(players, false)") is False
    assert compile_error("any(players)").message == "any() of one argument needs a list of bool"
    assert compile_error("all(players, player.tricks)").message == "expected a bool, got a number"


def test_filter_keeps_the_list_type() -> None:
    expression = compiled("filter(players, player.score < 0)")
    assert expression.type == T.list_of(T.PLAYER)
    env = make_env()
    assert [p.name for p in expression(env)] == ["bob"]
    assert value("count(filter(deck, card.suit == 'S'))") == 13
    assert value("filter(1..6, number > 4)") == [5, 6]
    assert compile_error("filter(players)").message == "filter() takes 2 argument(s), got 1"


def test_first() -> None:
    assert value("first([4, 5, 6])") == 4
    assert value("first(1..13, number % 5 == 0)") == 5
    assert compiled("first(players, player.score < 0)").type == T.PLAYER
    assert value("first(players, player.score < 0)").name == "bob"
    assert value('first(deck, card.suit == "S").suit') == "S"
    env = make_env()
    env["player"] = "kept"
    compiled("first(players, player.tricks == 0)")(env)  # a walk stopped early ...
    assert env["player"] == "kept"  # ... gives the name it bound back
    with pytest.raises(EvaluationError, match="no element meets the condition"):
        value("first(players, player.score > 100)")
    with pytest.raises(EvaluationError, match="empty list"):
        value("first([])")
    assert compile_error("first(5)").message == "expected a list, got a number"
    assert compile_error("first()").message == "first() takes 1 or 2 argument(s), got 0"


def test_sum() -> None:
    assert value("sum(players, player.score)") == 0  # 4 - 6 + 0 + 2
    assert value("sum([1, 2, 3])") == 6
    assert value("sum([])") == 0
    assert value("sum(1..4, number / 2)") == 5  # a Fraction sum that comes out whole ...
    assert type(value("sum(1..4, number / 2)")) is int  # ... is an int
    assert value("sum([1/3, 1/2])") == Fraction(5, 6)
    assert compile_error("sum(players)").message == "sum() of one argument needs a list of numbers"


def test_max_and_min() -> None:
    assert value("max(1, 7, 3)") == 7
    assert value("min(1, 7, -3)") == -3
    assert value("max([2, 9, 4])") == 9
    assert value("max(opponents, player.tricks)") == 1
    assert value("min(players, player.score)") == -6
    assert value("max(1/2, 1/3)") == Fraction(1, 2)
    # the extreme of an empty list is 0 (max(opponents, …) with nobody else playing)
    assert value("max([])") == 0
    assert value("min([])") == 0
    assert value("max(1..0)") == 0
    assert value("max(filter(players, false), player.tricks)") == 0
    assert value("min(filter(players, false), player.tricks)") == 0
    error = compile_error("max(players)")
    assert error.message == "max() of a list of player needs an expression to compare by"
    assert error.hint == "e.g. max(opponents, player.tricks)"
    assert compile_error("min(5)").message == "min() of one number is that number"
    assert compile_error("max()").message == "max() needs at least one argument"
    assert compile_error("max(1, true)").message == "expected a number, got a bool"


def test_abs_and_floor() -> None:
    assert value("abs(-3)") == 3
    assert value("abs(3 - 5)") == 2
    assert value("abs(-1/2)") == Fraction(1, 2)
    assert value("floor(7/2)") == 3
    assert value("floor(-7/2)") == -4  # towards minus infinity
    assert value("floor(6/3)") == 2
    assert value("floor(hand_size / player_count)") == 3
    assert compile_error("abs(1, 2)").message == "abs() takes 1 argument(s), got 2"
    assert compile_error("floor(players)").message == "expected a number, got a list of player"


def test_left_of_and_right_of_use_the_seating() -> None:
    env = make_env()
    assert value("left_of(declarer)", env).name == "bob"
    assert value("right_of(declarer)", env).name == "dee"
    assert value("left_of(right_of(player))", env) is env["player"]
    assert value("right_of(dealer) == cid", env | {"cid": env["players"][2]}, {**scopes.DEAL, "cid": T.PLAYER})
    assert compile_error("left_of(1)").message == "expected a player, got a number"
    assert compile_error("right_of()").message == "right_of() takes 1 argument(s), got 0"


def test_others() -> None:
    env = make_env()
    assert [p.name for p in value("others(declarer)", env)] == ["bob", "cid", "dee"]
    assert [p.name for p in value("others(player)", env)] == ["ann", "cid", "dee"]
    assert value("count(others(player), player.score <= -5) == count(others(player))", env) is False
    assert compiled("others(declarer)").type == T.list_of(T.PLAYER)


# --- element names and shadowing -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("count(declarer.won, card.rank == 'Q')", 1),
        ("count(players, player.tricks > 0)", 2),
        ("count(tricks, trick.winner == declarer)", 2),
        ("count(plays, play.player == declarer)", 3),
        ("count(plays, play.is_lead)", 3),
        ("count(plays, play.is_lead and play.player == declarer)", 1),
        ("count(suits, suit != trump)", 3),
        ("count(ranks, rank == 'A' or rank == '2')", 2),
        ("count(combo.specials, bid.worth > 1)", 1),
        ("count(combo.bids, bid.id == 'trump')", 1),
        ("count(1..10, number > 7)", 3),
    ],
)
def test_element_names(text: str, expected: int) -> None:
    assert value(text) == expected


def test_element_of_a_list_without_a_name_cannot_be_walked() -> None:
    assert compile_error("count([[1]], true)").message == "cannot walk a list of list of number with a condition"
    assert compile_error("any([true], true)").message == "cannot walk a list of bool with a condition"


def test_element_name_is_unknown_outside_its_predicate() -> None:
    error = compile_error("count(players, true) + player.tricks", scopes.DEAL)
    assert error.message == "unknown name 'player'"
    assert error.hint == "did you mean 'players'?"


def test_nested_predicates_shadow_and_restore() -> None:
    env = make_env()
    bob = env["player"]
    # inner ``player`` ranges over others(outer player); outer player is restored afterwards
    text = "count(players, any(others(player), player.tricks > 1) and player.tricks == 0)"
    # ann has 2 tricks: bob, cid(1) … players with 0 tricks whose others include someone with > 1
    assert value(text, env) == 2  # bob and dee
    assert env["player"] is bob  # the scope's own ``player`` is back
    # the same name inside and outside, with the outer one used after the inner walk
    text = "count(players, count(players, player.score > 0) == 2 and player.score < 0)"
    assert value(text, env) == 1  # only bob has a negative score
    assert env["player"] is bob


def test_element_binding_is_removed_after_the_walk() -> None:
    env = make_env()
    del env["card"]
    value("count(deck, card.suit == 'H')", env, scopes.DEAL)
    assert "card" not in env


def test_element_binding_is_restored_after_an_error() -> None:
    env = make_env()
    bob = env["player"]
    with pytest.raises(EvaluationError):
        compiled("all(players, 1 / player.tricks > 0)")(env)  # ann has 2 tricks, bob none
    assert env["player"] is bob


def test_element_name_shadows_a_param() -> None:
    where = Scope(scopes.DEAL, VOCAB, {"card": 5})
    assert compile_expression("card + 1", where).constant == 6
    expression = compile_expression("count(deck, card.suit == 'H')", where)
    assert expression(make_env()) == 13


def test_predicate_sees_outer_names() -> None:
    assert value("count(declarer.won, card.suit == trick.led_suit)") == 4  # trick 3 led diamonds


# --- string literals stand for suits, ranks, bids ------------------------------------------------


def test_string_literal_suit() -> None:
    assert compiled('card.suit == "H"')(make_env()) is True
    assert compiled('"H" == card.suit')(make_env()) is True
    assert compiled('trump != "S"')(make_env()) is False
    text = 'card.suit == "X"'
    error = compile_error(text)
    assert error.message == "unknown suit 'X'"
    assert error.offset == text.index("X")


def test_string_literal_rank_and_hint() -> None:
    assert value('count(deck, card.rank == "10")') == 4
    error = compile_error('card.rank == "11"')
    assert error.message == "unknown rank '11'"
    text = "card.rank == 'Kk'"
    error = compile_error(text)
    assert error.message == "unknown rank 'Kk'" and error.hint == "did you mean 'K'?"
    assert error.offset == text.index("Kk")
    assert compile_error("card.rank == 10").message == "cannot compare rank with number"


def test_string_literal_bid_id() -> None:
    assert value("standard.id == 'trump'") is True
    assert value("combo.has('plague')") is True
    assert value("combo.has('grill')") is False
    error = compile_error("combo.has('gril')")
    assert error.message == "unknown bid 'gril'" and error.hint == "did you mean 'grill'?"
    assert compile_error("standard.id != 'nope'").message == "unknown bid 'nope'"


def test_string_literal_zone() -> None:
    assert value("card.zone == ''") is True
    assert value("count(declarer.hand, card.zone == 'atelier')") == 1
    assert compile_error("card.zone == 'ateleir'").hint == "did you mean 'atelier'?"


def test_string_literals_in_lists() -> None:
    assert value('card.suit in ["H", "S"]') is True
    assert value('count(deck, card.rank in ["J", "Q", "K"])') == 12
    text = 'card.suit in ["H", "Z"]'
    error = compile_error(text)
    assert error.message == "unknown suit 'Z'" and error.offset == text.index("Z")
    # a literal next to a value of a named type stands for that type
    assert compiled('[standard.id, "grill"]').type == T.list_of(T.BID)
    assert value('standard.id in [standard.id, "grill"]') is True
    assert compile_error('[standard.id, "gril"]').message == "unknown bid 'gril'"
    assert value("[1, 2, 3] == 1..3") is True
    assert compile_error('[1, "a"]').message == "list mixes number and text"


def test_expected_type_coerces_literals() -> None:
    assert compile_expression('"H"', scope(), T.SUIT).type == T.SUIT
    assert compile_expression('["C", "D"]', scope(), T.list_of(T.SUIT)).type == T.list_of(T.SUIT)
    assert compile_expression('"left"', scope(), T.DIRECTION).type == T.DIRECTION
    with pytest.raises(CompileError, match="unknown direction 'up'"):
        compile_expression('"up"', scope(), T.DIRECTION)
    with pytest.raises(CompileError, match="unknown suit 'Q'"):
        compile_expression('["C", "Q"]', scope(), T.list_of(T.SUIT))
    # a conditional of literals is a literal too
    expression = compile_expression("'H' if player_count == 4 else 'S'", scope(), T.SUIT)
    assert expression.type == T.SUIT and expression(make_env()) == "H"
    with pytest.raises(CompileError, match="unknown suit 'Y'"):
        compile_expression("'H' if player_count == 4 else 'Y'", scope(), T.SUIT)
    assert value("card.suit == ('H' if strict else 'S')") is True
    assert value("card.suit in (['H', 'D'] if strict else ['S'])") is True
    with pytest.raises(CompileError, match="unknown suit 'E'"):
        compiled("card.suit in (['H', 'D'] if strict else ['E'])")


def test_text_param_stands_for_a_suit() -> None:
    assert value("card.suit == favourite") is True
    text = "trump == bad_suit"
    error = compile_error(text)
    assert error.message == "unknown suit 'X'" and error.offset == text.index("bad_suit")


def test_plain_text_is_not_checked() -> None:
    assert value("'anything' == 'anything'") is True
    assert compile_error("'a' < 'b'").message == "'<' compares numbers, not text"


# --- numbers ----------------------------------------------------------------------------------


def test_division_is_exact() -> None:
    assert value("7 / 2") == Fraction(7, 2)
    assert value("6 / 3") == 2 and type(value("6 / 3")) is int
    assert value("1/3 + 2/3") == 1 and type(value("1/3 + 2/3")) is int
    assert value("(1/3) * 3 == 1") is True
    assert value("hand_size / 2 > 6") is True
    assert value("7 % 3") == 1
    assert value("-7 % 3") == 2
    assert value("(7/2) % 1") == Fraction(1, 2)


def test_division_by_zero() -> None:
    error = evaluation_error("hand_size / (player_count - 4)")
    assert error.message == "division by zero"
    assert isinstance(error, RuleError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 / 0", "division by zero"),
        ("hand_size % 0", "modulo by zero"),
        ("3 * (2 - 2) + 1 / (1 - 1)", "division by zero"),
    ],
)
def test_division_by_a_constant_zero_is_refused_when_compiled(text: str, message: str) -> None:
    assert compile_error(text).message == message


@pytest.mark.parametrize(
    "text",
    [
        "1000000000000 + 1",
        "999999 * 9999999",
        "-1000000 * 1000000 - 1",
        "1000000000001",
        "count(1..10, true) > 10000000000000",
    ],
)
def test_numbers_beyond_the_bound_are_refused_when_compiled(text: str) -> None:
    assert "out of range" in compile_error(text).message


def test_arithmetic_beyond_the_bound_fails_at_run_time() -> None:
    error = evaluation_error("hand_size * 1000000 * 1000000")
    assert "out of range" in error.message


def test_walking_a_huge_range_is_refused() -> None:
    assert value(f"count(1..{MAX_ITERATION}, true)") == MAX_ITERATION
    for text in (
        f"count(1..{MAX_ITERATION + 1}, true)",
        "any(1..999999999999, number < 0)",
        "sum(1..999999999999)",
        "max(1..999999999999)",
        "filter(1..1000000, number > 3)",
        "min(1..99999, number)",
    ):
        assert "too large to walk" in compile_error(text).message, text  # constant ends: refused by check
    for text in ("count(1..hand_size * 100000, true)", "sum(hand_size..hand_size * 1000000)"):
        assert "too large to walk" in evaluation_error(text).message, text


def test_nested_walks_share_one_budget() -> None:
    env = make_env()
    before = set(env)
    text = f"count(1..{MAX_ITERATION}, count(1..{MAX_ITERATION}, true) > 0)"  # each walk is allowed alone
    with pytest.raises(EvaluationError, match=f"walks more than {MAX_WALK_STEPS} items"):
        compiled(text)(env)
    assert set(env) == before  # no bookkeeping is left behind
    assert value("count(1..300, count(1..300, true) == 300)", env) == 300
    assert set(env) == before


def test_huge_ranges_that_need_no_walk() -> None:
    assert value("count(1..999999999999)") == 999999999999
    assert value("999999999998 in 1..999999999999") is True
    assert value("0 in 1..999999999999") is False
    assert value("(1/2) in 1..999999999999") is False  # by arithmetic, not by walking
    assert value("(4/2) in 1..999999999999") is True


def test_range_bounds_must_be_whole() -> None:
    assert value("1..3") == range(1, 4)
    assert list(value("1..(6/2)")) == [1, 2, 3]
    assert "whole number" in evaluation_error("count(1..(hand_size / 2))").message
    assert "whole number" in evaluation_error("(1/2)..3").message


def test_missing_runtime_values_give_evaluation_errors() -> None:
    env = make_env()
    env["declarer"].tricks = None
    with pytest.raises(EvaluationError):
        compiled("declarer.tricks > 1")(env)
    with pytest.raises(EvaluationError):
        compiled("declarer.tricks + 1")(env)


def test_missing_objects_give_evaluation_errors() -> None:
    env = make_env()
    env["card"].holder = None  # a card nobody holds
    env["last_trick"] = None  # before the first trick
    for text, message in (
        ("card.holder.score > 0", "cannot take 'score' of a missing player"),
        ("left_of(card.holder) == declarer", "cannot take 'left_of' of a missing player"),
        ("card.holder.tricks_in(1..3) > 0", "cannot take 'tricks_in' of a missing player"),
        ("last_trick.winner != declarer", "cannot take 'winner' of a missing trick"),
    ):
        with pytest.raises(EvaluationError) as info:
            compiled(text)(env)
        assert info.value.message == message


def test_a_missing_number_in_a_comparison_is_reported() -> None:
    env = make_env()
    env["declarer"].score = None  # as a broken runtime object would have it
    for text in ("declarer.score < 3", "declarer.score >= 3", "3 > declarer.score"):
        with pytest.raises(EvaluationError) as info:
            compiled(text)(env)
        assert info.value.message.startswith("cannot evaluate"), text
    assert compiled("declarer.score == 3")(env) is False  # equality needs no order


def test_comparisons_of_lists_and_of_single_values_agree() -> None:
    env = make_env()
    for text, expected in (
        ("declarer.score == 4", True),
        ("declarer.score != 4", False),
        ("card.suit == 'H'", True),
        ("card.value < 2", True),
        ("trick.winner == declarer", True),
        ("declarer.hand == declarer.hand", True),
        ("[1, 2] == 1..2", True),
        ("tricks != []", True),
    ):
        assert compiled(text)(env) is expected, text


def test_an_expression_knows_the_names_it_reads() -> None:
    worth = scope(scopes.WORTH)
    assert compile_expression("3 if standard.trump and standard.id != 'grill' else 1", worth).reads == {"standard"}
    assert compile_expression("sum(specials, bid.worth) + player_count", worth).reads == {"specials", "player_count"}
    assert compile_expression("cards * 2", worth).reads == frozenset()  # a param is compiled in
    assert compile_expression("option.rounds", worth).reads == {"option"}
    deal = scope(scopes.DEAL)
    assert compile_expression("count(deck, card.value > 3)", deal).reads == {"deck", "_table"}
    assert compile_expression("left_of(dealer)", deal).reads == {"dealer", "_seating"}
    assert compile_expression("others(declarer)", deal).reads == {"declarer", "players"}


# --- params ------------------------------------------------------------------------------------


def test_params_are_constants() -> None:
    expression = compiled("cards")
    assert expression.is_constant and expression.constant == 3 and expression.type == T.NUMBER
    assert compiled("cards * 2 + 1").constant == 7
    assert compiled("-cards").constant == -3
    assert compiled("strict").type == T.BOOL and compiled("strict").constant is True
    assert compiled("favourite").type == T.TEXT
    assert compiled("declarer.tricks_in(1..cards)")(make_env()) == 2  # ann took tricks 1 and 3
    assert compiled("declarer.tricks_in(2..cards)")(make_env()) == 1


def test_scope_names_hide_params() -> None:
    assert compile_expression("cards", Scope({"cards": T.list_of(T.CARD)}, VOCAB, {"cards": 3})).type == T.list_of(
        T.CARD
    )


def test_unknown_name_suggests_params() -> None:
    error = compile_error("cardz + 1", scopes.DEAL)
    assert error.message == "unknown name 'cardz'" and error.hint == "did you mean 'cards'?"


# --- possible values of conditionals ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("3 if standard.trump and standard.id != 'grill' else 1", [3, 1]),
        ("1 if standard.trump else 3", [1, 3]),
        ("1 if standard.trump else 2 if player_count == 3 else 1", [1, 2]),
        ("-2 if standard.trump else 0", [-2, 0]),
        ("-(2 if standard.trump else 1)", [-2, -1]),
        ("cards if standard.trump else 0", [3, 0]),
        ("cards * 2 if standard.trump else 0", [6, 0]),
        ("5", [5]),
        ("cards", [3]),
        ("'H' if standard.trump else 'S'", ["H", "S"]),
    ],
)
def test_possible_values(text: str, values: list[Any]) -> None:
    assert compile_expression(text, scope(scopes.WORTH)).possible_values() == values


@pytest.mark.parametrize(
    "text",
    ["standard.worth", "standard.worth if standard.trump else 1", "1 if standard.trump else 1 / 2", "1 + player_count"],
)
def test_no_possible_values_when_not_constant(text: str) -> None:
    assert compile_expression(text, scope(scopes.WORTH)).possible_values() is None


def test_yaml_constants() -> None:
    assert compile_expression(3, scope()).possible_values() == [3]
    assert compile_expression(True, scope(), T.BOOL).constant is True
    assert compile_expression(-2, scope(), T.NUMBER)({}) == -2
    with pytest.raises(CompileError, match="expected a bool, got a number"):
        compile_expression(3, scope(), T.BOOL)
    with pytest.raises(CompileError, match="expected a number, got a bool"):
        compile_expression(False, scope(), T.NUMBER)
    with pytest.raises(CompileError, match="expected an expression, got float"):
        compile_expression(1.5, scope())


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "offset", "hint"),
    [
        ("oponents", "unknown name 'oponents'", 0, "did you mean 'opponents'?"),
        ("count(declarer.won, card.suit == plage)", "unknown name 'plage'", 33, None),
        ("cont(players)", "unknown function 'cont'", 0, "did you mean 'count'?"),
        ("counts(players)", "unknown function 'counts'", 0, "did you mean 'count'?"),
        ("players(1)", "unknown function 'players'", 0, None),
        ("count", "'count' is a function; call it as count(…)", 0, None),
        ("declarer.trick", "a player has no attribute 'trick'", 9, "did you mean 'tricks'?"),
        ("declarer.tricks_in", "'tricks_in' of a player is a method; call it as .tricks_in(…)", 9, None),
        ("declarer.tricks_in(1..3, 4)", "tricks_in() takes 1 argument(s), got 2", 9, None),
        ("declarer.tricks_in(3)", "expected a list of number, got a number", 19, None),
        ("declarer.score(1)", "a player has no method 'score'", 9, None),
        ("combo.hass('grill')", "a combo has no method 'hass'", 6, "did you mean 'has'?"),
        ("players.tricks", "'tricks' is asked of a list of player; lists have no attributes", 8, None),
        ("hand_size.value", "a number has no attribute 'value'", 10, None),
        ("(1)(2)", "only functions and methods can be called", 1, None),
        ("1 and true", "expected a bool, got a number", 0, None),
        ("true or 0", "expected a bool, got a number", 8, None),
        ("not hand_size", "expected a bool, got a number", 4, None),
        ("-true", "expected a number, got a bool", 1, None),
        ("1 + 'a'", "expected a number, got a text", 4, None),
        ("1 < true", "'<' compares numbers, not bool", 4, None),
        ("true == 1", "cannot compare bool with number", 5, None),
        ("declarer.tricks == trump", "cannot compare number with suit", 16, None),
        ("declarer == card", "cannot compare player with card", 9, None),
        ("1 in 5", "'in' needs a list on its right, not number", 5, None),
        ("declarer in deck", "a player cannot be in a list of card", 0, None),
        ("2 if strict else 'none'", "the two branches have different types: number and text", 17, None),
        ("1 if 2 else 3", "expected a bool, got a number", 5, None),
        ("[1, true]", "list mixes number and bool", 4, None),
        ("1..true", "expected a number, got a bool", 3, None),
    ],
)
def test_compile_errors(text: str, message: str, offset: int, hint: str | None) -> None:
    error = compile_error(text)
    assert error.message == message
    assert error.offset == offset
    if hint is not None:
        assert error.hint == hint


def test_expected_type_mismatch() -> None:
    error = compile_error("declarer.tricks", expected=T.BOOL)
    assert error.message == "expected a bool, got a number" and error.offset == 9
    assert compile_error("declarer", expected=T.list_of(T.PLAYER)).message == (
        "expected a list of player, got a player"
    )


def test_syntax_errors_pass_through() -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        compiled("count(players")
    assert info.value.offset == 13


def test_names_depend_on_the_scope() -> None:
    assert compiled("declarer.tricks", scopes.DEAL).type == T.NUMBER
    assert compile_error("declarer.tricks", scopes.AUCTION).message == "unknown name 'declarer'"
    assert compile_error("combo.worth", scopes.WORTH).message == "unknown name 'combo'"
    assert compile_error("deck", scopes.SETUP).message == "unknown name 'deck'"
    # in the auction's ``beats``, ``bid`` is a combo; walking bids shadows it with a bid
    assert compiled("bid.worth > lead.worth", scopes.BEATS).type == T.BOOL
    beats = compiled("count(bid.specials, bid.worth > 1) > 0", scopes.BEATS)
    env = make_env() | {"bid": make_env()["combo"]}
    assert beats(env) is True
    assert env["bid"] is not None and isinstance(env["bid"], Combo)
