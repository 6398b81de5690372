"""What is printed about a bid, as texts in one language: the face of its card, a table row.

Numbers come from the rule data (a worth that depends on the combo prints as ``1 or 3``,
from the worth expression's possible values); words come from the locale texts. A text
that is missing in every language is left out (``None``) rather than printed as its key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulespec.bidtext import incompatibility_text, incompatible_names, number_text, tricks_text
from rulespec.bidtext import score_text as plain_score_text
from rulespec.errors import RuleError, did_you_mean
from rulespec.locale import Texts
from rulespec.model import Bid, RuleSet
from rulespec.numbers import MINUS
from rulespec.ordering import by_rank
from rulespec.placeholders import fill

_NEGATIVE = re.compile(r"(?<![\w.])-(?=\d)")


def has_text(texts: Texts, key: str) -> bool:
    """Whether ``key`` has a text in the language or in the English fallback."""
    return texts.has(key)


def optional_label(texts: Texts, name: str, default: str, **values: Any) -> str:
    """A label, or ``default`` (filled the same way) when no language has it, never the bare key."""
    if has_text(texts, f"labels.{name}"):
        return texts.label(name, **values)
    return fill(default, values)


def bid_text(texts: Texts, bid_id: str, field_name: str = "rules") -> str | None:
    """A bid's ``rules`` or ``short`` text with its numbers filled in, or None when it has none."""
    if not has_text(texts, f"bids.{bid_id}.{field_name}"):
        return None
    return display_number(" ".join(texts.bid_text(bid_id, field_name).split()))


def display_number(text: str) -> str:
    """Numbers as typeset: a true minus sign instead of a hyphen (``−4``, ``−1 or 3``)."""
    return _NEGATIVE.sub(MINUS, text)


def decimal_text(value: float, texts: Texts, places: int = 2, signed: bool = False, percent: bool = False) -> str:
    """A measured number as ``texts``' language writes it, in a table or a sentence: ``+0.12`` in
    English, ``+0,12`` in Swedish (the mark is ``labels.decimal_mark``), a true minus sign as
    :func:`display_number` gives, and a percentage through ``labels.percent`` (``12%``, ``12 %``)."""
    spec = f"{'+' if signed else ''}.{places}{'%' if percent else 'f'}"
    body = display_number(format(value, spec).removesuffix("%").replace(".", texts.label("decimal_mark")))
    return texts.label("percent", n=body) if percent else body


def worth_values(bid: Bid) -> list[str] | None:
    """The worths a bid can have, low to high, when there are several (Master Mail: 1, 3)."""
    values = bid.worth.ordered_values()
    return [display_number(str(v)) for v in values] if values is not None and len(values) > 1 else None


def worth_text(bid: Bid, texts: Texts) -> str:
    return display_number(number_text(bid.worth, texts))


def score_text(bid: Bid, texts: Texts) -> str:
    """A standard bid's score: a number, ``1 or 2``, or "the combo's rank" for ``combo.worth``."""
    if bid.score is not None and bid.score.name_path == "combo.worth":
        return optional_label(texts, "score_combo_worth", "*")
    return display_number(plain_score_text(bid, texts))


def trump_text(bid: Bid, texts: Texts) -> str:
    return texts.label("yes" if bid.has_trump else "no")


def priority_text(bid: Bid, texts: Texts) -> str:
    return display_number(str(bid.priority)) if bid.priority is not None else texts.label("none")


@dataclass(frozen=True)
class Field:
    """One labelled fact at the foot of a card (``Score: 2``)."""

    key: str
    label: str
    value: str
    #: The names a list of bids is made of (the incompatibility), so that a line breaks between them.
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class BidFace:
    """Everything a bid's card shows, in one language."""

    bid_id: str
    kind: str
    kind_label: str
    worth_label: str
    worth: str | None  # None: no rank applies (a game without an auction)
    worth_values: tuple[str, ...] | None  # several possible worths, low to high
    or_word: str
    name: str
    rules: str | None
    short: str | None
    fields: tuple[Field, ...]
    #: The texts (``rules``, ``short``) shown in English for want of a translation: hyphenated as English.
    in_english: frozenset[str] = frozenset()


def bid_fields(bid: Bid, rules: RuleSet, texts: Texts) -> tuple[Field, ...]:
    """Score, trump and tricks of a standard bid; priority and incompatibility of a special one.

    A fact that does not apply in the game is left out rather than printed as "—" or "no" on
    every card: the score of a bid that scores nothing itself (points come from the hand's own
    rules, as in Christmas Whist), trump when no bid of the rule set has one, priority when no
    special bid has one (no order of events), and in a game without an auction a trick
    requirement that only says "see rules".
    """
    if bid.kind == "standard":
        fields = []
        if bid.score is not None:
            fields.append(Field("score", texts.label("score"), score_text(bid, texts)))
        if any(b.has_trump for b in rules.bids.values()):
            fields.append(Field("trump", texts.label("trump"), trump_text(bid, texts)))
        if bid.tricks is not None or rules.game.auction is not None:  # (each kind of hand's card tells its rules)
            fields.append(Field("tricks", texts.label("tricks"), tricks_text(bid, texts)))
        return tuple(fields)
    fields = []
    if any(special.priority is not None for special in rules.special_bids):  # (no order of events: no field)
        fields.append(Field("priority", texts.label("priority"), priority_text(bid, texts)))
    text = incompatibility_text(bid, rules, texts)
    fields.append(Field("incompatibility", texts.label("incompatibility"), text, incompatible_words(bid, rules, texts)))
    return tuple(fields)


def incompatible_words(bid: Bid, rules: RuleSet, texts: Texts) -> tuple[str, ...]:
    """The names :func:`rulespec.bidtext.incompatibility_text` joins into its text, one by one: a
    list of them is laid out to break between names only (:func:`printing.fitting.name_list`)."""
    return tuple(
        texts.bid_name(name) if name in rules.bids else texts.get(f"groups.{name}")
        for name in incompatible_names(bid, rules)
    )


def bid_face(bid: Bid, rules: RuleSet, texts: Texts) -> BidFace:
    values = worth_values(bid)
    return BidFace(
        bid_id=bid.id,
        kind=bid.kind,
        # Without an auction a "bid" is a kind of hand the game deals (Christmas Whist's schedule).
        kind_label=texts.label(f"{bid.kind}_bid") if rules.game.auction is not None else texts.label("hand_type"),
        worth_label=texts.label("worth"),
        worth=worth_text(bid, texts) if rules.game.auction is not None else None,  # ranks order an auction
        worth_values=tuple(values) if values and rules.game.auction is not None else None,
        or_word=texts.label("or"),
        name=texts.bid_name(bid.id),
        rules=bid_text(texts, bid.id, "rules"),
        short=bid_text(texts, bid.id, "short"),
        fields=bid_fields(bid, rules, texts),
        in_english=frozenset(f for f in ("rules", "short") if f"bids.{bid.id}.{f}" in texts.missing),
    )


def select_bids(rules: RuleSet, ids: Iterable[str] | None = None) -> list[Bid]:
    """The bids to print: all (standard first, then special, each by rank), or ``ids`` in the order given."""
    if not ids:
        return by_rank(rules.standard_bids) + by_rank(rules.special_bids)
    chosen: list[Bid] = []
    for bid_id in ids:
        if bid_id not in rules.bids:
            raise RuleError(f"unknown bid '{bid_id}' in {rules.id}", hint=did_you_mean(bid_id, rules.bids))
        if rules.bids[bid_id] not in chosen:
            chosen.append(rules.bids[bid_id])
    return chosen
