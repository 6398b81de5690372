"""A bid written by its name instead of its id (``noll``, ``Öppen Hand``): the hint names the id.

Players know the bids by their names, in their own language; rule files name them by ids
(``zero``, ``open_hand``), which ``whist show`` in Swedish never prints. When a rule file names a
bid that does not exist, the hint first looks for a close id, as every unknown name does; failing
that, for a bid whose name in one of the project's languages reads the same (letter case, spaces
and underscores aside) or nearly so, among the bundled rule sets the file builds on.

Only the project's own locale files are read, and only once a name is already unknown: a rule
set that loads cleanly never reads them here.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rulespec.errors import RuleError, did_you_mean

if TYPE_CHECKING:
    from rulespec.locale import Family


def bid_hint(word: str, ids: Iterable[str], lineage: Sequence[str] = ()) -> str | None:
    """``did you mean 'zero'?``, or ``did you mean 'zero' (Noll)?`` when ``word`` reads as that
    bid's name; None when nothing is close. ``lineage``: the rule sets the file builds on
    (``name@version``, as :attr:`rulespec.model.RuleSet.lineage`)."""
    known = sorted(set(ids))
    close = did_you_mean(word, known)
    if close is not None or not lineage:
        return close
    names: dict[str, tuple[str, str]] = {}  # a name as _plain writes it → (the bid's id, its name as written)
    for name, bid in _bid_names(tuple(entry.split("@")[0] for entry in lineage)):
        if bid in known:
            names.setdefault(_plain(name), (bid, name))  # (the newest version's meaning of a name first)
    wanted = _plain(word)
    found = wanted if wanted in names else next(iter(difflib.get_close_matches(wanted, names, n=1, cutoff=0.8)), None)
    return f"did you mean '{names[found][0]}' ({names[found][1]})?" if found is not None else None


def _plain(text: str) -> str:
    """A name as it is compared: lower case, without accents (an id cannot hold ö: ``oppen_hand``
    for Öppen Hand), words apart by one space whether written with spaces, ``_`` or ``-``."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    return " ".join(re.split(r"[\s_\-]+", folded)).strip()


@functools.lru_cache(maxsize=8)
def _bid_names(rulesets: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(a bid's name, its id) over every language's bundled files of ``rulesets``, the newest first."""
    from rulespec import locale
    from rulespec.locate import bundled_names

    bundled = set(bundled_names())
    pairs: list[tuple[str, str]] = []
    for name in dict.fromkeys(r for r in rulesets if r in bundled):
        for path in sorted(locale.LOCALES_DIR.glob(f"*/{name}.yaml")) + sorted(
            locale.LOCALES_DIR.glob(f"*/{name}@*.yaml")
        ):
            bids = locale.read_locale(path).data.get("bids")
            for bid, texts in (bids or {}).items() if isinstance(bids, dict) else ():
                if isinstance(texts, dict) and isinstance(texts.get("name"), str):
                    pairs.append((texts["name"], str(bid)))
    return tuple(pairs)


def bid_id_named(name: str, rules: Family) -> str | None:
    """The id of the bid whose name is ``name`` (any case) in English, else in another language:
    ``Ending Dog`` → ``ending_dog``, ``Öppen Hand`` → ``open_hand``.

    For hints when a rule file names a bid by its name where an id is wanted. Unreadable
    locale files give no hint (their own check reports them).
    """
    from rulespec.locale import DEFAULT_LANGUAGE, available_languages, layered

    wanted = " ".join(name.split()).casefold()
    for lang in dict.fromkeys([DEFAULT_LANGUAGE, *available_languages(rules)]):
        try:
            bids = layered(lang, rules).get("bids")
        except RuleError:
            continue
        for bid_id, entry in bids.items() if isinstance(bids, dict) else ():
            text = entry.get("name") if isinstance(entry, dict) else None
            if isinstance(text, str) and " ".join(text.split()).casefold() == wanted:
                return str(bid_id)
    return None
