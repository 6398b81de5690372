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
- any other text as it is.

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

from rulespec.placeholders import fill

__all__ = ["BID_FACTS", "PROOF_KINDS", "Labels", "label_text", "proof_words", "say_refusal"]

#: The facts that hold one bid id each (said by the bid's name).
BID_FACTS = ("bid", "first", "second")
#: The fact that holds a list of bid ids (a combo, said by the names joined by " + ").
COMBO_FACT = "combo"
#: The fact that names the bid's text saying why (``may_bid``), beside ``bid``.
WHY_FACT = "why"
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
    how each fact is said); ``number`` typesets a number's digits (``whist play``: a true minus)."""
    facts = {name: _fact(texts, name, value, number) for name, value in values.items() if name != WHY_FACT}
    if "proof" in values:
        facts["reason"] = proof_words(texts, values["proof"], values.get("adjustments"), values.get("choices"))
    bid, why = values.get("bid"), values.get(WHY_FACT)
    # (texts without the bid's text or the ``_why`` label, a client's own, say the plain sentence)
    if (
        isinstance(bid, str)
        and isinstance(why, str)
        and texts.has(f"bids.{bid}.{why}")
        and texts.has(f"labels.{key}_why")
    ):
        return label_text(texts, f"{key}_why", **facts, why=texts.bid_text(bid, why))
    return label_text(texts, key, **facts)


def proof_words(texts: Labels, proof: Any, adjustments: Any = (), choices: Any = False) -> str:
    """Why a combo bid can never be completed, from what the proof found (see the module's text)."""
    words = label_text(texts, f"analyze_reason_{proof if proof in PROOF_KINDS else 'never'}")
    changes = []
    for k in adjustments if isinstance(adjustments, list | tuple) else ():
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
    if isinstance(value, Real):
        return number(str(value))
    if name in BID_FACTS and isinstance(value, str):
        return _bid_name(texts, value)
    if name == COMBO_FACT and isinstance(value, list | tuple):
        return " + ".join(_bid_name(texts, str(bid_id)) for bid_id in value)
    return value


def _bid_name(texts: Labels, bid_id: str) -> str:
    """A bid by its name; an id that names no bid (a stranger's answer repeated) as it was given."""
    return texts.bid_name(bid_id) if texts.has(f"bids.{bid_id}.name") else bid_id
