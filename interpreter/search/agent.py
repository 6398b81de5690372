"""The search agent: sample the hidden cards, play every candidate out in every sample, keep the best.

This is *perfect-information Monte Carlo* (PIMC), the method of the strongest bridge and skat
programs, over the rules-as-data engine, so it plays any rule set without naming a bid:

1. **Worlds.** At each decision the agent samples ``samples`` worlds consistent with its view
   (:func:`interpreter.search.worlds.sample_world`): game states whose hidden cards are dealt
   anew and whose public history is the real one.
2. **Candidates.** Every legal card; for other choices the options (at most ``max_options``,
   the heuristic agent's favourite first); for a bid, the heuristic agent's bid and a pass.
3. **Values.** Each candidate is applied to a clone of each world and the deal is played to its
   end by a fast policy (the heuristic agent's greedy play for every seat; in the auction the
   others pass). The value is the deal's points for the agent minus the others' average. When
   few cards are left (``endgame`` per hand) and there is a declarer, the rest of the deal is
   searched exactly instead (:mod:`interpreter.search.endgame`): the declarer's side against
   the defenders, the combo's completion as the goal.
4. **Choice.** The best average over the worlds (ties: the heuristic agent's order).

Budget: ``samples`` worlds per decision (fewer when there are many candidates: at most
``rollouts`` candidate-world pairs), ``max_options`` candidates, ``endgame`` cards per hand
for the exact search, and optionally ``seconds`` per decision (worlds stop being added when the
time is up; a timed agent is no longer deterministic, the others are for a seed). When no
world can be built, the agent answers like the heuristic agent.
"""

from __future__ import annotations

import random
import time
from typing import Any

from interpreter.agents import HeuristicAgent
from interpreter.decisions import Agent, Request, View
from interpreter.gamestate import GameState
from interpreter.search.endgame import NotAnEndgame, solve
from interpreter.search.worlds import DealMemory, sample_world
from rulespec.model import RuleSet


class _Passing:
    """The rollouts' policy: the heuristic agent for each seat, but a pass in the auction."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules, self.seed = rules, seed
        self.agents: dict[int, HeuristicAgent] = {}

    def decide(self, request: Request, state: GameState) -> Any:
        if request.kind == "bid":
            return None
        if request.kind == "play" and len(request.options) == 1:
            return request.options[0]
        agent = self.agents.get(request.seat)
        if agent is None:
            agent = self.agents[request.seat] = HeuristicAgent(self.seed * 31 + request.seat, rules=self.rules)
        # Rollouts go back in time from one to the next; the heuristic agent would take that for
        # a new deal and learn its plan again. It is the same deal: keep the plan.
        agent._progress = (0, 0)  # noqa: SLF001
        return agent.decide(request, state.view(request.seat))


class SearchAgent(Agent):
    """Decides by sampling worlds consistent with its view and playing each candidate out in them.

    ``seed`` makes it repeat; ``rules`` is the rule set it plays (required: worlds are games of it).
    """

    wants_view = True

    def __init__(
        self,
        seed: int = 0,
        rules: RuleSet | None = None,
        samples: int = 6,
        max_options: int = 8,
        rollouts: int = 24,
        endgame: int = 2,
        seconds: float | None = None,
        strict: bool = False,
    ) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.rules = rules
        self.samples = max(1, samples)
        self.max_options = max(2, max_options)
        self.rollouts = rollouts
        self.endgame = endgame
        self.seconds = seconds
        self.memory = DealMemory()
        self.heuristic = HeuristicAgent(seed, rules=rules)
        self.policy = _Passing(rules, seed) if rules is not None else None
        self.strict = strict  # re-raise errors (tests) instead of answering as the heuristic agent
        self.errors = 0
        self.fallbacks = 0  # decisions for which no world could be built
        self.decisions = 0
        self.worlds_built = 0

    def decide(self, request: Request, view: View | None) -> Any:
        assert view is not None, "the search agent wants the view"
        self.memory.observe(view)
        favourite = self.heuristic.decide(request, view)
        try:
            answer = request.validate(self._decide(request, view, favourite))
        except Exception:
            if self.strict:
                raise
            self.errors += 1  # the agent never raises: it answers as the heuristic agent would
            answer = favourite
        self.memory.record(request, answer)
        return answer

    # -- choosing

    def _decide(self, request: Request, view: View, favourite: Any) -> Any:
        self.decisions += 1
        candidates = self._candidates(request, favourite)
        if len(candidates) < 2 or self.rules is None:
            return favourite
        worlds = self._worlds(request, view, max(2, self.rollouts // len(candidates)))
        if not worlds:
            self.fallbacks += 1
            return favourite
        exact = request.kind == "play" and view.declarer is not None and len(view.hand) <= self.endgame
        totals = [0.0] * len(candidates)
        for world in worlds:
            memo: dict[Any, int] = {}
            for index, candidate in enumerate(candidates):
                totals[index] += self._value(world, request, view, candidate, exact, memo)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _candidates(self, request: Request, favourite: Any) -> list[Any]:
        if request.kind == "bid":
            return [favourite, None] if favourite is not None else [None]
        if request.kind == "play":
            options = list(request.options)
            return [favourite, *(o for o in options if o != favourite)]
        options = list(request.options)
        if request.count > 1:
            picks = [favourite]
            for _ in range(min(3, self.max_options - 1)):
                pick = self.rng.sample(options, request.count)
                if sorted(map(str, pick)) not in [sorted(map(str, p)) for p in picks]:
                    picks.append(pick)
            return picks
        others = [o for o in options if o != favourite]
        if request.optional and favourite is not None:
            others.append(None)
        if len(others) > self.max_options - 1:
            others = self.rng.sample(others, self.max_options - 1)
        return [favourite, *others]

    def _worlds(self, request: Request, view: View, most: int) -> list[GameState]:
        assert self.rules is not None
        start = time.perf_counter()
        worlds: list[GameState] = []
        for _ in range(min(self.samples, most)):
            if self.seconds is not None and worlds and time.perf_counter() - start > self.seconds / 2:
                break
            world = sample_world(self.rules, request, view, self.memory, self.rng, repairs=20)
            if world is not None:
                worlds.append(world)
        self.worlds_built += len(worlds)
        return worlds

    # -- valuing a candidate in one world

    def _value(
        self, world: GameState, request: Request, view: View, candidate: Any, exact: bool, memo: dict[Any, int]
    ) -> float:
        state = world.clone()
        before = dict(state.scores)
        try:
            state.apply(candidate)
        except Exception:  # noqa: BLE001 - a candidate this world refuses is worth nothing here
            return -1e9
        if exact and view.declarer is not None:
            try:
                completed = solve(state, view.declarer, memo)
            except NotAnEndgame:
                pass
            else:
                return float(completed if view.seat == view.declarer else 1 - completed)
        return self._rollout(state, view, before)

    def _rollout(self, state: GameState, view: View, before: dict[int, Any]) -> float:
        assert self.policy is not None
        request = state.advance(one_deal=True)
        steps = 0
        while request is not None and steps < 2_000:
            state.apply(self.policy.decide(request, state))
            request = state.advance(one_deal=True)
            steps += 1
        gains = {seat: float(state.scores[seat] - before.get(seat, 0)) for seat in view.players}
        mine = gains.pop(view.seat)
        return mine - (sum(gains.values()) / len(gains) if gains else 0.0)
