"""The ``whist translate`` commands; :func:`register` adds them to a click group.

``status``, ``init``, ``check``, ``mark``, ``export`` and ``import``. Each takes the language
first and the rule set second (a bundled name, a file or a folder; default combo-whist), and
refuses a language that has no texts (exit 2, with the available ones). No command changes a
translated entry it was not asked to change (see :mod:`rulespec.localeedit`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulespec import RuleError
from rulespec.atomic import write_atomically
from rulespec.errors import did_you_mean
from rulespec.locale import DEFAULT_LANGUAGE, available_languages, language_code
from rulespec.model import RuleSet
from rulespec.translations import Entry, Status, is_bundled, is_older_version, own_locale_file, previous_english
from whist.cliargs import DEFAULT_RULESET, check_output_folder
from whist.common import fail, rules_or_fail

if TYPE_CHECKING:  # (polib is imported by the PO commands only)
    from rulespec.po import Imported


def _code(lang: str) -> str:
    """``lang`` as a code; a region or encoding dropped on the way is said (``de-CH`` is ``de``'s
    files: texts are kept per language), as a translator who asked for a region's own would not know."""
    code = language_code(lang)
    if code != lang:
        click.echo(f"note: '{lang}' is read as '{code}' (texts are kept per language, not per region)", err=True)
    return code


def _known_language(lang: str, rules: RuleSet | None) -> str:
    """``lang`` as a code, if there are texts in it (else a usage error: exit 2)."""
    code = _code(lang)
    known = available_languages(rules)
    if code not in known:
        raise click.BadParameter(
            f"no texts in '{lang}' (available: {', '.join(known)}); start them with: whist translate init {code}",
            param_hint="LANG",
        )
    return code


def _where(entry: Entry) -> str:
    return f"{entry.doc.path}:{entry.doc.locations[entry.path].line}"


def _missing_in(key: str, lang: str, rules: RuleSet, report: Status) -> str:
    """The locale file a missing text belongs in (where `translate import` would write it): a
    bundled rule set's file named as the English text's, a house rule's own file beside it."""
    source = report.english.get(key)
    if is_bundled(rules) and source is not None:
        english = Path(source.doc.path)
        path = english.parent.parent / lang / english.name
    else:
        path = own_locale_file(lang, rules)
    return str(path) if path.exists() else f"{path} (not written yet)"


def _stale_details(report: Status, rules: RuleSet) -> list[dict[str, object]]:
    """Each stale entry: where its translation is, the English it was made from (if known) and the English now."""
    details = []
    for key in report.stale:
        entry = report.translated[key]
        details.append(
            {
                "key": key,
                "file": entry.doc.path,
                "line": entry.doc.locations[entry.path].line,
                "old_english": previous_english(key, entry.fingerprint or "", rules, entry),
                "new_english": report.english[key].text,
            }
        )
    return details


@click.group()
def translate() -> None:
    """Translation tooling: status, init, check, mark, export and import (PO).

    \b
    Example:
      whist translate status sv
    """


