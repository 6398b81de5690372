"""Mistakes in a scenario file, found before and while it is played, told at their place in the file.

A scenario is a test: one that cannot fail is worse than none. So what the file says must be
something the engine can check, and a mistake in the file is an error at its ``file:line:col``
(exit 1), never a difference found by playing it, nor silence:

* before anything is played: an expectation that can never be compared (beside ``error``, or
  after a deal that stops the game), a scenario that expects nothing (:func:`check_file`); a
  seat that is not at the table (:func:`check_seats`, once the rule set has taken the players);
* when a deal begins (:func:`check_layout`): a hand for a seat that sits out or is not there,
  a trick that is not one card per seat of the deal, and hands or a stock the deal refuses
  (:func:`setup_error`, a broken hand is the file's mistake, not the game's outcome);
* while it is played (:class:`ScenarioScript`): a refused decision is named as the file counts
  it (``decision 5 of deal 1``, ``card play 5 of deal 1 (trick 2)``) and located at its entry.

The format is described in :mod:`interpreter.scenario`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any

from interpreter.decisions import Request, ScriptError, shown
from interpreter.game import Game, Script
from interpreter.scenario_outcome import seat_map
from rulespec.errors import RuleError, did_you_mean
from rulespec.yamldocument import Document

Where = Sequence[str | int]


class ScenarioData(dict[str, Any]):
    """A scenario as read: its data, and the document that knows where each value is written."""

    doc: Document | None = None


def locate(data: Any, path: Where, message: str, hint: str | None = None, *, key: bool = False) -> RuleError:
    """An error at ``path`` of the scenario's file (at the mapping key with ``key``); unlocated for a
    scenario built in Python."""
    doc: Document | None = getattr(data, "doc", None)
    if doc is None:
        return RuleError(message, None, hint)
    return doc.key_error(list(path), message, hint) if key else doc.error(list(path), message, hint)


def _deals(data: dict[str, Any]) -> list[tuple[list[str | int], dict[str, Any]]]:
    """Each deal of a scenario with its path in the file (a one-deal scenario is its own deal)."""
    if "deals" in data:
        return [(["deals", i], deal) for i, deal in enumerate(data.get("deals") or [])]
    return [([], data)]


def _seat_keys(value: Any) -> list[tuple[str | int, int]]:
    """The keys (or list indexes) of a per-seat value, each with the seat it names."""
    if isinstance(value, list):
        return [(i, i) for i in range(len(value))]
    if isinstance(value, dict):
        return [(k, int(k)) for k in value]
    return []


def check_seats(data: dict[str, Any], players: int) -> None:
    """Every seat the file names is at the table (checked once the rule set has taken the players)."""
    table = f"this table of {players} players has seats 0 to {players - 1}"
    if int(data.get("dealer", 0)) >= players:
        raise locate(data, ["dealer"], f"dealer {data['dealer']} is not a seat: {table}")
    places: list[list[str | int]] = [["scores"], ["marks"]]
    for where, deal in _deals(data):
        places += [[*where, "hands"], *([*where, "expect", k] for k in ("tricks_won", "hand_points", "marks"))]
        for index, entry in enumerate(deal.get("decisions") or []):
            seat = entry.get("seat") if "answer" in entry else int(next(iter(entry)))
            if isinstance(seat, int) and seat >= players:
                raise locate(data, [*where, "decisions", index], f"seat {seat} is not at the table: {table}")
    if "deals" in data:
        places.append(["expect", "marks"])
    for where, deal in _deals(data):  # (seats as values: who declared, won, dealt; seats in order)
        _seat_values(data, [*where, "expect"], deal.get("expect") or {}, players, table)
    if "deals" in data:
        _seat_values(data, ["expect"], data.get("expect") or {}, players, table)
    for path in places:
        value = _value(data, path)
        for key, seat in _seat_keys(value):
            if seat >= players:
                kind = "item" if isinstance(value, list) else "key"
                hint = "a list gives one value per seat, in seat order" if kind == "item" else None
                raise locate(data, [*path, key], f"seat {seat} is not at the table: {table}", hint, key=kind == "key")


#: The expectations whose value is a seat, or a list of seats.
SEAT_VALUES = ("declarer", "dealer", "next_dealer", "winner", "hand_winner")
SEAT_LISTS = ("trick_winners", "auction_order")


def _seat_values(data: dict[str, Any], where: Where, expect: dict[str, Any], players: int, table: str) -> None:
    for key in (*SEAT_VALUES, *SEAT_LISTS):
        values = expect.get(key)
        items = values if key in SEAT_LISTS and isinstance(values, list) else [values]
        for index, seat in enumerate(items):
            if isinstance(seat, int) and seat >= players:
                path = [*where, key, index] if key in SEAT_LISTS else [*where, key]
                raise locate(data, path, f"{key}: seat {seat} is not at the table: {table}")


def check_cards(data: dict[str, Any], where: Where, deal: dict[str, Any], deck: Collection[str]) -> None:
    """Every card the deal's hands, stock and tricks name is a card of the deck, told at the card
    (with the card meant, when the name is written another way: ``TS``, ``2s``, ``2♠``)."""
    hands: Any = deal.get("hands")
    places: list[tuple[list[str | int], Any, str]] = [
        ([*where, "hands", key], hands[key], f"the hand of seat {seat}: ") for key, seat in _seat_keys(hands)
    ]
    places.append(([*where, "stock"], deal.get("stock"), "the stock: "))
    places += [([*where, "tricks", i], trick, f"trick {i + 1}: ") for i, trick in enumerate(deal.get("tricks") or [])]
    for path, cards, what in places:
        if isinstance(cards, str):
            for found in re.finditer(r"\S+", cards):
                if found.group() not in deck:
                    raise _not_a_card(data, path, found.start(), found.group(), what, deck)
        elif isinstance(cards, list):
            for index, card in enumerate(cards):
                if str(card) not in deck:
                    raise _not_a_card(data, [*path, index], None, str(card), what, deck)


_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def _not_a_card(data: Any, path: Where, offset: int | None, name: str, what: str, deck: Collection[str]) -> RuleError:
    written = "".join(_SYMBOLS.get(ch, ch) for ch in name.strip()).upper()
    written = "10" + written[1:] if written[:1] == "T" else written
    if written in deck:
        hint = f"did you mean '{written}'? (a card is its rank, then its suit's letter, in capitals)"
    else:
        hint = "a card is its rank, then its suit's letter, in capitals: 10S, QH, 2C"
    message = f"{what}{shown(name)} is not a card of this deck"
    doc: Document | None = getattr(data, "doc", None)
    if doc is None or offset is None:
        return locate(data, path, message, hint)
    position = doc.position_in_scalar(list(path), offset)
    return RuleError(message, position, hint, doc.source_line(position.line))


def _value(data: dict[str, Any], path: Where) -> Any:
    value: Any = data
    for part in path:
        value = value.get(part) if isinstance(value, dict) else value[int(part)] if isinstance(value, list) else None
    return value


def check_file(data: dict[str, Any]) -> None:
    """Refuse a scenario that expects nothing, and expectations that can never be compared: an
    expected error stops the deal (and the game), so nothing beside it or after it is."""
    deals = _deals(data)
    if not any(deal.get("expect") for _, deal in deals) and not ("deals" in data and data.get("expect")):
        where: list[str | int] = ["expect"] if "expect" in data else []
        raise locate(data, where, "this scenario expects nothing, so it checks nothing", "add what must happen: expect")
    for number, (where, deal) in enumerate(deals, 1):
        expect = deal.get("expect") or {}
        if "error" not in expect:
            continue
        for key in expect:
            if key != "error":
                raise locate(
                    data,
                    [*where, "expect", key],
                    f"'{key}' beside 'error': a deal that stops has no outcome to compare",
                    "expect only the error here; what the deal comes to belongs in a scenario that plays it through",
                    key=True,
                )
        if "deals" not in data:
            continue
        if number < len(deals):
            raise locate(
                data,
                [*where, "expect", "error"],
                f"deal {number} expects an error, which ends the game: the {len(deals) - number} deal(s) after it "
                "would never be played",
                "a deal that expects an error is the last one; test the later deals in a scenario of their own",
            )
        if data.get("expect"):
            raise locate(
                data,
                ["expect"],
                f"the game stops at deal {number}'s expected error: there is no end of the game to check",
                "leave out the top-level 'expect', or the error",
            )


def check_before(data: dict[str, Any], game: Game) -> None:
    """What the game is given before its first deal, or expected of a deal or of the game, must exist
    in it: its marks (an expected mark misspelt was only a difference after playing), its hand of a
    match."""
    known = game.rules.game.marks
    places: list[list[str | int]] = [["marks"], ["expect", "marks"]]
    places += [[*where, "expect", "marks"] for where, _ in _deals(data)]
    for place in places:
        given = _value(data, place)
        for seat, marks in seat_map(given).items():
            for name in marks:
                if name not in known:
                    hint = did_you_mean(str(name), known) or f"known: {', '.join(known) or 'none'}"
                    key = next(k for k in given if int(k) == seat) if isinstance(given, dict) else seat
                    raise locate(data, [*place, key, name], f"'{name}' is not a mark of this game", hint, key=True)
    if "hand_number" not in data:
        return
    match = game.rules.game.match
    if match is None:
        raise locate(data, ["hand_number"], "hand_number is the place in a match, and this game plays none")
    hands = len(game.schedule())
    if data["hand_number"] > hands:
        raise locate(data, ["hand_number"], f"hand_number {data['hand_number']} is past the match's {hands} hands")


def check_layout(data: dict[str, Any], where: Where, deal: dict[str, Any], seats: list[int], dealer: int) -> None:
    """Before a deal is played: its hands are for the seats that play it, its tricks one card per seat."""
    for key, seat in _seat_keys(deal.get("hands")):
        if seat not in seats:
            value = deal["hands"][key]
            if isinstance(deal["hands"], list) and not value:  # (an empty place in a list: no hand)
                continue
            raise locate(
                data,
                [*where, "hands", key],
                f"seat {seat} sits out this deal (dealer {dealer}; seats {', '.join(map(str, seats))} play): "
                "it is dealt no hand",
                key=isinstance(deal["hands"], dict),
            )
    tricks = deal.get("tricks") or []
    stops = "error" in (deal.get("expect") or {})
    for index, trick in enumerate(tricks):
        count = len(trick.split() if isinstance(trick, str) else trick)
        last = index == len(tricks) - 1
        if count == len(seats) or (last and stops and 0 < count < len(seats)):
            continue
        raise locate(
            data,
            [*where, "tricks", index],
            f"trick {index + 1} has {count} card(s): a trick is one card from each of the {len(seats)} seats "
            "that play the deal, in play order",
            "only the last trick of a deal that expects an error may stop short, at the refused card",
        )


def setup_error(data: dict[str, Any], where: Where, deal: dict[str, Any], message: str) -> RuleError:
    """A deal's refusal of its scripted hands or stock, as a mistake in the file at that hand or stock."""
    if message.startswith("stock"):
        return locate(data, [*where, "stock"], message)
    seat = re.match(r"seat (\d+):|no hand given for seat (\d+)", message)
    hands: Any = deal.get("hands")
    path: list[str | int] = [*where, "hands"] if hands is not None else list(where)
    if seat and seat.group(1) is not None:
        number = int(seat.group(1))
        keys = _seat_keys(hands)
        if "given twice" in message:  # (the deal finds it at the second hand: name every hand holding it)
            card = message.rsplit(": ", 1)[-1].split(", ")[0]
            holders = [(k, s) for k, s in keys if card in _names(hands[k])]
            key, _ = holders[0] if holders else (None, number)
            where_ = path if key is None else [*path, key]
            if len({s for _, s in holders}) == 1:  # (twice in one hand)
                return locate(data, where_, f"{card} is given twice in the hand of seat {holders[0][1]}")
            seats = " and ".join(str(s) for _, s in holders) or str(number)
            return locate(data, where_, f"{card} is given twice: in the hands of seats {seats}")
        key = next((k for k, s in keys if s == number), None)
        return locate(data, path if key is None else [*path, key], f"the hand of {message}")
    return locate(data, path, message)


