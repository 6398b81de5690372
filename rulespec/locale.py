"""Texts a person reads, per language, from locale files.

Layout: ``locales/<lang>/ui.yaml`` holds labels shared by every rule set;
``locales/<lang>/<name>.yaml`` the texts of one rule set (bid names, rules texts, group
names, the general rules prose); ``locales/<lang>/<name>@<version>.yaml`` what an older
version says differently. A rule set outside the bundle may bring its own texts in a
``locales/<lang>/`` folder beside its files. Locales layer like rule sets: a rule set that
extends another inherits its parent's texts and overrides what it names.

Texts hold no numbers from the rules: ``{name}`` placeholders are filled from the rule data
(see :func:`bid_values` and :func:`general_values`). A missing text falls back to English,
then to the key itself, and is remembered in :attr:`Texts.missing` — never a crash.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from rulespec.compiler import Expression
from rulespec.errors import Position, RuleError
from rulespec.model import Bid, RuleSet
from rulespec.numbers import shown_number
from rulespec.paths import check_link_stays, read_limited
from rulespec.placeholders import MissingValues, fill
from rulespec.yamlsource import Document, read_yaml

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
DEFAULT_LANGUAGE = "en"
SHARED_FILE = "ui"
#: Top-level keys of a locale file that are not texts.
META_KEYS = ("language", "ruleset", "fingerprints")


class Family(Protocol):
    """What finding a rule set's locale files needs: a :class:`RuleSet`, or one still loading."""

    @property
    def lineage(self) -> Sequence[str]: ...  # "name@version", the rule set first, then its parents

    @property
    def sources(self) -> Sequence[str]: ...  # its files, child first


def _codes(value: str) -> list[str]:
    """Language codes in an environment value: ``sv_SE.UTF-8`` → sv; ``sv:de`` (LANGUAGE) → sv, de."""
    codes = []
    for item in value.split(":"):
        code = item.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()
        if code:
            codes.append(code)
    return codes


def language_code(value: str) -> str:
    """A language code as the environment writes it, as a code: ``de_DE.UTF-8``, ``de-DE``, ``DE`` → ``de``."""
    codes = _codes(value)
    return codes[0] if codes else value


def default_language() -> str:
    """The language from the environment, else English.

    ``WHIST_LANG`` first, then the usual locale variables: ``LANGUAGE`` (a list, ``sv:de``),
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``. As with gettext, a ``C`` or ``POSIX`` locale means
    English and ``LANGUAGE`` is then ignored. Languages without locale files are skipped.
    """
    available = set(available_languages())
    for code in _codes(os.environ.get("WHIST_LANG", "")):
        if code in available:
            return code
    locale_value = next((os.environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(v)), "")
    if _codes(locale_value)[:1] in (["c"], ["posix"]):
        return DEFAULT_LANGUAGE
    for code in [*_codes(os.environ.get("LANGUAGE", "")), *_codes(locale_value)]:
        if code in available:
            return code
    return DEFAULT_LANGUAGE


def available_languages(rules: Family | None = None) -> list[str]:
    """Languages with locale files: the project's, and those a rule set brings beside its files."""
    folders = [LOCALES_DIR, *(Path(source).parent / "locales" for source in (rules.sources if rules else ()))]
    return sorted({p.name for folder in folders if folder.is_dir() for p in folder.iterdir() if p.is_dir()})


def flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """``(dotted key, text)`` for every text in a locale mapping (meta keys left out)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not prefix and key in META_KEYS:
                continue
            yield from flatten(value, f"{prefix}.{key}" if prefix else str(key))
    elif prefix:
        yield prefix, data


def locale_roots(lang: str, rules: Family | None) -> list[Path]:
    """The folders that hold ``lang``'s locale files: the project's, then those beside the rule
    files that have one, parents before children (so a child's files override its parent's)."""
    roots = [LOCALES_DIR / lang]
    for source in reversed(rules.sources if rules else ()):
        local = Path(source).parent / "locales" / lang
        if local.is_dir() and local.resolve() not in [r.resolve() for r in roots]:
            roots.append(local)
    return roots


def locale_files(lang: str, rules: Family | None) -> list[Path]:
    """The locale files for ``rules`` in ``lang``, parents first (later files override)."""
    roots = locale_roots(lang, rules)
    files = [root / f"{SHARED_FILE}.yaml" for root in roots]
    seen_names: set[str] = set()
    for ref in reversed(rules.lineage if rules else ()):
        name = ref.split("@")[0]
        for root in roots:
            if name not in seen_names:
                files.append(root / f"{name}.yaml")
            files.append(root / f"{ref}.yaml")
        seen_names.add(name)
    unique = list(dict.fromkeys(files))
    found = [f for f in unique if f.is_file()]
    for f in found:  # a link in a shared folder must not lead out of it (rulespec.paths)
        check_locale_path(f)
    return found


def check_locale_path(path: Path) -> None:
    """A locale file lies at ``<home>/locales/<lang>/<file>``: no link on the way there (the file,
    ``<lang>`` or ``locales``) may lead out of ``<home>``, for reading or for writing."""
    check_link_stays(path, path.parents[2])


def layer(path: Path | str, rules: RuleSet | None) -> tuple[int, int]:
    """Where a locale file sits in the layering, comparable across languages: (its rule set,
    ``ui`` first and parents before children; its folder, the project's before the ones beside
    the rule files). A file at a later layer overrides one at an earlier layer."""
    path = Path(path)
    stem, name = path.stem, path.stem.split("@")[0]
    refs = list(reversed(rules.lineage if rules else ()))  # parents first
    names = [ref.split("@")[0] for ref in refs]
    if name == SHARED_FILE:
        level = 0
    elif "@" in stem:  # a version's own file sits just after that version's place in the chain
        level = 2 + 2 * (refs.index(stem) if stem in refs else len(refs))
    else:
        level = 1 + 2 * (names.index(name) if name in names else len(refs))
    folders = [root.parent.resolve() for root in locale_roots(path.parent.name, rules)]
    here = path.parent.parent.resolve()
    return level, folders.index(here) if here in folders else len(folders)


#: Parsed locale files by path and content: a command reads the same files for every language and
#: rule set it looks at. Documents from here are shared, so nothing may change their data.
_PARSED: dict[tuple[str, str], Document] = {}
_PARSED_MAX = 64


def read_locale(path: Path) -> Document:
    """A parsed locale file (a mapping; an empty file is an empty one). Do not change its data."""
    try:
        key = (str(path), hashlib.sha256(read_limited(path)).hexdigest())  # never a pipe or a device
    except (OSError, RuleError):
        key = None  # read_yaml reports it
    if key is not None and key in _PARSED:
        return _PARSED[key]
    doc = read_yaml(path)
    if doc.data is None:  # an empty file (or only comments) holds no texts
        doc = replace(doc, data={})
    if not isinstance(doc.data, dict):
        raise RuleError("a locale file must be a mapping of texts", Position(str(path), 1, 1))
    if key is not None:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = doc
    return doc


def _merge(base: dict[str, Any], overlay: dict[str, Any]) -> None:
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
        else:
            base[key] = value


def layered(lang: str, rules: Family | None) -> dict[str, Any]:
    """The texts of ``lang`` for ``rules``, later files overriding earlier ones (meta keys left out)."""
    merged: dict[str, Any] = {}
    for path in locale_files(lang, rules):
        data = read_locale(path).data
        texts = {k: copy.deepcopy(v) for k, v in data.items() if k not in META_KEYS}  # only top-level keys are meta
        _merge(merged, texts)
    return merged


# --- placeholder values ------------------------------------------------------------------


def value_text(expr: Expression | None, or_word: str = "or") -> str | None:
    """A number from the rules as a text shows it: ``2``, or ``1 or 3`` for a conditional."""
    if expr is None:
        return None
    values = expr.ordered_values()
    return None if values is None else f" {or_word} ".join(shown_number(v) for v in values)


def bid_values(bid: Bid, or_word: str = "or") -> dict[str, str]:
    """The placeholders a bid's texts may use, with their values."""
    values: dict[str, Any] = {str(k): str(v) for k, v in bid.params.items()}
    candidates: dict[str, Expression | None] = {
        "worth": bid.worth,
        "score": bid.score,
        "bonus": bid.bonus,
        "penalty": bid.penalty,
        "tricks_min": bid.tricks.min if bid.tricks else None,
        "tricks_max": bid.tricks.max if bid.tricks else None,
        "tricks_exactly": bid.tricks.exactly if bid.tricks else None,
    }
    for count, other in bid.tricks.for_players.items() if bid.tricks else ():
        # e.g. {tricks_min_3_players}: the requirement of a deal of three
        candidates.update({f"tricks_{key}_{count}_players": getattr(other, key) for key in ("min", "max", "exactly")})
    for name, expr in candidates.items():
        text = value_text(expr, or_word)
        if text is not None:
            values[name] = text
    if bid.priority is not None:
        values["priority"] = str(bid.priority)
    return values


