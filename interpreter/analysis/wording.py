"""How the prover's findings read in English (rule authors' texts when there are some)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Protocol

from interpreter.analysis.results import Verdict
from rulespec import model as M
from rulespec.placeholders import fill
from rulespec.rulesetcache import RuleSetCache

if TYPE_CHECKING:
    from rulespec.locale import Texts


class Labels(Protocol):
    """What the wording reads from a language's texts (a :class:`rulespec.locale.Texts` has it all)."""

    def label(self, name: str, **values: Any) -> str: ...
    def bid_name(self, bid_id: str) -> str: ...
    def bid_text(self, bid_id: str, field_name: str = "rules") -> str: ...


_TEXTS: RuleSetCache[Texts | None] = RuleSetCache()  # English texts without their rule set (see english_labels)


def english_labels(rules: M.RuleSet) -> Labels:
    texts = _TEXTS.get(rules, _load_english)
    return dataclasses.replace(texts, rules=rules) if texts is not None else _NoTexts()


def _load_english(rules: M.RuleSet) -> Texts | None:
    from rulespec.locale import load_texts  # only for the auction's messages

    try:
        texts = load_texts(rules, "en")
    except Exception:  # without texts the ids and built-in words are shown
        return None
    return dataclasses.replace(texts, rules=None)  # kept beside the rule set: must not hold it


class _NoTexts:
    def label(self, name: str, **values: Any) -> str:
        return "labels." + name

    def bid_name(self, bid_id: str) -> str:
        return bid_id

    def bid_text(self, bid_id: str, field_name: str = "rules") -> str:
        return f"bids.{bid_id}.{field_name}"


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
    text = texts.label(name, **values)
    if text == f"labels.{name}":
        return fill(_ENGLISH.get(name, name), values)
    return text


def reason(texts: Labels, verdict: Verdict) -> str:
    """Why an impossible set of bids is impossible, in the words of ``texts`` (a :class:`rulespec.locale.Texts`)."""
    observed = verdict.observed
    for kind in ("cards", "tricks", "counts", "count"):
        if kind in observed:
            words = label_text(texts, f"analyze_reason_{kind}")
            break
    else:
        words = label_text(texts, "analyze_reason_never")
    if verdict.adjusted:
        changes = []
        for k in dict.fromkeys(verdict.adjustments):
            if k > 0:
                changes.append(label_text(texts, "analyze_adjust_up", n=k))
            elif k < 0:
                changes.append(label_text(texts, "analyze_adjust_down", n=-k))
            else:
                changes.append(label_text(texts, "analyze_adjust_none"))
        joined = f" {label_text(texts, 'analyze_and')} ".join(changes)
        words += " " + label_text(texts, "analyze_reason_adjusted", changes=joined)
    if "choices" in observed:
        words += ", " + label_text(texts, "analyze_reason_choices")
    return words
