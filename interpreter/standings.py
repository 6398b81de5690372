"""Standings across deals: scores a combo sets, debts that fade, after-deal points, the winner,
and each deal's record."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from interpreter.deal import Deal, DealResult, Options, floored
from interpreter.gameparts import GameParts
from interpreter.state import Marks, Seating


@dataclass
class GameResult:
    """How a game ended: the ``winner`` (a seat; None when nobody won), the ``scores`` by seat, the
    number of ``deals`` played and the ``reason``:

    - ``"instant"``: a bid that wins the game at once was completed (its declarer wins);
    - ``"declarer"``: the winning variant's rule made the declarer of the last deal the winner;
    - ``"anyone"``: a player reached the rule set's winning standing (``anyone_wins``);
    - ``"match"``: a match's last hand was played (most hands or points; a tie has no winner);
    - ``"unfinished"``: the game stopped after ``max_deals`` deals, with no winner.
    """

    winner: int | None
    reason: str
    scores: dict[int, Any]
    deals: int


class Standings(GameParts):
    """Scores, marks and the winner over the whole game (part of :class:`interpreter.gamestate.GameState`)."""

    def _set_scores(self, deal: Deal) -> None:
        """Scores a completed combo sets (e.g. every other player's back to 0), over the whole game."""
        rules = [bid.set_scores for bid in deal.bids if bid.set_scores is not None]
        if not rules:
            return
        assert deal.declarer is not None and deal.combo is not None
        env = self._declarer_env(deal, True)
        floor = self.rules.game.scoring.floor if self.rules.game.scoring is not None else None
        for rule in rules:
            for standing in dict.fromkeys(rule.players(env)):  # each once (``to`` sees the one it sets)
                score = rule.to({**env, "player": standing})
                if floor is not None and score < floor.score:  # no score below the floor (no debt: nobody paid)
                    score = floor.score
                self.scores[standing.seat] = standing.score = score
        for player in deal.players:
            player.score = self.scores[player.seat]

    def _debts(self) -> dict[int, int]:
        """Each player's debt marks before a deal (only those may fade after it)."""
        scoring = self.rules.game.scoring
        floor = scoring.floor if scoring is not None else None
        if floor is None or floor.debt is None or not floor.debt_fades:
            return {}
        return {seat: marks.get(floor.debt, 0) for seat, marks in self.marks.items()}

    def _fade_debts(self, before: dict[int, int]) -> None:
        """After a deal, debt marks older than it wear off (``scoring.floor.debt_fades`` each)."""
        scoring = self.rules.game.scoring
        floor = scoring.floor if scoring is not None else None
        if not before or floor is None or floor.debt is None:
            return
        for seat, count in before.items():
            fading = min(count, floor.debt_fades)
            if fading:
                self.marks[seat][floor.debt] -= fading

    def _after_deal(self, deal: Deal) -> None:
        scoring = self.rules.game.scoring
        if scoring is None:
            return
        env = deal.env
        for rule in scoring.after_deal:
            for player in rule.players(env):
                env["player"] = player
                points = rule.points(env)
                player.score = floored(scoring, player.score + points, player.marks)
                self.scores[player.seat] = player.score

    def _check_cap(self) -> None:
        """A game that has lasted ``max_deals`` deals stops unfinished: said as its last deal ends, so
        that :attr:`result` is there as soon as the last answer is applied (whatever is asked first)."""
        if self.result is None and len(self.deal_records) >= self.max_deals:
            self.result = GameResult(None, "unfinished", dict(self.scores), len(self.deal_records))

    def _check_winner(self, deal: Deal, result: DealResult) -> None:
        if result.instant_win and result.declarer is not None:
            self.result = GameResult(result.declarer, "instant", dict(self.scores), len(self.deal_records))
            return
        winning = self.rules.game.winning
        if winning is None:
            return
        env = self.winning_env(deal_env=deal.env)
        players = env["players"]
        if result.declarer is not None and deal.combo is not None:
            variant = winning.variants[self.variant]
            if variant.declarer_wins(self._declarer_env(deal, result.completed, env)):
                self.result = GameResult(result.declarer, "declarer", dict(self.scores), len(self.deal_records))
                return
        if winning.anyone_wins is not None and players:
            # Scope ANYONE_WINS: the winning names (made for this check) and each player in turn.
            standing = winning.anyone_wins.first(env, "player", players)
            if standing is not None:
                self.result = GameResult(standing.seat, "anyone", dict(self.scores), len(self.deal_records))

    # -- the environments of game-level expressions: one builder per scope (rulespec/scopes.py)

    def game_env(self, *, deal_env: dict[str, Any] | None = None) -> dict[str, Any]:
        """The base names with every player of the game (``players``), as winning and match rules see them."""
        players, seating = self._standings(deal_env)
        game = self.rules.game
        return {
            **self._fixed_names(),
            "player_count": deal_env["player_count"] if deal_env else min(self.n, game.players.in_deal or self.n),
            "players": players,
            "_seating": seating,
        }

    def _standings(self, deal_env: dict[str, Any] | None) -> tuple[list[Standing], Seating]:
        """Every player of the game as the winning rules see them now, and their seating.

        Made once per game (they are asked for after every deal) and brought up to date at each
        call: every field is set again from the game's scores and marks, so what a caller read or
        changed (``set_scores`` sets ``score``) does not outlive the call after it. A copy of the
        game (:meth:`GameState.clone`, which shares this attribute) has scores of its own and so
        makes its own.
        """
        made = self.__dict__.get("_standings_made")
        scores, marks = self.scores, self.marks
        if made is None or made[0] is not scores:
            players = [Standing(seat, 0, {}) for seat in range(self.n)]
            made = self.__dict__["_standings_made"] = (scores, players, Seating(players))  # type: ignore[arg-type]
        # A player's score when the deal began: from the deal's players; now, for those who sat out.
        starts = {p.seat: p.start_score for p in deal_env["players"]} if deal_env else {}
        for standing in made[1]:
            seat = standing.seat
            standing.score = score = scores[seat]
            standing.marks_counts = marks[seat]
            standing.start_score = starts.get(seat, score)
        return made[1], made[2]

    def _fixed_names(self) -> dict[str, Any]:
        """The names of :meth:`game_env` that never change in a game (made once: it is made after every deal)."""
        made = self.__dict__.get("_fixed_names_made")
        if made is None:
            deck = self.rules.game.deck
            made = {"suits": [s.id for s in deck.suits], "ranks": list(deck.ranks), "option": self._options()}
            self.__dict__["_fixed_names_made"] = made
        return made

    def winning_env(self, *, deal_env: dict[str, Any] | None = None) -> dict[str, Any]:
        """The names winning expressions see (scope WINNING): every player of the game, rounds completed."""
        env = self.game_env(deal_env=deal_env)
        env["rounds_completed"] = self.deals_completed // self.n
        # Whether the deal just scored completes a round (deals that count towards rounds only).
        env["ends_round"] = (
            deal_env is not None and self._counts_towards_round(deal_env) and (self.deals_completed + 1) % self.n == 0
        )
        return env

    def _declarer_env(self, deal: Deal, completed: bool, env: dict[str, Any] | None = None) -> dict[str, Any]:
        """The names of ``declarer_wins`` and ``set_scores`` (scope DECLARER_WINS): winning + the deal's declarer."""
        assert deal.declarer is not None
        env = dict(env if env is not None else self.winning_env(deal_env=deal.env))
        env["declarer"], env["completed"], env["combo"] = env["players"][deal.declarer.seat], completed, deal.combo
        return env

    def _options(self) -> Options:
        """The table's options as expressions read them (made once: they do not change)."""
        made = self.__dict__.get("_options_made")
        if made is None:
            made = self.__dict__["_options_made"] = Options(self.options)
        return made

    def _counts_towards_round(self, deal_env: dict[str, Any]) -> bool:
        auction = self.rules.game.auction
        redealt = deal_env.get("declarer") is None and auction is not None
        return not (redealt and auction is not None and auction.all_pass == "redeal_same_dealer")

    def winning_target(self) -> Any:
        """The winning score shown to players now (None when the variant has none)."""
        winning = self.rules.game.winning
        target = winning.variants[self.variant].target if winning is not None else None
        return target(self.winning_env()) if target is not None else None

    def _deal_summary(self, deal: Deal, result: DealResult) -> dict[str, Any]:
        if self.lean:  # what a simulation counts
            if result.declarer is None or deal.combo is None:
                return {"declarer": None}
            return {"declarer": result.declarer, "combo": {"bids": deal.combo.ids}, "completed": result.completed}
        summary: dict[str, Any] = {"auction": [[seat, bid] for seat, bid in deal.auction_log]}
        if result.declarer is None or deal.combo is None:
            summary["declarer"] = None
        else:
            summary.update(
                declarer=result.declarer,
                combo={"bids": deal.combo.ids, "worth": plain_number(deal.combo.worth)},
                declarations={k: v.record() for k, v in deal.declarations.items()},
                trump=deal.table.trump,
                tricks=list(deal.trick_log),
                tricks_won={str(s): n for s, n in result.tricks.items()},
                completed=result.completed,
                points=plain_number(result.points),
            )
        summary["scores"] = {str(s): plain_number(v) for s, v in self.scores.items()}
        summary["marks"] = {str(s): dict(m) for s, m in self.marks.items() if m}
        return summary


@dataclass(eq=False)
class Standing:
    """A player as the winning rules see them: over the whole game, not one deal."""

    seat: int
    score: Any
    marks_counts: dict[str, int]
    start_score: Any = None  # the score when the deal began

    @property
    def marks(self) -> Any:
        return Marks(self.marks_counts)


def plain_number(value: Any) -> Any:
    """A score as records and scenarios write it: a whole Fraction as an int, any other as text ("7/2")."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    return value
