"""Views as plain data (JSON) and back: the part of :mod:`interpreter.wire` that a client reads most.

:func:`view_to_data` writes a :class:`~interpreter.decisions.View` with its seats as keys written as
text (JSON's keys are text), tuples as lists and exact fractions as text (``"7/2"``, as records write
scores), all of it new: changing the data changes nothing in the game. :func:`view_from_data` makes
the view back, equal to it — seats as ints again, card lists as tuples, ``"7/2"`` in a number's place
as a Fraction — so an agent on the other side decides as it would beside the game. Each field of a
view has its way back in ``_VIEW_FIELDS`` (a test checks that none is missing).
"""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from fractions import Fraction
from typing import Any

from interpreter.decisions import View, shown
from interpreter.standings import plain_number
from rulespec.numbers import MAX_NUMBER_CHARS, out_of_range

__all__ = ["object_fields", "view_from_data", "view_problem", "view_to_data"]

# An exact fraction as plain_number writes it: ASCII digits, the denominator positive, without a sign.
_FRACTION = re.compile(r"-?(?:0|[1-9][0-9]*)/[1-9][0-9]*")
#: Kinds of marks a seat may have in a view from the wire (the bundled rule sets have one or two).
MAX_MARK_NAMES = 20
_SEAT = re.compile(r"0|[1-9][0-9]{0,2}")  # a seat as a key: ASCII digits only (not " 1 ", not "١")


def view_to_data(view: View) -> dict[str, Any]:
    """``view`` as JSON-ready data, all of it new (see the module's text)."""
    return {field.name: _to_plain(getattr(view, field.name)) for field in fields(View)}


def view_from_data(data: Any) -> View:
    """The :class:`View` that :func:`view_to_data` wrote (equal to it); a ValueError says which field
    does not fit. Fields it does not know are left out (data from a newer server)."""
    required = tuple(field.name for field in fields(View) if field.default is MISSING)
    given = object_fields(data, "view", required)
    values: dict[str, Any] = {}
    for name, value in given.items():
        back = _VIEW_FIELDS.get(name)
        if back is None:
            continue
        try:
            values[name] = back(value)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
            raise ValueError(f"view data: {name} does not fit ({shown(str(exc), 80)})") from None
    view = View(**values)
    problem = view_problem(view)
    if problem is not None:
        raise ValueError(f"view data: {problem}")
    return view


def view_problem(view: View) -> str | None:
    """What makes ``view`` one no game gives, or None: a player listed twice, a seat not among the
    players that holds cards, or scores and marks that are not those of one table. (A seat that sits
    the deal out is not among the players, and sees with no hand:
    :meth:`~interpreter.views.Views.onlooker_view`; it is a seat of the table all the same.) The
    table's seats are those the scores name, 0 to one less than their count: a view scores every
    seat, and no other, so a score for a seat outside them, marks for other seats, or a player, a
    viewer or a seat in play that is not at the table is refused. Each field may fit alone and the
    whole still be forged: what reads a view as a table (a sampled world,
    :mod:`interpreter.remotecheck`) would look up a seat that is not there."""
    if len(set(view.players)) != len(view.players):
        return f"players lists a seat twice ({shown(list(view.players), 60)})"
    players = shown(list(view.players), 60)
    if view.seat not in view.players and view.hand:
        return f"seat {view.seat} holds cards but is not among the players ({players})"
    for what, seat in _seats_in_play(view):
        if seat not in view.players:
            return f"{what} names seat {shown(seat, 20)}, not among the players ({players})"
    return _table_problem(view)


def _table_problem(view: View) -> str | None:
    """Scores and marks not of one table's seats 0 to n - 1, or a player or the viewer not at it."""
    count = len(view.scores)
    table = set(range(count))
    at_table = f"a table of {count} (seats 0 to {count - 1})" if count else "a table of no seats"
    outside = sorted(set(view.scores) - table)
    if outside:
        return f"scores name seat {outside[0]}, outside {at_table}"
    for what, seat in (*(("players", seat) for seat in view.players), ("seat", view.seat)):
        if seat not in table:
            return f"{what} names seat {shown(seat, 20)}, not at {at_table}"
    if set(view.marks) != table:
        return f"marks are given for seats {shown(sorted(view.marks), 60)}, not those of {at_table}"
    return None


def _seats_in_play(view: View) -> list[tuple[str, Any]]:
    """Every seat the view says did something in the deal (bid, declared, played, shows cards)."""
    named: list[tuple[str, Any]] = [("auction", seat) for seat, _ in view.auction]
    named += [("current_trick", seat) for seat, _ in view.current_trick]
    named += [("tricks", seat) for trick in view.tricks for seat, _ in trick.get("plays", ())]
    named += [("visible", seat) for seat in view.visible]
    return [*named, ("declarer", view.declarer)] if view.declarer is not None else named


def _to_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _to_plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_to_plain(item) for item in value]
    if isinstance(value, Fraction):
        return plain_number(value)
    return value


