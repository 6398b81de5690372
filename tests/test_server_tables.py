"""A networked table's life: saved and restored between moves, the end of each deal shown, a move
taken back — through the public state API only (``to_record``, ``state_from_record``, ``clone``,
``last_view``), for each kind of table (a seat sitting out, a match of hands, fractional scores).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_helpers import TABLES, beside, everything, new_table, players, ref, step

from interpreter.deal import Deal
from interpreter.gamestate import GameState
from interpreter.records import state_from_record, to_record

tables = st.sampled_from(sorted(TABLES))


def restored(state: GameState, name: str, decisions: int | None = None) -> GameState:
    """``state`` written as a server writes it (JSON text) and read back, as after a restart."""
    return state_from_record(json.loads(json.dumps(to_record(state, ref(name)))), decisions, path=beside(name))


@settings(derandomize=True, max_examples=30, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(0, 400))
def test_a_table_restored_at_any_move_is_the_same_and_goes_on_the_same(name: str, seed: int, at: int) -> None:
    """Pending request, every seat's view (the seat sitting out too), the last deal's end as each
    seat saw it, and the rest of the game answered alike."""
    state = new_table(name, seed)
    agents = players(state, seed)
    step(state, agents, at)
    back = restored(state, name)
    assert everything(back) == everything(state)
    assert [back.last_view(s) for s in range(state.n)] == [state.last_view(s) for s in range(state.n)]
    rest = players(state, seed + 1)
    step(state, rest)
    step(back, players(state, seed + 1))
    assert everything(back) == everything(state)


def test_a_server_restarted_before_every_move_plays_the_game_it_would_have_played() -> None:
    for name in ("combo-whist, five", "christmas-whist"):
        whole = new_table(name, 5)
        step(whole, players(whole, 5))
        table = new_table(name, 5)
        agents = players(table, 5)
        while True:
            table = restored(table, name)  # (the process ends; a new one reads the save)
            request = table.pending
            if request is None:
                break
            table.apply(agents[request.seat].decide(request, table.view(request.seat)), seat=request.seat)
        assert everything(table) == everything(whole)


def test_the_end_of_each_deal_is_shown_to_each_seat_and_tells_nothing_new() -> None:
    """Once a deal's last card is played, ``pending`` and ``view`` are the next deal's; ``last_view``
    shows the deal as it ended — every trick — and no card a seat did not know a move before, but
    the card of that last move (not the record's hands dealt, hidden choices or draw pile)."""
    for name in sorted(TABLES):
        for seed in range(3):
            state = new_table(name, seed)
            agents = players(state, seed)
            assert all(state.last_view(seat) is None for seat in range(state.n))
            shown = 0
            while not state.is_over:
                request = state.pending
                assert request is not None
                known = [state.view(seat).cards_known() for seat in range(state.n)]
                deals = len(state.deal_records)
                answer = agents[request.seat].decide(request, state.view(request.seat))
                state.apply(answer)  # (a deal it ends is among the records and in last_view at once)
                if len(state.deal_records) == deals:
                    continue
                record = state.deal_records[-1]
                for seat in range(state.n):
                    view = state.last_view(seat)
                    assert view is not None
                    assert len(view.tricks) == len(record.get("tricks", ()))
                    played = {answer} if request.kind == "play" else set()
                    assert view.cards_known() <= known[seat] | played, (name, seed, seat)
                    shown += 1
            assert shown >= state.n * len(state.deal_records)
            assert state.last_view(0) is not None  # the game's last deal, after its end


@settings(derandomize=True, max_examples=20, deadline=None)
@given(name=tables, seed=st.integers(0, 10_000), at=st.integers(1, 400))
def test_a_move_is_taken_back_by_a_snapshot_or_by_the_record(name: str, seed: int, at: int) -> None:
    """A "take back" button: a clone kept before the move, or the record rebuilt without its last
    decision, is the position before the move (a record taken before it does not change either)."""
    state = new_table(name, seed)
    agents = players(state, seed)
    step(state, agents, at - 1)
    if state.is_over:
        return
    snapshot, record = state.clone(), to_record(state, ref(name))
    before = everything(state)
    step(state, agents, 1)
    assert everything(snapshot) == before
    assert everything(state_from_record(to_record(state, ref(name)), len(state.decisions) - 1, beside(name))) == before
    assert everything(state_from_record(record, path=beside(name))) == before


def strings_in(data: object) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {text for key, item in data.items() for text in strings_in(key) | strings_in(item)}
    if isinstance(data, list):
        return {text for item in data for text in strings_in(item)}
    return set()


def hidden_from(deal: Deal, seat: int) -> set[str]:
    """The cards of ``deal`` that ``seat`` may not know: the draw pile (the face-up card is not in it),
    the cards set aside, the other's hand but for the cards shown with a meld."""
    melded = {meld["shown"] for meld in deal.meld_log}
    hidden = {card.name for card in deal.stock} | {card.name for card in deal.set_aside}
    for other in deal.players:
        if other.seat != seat:
            hidden |= {card.name for card in other.hand} - melded
    return hidden


def test_no_seat_of_a_match_is_sent_the_draw_pile_or_the_others_hand() -> None:
    """Everything a server sends a seat of Christmas Whist (its view, its request, the last hand's
    end), as plain data, at every move of whole matches: no card of the draw pile but the face-up
    one, none of the other's hand but those shown with a meld — between the hands too."""
    from interpreter.wire import request_to_data, view_to_data

    sent = 0
    for seed in range(4):
        state = new_table("christmas-whist", seed)
        agents = players(state, seed)
        while not state.is_over:
            request = state.pending
            deal = state.current
            assert request is not None and deal is not None
            for seat in range(state.n):
                message = [view_to_data(state.view(seat))]
                if request.seat == seat:
                    message.append(request_to_data(request))
                assert not strings_in(message) & hidden_from(deal, seat), (seed, seat)
                last = state.last_view(seat)  # (the last hand's cards, dealt again in this one: told apart)
                if last is not None and state.last_deal is not None:
                    assert not strings_in(view_to_data(last)) & hidden_from(state.last_deal, seat), (seed, seat)
                sent += 1
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
    assert sent > 2000


def test_the_readme_example_of_a_table_over_the_network_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### A table over the network") :]
    begin = section.index("```python\n") + len("```python\n")
    code = section[begin : section.index("```\n", begin)]
    for used in ("read_move(", "seat=seat", "decision=", "to_record(", "state_from_record(", "last_view("):
        assert used in code
    # The seat comes from the connection, never from the request or the move: a server copied from an
    # example that passed ``seat=request.seat`` took any client's move as the deciding seat's.
    assert "seat=request.seat" not in code and "request.seat)" not in code.split("def receive")[1].split("\n\n")[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # our own README, not a file from a stranger
    state = namespace["state"]
    assert state.is_over and state.result.reason == "match" and len(state.deal_records) == 7
    assert "reason='match'" in capsys.readouterr().out
    receive = namespace["receive"]  # the example's server, given a move from the wrong connection:
    table = new_table("christmas-whist", 3)
    request = table.pending
    move = json.dumps({"answer": request.options[0], "decision": table.decision_number})
    before = everything(table)
    refused = json.loads(receive(table, 1 - request.seat, move))["refused"]
    assert refused["key"] == "not_seats_turn" and not set(map(str, refused["values"].values())) & set(request.options)
    assert everything(table) == before and receive(table, request.seat, move) is None
    assert table.decisions[-1] == {"seat": request.seat, "kind": "play", "name": "card", "answer": request.options[0]}
