"""Per-player choices in views: shown by seat to their own chooser until public (offered cards of
Rank Trump, preferences of Master Trump).
"""

from __future__ import annotations

from typing import Any

from interpreter_helpers import RULES, play_one_deal, requests_of

from interpreter import GameState, RandomAgent
from interpreter.deal import Declaration
from interpreter.decisions import BidAnswer

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
        assert set(suits) == {2, 3}  # the opponents other than the chooser may each state a suit
        # "… may say what trump suit they prefer and how much they prefer it": a strength only with a suit
        assert set(strengths) == {seat for seat, suit in suits.items() if suit is not None}
        for seat in (2, 3):
            chosen = game.decisions
            asked = [d for d in chosen if d["seat"] == seat and d["name"] in ("preferred_suit", "preference")]
            expected = {"preferred_suit": suits[seat]}
            if suits[seat] is not None:
                expected["preference"] = strengths[seat]
            assert {d["name"]: d["answer"] for d in asked} == expected


def test_the_card_rank_trump_gives_back_is_known_only_to_the_declarer_and_its_receiver() -> None:
    """1.5: the declarer swaps a card of their hand for the highest revealed card. The card given goes
    from hand to hand (no rule shows it), so only the two of them know it (reading in docs §7)."""
    met = 0
    for seed in range(6):
        game, _ = play_one_deal({1: BidAnswer("rank_trump")}, seed=seed, stop_after_plays=0)
        deal = game.current
        assert deal is not None
        record = {name: d.record() for name, d in deal.declarations.items()}
        given = record["given"]
        receiver = next(p.seat for p in deal.players if given in [c.name for c in p.hand])
        assert receiver != 1
        for seat in range(4):
            view = deal.view(seat)
            named = {card for card in view.declared_cards} | {c for cards in view.visible.values() for c in cards}
            knows = given in named or given in view.hand
            assert knows == (seat in (1, receiver)), (seed, seat, given)
        met += 1
    assert met == 6


def test_each_answer_of_a_step_is_seen_as_soon_as_it_is_given() -> None:
    """Between two choosers of one step, the answers so far are seen as the finished step shows
    them: a hidden one by its chooser alone (Rank Trump's face-down card: a client that reconnects
    is shown the card it laid), a public one by everyone (Master Trump's wishes, said in turn)."""
    met = {"offered": 0, "preferred_suit": 0}
    for seed in range(12):
        for bid in ("rank_trump", "master_trump"):
            state = GameState(RULES, 4, seed=seed, max_deals=1)
            agents = [RandomAgent(seed * 10 + s) for s in range(4)]
            answered: dict[int, Any] = {}
            while not state.is_over:
                request = state.pending
                assert request is not None
                if request.kind == "bid" and request.check is not None and request.check(BidAnswer(bid)) is None:
                    state.apply(BidAnswer(bid))
                    continue
                if request.kind == "choose" and request.name in met:
                    for seat, value in answered.items():  # those who answered before this chooser
                        hidden = request.name == "offered"
                        for viewer in range(4):
                            seen = state.view(viewer).declarations.get(request.name, {})
                            assert (seat in seen) == (viewer == seat or not hidden), (seed, seat, viewer)
                            if seat in seen:
                                assert seen[seat] == value
                        met[request.name] += 1
                    answer = agents[request.seat].decide(request, state.view(request.seat))
                    answered[request.seat] = None if answer is None else str(answer)
                    state.apply(answer)
                    continue
                if request.kind != "choose" or request.name not in met:
                    answered = {}
                state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert met["offered"] > 0 and met["preferred_suit"] > 0
