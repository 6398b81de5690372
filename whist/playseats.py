"""The agents at a ``whist play`` table: fresh for every deal, so that a resumed game plays on as
the game would have gone without the stop.

An agent's answers depend on its seed and on what it has been asked (a random agent's draws, the
heuristic agent's directions learnt over the deals, the search agent's memory of the deal). Seeding
the agents anew when a saved game is resumed would give other answers from the same position. So
each seat's agent is built for each deal from (the game's seed, the deal, the seat)
(:func:`agent_seed`), and a game resumed in the middle of a deal first asks the agents of that deal
the requests they were asked before the stop, their answers thrown away (:func:`catch_up`). That
is exact for any agent that answers alike when asked alike (not one timed by ``seconds``), and
bounded: at most one deal's decisions are asked again, however long the game.

The save keeps ``--agents`` too, so that ``--resume`` alone plays on with the same agents
(:func:`agents_to_resume`); one naming code of one's own is asked for again, never taken from a file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import click

from interpreter.agentimport import as_agent, legal_answer
from interpreter.decisions import Agent, IllegalDecision, Request, View
from interpreter.game import Game, Script
from interpreter.recordcheck import names_code
from interpreter.records import new_state
from rulespec.errors import RuleError
from rulespec.model import RuleSet

#: seed -> agent, one for each seat but the person's (see :func:`whist.cliargs.agent_makers`).
Makers = Sequence[Callable[[int], Any]]


def agent_seed(seed: int, deal: int, seat: int) -> int:
    """The seed of ``seat``'s agent in deal number ``deal`` (0 = first) of a game seeded with ``seed``:
    a digest of the three, the same on every machine and run, and none shared by two of them in
    practice. (Not :func:`interpreter.seeds.study_seed`: a study's seed is bounded far below the
    seeds ``whist play`` takes, and play without ``--seed`` ended in a traceback. An agent's seed is
    never saved, so it needs no bound.)"""
    digest = hashlib.sha256(f"{seed}/{deal}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seated(makers: Makers, person: Any, seat: int, players: int, seed: int, deal: int = 0) -> list[Any]:
    """Who answers at each seat in deal number ``deal``: ``person`` at ``seat``, elsewhere an agent
    from ``makers`` (in seat order, the person's seat left out) built for that deal."""
    others = iter(makers)
    return [person if s == seat else next(others)(agent_seed(seed, deal, s)) for s in range(players)]


def agents_to_resume(saved: str | None, given: str | None) -> str:
    """The ``--agents`` a resumed game plays on with: ``given`` (the command line's, None when not
    given), else the save's ``saved`` (checked on reading: :mod:`interpreter.recordcheck`), else
    ``heuristic`` (a save made before saves kept their agents). A saved spec naming code
    (``python:MODULE:CLASS``) is a usage error: the command line names code to run, a file never does."""
    if given is not None:
        return given
    if saved is not None and names_code(saved):
        raise click.UsageError(
            "this game was played with agents of your own (python:MODULE:CLASS), and a save never names code "
            "to import: give --agents again with --resume"
        )
    return saved or "heuristic"


def same_agents(one: str, other: str, seats: int) -> bool:
    """Whether two ``--agents`` texts put the same agents at ``seats`` seats (``heuristic`` is
    ``heuristic/heuristic``; a budget's order does not matter). Both are checked specs; one naming
    code is compared as written (parsing it would import it)."""
    from interpreter.duel import parse_agent
    from interpreter.seating import seat_agents

    if names_code(one) or names_code(other):
        return [*_spread(one, seats)] == [*_spread(other, seats)]
    return [parse_agent(s) for s in seat_agents(one, seats)] == [parse_agent(s) for s in seat_agents(other, seats)]


def _spread(spec: str, seats: int) -> list[str]:
    from interpreter.seating import SEPARATOR

    parts = spec.split(SEPARATOR)
    return parts * seats if len(parts) == 1 else parts


class Table:
    """Who answers at each seat of ``game``: the person at ``human_seat``, agents from ``makers``
    (in seat order, the person's seat left out) elsewhere, built for the deal about to be played
    by :meth:`before_deal` (``deal``: the deal the game's agents were built for, if they were)."""

    def __init__(self, game: Game, makers: Makers, human_seat: int, deal: int | None = None) -> None:
        self.game, self.makers, self.human_seat = game, list(makers), human_seat
        self.deal = deal
        self.saved_deal = 0  # the deal (1 = first) of a resumed save's last decision (see catch_up)

    def build(self, deal: int) -> None:
        """Agents for deal number ``deal``, asked nothing yet."""
        people = seated(self.makers, None, self.human_seat, self.game.n, self.game.seed, deal)
        for seat, agent in enumerate(people):
            if seat != self.human_seat:
                self.game.agents[seat] = as_agent(agent)
        self.deal = deal

    def before_deal(self) -> None:
        """Call before each :meth:`Game.play_deal`: a deal not played before gets its own agents.
        (A deal the save holds, re-played from it, asks no agent: it keeps the ones it has.)"""
        deal = len(self.game.deal_records)  # the deal play_deal plays (or finishes)
        if self.deal is None or deal > self.deal:
            self.build(deal)

    def catch_up(self, record: dict[str, Any], rules: RuleSet) -> int:
        """Bring the agents to the position ``record`` (a save of this game) ends in: built for its
        last deal, and asked that deal's requests so far (answers thrown away). How many requests."""
        decisions = list(record["decisions"])
        state, deals = new_state(record, rules), []  # the deal each decision belongs to
        try:
            for entry in decisions:
                request = state.pending
                if request is None:
                    break
                deals.append(len(state.deal_records))
                state.apply(Script(decisions=[entry]).next_for(request)[1])
            state.advance()
        except (IllegalDecision, ValueError, RuleError):  # a save that does not fit: the game's replay says where
            return 0
        last = len(state.deal_records)
        self.build(last)
        self.saved_deal = deals[-1] + 1 if deals else 0
        state, asked = new_state(record, rules), 0
        for deal, entry in zip(deals, decisions, strict=False):
            request = state.pending
            assert request is not None  # (the same decisions went through above)
            if deal == last and request.seat != self.human_seat:
                agent = self.game.agents[request.seat]
                _answer(agent, request, state.view(request.seat) if agent.wants_view else None)
                asked += 1
            state.apply(Script(decisions=[entry]).next_for(request)[1])
        return asked


def _answer(agent: Agent, request: Request, view: View | None) -> Any:
    """Ask ``agent`` as :meth:`Game.ask` does (an agent that may answer wrongly is told so)."""
    if agent.legal_answers:
        return agent.decide(request, view)
    return legal_answer(agent, request, view, request.validate)
