"""Checks of a rule set's locale files, with located errors.

Two uses:

- :func:`refuse_bad_placeholders` runs whenever texts are loaded (:func:`rulespec.locale.load_texts`):
  a malformed placeholder, or one the text may not use, or any other problem of the files
  (:mod:`rulespec.localekeys`), stops the command with a located error instead of reaching a
  screen, a card or a PDF.
- :func:`check_locales` is what ``whist check`` adds for the locale files a rule set brings beside
  its files: besides the placeholders, the keys a locale file may hold, the bid ids it names and the
  texts' types (a misspelt ``nmae:`` or a removed bid's texts would otherwise never be shown).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulespec import locale  # LOCALES_DIR read at call time (tests point it elsewhere)
from rulespec.errors import RuleError, RuleErrors, shown_argument
from rulespec.locale import (
    DEFAULT_LANGUAGE,
    available_languages,
    locale_files,
    read_locale,
)
from rulespec.localekeys import file_problems
from rulespec.model import RuleSet
from rulespec.placeholdernames import allowed_placeholders, label_placeholders
from rulespec.rulesetcache import RuleSetCache
from rulespec.samenames import name_clashes
from rulespec.textkeys import unwritten
from rulespec.translations import _placeholder_errors, catalog, is_bundled, status
from rulespec.yamlsource import Document, read_yaml

#: Files already found free of placeholder problems, per rule set: (lang, files and their sizes+times).
_CLEAN: RuleSetCache[set[tuple[Any, ...]]] = RuleSetCache()


def _stamp(paths: list[Path]) -> tuple[Any, ...]:
    stamps = []
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            return ()
        stamps.append((str(path), info.st_size, info.st_mtime_ns))
    return tuple(stamps)


def _bundled(path: str | Path) -> bool:
    return locale.LOCALES_DIR.resolve() in Path(path).resolve().parents


def placeholder_problems(lang: str, rules: RuleSet | None) -> list[RuleError]:
    """Malformed placeholders in ``lang``'s files (and English's), and names a text may not use
    in the files a rule set brings. A project text naming a value a house rule took away (a bid's
    ``{bonus}`` after ``bonus: null``) is not the locale's fault: see :func:`inherited_gaps`."""
    errors: list[RuleError] = []
    labels = label_placeholders()
    for language in dict.fromkeys((DEFAULT_LANGUAGE, lang)):
        found = catalog(language, rules)
        for path in found.files:  # a wrong header or name, as whist check says (a non-text falls back to English)
            errors.extend(file_problems(read_locale(path), path, rules)[0])
        bundled = {path: _bundled(path) for path in {entry.doc.path for entry in found.entries.values()}}
        for entry in found.entries.values():
            allowed = None if bundled[entry.doc.path] else allowed_placeholders(entry.key, rules, labels)
            errors.extend(_placeholder_errors(entry, allowed, None))
    return errors


def inherited_gaps(rules: RuleSet, lang: str | None = None, key: str | None = None) -> list[RuleError]:
    """The project's texts that name a value the rule set does not have (a house rule changed or
    replaced the bid: Greed's rules text names ``{bonus}``, a Greed of one's own has none). Such a
    text cannot be printed: ``whist check`` refuses it, and ``whist cards`` and ``whist rules``
    say the same error, at the same place (``lang`` and ``key``: only that text's, for the one
    they met); the terminal shows it with the placeholder as written. The fix is the rule set's
    own text for that key."""
    gaps: list[RuleError] = []
    if is_bundled(rules):
        return gaps  # the project's own rule sets: their texts are checked by its tests
    labels = label_placeholders()
    for language in [lang] if lang is not None else available_languages(rules):
        found = catalog(language, rules)
        bundled = {path: _bundled(path) for path in {entry.doc.path for entry in found.entries.values()}}
        for entry in found.entries.values():
            if bundled[entry.doc.path] and key in (None, entry.key):
                for error in _placeholder_errors(entry, allowed_placeholders(entry.key, rules, labels), None):
                    error.hint = f"give '{entry.key}' a text of your own in locales/{language}/{rules.name}.yaml"
                    gaps.append(error)
    return gaps


