"""Names players must tell apart: no two bids of a rule set may read the same in one language.

A translator who gave Grill the name of Trump ("Trumf" for both), or a house rule's new bid
named like an old one, makes two rows of every table look alike and a name typed at the table
ambiguous. Names are compared as people see them: letter case, Unicode compatibility forms
(a full-width letter), invisible format characters (a zero-width space) and runs of spaces
make no difference. ``whist check`` reports a clash in a house rule's own locale files,
``whist translate status`` and ``check`` in any language.
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
    """Bids whose names read the same in the language of ``entries`` (English where it has none):
    an error at one of the two names, in ``own`` files when one of them is there (a house rule's)."""
    first: dict[str, tuple[str, _Entry]] = {}
    errors = []
    for bid in rules.bids:
        key = f"bids.{bid}.name"
        entry = entries.get(key)
        if entry is None or not entry.text.strip():
            entry = english.get(key)
        if entry is None or not entry.text.strip():
            continue  # shown by its id, which no other bid has
        seen = first.setdefault(shown_as(entry.text), (bid, entry))
        if seen[1] is entry:
            continue
        other, earlier = seen
        here, there = (
            (earlier, bid) if own is not None and _path(earlier) in own and _path(entry) not in own else (entry, other)
        )
        name = _written(here.text.strip())
        errors.append(
            here.error(
                f"'{name}' is also the name of bid '{there}': players could not tell the two apart",
                "give each bid a name of its own (case, spaces and invisible characters make no difference)",
            )
        )
    return errors


def _written(text: str) -> str:
    """``text`` with its invisible characters written out (``Tr\\u200bump``), as the message must show them."""
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) == "Cf" else ch for ch in text)


def _path(entry: _Entry) -> Path:
    return Path(entry.doc.path).resolve()
