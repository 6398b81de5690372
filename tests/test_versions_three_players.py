"""Versions 1.1.1 to 1.0.0: the three-player table, repeated special bids, Round Trump, debt
marks and the blockade, with a property over whole games.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec import load_ruleset

# --- 1.1.1 … 1.0.0: the three-player table, repeated bids, Round Trump, blockade ------------------


def test_a_repeated_special_bid_needs_repeatable() -> None:
    from interpreter.auction import ComboMaker
    from interpreter.decisions import BidAnswer

    env = {"player_count": 4}
    twice = BidAnswer("trump", ("extended_bid", "extended_bid"))
    newer = ComboMaker(load_ruleset("combo-whist@1.2.0"), env)
    assert "appears twice" in (newer.problem(twice) or "")
    older = ComboMaker(load_ruleset("combo-whist@1.1.1"), env)
    assert older.problem(twice) is None
    assert older.make(twice).worth == 1 + 2 + 2  # each copy adds its worth
    assert "appears twice" in (older.problem(BidAnswer("trump", ("iron", "iron"))) or "")


def test_the_three_player_table_is_in_force_only_with_three() -> None:
    rules = load_ruleset("combo-whist@1.1.1")
    greed = rules.bids["greed"].tricks
    assert greed is not None
    assert greed.in_force(4).min.constant == 6 and greed.in_force(3).min.constant == 8
    assert greed.in_force(5) is greed
    # the newest version has no such table
    assert load_ruleset("combo-whist").bids["trump"].tricks.for_players == {}


def test_floor_turns_missing_points_into_debt_marks() -> None:
    from interpreter.deal import floored
    from interpreter.state import Marks

    scoring = load_ruleset("combo-whist@1.0.0").game.scoring
    marks = Marks({})
    assert floored(scoring, 3, marks) == 3 and marks.as_dict() == {}
    assert floored(scoring, -3, marks) == 0 and marks.as_dict() == {"blockade": 3}
    newer = Marks({})
    assert floored(load_ruleset("combo-whist@1.1.0").game.scoring, -3, newer) == -3 and newer.as_dict() == {}


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), version=st.sampled_from(["1.1.1", "1.0.0"]), players=st.sampled_from([3, 4]))
def test_old_versions_keep_cards_scores_and_marks_sound(seed: int, version: str, players: int) -> None:
    """Random games: every card is played once a deal, 1.0.0 scores never go below 0, debts fade."""
    from interpreter.agents import RandomAgent
    from interpreter.game import Game

    rules = load_ruleset(f"combo-whist@{version}")
    deck = {f"{rank}{suit}" for rank, suit in rules.game.deck.cards(players)}
    game = Game(rules, [RandomAgent(seed * 7 + s, bid_chance=0.8) for s in range(players)], seed=seed, max_deals=40)
    game.run()
    hand = 17 if players == 3 else 13
    previous: dict[str, dict[str, int]] = {}
    for record in game.deal_records:
        assert all(len(cards) == hand for cards in record["hands"].values())
        if record["declarer"] is not None:
            played = [card for trick in record["tricks"] for _, card in trick["plays"]]
            assert len(played) == len(set(played)) == len(deck) and set(played) == deck
            assert sum(record["tricks_won"].values()) == hand
        if version == "1.0.0":
            assert all(score >= 0 for score in record["scores"].values())
            for seat, marks in record["marks"].items():
                before = previous.get(seat, {}).get("blockade", 0)
                # at most one B fades a deal; new B's only come to the declarer
                assert marks.get("blockade", 0) >= before - 1
                if marks.get("blockade", 0) > before:
                    assert int(seat) == record["declarer"]
        previous = record["marks"]
