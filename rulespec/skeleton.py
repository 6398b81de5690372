"""Skeletons for a new language: ``whist translate init``.

Each file gets every key it should hold, empty, with the English text in ``# en:`` comments
above it. A file that exists is only ever extended: the entries it lacks are added and every
translated entry stays as it is (see :mod:`rulespec.localeedit`).
"""

from __future__ import annotations

import os
from pathlib import Path

from rulespec import locale  # LOCALES_DIR read at call time (tests point it elsewhere)
from rulespec.errors import RuleError
from rulespec.locale import DEFAULT_LANGUAGE, SHARED_FILE, check_locale_path, flatten, read_locale
from rulespec.localeedit import add_entries, checked, emit, nest, write_locale
from rulespec.model import RuleSet
from rulespec.paths import MAX_FILE_BYTES
from rulespec.textkeys import describe, unwritten
from rulespec.translations import LANGUAGE_CODE, catalog, check_writable, is_bundled, own_locale_file


def _label(lang: str) -> str:
    """The comment above each new entry: its English text (``# en:``), or in an English skeleton what it is for."""
    return "for" if lang == DEFAULT_LANGUAGE else DEFAULT_LANGUAGE


def init_targets(lang: str, rules: RuleSet | None) -> list[tuple[Path, dict[str, str]]]:
    """The files ``init`` writes for ``lang`` and the English entries (key → text) each holds.

    A bundled rule set's texts go in the project's ``locales/<lang>/``, each in the file named as
    its English text's (``ui.yaml`` for the shared labels, ``<name>.yaml`` for the rule set's, and an
    older version's own texts in ``<name>@<version>.yaml``, where they override only that version).
    A house rule's go beside the house rule, in
    ``locales/<lang>/<name>.yaml`` where its texts are looked up, and hold the texts its own
    English files add or change: the rest is the bundled translation's. Where the project has
    no file of a bundled translation in ``lang`` (a language nobody has done yet), that file's
    texts go beside the house rule too, in a file of the same name (``ui.yaml``,
    ``combo-whist.yaml``), which is read for it there: a house rule's translator can give it
    every text it shows without writing into the installed project. (Gaps in a translation the
    project has are the project's to fill: ``whist translate init LANG`` for the bundled set.)
    """
    english = catalog(DEFAULT_LANGUAGE, rules)
    shared_name = f"{SHARED_FILE}.yaml"
    if is_bundled(rules):  # each text in the file of its English text's name: a version's own in its version's
        by_file: dict[Path, dict[str, str]] = {locale.LOCALES_DIR / lang / shared_name: {}}
        for key, entry in english.entries.items():
            by_file.setdefault(locale.LOCALES_DIR / lang / Path(entry.doc.path).name, {})[key] = entry.text
        return list(by_file.items())
    assert rules is not None
    target = own_locale_file(lang, rules)
    if lang == DEFAULT_LANGUAGE:  # the texts the data asks for that no English file has, with what each is for
        texts = {key: entry.text for key, entry in english.entries.items()}
        return [(target, {key: describe(key) for key in unwritten(rules, texts)})]
    bundled = locale.LOCALES_DIR.resolve()
    own = {k: e.text for k, e in english.entries.items() if not Path(e.doc.path).resolve().is_relative_to(bundled)}
    files = {target: own}
    for key, entry in english.entries.items():
        name = Path(entry.doc.path).name
        if key not in own and not (locale.LOCALES_DIR / lang / name).is_file():
            files.setdefault(target.parent / name, {})[key] = entry.text
    return list(files.items())


def skeleton(lang: str, rules: RuleSet | None, path: Path, entries: dict[str, str]) -> str:
    """A locale file for ``lang`` at ``path`` with ``entries``' keys, empty, the English text above each."""
    schema = Path(__file__).resolve().parent / "schema" / "locale.schema.json"
    try:
        schema_ref = Path(os.path.relpath(schema, path.parent.resolve())).as_posix()
    except ValueError:  # another drive
        schema_ref = schema.as_posix()
    house = "" if is_bundled(rules) or rules is None else f" {rules.sources[0]}"
    if lang == DEFAULT_LANGUAGE:  # a house rule's own English: what its data asks for
        notes = [
            '# English texts its data asks for. Fill in each empty "" entry; the comment says what it is for.',
            f"# Then a translation: whist translate init sv{house}",
        ]
    else:
        notes = [
            f"# Texts in '{lang}'. Fill in each empty \"\" entry; the English text is in the comment above it.",
            f"# Then record fingerprints with: whist translate mark {lang}{house}",
        ]
    lines = [f"# yaml-language-server: $schema={schema_ref}", *notes, f"language: {lang}"]
    if path.stem != SHARED_FILE and rules:
        lines.append(f"ruleset: {path.stem.split('@')[0]}")  # the rule set whose texts the file holds
    emit(nest(dict.fromkeys(entries), 0), "", lines, entries, label=_label(lang))
    return "\n".join(lines) + "\n"


def init(lang: str, rules: RuleSet | None, force: bool = False) -> list[tuple[Path, int | None, bool]]:
    """Write skeleton files for a new language: ``(path, entries added, created)`` per file.

    A file that exists is left as it is unless ``force`` (``entries added`` None), and when every
    file exists that is refused; with ``force`` only the entries a file lacks are added (empty,
    with their English above them). A translated entry is never changed. (``init de
    christmas-whist`` after ``init de`` writes ``christmas-whist.yaml`` beside the ``ui.yaml``
    that the first one wrote.)
    """
    if lang == DEFAULT_LANGUAGE and is_bundled(rules):
        raise RuleError(
            "English is the source language: the project's English files are written, not generated",
            None,
            "give another language code (for a house rule, 'init en' writes the English texts its data asks for)",
        )
    if not LANGUAGE_CODE.match(lang):
        raise RuleError(f"'{lang}' is not a language code", None, "two or three lowercase letters, e.g. de or fi")
    targets = init_targets(lang, rules)
    for path, _ in targets:  # never written through a link that leads out of the rule set's folder
        check_locale_path(path)
        check_writable(path, rules)
    existing = [path for path, _ in targets if path.exists()]
    if existing and not force and len(existing) == len(targets):
        raise RuleError(
            f"{existing[0]} exists already", None, "use --force to add the entries it lacks (translations are kept)"
        )
    plans: list[tuple[Path, str, int | None, bool]] = []
    for path, entries in targets:
        if path.exists() and not force:
            plans.append((path, "", None, False))
            continue
        if not path.exists():
            text = skeleton(lang, rules, path, entries)
            if len(text.encode("utf-8")) > MAX_FILE_BYTES:  # it could not be read back
                raise RuleError(
                    f"a skeleton of {len(entries)} entries for {path} would take {len(text.encode('utf-8'))} bytes, "
                    f"more than a locale file may hold ({MAX_FILE_BYTES})",
                    None,
                    "a rule set with this many texts cannot keep them in one locale file",
                )
            plans.append((path, text, len(entries), True))
            continue
        doc = read_locale(path)
        present = dict(flatten(doc.data))
        lacking = {k: None for k in entries if k not in present}
        if lacking:
            text = add_entries(doc, lacking, entries, label=_label(lang))
            plans.append((path, checked(doc, text, {**present, **dict.fromkeys(lacking, "")}), len(lacking), False))
        else:
            plans.append((path, doc.text, 0, False))
    written = []
    for path, text, added, created in plans:  # every file is planned and checked before any is written
        if added or created:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_locale(path, text)  # (an existing file keeps its line ends)
        written.append((path, added, created))
    return written
