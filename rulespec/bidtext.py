"""A bid's facts as the tables print them: worth and score, tricks, incompatibilities.

One place for the words every renderer shares (the terminal tables in :mod:`whist.tables`,
the cards and the rules reference in :mod:`printing`): ``1 or 3`` for a conditional worth,
``min. 5`` or ``all`` for tricks, ``3+`` for a score with a bonus. The facts come from the
compiled rule set (its parse trees, never its source text); the words from the locale.
"""

from __future__ import annotations

from rulespec.compiler import Expression
from rulespec.locale import Texts, value_text
from rulespec.model import Bid, RuleSet, Tricks


def number_text(expr: Expression | None, texts: Texts) -> str:
    """A worth or score as printed: ``2``, ``1 or 3`` (from a conditional), or a description."""
    if expr is None:
        return texts.label("none")
    values = value_text(expr, texts.label("or"))
    if values is not None:
        return values
    if expr.name_path == "combo.worth":
        return "*"
    return expr.source


def tricks_text(bid: Bid, texts: Texts) -> str:
    """The Tricks column: ``min. 5``, ``all``, …, and other numbers of players after it."""
    if bid.tricks is None:
        return texts.label("tricks_see_rules")
    text = requirement_text(bid.tricks, texts)
    for players, other in bid.tricks.for_players.items():
        text = texts.label("tricks_for_players", text=text, players=players, other=requirement_text(other, texts))
    return text


def requirement_text(tricks: Tricks, texts: Texts) -> str:
    if tricks.exactly is not None:
        if tricks.exactly.name_path == "hand_size":  # every trick of the hand
            return texts.label("tricks_all")
        return texts.label("tricks_exactly", n=number_text(tricks.exactly, texts))
    if tricks.min is not None and tricks.max is not None:
        return texts.label("tricks_range", min=number_text(tricks.min, texts), max=number_text(tricks.max, texts))
    if tricks.min is not None:
        return texts.label("tricks_min", n=number_text(tricks.min, texts))
    return texts.label("tricks_max", n=number_text(tricks.max, texts))


def score_text(bid: Bid, texts: Texts) -> str:
    """The Score column; a standard bid that also has a bonus scores "3+" (e.g. a point per extra trick)."""
    text = number_text(bid.score, texts)
    return texts.label("score_plus", n=text) if bid.kind == "standard" and bid.bonus is not None else text


def incompatible_names(bid: Bid, rules: RuleSet) -> tuple[str, ...]:
    """Which bids ``bid`` cannot be combined with, as the tables name them: bid ids and group names.

    The relation is symmetric (Lock listing Penalty keeps Penalty out of Lock's combos too), so
    a bid's entry is what it lists itself, as written (a group stays one name: "non-trump bids"),
    then every other bid that lists it, directly or by a group, in the rule set's order. Every
    table, card, reference and changelog asks here, so the pair shows on both rows.
    """
    written = tuple(bid.incompatible)
    covered = {name for name in written if name in rules.bids}
    for name in written:
        covered.update(rules.group_members.get(name, ()))
    listing = tuple(b for b in rules.bids if b in bid.incompatible_ids and b not in covered)
    return written + listing


def incompatibility_text(bid: Bid, rules: RuleSet, texts: Texts) -> str:
    """The Incompatibility column: :func:`incompatible_names` in the reader's words, or "—"."""
    names = []
    for name in incompatible_names(bid, rules):
        names.append(texts.bid_name(name) if name in rules.bids else texts.get(f"groups.{name}"))
    return ", ".join(names) or texts.label("none")
