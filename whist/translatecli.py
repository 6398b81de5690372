"""The ``whist translate`` commands; :func:`register` adds them to a click group.

``status``, ``init``, ``check``, ``mark``, ``export`` and ``import`` (the last two in
:mod:`whist.translatepo`). Each takes the language
first and the rule set second (a bundled name, a file or a folder; default combo-whist), and
refuses a language that has no texts (exit 2, with the available ones). No command changes a
translated entry it was not asked to change (see :mod:`rulespec.localeedit`).
"""

from __future__ import annotations

import json
import sys
from contextlib import suppress

import click

from rulespec import RuleError
from rulespec.errors import did_you_mean
from rulespec.locale import DEFAULT_LANGUAGE, available_languages, language_code
from rulespec.model import RuleSet
from rulespec.translations import Entry, Status, is_older_version, own_locale_file, previous_english
from whist.cliargs import DEFAULT_RULESET
from whist.common import fail, rules_or_fail
from whist.translatepo import translate_export, translate_import


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
    """The locale file a missing text belongs in: where `translate import` would write it
    (:func:`rulespec.potarget.text_file`), e.g. the empty entry ``init`` wrote beside a house rule."""
    from rulespec.potarget import text_file

    source = report.english.get(key)
    path = own_locale_file(lang, rules)
    if source is not None:
        with suppress(RuleError):  # (no file of the house rule's would show it: its own is still the place to say)
            path = text_file(key, source.doc.path, report.translated.get(key), lang, rules)
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


translate.add_command(translate_export)
translate.add_command(translate_import)


def register(cli: click.Group) -> None:
    """Add ``translate`` to the ``whist`` command group."""
    cli.add_command(translate)