def refuse_bad_placeholders(lang: str, rules: RuleSet | None) -> None:
    """Raise every placeholder problem of the texts ``load_texts`` would use (checked once per files)."""
    files = locale_files(DEFAULT_LANGUAGE, rules) + locale_files(lang, rules)
    stamp = (lang, _stamp(files))
    if rules is not None and stamp in _CLEAN.get(rules, lambda _: set()):
        return
    errors = placeholder_problems(lang, rules)
    if errors:
        raise errors[0] if len(errors) == 1 else RuleErrors(errors)
    if rules is not None:  # no weak reference to None: not remembered (it is the cheap case: ui.yaml alone)
        _CLEAN.get(rules, lambda _: set()).add(stamp)


def _own_files(rules: RuleSet) -> list[Path]:
    """The locale files beside the rule set's own files (not the project's bundled ones)."""
    files: list[Path] = []
    for lang in available_languages(rules):
        for path in locale_files(lang, rules):
            if not _bundled(path):
                files.append(path)
    return list(dict.fromkeys(files))


def check_locales(rules: RuleSet) -> list[RuleError]:
    """Every problem of the locale files beside the rule set's files, located (empty: all good).

    A rule set from elsewhere brings its own, which are read here: YAML syntax, then what every
    reader of texts finds (:func:`rulespec.translations.catalog`: header, keys and names, text
    types), placeholders. A bundled rule set's are the project's: in every language it has, what
    ``whist translate check`` finds (a translator adding a language edits the project's files, and
    ``whist cards`` refused a placeholder that ``whist check`` had passed).
    """
    if is_bundled(rules):
        return [error for lang in available_languages(rules) for error in status(lang, rules).errors]
    unreadable: list[RuleError] = []
    errors: list[RuleError] = []
    own = _own_files(rules)
    for path in own:
        try:
            read_locale(path)
        except RuleError as exc:
            unreadable.append(exc)
    if unreadable:
        return unreadable  # the texts of a language with a file that does not read cannot be looked up
    own_set = {p.resolve() for p in own}
    english = catalog(DEFAULT_LANGUAGE, rules).entries
    labels = label_placeholders()
    for lang in available_languages(rules):
        found = catalog(lang, rules)
        errors.extend(e for e in found.errors if e.position and Path(e.position.path).resolve() in own_set)
        paths = {entry.doc.path for entry in found.entries.values()}
        ours = {path for path in paths if Path(path).resolve() in own_set}
        for entry in found.entries.values():
            if entry.doc.path in ours:
                errors.extend(_placeholder_errors(entry, allowed_placeholders(entry.key, rules, labels), None))
        clashes = name_clashes(rules, found.entries, english, own_set)
        errors.extend(e for e in clashes if e.position and Path(e.position.path).resolve() in own_set)
    return errors


#: At most this many warnings of missing texts; the rest are counted in one more line.
MAX_UNWRITTEN_WARNINGS = 50


