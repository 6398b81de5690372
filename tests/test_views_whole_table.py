"""Every view holds every seat's score and marks, those of the seats sitting the deal out too.

The winning rules read the whole table ("only if your score is then the highest at the table";
the win of shame counts every player), and the scores are public (``whist play`` shows them all).
A view gave only the scores and marks of the deal's four players, even leaving out the viewer's
own when it sat out, so a client deciding from views alone could not tell whether a completed bid
would win. Checked at every decision of random games at 3 to 8 players, for every seat (dealt in
or not), the deal's end (``last_view``) and through the wire (the view comes back equal and whole).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import GameState, RandomAgent
from interpreter.decisions import View
from interpreter.viewdata import view_from_data, view_problem, view_to_data
from rulespec import load_ruleset

#: Rule sets whose tables seat more than are dealt in, with marks, a score reset and after-deal points.
RULE_SETS = ["combo-whist", "combo-whist@1.0.0", "bids/examples/free-point-after-scoring.yaml"]


def assert_whole_table(view: View, state: GameState) -> None:
    assert view.scores == state.scores, (view.seat, view.players)
    assert view.marks == state.marks, (view.seat, view.players)
    assert set(view.scores) == set(range(state.n))  # (the viewer's own among them, sitting out or not)


@settings(derandomize=True, max_examples=20, deadline=None)
@given(ref=st.sampled_from(RULE_SETS), players=st.integers(3, 8), seed=st.integers(0, 10_000))
def test_every_seats_view_scores_the_whole_table_at_every_decision(ref: str, players: int, seed: int) -> None:
    state = GameState(load_ruleset(ref), players, seed=seed, max_deals=3)
    agents = [RandomAgent(seed + seat) for seat in range(players)]
    deals_seen = 0
    while not state.is_over:
        request = state.pending
        assert request is not None
        for seat in range(players):
            assert_whole_table(state.view(seat), state)
        if len(state.deal_records) > deals_seen:  # a deal has just ended: as it ended, with the scores after it
            deals_seen = len(state.deal_records)
            for seat in range(players):
                ended = state.last_view(seat)
                assert ended is not None
                assert_whole_table(ended, state)
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))


@pytest.mark.parametrize("players", [5, 6, 8])
def test_a_view_with_every_seats_score_comes_back_over_the_wire(players: int) -> None:
    """Seats sitting out score too: the wire takes them as seats of the table, not as forged."""
    state = GameState(load_ruleset("combo-whist"), players, seed=3, max_deals=2)
    agents = [RandomAgent(seat) for seat in range(players)]
    while not state.is_over:
        request = state.pending
        assert request is not None
        for seat in range(players):
            view = state.view(seat)
            assert view_problem(view) is None
            assert view_from_data(json.loads(json.dumps(view_to_data(view)))) == view
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))


@pytest.mark.parametrize(
    ("scores", "marks", "said"),
    [
        ({0: 0, 1: 0, 2: 0, 3: 0, 9: 4}, None, "scores name seat 9, outside a table of 5"),
        ({0: 0, 1: 0, 2: 0}, None, "players names seat 3, not at a table of 3"),
        (None, {0: {}, 1: {}, 2: {}, 3: {}, 4: {}, 5: {}, 6: {}}, "marks are given for seats"),
        (None, {0: {}, 1: {}}, "marks are given for seats"),
    ],
)
def test_scores_or_marks_of_no_table_are_refused(scores: dict | None, marks: dict | None, said: str) -> None:
    """The table's seats are those the scores name (0 to one less than their count); a score for a
    seat outside them, marks for other seats, or a player not at the table make a view no game gives."""
    state = GameState(load_ruleset("combo-whist"), 6, seed=3)
    good = view_to_data(state.view(0))  # (seat 0 sits the first deal out: a seat of the table all the same)
    assert 0 not in good["players"] and view_problem(view_from_data(good)) is None
    changed = dict(good)
    if scores is not None:
        changed["scores"] = {str(s): v for s, v in scores.items()}
    if marks is not None:
        changed["marks"] = {str(s): v for s, v in marks.items()}
    with pytest.raises(ValueError, match=f"^view data: {said}"):
        view_from_data(changed)
