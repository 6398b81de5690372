"""``whist translate export`` and ``import``: a language's texts as a gettext PO file, and back.

The work is :mod:`rulespec.po`'s; here are the command lines, and what each says on the way: an
import names every entry it did not take as the PO has it (a conflict, English changed since,
fuzzy, a key the rule set lacks: each with its key and PO line), and an export never overwrites,
unasked, a PO file that holds translations the locale files do not have yet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rulespec import RuleError
from rulespec.atomic import write_atomically
from rulespec.errors import Position
from rulespec.translations import is_bundled
from whist.cliargs import DEFAULT_RULESET, check_output_folder
from whist.common import fail, rules_or_fail

if TYPE_CHECKING:  # (polib is imported by the PO commands only)
    import polib

    from rulespec.model import RuleSet
    from rulespec.po import Imported


def _known_language(lang: str, rules: RuleSet) -> str:
    from whist.translatecli import _known_language as known  # (that module imports this one)

    return known(lang, rules)


@click.command("export")
@click.argument("lang")
@click.argument("ruleset", default=DEFAULT_RULESET)
@click.option("--format", "fmt", type=click.Choice(["po"]), default="po", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="File to write.")
@click.option("--force", is_flag=True, help="Overwrite OUTPUT even if it holds translations not imported yet.")
def translate_export(lang: str, ruleset: str, fmt: str, output: Path, force: bool) -> None:
    """Write LANG's texts as a gettext PO file for Poedit, Weblate or Crowdin.

    An existing OUTPUT that holds translations the locale files lack (not imported yet), or that is
    no PO file, is left as it is unless --force is given.

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
    if not force:
        _refuse_to_lose(output, po)
    try:
        write_atomically(output, str(po))  # polib's save() writes in place: a full disk would leave half a file
    except OSError as exc:
        fail(f"error: cannot write {output}: {exc.strerror}")
    fuzzy = sum(1 for item in po if item.fuzzy)
    click.echo(f"wrote {output}: {len(po) - len(po.obsolete_entries())} texts, {fuzzy} fuzzy")


def _refuse_to_lose(output: Path, po: polib.POFile) -> None:
    """Exit 1 if ``output`` exists and writing ``po`` over it would lose a translator's work: an
    entry translated (or its fuzzy flag cleared) there that the new export does not have as it is,
    or a file that is not a PO file at all. A PO whose translations are all imported is overwritten."""
    from rulespec.po import read_po

    if not output.is_file() or output.read_bytes() == str(po).encode("utf-8"):
        return
    try:
        old = read_po(output)
    except RuleError:
        fail(f"{output} exists and is not a PO file this export can replace\nhint: name another file, or pass --force")
    new = {item.msgctxt: item for item in po if not item.obsolete and item.msgctxt}
    lost = []
    for item in old:
        if item.obsolete or not item.msgctxt or not item.msgstr.strip():
            continue
        now = new.get(item.msgctxt)
        if now is None or now.msgstr != item.msgstr or (now.fuzzy and not item.fuzzy and now.msgid == item.msgid):
            lost.append(f"{item.msgctxt} (line {item.linenum})")
    if lost:
        fail(
            f"{output} holds {len(lost)} translation(s) not imported yet: {', '.join(lost[:5])}"
            + (", …" if len(lost) > 5 else "")
            + f"\nhint: import it first (whist translate import {output} …), write to another file, "
            "or pass --force to overwrite it"
        )


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ruleset", required=False)
@click.option(
    "--other-ruleset", is_flag=True, help="Import a PO exported for another rule set (the keys they share are taken)."
)
def translate_import(file: Path, ruleset: str | None, other_ruleset: bool) -> None:
    """Write the translations of a PO file into the locale files and mark those not fuzzy.

    RULESET defaults to the bundled rule set the file was exported for; a house rule must be named.
    A PO exported for another rule set is refused unless --other-ruleset is given.

    \b
    Example:
      whist translate import sv.po
    """
    from rulespec.loader import bundled_names
    from rulespec.locate import looks_like_path
    from rulespec.po import RULESET_FIELD, import_po, po_language, po_ruleset_name, read_po

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
    exported_for = po_ruleset_name(po)
    if exported_for is not None and exported_for != rules.name and not other_ruleset:
        refused = RuleError(
            f"this PO was exported for the rule set '{exported_for}', not '{rules.name}'",
            Position(str(file), 1, 1),
            f"name the rule set it was exported for ({named}), or pass --other-ruleset to take "
            f"the texts of the keys the two share into {rules.name}'s files",
        )
        fail(str(refused))  # (its header's words on one line each: they are a stranger's)
    try:
        result = import_po(po, lang, rules)
    except RuleError as exc:
        fail(str(exc))
    for path, count in result.changed.items():
        click.echo(f"{path}: {count} text(s) written")
    for key in result.skipped:  # (a stranger's key: on one line, as an error's words are)
        where = Position(str(file), result.lines[key], 1)
        click.echo(
            f"note: {RuleError(f'{key}: skipped: {rules.name} has no English text of that key', where)}", err=True
        )
    if result.commented:  # (the locale files keep texts and fingerprints only: README, "Translating with PO files")
        click.echo(
            f"note: {result.commented} translator comment(s) (# lines) not kept: the locale files have no place "
            "for them, and the next export leaves them out",
            err=True,
        )
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