def unwritten_texts(rules: RuleSet) -> list[RuleError]:
    """The texts the rule set's own data asks for that no English file has (a house rule's new bid
    without its name): every language without a text of its own shows them as their ids. One
    warning per bid (or place of the game section), at the bid's ``id`` in the first of the rule
    set's files that defines it; past :data:`MAX_UNWRITTEN_WARNINGS`, one line counts the rest."""
    if is_bundled(rules):
        return []  # the project's own rule sets: their texts are checked by its tests
    english = catalog(DEFAULT_LANGUAGE, rules).entries
    keys_by_owner: dict[str, list[str]] = {}
    for key, owner in unwritten(rules, {key: entry.text for key, entry in english.items()}).items():
        keys_by_owner.setdefault(owner, []).append(key)
    if not keys_by_owner:
        return []
    where = f"locales/{DEFAULT_LANGUAGE}/{rules.name}.yaml beside the rule file"
    init = f"whist translate init en {shown_argument(rules.sources[0])}"
    places = _owner_places(rules)
    warnings = []
    for owner, keys in list(keys_by_owner.items())[:MAX_UNWRITTEN_WARNINGS]:
        what = f"the bid '{owner}'" if owner in rules.bids else f"'{owner}'"
        # (English is every language's fallback: a language with its own text shows that one)
        message = f"{what} has no English text for {', '.join(keys)}: a language without its own shows ids there"
        hint = f"write {'them' if len(keys) > 1 else 'it'} in {where} ('{init}' writes every one, empty)"
        found = places.get(owner)
        if found is None:
            warnings.append(RuleError(message, None, hint))
        elif owner in rules.bids:
            warnings.append(found[0].error(found[1], message, hint))  # at the id's value
        else:
            warnings.append(found[0].key_error(found[1], message, hint))  # at the game section's key
    if len(keys_by_owner) > MAX_UNWRITTEN_WARNINGS:
        more = len(keys_by_owner) - MAX_UNWRITTEN_WARNINGS
        warnings.append(RuleError(f"{more} more without English texts", None, f"'{init}' writes every one, empty"))
    return warnings + _renamed(rules)


def _renamed(rules: RuleSet) -> list[RuleError]:
    """A warning when the rule set has no English file of its own while the English folder beside it
    holds files no rule of its lineage reads (``club-d.yaml`` after ``ruleset: club-d`` became
    ``club-e``): they are silently unread, and the missing texts would be written anew. Only the
    folder's file names are looked at, never another file."""
    folder = Path(rules.sources[0]).parent / "locales" / DEFAULT_LANGUAGE
    if (folder / f"{rules.name}.yaml").exists() or not folder.is_dir():
        return []
    read = {"ui", *(ref.split("@")[0] for ref in rules.lineage)}
    unread = sorted(path.name for path in folder.glob("*.yaml") if path.stem.split("@")[0] not in read)
    if not unread:
        return []
    message = (
        f"locales/{DEFAULT_LANGUAGE}/ beside the rule file has {', '.join(unread)}, which this rule set does "
        f"not read: its texts are read from {rules.name}.yaml (the name its 'ruleset:' gives)"
    )
    hint = "if the rule set was renamed, rename its locale files in every language too"
    try:
        return [read_yaml(Path(rules.sources[0])).error(("ruleset",), message, hint)]
    except RuleError:
        return [RuleError(message, None, hint)]


def _owner_places(rules: RuleSet) -> dict[str, tuple[Document, tuple[str | int, ...]]]:
    """Where each bid (its ``- id:``) and each place of the game section (``game.marks``) is first
    written in the rule set's own files, child first: each file read once."""
    places: dict[str, tuple[Document, tuple[str | int, ...]]] = {}
    for source in rules.sources:
        try:
            doc = read_yaml(Path(source))
        except RuleError:
            continue
        data = doc.data if isinstance(doc.data, dict) else {}
        bids = data.get("bids")
        for index, entry in enumerate(bids if isinstance(bids, list) else []):
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                places.setdefault(entry["id"], (doc, ("bids", index, "id")))
        for place in doc.key_locations:
            if len(place) == 2 and place[0] == "game":
                places.setdefault(f"game.{place[1]}", (doc, place))
    return places


def locale_report(rules: RuleSet) -> tuple[list[RuleError], list[RuleError]]:
    """What ``whist check`` says of a rule set's locale files: errors (:func:`check_locales`, and a
    text that cannot be printed: :func:`inherited_gaps`), and when there are none, warnings
    (:func:`unwritten_texts`)."""
    try:
        problems = check_locales(rules) or inherited_gaps(rules)
        return problems, [] if problems else unwritten_texts(rules)
    except RuleError as exc:
        return [exc], []
