"""Requests, answers and views as plain data: what a server sends its players and reads back.

A networked table keeps the :class:`~interpreter.gamestate.GameState` in one process and its
players elsewhere; between them go JSON messages. This module is the one translation both sides
use, so that no server writes its own::

    import json
    from interpreter import IllegalDecision
    from interpreter.wire import read_move, refusal_to_data, request_to_data, view_to_data

    request = state.pending                          # the server, to the deciding seat:
    send(request.seat, json.dumps({"request": request_to_data(request, state.decision_number),
                                   "view": view_to_data(state.view(request.seat))}))
    seat, text = receive()                           # … and back from some client:
    try:
        answer, decision = read_move(request, text, seat=seat)  # bounded JSON of the request's shape
        state.apply(answer, seat=seat, decision=decision)  # the rules, the seat, the decision
    except IllegalDecision as refused:               # nothing changed; tell them why
        send(seat, json.dumps({"refused": refusal_to_data(refused)}))

- :func:`request_to_data` / :func:`request_from_data`: a :class:`Request` without its bid
  ``check`` (a rule set's code does not travel; a client proposes a bid, the server's
  :meth:`~interpreter.gamestate.GameState.apply` refuses an illegal one and says why). Made
  back, it equals the request (``check`` is not compared).
- :func:`answer_from_data`: a client's answer, whatever it holds, as :meth:`GameState.apply`
  takes it — a :class:`BidAnswer` or a pass for a bid, an option's text or number, a list of
  them — or an :class:`IllegalDecision` that says what shape was expected (a dict where a card
  is wanted, a float, a nested list). Its legality is :meth:`apply`'s to check.
  :func:`answer_to_data` is the client's side.
- :func:`view_to_data` / :func:`view_from_data`: a :class:`View` with its seats as keys written as
  text (JSON's keys are text) and exact fractions as text (``"7/2"``, as records write scores);
  made back it equals the view, so an agent decides the same on either side. Its ``scores`` and
  ``marks`` are every seat's at the table, those sitting the deal out too (the winning rules read
  them all); a view whose seats are not one table's is refused. The data is new: changing it
  changes nothing in the game.
- :func:`read_move`: a client's move, JSON text, as the answer and decision number to apply (the
  number is required: a move sent twice is then refused as a stale decision, never taken for the
  next one); :func:`read_message` reads the text within bounds (length, nesting, values). What does
  not fit is an :class:`IllegalDecision` that says what is wrong and where.
- :func:`refusal_to_data`: why an answer was refused: the sentence, and the label and facts a client
  needs to say it in its player's language (``locales/*/ui.yaml``), as
  ``{"reason": SENTENCE, "key": LABEL, "values": {NAME: FACT, …}}``. A fact is a text, a number, true
  or false, or a list of them; :func:`interpreter.refusalwords.say_refusal` says it in any
  language from ``key`` and ``values`` alone, and that module's text is how (bid ids by their
  names; the facts of an impossible combo bid — ``combo``, ``proof``, ``adjustments``, ``choices``
  — worded from labels, as ``{"combo": [ID, ID], "proof": "count", "adjustments": [1, -1],
  "choices": false}``). A move once the game is over is refused too (``no_move_awaited``).

Everything here is generic: no bid, game or rule set is named.
"""

from __future__ import annotations

from typing import Any, cast, get_args

from interpreter.decisions import BidAnswer, IllegalDecision, Refusal, Request, RequestKind, shown
from interpreter.moverefusals import game_over, wrong_seat
from interpreter.standings import plain_number
from interpreter.viewdata import object_fields, view_from_data, view_to_data
from rulespec.errors import RuleError
from rulespec.jsonbounds import check_json_bounds
from rulespec.jsonsource import parse_json

__all__ = [
    "MAX_MESSAGE_CHARS",
    "MAX_SPECIALS",
    "answer_from_data",
    "answer_to_data",
    "read_message",
    "read_move",
    "refusal_to_data",
    "request_from_data",
    "request_to_data",
    "view_from_data",
    "view_to_data",
]

#: The most special bids a bid from a client may hold (far more than a rule set lets one combo hold;
#: a stranger's list of a million ids is refused before any check reads it).
MAX_SPECIALS = 100

#: A client's message (:func:`read_message`): how long, how deep and how many values at most (a
#: move is an answer and a decision number; a bid's specials are its longest part).
MAX_MESSAGE_CHARS = 20_000
MAX_MESSAGE_DEPTH = 6
MAX_MESSAGE_VALUES = 1_000

_KINDS = frozenset(get_args(RequestKind))


# -- requests


def request_to_data(request: Request, decision: int | None = None) -> dict[str, Any]:
    """``request`` as JSON-ready data (its bid ``check`` left out: see the module's text), with the
    ``decision`` number when given (:attr:`GameState.decision_number`: the client sends it back)."""
    return ({} if decision is None else {"decision": decision}) | {
        "kind": request.kind,
        "seat": request.seat,
        "name": request.name,
        "what": request.what,
        "options": list(request.options),
        "count": request.count,
        "optional": request.optional,
        "standard_ids": list(request.standard_ids),
        "special_ids": list(request.special_ids),
        "repeatable_ids": list(request.repeatable_ids),
        "receiver": request.receiver,
    }


