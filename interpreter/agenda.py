"""A deal as an explicit state machine: an agenda of tasks, a pending decision, copies.

Every step of a deal is a *task* — a method name and its arguments — on an agenda (a stack,
next task last). :meth:`Agenda.advance` runs tasks until one needs a decision: it stops with
the :class:`~interpreter.decisions.Request` as ``pending`` and names the method that will
take the answer (:meth:`Agenda.apply`). Because the whole position is plain data (no Python
frame is suspended, unlike a generator), it can be copied at any decision
(:meth:`Agenda.clone`) and both copies go on independently.

The callback interface (``ask`` for every decision) is a driver over the same machine
(:meth:`Agenda._drive`).
"""

from __future__ import annotations

import random
import weakref
from typing import Any, TypeVar

from interpreter.copying import ATOMIC, copy_value
from interpreter.dealparts import Ask, DealParts
from interpreter.decisions import Request
from interpreter.state import Tricks

D = TypeVar("D", bound="Agenda")


#: Lists whose entries never change once added (plain data): a copy of the deal copies the list only.
_APPENDED = frozenset({"auction_log", "meld_log", "_trick_log"})

#: Containers that copy_value copies item by item (an empty one: a new empty one).
_EMPTIED = frozenset({list, dict, set})

#: What copies of a deal share: the rule set and what was prepared from it (never changed by a deal).
_SHARED = frozenset(
    {
        "rules",
        "game",
        "ask_fn",
        "card_by_name",
        "deck",
        "hand_size",
        "_plan",
        "bids",
        "plays_last_rules",
        "play_rules",
        "lead_rules",
        "taker_rules",
        "trump_changes",
        "melds",
        "_plain_play",
        "_dealt_hands",
        "_dealt_stock",
        "sync_ask",
        "sync_cards",
        "sync_bids",
    }
)


class Agenda(DealParts):
    """The state machine of a deal (see the module's docstring)."""

    def advance(self) -> Request | None:
        """Run the deal until it needs a decision (returned, also as :attr:`pending`) or has
        nothing left to do (None). Every step of the deal is a task on an agenda, so the deal can
        stop at any decision, be copied (:meth:`clone`) and go on with :meth:`apply`."""
        agenda = self._agenda
        while self.pending is None and agenda:
            task = agenda.pop()
            getattr(self, task[0])(*task[1:])
        return self.pending

    def apply(self, answer: Any) -> Request | None:
        """Give the pending decision its (legal, canonical) answer and run on to the next one."""
        if self.pending is None:
            raise ValueError("no decision is pending")
        name, *args = self._resume
        self.pending, self._resume = None, ()
        getattr(self, name)(answer, *args)
        return self.advance()

    def _then(self, *tasks: tuple[Any, ...]) -> None:
        """Run ``tasks`` next, in this order (before anything already on the agenda).

        A game's driver that answers at once (``sync_ask`` set, no ``ask_fn`` of the deal's own) never
        stops the deal, so they run right away: every call is a task's last step (or a driver's), so
        nothing runs in between either way, and no agenda entry is made for them. (The rest of such a
        run is then not on the agenda while a decision is answered: a position is copied between
        decisions of a stepped state, never from inside a driver's answer.)"""
        if self.sync_ask is not None and self.ask_fn is None:
            for task in tasks:  # (a slice, not ``name, *args``: no list made for each task)
                getattr(self, task[0])(*task[1:])
            return
        self._agenda.extend(reversed(tasks))

    def _wait(self, request: Request, resume: str, *args: Any) -> None:
        """Stop for ``request``; its answer goes to the method ``resume`` (with ``args``).

        A task that waits returns at once: what follows the answer is the resume method's. A driver
        that answers at once (``sync_ask``) is asked here, and the resume method runs right away."""
        ask = self.sync_ask
        if ask is not None:
            getattr(self, resume)(ask(request), *args)
            return
        self.pending = request
        self._resume = (resume, *args)

    def _drive(self) -> None:
        """Answer every decision with ``ask`` until the agenda is done (the callback interface)."""
        ask = self.ask_fn
        assert ask is not None, "this deal has no ask function: use advance() and apply()"
        before, self.sync_ask = self.sync_ask, ask
        try:
            request = self.advance()
            while request is not None:
                request = self.apply(ask(request))
        finally:
            self.sync_ask = before

    def clone(self: D, *, ask: Ask | None = None, rng: random.Random | None = None) -> D:
        """A copy of the deal that goes on independently (the rule set and cards are shared).

        ``ask`` and ``rng`` replace the copy's (by default it keeps the same ``ask`` and a copy of
        the random generator)."""
        memo: dict[int, Any] = {}
        if rng is not None:
            memo[id(self.rng)] = rng
        new: D = copy_value(self, memo)  # a copy has its original's type
        if ask is not None:
            new.ask_fn = ask
        return new

    def __deepcopy__(self: D, memo: dict[int, Any]) -> D:
        new = object.__new__(type(self))
        memo[id(self)] = new
        # Read only and shared, also where the environment and the table refer to them.
        env = self.env
        table = self.table
        for shared in (self.deck, table.rank_value, table.colors, env["suits"], env["ranks"], env["standard"]):
            memo.setdefault(id(shared), shared)
        tricks = memo[id(self.tricks)] = Tricks()  # a list subclass: filled below, as the players are copied
        if self.tricks:  # (none before the hand: a playout's copy)
            tricks.extend([copy_value(trick, memo) for trick in self.tricks])
        state = new.__dict__
        atomic = ATOMIC
        for name, value in self.__dict__.items():
            kind = type(value)
            if name in _SHARED or kind in atomic:  # numbers, flags and None are most of the rest
                state[name] = value
            elif name in _APPENDED:
                state[name] = list(value)
            elif kind in _EMPTIED and not value and id(value) not in memo:
                # Empty before the hand (stock, zones, declarations …): a new one, as copy_value makes it.
                state[name] = memo[id(value)] = kind()
            elif name != "_rounds":
                state[name] = copy_value(value, memo)
        new._rounds = new.seating.rounds
        new.sync_ask = new.sync_cards = new.sync_bids = None  # a copy is stepped by whoever holds it
        reference = weakref.ref(tricks)
        for player in new.players:
            player.deal_tricks = reference
        return new
