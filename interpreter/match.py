"""A match: a fixed schedule of hands, each with its own rules (a contract) and no auction.

The hand's contract is fixed by the schedule or chosen after the deal by a player; the hand's
points go to every player, its winner gets a mark, a tied hand is played again; after the
last hand, most hands won (or most points) wins the match.
"""

from __future__ import annotations

from typing import Any

from interpreter.deal import Deal
from interpreter.decisions import CONTRACT, BidAnswer, Request
from interpreter.gameparts import GameParts
from interpreter.standings import GameResult, plain_number


class MatchHands(GameParts):
    """The hands of a match (part of :class:`interpreter.gamestate.GameState`)."""

    def schedule(self) -> tuple[Any, ...]:
        """The hands of this match (the schedule the options pick)."""
        match = self.rules.game.match
        assert match is not None
        return match.schedules[self.schedule_name()]

    def schedule_name(self) -> str:
        """The name of the schedule this match plays (the options pick it; else the first)."""
        match = self.rules.game.match
        assert match is not None
        name = match.schedule(self.match_env()) if match.schedule is not None else next(iter(match.schedules))
        if name not in match.schedules:
            raise ValueError(f"unknown match schedule '{name}'; known: {', '.join(match.schedules)}")
        return str(name)

    def match_env(self) -> dict[str, Any]:
        """The names match expressions see (scope MATCH): every player with match scores, the dealer, the hand."""
        env = {**self.game_env(), "hand_number": self.match_position + 1}
        env["dealer"] = env["players"][self.dealer]
        return env

    def _begin_match_hand(self) -> None:
        """One hand of a match: its rules (fixed, or chosen after the deal), then play."""
        match = self.rules.game.match
        assert match is not None
        schedule = self.schedule()
        planned = schedule[self.match_position]
        self._schedule_length = len(schedule)
        deal = self._new_deal(self.seats_in_deal(), self.match_position + 1)
        self.current = deal
        self._record = {
            "dealer": self.dealer,
            "players": [p.seat for p in deal.players],
            "hands": {str(s): cards for s, cards in deal.dealt.items()},
            "stock": deal.dealt_stock,
            "hand_number": self.match_position + 1,
        }
        self._phase = "match"
        deal.sync_ask = self._synchronous()
        deal.sync_cards = self._synchronous_cards(deal.sync_ask, deal)
        if planned.bid is None:
            chooser = planned.chosen_by(self.match_env())
            self._contract = Request("choose", chooser.seat, CONTRACT, "bid", planned.choices)
        else:
            self._set_contract(planned.bid)

    def _set_contract(self, contract: Any) -> None:
        assert self.current is not None
        self._record["contract"] = contract
        self.current.set_contract(BidAnswer(str(contract)))
        self.current.start_play()

    def _finish_match_hand(self, deal: Deal) -> None:
        """A match hand's points and winner (a tied hand is played again)."""
        match = self.rules.game.match
        assert match is not None
        result = deal.score()
        best = max(result.hand_points.values())
        leaders = [seat for seat, points in result.hand_points.items() if points == best]
        winner = leaders[0] if len(leaders) == 1 else None
        if winner is not None:  # a tied hand is void: played again, its points not kept
            for seat, points in result.hand_points.items():
                self.scores[seat] = self.scores[seat] + points
            if match.hand_winner_mark:
                marks = self.marks[winner]
                marks[match.hand_winner_mark] = marks.get(match.hand_winner_mark, 0) + 1
            self.match_position += 1
        record = self._record
        if self.lean:  # what a simulation counts
            record = {
                "contract": record["contract"],
                "hand_points": {str(s): v for s, v in result.hand_points.items()},
                "replay": winner is None,
            }
        else:
            record.update(
                contract=record.pop("contract"),
                trump=deal.env["trump"],
                tricks=list(deal.trick_log),
                tricks_won={str(s): n for s, n in result.tricks.items()},
                melds=[dict(m) for m in deal.meld_log],
                hand_points={str(s): plain_number(v) for s, v in result.hand_points.items()},
                hand_winner=winner,
                replay=winner is None,
                declarer=None,
                auction=[],
                scores={str(s): plain_number(v) for s, v in self.scores.items()},
                marks={str(s): dict(m) for s, m in self.marks.items() if m},
            )
        self.deal_records.append(record)
        if self.match_position >= self._schedule_length:
            self._match_winner(match.hand_winner_mark)
        self._check_cap()
        self._deal_ended()
        self._next_deal(result, played=True)

    def _match_winner(self, mark: str | None) -> None:
        """After the last hand: most hands won (by the mark), else most points; a draw has no winner."""

        def standing(seat: int) -> Any:
            return self.marks[seat].get(mark, 0) if mark else self.scores[seat]

        best = max(standing(s) for s in range(self.n))
        leaders = [s for s in range(self.n) if standing(s) == best]
        winner = leaders[0] if len(leaders) == 1 else None
        self.result = GameResult(winner, "match", dict(self.scores), len(self.deal_records))