def request_from_data(data: Any) -> Request:
    """The :class:`Request` that :func:`request_to_data` wrote (no ``check``); a ValueError says
    which field does not fit."""
    fields_ = object_fields(data, "request", ("kind", "seat", "options"))
    given = fields_["kind"]
    if type(given) is not str or given not in _KINDS:
        raise ValueError(f"request data: kind is one of {', '.join(sorted(_KINDS))}, not {shown(given)}")
    kind = cast(RequestKind, given)
    texts = ("name", "what")
    if any(not isinstance(fields_.get(name, ""), str) for name in texts):
        raise ValueError("request data: name and what are texts")
    return Request(
        kind,
        _whole(fields_["seat"], "request", "seat"),
        fields_.get("name", ""),
        fields_.get("what", ""),
        tuple(_plain_items(fields_["options"], "request", "options")),
        _whole(fields_.get("count", 1), "request", "count"),
        _flag(fields_.get("optional", False), "request", "optional"),
        None,
        _texts(fields_.get("standard_ids", []), "request", "standard_ids"),
        _texts(fields_.get("special_ids", []), "request", "special_ids"),
        _texts(fields_.get("repeatable_ids", []), "request", "repeatable_ids"),
        None if fields_.get("receiver") is None else _whole(fields_["receiver"], "request", "receiver"),
    )


# -- answers


def answer_to_data(answer: Any) -> Any:
    """An answer as plain data: a bid as ``{"standard": ID, "specials": [ID, …]}``, a pass as None."""
    if isinstance(answer, BidAnswer):
        return answer.to_data()
    if isinstance(answer, list | tuple):
        return list(answer)
    return answer


def answer_from_data(request: Request, data: Any) -> Any:
    """A client's answer to ``request`` as :meth:`GameState.apply` takes it, or :class:`IllegalDecision`
    when it is not of the shape the request wants. Anything JSON can hold is refused with a short
    message (its text is never repeated at length); whether the answer is legal, apply says."""
    if request.kind == "bid":
        return _bid(data)
    if request.count > 1:
        if not isinstance(data, list) or not all(_is_plain(item) for item in data):
            count, given = request.count, "list" if isinstance(data, list) else type(data).__name__
            sentence = f"choose {count} different values, sent as a list of texts or whole numbers (not a {given})"
            if given == "list":
                sentence = f"choose {count} different values, sent as a list of texts or whole numbers"
            raise _refused("answer_not_list", sentence, n=count)
        return data
    if data is None or _is_plain(data):
        return data
    what = request.what or request.kind
    raise _refused("answer_not_plain", f"a {what} is one of the options: a text or a whole number", what=what)


def _bid(data: Any) -> BidAnswer | None:
    if data is None or data == "pass":
        return None
    shape = Refusal("bid_data_form", "a bid is {standard: ID, specials: [ID, …]}, or null for a pass")
    if not isinstance(data, dict) or not set(data) <= {"standard", "specials"}:
        raise IllegalDecision(shape)
    standard, specials = data.get("standard"), data.get("specials", [])
    if not isinstance(standard, str) or not isinstance(specials, list) or not all(type(s) is str for s in specials):
        raise IllegalDecision(shape)
    if len(specials) > MAX_SPECIALS:
        raise _refused("too_many_specials", f"a bid holds at most {MAX_SPECIALS} special bids", n=MAX_SPECIALS)
    return BidAnswer(standard, tuple(specials))


def refusal_to_data(refused: IllegalDecision) -> dict[str, Any]:
    """Why an answer was refused: ``reason``, and for a :class:`Refusal` — every refusal of the
    engine, of the rules or of an answer's form — its ``key`` (a label of ``locales/*/ui.yaml``)
    and ``values`` (its facts) as well.

    What a client shows its player is ``key`` and ``values``, said in the player's language with
    :func:`interpreter.refusalwords.say_refusal` or as that module's text describes: a bid by its
    name in that language. ``reason`` is the engine's English sentence for logs and records, and
    names bids by their ids (``first_id cannot be combined with second_id``), which stay the same
    whatever the language and the rule set's texts: it is never shown to a player.

    The types of ``values``: what the game itself knows is a number (a seat, ``waiting``: the
    decision awaited, a count, a worth; a fraction as text, ``"7/2"``), true/false, a bid id, or
    a list of them. What repeats the client's own message (``sender``: the seat it answered as,
    ``decision``: the number it sent, ``value``: an answer that is no option, a bid id that is
    no bid) is always text, as :func:`interpreter.decisions.shown` makes it: a client may send
    anything in those places (a string, a float, a megabyte), and what is said back is bounded and
    printable — ``"0"`` for a seat sent as ``0``: the same type whatever was sent."""
    reason = refused.reason
    data: dict[str, Any] = {"reason": str(reason)}
    if isinstance(reason, Refusal):
        data["key"] = reason.key
        data["values"] = {name: _plain_fact(value) for name, value in reason.values.items()}
    return data


