"""The ``whist diff`` command; :func:`register` adds it to a click group.

``whist diff A B`` lists what changed from rule set A to rule set B (bundled names such as
``combo-whist@1.5.0``, files or folders) as a changelog in Markdown, or as JSON records.
"""

from __future__ import annotations

import click

from rulespec.diff import Side, diff_rulesets
from rulespec.export import ruleset_to_data
from rulespec.locale import Texts, flatten
from rulespec.markdown import inline as md_inline
from rulespec.model import RuleSet
from whist.cliargs import lang_option
from whist.common import check_lang, note_missing, rules_or_fail, texts_or_fail
from whist.diff import title, to_json, to_markdown
from whist.diffwords import Wording


def side(rules: RuleSet, texts: Texts) -> Side:
    """What the diff compares of one rule set: its data, its bid names and its texts (English filling gaps)."""
    names = {bid_id: texts.bid_name(bid_id) for bid_id in rules.bids}
    written = {**dict(flatten(texts.fallback)), **dict(flatten(texts.data))}
    return Side(ruleset_to_data(rules), names, {k: str(v) for k, v in written.items() if v is not None})


@click.command("diff")
@click.argument("old")
@click.argument("new")
@lang_option("the names and words")
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("--texts", "with_texts", is_flag=True, help="Also list reworded rules texts and general rules prose.")
def diff_command(old: str, new: str, lang: str | None, fmt: str, with_texts: bool) -> None:
    """List what changed from rule set OLD to rule set NEW, as a changelog (md) or change records (json).

    \b
    Example:
      whist diff combo-whist@1.4.2 combo-whist --texts
    """
    language = check_lang(lang)
    old_rules, new_rules = rules_or_fail(old), rules_or_fail(new)
    words = Wording(texts_or_fail(old_rules, language), texts_or_fail(new_rules, language))
    if fmt == "md":  # the names and words of files show as written, never as Markdown
        words.old.escape = words.new.escape = md_inline
    changes = diff_rulesets(side(old_rules, words.old), side(new_rules, words.new), texts=with_texts)
    if fmt == "json":
        click.echo(to_json(changes, words))
    else:
        click.echo(to_markdown(changes, words, title(words, old_rules.id, new_rules.id)), nl=False)
    note_missing(words.old, words.new, ruleset=new)


def register(cli: click.Group) -> None:
    """Add ``diff`` to the ``whist`` command group."""
    cli.add_command(diff_command)
