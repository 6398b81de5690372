"""Many games between agents, summed up: winners, deals, speed, and per-bid statistics."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.decisions import Agent
from interpreter.game import Game
from interpreter.seeds import study_seed
from rulespec.model import RuleSet

AgentFactory = Callable[[int], Agent]  # seed -> agent


@dataclass
class Summary:
    games: int = 0
    players: int = 0
    deals: int = 0
    redeals: int = 0
    seconds: float = 0.0
    winners: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    bid: Counter[str] = field(default_factory=Counter)  # deals in which each bid was part of the combo
    completed: Counter[str] = field(default_factory=Counter)
    hands: Counter[str] = field(default_factory=Counter)  # matches: hands played under each bid
    tied: Counter[str] = field(default_factory=Counter)  # matches: of those, tied (void, played again)
    hand_points: Counter[str] = field(default_factory=Counter)  # matches: points kept, of hands not tied
    replays: int = 0  # matches: tied hands (each played again)

    def add(self, other: Summary) -> None:
        """Add the figures of ``other`` (games played elsewhere, e.g. in another process)."""
        for name in ("games", "deals", "redeals", "replays"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("winners", "reasons", "bid", "completed", "hands", "tied", "hand_points"):
            getattr(self, name).update(getattr(other, name))

    def to_data(self, rules: RuleSet) -> dict[str, Any]:
        def bids(kind: str) -> dict[str, Any]:
            return {
                b.id: {
                    "bid": self.bid[b.id],
                    "completed": self.completed[b.id],
                    "completion_rate": round(self.completed[b.id] / self.bid[b.id], 4) if self.bid[b.id] else None,
                }
                for b in (rules.standard_bids if kind == "standard" else rules.special_bids)
            }

        if rules.game.match is not None:
            return self._match_data(rules)
        return {
            **self._figures(rules, "deals", "redeals", self.redeals),
            "unfinished": self.reasons["unfinished"],
            "win_reasons": dict(sorted(self.reasons.items())),
            "standard_bids": bids("standard"),
            "special_bids": bids("special"),
        }

    def _figures(self, rules: RuleSet, unit: str, again: str, repeated: int) -> dict[str, Any]:
        """What every summary starts with; ``unit``: what a deal is called (a match's are hands),
        ``again``: the deals played again (redeals; a match's replayed hands)."""
        return {
            "ruleset": rules.id,
            "games": self.games,
            "players": self.players,
            unit: self.deals,
            again: repeated,
            "seconds": round(self.seconds, 3),
            f"{unit}_per_second": round(self.deals / self.seconds, 1) if self.seconds else None,
            "winners": {str(seat): self.winners[seat] for seat in range(self.players)},
        }

    def _match_data(self, rules: RuleSet) -> dict[str, Any]:
        """A match game's summary: winners, the matches no one won (drawn, or ``unfinished``: stopped at
        the game's deal cap, hands tied again and again), and per kind of hand how often it was played,
        tied, and the points a player scored in it on average. A tied hand is void — played again, its
        points not kept (:mod:`interpreter.match`) — so its points are not in the average either."""

        def average(bid_id: str) -> float | None:
            kept = self.hands[bid_id] - self.tied[bid_id]
            return round(self.hand_points[bid_id] / (kept * self.players), 3) if kept else None

        return {
            **self._figures(rules, "hands", "replays", self.replays),
            "undecided": self.games - sum(self.winners.values()),
            "unfinished": self.reasons["unfinished"],
            "hand_types": {
                b.id: {"played": self.hands[b.id], "tied": self.tied[b.id], "average_points": average(b.id)}
                for b in rules.standard_bids
            },
        }


_frozen = False

#: Objects made between two passes of the collector over the young ones, in a simulation.
YOUNG_THRESHOLD = 10_000


def freeze_loaded() -> None:
    """Take the objects alive now (the rule set, its compiled expressions, the tables made for it)
    out of the cyclic garbage collector's full passes, once per process.

    A simulation makes and drops many small objects per deal, and every so often the collector
    walks everything that survived so far; the rule set is most of that and never becomes garbage.
    Frozen, it is skipped (``gc.freeze``): about 3 % of a random simulation's time. Objects made
    later are collected as before, the young ones less often: a deal's objects are freed by reference
    counting when it ends, so a pass over the young objects finds little but the deal in progress;
    one every :data:`YOUNG_THRESHOLD` new objects instead of Python's 700 (what is left for the
    collector, a few hundred objects a game, is still collected: memory stays bounded)."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()
        young, middle, old = gc.get_threshold()
        if 0 < young < YOUNG_THRESHOLD:  # (0: the collector was turned off: left so)
            gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def play_games(
    rules: RuleSet,
    indices: range,
    seed: int,
    players: int,
    make_agent: AgentFactory | Sequence[AgentFactory],
    options: dict[str, Any] | None = None,
    variant: str | None = None,
    one_more: Callable[[], None] | None = None,
) -> Summary:
    """The games numbered ``indices`` of a simulation: each game's seed and agents depend on its
    number alone, so any split of the numbers over processes adds up to the same summary.
    ``make_agent``: one factory for every seat, or one per seat."""
    freeze_loaded()
    makers = list(make_agent) if isinstance(make_agent, Sequence) else [make_agent] * players
    summary = Summary(players=players)
    for index in indices:
        game_seed = study_seed(seed, index)
        agents = [makers[seat](game_seed * 17 + seat) for seat in range(players)]
        game = Game(rules, agents, seed=game_seed, options=options, variant=variant, lean=True)
        try:
            result = game.run()
        except Exception as exc:  # which of the simulation's games: the game's own words cannot say
            exc.add_note(f"(in game {index + 1} of the simulation: seed {game_seed})")
            raise
        summary.games += 1
        summary.reasons[result.reason] += 1
        if result.winner is not None:
            summary.winners[result.winner] += 1
        for deal in game.deal_records:
            if "contract" in deal:  # a hand of a match
                summary.deals += 1
                summary.hands[deal["contract"]] += 1
                if deal["replay"]:  # void: played again, its points not kept
                    summary.replays += 1
                    summary.tied[deal["contract"]] += 1
                else:
                    summary.hand_points[deal["contract"]] += sum(deal["hand_points"].values())
                continue
            if deal["declarer"] is None:
                summary.redeals += 1
                continue
            summary.deals += 1
            for bid_id in deal["combo"]["bids"]:
                summary.bid[bid_id] += 1
                if deal["completed"]:
                    summary.completed[bid_id] += 1
        if one_more is not None:
            one_more()
    return summary
