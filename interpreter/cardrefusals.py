"""Why a card the player holds may not be played now, as a :class:`~interpreter.decisions.Refusal`.

The engine offers the legal cards (``Request.options``); a person or a client that tries another
card of the hand is told the rule that stands in the way, in the order the engine applies them:
follow suit, then trump when one cannot follow (a game that says ``must_trump``), then the combo's
own rules (``may_not_play``, and ``may_not_lead`` when leading) — named by their bids, so a
player hears "a rule of Ace Hold" rather than "you may not play that card". Worked out from what
the player sees (the view and the rule data), so ``whist play`` and a client far from the game
say the same thing, each in its language (:func:`interpreter.refusalwords.say_refusal`).
"""

from __future__ import annotations

from interpreter.decisions import Refusal, Request, View
from rulespec import model as M

__all__ = ["card_refusal"]


def card_refusal(rules: M.RuleSet, request: Request, view: View, card: str) -> Refusal:
    """Why ``card`` (a card of the hand that is not among ``request.options``) may not be played."""
    suit = _suit(card)
    options = [str(option) for option in request.options]
    play = rules.game.play
    leading = not view.current_trick
    if not leading and play.follow_suit:
        led = _suit(view.current_trick[0][1])
        if suit != led and any(_suit(o) == led for o in options):
            return Refusal("must_follow_suit", f"{card}: the player must follow suit ({led})", suit=led)
        trump = view.trump
        if play.must_trump and trump is not None and suit != trump and any(_suit(o) == trump for o in options):
            return Refusal("must_trump", f"{card}: the player cannot follow and must trump ({trump})", suit=trump)
    bids = tuple(
        bid_id
        for bid_id in (view.combo or {}).get("bids", ())
        if bid_id in rules.bids
        and (rules.bids[bid_id].may_not_play is not None or (leading and rules.bids[bid_id].may_not_lead is not None))
    )
    what = "lead" if leading else "play"
    if bids:
        sentence = f"{card}: a rule of {' + '.join(bids)} forbids the player to {what} it now"
        return Refusal(f"card_forbidden_{what}", sentence, combo=bids)
    return Refusal("illegal_card", f"{card}: the player may not {what} it now")


def _suit(card: str) -> str:
    """A card name's suit: its last letter (a deck's suits are one capital letter each)."""
    return card[-1:]