def general_values(rules: RuleSet, or_word: str = "or") -> dict[str, str]:
    """The placeholders the general rules prose may use."""
    game = rules.game
    values: dict[str, Any] = {**game.params, **game.options}
    if game.deal.set_aside:
        values["set_aside"] = game.deal.set_aside
    values["players_min"] = game.players.min
    values["players_max"] = game.players.max
    if game.players.in_deal:
        values["in_deal"] = game.players.in_deal
    hand = value_text(game.deal.hand_size, or_word)
    if hand is not None:
        values["hand_size"] = hand
    floor = game.scoring.floor if game.scoring is not None else None
    if floor is not None:  # e.g. Combo Whist 1.0.0's blockade
        values["floor_score"] = floor.score
        values["debt_fades"] = floor.debt_fades
    if game.auction is not None:
        values.update(game.auction.time_limits)
        minimum = value_text(game.auction.minimum_worth, or_word) if game.auction.has_minimum else None
        if minimum is not None:
            values["minimum_worth"] = minimum
    return {k: str(v) for k, v in values.items()}


@dataclass
class Texts:
    """Looked-up texts for one language, with English fallback and filled placeholders."""

    language: str
    data: dict[str, Any]
    fallback: dict[str, Any]
    rules: RuleSet | None = None
    missing: set[str] = field(default_factory=set)
    #: Refuse (a :class:`RuleError`) a text naming a placeholder that has no value, instead of
    #: showing it as written: for what is printed to keep (cards, the rules reference).
    strict: bool = False
    #: Escapes the texts' own words for where they are shown (e.g. rich markup for the terminal:
    #: a bid named ``[/bold]`` must print as written); values passed in are left as they are.
    escape: Callable[[str], str] | None = None

    def get(self, key: str, **values: Any) -> str:
        """The text at a dotted key (``"bids.trump.name"``), ``{placeholders}`` filled from ``values``."""
        text = text_at(self.data, key)
        if text is None:
            self.missing.add(key)
            text = text_at(self.fallback, key)
        if text is None:
            shown = _last_resort(key)
            return self.escape(shown) if self.escape else shown
        if not self.strict:
            return fill(str(text), values, literal=self.escape)
        try:
            return fill(str(text), values, strict=True, literal=self.escape)
        except MissingValues as exc:
            if self.rules is not None:  # a project text a house rule left without its value: as whist check says it
                from rulespec.localecheck import inherited_gaps  # (it reads the locale files: asked on failure only)

                language = self.language if text_at(self.data, key) is not None else DEFAULT_LANGUAGE
                located = inherited_gaps(self.rules, language, key)
                if located:
                    raise located[0] from None
            raise RuleError(
                f"the text '{key}' in '{self.language}' uses {', '.join('{' + n + '}' for n in exc.names)}, "
                "which has no value here",
                None,
                "give the text a version without it in the rule set's locale file (whist check lists them all)",
            ) from None

    def label(self, name: str, **values: Any) -> str:
        return self.get(f"labels.{name}", **values)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text in the language or in the English fallback (not counted as missing)."""
        return text_at(self.data, key) is not None or text_at(self.fallback, key) is not None

    def bid_name(self, bid_id: str) -> str:
        return self.bid_text(bid_id, "name")

    def variant_name(self, name: str) -> str:
        """A winning variant's name (``variants.limited``: Limited); its id where no language has one."""
        return self.get(f"variants.{name}")

    def schedule_name(self, name: str) -> str:
        """A match schedule's name (``schedules.five``: Five hands); its id where no language has one."""
        return self.get(f"schedules.{name}")

    def bid_text(self, bid_id: str, field_name: str = "rules") -> str:
        """A bid's rules text (or ``short``, ``name``) with its numbers filled in from the rule data."""
        key = f"bids.{bid_id}.{field_name}"
        bid = self.rules.bids.get(bid_id) if self.rules else None
        values = bid_values(bid, self._or_word(key)) if bid and self._has_placeholders(key) else {}
        return self.get(key, **self._escaped(values))

    def general(self, section: str) -> str:
        """A section of the general rules prose with the game's numbers filled in."""
        key = f"general.{section}"
        values = general_values(self.rules, self._or_word(key)) if self.rules and self._has_placeholders(key) else {}
        return self.get(key, **self._escaped(values))

    # Values from the rule data (a text param may read ``[/]``) are escaped as the text's own words are.
    def _or_word(self, key: str) -> str:
        """The word between values (``1 or 3``) in the language the text at ``key`` is shown in: an
        English text that stands in for a missing translation says "or", not "oder"."""
        data = self.data if text_at(self.data, key) is not None else self.fallback
        return text_at(data, "labels.or") or text_at(self.fallback, "labels.or") or "or"

    def _escaped(self, values: dict[str, str]) -> dict[str, str]:
        escape = self.escape
        return {name: escape(value) for name, value in values.items()} if escape else values

    def _has_placeholders(self, key: str) -> bool:
        """Whether the text ``get`` would show has a brace (only then are values, and ``or``, looked up)."""
        text = text_at(self.data, key) or text_at(self.fallback, key)
        return text is not None and "{" in text


