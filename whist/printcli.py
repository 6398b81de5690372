"""The ``whist cards`` and ``whist rules`` commands; :func:`register` adds them to a click group.

Problems a person can fix (an unknown bid, a missing glyph, a rule set that does not load)
are printed as messages with exit status 1, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from rulespec import RuleError
from rulespec.atomic import write_atomically
from rulespec.locale import Texts
from rulespec.model import RuleSet
from whist.cliargs import DEFAULT_RULESET, FiniteFloatRange, check_output_folder, check_suffix, lang_option
from whist.common import fail as _fail
from whist.common import note_missing, rules_or_fail, texts_or_fail


def _load(ruleset: str, lang: str | None) -> tuple[RuleSet, Texts]:
    rules = rules_or_fail(ruleset)
    texts = texts_or_fail(rules, lang)
    texts.strict = True  # what is printed keeps: never a text with a placeholder left unfilled
    return rules, texts


def _bid_ids(value: tuple[str, ...]) -> list[str]:
    """``--bids trump,grill --bids lock`` → ``["trump", "grill", "lock"]``."""
    return [part for item in value for part in item.replace(",", " ").split()]


@click.command("cards")
@click.argument("ruleset", default=DEFAULT_RULESET)
@lang_option()
@click.option("--copies", type=click.IntRange(1, 99), default=1, show_default=True, help="Copies of each card.")
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper of the home sheets (not used with --bleed).",
)
@click.option("--bids", "bids", multiple=True, metavar="IDS", help="Only these bids (ids, comma-separated).")
@click.option(
    "--cut-marks/--no-cut-marks",
    default=None,
    help="Cut marks outside the cards (default: on for home sheets, off with --bleed).",
)
@click.option(
    "--bleed",
    type=FiniteFloatRange(0, 20),
    default=None,
    metavar="MM",
    help="One card per page with this bleed (mm), TrimBox and BleedBox, for print shops.",
)
@click.option("--backs", is_flag=True, help="A page of card backs after each page, for double-sided printing.")
@click.option(
    "--flip",
    type=click.Choice(["long", "short"]),
    default="long",
    show_default=True,
    help="With --backs: the edge your printer turns the paper over on.",
)
@click.option("--format", "fmt", type=click.Choice(["pdf", "png"]), default=None, help="Default: from -o's suffix.")
@click.option("--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="Resolution of PNGs.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path), help="Output file.")
def cards_command(
    ruleset: str,
    lang: str | None,
    copies: int,
    paper: str,
    bids: tuple[str, ...],
    cut_marks: bool | None,
    bleed: float | None,
    backs: bool,
    flip: str,
    fmt: str | None,
    dpi: int,
    output: Path,
) -> None:
    """Write the bid cards of RULESET as a print-ready PDF (or PNG previews, one per page).

    \b
    Example:
      whist cards combo-whist --lang sv -o cards.pdf
    """
    from printing.cards import write_cards
    from printing.facts import select_bids

    fmt = check_suffix(output, {".pdf": "pdf", ".png": "png"}, fmt)
    check_output_folder(output, "-o")
    rules, texts = _load(ruleset, lang)
    ids = _bid_ids(bids)
    try:
        select_bids(rules, ids)
    except RuleError as exc:
        hint = f" ({exc.hint})" if exc.hint else ""
        raise click.BadParameter(f"{exc.message}{hint}", param_hint="--bids") from None
    try:
        result = write_cards(rules, texts, ids, copies, paper.lower(), bleed, cut_marks, backs, flip)
        if fmt == "png":
            from printing.preview import write_pngs

            written = write_pngs(result.pdf, output, dpi)
        else:
            write_atomically(output, result.pdf)
            written = [output]
    except RuleError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"error: cannot write {exc.filename or output}: {exc.strerror or exc}")
    shortened = sorted({c.bid_id for c in result.cards if c.used_short})
    if shortened:
        click.echo(f"note: the rules text did not fit, the short text is printed for: {', '.join(shortened)}", err=True)
    if result.title_cut:
        click.echo("note: the title is longer than the foot of a card: cut there, with …, before its version", err=True)
    note_missing(texts, ruleset=ruleset, done="printed")
    sheet = result.sheet
    where = f"{sheet.paper.upper()}, {sheet.columns} × {sheet.rows}" if sheet else texts.label("cards_bleed")
    files = written[0] if len(written) == 1 else f"{written[0]} … {written[-1]}"
    click.echo(texts.label("cards_written", files=files, cards=len(result.cards), pages=result.pages, where=where))


@click.command("rules")
@click.argument("ruleset", default=DEFAULT_RULESET)
@lang_option()
@click.option("--format", "fmt", type=click.Choice(["md", "html", "pdf"]), default=None, help="Default: from -o.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True)
@click.option(
    "-o",
    "--output",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Output file (Markdown and HTML: standard output when left out).",
)
def rules_command(ruleset: str, lang: str | None, fmt: str | None, paper: str, output: Path | None) -> None:
    """Write the rules reference of RULESET: the general rules and the bid tables.

    \b
    Example:
      whist rules combo-whist --paper letter -o rules.pdf
    """
    from printing.reference import build_reference, to_html, to_markdown

    if output is not None:
        suffixes = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf"}
        fmt = check_suffix(output, suffixes, fmt)
        check_output_folder(output, "-o")
    if fmt is None:
        raise click.UsageError("say which format: --format md, html or pdf (or an -o name ending so)")
    if fmt == "pdf" and output is None:
        raise click.UsageError("a PDF needs an output file: -o FILE.pdf")
    rules, texts = _load(ruleset, lang)
    try:
        ref = build_reference(rules, texts)
        if fmt == "pdf":
            from printing.reference_pdf import reference_pdf

            data: bytes | str = reference_pdf(ref, paper.lower())
        else:
            data = to_markdown(ref) if fmt == "md" else to_html(ref)
        if output is None:
            click.echo(data, nl=False)
        else:
            write_atomically(output, data)
    except RuleError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"error: cannot write {exc.filename or output or 'standard output'}: {exc.strerror or exc}")
    note_missing(texts, ruleset=ruleset, done="printed")
    if output is not None:
        click.echo(texts.label("rules_written", output=output, format=fmt, language=texts.language))


def register(cli: click.Group) -> None:
    """Add ``cards`` and ``rules`` to the ``whist`` command group."""
    cli.add_command(cards_command)
    cli.add_command(rules_command)
