"""Why ``whist play`` refuses an input, said in the player's language.

A person who types a card they may not play or a bid that is not allowed is told the reason
("You must follow suit (♣)", "There is no bid number 99 (1–31)"), never just "not understood".
Reasons about the *form* of an input (unknown names, numbers out of range, how many standard
bids) are found here from the request and the rule data. Reasons about the *rules* come from
the engine (``Request.check``) as a :class:`~interpreter.decisions.Refusal`: an English sentence
for logs that also carries its kind and facts, said again here from the locale with bid names by
the one function that says refusals (:mod:`interpreter.refusalwords`; a combo bid that can never
be completed too: its proof's facts travel with it, nothing is proved again here).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from interpreter.cardrefusals import card_refusal
from interpreter.decisions import BidAnswer, Refusal, Request, View
from interpreter.refusalwords import say_refusal
from printing.facts import display_number
from rulespec.locale import Texts
from rulespec.model import RuleSet


def typed_number(text: str) -> int | None:
    """The whole number a person typed (decimal digits of any script, one leading minus), or None.

    ``str.isdigit`` also takes ``²`` and ``①``, and ``lstrip("-")`` takes ``--1``: ``int`` reads
    neither, and a number check built on them ended ``whist play`` with a traceback."""
    negative = text.startswith("-")
    body = text[1:] if negative else text
    if not body.isdecimal():
        return None
    return -int(body) if negative else int(body)


def said(reason: str, texts: Texts) -> str:
    """An engine's refusal in the player's language: a :class:`~interpreter.decisions.Refusal` said by
    :func:`~interpreter.refusalwords.say_refusal` from its label and facts (as a client says one sent
    over the network: the same words), numbers with a true minus as the menus show them; any other
    reason as it is."""
    if not isinstance(reason, Refusal):
        return reason
    return say_refusal(texts, reason.key, reason.values, number=display_number)


def bid_reason(reason: str, rules: RuleSet, texts: Texts) -> str:
    """The engine's refusal of a combo bid in the player's language (:func:`said`); a reason that is
    not a Refusal (a check of a caller's own) with its bid ids replaced by the bids' names."""
    if isinstance(reason, Refusal):
        return said(reason, texts)
    return re.sub(r"[\w-]+", lambda m: texts.bid_name(m.group()) if m.group() in rules.bids else m.group(), reason)


def card_reason(
    line: str,
    request: Request,
    view: View,
    parse: Callable[[str, tuple[Any, ...]], str | None],
    show: Callable[[str], str],
    symbol: dict[str, str],
    texts: Texts,
    rules: RuleSet,
) -> tuple[str, bool]:
    """Why the card typed as ``line`` cannot be played now (``parse`` reads card names), and
    whether the rules forbid it (True: the rule that stands in the way, as
    :func:`~interpreter.cardrefusals.card_refusal` finds it) or the input was not understood (False)."""
    menu = line.strip()
    if menu.isdecimal():
        return texts.label("no_menu_number", n=int(menu), max=len(request.options)), False
    card = parse(line, view.hand)
    if card is None:
        known = parse(line, tuple(f"{r}{s}" for r in _ranks(view, request) for s in symbol))
        if known is not None:
            return texts.label("card_not_held", card=show(known)), False
        return texts.label("bad_input", input=line), False
    refusal = card_refusal(rules, request, view, card)
    facts = dict(refusal.values)
    if "suit" in facts:  # said by its symbol, as the hand shows it
        facts["suit"] = symbol.get(facts["suit"], facts["suit"])
    return say_refusal(texts, refusal.key, facts, number=display_number), True


def _ranks(view: View, request: Request) -> list[str]:
    """Every rank that a card name of this game can have (read from the names seen)."""
    seen = {c[:-1] for c in (*view.hand, *(str(o) for o in request.options))}
    return sorted(seen | {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"})


def parse_bid(line: str, ids: list[str], request: Request, texts: Texts) -> BidAnswer | str:
    """The combo bid that ``line`` names (menu numbers or names joined by ``+``), or why not."""
    names = {texts.bid_name(b).casefold(): b for b in ids} | {b.casefold(): b for b in ids}
    chosen: list[str] = []
    for part in line.replace(",", "+").split("+"):
        token = part.strip()
        folded = token.casefold()
        if not token:
            continue
        number = typed_number(token)
        if number is not None:
            if not 1 <= number <= len(ids):
                return texts.label("no_bid_number", n=number, max=len(ids))
            chosen.append(ids[number - 1])
        elif folded in names:
            chosen.append(names[folded])
        else:
            matches = list(dict.fromkeys(b for n, b in names.items() if n.startswith(folded)))
            if len(matches) != 1:
                if not matches:
                    return texts.label("unknown_bid", input=token)
                shown = or_list(texts, [texts.bid_name(b) for b in matches[:6]])
                return texts.label("ambiguous_bid", input=token, names=shown)
            chosen.append(matches[0])
    standard = [b for b in chosen if b in request.standard_ids]
    if len(standard) != 1:
        return texts.label("one_standard_bid", n=len(standard))
    specials = list(chosen)
    specials.remove(standard[0])
    return BidAnswer(standard[0], tuple(specials))


def or_list(texts: Texts, names: list[str]) -> str:
    """``A, B or C``: names one of which is meant, the last joined by the language's "or"."""
    if len(names) < 2:
        return "".join(names)
    return texts.label("list_or", items=", ".join(names[:-1]), last=names[-1])


def choice_problem(
    texts: Texts, line: str, parts: list[str], values: list[Any], options: list[Any], count: int, what: str = ""
) -> str:
    """Why typed choices were not taken: a number out of range, an unknown word, how many. A choice
    of a number (``what``) is typed as the number itself, never as its place in the list."""
    for part, value in zip(parts, values, strict=True):
        if value is None and what == "number":
            return texts.label("not_a_shown_number", input=part)
        if value is None and part.isdecimal() and not any(str(o) == part for o in options):
            return texts.label("no_menu_number", n=int(part), max=len(options))
        if value is None:
            return texts.label("not_a_choice", input=part)
    if parts and len(values) != count:
        return texts.label("wrong_choice_count", n=count)
    if len(set(map(str, values))) != len(values):
        return texts.label("choose_different", n=count)
    return texts.label("bad_input", input=line)