@translate.command("status")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON document.")
def translate_status(lang: str, ruleset: str, as_json: bool) -> None:
    """List LANG's missing, unreviewed (never marked), stale (English changed since) and obsolete entries.

    \b
    Example:
      whist translate status sv my-club/house.yaml
    """
    from rulespec.translations import status

    rules = rules_or_fail(ruleset)
    lang = _known_language(lang, rules)
    report = status(lang, rules)
    stale = _stale_details(report, rules)
    if as_json:
        data = {
            "language": lang,
            "ruleset": rules.id,
            "total": report.total,
            "missing": report.missing,
            "unreviewed": report.unreviewed,
            "stale": stale,
            "obsolete": report.obsolete,
            "errors": [str(error) for error in report.errors],
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        sys.exit(1 if report.errors else 0)
    for title, keys in (("missing", report.missing), ("unreviewed", report.unreviewed)):
        for key in keys:
            click.echo(f"{title}: {key}")
    for item in stale:
        click.echo(f"stale: {item['key']}  {item['file']}:{item['line']}")
        old = item["old_english"]
        click.echo(f"  was: {old}" if old is not None else "  was: (the older English text is not known here)")
        click.echo(f"  now: {item['new_english']}")
    for key in report.obsolete:  # (no English text: one removed since, or a key mistyped)
        close = did_you_mean(key, [k for k in report.missing if k.rsplit(".", 1)[0] == key.rsplit(".", 1)[0]])
        click.echo(f"obsolete: {key}" + (f" ({close[:-1]}, which is missing?)" if close else ""))
    for error in report.errors:
        click.echo(str(error), err=True)
    named = (
        rules.id if is_older_version(rules) else rules.name
    )  # (an older version by its own name: de / combo-whist@1.0.0)
    click.echo(
        f"{lang} / {named}: {report.total} entries, {len(report.missing)} missing, "
        f"{len(report.unreviewed)} unreviewed, {len(report.stale)} stale, {len(report.obsolete)} obsolete, "
        f"{len(report.errors)} error(s)"
    )
    sys.exit(1 if report.errors else 0)


@translate.command("init")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--force", is_flag=True, help="Add the entries existing files lack (translated entries are kept).")
def translate_init(lang: str, ruleset: str, force: bool) -> None:
    """Write a skeleton for LANG: every key, empty, with the English text above it.

    A house rule's skeleton goes beside it, in locales/LANG/ where its texts are looked up, with
    the texts it inherits when the project has no translation in LANG (ui.yaml, its parent's). For a
    house rule, 'init en' writes the English texts its data asks for that it lacks (a new bid's
    name, short and rules text), each with a comment saying what it is for.

    \b
    Example:
      whist translate init de
      whist translate init sv my-club/house.yaml
    """
    from rulespec.skeleton import init

    rules = rules_or_fail(ruleset)
    try:
        for path, added, created in init(_code(lang), rules, force):
            if created:
                click.echo(f"wrote {path} ({added} entries)")
            elif added is None:
                click.echo(f"{path} exists: left as it is (--force adds the entries it lacks)")
            else:
                click.echo(f"{path}: {added} missing entries added" if added else f"{path}: nothing missing")
    except RuleError as exc:
        fail(str(exc))


def _check_targets(args: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Split ``check``'s arguments into languages and rule sets (anything that is not a language)."""
    from rulespec.loader import bundled_names

    langs, refs = [], []
    names = set(bundled_names())
    for arg in args:
        if arg.split("@")[0] in names or "/" in arg or "\\" in arg or arg.endswith((".yaml", ".yml")):
            refs.append(arg)
        else:
            langs.append(arg)
    return langs, refs


def _bundled_refs_with_files(lang: str) -> list[str]:
    """The bundled rule sets (and versions) for which ``lang`` has a file of its own."""
    from rulespec import locale
    from rulespec.loader import bundled_names, bundled_versions

    folder = locale.LOCALES_DIR / lang
    refs = [ref for name in bundled_names() for ref in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]
    if lang == DEFAULT_LANGUAGE:
        return refs
    return [ref for ref in refs if (folder / f"{ref}.yaml").is_file()]


@translate.command("check")
@click.argument("targets", nargs=-1, metavar="[LANG]... [RULESET]...")
def translate_check(targets: tuple[str, ...]) -> None:
    """Exit 1 on missing entries, placeholder errors or a name two bids share (unreviewed, stale: warnings).

    Without a RULESET: the bundled rule sets and versions each language has files for.
    Without a LANG: every language.

    \b
    Example:
      whist translate check sv
      whist translate check sv my-club/house.yaml
    """
    from rulespec.translations import status

    lang_args, refs = _check_targets(targets)
    ruleset_list = [(ref, rules_or_fail(ref)) for ref in refs]
    failed = False
    said: set[str] = set()  # a warning or error shared by several versions is printed once

    def say(text: str) -> None:
        if text not in said:
            said.add(text)
            click.echo(text, err=True)

    langs = lang_args or available_languages(*(r for _, r in ruleset_list[:1]))
    for raw in langs:
        lang = _known_language(raw, ruleset_list[0][1] if ruleset_list else None)
        pairs = ruleset_list or [(ref, rules_or_fail(ref)) for ref in _bundled_refs_with_files(lang)]
        for name, rules in pairs:
            report = status(lang, rules)
            for error in report.errors:
                say(str(error))
            for key in report.missing:
                say(f"{_missing_in(key, lang, rules, report)}: missing {key}")
            for title, keys in (("unreviewed", report.unreviewed), ("stale", report.stale)):
                for key in keys:
                    entry = report.translated[key]
                    what = "never marked" if title == "unreviewed" else "the English text changed"
                    say(f"{_where(entry)}: warning: {title} {key} ({what})")
            failed = failed or bool(report.errors or report.missing)
            click.echo(
                f"{lang}/{name}: {len(report.missing)} missing, {len(report.unreviewed)} unreviewed, "
                f"{len(report.stale)} stale, {len(report.errors)} error(s)"
            )
    sys.exit(1 if failed else 0)


@translate.command("mark")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--key", "keys", multiple=True, metavar="KEY", help="Only this entry (repeatable; default: all).")
def translate_mark(lang: str, ruleset: str, keys: tuple[str, ...]) -> None:
    """Record that LANG's entries (all, or each --key) are translated from the current English texts.

    \b
    Example:
      whist translate mark sv --key bids.trump.name
    """
    from rulespec.translations import mark

    rules = rules_or_fail(ruleset)
    lang = _known_language(lang, rules)
    try:
        changed = mark(lang, rules, list(keys) or None)
    except RuleError as exc:
        fail(str(exc))
    click.echo(f"{lang}: fingerprints updated in {changed} file(s)")


@translate.command("export")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--format", "fmt", type=click.Choice(["po"]), default="po", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="File to write.")
def translate_export(lang: str, ruleset: str, fmt: str, output: Path) -> None:
    """Write LANG's texts as a gettext PO file for Poedit, Weblate or Crowdin.

    \b
    Example:
      whist translate export sv --format po -o sv.po
    """
    from rulespec.po import export_po

    check_output_folder(output, "'-o'")
    rules = rules_or_fail(ruleset)
    lang = _known_language(lang, rules)
    try:
        po = export_po(lang, rules, ruleset if is_bundled(rules) else str(Path(rules.sources[0])))
    except RuleError as exc:
        fail(str(exc))
    try:
        write_atomically(output, str(po))  # polib's save() writes in place: a full disk would leave half a file
    except OSError as exc:
        fail(f"error: cannot write {output}: {exc.strerror}")
    fuzzy = sum(1 for item in po if item.fuzzy)
    click.echo(f"wrote {output}: {len(po) - len(po.obsolete_entries())} texts, {fuzzy} fuzzy")


@translate.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ruleset", required=False)
def translate_import(file: Path, ruleset: str | None) -> None:
    """Write the translations of a PO file into the locale files and mark those not fuzzy.

    RULESET defaults to the bundled rule set the file was exported for; a house rule must be named.

    \b
    Example:
      whist translate import sv.po
    """
    from rulespec.loader import bundled_names
    from rulespec.locate import looks_like_path
    from rulespec.po import RULESET_FIELD, import_po, po_language, read_po

    try:
        po = read_po(file)
        lang = po_language(po, file)
    except RuleError as exc:
        fail(str(exc))
    named = po.metadata.get(RULESET_FIELD, DEFAULT_RULESET)
    if ruleset is None:
        if looks_like_path(named) or named.split("@")[0] not in bundled_names():  # a file's path is never read unasked
            raise click.UsageError(f"{file} was exported for '{named}': name that rule set after the file")
        ruleset = named
    rules = rules_or_fail(ruleset)
    lang = _known_language(lang, rules)
    try:
        result = import_po(po, lang, rules)
    except RuleError as exc:
        fail(str(exc))
    for path, count in result.changed.items():
        click.echo(f"{path}: {count} text(s) written")
    if result.skipped:
        click.echo(f"note: {len(result.skipped)} entr(ies) this rule set has no English text for", err=True)
    if result.inherited:  # a house rule never writes the texts it inherits (rulespec.po)
        click.echo(
            f"note: {len(result.inherited)} text(s) are as {rules.name} inherits them, unmarked there: "
            "mark them with the rule set they come from",
            err=True,
        )
    _say_merged(result, ruleset)
    click.echo(
        f"{lang}: {sum(result.changed.values())} text(s) written, fingerprints updated in {result.marked} file(s)"
        + "".join(
            f", {len(keys)} {what}"
            for keys, what in (
                (result.conflicts, "conflict(s) (the files' texts kept)"),
                (result.english_changed, "skipped (made for other English)"),
                (result.unreviewed, "made unreviewed (fuzzy)"),
            )
            if keys
        )
    )


def _say_merged(result: Imported, ruleset: str) -> None:
    """Per key, on stderr, what the three-way merge did not write as the PO has it (rulespec.pomerge)."""
    lang = result.language
    for conflict in result.conflicts:
        where = conflict.path or "the locale files"
        click.echo(f"warning: {conflict.key}: changed in {where} and in this PO since the export", err=True)
        click.echo(f"  kept the file's text: {json.dumps(conflict.file_text, ensure_ascii=False)}", err=True)
        fuzzy = " (fuzzy)" if conflict.po_fuzzy else ""
        click.echo(f"  the PO's, not written: {json.dumps(conflict.po_text, ensure_ascii=False)}{fuzzy}", err=True)
        click.echo(f"  hint: edit {where} if the PO's is better, or export again and redo the change there", err=True)
    for key, lost in result.english_changed:
        why = (
            f"its msgid lost characters in the PO file's character set ({lost} became ?): save the PO as UTF-8"
            if lost
            else "its msgid is not today's English text (the English changed since this PO was exported)"
        )
        click.echo(f"note: {key}: skipped: {why}; export again", err=True)
    for key in result.unreviewed:
        mark = f"whist translate mark {lang} {ruleset} --key {key}"
        click.echo(f"note: {key}: unreviewed now (fuzzy in the PO); once checked: {mark}", err=True)
    if result.inherited_fuzzy:
        click.echo(
            f"note: {len(result.inherited_fuzzy)} text(s) fuzzy in the PO are inherited, not {ruleset}'s own: "
            "unreview them with the rule set they come from",
            err=True,
        )


def register(cli: click.Group) -> None:
    """Add ``translate`` to the ``whist`` command group."""
    cli.add_command(translate)
