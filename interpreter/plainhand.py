"""The hot loop: the tricks of a hand in which nothing but following suit acts (and the bids'
limits on the cards one may play or lead, asked as :meth:`~interpreter.hand.HandPlay.legal_cards` asks them).

In such a hand the legal cards are the hand's cards of the led suit (else all), kept as
lists of names beside each hand, and the winner is kept as the cards come. As a state
machine the hand stops at each card (a cursor says where it stands); a driver that answers
at once (``sync_ask``) runs the same tricks in one loop, which also asks who plays last and who
takes a trick when a rule says so (and refills zones).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from interpreter.copying import copy_value
from interpreter.dealparts import Ask, CardChoosers, DealParts, card_askers
from interpreter.decisions import CARD, Request
from interpreter.state import Card, Play, Player, Trick

# A player's turn in a hook-less hand: the player, seat (or card chooser), hand, its card names, and those by suit.
_Turn = tuple[Player, Any, list[Card], list[str], dict[Any, list[str]]]


@dataclass
class PlainCursor:
    """Where a hook-less hand stands: the trick's turns, its led suit and the winner so far."""

    turns: dict[Player, list[_Turn]]
    follow_suit: bool
    trump: str | None
    number: int = 0
    order: list[_Turn] = field(default_factory=list)
    position: int = 0
    led: str | None = None
    best_suit: str | None = None
    best_value: int = 0
    best: Player | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> PlainCursor:
        turns: dict[Any, list[_Turn]] = {}
        copied: dict[int, _Turn] = {}  # each player's turn once (every rotation holds the same ones)
        for leader, order in self.turns.items():
            rotation = []
            for turn in order:
                if id(turn) not in copied:
                    player, seat, hand, names, by_suit = turn
                    new_turn = (
                        copy_value(player, memo),
                        seat,
                        memo[id(hand)],
                        list(names),
                        {suit: list(cards) for suit, cards in by_suit.items()},
                    )
                    copied[id(turn)] = new_turn
                rotation.append(copied[id(turn)])
            turns[copy_value(leader, memo)] = rotation
        new = copy.copy(self)
        new.turns = turns
        new.order = turns[memo[id(self.order[0][0])]] if self.order else []
        new.best = copy_value(self.best, memo)
        return new


#: Lists whose entries never change once added (plain data): a copy of the deal copies the list only.


