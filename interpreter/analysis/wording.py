"""How the prover's findings read: as facts a refusal carries, and in words (rule authors' texts when there are some).

A proof that a combo bid can never be completed comes down to a few plain facts
(:func:`proof_facts`: which outcomes it exhausted, the trick adjustments, whether choices
matter). The auction's refusal carries them, and :mod:`interpreter.refusalwords` words them
in any language; ``whist analyze`` says a :class:`Verdict` the same way (:func:`reason`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from interpreter.analysis.results import UNMODELLED_KINDS, Unmodelled, Verdict
from interpreter.refusalwords import PROOF_KINDS, Labels, label_text, proof_words
from rulespec import model as M
from rulespec.functions import ANSWERED
from rulespec.rulesetcache import RuleSetCache

if TYPE_CHECKING:
    from rulespec.locale import Texts


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

    def has(self, key: str) -> bool:
        return False

    def bid_name(self, bid_id: str) -> str:
        return bid_id

    def bid_text(self, bid_id: str, field_name: str = "rules") -> str:
        return f"bids.{bid_id}.{field_name}"


def proof_facts(verdict: Verdict) -> dict[str, Any]:
    """What the proof of an impossible set of bids found, as plain facts (``proof``, ``adjustments``,
    ``choices``: their meaning is in :mod:`interpreter.refusalwords`)."""
    observed = verdict.observed
    proof = next((kind for kind in PROOF_KINDS if kind in observed), "never")
    # The adjustments are named only when they are what makes the set impossible.
    adjustments = tuple(dict.fromkeys(verdict.adjustments)) if verdict.adjusted else ()
    return {"proof": proof, "adjustments": adjustments, "choices": "choices" in observed}


def unmodelled_words(texts: Labels, item: Unmodelled) -> str:
    """What the prover did not model, in the words of ``texts``: the bid by its name, then what it
    read (``whist analyze --lang sv`` said "whisper: 'named' (chosen by several players)")."""
    assert item.kind in UNMODELLED_KINDS, item.kind
    what = label_text(texts, f"analyze_unknown_{item.kind}", item=written(item.name))
    if not item.bid:
        return what
    bid = texts.bid_name(item.bid) if texts.has(f"bids.{item.bid}.name") else item.bid
    return label_text(texts, "analyze_unknown_entry", bid=bid, what=what)


def written(name: str) -> str:
    """A name as the rule file writes it: the engine keeps ``answered(wish)`` as the name
    ``answered:wish`` (:data:`rulespec.functions.ANSWERED`), which no author wrote or could write."""
    return f"answered({name[len(ANSWERED) :]})" if name.startswith(ANSWERED) else name


def reason(texts: Labels, verdict: Verdict) -> str:
    """Why an impossible set of bids is impossible, in the words of ``texts`` (a :class:`rulespec.locale.Texts`)."""
    return proof_words(texts, **proof_facts(verdict))
