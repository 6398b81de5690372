"""The types of the expression language and the game objects rule files can talk about.

This module is the *vocabulary*: which attributes a player, card, trick … has, and of what
type. The compiler checks every expression against it at load time; the interpreter
supplies runtime objects that have exactly these attributes (a test keeps the two in step).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Type:
    """A value type. Plain types compare by name; lists by element type."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ListType(Type):
    element: Type = field(default_factory=lambda: Type("any"))  # ANY, defined below

    def __str__(self) -> str:
        return f"list of {self.element}"


def with_article(t: Type) -> str:
    """``a number``, ``an int list``: a type as a message names it."""
    text = str(t)
    return ("an " if text[0] in "aeiou" else "a ") + text


def list_of(element: Type) -> ListType:
    return ListType(f"list[{element.name}]", element)


@dataclass(frozen=True)
class StandingType(Type):
    """A player seen over the whole game (winning and match rules): their score, marks and seat,
    none of one deal's facts. It is a player wherever a player is asked for (``others(p)``,
    ``left_of(p)``, ``p == q``); only its attributes are fewer."""


ANY = Type("any")
NUMBER = Type("number")
BOOL = Type("bool")
TEXT = Type("text")
SUIT = Type("suit")
RANK = Type("rank")
CARD = Type("card")
PLAYER = Type("player")
STANDING = StandingType("player")  # (says "player" in messages, as a player it is)
TRICK = Type("trick")
PLAY = Type("play")
BID = Type("bid")
COMBO = Type("combo")
MARKS = Type("marks")
OPTIONS = Type("options")
DIRECTION = Type("direction")
ZONE = Type("zone")

#: Types whose values are names from a fixed set known at load time. A string literal may
#: stand for such a value (``card.suit == "H"``); the literal is checked against the set.
NAMED_TYPES = (SUIT, RANK, BID, DIRECTION, ZONE, TEXT)

#: The name an element is bound to inside a predicate: ``count(declarer.won, card.suit == "H")``.
ELEMENT_NAMES: dict[Type, str] = {
    CARD: "card",
    PLAYER: "player",
    STANDING: "player",
    TRICK: "trick",
    PLAY: "play",
    SUIT: "suit",
    RANK: "rank",
    BID: "bid",
    NUMBER: "number",
    DIRECTION: "direction",
}

#: Attributes of game objects. MARKS and OPTIONS get theirs from the rule set.
ATTRIBUTES: dict[Type, dict[str, Type]] = {
    PLAYER: {
        "tricks": NUMBER,  # tricks taken this hand (after adjustments such as a virtual trick)
        "won": list_of(CARD),  # cards in the tricks taken this hand
        "won_tricks": list_of(TRICK),
        "hand": list_of(CARD),
        "score": NUMBER,
        "start_score": NUMBER,  # the score when the deal began (the free point's timing: reading 13)
        "marks": MARKS,
        "seat": NUMBER,  # 0-based seat at the table
        "is_declarer": BOOL,
        "meld_points": NUMBER,  # points from melds declared this hand
    },
    STANDING: {"score": NUMBER, "start_score": NUMBER, "marks": MARKS, "seat": NUMBER},
    CARD: {
        "suit": SUIT,
        "rank": RANK,
        "value": NUMBER,  # position in the rank order in force, 1 = lowest
        "is_trump": BOOL,
        "holder": PLAYER,  # who holds it now (in a hand)
        "zone": ZONE,  # the named zone it lies in (e.g. an atelier), or "" when none
        "color": TEXT,  # the suit's colour from the deck (red, black), or "" when the deck gives none
    },
    TRICK: {
        "number": NUMBER,  # 1-based
        "leader": PLAYER,
        "winner": PLAYER,
        "cards": list_of(CARD),
        "plays": list_of(PLAY),
        "led_suit": SUIT,
        "lead": CARD,  # the card led
        "after_close": BOOL,  # played after the hand was closed (the stock ran out)
        "trump": SUIT,  # the trump in force for this trick
    },
    PLAY: {"player": PLAYER, "card": CARD, "is_lead": BOOL},  # is_lead: the first card of its trick
    BID: {
        "id": BID,
        "kind": TEXT,
        "trump": BOOL,  # whether the bid has a trump suit
        "worth": NUMBER,  # its worth in this combo
        "score": NUMBER,  # standard bids: its score in this combo (0 for special bids)
        "min_tricks": NUMBER,  # the fewest tricks its table asks for in this deal (0: none)
        "priority": NUMBER,
    },
    COMBO: {
        "worth": NUMBER,
        "standard": BID,
        "specials": list_of(BID),
        "bids": list_of(BID),
    },
}

#: Attributes that are facts of the deal rather than of the object: a card is the same object
#: in every deal of a rule set, while its value, trump-ness, holder, zone and colour belong to
#: the deal. Expressions read them from the environment's ``_table``: ``card.value`` is
#: ``_table.card_value(card)``.
TABLE_FACTS: dict[Type, frozenset[str]] = {
    CARD: frozenset({"value", "is_trump", "holder", "zone", "color"}),
}

#: Methods: (argument types, result type).
METHODS: dict[Type, dict[str, tuple[tuple[Type, ...], Type]]] = {
    PLAYER: {"tricks_in": ((list_of(NUMBER),), NUMBER)},
    COMBO: {"has": ((BID,), BOOL)},
}


def by_name(name: str) -> Type:
    """The type a name says: ``number``, ``player``, ``list[player]`` (as :func:`list_of` names it)."""
    if name.startswith("list[") and name.endswith("]"):
        return list_of(by_name(name[5:-1]))
    return Type(name)


def is_list(t: Type) -> bool:
    return isinstance(t, ListType)


def element_of(t: Type) -> Type:
    return t.element if isinstance(t, ListType) else ANY


def compatible(expected: Type, actual: Type) -> bool:
    """Whether a value of type ``actual`` may stand where ``expected`` is wanted."""
    if expected == ANY or actual == ANY:
        return True
    if isinstance(expected, ListType) and isinstance(actual, ListType):
        return compatible(expected.element, actual.element)
    return expected == actual or (expected == PLAYER and actual == STANDING)


def unify(a: Type, b: Type) -> Type | None:
    """The common type of two branches or list items, or None."""
    if a == ANY:
        return b
    if b == ANY:
        return a
    if isinstance(a, ListType) and isinstance(b, ListType):
        inner = unify(a.element, b.element)
        return list_of(inner) if inner else None
    return a if a == b else None


#: What to do instead of reading a deal's fact where players are seen over the whole game.
GAME_WIDE_HINT = "let the deal's rules record what they need in a mark (a bid's marks:), and read the mark here"


def deal_fact(t: Type, name: str) -> str | None:
    """Why ``name`` cannot be read of a ``t`` when it is one deal's fact asked of a player seen over
    the whole game (winning and match rules: :data:`STANDING`), else None."""
    if t != STANDING or (name not in ATTRIBUTES[PLAYER] and name not in METHODS[PLAYER]):
        return None
    known = ", ".join(ATTRIBUTES[STANDING])
    over = "rules over the whole game (winning, match, set_scores) see each player so"
    return f"'{name}' is a fact of one deal; {over}: {known}"