class PlainHand(DealParts):
    """The hook-less hand (part of :class:`interpreter.deal.Deal`)."""

    def _plain_begin(self, leader: Player) -> None:
        """The tricks of a hook-less hand (one whose only hooks limit the cards one may play or lead,
        and for a driver that answers at once zones, who plays last and who takes a trick):
        :meth:`_next_trick` with :meth:`legal_cards`, :meth:`_play`
        and :meth:`trick_winner` inlined for that case (the hot loop of simulations and playouts),
        asking the same requests in the same order and keeping the same records (a test plays the
        two loops side by side).

        Nothing but these plays changes a hand here, so each player's card names are kept beside
        the hand, as a whole and by suit, in hand order: the legal options are copies of those
        lists instead of a filtered walk over the hand at every play.
        """
        if self.sync_ask is not None:
            self._plain_hand(leader, self.sync_ask)
            return
        self._plain = PlainCursor(self._plain_turns(), self.game.play.follow_suit, self.table.trump)
        self._plain_trick(leader)

    def _plain_hand(self, leader: Player, ask: Ask) -> None:
        """The same tricks in one loop, answered by calling ``ask`` (no stop between the cards), or the
        driver's card choosers (``sync_cards``) when it gave them."""
        all_plays = self.env["plays"]
        choosers = self.sync_cards
        if choosers is None:
            choosers = card_askers(ask, (p.seat for p in self.players))
        turns = self._plain_turns(choosers)
        hands = [p.hand for p in self.players]  # the same lists all hand long: only plays change them
        before = len(all_plays)
        try:
            self._plain_tricks(leader, turns, hands)
        finally:
            if self.sync_cards is not None:  # (cards asked through ``ask`` are counted by the driver)
                self.cards_answered += len(all_plays) - before

    def _plain_tricks(self, leader: Player, turns: dict[Player, list[_Turn]], hands: list[list[Card]]) -> None:
        """The loop of :meth:`_plain_hand` (``turns`` with each seat's card chooser in place of the seat)."""
        env = self.env
        all_plays, tricks, value = env["plays"], self.tricks, self.table.rank_value
        add_play = all_plays.append
        follow_suit, trump = self.game.play.follow_suit, self.table.trump
        play_rules, lead_rules = self.play_rules, self.lead_rules  # (asked by _allowed when there are any)
        limited = bool(play_rules or lead_rules)
        zoned = self.table.zone  # cards lying in zones (a refill puts more there; hands do not change)
        plays_last, takers = self.plays_last_rules, range(len(self.taker_rules))
        turn_of = {turn[0]: turn for turn in turns[leader]} if plays_last else {}
        number = 0
        while any(hands):
            number += 1
            self.current = trick = Trick(number, leader, trump)
            order = turns[leader]
            if plays_last:  # (who plays last is asked at the start of each trick, as play_order asks it)
                order = [turn_of[player] for player in self.play_order(trick)]
            plays = trick.plays
            led = best_suit = None  # while leading: every card of the hand may be played
            best_value = 0
            for player, choose, hand, names, by_suit in order:
                options = by_suit.get(led) or names
                if limited and (play_rules or not plays):
                    options = self._allowed(player, trick, options)
                answer = choose(options)  # (the list itself: a chooser answers before it changes, see CardChoice)
                index = names.index(answer)  # (the names are the hand's, in its order)
                card = hand.pop(index)
                del names[index]
                suit = card.suit
                by_suit[suit].remove(answer)
                play = Play(player, card, not plays)
                plays.append(play)
                add_play(play)
                if zoned and card in zoned:  # (as _play: a zone card played, its zone refilled)
                    self._zone_refill(zoned.pop(card))
                # The winner so far, kept as the cards come (what trick_winner finds at the end).
                if suit == best_suit:
                    rank_value = value[card.rank]
                    if rank_value > best_value:
                        leader, best_value = player, rank_value
                elif best_suit is None:  # the lead
                    leader, best_suit, best_value = player, suit, value[card.rank]
                    if follow_suit:
                        led = suit
                elif suit == trump:
                    leader, best_suit, best_value = player, suit, value[card.rank]
            trick.winner = leader
            for taker in takers:  # a rule may give the trick to someone else (a decision)
                self._trick_taker(trick, taker)
            leader = trick.winner
            leader.win(trick)
            tricks.append(trick)
            env["last_trick"] = trick
            self.current = None

    def _plain_trick(self, leader: Player) -> None:
        """Start the next trick led by ``leader``, or end the hand when the hands are empty."""
        cursor = self._plain
        assert cursor is not None
        if not any(turn[2] for turn in cursor.turns[leader]):
            self._plain = None
            return
        cursor.number += 1
        self.current = Trick(cursor.number, leader, cursor.trump)
        cursor.order = cursor.turns[leader]
        cursor.position = 0
        cursor.led = cursor.best_suit = None  # while leading: every card of the hand may be played
        cursor.best_value = 0
        cursor.best = leader
        self._plain_ask()

    def _plain_ask(self) -> None:
        cursor = self._plain
        assert cursor is not None
        player, seat, _, names, by_suit = cursor.order[cursor.position]
        options = by_suit.get(cursor.led) or names
        if self.play_rules or self.lead_rules:
            assert self.current is not None
            options = self._allowed(player, self.current, options)
        request = Request("play", seat, CARD, "card", tuple(options))
        self.pending, self._resume = request, ("_plain_played",)

    def _plain_played(self, answer: str) -> None:
        cursor = self._plain
        trick = self.current
        assert cursor is not None and trick is not None
        player, _, hand, names, by_suit = cursor.order[cursor.position]
        card = self.card_by_name[answer]
        hand.remove(card)
        names.remove(answer)
        by_suit[card.suit].remove(answer)
        play = Play(player, card, not trick.plays)
        trick.plays.append(play)
        self.env["plays"].append(play)
        if cursor.led is None and cursor.follow_suit:
            cursor.led = card.suit
        # The winner so far, kept as the cards come (what trick_winner finds at the end).
        value = self.table.rank_value[card.rank]
        if card.suit == cursor.best_suit:
            if value > cursor.best_value:
                cursor.best, cursor.best_value = player, value
        elif cursor.best_suit is None or card.suit == cursor.trump:
            cursor.best, cursor.best_suit, cursor.best_value = player, card.suit, value
        cursor.position += 1
        if cursor.position < len(cursor.order):
            self._plain_ask()
            return
        winner = cursor.best
        trick.winner = winner
        winner.win(trick)
        self.tricks.append(trick)
        self.env["last_trick"] = trick
        self.current = None
        self._plain_trick(winner)

    def _allowed(self, player: Player, trick: Trick, options: list[str]) -> list[str]:
        """The card names of ``options`` that the combo's bids let ``player`` play to ``trick`` now:
        :meth:`_restricted`, the cards looked up only once a rule's guard says it may forbid one
        (most turns, e.g. every turn but the declarer's, no rule can)."""
        rules = self._limits(trick)
        if not rules or len(options) == 1:
            return options
        env = self.env
        env["player"], env["trick"] = player, trick
        for index, rule in enumerate(rules):
            guard = rule.guard("card")
            if guard is None or guard(env):
                by_name = self.card_by_name
                legal = self._restricted(player, trick, [by_name[name] for name in options], index)
                return [card.name for card in legal]
        return options

    def _plain_turns(self, choosers: CardChoosers | None = None) -> dict[Player, list[_Turn]]:
        """For each leader, the players' turns in order, each with seat (or with ``choosers``, the
        seat's card chooser), hand, its card names and those by suit."""
        turns: list[_Turn] = []
        for player in self.players:  # clockwise
            names: list[str] = []
            by_suit: dict[Any, list[str]] = {}  # .get() of a void suit: None
            for card in player.hand:
                name, suit = card.name, card.suit
                names.append(name)
                if suit in by_suit:
                    by_suit[suit].append(name)
                else:
                    by_suit[suit] = [name]
            seat = player.seat
            turns.append((player, seat if choosers is None else choosers[seat], player.hand, names, by_suit))
        count, twice = len(turns), turns + turns  # (each rotation one slice of the turns twice over)
        return {turn[0]: twice[i : i + count] for i, turn in enumerate(turns)}
