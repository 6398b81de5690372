"""A bid's ``partners``: players on the declarer's side, set as play begins, who gain or lose what
the declarer does (docs/writing-rules.md, ``partners``; bids/examples/called-partner.yaml).

The expectations are read from the records, not from the engine's side: the partner is whoever
played the called card (nobody passes cards during play, so they held it when play began), and
besides the side only the free points of reading 13 move a score — every player who was below
the floor when the deal began gains ``free_points``. So in each deal: the partner's gain less
their free point equals the declarer's, and every other player's gain is their free point alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from interpreter.agents import RandomAgent
from interpreter.gamestate import GameState
from rulespec import load_ruleset

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = str(REPO / "bids/examples/called-partner.yaml")


def _records(rules: Any, seed: int, players: int = 4, deals: int = 30) -> list[dict[str, Any]]:
    state = GameState(rules, players, seed=seed, max_deals=deals)
    agents = [RandomAgent(seed * 10 + seat, bid_chance=1.0) for seat in range(players)]
    while not state.is_over:
        request = state.pending
        assert request is not None
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    return list(state.deal_records)


def _gains(records: list[dict[str, Any]], players: int) -> list[tuple[dict[str, Any], dict[int, Any], dict[int, Any]]]:
    """Each deal with its scores before it and each player's gain in it."""
    before = {seat: 0 for seat in range(players)}
    out = []
    for record in records:
        after = {int(seat): score for seat, score in record["scores"].items()}
        out.append((record, dict(before), {seat: after[seat] - before[seat] for seat in after}))
        before = after
    return out


@pytest.mark.parametrize(("players", "seeds"), [(4, range(1, 13)), (6, range(1, 9))])
def test_the_called_cards_holder_scores_what_the_declarer_scores(players: int, seeds: range) -> None:
    rules = load_ruleset(EXAMPLE)
    params = rules.game.params
    floor, free = params["bidding_floor"], params["free_points"]
    seen = 0
    for seed in seeds:
        for record, before, gain in _gains(_records(rules, seed, players), players):
            dealt_in = record["players"]  # (at a table of six, two sit each deal out: no free point for them)
            freed = {seat: free if seat in dealt_in and before[seat] < floor else 0 for seat in gain}
            if record.get("declarer") is None or "called_partner" not in record["combo"]["bids"]:
                continue
            called = record["declarations"]["called"]
            (partner,) = [seat for trick in record["tricks"] for seat, card in trick["plays"] if card == called]
            declarer = record["declarer"]
            assert partner != declarer
            assert gain[partner] - freed[partner] == gain[declarer] - freed[declarer] == record["points"]
            for seat in gain.keys() - {partner, declarer}:
                assert gain[seat] == freed[seat], (seed, record["declarations"], seat)
            seen += 1
        if seen >= 10:  # enough to tell (the games a seed gives change with the rule set's choices)
            break
    assert seen >= 10, "too few deals with a called partner to tell"


def test_a_side_holds_each_player_once_and_never_the_declarer(tmp_path: Path) -> None:
    """``partners`` naming the declarer and a player twice: the side is the one other player, who
    gains what the declarer gains; a missing player (the holder of a card nobody holds) is nobody."""
    house = {
        "ruleset": "odd-side",
        "version": "1",
        "extends": "combo-whist",
        "bids": [
            {
                "id": "odd_side",
                "kind": "special",
                "worth": 1,
                "priority": 5,
                "partners": "[declarer, left_of(declarer), left_of(declarer)]",
            }
        ],
    }
    path = tmp_path / "odd-side.yaml"
    path.write_text(yaml.safe_dump(house, sort_keys=False), encoding="utf-8")
    rules = load_ruleset(str(path))
    seen = 0
    for record, before, gain in (item for seed in (2, 3, 4) for item in _gains(_records(rules, seed), 4)):
        if record.get("declarer") is None or "odd_side" not in record["combo"]["bids"]:
            continue
        declarer = record["declarer"]
        left = (declarer + 1) % 4
        freed = {seat: 1 if before[seat] < -5 else 0 for seat in gain}
        assert gain[left] - freed[left] == gain[declarer] - freed[declarer]
        assert all(gain[s] == freed[s] for s in gain.keys() - {left, declarer})
        seen += 1
    assert seen >= 3
    state = GameState(rules, 4, seed=2)
    while state.current is None or state.current.declarer is None:  # (a deal with a declarer)
        request = state.pending
        assert request is not None
        state.apply(RandomAgent(0, bid_chance=1.0).decide(request, state.view(request.seat)))
    deal = state.current
    assert deal._with_partners([None, deal.declarer, *deal.players]) == tuple(  # noqa: SLF001
        p.seat for p in deal.players if p is not deal.declarer
    )


def test_side_and_opponents_as_play_begins() -> None:
    """From the first card on, ``side`` names the partner and ``opponents`` no longer does; a view
    says nothing of the side (the called card's holder is nobody else's business)."""
    rules = load_ruleset(EXAMPLE)
    for seed in range(1, 40):
        state = GameState(rules, 4, seed=seed, max_deals=1)
        agents = [RandomAgent(seed * 10 + seat, bid_chance=1.0) for seat in range(4)]
        while not state.is_over and (state.pending is None or state.pending.kind != "play"):
            request = state.pending
            assert request is not None
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        deal = state.current
        if deal is None or deal.combo is None or "called_partner" not in deal.combo.ids:
            continue
        called = deal.declarations["called"].record()
        holder = next(p for p in deal.players if any(c.name == called for c in p.hand))
        assert deal.side == (holder.seat,)
        assert [p.seat for p in deal.env["side"]] == [holder.seat]
        assert holder not in deal.env["opponents"] and deal.declarer not in deal.env["opponents"]
        assert len(deal.env["opponents"]) == 2
        assert all("side" not in vars(state.view(seat)) for seat in range(4))
        return
    pytest.fail("no deal declared a called partner")


def test_the_prover_does_not_take_the_opponents_for_known_when_there_are_sides(tmp_path: Path) -> None:
    """``whist analyze`` called a bid impossible that play completed: with ``partners`` the opponents
    are the players off the side, who depend on the play (a called card's holder), so a requirement
    reading them is not modelled (counted as met), not proved never to hold."""
    from interpreter.analysis import check

    house = {
        "ruleset": "sides",
        "version": "1",
        "extends": "combo-whist",
        "bids": [
            {
                "id": "side_bid",
                "kind": "special",
                "worth": 1,
                "priority": 5,
                "partners": "[left_of(declarer)]",
                "requires": "count(opponents) < player_count - 1",
            }
        ],
    }
    path = tmp_path / "sides.yaml"
    path.write_text(yaml.safe_dump(house, sort_keys=False), encoding="utf-8")
    rules = load_ruleset(str(path))
    verdict = check(rules, ["trump", "side_bid"], 4)
    assert verdict.possible is not False
    seen = completed = 0
    for record, _, _ in (item for seed in range(1, 6) for item in _gains(_records(rules, seed), 4)):
        if record.get("declarer") is not None and "side_bid" in record["combo"]["bids"]:
            seen += 1
            completed += bool(record["completed"])
    assert seen and completed  # (play completes it: the proof would have been wrong)
