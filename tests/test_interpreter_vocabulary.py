"""The interpreter's runtime objects against the vocabulary of rulespec/types.py: every declared
type, attribute and method exists at run time and means what the vocabulary says.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from interpreter_helpers import RULES, play_one_deal

from interpreter.deal import Deal
from interpreter.decisions import BidAnswer
from interpreter.gamestate import GameState
from interpreter.standings import Standing
from interpreter.state import Card, Combo, Marks, Play, Player, Trick
from rulespec import types as T
from rulespec.model import BidFacts

#: The runtime class of every game-object type of the vocabulary.
RUNTIME_CLASSES: dict[T.Type, type] = {
    T.PLAYER: Player,
    T.STANDING: Standing,  # a player over the whole game: what winning and match rules see
    T.CARD: Card,
    T.TRICK: Trick,
    T.PLAY: Play,
    T.BID: BidFacts,
    T.COMBO: Combo,
}


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
        T.STANDING: GameState(RULES, len(deal.players), seed=3).winning_env()["players"],
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
