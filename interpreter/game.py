"""A whole game: deals in turn, dealers and sitting out, scores, marks and the winner.

The game is deterministic given its seed and its decisions, which is what records rely on:
a record holds the seed and every decision; replaying feeds the decisions back and checks
that the same deals, tricks and scores come out. Saving after every decision and resuming
from a record use the same mechanism.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from interpreter.deal import Deal, DealResult, floored
from interpreter.decisions import Agent, BidAnswer, IllegalDecision, Request, ScriptError
from interpreter.located import when_played
from rulespec.model import RuleSet

MAX_DEALS = 2_000  # a game of agents that never finishes stops here (recorded as unfinished)


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
                f"but the game asks seat {request.seat} ({request.kind} {request.name})"
            )
        self.position += 1
        answer = entry.get("answer")
        if request.kind == "bid":
            return True, BidAnswer.from_data(answer)
        return True, answer

    @property
    def exhausted(self) -> bool:
        plays_done = self.plays is None or self.play_position >= len(self.plays)
        return self.position >= len(self.decisions) and plays_done


@dataclass
class GameResult:
    winner: int | None
    reason: str  # instant | declarer | anyone | match | unfinished
    scores: dict[int, Any]
    deals: int


class Game:
    """Plays ``rules`` with ``agents`` (one per seat) from ``seed``; see :meth:`run`."""

    def __init__(
        self,
        rules: RuleSet,
        agents: Sequence[Agent],
        seed: int = 0,
        options: dict[str, Any] | None = None,
        variant: str | None = None,
        script: Script | None = None,
        first_dealer: int | None = None,
        on_decision: Callable[[Game], None] | None = None,
        max_deals: int = MAX_DEALS,
    ) -> None:
        self.rules = rules
        self.agents = list(agents)
        self.n = len(self.agents)
        players = rules.game.players
        if not players.min <= self.n <= players.max:
            raise ValueError(f"{rules.name} is for {players.min} to {players.max} players, not {self.n}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = {**rules.game.options, **(options or {})}
        winning = rules.game.winning
        self.variant = variant or (winning.default if winning else "")
        if winning and self.variant not in winning.variants:
            raise ValueError(f"unknown winning variant '{self.variant}'; known: {', '.join(winning.variants)}")
        self.script = script or Script()
        self.on_decision = on_decision
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
        self.deal_records: list[dict[str, Any]] = []
        self.current: Deal | None = None
        self.result: GameResult | None = None
        self.deal_hands: list[dict[int, list[str]]] | None = None  # scripted hands, one per deal
        self.deal_stocks: list[list[str]] | None = None  # scripted stocks (top first), one per deal
        self.match_position = 0  # in a match: the index of the next hand in the schedule

    # -- decisions

    def ask(self, request: Request) -> Any:
        """Get a legal answer for ``request``: from the script first, else from the seat's agent."""
        assert self.current is not None
        scripted, answer = self.script.next_for(request)
        if scripted:
            try:
                answer = request.validate(answer)
            except IllegalDecision as exc:
                raise ScriptError(
                    f"decision {len(self.decisions) + 1}: "
                    f"seat {request.seat}, {request.kind} {request.name}: {exc.reason}"
                ) from None
        else:
            agent = self.agents[request.seat]
            # Agents that never look at the view (random play) say so, and skip its cost.
            view = self.current.view(request.seat) if getattr(agent, "wants_view", True) else None
            for _ in range(100):
                try:
                    answer = request.validate(agent.decide(request, view))
                    break
                except IllegalDecision as exc:
                    refuse = getattr(agent, "refused", None)
                    if refuse is not None:
                        refuse(request, exc.reason)
            else:
                raise RuntimeError(f"seat {request.seat} gave 100 illegal answers to {request.kind}")
        self.decisions.append(
            {"seat": request.seat, "kind": request.kind, "name": request.name, "answer": _answer_data(answer)}
        )
        if self.on_decision is not None and not scripted:
            # Saving while a save is being replayed would shorten the file: save new decisions only.
            self.on_decision(self)
        return answer

    # -- the game

    def seats_in_deal(self) -> list[int]:
        """The seats taking part in the next deal, clockwise; the rest sit out."""
        in_deal = self.rules.game.players.in_deal or self.n
        sit_out = max(0, self.n - in_deal)
        side = -1 if self.rules.game.players.sit_out == "right_of_dealer" else 1
        out = {(self.dealer + side * (i + 1)) % self.n for i in range(sit_out)}
        return [seat for seat in range(self.n) if seat not in out]

    def run(self) -> GameResult:
        while self.result is None:
            if len(self.deal_records) >= self.max_deals:
                self.result = GameResult(None, "unfinished", dict(self.scores), len(self.deal_records))
                break
            self.play_deal()
        return self.result

    def _scripted(self, table: list[Any] | None) -> Any:
        index = len(self.deal_records)
        return table[index] if table is not None and index < len(table) else None

    def _new_deal(self, seats: list[int], hand_number: int = 0) -> Deal:
        return Deal(
            self.rules,
            seats,
            self.dealer,
            self.scores,
            self.marks,
            self.ask,
            self.rng,
            self.options,
            self._scripted(self.deal_hands),
            self._scripted(self.deal_stocks),
            hand_number,
        )

    @when_played
    def play_deal(self) -> DealResult:
        if self.rules.game.match is not None:
            return self.play_match_hand()
        seats = self.seats_in_deal()
        deal = self._new_deal(seats)
        self.current = deal
        record: dict[str, Any] = {
            "dealer": self.dealer,
            "players": seats,
            "hands": {str(s): cards for s, cards in deal.dealt.items()},
        }
        debts = self._debts()
        if deal.auction():
            deal.run_events()
            deal.play_hand()
            result = deal.score()
            assert deal.declarer is not None
            self.scores[deal.declarer.seat] = deal.declarer.score
            if result.completed:
                for name, count in deal.marks_earned().items():
                    marks = self.marks[deal.declarer.seat]
                    marks[name] = marks.get(name, 0) + count
                self._set_scores(deal)
        else:
            result = DealResult(declarer=None)
        self._after_deal(deal)
        self._fade_debts(debts)
        record.update(self._deal_summary(deal, result))
        self.deal_records.append(record)
        self._check_winner(deal, result)
        if self.on_decision is not None and self.script.exhausted:  # the finished deal belongs in a save too
            self.on_decision(self)
        if (
            result.declarer is not None
            or self.rules.game.auction is None
            or (self.rules.game.auction.all_pass != "redeal_same_dealer")
        ):
            self.deals_completed += 1
            step = 1 if self.rules.game.deal.next_dealer == "left" else -1
            self.dealer = (self.dealer + step) % self.n
        self.current = None
        return result

    # -- matches: hands with their own rules, no auction

    def schedule(self) -> tuple[Any, ...]:
        """The hands of this match (the schedule the options pick)."""
        match = self.rules.game.match
        assert match is not None
        name = match.schedule(self.match_env()) if match.schedule is not None else next(iter(match.schedules))
        if name not in match.schedules:
            raise ValueError(f"unknown match schedule '{name}'; known: {', '.join(match.schedules)}")
        return match.schedules[name]

    def match_env(self) -> dict[str, Any]:
        """The names match expressions see: every player with match scores, the dealer, the hand."""
        env = {**self.winning_env(), "hand_number": self.match_position + 1}
        env["dealer"] = env["players"][self.dealer]
        return env

    def play_match_hand(self) -> DealResult:
        """One hand of a match: its rules (fixed, or chosen after the deal), play, points, winner."""
        match = self.rules.game.match
        assert match is not None
        schedule = self.schedule()
        planned = schedule[self.match_position]
        deal = self._new_deal(self.seats_in_deal(), self.match_position + 1)
        self.current = deal
        record: dict[str, Any] = {
            "dealer": self.dealer,
            "players": [p.seat for p in deal.players],
            "hands": {str(s): cards for s, cards in deal.dealt.items()},
            "stock": deal.dealt_stock,
            "hand_number": self.match_position + 1,
        }
        contract = planned.bid
        if contract is None:
            chooser = planned.chosen_by(self.match_env())
            contract = self.ask(Request("choose", chooser.seat, "contract", "bid", planned.choices))
        deal.set_contract(BidAnswer(str(contract)))
        result = deal.play_out()
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
        record.update(
            contract=contract,
            trump=deal.env["trump"],
            tricks=list(deal.trick_log),
            tricks_won={str(s): n for s, n in result.tricks.items()},
            melds=[dict(m) for m in deal.meld_log],
            hand_points={str(s): _number(v) for s, v in result.hand_points.items()},
            hand_winner=winner,
            replay=winner is None,
            declarer=None,
            auction=[],
            scores={str(s): _number(v) for s, v in self.scores.items()},
            marks={str(s): dict(m) for s, m in self.marks.items() if m},
        )
        self.deal_records.append(record)
        if self.match_position >= len(schedule):
            self._match_winner(match.hand_winner_mark)
        if self.on_decision is not None and self.script.exhausted:
            self.on_decision(self)
        self.deals_completed += 1
        step = 1 if self.rules.game.deal.next_dealer == "left" else -1
        self.dealer = (self.dealer + step) % self.n
        self.current = None
        return result

    def _match_winner(self, mark: str | None) -> None:
        """After the last hand: most hands won (by the mark), else most points; a draw has no winner."""

        def standing(seat: int) -> Any:
            return self.marks[seat].get(mark, 0) if mark else self.scores[seat]

        best = max(standing(s) for s in range(self.n))
        leaders = [s for s in range(self.n) if standing(s) == best]
        winner = leaders[0] if len(leaders) == 1 else None
        self.result = GameResult(winner, "match", dict(self.scores), len(self.deal_records))

    def _set_scores(self, deal: Deal) -> None:
        """Scores a completed combo sets (e.g. every other player's back to 0), over the whole game."""
        rules = [bid.set_scores for bid in deal.bids if bid.set_scores is not None]
        if not rules:
            return
        assert deal.declarer is not None and deal.combo is not None
        env = self.winning_env(deal.env)
        env.update(declarer=env["players"][deal.declarer.seat], completed=True, combo=deal.combo)
        for rule in rules:
            for standing in rule.players(env):
                self.scores[standing.seat] = standing.score = rule.to(env)
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
                player.score = floored(scoring, player.score + points, player.marks._counts)
                self.scores[player.seat] = player.score

    def _check_winner(self, deal: Deal, result: DealResult) -> None:
        if result.instant_win and result.declarer is not None:
            self.result = GameResult(result.declarer, "instant", dict(self.scores), len(self.deal_records))
            return
        winning = self.rules.game.winning
        if winning is None:
            return
        env = self.winning_env(deal.env)
        players = env["players"]
        if result.declarer is not None and deal.combo is not None:
            variant = winning.variants[self.variant]
            declarer = players[result.declarer]
            wins = variant.declarer_wins(
                {**env, "declarer": declarer, "completed": result.completed, "combo": deal.combo}
            )
            if wins:
                self.result = GameResult(result.declarer, "declarer", dict(self.scores), len(self.deal_records))
                return
        if winning.anyone_wins is not None:
            for standing in players:
                if winning.anyone_wins({**env, "player": standing}):
                    self.result = GameResult(standing.seat, "anyone", dict(self.scores), len(self.deal_records))
                    return

    def winning_env(self, deal_env: dict[str, Any] | None = None) -> dict[str, Any]:
        """The names winning expressions see: every player of the game, rounds completed."""
        from interpreter.deal import Options
        from interpreter.state import Seating

        # A player's score when the deal began: from the deal's players; now, for those who sat out.
        starts = {p.seat: p.start_score for p in deal_env["players"]} if deal_env else {}
        players = [
            _Standing(seat, self.scores[seat], self.marks[seat], starts.get(seat, self.scores[seat]))
            for seat in range(self.n)
        ]
        game = self.rules.game
        return {
            "suits": [s.id for s in game.deck.suits],
            "ranks": list(game.deck.ranks),
            "option": Options(self.options),
            "player_count": deal_env["player_count"] if deal_env else min(self.n, game.players.in_deal or self.n),
            "players": players,
            "rounds_completed": self.deals_completed // self.n,
            # Whether the deal just scored completes a round (deals that count towards rounds only).
            "ends_round": deal_env is not None
            and self._counts_towards_round(deal_env)
            and (self.deals_completed + 1) % self.n == 0,
            "_seating": Seating(players),  # type: ignore[arg-type]
        }

    def _counts_towards_round(self, deal_env: dict[str, Any]) -> bool:
        auction = self.rules.game.auction
        redealt = deal_env.get("declarer") is None and auction is not None
        return not (redealt and auction.all_pass == "redeal_same_dealer")

    def winning_target(self) -> Any:
        """The winning score shown to players now (None when the variant has none)."""
        winning = self.rules.game.winning
        if winning is None or winning.variants[self.variant].target is None:
            return None
        return winning.variants[self.variant].target(self.winning_env())

    def _deal_summary(self, deal: Deal, result: DealResult) -> dict[str, Any]:
        summary: dict[str, Any] = {"auction": [[seat, bid] for seat, bid in deal.auction_log]}
        if result.declarer is None or deal.combo is None:
            summary["declarer"] = None
        else:
            summary.update(
                declarer=result.declarer,
                combo={"bids": deal.combo.ids, "worth": _number(deal.combo.worth)},
                declarations={k: v.record() for k, v in deal.declarations.items()},
                trump=deal.table.trump,
                tricks=list(deal.trick_log),
                tricks_won={str(s): n for s, n in result.tricks.items()},
                completed=result.completed,
                points=_number(result.points),
            )
        summary["scores"] = {str(s): _number(v) for s, v in self.scores.items()}
        summary["marks"] = {str(s): dict(m) for s, m in self.marks.items() if m}
        return summary


@dataclass(eq=False)
class _Standing:
    """A player as the winning rules see them: over the whole game, not one deal."""

    seat: int
    score: Any
    marks_counts: dict[str, int]
    start_score: Any = None  # the score when the deal began

    @property
    def marks(self) -> Any:
        from interpreter.state import Marks

        return Marks(self.marks_counts)


def _number(value: Any) -> Any:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    return value


def _answer_data(answer: Any) -> Any:
    if isinstance(answer, BidAnswer):
        return answer.to_data()
    return answer