def _names(cards: Any) -> list[str]:
    return cards.split() if isinstance(cards, str) else [str(c) for c in cards or ()]


class ScenarioScript(Script):
    """A scenario's script that remembers which of the file's entries it gave last (to name and
    locate a refused one as the file counts it)."""

    def __init__(self, decisions: list[dict[str, Any]], plays: list[str], tricks: list[int]) -> None:
        super().__init__(decisions=decisions, plays=plays)
        self.tricks = tricks  # the trick (from 0) of each card play, as written
        self.last: tuple[str, int] | None = None

    def next_for(self, request: Request) -> tuple[bool, Any]:
        plays = request.kind == "play"
        self.last = ("play", self.play_position) if plays else ("decision", self.position)
        try:
            given = super().next_for(request)
        except ScriptError:  # (an entry for another seat is refused before it is taken: take it,
            self.position = max(self.position, self.last[1] + 1)  # so what is left over comes after it)
            raise
        if not given[0]:
            self.last = None
        return given

    def where(self, deal: int) -> str:
        """The last entry given, as the file counts it: ``decision 3 of deal 1``, ``card play 5 of
        deal 1 (trick 2)``."""
        assert self.last is not None
        kind, index = self.last
        if kind == "play":
            return f"card play {index + 1} of deal {deal} (trick {self.tricks[index] + 1})"
        return f"decision {index + 1} of deal {deal}"

    def path(self, data: dict[str, Any], where: Where, deal: dict[str, Any]) -> tuple[list[str | int], int | None]:
        """Where the last entry is written: its path in the file, and for a card in a trick written as
        one text, the card's offset in that text."""
        assert self.last is not None
        kind, index = self.last
        if kind == "decision":
            return [*where, "decisions", index], None
        trick = self.tricks[index]
        within = index - self.tricks.index(trick)
        text = (deal.get("tricks") or [])[trick]
        if not isinstance(text, str):
            return [*where, "tricks", trick, within], None
        offsets = [m.start() for m in re.finditer(r"\S+", text)]
        return [*where, "tricks", trick], offsets[within] if within < len(offsets) else None


