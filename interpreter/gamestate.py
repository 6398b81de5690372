"""A game as a state you can step: deals in turn, dealers and sitting out, scores, marks, the winner.

:class:`GameState` is the engine seen from outside, in the manner of OpenSpiel's ``State`` and python-chess's
``Board``: :attr:`GameState.pending` says whose decision is awaited and what it is (a
:class:`~interpreter.decisions.Request`: kind, options, constraints), :meth:`GameState.apply` gives it an
answer, :meth:`GameState.clone` copies the position (the rule set and the cards are shared),
:meth:`GameState.view` is what one seat may see, and :attr:`GameState.is_over` / :attr:`GameState.result` say
how it ended (:class:`GameResult`). The same seed and answers give the same states;
:class:`interpreter.game.Game` drives one with agents. A server whose players are elsewhere passes
:meth:`GameState.apply` the answering seat and the :attr:`GameState.decision_number` the request was sent with,
shows each seat the deal that just ended with :meth:`GameState.last_view`, and turns requests, answers and views
into JSON with :mod:`interpreter.wire`.

A deal inside the game is itself a state machine (:meth:`interpreter.deal.Deal.advance`); the game adds its phases
around it: the auction (or a match hand's contract), the bids' steps and the hand, then scores, marks, the winner.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable
from typing import Any

from interpreter.analysis import impossible_reason
from interpreter.copying import copy_value
from interpreter.deal import Deal, DealResult
from interpreter.dealparts import CardChoosers
from interpreter.decisions import BidAnswer, Request, View
from interpreter.located import when_played
from interpreter.match import MatchHands
from interpreter.moverefusals import checked_answer, game_over, wrong_decision, wrong_seat
from interpreter.seeds import seed_problem
from interpreter.standings import GameResult, Standings
from interpreter.tableoptions import option_problem
from rulespec.compiled import EvaluationError
from rulespec.model import RuleSet

__all__ = ["MAX_DEALS", "GameResult", "GameState"]

MAX_DEALS = 2_000  # a game of agents that never finishes stops here (recorded as unfinished)


class GameState(MatchHands, Standings):
    """A game of ``rules`` for ``players`` seats from ``seed``, stepped one decision at a time.

    ::

        from interpreter import GameState, RandomAgent
        from rulespec import load_ruleset

        state = GameState(load_ruleset(name), players=4, seed=7)  # name: a bundled rule set, or a path
        agents = [RandomAgent(seed=seat) for seat in range(4)]  # anything with decide(request, view)
        while (request := state.pending) is not None:  # who decides what, with the legal options
            state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        print(state.result)  # winner, reason, scores

    ``result`` is None until the game is over, then its :class:`GameResult`: the winning seat (None when nobody
    won), the reason, the scores and the number of deals. ``decisions`` (every answer) and ``deal_records`` (every
    finished deal) make a record (``to_record``).

    ``seed`` is a whole number within :data:`interpreter.seeds.MAX_SEED` either way; a seed and its negative
    deal the same game (:class:`random.Random` takes its absolute value): the command line takes seeds from 0.
    """

    def __init__(
        self,
        rules: RuleSet,
        players: int,
        seed: int = 0,
        *,
        options: dict[str, Any] | None = None,
        variant: str | None = None,
        first_dealer: int | None = None,
        max_deals: int = MAX_DEALS,
        lean: bool = False,
    ) -> None:
        self.rules = rules
        # A simulation's game: no decision log, and deal records with the outcome only (who declared
        # what and whether it was completed; a match hand's contract and points), not hands and tricks.
        self.lean = lean
        self.n = players
        _whole("players", players)
        _whole("seed", seed)
        if seed_problem(seed) is not None:  # (a record could not hold it)
            raise ValueError(seed_problem(seed))
        allowed = rules.game.players
        if not allowed.min <= self.n <= allowed.max:
            raise ValueError(f"{rules.name} is for {allowed.min} to {allowed.max} players, not {self.n}")
        _whole("max_deals", max_deals)
        if max_deals < 1:
            raise ValueError(f"max_deals is the most deals the game may last, at least 1, not {max_deals}")
        if first_dealer is not None and (type(first_dealer) is not int or not 0 <= first_dealer < players):
            raise ValueError(f"first_dealer is a seat from 0 to {players - 1}, not {first_dealer!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        for name, value in (options or {}).items():
            problem = option_problem(rules.game.options, name, value)
            if problem is not None:
                raise ValueError(problem)
        self.options = {**rules.game.options, **(options or {})}
        winning = rules.game.winning
        self.variant = variant or (winning.default if winning else "")
        if variant and not winning:
            raise ValueError(f"{rules.name} has no winning variants, so not '{variant}'")
        if winning and self.variant not in winning.variants:
            raise ValueError(f"unknown winning variant '{self.variant}'; known: {', '.join(winning.variants)}")
        self.max_deals = max_deals
        self.scores: dict[int, Any] = {seat: 0 for seat in range(self.n)}
        self.marks: dict[int, dict[str, int]] = {seat: {} for seat in range(self.n)}
        draw = self.rng.randrange(self.n)  # always drawn, so the shuffles do not depend on a given dealer
        if first_dealer is None:
            first_dealer = draw if rules.game.deal.first_dealer == "random" else 0
        self.dealer = first_dealer
        self.first_dealer = first_dealer
        self.deals_completed = 0  # deals that were played (not redealt)
        self.decisions: list[dict[str, Any]] = []
        self._decisions_made = 0  # counted also when not logged (lean): run-time errors say which one
        self.deal_records: list[dict[str, Any]] = []
        self.current: Deal | None = None
        self.last_deal: Deal | None = None  # the deal that ended last, as it ended (not kept when lean)
        self._finished: Deal | None = None  # a lean game's last deal: its players are the next one's
        self.result: GameResult | None = None
        self.last_result: DealResult | None = None  # how the last finished deal ended
        self.deal_hands: list[dict[int, list[str]] | None] | None = None  # scripted hands, one per deal
        self.deal_stocks: list[list[str] | None] | None = None  # scripted stocks (top first), one per deal
        self.match_position = 0  # in a match: the index of the next hand in the schedule
        # Where the current deal stands: "auction", "play" (after a declaration) or "match" (a hand).
        self._phase = ""
        self._record: dict[str, Any] = {}  # the current deal's record so far
        self._debts_before: dict[int, int] = {}
        self._contract: Request | None = None  # a match hand's contract, waiting to be chosen
        self._schedule_length = 0  # the hands of the match being played
        if rules.game.match is not None:
            # The schedule an option names (``match: five``) is known before any hand: a name the rule
            # set does not define is refused here, wherever the options came from, not at the first hand
            # (an expression that cannot be evaluated is reported where it runs, with the hand).
            with contextlib.suppress(EvaluationError):
                self.schedule()

    # -- the state interface

    @property
    def pending(self) -> Request | None:
        """The decision the game waits for (None once it is over). Starts the next deal if needed."""
        return self.advance()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (:attr:`result` says how). Starts the next deal if needed."""
        return self.advance() is None

    @when_played
    def apply(
        self, answer: Any, *, seat: int | None = None, decision: int | None = None, _validated: bool = False
    ) -> None:
        """Answer the pending decision; an illegal answer, and any answer once the game is over, raises
        :class:`IllegalDecision` (and changes nothing). The rest is named (``apply(card, seat)`` is a
        TypeError); ``_validated`` is only for a driver whose answers are checked (``request.validate``).

        A move from a client over the network says who answers (``seat``) and which decision it answers
        (``decision``: the :attr:`decision_number` it was asked with); any other seat, and an answer sent for an
        earlier decision (a card sent twice would be taken for the next trick), are refused as illegal.

        The state runs on to the next decision of the deal, or to the deal's end: a deal that the answer ends is
        among :attr:`deal_records` and in :meth:`last_view` at once (the next deal begins when :attr:`pending` or
        :meth:`view` is asked)."""
        request = self.advance()
        if request is None:
            raise game_over()
        if seat is not None and (type(seat) is not int or seat != request.seat):
            raise wrong_seat(request, seat)
        if decision is not None and (type(decision) is not int or decision != self.decision_number):
            raise wrong_decision(decision, self.decision_number)
        if not _validated:  # (a held card that may not be played is refused with the rule in the way)
            answer = checked_answer(request, answer, self.rules, self.view)
        self._log(request, answer)
        if self._contract is not None:
            self._contract = None
            self._set_contract(answer)
        else:
            assert self.current is not None
            if self.current.apply(answer) is None:  # the deal's phase is over: settle what follows it
                self.advance(one_deal=True)  # (the next phase's decision, or the deal's end: its record, last_view)

    def view(self, seat: int) -> View:
        """What the player at ``seat`` may see now (in the current deal), every seat's score and marks among it. A seat
        at the table that sits this deal out sees what every player sees, with no hand (:meth:`Deal.onlooker_view`);
        a number past the table, or anything but an int, is a ValueError that names the table's seats: the seat is
        the server's to name (where a client sits), never read from a client's message, so a wrong one is the
        caller's mistake, not a move to refuse (so is a view once the game is over: :meth:`last_view` shows it)."""
        if self.current is None:
            self.advance()
        if self.current is None:
            raise ValueError("no deal is being played")
        return self._seen(self.current, seat)

    def last_view(self, seat: int) -> View | None:
        """What the player at ``seat`` may see of the last deal that ended, as it ended: every trick, the scores after
        it (None before one has ended, and in a lean game). Once a deal's last card is played, :attr:`pending` and
        :meth:`view` are the next deal's: a table shows this one first (its records hold more than a player may see:
        the hands dealt, hidden choices). A seat not at the table is a ValueError, as for :meth:`view`."""
        self._at_table(seat)
        return None if self.last_deal is None else self._seen(self.last_deal, seat)

    def _at_table(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:  # (a seat sitting the deal out is at the table)
            raise ValueError(f"seat {seat!r} is not at this table (its seats: 0 to {self.n - 1})")

    def _seen(self, deal: Deal, seat: int) -> View:
        self._at_table(seat)
        table = (self.scores, self.marks)  # (every seat's, sitting out or not: the winning rules read them all)
        return deal.view(seat, table=table) if seat in deal.by_seat else deal.onlooker_view(seat, table=table)

    def clone(self) -> GameState:
        """An independent copy of this position: the rule set and cards are shared, the rest copied."""
        memo: dict[int, Any] = {}
        new = copy.copy(self)
        for name in ("rng", "scores", "marks", "current", "_record", "_debts_before", "_contract"):
            setattr(new, name, copy_value(getattr(self, name), memo))
        new._finished = None  # noqa: SLF001 (its players must not become those of both copies' next deals)
        new.decisions = list(self.decisions)  # finished entries never change
        new.deal_records = list(self.deal_records)
        return new

    @when_played
    def advance(self, *, one_deal: bool = False) -> Request | None:
        """Run the game up to the next decision (returned) or its end (None); with ``one_deal``
        stop at the end of the current deal too."""
        while self.result is None:
            if self.current is None:
                if one_deal:
                    return None
                self._begin_deal()
            if self._contract is not None:
                return self._contract
            assert self.current is not None
            request = self.current.advance()
            if request is not None:
                return request
            self._next_phase()
            if one_deal and self.current is None:
                return None
        return None

    @property
    def decision_number(self) -> int:
        """The number of the decision pending (or of the next one): 1 for the game's first. A server
        sends it with the request, and passes it back to :meth:`apply` with the answer."""
        return self.decisions_made + 1

    @property
    def decisions_made(self) -> int:
        """Decisions taken so far in the game, logged or not (run-time errors say which one failed):
        those the game counted, and the cards the current deal's card choosers answered."""
        deal = self.current
        return self._decisions_made + (deal.cards_answered if deal is not None else 0)

    def _log(self, request: Request, answer: Any) -> None:
        self._decisions_made += 1
        if not self.lean:
            self.decisions.append(
                {"seat": request.seat, "kind": request.kind, "name": request.name, "answer": _answer_data(answer)}
            )
        self._decided()

    def _synchronous(self) -> Callable[[Request], Any] | None:
        """A driver that answers at once gives its answering function here: the hot loop of a
        hook-less hand then asks it card after card instead of stopping (same requests, same state)."""
        return None

    def _synchronous_cards(self, ask: Callable[[Request], Any] | None, deal: Deal) -> CardChoosers | None:
        """With ``ask`` (what :meth:`_synchronous` gave), a driver may answer each seat's cards of
        ``deal`` from the options alone (``Agent.card_chooser``; the deal counts those cards)."""
        return None

    def _decided(self) -> None:
        """Called after each decision is logged, before it takes effect (drivers save here)."""

    def _deal_ended(self) -> None:
        """Called when a deal's record is written (drivers save here)."""

    # -- the deal's phases

    def _begin_deal(self) -> None:
        self._contract = None  # (a driver may have dropped a deal that stopped with an error)
        match = self.rules.game.match
        if match is not None:
            self._begin_match_hand()
            return
        seats = self.seats_in_deal()
        deal = self._new_deal(seats)
        self.current = deal
        hands = None if self.lean else {str(s): cards for s, cards in deal.dealt.items()}
        self._record = {} if hands is None else {"dealer": self.dealer, "players": seats, "hands": hands}
        self._debts_before = self._debts()
        self._phase = "auction"
        deal.sync_ask = self._synchronous()
        deal.sync_cards = self._synchronous_cards(deal.sync_ask, deal)
        deal.start_auction()

    def _next_phase(self) -> None:
        """The deal's agenda is done: declare and play, or score and finish."""
        deal = self.current
        assert deal is not None
        if self._phase == "auction" and deal.declarer is not None:
            self._phase = "play"
            deal.start_play()
        elif self._phase == "match":
            self._finish_match_hand(deal)
        elif self._phase == "play":
            self._finish_deal(deal, self._score(deal))
        else:
            self._finish_deal(deal, DealResult(declarer=None))

    def _score(self, deal: Deal) -> DealResult:
        result = deal.score()
        assert deal.declarer is not None
        for seat in (deal.declarer.seat, *result.partners):  # (the declarer's side scores alike)
            self.scores[seat] = deal.by_seat[seat].score
        if result.completed:
            for name, count in deal.marks_earned().items():
                marks = self.marks[deal.declarer.seat]
                marks[name] = marks.get(name, 0) + count
            self._set_scores(deal)
        return result

    def _finish_deal(self, deal: Deal, result: DealResult) -> None:
        self._after_deal(deal)
        self._fade_debts(self._debts_before)
        record = self._record
        record.update(self._deal_summary(deal, result))
        self.deal_records.append(record)
        self._check_winner(deal, result)
        self._check_cap()
        self._deal_ended()
        auction = self.rules.game.auction
        redealt = result.declarer is None and auction is not None and auction.all_pass == "redeal_same_dealer"
        self._next_deal(result, played=not redealt)

    def _next_deal(self, result: DealResult, played: bool) -> None:
        """After a deal: the next dealer (unless the deal is dealt again by the same one)."""
        if played:
            self.deals_completed += 1
            step = 1 if self.rules.game.deal.next_dealer == "left" else -1
            self.dealer = (self.dealer + step) % self.n
        if self.current is not None:  # its cards answered by choosers count on as the game's
            self._decisions_made += self.current.cards_answered
        # Nobody looks at a lean game's finished deal (its record is written): its players serve again.
        self._finished = self.current if self.lean else None
        self.last_deal = None if self.lean else self.current
        self.current = None
        self._record = {}
        self.last_result = result

    # -- who plays

    def seats_in_deal(self) -> list[int]:
        """The seats taking part in the next deal, clockwise; the rest sit out."""
        in_deal = self.rules.game.players.in_deal or self.n
        sit_out = max(0, self.n - in_deal)
        if not sit_out:
            return list(range(self.n))
        side = -1 if self.rules.game.players.sit_out == "right_of_dealer" else 1
        out = {(self.dealer + side * (i + 1)) % self.n for i in range(sit_out)}
        return [seat for seat in range(self.n) if seat not in out]

    def _scripted(self, table: list[Any] | None) -> Any:
        index = len(self.deal_records)
        return table[index] if table is not None and index < len(table) else None

    def _new_deal(self, seats: list[int], hand_number: int = 0) -> Deal:
        deal = Deal(
            self.rules,
            seats,
            self.dealer,
            self.scores,
            self.marks,
            None,
            self.rng,
            self.options,
            self._scripted(self.deal_hands),
            self._scripted(self.deal_stocks),
            hand_number,
            impossible=impossible_reason,
            after=self._finished,
        )
        self._finished = None
        return deal


def _answer_data(answer: Any) -> Any:
    return answer.to_data() if isinstance(answer, BidAnswer) else answer


def _whole(name: str, value: object) -> None:
    """A game's whole-number setting given as anything else (``"4"``, ``True``, ``4.0``) is a TypeError that says so."""
    if type(value) is not int:
        raise TypeError(f"{name} is a whole number, not {value!r}")
