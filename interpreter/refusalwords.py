"""A refusal in words, in any language, from its key and facts alone: the one function that says them.

Every refusal of the engine is a :class:`~interpreter.decisions.Refusal`: ``key`` names a label of
``locales/*/ui.yaml`` and ``values`` holds its facts as plain data (texts, numbers, lists of them,
true/false). :func:`say_refusal` fills the label from the facts and reads nothing else, so it says
a refusal the same from the Refusal itself and from the data :func:`interpreter.wire.refusal_to_data`
sends a client (after a JSON round trip). ``whist play`` says refusals with it; the engine's own
English sentence for an impossible combo bid is made by it too, from the English labels.

How a fact is said (what a client written in another language does the same way):

- a number: its digits (a fraction as the wire sends it, ``7/2``);
- ``bid``, ``first``, ``second``: a bid id, said by the bid's name (``bids.<id>.name`` in the rule
  set's locale file); an id with no name there (a stranger's) as it was given;
- ``combo``: a list of bid ids, said by their names joined by `` + ``;
- ``why`` (beside ``bid``): the name of the bid's own text that says why (``may_bid``: who may
  bid it). When the language has ``bids.<bid>.<why>``, the refusal is said by the label
  ``<key>_why`` with that text as ``{why}`` ("You may not bid Extended Bid now. Only a player
  holding a P may bid it."); else by ``<key>`` alone;
- a list (``allowed``: the choices' texts, the last one ``…`` where there were more than the
  refusal lists): its items said as above, joined by ``, ``, the first 20 at most;
- any other text as it is, made printable and cut short (a fact may come from a server that is
  not ours: a control character is said ``?``, a long text ends in ``…``).

A key that names no label of the texts is said by ``refusal_unknown`` (``{label}``: the key), and a
placeholder that has no fact by ``?``: whatever a server sends, the function returns a sentence.

A refusal that has a ``proof`` fact (``analyze_impossible``: a combo bid that can never be
completed) has no ``reason`` fact: its ``{reason}`` is worded from what the proof found
(:func:`proof_words`), so that it is said in the reader's language too:

- ``proof``: which outcomes the prover had to exhaust: ``cards`` (how the cards won are shared),
  ``tricks`` (which tricks the declarer takes), ``counts`` (how the tricks are shared),
  ``count`` (the declarer's number of tricks) or ``never`` (the requirements contradict each
  other outright). Said by the label ``analyze_reason_<proof>``;
- ``adjustments``: the combo's different changes of the declarer's trick count (``tricks_adjust``)
  when they are what makes it impossible (without them it could be completed), else an empty list.
  Each is said by ``analyze_adjust_up`` (``{n}``: how many tricks), ``analyze_adjust_down`` or
  ``analyze_adjust_none`` (0); they are joined by the word ``analyze_and`` with a space either side,
  and the whole by ``analyze_reason_adjusted`` (``{changes}``) after a space;
- ``choices``: true when it is impossible whatever is chosen before the hand (a suit, a guess):
  then ``, `` and ``analyze_reason_choices`` end the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from numbers import Real
from typing import Any, Protocol

from interpreter.decisions import SHOWN_VALUE, shown
from rulespec.errors import RuleError
from rulespec.placeholders import MAX_NAME, NAME, fill, parse

__all__ = ["BID_FACTS", "PROOF_KINDS", "Labels", "label_text", "proof_words", "say_refusal"]

#: The facts that hold one bid id each (said by the bid's name).
BID_FACTS = ("bid", "first", "second")
#: The fact that holds a list of bid ids (a combo, said by the names joined by " + ").
COMBO_FACT = "combo"
#: The fact that names the bid's text saying why (``may_bid``), beside ``bid``.
WHY_FACT = "why"
#: A list fact (the choices, a combo's bids) is said as its first items, in so many characters at most.
MAX_LIST_ITEMS = 20
MAX_LIST_CHARS = 300
#: The most characters of a refusal said (each fact is bounded; so is the whole).
MAX_SENTENCE = 1000
#: What a proof of an impossible combo can have exhausted, the most telling first; else ``never``.
PROOF_KINDS = ("cards", "tricks", "counts", "count")


class Labels(Protocol):
    """What the wording reads from a language's texts (a :class:`rulespec.locale.Texts` has it all)."""

    def label(self, name: str, **values: Any) -> str: ...
    def has(self, key: str) -> bool: ...
    def bid_name(self, bid_id: str) -> str: ...
    def bid_text(self, bid_id: str, field_name: str = "rules") -> str: ...


#: The English words, for texts that lack a label (a rule set read without the project's locales).
_ENGLISH = {
    "analyze_impossible": "{combo} can never be completed: {reason}",
    "analyze_reason_count": "no number of tricks for the declarer meets every requirement",
    "analyze_reason_counts": "no way to share the tricks among the players meets every requirement",
    "analyze_reason_tricks": "no choice of which tricks the declarer takes meets every requirement",
    "analyze_reason_cards": "no way to share the cards won meets every requirement",
    "analyze_reason_never": "its requirements can never all hold",
    "analyze_reason_choices": "whatever is chosen before the hand",
    "analyze_reason_adjusted": "with the declarer's trick count {changes}",
    "analyze_adjust_up": "{n} higher",
    "analyze_adjust_down": "{n} lower",
    "analyze_adjust_none": "unchanged",
    "analyze_and": "and",
    "refusal_unknown": "The move was refused ({label}).",
}