def refusal(
    data: dict[str, Any], where: Where, deal: dict[str, Any], number: int, script: Script, text: str, hint: str | None
) -> tuple[str, str]:
    """A refused scripted entry named as the file counts it (``card play 5 of deal 1 (trick 2): seat 2
    was asked …``), and the same placed at its entry (``file:line:col: the deal stopped: …``, its line
    and a caret) for a report."""
    if not isinstance(script, ScenarioScript) or script.last is None:
        return text, f"the deal stopped: {text}"  # (a missing decision: already counted as the file does)
    said = re.sub(r"^decision \d+: ", "", text)  # (the engine counts the game's decisions, cards among them)
    message = f"{script.where(number)}: {said}"
    doc = getattr(data, "doc", None)
    if doc is None:
        return message, f"the deal stopped: {message}"
    path, offset = script.path(data, where, deal)
    position = doc.position(path) if offset is None else doc.position_in_scalar(path, offset)
    return message, str(RuleError(f"the deal stopped: {message}", position, hint, doc.source_line(position.line)))


def left_over(data: dict[str, Any], where: Where, script: Script, deal: int, stopped: bool) -> list[str]:
    """What a deal's script gives that the game never asked for, at the first such entry: a scenario
    that scripts more than was played does not test what it seems to. After an expected refusal
    (``stopped``) the rest of the refused card's trick, and decisions, may follow it (a trick and an
    auction are written whole), but not a later trick: a refusal that comes tricks early hides a mistake."""
    decision_from, play_from = script.position, script.play_position
    if stopped:
        decision_from = len(script.decisions)
        if isinstance(script, ScenarioScript) and script.last is not None and script.last[0] == "play":
            trick = script.tricks[script.last[1]]
            play_from = next((i for i, t in enumerate(script.tricks) if t > trick), len(script.tricks))
    decisions = len(script.decisions) - decision_from
    plays = len(script.plays or []) - play_from
    if decisions <= 0 and plays <= 0:
        return []
    parts = [f"{decisions} decision(s) from decision {decision_from + 1}"] if decisions > 0 else []
    parts += [f"{plays} card play(s) from card play {play_from + 1}"] if plays > 0 else []
    place = [*where, "decisions", decision_from] if decisions > 0 else [*where, "tricks"]
    if decisions <= 0 and isinstance(script, ScenarioScript):
        place.append(script.tricks[play_from])
    ended = "stopped at the expected error" if stopped else "ended"
    said = f"deal {deal} {ended}, but the scenario gives {' and '.join(parts)} that were never asked for"
    return [str(locate(data, place, said))]
