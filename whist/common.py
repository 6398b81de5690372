"""Helpers every ``whist`` command shares: failing for people, loading rule sets, choosing a language."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

import click

from rulespec import RuleError, load_ruleset
from whist.cliargs import DEFAULT_RULESET

# The locale code and the rule model are imported when a command needs them, not by `whist --help`.
if TYPE_CHECKING:
    from rulespec.locale import Texts
    from rulespec.model import RuleSet


def fail(message: str) -> NoReturn:
    """Print a message for people on stderr and exit with status 1 (no traceback)."""
    click.echo(message, err=True)
    sys.exit(1)


def said(exc: BaseException) -> str:
    """An error's message with the notes added on its way up (which deal of a study, which worker),
    a line each: ``str(exc)`` leaves them out."""
    return "\n".join([str(exc), *getattr(exc, "__notes__", ())])


def stopped(texts: Texts | None = None) -> NoReturn:
    """Ctrl-C (or SIGTERM, SIGHUP: :func:`whist.output.stop_on_hangup`) in any command but ``play``
    (which says how to resume): say so — in the language of ``texts`` when the command has loaded
    them, else in English, as click's own messages are — and exit with 130 at once, the one form of
    a stop. ``os._exit`` after flushing: a pool thread left waiting on a dead worker must not keep
    the program alive after the person asked it to stop (at exit, Python joins it)."""
    click.echo(texts.label("progress_stopped") if texts is not None else "stopped", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


#: A Dask scheduler's address: ``tcp://HOST:PORT`` (the scheme may be left out, as Dask allows).
#: Other schemes are refused: ``tls://`` needs security settings the command line does not take,
#: and ``inproc://`` addresses a scheduler inside this very process, which a command never has.
_SCHEDULER = re.compile(r"(?:tcp://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(\d{1,5})")


def check_scheduler(context: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--scheduler``'s value must be an address (a bad value is a usage error, exit 2, said before
    any work: Dask's own complaint came after the rule sets were loaded, with exit 1)."""
    if value is None:
        return None
    scheme = value.partition("://")[0] if "://" in value else "tcp"
    if scheme != "tcp":
        raise click.BadParameter(
            f"'{value}': only tcp:// schedulers are taken ({scheme}:// needs settings the command line does not have)",
            context,
            param,
        )
    match = _SCHEDULER.fullmatch(value)
    if match is None or (match.group(1) is not None and not 0 < int(match.group(1)) < 65536):
        raise click.BadParameter(f"'{value}' is not a scheduler address (tcp://HOST:PORT)", context, param)
    return value


def jobs_or_scheduler(scheduler: str | None) -> None:
    """``--jobs`` given with ``--scheduler`` is a usage error (it was silently left unused): on a
    cluster its workers play, as many as it has."""
    source = click.get_current_context().get_parameter_source("jobs")
    if scheduler is not None and source not in (None, click.core.ParameterSource.DEFAULT):
        raise click.UsageError("give --jobs or --scheduler, not both: on a cluster, the cluster's workers play")


def rules_or_fail(ref: str) -> RuleSet:
    try:
        return load_ruleset(ref)
    except RuleError as exc:
        fail(str(exc))


def check_lang(lang: str | None, rules: RuleSet | None = None) -> str:
    """The language asked for (or the environment's), if there are texts in it."""
    from rulespec.locale import available_languages, default_language, language_code

    chosen = language_code(lang) if lang else default_language()  # --lang de_DE as LANG=de_DE.UTF-8
    known = available_languages(rules) if rules is not None else available_languages()
    if chosen not in known:  # a bad option value: a usage error (exit 2), said as every other one is
        raise click.BadParameter(f"unknown language '{chosen}' (available: {', '.join(known)})", param_hint="--lang")
    return chosen


def texts_or_fail(rules: RuleSet, lang: str | None, escape: Callable[[str], str] | None = None) -> Texts:
    """The texts for ``rules`` in the chosen language; a broken locale file is an error for people.
    ``escape`` makes their words safe for where they are shown (see :attr:`Texts.escape`)."""
    from rulespec.locale import load_texts

    try:
        texts = load_texts(rules, check_lang(lang, rules))
    except RuleError as exc:
        fail(str(exc))
    texts.escape = escape
    from whist.output import use_suit_letters  # a suit an output cannot encode is shown as this language's letter

    use_suit_letters(
        {
            texts.label(f"suit_symbol_{suit.id}"): texts.label(f"suit_letter_{suit.id}")
            for suit in rules.game.deck.suits
            if texts.has(f"labels.suit_symbol_{suit.id}") and texts.has(f"labels.suit_letter_{suit.id}")
        }
    )
    return texts


def note_missing(*texts: Texts, ruleset: str, done: str = "shown") -> None:
    """A text missing in the chosen language falls back to English, and one missing in English
    too to its id (``big_hearts``): say so on stderr, with the command that lists them; never fail.
    ``texts`` are the language's texts (two for ``diff``), ``ruleset`` the rule set as the person named it."""
    from rulespec.errors import shown_argument

    language = texts[-1].language
    nowhere = {key for words in texts for key in words.missing if not words.has(key)}
    in_english = {key for words in texts for key in words.missing} - nowhere
    named = "" if ruleset == DEFAULT_RULESET else " " + shown_argument(ruleset)
    if in_english and language != "en":
        click.echo(
            f"note: {len(in_english)} text(s) missing in '{language}', {done} in English "
            f"(see: whist translate status {language}{named})",
            err=True,
        )
    if nowhere:
        click.echo(
            f"note: {len(nowhere)} text(s) missing in every language, {done} as ids "
            f"(see: whist translate status en{named})",
            err=True,
        )
