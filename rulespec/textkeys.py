"""The texts a rule set's own data asks for: every bid's three texts, the names of its choices,
melds and zones, the signs of its marks, the names of its winning variants and of its match's
schedules, the groups its incompatibilities name.

Renderers look texts up by key (``bids.trump.name``) and show the key's last part when no
language has it (``big_hearts``). A house rule that adds a bid, a choice or a meld without
texts is valid data, but people would read ids: ``whist check`` warns, and ``whist translate
status``/``check`` count the texts as missing in every language that lacks them (English too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rulespec import hookparts as H
from rulespec.model import Bid, RuleSet

#: The names the engine gives the decisions it asks for itself (interpreter/decisions.py uses these):
#: the choice of trump, a match hand's contract, giving a trick away, the cards passed on.
TRUMP: Final = "trump"
CONTRACT: Final = "contract"
TRICK_TAKER: Final = "trick_taker"
PASS_CARDS: Final = "pass_cards"

#: The texts every bid has, in this order.
BID_FIELDS: Final = ("name", "short", "rules")
#: The texts a bid has when its data has the condition of the same name: ``may_bid``, who may bid
#: it, says why a refused bidder may not (shown with the refusal: "Only a player holding a P…").
CONDITION_FIELDS: Final = ("may_bid",)
#: Every text a locale file may hold under a bid, in this order.
BID_TEXT_FIELDS: Final = (*BID_FIELDS, *CONDITION_FIELDS)


def needed_texts(rules: RuleSet) -> dict[str, str]:
    """Each text key the rule set's data asks for → the id of the bid that asks for it, or the
    place in the game section (``game.marks``, ``game.match``).

    In the order a person meets them: the bids' texts in the rule set's order, then the names
    their decisions are shown under, the signs of the marks, the names of the winning variants, then
    the match's schedules, then the groups named in incompatibilities.
    """
    needed: dict[str, str] = {}
    for bid in rules.bids.values():
        for name in BID_FIELDS:
            needed[f"bids.{bid.id}.{name}"] = bid.id
        for name in CONDITION_FIELDS:
            if getattr(bid, name) is not None:
                needed[f"bids.{bid.id}.{name}"] = bid.id
    for bid in rules.bids.values():
        for declared in _declared_names(bid):
            needed.setdefault(f"declarations.{declared}", bid.id)
    match = rules.game.match
    if match is not None and any(hand.chosen_by is not None for hands in match.schedules.values() for hand in hands):
        needed.setdefault(f"declarations.{CONTRACT}", "game.match")
    for mark in rules.game.marks:
        needed.setdefault(f"marks.{mark}", "game.marks")
    winning = rules.game.winning
    for variant in winning.variants if winning is not None else ():
        needed.setdefault(f"variants.{variant}", "game.winning")
    for schedule in match.schedules if match is not None else ():
        needed.setdefault(f"schedules.{schedule}", "game.match")
    for bid in rules.bids.values():
        for name in bid.incompatible:
            if name in rules.groups:
                needed.setdefault(f"groups.{name}", bid.id)
    return needed


def unwritten(rules: RuleSet, english: Mapping[str, str]) -> dict[str, str]:
    """:func:`needed_texts` that ``english`` (key → its English text) lacks or leaves blank."""
    return {key: owner for key, owner in needed_texts(rules).items() if not english.get(key, "").strip()}


def _declared_names(bid: Bid) -> list[str]:
    """The names a bid's decisions and declarations are shown under (``declarations.<name>``)."""
    names: list[str] = []
    if bid.trump is not None and bid.trump.chosen_by is not None:
        names.append(TRUMP)
    for step in bid.steps:
        if isinstance(step, H.Choose | H.Zone | H.DealBack):
            names.append(step.name)
        elif isinstance(step, H.PassCards):
            names.append(PASS_CARDS)
    if bid.trick_taker is not None:
        names.append(TRICK_TAKER)
    names.extend(meld.name for meld in bid.melds)
    return names


#: What each of a bid's texts is for, as the English skeleton of a house rule says it.
_BID_FIELD_USES: Final = {
    "name": "the bid's name, in tables, on its card and in the bid menu",
    "short": "one line of what it asks, on its card and in the bid menu",
    "rules": "its whole rule, in the rules reference and on its card",
    "may_bid": "who may bid it (a sentence), shown when a player who may not bids it",
}


def describe(key: str) -> str:
    """What the text at ``key`` is for, in a few words (the comment above it in an English skeleton)."""
    parts = key.split(".")
    if parts[0] == "bids" and len(parts) == 3 and parts[2] in _BID_FIELD_USES:
        return _BID_FIELD_USES[parts[2]]
    if parts[0] == "declarations" and len(parts) == 2:
        return f"what '{parts[1]}' is called where a player decides or sees it"
    if parts[0] == "marks" and len(parts) == 2:
        return f"the sign of the mark '{parts[1]}' beside a player's name, with its count (a letter or two)"
    if parts[0] == "variants" and len(parts) == 2:
        return f"the name of the winning variant '{parts[1]}', where a game's settings or changes name it"
    if parts[0] == "schedules" and len(parts) == 2:
        return f"the name of the match schedule '{parts[1]}', where the rules, the game's start or a diff name it"
    if parts[0] == "groups" and len(parts) == 2:
        return f"the group '{parts[1]}' as incompatibility lists name it"
    return "a text"
