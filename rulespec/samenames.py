"""Names players must tell apart: no two bids (nor two marks' signs, nor two winning variants or
match schedules, nor a group and a bid) may read the same in one language.

A translator who gave Grill the name of Trump ("Trumf" for both), or a house rule's new bid
named like an old one, makes two rows of every table look alike and a name typed at the table
ambiguous. Names are compared as people see them: letter case, Unicode compatibility forms
(a full-width letter), invisible format characters (a zero-width space) and runs of spaces
make no difference. The same holds for the signs of marks beside a player's name (``P2``) and the
names of winning variants (``--variant`` is typed by id; the screen shows the name). ``whist
check`` reports a clash in a house rule's own locale files, ``whist translate status`` and
``check`` in any language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from rulespec.errors import RuleError
from rulespec.model import RuleSet
from rulespec.yamlsource import Document


class _Entry(Protocol):
    """A locale entry (:class:`rulespec.translations.Entry`): its text, and an error at its place."""

    key: str
    text: str
    doc: Document

    def error(self, message: str, hint: str | None = None, offset: int | None = None) -> RuleError: ...


def shown_as(text: str) -> str:
    """``text`` as a reader tells it from others: ``"Tr\\u200bump "`` and ``"TRUMP"`` read as ``"trump"``."""
    visible = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible).casefold().split())


def name_clashes(
    rules: RuleSet,
    entries: Mapping[str, _Entry],
    english: Mapping[str, _Entry],
    own: set[Path] | None = None,
) -> list[RuleError]:
    """Bids whose names, marks whose signs, or winning variants or match schedules whose names
    read the same in the language of ``entries`` (English where it has none): an error at one of
    the two, in ``own`` files when one of them is there (a house rule's)."""
    variants = rules.game.winning.variants if rules.game.winning is not None else {}
    schedules = rules.game.match.schedules if rules.game.match is not None else {}
    families = (
        ("bid", "name", {bid: f"bids.{bid}.name" for bid in rules.bids}),
        ("mark", "sign", {mark: f"marks.{mark}" for mark in rules.game.marks}),
        ("variant", "name", {name: f"variants.{name}" for name in variants}),
        ("schedule", "name", {name: f"schedules.{name}" for name in schedules}),
    )
    clashes = [error for kind, noun, keys in families for error in _clashes(kind, noun, keys, entries, english, own)]
    typed = _typed_suits(rules, entries, english) + _typed_ranks(rules, entries, english)
    return clashes + _groups_named_as_bids(rules, entries, english) + typed


def _shown(key: str, entries: Mapping[str, _Entry], english: Mapping[str, _Entry]) -> _Entry | None:
    """The entry of ``key`` a reader sees: the language's, else the English one (None: no text)."""
    entry = entries.get(key)
    entry = entry if entry is not None and entry.text.strip() else english.get(key)
    return entry if entry is not None and entry.text.strip() else None


def _typed_suits(rules: RuleSet, entries: Mapping[str, _Entry], english: Mapping[str, _Entry]) -> list[RuleError]:
    """Suits a person could not tell apart when typing a card in ``whist play``
    (:mod:`whist.playcards`): a card is typed rank first, then its suit as the suit's symbol, its
    letter in the language, or its English letter (its id) when no suit's letter takes that.

    Two suits given one letter (or a letter that is another suit's symbol) make ``AK`` mean
    either; a letter that ends another suit's (``R`` and ``KR``) does when what is left before it
    is a rank too. A suit letter that is also a rank's (Swedish ``K``: klöver and kung) is not:
    only the last letters name the suit, so ``KK`` is the king of clubs."""
    suits = [suit.id for suit in rules.game.deck.suits]
    ranks = {rank.upper() for rank in rules.game.deck.ranks} | ({"T"} if "10" in rules.game.deck.ranks else set())
    ranks |= {
        e.text.strip().upper()
        for r in rules.game.deck.ranks
        if (e := _shown(f"labels.rank_short_{r}", entries, english))
    }
    forms: list[tuple[str, str, _Entry | None, str]] = []  # (as typed, upper case; its suit; its entry; what it is)
    for noun in ("symbol", "letter"):
        for suit in suits:
            entry = _shown(f"labels.suit_{noun}_{suit}", entries, english)
            if entry is not None:
                forms.append((entry.text.strip().upper(), suit, entry, noun))
    letters = {form for form, _, _, noun in forms if noun == "letter"}
    forms += [(suit.upper(), suit, None, "English letter") for suit in suits if suit.upper() not in letters]
    errors = []
    for index, (form, suit, entry, noun) in enumerate(forms):
        for earlier, other, other_entry, other_noun in forms[:index]:
            if other == suit or not _ambiguous(form, earlier, ranks):
                continue
            here = entry if entry is not None and entries.get(entry.key) is entry else other_entry  # (the language's)
            if here is None:
                continue
            errors.append(
                here.error(
                    f"the suit {noun} '{form}' of {suit} and the {other_noun} '{earlier}' of {other} could not be "
                    "told apart in a typed card",
                    "give each suit a letter of its own: not another suit's symbol, nor the end of another's letter",
                )
            )
            break
    return errors


def _typed_ranks(rules: RuleSet, entries: Mapping[str, _Entry], english: Mapping[str, _Entry]) -> list[RuleError]:
    """Ranks a person could not tell apart, on a card or typing one (:mod:`whist.playcards`): a rank
    is shown as its short text in the language and typed as that, as its English id, or ``T`` for
    a 10. Two ranks sharing any of those (the ace given ``K``, or German ``K`` for a knave beside
    the king's) would show two kings and make ``KS`` mean either."""
    forms: dict[str, tuple[set[str], _Entry | None]] = {}
    for rank in rules.game.deck.ranks:
        entry = _shown(f"labels.rank_short_{rank}", entries, english)
        typed = {rank.upper(), *(("T",) if rank == "10" else ())}
        forms[rank] = (typed | ({entry.text.strip().upper()} if entry is not None else set()), entry)
    errors = []
    ranks = list(forms)
    for index, rank in enumerate(ranks):
        for other in ranks[:index]:
            shared = forms[rank][0] & forms[other][0]
            if not shared:
                continue
            mine = [e for e in (forms[rank][1], forms[other][1]) if e is not None and entries.get(e.key) is e]
            if mine:  # (the language's text is the one to change; English alone never clashes)
                errors.append(
                    mine[0].error(
                        f"the ranks {other} and {rank} would both read '{sorted(shared)[0]}' on a card or typed",
                        "give each rank a short text of its own, and none that is another rank's English letter",
                    )
                )
                break
    return errors


def _ambiguous(one: str, other: str, ranks: set[str]) -> bool:
    """Whether a card typed with the suit form ``one`` or ``other`` could be read with the other:
    the same form, or one the end of the other with a rank left before it either way."""
    if one == other:
        return True
    shorter, longer = sorted((one, other), key=len)
    if not longer.endswith(shorter):
        return False
    extra = longer[: -len(shorter)]
    return any(rank + extra in ranks for rank in ranks)


def _groups_named_as_bids(
    rules: RuleSet, entries: Mapping[str, _Entry], english: Mapping[str, _Entry]
) -> list[RuleError]:
    """A group read as a bid's name: incompatibility lists name bids and groups side by side, and
    "Lock" there would say the bid Lock is excluded when it is the group."""

    names = {bid: _shown(f"bids.{bid}.name", entries, english) for bid in rules.bids}
    bids = {shown_as(entry.text): bid for bid, entry in names.items() if entry is not None}
    errors = []
    for group in rules.groups:
        entry = _shown(f"groups.{group}", entries, english)
        if entry is not None and shown_as(entry.text) in bids:
            errors.append(
                entry.error(
                    f"'{_written(entry.text.strip())}' is also the name of bid '{bids[shown_as(entry.text)]}': "
                    "an incompatibility list would read as that bid",
                    "give the group a name no bid has (e.g. the kind of bids it holds)",
                )
            )
    return errors


def _clashes(
    kind: str,
    noun: str,
    keys: Mapping[str, str],
    entries: Mapping[str, _Entry],
    english: Mapping[str, _Entry],
    own: set[Path] | None,
) -> list[RuleError]:
    first: dict[str, tuple[str, _Entry]] = {}
    errors = []
    for item, key in keys.items():
        entry = entries.get(key)
        if entry is None or not entry.text.strip():
            entry = english.get(key)
        if entry is None or not entry.text.strip():
            continue  # shown by its id, which nothing else of its kind has
        seen = first.setdefault(shown_as(entry.text), (item, entry))
        if seen[1] is entry:
            continue
        other, earlier = seen
        earlier_is_own = own is not None and _path(earlier) in own and _path(entry) not in own
        # (else at the language's text rather than the English one shown for want of it: that is the one to change)
        earlier_is_language = entries.get(earlier.key) is earlier and entries.get(entry.key) is not entry
        here, there = (earlier, item) if earlier_is_own or (own is None and earlier_is_language) else (entry, other)
        text = _written(here.text.strip())
        errors.append(
            here.error(
                f"'{text}' is also the {noun} of {kind} '{there}': players could not tell the two apart",
                f"give each {kind} a {noun} of its own (case, spaces and invisible characters make no difference)",
            )
        )
    return errors


def _written(text: str) -> str:
    """``text`` with its invisible characters written out (``Tr\\u200bump``), as the message must show them."""
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) == "Cf" else ch for ch in text)


def _path(entry: _Entry) -> Path:
    return Path(entry.doc.path).resolve()
