"""The one decision interface between the engine and whoever decides (agent, person, script).

The engine asks for every decision with a :class:`Request`: who decides, what kind of
decision, and the legal options. It passes the deciding player's :class:`View` — only what
that player may know. Answers are plain values (card names such as ``"QH"``, suit ids,
numbers, seats, or a :class:`BidAnswer`), so agents never touch engine internals; an
illegal answer is refused with an :class:`IllegalDecision` that says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Final, Literal, Protocol

from interpreter.copying import copy_value
from rulespec.textkeys import CONTRACT as CONTRACT
from rulespec.textkeys import PASS_CARDS as PASS_CARDS
from rulespec.textkeys import TRICK_TAKER as TRICK_TAKER
from rulespec.textkeys import TRUMP as TRUMP

RequestKind = Literal["bid", "play", "choose"]
"""What sort of decision a :class:`Request` asks for (see :attr:`Request.kind`)."""

EngineName = Literal["bid", "card", "trump", "contract", "trick_taker", "pass_cards"]
"""The names of the decisions the engine itself asks for; the others are named by the rule set
(its choice steps, melds and zones), so :attr:`Request.name` is an ``EngineName`` or any such name."""

BID: Final = "bid"  # a player's bid in the auction
CARD: Final = "card"  # a card to play to the trick
# Also the engine's: TRUMP (the choice of trump; its outcome is the view's trump), CONTRACT (a match
# hand's contract: the view's combo), TRICK_TAKER (giving a trick to someone: the view's winner) and
# PASS_CARDS (the cards passed on), named where the texts they are shown under are listed.


class Refusal(str):
    """Why the rules refuse an answer: an English sentence (for logs, errors and records) that also
    carries what a renderer needs to say it again in a person's language.

    ``key`` names the kind of refusal (a label of ``locales/*/ui.yaml``: ``bid_too_low``, …) and
    ``values`` its facts (bid ids under ``bid``, ``first``, ``second``, a tuple of them under
    ``combo``; numbers; :mod:`interpreter.refusalwords` says how each is said). It *is* the
    sentence, so everything that keeps a reason as text keeps working; nothing has to read the
    sentence back (:func:`interpreter.refusalwords.say_refusal` uses ``key`` and ``values``).
    """

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, sentence: str, **values: Any) -> Refusal:
        refusal = super().__new__(cls, sentence)
        refusal.key = key
        refusal.values = values
        return refusal


class ScriptError(ValueError):
    """Scripted or recorded input that does not fit the game (wrong player, illegal, bad hands).

    ``seat``: the seat whose recorded decision the game refused, when one was (None otherwise).
    Its message may name what that seat could have done instead, its cards among them: a driver
    that shows it to one player (``whist play``) shows only the seat's own."""

    def __init__(self, message: str, seat: int | None = None, decision: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.decision = decision


#: The most characters of a stranger's value that a refusal repeats, and of a whole refusal.
SHOWN_VALUE = 40
SHOWN_REASON = 400


def shown(value: Any, limit: int = SHOWN_VALUE) -> str:
    """``value`` as a refusal repeats it: printable, and cut short (an answer may come from a stranger
    over the network: a megabyte of text or a terminal's control sequences are not said back)."""
    try:
        text = value if type(value) is str else str(value) if type(value) in _PLAIN else repr(value)
    except (ValueError, RecursionError):  # an int of thousands of digits, lists nested past Python's depth
        text = "a value too large to show"
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else "?" for ch in text[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


class IllegalDecision(Exception):
    """An answer that the rules do not allow; ``reason`` says why, for a person (a :class:`Refusal`,
    or a sentence; one that would repeat a long or unprintable value is cut short and made printable)."""

    def __init__(self, reason: str) -> None:
        if isinstance(reason, Refusal) and not all(map(_fit, reason.values.values())):
            facts = {name: fact if _fit(fact) else shown(fact, SHOWN_REASON) for name, fact in reason.values.items()}
            reason = Refusal(reason.key, reason, **facts)
        if len(reason) > SHOWN_REASON or not reason.isprintable():
            cut = shown(str(reason), SHOWN_REASON)
            reason = Refusal(reason.key, cut, **reason.values) if isinstance(reason, Refusal) else cut
        super().__init__(reason)
        self.reason = reason


def _fit(value: Any, outer: bool = True) -> bool:
    """Whether a refusal's fact may be said as it is: a number, a short printable text, or (not
    nested) a tuple of a few of them (the bid ids of a combo)."""
    if type(value) is str:
        return len(value) <= SHOWN_REASON and value.isprintable()
    if outer and type(value) is tuple:
        return len(value) <= SHOWN_VALUE and all(_fit(item, outer=False) for item in value)
    return isinstance(value, Real)  # (worths may be fractions)


#: Bid ids (a bid request's ``standard_ids``, ``special_ids``, ``repeatable_ids``).
Ids = tuple[str, ...]
#: Why the combo of a standard bid id and special bid ids may not be bid now, or None: a bid turn's
#: check asked by ids (a bid request's ``check`` asks it of a :class:`BidAnswer`).
Refuse = Callable[[str, Ids], "str | None"]
#: A seat's answer to a bid turn from its check and bid ids alone (see ``Agent.bid_chooser``).
BidChoice = Callable[[Refuse, Ids, Ids, Ids], "BidAnswer | None"]


# Answers compared by value with the options (bool is left out: True would equal seat 1).
_PLAIN = (str, int)


@dataclass(frozen=True, init=False)
class BidAnswer:
    """A combo bid: one standard bid id plus special bid ids. ``None`` as an answer is a pass."""

    standard: str
    specials: tuple[str, ...] = ()

    def __init__(self, standard: str, specials: tuple[str, ...] = ()) -> None:
        # Filled in past the frozen guard (it is still frozen afterwards): a random bidder makes one
        # for every combo it tries, most of them refused, and this is twice as quick.
        fields = self.__dict__
        fields["standard"] = standard
        fields["specials"] = specials

    def to_data(self) -> dict[str, Any]:
        return {"standard": self.standard, "specials": list(self.specials)}

    def well_formed(self) -> bool:
        """Whether it is made of bid ids as a bid check reads them: a text and a tuple of texts (a
        BidAnswer made from a stranger's data may hold anything; the check would fail on it)."""
        specials = self.specials
        return type(self.standard) is str and type(specials) is tuple and all(type(s) is str for s in specials)

    @staticmethod
    def from_data(data: Any) -> BidAnswer | None:
        if data is None or data == "pass":
            return None
        specials = data.get("specials", ()) if isinstance(data, dict) else None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("standard"), str)
            or not isinstance(specials, list | tuple)
            or not all(isinstance(s, str) for s in specials)
        ):  # a record from a stranger: a bid is {standard: ID, specials: [ID, …]} or null
            raise ScriptError(f"not a bid: {shown(data, 80)}")
        return BidAnswer(data["standard"], tuple(specials))


@dataclass(slots=True)
class Request:
    """A decision the engine needs.

    ``kind`` is one of :data:`RequestKind`: ``bid`` (answer: BidAnswer or None to pass), ``play``
    (a card name), ``choose`` (a value of ``what``: suit id, card name, number or seat; a list of
    ``count`` distinct values when ``count`` > 1; None allowed when ``optional``).
    ``name`` says what is being chosen: one of :data:`EngineName` (``trump``, ``trick_taker``,
    ``pass_cards``, ...) or the name of the rule set's choice step, meld or zone.
    ``what`` is the kind of value an answer is: ``card`` (a card name: every play, cards passed, put
    in a zone or shown for a meld), ``suit`` (a suit id), ``player`` (a seat), ``number``,
    ``direction`` (a rule set's choice steps may ask for any of these) or ``bid`` (a match hand's
    contract: one of ``options``); empty for a bid request.
    For a bid, ``options`` is empty and ``check`` tells whether a combo is legal; the bids to
    build it from are ``standard_ids`` and ``special_ids``, and those of ``repeatable_ids`` may
    appear more than once in ``BidAnswer.specials``.
    """

    kind: RequestKind
    seat: int
    name: EngineName | str = ""
    what: str = ""
    options: tuple[Any, ...] = ()
    count: int = 1
    optional: bool = False
    check: Callable[[BidAnswer], str | None] | None = field(default=None, compare=False, repr=False)
    standard_ids: tuple[str, ...] = ()
    special_ids: tuple[str, ...] = ()
    repeatable_ids: tuple[str, ...] = ()  # special bids a combo may hold more than once
    #: Where the chosen cards go, for cards passed (``pass_cards``): the seat that receives them, so a
    #: person choosing what to send is told to whom (None: any other request).
    receiver: int | None = None

    @property
    def asked(self) -> str:
        """What the request asks for, in words for a message (English: scripts and scenarios)."""
        if self.kind == "bid":
            return "a bid or a pass"
        if self.kind == "play":
            return "a card to play"
        if self.name == TRICK_TAKER:
            return "who takes the trick"
        return f"a choice of {self.name}" if self.kind == "choose" else f"{self.kind} {self.name}".strip()

    def __deepcopy__(self, memo: dict[int, Any]) -> Request:
        """A copy for a copy of its position: the same request, its ``check`` the copy's own."""
        check = copy_value(self.check, memo) if self.check is not None else None
        new = Request(self.kind, self.seat, self.name, self.what, self.options, self.count, self.optional, check)
        new.standard_ids, new.special_ids, new.repeatable_ids = self.standard_ids, self.special_ids, self.repeatable_ids
        new.receiver = self.receiver
        memo[id(self)] = new
        return new

    def validate(self, answer: Any) -> Any:
        """Return the answer in canonical form, or raise :class:`IllegalDecision`."""
        if self.kind == "bid":
            if answer is None:
                return None
            if not isinstance(answer, BidAnswer) or not answer.well_formed():
                raise IllegalDecision(Refusal("bid_form", "a bid is a standard bid plus special bids, or a pass"))
            reason = self.check(answer) if self.check else None
            if reason:
                raise IllegalDecision(reason)
            return answer
        if answer is None:
            if self.optional:
                return None
            what = self.what or self.kind
            raise IllegalDecision(Refusal("must_choose", f"a {what} must be chosen", what=what))
        if self.count == 1 and type(answer) in _PLAIN and answer in self.options:
            return answer  # an option itself (agents answer so): already canonical
        if self.count > 1:
            values = list(answer) if isinstance(answer, list | tuple) else [answer]
            if len(values) != self.count or len(set(map(_text, values))) != self.count:
                sentence = f"choose {self.count} different values"
                raise IllegalDecision(Refusal("choose_different", sentence, n=self.count))
            for value in values:
                self._check_option(value)
            return [self._canonical(v) for v in values]
        self._check_option(answer)
        return self._canonical(answer)

    def _canonical(self, value: Any) -> Any:
        text = _text(value)
        for option in self.options:
            if str(option) == text:
                return option
        return value

    def _check_option(self, value: Any) -> None:
        text = _text(value)
        if text is None or not any(str(option) == text for option in self.options):
            # The choices as a list (a client says them its own way), a refusal's list at most
            # SHOWN_VALUE long: the first ones, then "…" where there are more.
            options = self.options
            cut = len(options) > SHOWN_VALUE
            allowed = tuple(str(o) for o in options[: SHOWN_VALUE - 1 if cut else SHOWN_VALUE]) + (
                ("…",) if cut else ()
            )
            sentence = f"{shown(value)} is not allowed here; allowed: {', '.join(allowed)}"
            raise IllegalDecision(Refusal("not_an_option", sentence, value=shown(value), allowed=allowed))


def _text(value: Any) -> str | None:
    """An answer's text, as it is matched with the options' text; None for a value whose text cannot
    be told (an int of thousands of digits, lists nested past Python's depth: from a stranger)."""
    try:
        return str(value)
    except (ValueError, RecursionError):
        return None


@dataclass(frozen=True)
class View:
    """What one player may know at a decision. Cards are names (``"QH"``); players are seats. Its
    lists and dicts are its own: changing them changes nothing in the game or its record."""

    seat: int
    hand: tuple[str, ...]
    visible: dict[int, tuple[str, ...]]  # other players' cards this player may see
    trump: str | None
    dealer: int
    players: tuple[int, ...]  # seats in this deal, clockwise
    scores: dict[int, Any]  # every seat at the table (0, 1, …), those sitting the deal out too
    marks: dict[int, dict[str, int]]  # likewise every seat's: the winning rules read the whole table
    auction: tuple[tuple[int, Any], ...]  # (seat, bid data or None for pass)
    declarer: int | None
    combo: dict[str, Any] | None
    declarations: dict[str, Any]  # public ones and this player's own hidden ones; per-player choices by seat
    # Finished tricks, in order, each {"number": 1…, "leader": seat, "trump": suit id or None,
    # "plays": ((seat, card), …) in the order played, "winner": seat} (and "after_close": True for a
    # trick played once the stock was closed or ran out).
    tricks: tuple[dict[str, Any], ...]
    current_trick: tuple[tuple[int, str], ...]
    zones: dict[str, tuple[str, ...]]  # cards lying in named zones (visible to all)
    declared_cards: tuple[str, ...] = ()  # card names inside the declarations above
    face_up: str | None = None  # the stock's face-up card
    stock_size: int = 0  # cards left in the stock (the face-up one included)
    closed: bool = False  # the stock has run out
    melds: tuple[dict[str, Any], ...] = ()  # melds declared so far: seat, meld, led, shown, points
    meld_leads: tuple[str, ...] = ()  # own cards that, led, would let this player declare a meld
    hand_number: int = 0  # in a match: which hand this is
    lead_worth: Any = None  # during the auction: the rank of the highest bid so far (public)

    def cards_known(self) -> set[str]:
        """Every card name this view reveals (used to prove views leak nothing)."""
        known = set(self.hand)
        for cards in self.visible.values():
            known.update(cards)
        for trick in self.tricks:
            known.update(card for _, card in trick["plays"])
        known.update(card for _, card in self.current_trick)
        for cards in self.zones.values():
            known.update(cards)
        known.update(self.declared_cards)
        if self.face_up:
            known.add(self.face_up)
        for meld in self.melds:
            known.update((meld["led"], meld["shown"]))
        return known


class Agent(Protocol):
    """Anything that answers requests: ``decide(request, view) -> answer``.

    A class that derives from ``Agent`` gets the defaults below; one that only has the same
    members (structural typing) must declare all of them.
    """

    wants_view: bool = True
    """False for an agent that decides without looking at the table: it is passed ``None``
    instead of a :class:`View`, and the game saves the cost of building one."""

    legal_answers: bool = False
    """True for an agent whose answers are always legal and canonical (an option itself, a
    checked bid or a pass): the game does not validate them again."""

    def decide(self, request: Request, view: View | None) -> Any:
        """The answer to ``request``, seen from ``view`` (``None`` when ``wants_view`` is False)."""
        ...

    def card_chooser(self, seat: int) -> Callable[[Sequence[str]], str]:
        """How ``seat`` picks the card it plays from ``options`` (legal card names) without a view:
        what :meth:`decide` answers to a play request. A simulation of agents that want no view asks
        a deal's choosers for every card (no :class:`Request` made); an agent may give a cheaper
        function, but it must answer as :meth:`decide` would, with the same random draws.
        ``options`` may be the engine's own list, changed once the card is played: a chooser that
        keeps the options keeps a copy (as this one does, in its request)."""
        return lambda options: str(self.decide(Request("play", seat, CARD, "card", tuple(options)), None))

    def bid_chooser(self, seat: int) -> BidChoice:
        """How ``seat`` answers a bid turn from its check by ids (``refuse(standard, specials)``) and the
        bids to build combos from (what a bid request holds: ``standard_ids``, ``special_ids``,
        ``repeatable_ids``): what :meth:`decide` answers to that request. A simulation of agents that want
        no view asks a deal's bid choosers for every bid turn (no :class:`Request` made); an agent may give
        a cheaper function, but it must answer as :meth:`decide` would, with the same random draws."""

        def choose(refuse: Refuse, standard_ids: Ids, special_ids: Ids, repeatable_ids: Ids) -> BidAnswer | None:
            def check(answer: BidAnswer) -> str | None:
                return refuse(answer.standard, answer.specials)

            request = Request("bid", seat, BID, "", (), 1, False, check, standard_ids, special_ids, repeatable_ids)
            answer: BidAnswer | None = self.decide(request, None)
            return answer

        return choose

    def refused(self, request: Request, reason: str) -> None:
        """Told that the answer just given to ``request`` was illegal and why; it is asked again."""
        return None  # by default not told (a body, so that the method is not abstract)


def option_names(options: Sequence[Any]) -> tuple[str, ...]:
    return tuple(str(o) for o in options)
