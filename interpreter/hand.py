"""The hand: tricks, legal cards, who wins, trick takers, melds, draws from the stock.

Each trick is tasks on the deal's agenda: every player's turn (a decision), then the winner
(a rule may give the trick to someone else), melds, trump changes and draws, then the next
trick. A restriction on legal cards yields when it would leave no legal card.
"""

from __future__ import annotations

from typing import Any

from interpreter.dealparts import Ask, DealParts, card_askers
from interpreter.decisions import CARD, TRICK_TAKER, Request
from interpreter.emptyhand import hands_even, no_card_error
from interpreter.state import Card, Play, Player, Trick
from rulespec import model as M


class HandPlay(DealParts):
    """The tricks of a hand (part of :class:`interpreter.deal.Deal`)."""

    def play_hand(self) -> None:
        """Trick after trick until every hand is empty (a stock refills the hands on the way)."""
        self._then(("_begin_hand",))
        self._drive()

    def _begin_hand(self) -> None:
        play = self.game.play
        if play.trump is not None:
            self.set_trump(play.trump(self.env))
        leader = play.first_leader(self.env)
        for bid in self.bids:  # the declarer's side first, as play begins (a called card's holder): leaders see it
            if bid.partners is not None:
                self.side = self._with_partners(bid.partners(self.env))
                env = self.env  # (the partners leave the opponents: they play with the declarer)
                env["side"] = [self.by_seat[seat] for seat in self.side]
                env["opponents"] = [p for p in env["opponents"] if p.seat not in self.side]
        for bid in self.bids:
            if bid.first_leader is not None:
                leader = bid.first_leader(self.env)
        if self._hookless_hand() and hands_even([p.hand for p in self.players]):
            self._plain_begin(leader)  # (uneven hands: the loops below stop when one runs out)
        elif self.sync_ask is not None:
            self._answered_hand(leader, self.sync_ask)
        else:
            self._then(("_next_trick", leader, 0))

    def _with_partners(self, players: list[Player]) -> tuple[int, ...]:
        """The side so far with ``players`` added: seats, each once, never the declarer's (a missing
        player, e.g. the holder of a card nobody holds, is nobody's partner)."""
        seats = list(self.side)
        seats.extend(p.seat for p in players if p is not None and p is not self.declarer and p.seat not in seats)
        return tuple(seats)

    def hookless_hand(self) -> bool:
        """Whether nothing but following suit acts during this hand: its play is decided by the hands,
        trump, rank order and leader alone (an agent's playouts may replay a position's cards)."""
        return self._hookless_hand() and not (self.plays_last_rules or self.taker_rules)

    def _hookless_hand(self) -> bool:
        """Whether nothing but following suit, the bids' limits on the cards one may play or lead and
        (for a driver that answers at once) zones, who plays last and who takes a trick act during
        this hand (no other hook, no stock or close): the lean loop plays it."""
        play = self.game.play
        # (a zone's refill and a trick taker are decisions, and who plays last changes a trick's
        # order: only the lean loop of a driver that answers at once has them, not its stepped cursor)
        inside = self.zones or self.table.zone or self.plays_last_rules or self.taker_rules
        return (
            self._plain_play
            and not (self.melds or self.trump_changes)
            and not (inside and self.sync_ask is None)
            and not (play.after_trick or play.close_when is not None)
        )

    def _answered_hand(self, leader: Player, ask: Ask) -> None:
        """The tasks of :meth:`_next_trick` … :meth:`_after_melds` in one loop, for a driver that answers
        at once (``sync_ask``): the same steps in the same order, each decision asked on the spot
        (:meth:`_wait` answers at once), without a task on the agenda for each (simulations, playouts)."""
        by_name, env, tricks, play = self.card_by_name, self.env, self.tricks, self.game.play
        takers, melds = range(len(self.taker_rules)), range(len(self.melds))
        choosers = self.sync_cards
        counted = choosers is not None  # (cards asked through ``ask`` are counted by the driver)
        if choosers is None:
            choosers = card_askers(ask, (p.seat for p in self.players))
        number = 0
        while any(p.hand for p in self.players):
            if not self.closed and play.close_when is not None and play.close_when(env):
                self.closed = True
            number += 1
            trick = self.current = Trick(number, leader, self.table.trump, after_close=self.closed)
            for player in self.play_order(trick):
                options = tuple([c.name for c in self.legal_cards(player, trick)])
                if not options:
                    raise no_card_error(player.seat, number, play, self.bids)
                answer = choosers[player.seat](options)
                if counted:
                    self.cards_answered += 1
                self._play(player, by_name[answer], trick)
            trick.winner = self.trick_winner(trick)
            for index in takers:
                self._trick_taker(trick, index)
            winner = trick.winner
            winner.win(trick)
            tricks.append(trick)
            env["last_trick"] = trick
            self.current = None
            for index in melds:
                self._meld(trick, index)
            if self.trump_changes:
                self._after_trick(trick)
            if play.after_trick:
                self._draws(trick)
            leader = trick.winner

    def play_order(self, trick: Trick) -> list[Player]:
        """Who plays to ``trick``, in turn (read only: the plain order is shared between tricks)."""
        order = self._rounds[trick.leader]
        if self.plays_last_rules:
            self.env["trick"] = trick
            for rule in self.plays_last_rules:
                if rule.when is None or rule.when(self.env):
                    last = rule.player(self.env)
                    order = [p for p in order if p is not last] + [last]
        return order

    def _next_trick(self, leader: Player, number: int) -> None:
        """The next trick (led by the last one's winner), or the end of the hand."""
        if not any(p.hand for p in self.players):
            return
        play = self.game.play
        if not self.closed and play.close_when is not None and play.close_when(self.env):
            self.closed = True
        trick = Trick(number + 1, leader, self.table.trump, after_close=self.closed)
        self.current = trick
        self._then(*[("_turn", player, trick) for player in self.play_order(trick)], ("_trick_done", trick))

    def _turn(self, player: Player, trick: Trick) -> None:
        legal = self.legal_cards(player, trick)
        if not legal:
            raise no_card_error(player.seat, trick.number, self.game.play, self.bids)
        self._wait(Request("play", player.seat, CARD, "card", tuple([c.name for c in legal])), "_played", player)

    def _played(self, answer: str, player: Player) -> None:
        assert self.current is not None
        self._play(player, self.card_by_name[answer], self.current)

    def _trick_done(self, trick: Trick) -> None:
        trick.winner = self.trick_winner(trick)
        rules = self.taker_rules
        self._then(*[("_trick_taker", trick, index) for index in range(len(rules))], ("_trick_won", trick))

    def _trick_won(self, trick: Trick) -> None:
        winner = trick.winner
        assert winner is not None
        winner.win(trick)
        self.tricks.append(trick)
        self.env["last_trick"] = trick
        self.current = None
        tasks = [("_meld", trick, index) for index in range(len(self.melds))]
        self._then(*tasks, ("_after_melds", trick))

    def _after_melds(self, trick: Trick) -> None:
        if self.trump_changes:
            self._after_trick(trick)
        if self.game.play.after_trick:
            self._draws(trick)
        assert trick.winner is not None
        self._then(("_next_trick", trick.winner, trick.number))

    def _meld(self, trick: Trick, index: int) -> None:
        """The trick's leader may declare a meld: led the right card, and still holds one to show."""
        meld = self.melds[index]
        env, leader, led = self.env, trick.leader, trick.plays[0].card
        env["player"], env["trick"], env["card"] = leader, trick, led
        if not meld.lead(env):
            return
        shown = self._filter(leader.hand, "card", meld.show, leader)
        if not shown:
            return
        options = tuple(c.name for c in shown)
        request = Request("choose", leader.seat, meld.name, "card", options, optional=True)
        self._wait(request, "_melded", trick, index)

    def _melded(self, answer: Any, trick: Trick, index: int) -> None:
        if answer is None:
            return
        meld, env, leader, led = self.melds[index], self.env, trick.leader, trick.plays[0].card
        card = self.card_by_name[str(answer)]
        env["player"], env["trick"], env["card"] = leader, trick, card
        points = meld.points(env)
        leader.meld_points = leader.meld_points + points
        self.meld_log.append(
            {
                "trick": trick.number,
                "seat": leader.seat,
                "meld": meld.name,
                "led": led.name,
                "shown": card.name,
                "points": points,
            }
        )

    def _draws(self, trick: Trick) -> None:
        """After a trick: players take the face-up card or the top of the stock, then one is turned up."""
        steps = self.game.play.after_trick
        if not steps:
            return
        self.env["trick"] = trick
        for step in steps:
            if isinstance(step, M.TurnUp):
                if self.face_up is None and self.stock:
                    self.face_up = self.stock.pop(0)
                continue
            who = step.who(self.env)
            for player in who if isinstance(who, list) else [who]:
                card = self._take(step.source)
                if card is not None:
                    player.hand.append(card)
        self._stock_changed()

    def _take(self, source: str) -> Card | None:
        if source == "face_up":
            card, self.face_up = self.face_up, None
            return card
        return self.stock.pop(0) if self.stock else None

    def _play(self, player: Player, card: Card, trick: Trick) -> None:
        player.hand.remove(card)
        table = self.table
        zone_name = table.zone.pop(card, None) if table.zone else None
        play = Play(player, card, not trick.plays)
        trick.plays.append(play)
        self.env["plays"].append(play)
        if zone_name is not None:
            self._zone_refill(zone_name)

    def _zone_refill(self, zone_name: str) -> None:
        """A card of the zone was played: its owner fills it up again, if it is refilled."""
        zone = self.zones[zone_name]
        if zone.refill:
            self._fill_zone(zone, zone.size - len(self._zone_cards(zone)))

    def legal_cards(self, player: Player, trick: Trick) -> list[Card]:
        """The cards ``player`` may play to ``trick`` now."""
        hand = player.hand
        legal = hand
        led = trick.led_suit
        if led is not None and self.game.play.follow_suit:
            following = [c for c in hand if c.suit == led]
            if following:
                legal = following
            elif self.game.play.must_trump and self.table.trump is not None:
                legal = [c for c in hand if c.suit == self.table.trump] or hand
        return self._restricted(player, trick, legal)

    def _restricted(self, player: Player, trick: Trick, legal: list[Card], first: int = 0) -> list[Card]:
        """``legal`` (a new list) without the cards the combo's rules forbid ``player`` to play to
        ``trick`` now (to lead, when it has no card yet). A restriction that would leave no card yields.
        ``first``: the rules before it are known to forbid nothing here (their guards are false)."""
        rules = self._limits(trick)
        if not rules or len(legal) == 1:  # (a restriction never takes the only card: it would yield)
            return list(legal)
        env = self.env
        env["player"], env["trick"] = player, trick
        for rule in rules[first:]:
            guard = rule.guard("card")
            if guard is not None and not guard(env):  # forbids no card here: every card would be kept
                continue
            # Each card's evaluation its own step budget, errors located; what does not read the card once.
            kept = [card for card, forbidden in zip(legal, rule.each(env, "card", legal), strict=True) if not forbidden]
            if kept:  # a restriction that would leave nothing yields
                legal = kept
        return list(legal)

    def _limits(self, trick: Trick) -> tuple[Any, ...]:
        """The combo's rules on the cards one may play to ``trick`` now (and lead, when it has no card)."""
        rules: tuple[Any, ...] = self.play_rules
        return rules + self.lead_rules if self.lead_rules and not trick.plays else rules

    def trick_winner(self, trick: Trick) -> Player:
        trump, value = trick.trump, self.table.rank_value  # card.value, looked up directly
        best = trick.plays[0]
        for play in trick.plays[1:]:
            card, top = play.card, best.card
            if card.suit == top.suit:
                if value[card.rank] > value[top.rank]:
                    best = play
            elif trump is not None and card.suit == trump:
                best = play
        return best.player

    def _trick_taker(self, trick: Trick, index: int) -> None:
        """A rule may give the trick to someone else (``trick.winner`` holds who has it so far)."""
        rule, env = self.taker_rules[index], self.env
        env["trick"] = trick
        if index in self.taker_used or not rule.when(env):
            return
        chooser = rule.chosen_by(env)
        allowed = rule.to(env) if rule.to is not None else self.players
        options = tuple(dict.fromkeys(p.seat for p in (allowed if isinstance(allowed, list) else [allowed])))
        if not options:  # nobody to give it to: the trick stays with its winner (a choice is never of nothing)
            return
        request = Request("choose", chooser.seat, TRICK_TAKER, "player", options, optional=rule.optional)
        self._wait(request, "_trick_taken", trick, index)

    def _trick_taken(self, seat: Any, trick: Trick, index: int) -> None:
        if seat is None:  # declined: the trick stays with its winner
            return
        trick.winner = self.by_seat[int(seat)]
        if self.taker_rules[index].once:
            self.taker_used.add(index)

    def _after_trick(self, trick: Trick) -> None:
        self.env["trick"] = trick
        for change in self.trump_changes:
            self.set_trump(change(self.env))


def trick_data(trick: Trick) -> dict[str, Any]:
    return {
        "number": trick.number,
        "leader": trick.leader.seat,
        "trump": trick.trump,
        "plays": [(p.player.seat, p.card.name) for p in trick.plays],
        "winner": trick.winner.seat if trick.winner else None,
    } | ({"after_close": True} if trick.after_close else {})
