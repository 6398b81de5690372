"""Which names an expression may use, by where it stands in a rule file.

Each function returns the names (and their types) in force at one kind of place. A bid's
own declarations (``as:`` of its choose steps) are added by the loader on top of these.
The interpreter fills a runtime environment with exactly these names.
"""

from __future__ import annotations

from rulespec import types as T

Names = dict[str, T.Type]

#: Known everywhere.
BASE: Names = {
    "player_count": T.NUMBER,  # players taking part in the deal
    "suits": T.list_of(T.SUIT),
    "ranks": T.list_of(T.RANK),
    "option": T.OPTIONS,
}

#: Only where the deck is being made: ``deck.remove.when`` and ``deal.hand_size``.
SETUP: Names = {"player_count": T.NUMBER}

#: A bid's worth: it may depend on the other bids of the combo, not on the combo's worth.
WORTH: Names = {**BASE, "standard": T.BID, "specials": T.list_of(T.BID)}

#: A group of bids.
GROUP: Names = {"bid": T.BID}

#: The auction.
AUCTION: Names = {
    **BASE,
    "hand_size": T.NUMBER,
    "dealer": T.PLAYER,
    "players": T.list_of(T.PLAYER),
    "player": T.PLAYER,  # the bidder
}
#: Who bids first (``auction.first_bidder``): the auction before anyone has bid.
AUCTION_START: Names = {name: t for name, t in AUCTION.items() if name != "player"}
BEATS: Names = {**AUCTION, "bid": T.COMBO, "lead": T.COMBO, "leader": T.PLAYER}
#: A combo bid's worth (``auction.combo_worth``): its bids, with their worths, and the bidder.
COMBO_WORTH: Names = {**AUCTION, "standard": T.BID, "specials": T.list_of(T.BID)}

#: A deal after the auction: the hand and its scoring.
DEAL: Names = {
    **BASE,
    "hand_size": T.NUMBER,
    "dealer": T.PLAYER,
    "players": T.list_of(T.PLAYER),
    "declarer": T.PLAYER,
    "opponents": T.list_of(T.PLAYER),
    "side": T.list_of(T.PLAYER),  # the declarer's partners (a bid's ``partners``), once play begins
    "combo": T.COMBO,
    "standard": T.BID,
    "trump": T.SUIT,
    "deck": T.list_of(T.CARD),  # every card in play this deal
    "tricks": T.list_of(T.TRICK),  # tricks finished so far
    "last_trick": T.TRICK,
    "plays": T.list_of(T.PLAY),  # every card played so far this hand, in order
    "face_up": T.CARD,  # the stock's face-up card (games with a stock)
    "stock_size": T.NUMBER,  # cards left in the stock, the face-up card included
    "hand_number": T.NUMBER,  # in a match: which hand this is (1-based)
}

#: A card rule (legal play, visibility, zone limits): the card and who holds or plays it.
CARD_RULE: Names = {**DEAL, "card": T.CARD, "player": T.PLAYER, "trick": T.TRICK}

#: During or after a trick.
TRICK_RULE: Names = {**DEAL, "trick": T.TRICK}

#: The game-level score of a deal.
SCORING: Names = {**DEAL, "bonus": T.NUMBER, "penalty": T.NUMBER}

#: After every deal, redeals included (there may be no declarer).
AFTER_DEAL: Names = {**BASE, "hand_size": T.NUMBER, "dealer": T.PLAYER, "players": T.list_of(T.PLAYER)}
AFTER_DEAL_POINTS: Names = {**AFTER_DEAL, "player": T.PLAYER}

#: Winning: ``players`` are all players of the game here, not only those of the deal, each seen
#: over the whole game (score, start_score, marks, seat: :data:`rulespec.types.STANDING`); what
#: happened in the deal reaches them through marks.
WINNING: Names = {
    **BASE,
    "players": T.list_of(T.STANDING),
    "rounds_completed": T.NUMBER,  # rounds finished before this deal
    "ends_round": T.BOOL,  # this deal completes a round (its dealer is the last of the round to deal)
}
DECLARER_WINS: Names = {**WINNING, "declarer": T.STANDING, "completed": T.BOOL, "combo": T.COMBO}
ANYONE_WINS: Names = {**WINNING, "player": T.STANDING}
#: A bid's ``set_scores.to``: as ``declarer_wins``, with ``player`` the player whose score it sets.
SET_SCORE: Names = {**DECLARER_WINS, "player": T.STANDING}

#: A match: who chooses a hand's rules (``players``: every player, with match scores).
MATCH: Names = {
    **BASE,
    "players": T.list_of(T.STANDING),
    "dealer": T.STANDING,
    "hand_number": T.NUMBER,
}

#: A bid's ``points_each``: every player's points in a hand, one player at a time.
POINTS_EACH: Names = {**DEAL, "player": T.PLAYER}

#: Melds: the leader, the led trick and a card (led, or shown).
MELD: Names = {**DEAL, "player": T.PLAYER, "trick": T.TRICK, "card": T.CARD}

#: The element a choice ranges over, bound by its type's name in ``where``.
CHOICE_TYPES: dict[str, T.Type] = {
    "suit": T.SUIT,
    "card": T.CARD,
    "number": T.NUMBER,
    "player": T.PLAYER,
    "direction": T.DIRECTION,  # left, right or across (e.g. where cards are passed)
}
