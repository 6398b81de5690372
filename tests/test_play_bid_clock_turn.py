"""The bid clock of ``whist play --clock`` counts one time for the whole turn.

The clock gave its full time afresh at every prompt of a turn: a bad entry at 22 s, a ``?`` at
44 s and a bid at 49 s was taken, the limit being 30 s, so time never ran out. The rules: a player
who runs out of time passes. The class: whatever entries are refused or asked about on the way, and
however long each takes, every prompt of the turn is given what is left of the turn's time, and an
answer is taken only if it comes within the turn's time; else the player passes. A fake clock, moved
by the typing, stands for the time (no real sleeps).
"""

from __future__ import annotations

import io

from hypothesis import given, seed, settings
from hypothesis import strategies as st
from rich.console import Console

from interpreter.decisions import BidAnswer, Request, View
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.play import HumanAgent
from whist.playscreen import menu_ids

RULES = load_ruleset("combo-whist")
#: What is never taken as a bid: nonsense, the help key, Enter alone, a number beyond the menu.
NOT_BIDS = ["zzz", "?", "", "99"]


def first_turn() -> tuple[Request, View, str]:
    """The first bid request of a seeded game, its view and a bid it takes (typed as its number)."""
    state = GameState(RULES, 4, seed=1)
    request = state.pending
    assert request is not None and request.kind == "bid"
    ids = menu_ids(request, RULES)
    for number, bid_id in enumerate(ids, 1):
        answer = BidAnswer(bid_id, ())
        if bid_id in request.standard_ids and not (request.check and request.check(answer)):
            return request, state.view(request.seat), str(number)
    raise AssertionError("no standard bid is open to the first bidder")


@settings(max_examples=60, deadline=None, derandomize=True)
@seed(20)
@given(
    st.lists(st.tuples(st.floats(0, 40), st.sampled_from(NOT_BIDS)), max_size=5),
    st.floats(0, 100),
)
def test_the_turn_has_one_time_whatever_is_typed_on_the_way(refused: list[tuple[float, str]], last: float) -> None:
    request, view, bid = first_turn()
    texts = load_texts(RULES, "en")
    now = [1000.0]
    limits: list[float | None] = []
    typed = iter([*refused, (last, bid)])

    def read(prompt: str, limit: float | None) -> str | None:
        limits.append(limit)
        delay, text = next(typed)
        if limit is not None and delay >= limit:  # (the terminal's wait ends when the time is up)
            now[0] += limit
            return None
        now[0] += delay
        return text

    screen = io.StringIO()
    console = Console(file=screen, width=120, color_system=None)
    human = HumanAgent(RULES, texts, console, read, clock=True, now=lambda: now[0])
    whole = human.bid_time(view)
    assert whole is not None
    answer = human.ask_bid(request, view)
    spent = 0.0
    for limit, (delay, _) in zip(limits, [*refused, (last, bid)], strict=False):
        assert limit is not None and abs(limit - (whole - spent)) < 1e-6, (limits, refused)
        spent += delay
    in_time = sum(d for d, _ in refused) + last < whole and all(
        sum(d for d, _ in refused[: i + 1]) < whole for i in range(len(refused))
    )
    said = screen.getvalue()
    assert isinstance(answer, BidAnswer) == in_time, (refused, last, said)
    assert (texts.label("time_up", player=human.name(view.seat, view)) in said) == (not in_time)