def label_text(texts: Labels, name: str, **values: Any) -> str:
    """The label ``name`` of ``texts`` filled with ``values``; the built-in English words (or the
    name) where the texts have none, never the dotted key."""
    text = texts.label(name, **values)
    if text == f"labels.{name}":
        return fill(_ENGLISH.get(name, name), values)
    return text


def say_refusal(texts: Labels, key: str, values: Mapping[str, Any], number: Callable[[str], str] = str) -> str:
    """The refusal ``key`` with its facts ``values`` in the words of ``texts`` (the module's text says
    how each fact is said); ``number`` typesets a number's digits (``whist play``: a true minus).

    ``key`` and ``values`` may come from a server that is not ours: a key that names no label is said
    by ``refusal_unknown``; values that are no mapping count as none; a text is said printable and
    cut short, a list as its first items; a placeholder of the label with no fact is said ``?``."""
    if not _is_label_name(key) or not _has_label(texts, key):
        return label_text(texts, "refusal_unknown", label=shown(key, 40))
    given = values if isinstance(values, Mapping) else {}
    facts = {name: _fact(texts, name, value, number) for name, value in given.items() if type(name) is str}
    facts.pop(WHY_FACT, None)
    if "proof" in given:
        facts["reason"] = proof_words(texts, given["proof"], given.get("adjustments"), given.get("choices"))
    bid, why = given.get("bid"), given.get(WHY_FACT)
    # (texts without the bid's text or the ``_why`` label, a client's own, say the plain sentence)
    if (
        isinstance(bid, str)
        and isinstance(why, str)
        and _is_label_name(why)
        and texts.has(f"bids.{bid}.{why}")
        and texts.has(f"labels.{key}_why")
    ):
        return _filled(texts, f"{key}_why", {**facts, "why": texts.bid_text(bid, why)})
    return _filled(texts, key, facts)


def _filled(texts: Labels, name: str, facts: dict[str, Any]) -> str:
    """The label with its facts, a placeholder no fact fills said ``?`` (a server's refusal may lack one)."""
    try:
        template = texts.label(name)  # (its placeholders as written: no values given)
    except (ValueError, RuleError):  # texts that refuse a label without its values
        template = ""
    # Only the label's own placeholders are passed (a stranger's fact named ``name`` or ``key``
    # would meet the label functions' own arguments).
    used = {field: facts.get(field, "?") for field in parse(template).names}
    return shown(label_text(texts, name, **used), MAX_SENTENCE)


def _is_label_name(key: Any) -> bool:
    return type(key) is str and len(key) <= MAX_NAME and NAME.fullmatch(key) is not None


def _has_label(texts: Labels, key: str) -> bool:
    return texts.has(f"labels.{key}") or key in _ENGLISH


def proof_words(texts: Labels, proof: Any, adjustments: Any = (), choices: Any = False) -> str:
    """Why a combo bid can never be completed, from what the proof found (see the module's text)."""
    words = label_text(texts, f"analyze_reason_{proof if proof in PROOF_KINDS else 'never'}")
    changes = []
    for k in adjustments[:MAX_LIST_ITEMS] if isinstance(adjustments, list | tuple) else ():
        if type(k) is not int:  # (facts that came over the network: only whole numbers are changes)
            continue
        if k > 0:
            changes.append(label_text(texts, "analyze_adjust_up", n=k))
        elif k < 0:
            changes.append(label_text(texts, "analyze_adjust_down", n=-k))
        else:
            changes.append(label_text(texts, "analyze_adjust_none"))
    if changes:
        joined = f" {label_text(texts, 'analyze_and')} ".join(changes)
        words += " " + label_text(texts, "analyze_reason_adjusted", changes=joined)
    if choices is True:
        words += ", " + label_text(texts, "analyze_reason_choices")
    return words


def _fact(texts: Labels, name: str, value: Any, number: Callable[[str], str]) -> Any:
    if isinstance(value, list | tuple):
        items = [_one_fact(texts, name, item, number) for item in value[:MAX_LIST_ITEMS]]
        cut = len(value) > MAX_LIST_ITEMS
        joiner = " + " if name == COMBO_FACT else ", "
        return shown(joiner.join(items) + (joiner + "…" if cut else ""), MAX_LIST_CHARS)
    return _one_fact(texts, name, value, number)


def _one_fact(texts: Labels, name: str, value: Any, number: Callable[[str], str]) -> str:
    """One fact as text: a number's digits (typeset), a bid id by its name, any other value
    printable and cut short (a fact may be a stranger's)."""
    if isinstance(value, Real) and not isinstance(value, bool):
        try:
            digits = str(value)  # (a Fraction as 7/2, as the wire writes it)
        except ValueError:  # an int of thousands of digits
            return shown(value)
        return number(digits) if len(digits) <= SHOWN_VALUE else shown(digits)
    if name in (*BID_FACTS, COMBO_FACT) and isinstance(value, str):
        return _bid_name(texts, value)
    return shown(value)


def _bid_name(texts: Labels, bid_id: str) -> str:
    """A bid by its name; an id that names no bid (a stranger's answer repeated) as it was given,
    made printable and cut short."""
    if _is_label_name(bid_id) and texts.has(f"bids.{bid_id}.name"):
        return texts.bid_name(bid_id)
    return shown(bid_id)
