"""A whole game played by agents: a thin driver over :class:`~interpreter.gamestate.GameState`.

The game is deterministic given its seed and its decisions, which is what records rely on:
a record holds the seed and every decision; replaying feeds the decisions back and checks
that the same deals, tricks and scores come out. Saving after every decision and resuming
from a record use the same mechanism.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.agentimport import as_agent, legal_answer
from interpreter.deal import Deal, DealResult
from interpreter.dealparts import CardChoosers
from interpreter.decisions import Agent, BidAnswer, IllegalDecision, Request, ScriptError
from interpreter.gamestate import MAX_DEALS, GameResult, GameState
from rulespec.model import RuleSet

__all__ = ["MAX_DEALS", "Game", "GameResult", "GameState", "Script"]


@dataclass
class Script:
    """Decisions given in advance (a record or a scenario), consumed in order.

    ``plays`` may hold the card plays separately (a scenario's tricks), the rest in
    ``decisions``. When the script runs out, the game asks its agents (resume).
    """

    decisions: list[dict[str, Any]] = field(default_factory=list)
    plays: list[str] | None = None
    position: int = 0
    play_position: int = 0

    def next_for(self, request: Request) -> tuple[bool, Any]:
        if request.kind == "play" and self.plays is not None:
            if self.play_position >= len(self.plays):
                return False, None
            card = self.plays[self.play_position]
            self.play_position += 1
            return True, card
        if self.position >= len(self.decisions):
            return False, None
        entry = self.decisions[self.position]
        if "seat" in entry and int(entry["seat"]) != request.seat:
            raise ScriptError(
                f"decision {self.position + 1}: the script has seat {entry['seat']} deciding, "
                f"but the game asks seat {request.seat} for {request.asked}"
            )
        self.position += 1
        answer = entry.get("answer")
        if request.kind == "bid":
            try:
                return True, BidAnswer.from_data(answer)
            except ScriptError as exc:  # (said where, as a refused answer is)
                raise ScriptError(
                    f"decision {self.position}: seat {request.seat}, bid: {exc}", request.seat, self.position
                ) from None
        return True, answer

    @property
    def exhausted(self) -> bool:
        plays_done = self.plays is None or self.play_position >= len(self.plays)
        return self.position >= len(self.decisions) and plays_done


class Game(GameState):
    """Plays ``rules`` with ``agents`` (one per seat) from ``seed``; see :meth:`run`.

    Each decision comes from the ``script`` first (a record or a scenario), then from the seat's
    agent; ``on_decision`` is called after every new decision and deal (saving a game).
    """

    def __init__(
        self,
        rules: RuleSet,
        agents: Sequence[Agent],
        seed: int = 0,
        *,
        options: dict[str, Any] | None = None,
        variant: str | None = None,
        script: Script | None = None,
        first_dealer: int | None = None,
        on_decision: Callable[[Game], None] | None = None,
        max_deals: int = MAX_DEALS,
        lean: bool = False,
    ) -> None:
        super().__init__(
            rules,
            len(agents),
            seed,
            options=options,
            variant=variant,
            first_dealer=first_dealer,
            max_deals=max_deals,
            lean=lean,
        )
        self.agents = [as_agent(agent) for agent in agents]  # (one with decide alone gets the defaults)
        self.script = script or Script()
        self.on_decision = on_decision
        self._scripted_answer = False
        self._running = False  # inside run() or play_deal(): the agents answer at once

    def clone(self) -> Game:
        """A copy of the position with the same agents and a copy of the script's place. It does not
        save (``on_decision`` is left out): trying moves on a copy must not overwrite a saved game."""
        new = super().clone()
        assert isinstance(new, Game)
        new.script = Script(self.script.decisions, self.script.plays, self.script.position, self.script.play_position)
        new.on_decision = None
        return new

    # -- decisions

    def ask(self, request: Request) -> Any:
        """A legal answer for ``request``: from the script first, else from the seat's agent."""
        scripted, answer = self.script.next_for(request)
        self._scripted_answer = scripted
        if scripted:
            try:
                return request.validate(answer)
            except IllegalDecision as exc:
                number = len(self.decisions) + 1
                raise ScriptError(
                    f"decision {number}: seat {request.seat} was asked for {request.asked}: {exc.reason}",
                    seat=request.seat,
                    decision=number,
                ) from None
        agent = self.agents[request.seat]
        # Agents that never look at the view (random play) say so, and skip its cost.
        view = self.view(request.seat) if agent.wants_view else None
        if agent.legal_answers:  # built-in agents answer legally and canonically
            return agent.decide(request, view)
        return legal_answer(agent, request, view, request.validate)  # AgentMisbehaved when it never learns

    def _synchronous(self) -> Callable[[Request], Any] | None:
        if not self._running:
            return None
        if self._lean_run():
            return self._answer_lean  # a simulation's game: nothing to log, check or save
        return self._answer_now

    def _synchronous_cards(self, ask: Callable[[Request], Any] | None, deal: Deal) -> CardChoosers | None:
        if ask != self._answer_lean:
            return None
        # :meth:`_answer_lean` for a card, without the request: the seat's agent's chooser, made once a deal.
        deal.sync_bids = {p.seat: self.agents[p.seat].bid_chooser(p.seat) for p in deal.players}  # (and a bid)
        return {p.seat: self.agents[p.seat].card_chooser(p.seat) for p in deal.players}

    def _lean_run(self) -> bool:
        return self.lean and self.on_decision is None and self.script.exhausted and self._plain_agents()

    def _plain_agents(self) -> bool:
        """Whether every agent answers legally without looking at the table (random play)."""
        return all(agent.legal_answers and not agent.wants_view for agent in self.agents)

    def _answer_lean(self, request: Request) -> Any:
        """:meth:`_answer_now` with nothing left of it but the agent's answer and the count."""
        answer = self.agents[request.seat].decide(request, None)
        self._decisions_made += 1
        return answer

    def _answer_now(self, request: Request) -> Any:
        answer = self.ask(request)
        self._log(request, answer)
        return answer

    def _decided(self) -> None:
        if self.on_decision is not None and not self._scripted_answer:
            # Saving while a save is being replayed would shorten the file: save new decisions only.
            self.on_decision(self)

    def _deal_ended(self) -> None:
        if self.on_decision is not None and self.script.exhausted:  # the finished deal belongs in a save too
            self.on_decision(self)

    # -- the game

    def run(self) -> GameResult:
        """Play to the end of the game."""
        self._running = True
        try:
            request = self.advance()
            while request is not None:
                self.apply(self.ask(request), _validated=True)
                request = self.advance()
        finally:
            self._running = False
        assert self.result is not None
        return self.result

    def play_deal(self) -> DealResult:
        """Play one deal (the next one, or the rest of the current one); how it ended."""
        self._running = True
        try:
            if self.current is None:
                self._begin_deal()
            request = self.advance(one_deal=True)
            while request is not None:
                self.apply(self.ask(request), _validated=True)
                request = self.advance(one_deal=True)
        finally:
            self._running = False
        assert self.last_result is not None
        return self.last_result