def _number(value: Any) -> Any:
    """A number as :func:`_to_plain` wrote it (an exact fraction as text) back as the engine has it:
    within the bounds of every number (:func:`rulespec.numbers.out_of_range`: finite, at most a trillion)."""
    if isinstance(value, str) and len(value) <= 2 * MAX_NUMBER_CHARS + 2 and _FRACTION.fullmatch(value):
        value = Fraction(value)
    elif isinstance(value, bool) or not isinstance(value, int | float | type(None)):
        raise ValueError(f"{shown(value, 40)} is not a number")
    problem = out_of_range(value)
    if problem is not None:
        raise ValueError(problem)
    return value


def _seat(key: Any) -> int:
    if type(key) is not str or not _SEAT.fullmatch(key):
        raise ValueError(f"a seat is written in digits, not {shown(key, 20)}")
    return int(key)


def _by_seat(convert: Any) -> Any:
    return lambda data: {_seat(seat): convert(item) for seat, item in _mapping(data).items()}


def _tuple_of(convert: Any) -> Any:
    return lambda data: tuple(convert(item) for item in _sequence(data))


def _pair(data: Any) -> tuple[Any, Any]:
    first, second = _sequence(data)
    return first, second


def _play(data: Any) -> tuple[int, str]:
    """A card played: (seat, card)."""
    seat, card = _sequence(data)
    return _int(seat), _text(card)


def _trick(data: Any) -> dict[str, Any]:
    return {**_mapping(data), "plays": [_play(play) for play in _sequence(data["plays"])]}


def _combo(data: Any) -> dict[str, Any] | None:
    return None if data is None else {**_mapping(data), "worth": _number(data.get("worth"))}


def _meld(data: Any) -> dict[str, Any]:
    meld = dict(_mapping(data))
    if "points" in meld:
        meld["points"] = _number(meld["points"])
    return meld


def _declaration(data: Any) -> Any:
    # Per-player choices are shown by seat: the only dicts among a declaration's plain values.
    return _by_seat(lambda item: item)(data) if isinstance(data, dict) else data


def _marks(data: dict[Any, Any]) -> dict[str, int]:
    """A seat's marks: few names (a rule set has a handful), each a count within every number's
    bounds (a count of a million made a client's sampled world deal on for half a minute)."""
    if len(data) > MAX_MARK_NAMES:
        raise ValueError(f"a seat has at most {MAX_MARK_NAMES} kinds of marks, not {len(data)}")
    marks = {}
    for name, count in data.items():
        problem = out_of_range(_int(count))
        if problem is not None:
            raise ValueError(f"marks {shown(name, 20)}: {problem}")
        marks[str(name)] = count
    return marks


def _int(data: Any) -> int:
    if type(data) is not int:
        raise TypeError(f"a whole number is wanted, not {type(data).__name__}")
    return data


def _text(data: Any) -> str:
    if type(data) is not str:
        raise TypeError(f"a text is wanted, not {type(data).__name__}")
    return data


def _optional(convert: Any) -> Any:
    return lambda data: None if data is None else convert(data)


def _bool(data: Any) -> bool:
    if type(data) is not bool:
        raise TypeError(f"true or false is wanted, not {type(data).__name__}")
    return data


def _mapping(data: Any) -> dict[Any, Any]:
    if not isinstance(data, dict):
        raise TypeError(f"an object is wanted, not {type(data).__name__}")
    return data


def _sequence(data: Any) -> list[Any]:
    if not isinstance(data, list | tuple):
        raise TypeError(f"a list is wanted, not {type(data).__name__}")
    return list(data)


_texts_tuple = _tuple_of(_text)

#: How each field of a :class:`View` comes back from plain data (a test checks every field has one).
_VIEW_FIELDS: dict[str, Any] = {
    "seat": _int,
    "hand": _texts_tuple,
    "visible": _by_seat(_texts_tuple),
    "trump": _optional(_text),
    "dealer": _int,
    "players": _tuple_of(_int),
    "scores": _by_seat(_number),
    "marks": _by_seat(lambda marks: _marks(_mapping(marks))),
    "auction": _tuple_of(_pair),
    "declarer": _optional(_int),
    "combo": _combo,
    "declarations": lambda data: {str(name): _declaration(value) for name, value in _mapping(data).items()},
    "tricks": _tuple_of(_trick),
    "current_trick": _tuple_of(_play),
    "zones": lambda data: {str(name): _texts_tuple(cards) for name, cards in _mapping(data).items()},
    "declared_cards": _texts_tuple,
    "face_up": _optional(_text),
    "stock_size": _int,
    "closed": _bool,
    "melds": _tuple_of(_meld),
    "meld_leads": _texts_tuple,
    "hand_number": _int,
    "lead_worth": _number,
}


def object_fields(data: Any, what: str, required: tuple[str, ...]) -> dict[str, Any]:
    """``data`` if it is an object with every name of ``required``; else a ValueError naming ``what``."""
    if not isinstance(data, dict):
        raise ValueError(f"{what} data is an object, not {type(data).__name__}")
    missing = [name for name in required if name not in data]
    if missing:
        raise ValueError(f"{what} data has no {', '.join(missing)}")
    return data
