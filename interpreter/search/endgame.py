"""Exact search over the last tricks of a deal whose cards are all known (a sampled world).

The declarer's side tries to complete the combo, the defenders to stop it: a two-sided game
whose value is 1 (completed) or 0. :func:`solve` searches it with the engine itself (every
position is a :class:`~interpreter.gamestate.GameState` clone; legality, trick winners and
the combo's requirements are the rules' own), stops at the first move that settles a node
(with values 0 and 1, a win found is the best there is) and memoises positions.
:func:`brute_force` is the same game searched without either shortcut, for tests.
"""

from __future__ import annotations

from typing import Any

from interpreter.gamestate import GameState


class NotAnEndgame(Exception):
    """The rest of the deal asks something other than cards to play (melds, draws' choices…)."""


def _finished(state: GameState) -> int:
    result = state.last_result
    return 1 if result is not None and result.completed else 0


def _key(state: GameState, seats: tuple[int, ...]) -> Any:
    """The position as the rest of the deal can see it: hands, the tricks so far, who is to play."""
    views = [state.view(seat) for seat in seats]
    first = views[0]
    tricks = tuple((t["winner"], frozenset(c for _, c in t["plays"])) for t in first.tricks)
    return (tuple(frozenset(v.hand) for v in views), first.current_trick, tricks, first.trump)


def _children(state: GameState) -> tuple[Any, list[Any]]:
    request = state.advance(one_deal=True)
    if request is None:
        return None, []
    if request.kind != "play":
        raise NotAnEndgame(request.kind)
    return request, list(request.options)


def solve(state: GameState, declarer: int, memo: dict[Any, int] | None = None) -> int:
    """1 if the declarer completes the combo against best defence from here, else 0."""
    memo = {} if memo is None else memo
    request, moves = _children(state)
    if request is None:
        return _finished(state)
    seats = tuple(state.view(request.seat).players)
    key = (request.seat, _key(state, seats))
    if key in memo:
        return memo[key]
    maximise = request.seat == declarer
    value = 0 if maximise else 1
    for move in moves:
        child = state.clone()
        child.apply(move, _validated=True)
        result = solve(child, declarer, memo)
        if maximise and result == 1:
            value = 1
            break
        if not maximise and result == 0:
            value = 0
            break
    memo[key] = value
    return value


def brute_force(state: GameState, declarer: int) -> int:
    """The same value as :func:`solve`, every line searched to the end (slow: for tests)."""
    request, moves = _children(state)
    if request is None:
        return _finished(state)
    values = []
    for move in moves:
        child = state.clone()
        child.apply(move, _validated=True)
        values.append(brute_force(child, declarer))
    return max(values) if request.seat == declarer else min(values)