def _last_resort(key: str) -> str:
    """What to show when no language has a text: the id it names (``bids.x.name`` → ``x``), also for
    the names a rule set gives its choices, melds and zones (``declarations.x`` → ``x``), its marks and
    its winning variants and its match's schedules."""
    parts = key.split(".")
    if parts[0] in ("bids", "groups", "declarations", "marks", "variants", "schedules") and len(parts) >= 2:
        return parts[1]
    return key


def text_at(data: dict[str, Any], key: str) -> str | None:
    """The text at a dotted key of one locale document, or None (a number counts; yes/no do not)."""
    value: Any = data
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # a text that is a number (``10``); yes/no unquoted are not texts
    if isinstance(value, str) and value.strip():
        return value
    return None


def load_texts(rules: RuleSet | None, language: str | None = None) -> Texts:
    """The texts for ``rules`` in ``language`` (default: from the environment)."""
    lang = language or default_language()
    english = layered(DEFAULT_LANGUAGE, rules)
    data = english if lang == DEFAULT_LANGUAGE else layered(lang, rules)
    from rulespec.localecheck import refuse_bad_placeholders  # it reads files through this module
    from rulespec.textlayers import drop, made_for_other_english

    if lang != DEFAULT_LANGUAGE:  # a translation of another English text (an older version's, a parent's) is not shown
        data = drop(data, made_for_other_english(lang, rules))
    refuse_bad_placeholders(lang, rules)
    return Texts(lang, data, english, rules)