def _plain_fact(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [plain_number(item) for item in value]
    return plain_number(value)


# -- a client's message


def read_message(text: str | bytes, max_chars: int = MAX_MESSAGE_CHARS) -> Any:
    """A client's message — JSON text — as plain data, within bounds, or :class:`IllegalDecision`
    that says where and what is wrong: longer than ``max_chars``, not UTF-8, nested deeper or
    holding more values than a move needs, not JSON, a key given twice, a number of too many digits
    (the readers of every stranger's JSON in :mod:`rulespec.jsonsource` and :mod:`rulespec.jsonbounds`)."""
    if not isinstance(text, str | bytes):  # (a program's mistake as much as a stranger's: told, not a TypeError)
        problem = f"a message is JSON text, not {type(text).__name__}"
        raise _refused("message_unreadable", problem, problem=problem)
    size = len(text) if isinstance(text, str) else _utf8_characters(text)
    if size > max_chars:
        sentence = f"a message has at most {max_chars} characters, not {size}"
        raise _refused("message_too_long", sentence, max=max_chars, n=size)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            byte = exc.start
            raise _refused("message_not_utf8", f"a message is UTF-8 text (byte {byte} is not)", byte=byte) from None
    try:
        check_json_bounds(text, "message", MAX_MESSAGE_DEPTH, MAX_MESSAGE_VALUES, "a move")
        return parse_json(text, "message", "JSON")
    except RuleError as error:
        where = error.position
        if where is None or not where.line:
            raise _refused("message_unreadable", error.message, problem=error.message) from None
        sentence = f"line {where.line}, column {where.column}: {error.message}"
        line, column = where.line, where.column
        raise _refused("message_unreadable_at", sentence, line=line, column=column, problem=error.message) from None


#: UTF-8's continuation bytes: every other byte starts a character.
_CONTINUATION = bytes(range(0x80, 0xC0))


def _utf8_characters(data: bytes) -> int:
    """The characters of UTF-8 ``data`` (its bytes were counted: a limit of characters refused
    Swedish text of fewer), counted before decoding (a long message is not decoded to be refused)."""
    return len(data.translate(None, _CONTINUATION))


def read_move(
    request: Request | None, text: str | bytes, *, seat: int | None = None, require_decision: bool = True
) -> tuple[Any, int | None]:
    """A client's move for ``request`` — the JSON text ``{"answer": …, "decision": N}`` — as the answer
    and the decision number to give :meth:`GameState.apply`, or :class:`IllegalDecision`
    (:func:`read_message`, :func:`answer_from_data`). ``request`` is the state's
    :attr:`~GameState.pending`: None once the game is over, when every move is refused.
    ``seat``, where the client whose connection the move came in on sits: a move from any other seat
    is refused before its answer is read, so that a refusal of its form (how many values the request
    wants) tells nothing of a request that is not its own.

    ``decision`` is required (``move_decision_missing``): it is what keeps a move sent twice (a
    client that retried, a message delayed) from being taken for the next decision, where the same
    card or the same pass is often legal too. ``require_decision=False`` lets it be left out (then
    None: :meth:`apply` takes the move for whatever decision is pending), for a caller that has
    another way to tell a repeated move from a new one."""
    if request is None:
        raise game_over()
    if seat is not None and (type(seat) is not int or seat != request.seat):
        raise wrong_seat(request, seat)
    move = read_message(text)
    if not isinstance(move, dict) or "answer" not in move or not set(move) <= {"answer", "decision"}:
        raise _refused("move_form", 'a move is {"answer": …, "decision": N}')
    decision = move.get("decision")
    if decision is None and require_decision:
        raise _refused("move_decision_missing", "a move names its decision: the number its request was sent with")
    if decision is not None and type(decision) is not int:
        raise _refused("move_decision_form", "a move's decision is the whole number its request was sent with")
    return answer_from_data(request, move["answer"]), decision


def _refused(key: str, sentence: str, **facts: Any) -> IllegalDecision:
    """A move refused for its form: the sentence, and the label and facts of ``locales/*/ui.yaml``."""
    return IllegalDecision(Refusal(key, sentence, **facts))


# -- checks of data from the other side


def _is_plain(value: Any) -> bool:
    """A value an option may be: a text or a whole number (not a bool, a float, a list or an object)."""
    return type(value) is str or type(value) is int


def _whole(value: Any, what: str, name: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} data: {name} is a whole number, not {type(value).__name__}")
    return value


def _flag(value: Any, what: str, name: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what} data: {name} is true or false, not {type(value).__name__}")
    return value


def _plain_items(value: Any, what: str, name: str) -> list[Any]:
    if not isinstance(value, list) or not all(_is_plain(item) for item in value):
        raise ValueError(f"{what} data: {name} is a list of texts and whole numbers")
    return value


def _texts(value: Any, what: str, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(type(item) is str for item in value):
        raise ValueError(f"{what} data: {name} is a list of texts")
    return tuple(value)
