"""What one player may see of a deal: their hand, shown cards, public declarations, tricks."""

from __future__ import annotations

from typing import Any

from interpreter.dealparts import DealParts
from interpreter.decisions import View
from interpreter.state import Play, Player, Trick
from interpreter.steps import card_names
from rulespec.compiled import EvaluationError

#: Every seat's score and marks at the table (the game's own dicts, by seat), players sitting the deal
#: out among them: the winning rules read the whole table, so a view shows it whole.
TableStandings = tuple[dict[int, Any], dict[int, dict[str, int]]]


class _Unplayed(Trick):
    """A trick as it will be once played, asked before it is: who wins it cannot be told yet."""

    __slots__ = ()

    @property
    def winner(self) -> Player | None:
        raise EvaluationError("who wins the trick is not known before it is played")

    @winner.setter
    def winner(self, value: Player | None) -> None:
        pass  # (the dataclass's __init__ sets it)


class Views(DealParts):
    """Views of the deal (part of :class:`interpreter.deal.Deal`)."""

    def visible_to(self, viewer: Player | None) -> dict[int, tuple[str, ...]]:
        """Other players' cards that the rules show to ``viewer`` (None: a seat not dealt in, which
        sees only what a rule shows without naming an audience)."""
        rules = [rule for bid in self.bids for rule in bid.visible]
        shown: dict[int, tuple[str, ...]] = {}
        if not rules:
            return shown
        env = self.env
        for rule in rules:
            if rule.to is not None:
                if viewer is None:
                    continue
                audience = rule.to(env)
                if viewer not in (audience if isinstance(audience, list) else [audience]):
                    continue
            owners = rule.of(env)
            for owner in owners if isinstance(owners, list) else [owners]:
                if owner is viewer:
                    continue
                env["player"] = owner
                cards = []
                for card in owner.hand:
                    env["card"] = card
                    if rule.cards(env):
                        cards.append(card.name)
                if cards:
                    merged = dict.fromkeys([*shown.get(owner.seat, ()), *cards])
                    shown[owner.seat] = tuple(merged)
        return shown

    def meld_leads(self, player: Player) -> tuple[str, ...]:
        """The cards of ``player``'s hand that, led to the trick they are about to lead, would let them
        declare a meld after it: the meld's ``lead`` rule holds for the card and another card of the
        hand passes its ``show`` rule (as :meth:`interpreter.hand.Hand._meld` asks once the trick is
        over). The rules see what is known before the trick, as they will see it then: its number and
        phase, the leader's hand without the card led, the card among the hand's plays, the trick as
        the last one. A rule that cannot be told before (it reads who won the trick) counts as no.
        Only the player's own cards are read, so a view may carry it without showing anything new."""
        current = self.current
        if not self.melds or current is None or current.plays or current.leader is not player:
            return ()  # (no melds in this hand, or not this player's lead: between tricks, draws may follow)
        env = self.env
        saved: dict[str, Any] = {name: env[name] for name in ("player", "trick", "card") if name in env}
        hand, plays = player.hand, env["plays"]
        leads: list[str] = []
        # One trick as the engine will hold it once played, its lead changed card by card.
        trick = _Unplayed(current.number, player, current.trump, after_close=current.after_close)
        last_trick = env.get("last_trick")
        env["last_trick"] = trick  # (the trick just finished, when the engine asks)
        self.tricks.append(trick)
        try:
            for card in hand:
                play = Play(player, card, True)
                trick.plays = [play]
                player.hand = [other for other in hand if other is not card]  # (played, as in ``_play``)
                plays.append(play)
                try:
                    if self._opens_meld(player, trick, card):
                        leads.append(card.name)
                finally:
                    plays.pop()
        finally:
            self.tricks.pop()
            env["last_trick"] = last_trick
            player.hand = hand
            for name in ("player", "trick", "card"):
                env.pop(name, None)
            env.update(saved)
        return tuple(leads)

    def _opens_meld(self, player: Player, trick: Trick, card: Any) -> bool:
        """Whether leading ``card`` to ``trick`` (``player.hand`` without it) opens one of the melds."""
        env = self.env
        for meld in self.melds:
            env["player"], env["trick"], env["card"] = player, trick, card
            try:
                if meld.lead(env) and self._filter(player.hand, "card", meld.show, player):
                    return True
            except EvaluationError:
                continue
        return False

    def view(self, seat: int, *, table: TableStandings | None = None) -> View:
        """What the player at ``seat`` may see now; a seat not dealt in is a ValueError naming those that are.
        ``table``: every seat's score and marks (:meth:`GameState.view` gives the game's); without it,
        the view's scores and marks are those of the deal's players (a deal on its own knows no others)."""
        viewer = self.by_seat.get(seat) if type(seat) is int else None
        if viewer is None:
            raise ValueError(f"seat {seat!r} is not in this deal (its seats: {', '.join(map(str, self.by_seat))})")
        return self._view(seat, viewer, table)

    def onlooker_view(self, seat: int, *, table: TableStandings | None = None) -> View:
        """What a seat at the table that is not dealt in sees (one sitting this deal out): no hand,
        only what every player sees — the cards played, public declarations, cards a ``visible``
        rule shows without naming an audience, every seat's score and marks (``table``, as for
        :meth:`view`). :meth:`GameState.view` gives it to such a seat."""
        if seat in self.by_seat:
            raise ValueError(f"seat {seat} is dealt in: ask for its own view")
        return self._view(seat, None, table)

    def _view(self, seat: int, viewer: Player | None, table: TableStandings | None) -> View:
        declarations: dict[str, Any] = {}
        declared_cards: list[str] = []
        for name, decl in self.declarations.items():
            seen, plain = decl.shown_to(seat)
            if not seen:
                continue
            declarations[name] = plain
            if decl.is_card:
                declared_cards.extend(card_names(plain))
        zones = {name: tuple(c.name for c in self._zone_cards(z)) for name, z in self.zones.items()}
        if table is None:
            scores = {p.seat: p.score for p in self.players}
            marks = {p.seat: p.marks.as_dict() for p in self.players}
        else:  # (copies: whoever holds the view may change it)
            scores, marks = dict(table[0]), {s: dict(counts) for s, counts in table[1].items()}
        return View(
            seat=seat,
            hand=tuple(c.name for c in viewer.hand) if viewer else (),
            visible=self.visible_to(viewer),
            trump=self.table.trump,
            dealer=self.dealer.seat,
            players=tuple(p.seat for p in self.players),
            scores=scores,
            marks=marks,
            auction=tuple((seat, _bid_copy(bid)) for seat, bid in self.auction_log),
            declarer=self.declarer.seat if self.declarer else None,
            combo={"bids": self.combo.ids, "worth": self.combo.worth} if self.combo else None,
            declarations=declarations,
            tricks=tuple(dict(trick, plays=list(trick["plays"])) for trick in self.trick_log),  # (copies, as _bid_copy)
            current_trick=tuple((p.player.seat, p.card.name) for p in self.current.plays) if self.current else (),
            zones=zones,
            declared_cards=tuple(declared_cards),
            face_up=self.face_up.name if self.face_up else None,
            stock_size=self.env["stock_size"],
            closed=self.closed,
            melds=tuple(dict(m) for m in self.meld_log),
            meld_leads=self.meld_leads(viewer) if viewer else (),
            hand_number=self.hand_number,
            lead_worth=self.lead_worth,
        )


def _bid_copy(bid: dict[str, Any] | None) -> dict[str, Any] | None:
    """A bid of the auction's log as a view shows it: a copy (the log's entries go into the deal's
    record, and whoever holds a view may change it; that must change nothing in the game)."""
    return None if bid is None else {**bid, "specials": list(bid["specials"])}
