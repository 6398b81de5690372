"""What a player remembers of a deal beyond its view (the search agent's memory)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from interpreter.decisions import Request, View


@dataclass
class DealMemory:
    """What a player remembers of the current deal beyond its view: its hand as dealt and its
    own choices that the view does not show (cards passed, hidden guesses), in order."""

    key: Any = None
    progress: tuple[int, int, int] = (0, 0, 0)
    dealt: tuple[str, ...] | None = None
    choices: list[tuple[str, Any]] = field(default_factory=list)  # (request name, answer)
    fresh: bool = True  # the hand seen first was the hand as dealt
    seen: set[str] = field(default_factory=set)  # every card held this deal (drawn, received)
    first_face_up: str | None = None  # the stock's face-up card as dealt, if seen before any trick

    def observe(self, view: View) -> None:
        """Called at every decision: starts a new memory when a new deal has begun."""
        key = (view.dealer, view.players, view.hand_number, tuple(sorted(view.scores.items())))
        plays = sum(len(t["plays"]) for t in view.tricks) + len(view.current_trick)
        progress = (len(view.auction), len(view.tricks), plays)  # within a deal, none of these falls
        regressed = any(now < before for now, before in zip(progress, self.progress, strict=True))
        if key != self.key or regressed:
            self.key, self.choices = key, []
            # No card has left or reached this hand yet: it is the hand as dealt.
            nothing_happened = not view.tricks and all(seat != view.seat for seat, _ in view.current_trick)
            self.fresh = nothing_happened
            self.dealt = tuple(view.hand) if nothing_happened else None
            self.seen = set()
            self.first_face_up = view.face_up if not view.tricks else None
        self.seen.update(view.hand)
        self.progress = progress

    def record(self, request: Request, answer: Any) -> None:
        """Called with every own answer; choices are kept (bids and plays are in the view)."""
        if request.kind not in ("bid", "play"):
            self.choices.append((request.name, answer))
