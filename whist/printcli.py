"""The ``whist cards`` and ``whist rules`` commands; :func:`register` adds them to a click group.

Problems a person can fix (an unknown bid, a missing glyph, a rule set that does not load)
are printed as messages with exit status 1, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from rulespec import RuleError
from rulespec.atomic import write_atomically
from rulespec.errors import did_you_mean
from rulespec.locale import Texts
from rulespec.model import RuleSet
from whist.cliargs import DEFAULT_RULESET, FiniteFloatRange, check_output_folder, check_suffix, lang_option
from whist.common import fail as _fail
from whist.common import note_missing, rules_or_fail, texts_or_fail


def _load(ruleset: str, lang: str | None) -> tuple[RuleSet, Texts]:
    rules = rules_or_fail(ruleset)
    texts = texts_or_fail(rules, lang)  # (a language the rule set has no texts in: a usage error, common.check_lang)
    texts.strict = True  # what is printed keeps: never a text with a placeholder left unfilled
    return rules, texts


#: Most bids an unknown ``--bids`` value lists (a rule set has thirty: one line, not a screenful).
_LISTED_BIDS = 12


def _chosen_bids(value: tuple[str, ...], rules: RuleSet, texts: Texts) -> list[str] | None:
    """The bids ``--bids`` names, in order, or None without ``--bids`` (every card): each an id or a
    name in the run's language or in English, any case, parted by commas (``--bids "Master Mail,
    lock"``). A value that is one name is taken whole first: a name holding a comma (Christmas
    Whist's "Pairs, Avoid Tricks") is given alone, one ``--bids`` for it. Ids may also be parted by
    spaces, as before (``--bids "trump lock"``), but only ids as written: "Misery Trump" reads as
    one name, which no bid has. A name or id that is no bid (a name in another language: the hint
    gives its id), or a list naming none (``--bids ""``), is a usage error listing some bids."""
    if not value:
        return None
    from printing.facts import select_bids
    from rulespec.locale import load_texts
    from rulespec.namehints import bid_hint
    from rulespec.samenames import shown_as

    english = texts if texts.language == "en" else load_texts(rules, "en")
    known: dict[str, str] = {}
    for words in (english, texts):  # (the run's language wins a clash; an id wins over any name)
        known.update({shown_as(words.bid_name(bid_id)): bid_id for bid_id in rules.bids})
    known.update({shown_as(bid_id): bid_id for bid_id in rules.bids})
    bids = select_bids(rules)
    listed = ", ".join(f"{bid.id} ({texts.bid_name(bid.id)})" for bid in bids[:_LISTED_BIDS])
    if len(bids) > _LISTED_BIDS:
        listed += f", … and {len(bids) - _LISTED_BIDS} more (whist show --ids)"
    chosen: list[str] = []
    for item in value:
        # The whole value first: a name holding a comma, given alone ("Pairs, Avoid Tricks").
        for part in [item] if shown_as(item) in known else [part.strip() for part in item.split(",")]:
            if shown_as(part) in known:
                chosen.append(known[shown_as(part)])
            elif all(word in rules.bids for word in part.split()):  # ids parted by spaces (or an empty part)
                chosen += part.split()
            else:  # (a name in another language first, the whole value ("Par, Undvik Stick") before a part)
                whole = bid_hint(item, rules.bids, rules.lineage) if part != item.strip() else None
                part = item.strip() if whole else part
                close = whole or bid_hint(part, rules.bids, rules.lineage)
                close = close or did_you_mean(part, [texts.bid_name(b) for b in rules.bids])
                raise click.BadParameter(
                    f"unknown bid '{part}' in {rules.id}{f' ({close})' if close else ''}; the bids: {listed}",
                    param_hint="--bids",
                )
    if not chosen:
        raise click.BadParameter(
            f"names no bid: give bid ids or names parted by commas, or leave --bids out for every card; "
            f"the bids: {listed}",
            param_hint="--bids",
        )
    return chosen


def _refuse_unused(name: str, option: str, why: str) -> None:
    """An option given on the command line where it does nothing is a usage error saying why
    (accepted, it was silently ignored: ``--dpi 300`` for a PDF)."""
    source = click.get_current_context().get_parameter_source(name)
    if source is not None and source is not ParameterSource.DEFAULT:
        raise click.BadParameter(why, param_hint=option)


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
@click.option(
    "--bids",
    "bids",
    multiple=True,
    metavar="BIDS",
    help="Only these bids: ids or names (in the --lang language or English), comma-separated.",
)
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
    help="With --backs (only): the edge your printer turns the paper over on.",
)
@click.option("--format", "fmt", type=click.Choice(["pdf", "png"]), default=None, help="Default: from -o's suffix.")
@click.option(
    "--dpi", type=click.IntRange(36, 600), default=150, show_default=True, help="Resolution of PNG previews (PNG only)."
)
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

    fmt = check_suffix(output, {".pdf": "pdf", ".png": "png"}, fmt)
    if not backs:
        _refuse_unused("flip", "--flip", "says how the card backs are placed: it needs --backs")
    if fmt == "pdf":
        _refuse_unused("dpi", "--dpi", "is the resolution of PNG previews: a PDF has none (-o NAME.png for PNG)")
    if bleed is not None:
        _refuse_unused("paper", "--paper", "is the paper of home sheets: with --bleed each card has a page of its own")
    check_output_folder(output, "-o")
    rules, texts = _load(ruleset, lang)
    ids = _chosen_bids(bids, rules, texts)
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
    shortened = list(dict.fromkeys(texts.bid_name(c.bid_id) for c in result.cards if c.used_short))
    if shortened:
        click.echo(texts.label("cards_short_printed", bids=", ".join(shortened)), err=True)
    if result.title_cut:
        click.echo(texts.label("cards_title_cut"), err=True)
    note_missing(texts, ruleset=ruleset, done="printed")
    sheet = result.sheet
    where = f"{sheet.paper.upper()}, {sheet.columns} × {sheet.rows}" if sheet else texts.label("cards_bleed")
    files = written[0] if len(written) == 1 else f"{written[0]} … {written[-1]}"
    click.echo(texts.label("cards_written", files=files, cards=len(result.cards), pages=result.pages, where=where))


@click.command("rules")
@click.argument("ruleset", default=DEFAULT_RULESET)
@lang_option()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["md", "html", "pdf"]),
    default=None,
    help="Default: from -o's suffix; Markdown without -o.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper of the PDF (PDF only).",
)
@click.option(
    "-o",
    "--output",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Output file (Markdown and HTML: standard output when left out).",
)
def rules_command(ruleset: str, lang: str | None, fmt: str | None, paper: str, output: Path | None) -> None:
    """Write the rules reference of RULESET: the general rules and the bid tables.

    Without -o it is written to standard output, as Markdown unless --format says html (a PDF
    needs -o).

    \b
    Example:
      whist rules combo-whist
      whist rules combo-whist --paper letter -o rules.pdf
    """
    from printing.reference import build_reference, to_html, to_markdown

    if output is not None:
        suffixes = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf"}
        fmt = check_suffix(output, suffixes, fmt)
        check_output_folder(output, "-o")
    if fmt is None:
        fmt = "md"  # (no -o and no --format: the reference is read at the terminal, or piped on)
    if fmt == "pdf" and output is None:
        raise click.UsageError("a PDF needs an output file: -o FILE.pdf")
    if fmt != "pdf":
        _refuse_unused("paper", "--paper", "is the paper of the PDF: Markdown and HTML have no pages")
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
    except BrokenPipeError:  # the reader went away: quietly, as every command (whist.output.run_safely)
        raise
    except OSError as exc:
        _fail(f"error: cannot write {exc.filename or output or 'standard output'}: {exc.strerror or exc}")
    note_missing(texts, ruleset=ruleset, done="printed")
    if output is not None:
        click.echo(texts.label("rules_written", output=output, format=fmt, language=texts.language))


def register(cli: click.Group) -> None:
    """Add ``cards`` and ``rules`` to the ``whist`` command group."""
    cli.add_command(cards_command)
    cli.add_command(rules_command)
