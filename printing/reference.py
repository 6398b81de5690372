"""The rules reference: the general rules prose and the bid tables, as in the rulebook.

:func:`build_reference` gathers the texts of one language into a :class:`Reference`;
:func:`to_markdown` and :func:`to_html` write it out (``printing.reference_pdf`` writes the
PDF). The general rules are the locale's ``general.*`` texts, in the order of the English
file, each under its heading (``labels.section_<key>``); the tables have the rulebook's
columns: designation, worth, score, trump, tricks and rules for standard bids; designation,
worth, priority, incompatibility and rules for special bids.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from printing.docinfo import DocumentInfo, document_info
from printing.facts import (
    bid_text,
    has_text,
    incompatible_words,
    optional_label,
    priority_text,
    score_text,
    trump_text,
    worth_text,
)
from rulespec.bidtext import incompatibility_text, tricks_text
from rulespec.locale import Texts
from rulespec.markdown import block as md_block
from rulespec.markdown import inline as md_inline
from rulespec.matchtext import default_schedule, schedule_words, schedules_of
from rulespec.model import Bid, RuleSet
from rulespec.ordering import by_rank
from rulespec.titles import title_of

FORMATS = ("md", "html", "pdf")
#: Columns of the two bid tables (label names in ui.yaml).
STANDARD_COLUMNS = ("designation", "worth", "score", "trump", "tricks", "rules")
SPECIAL_COLUMNS = ("designation", "worth", "priority", "incompatibility", "rules")


@dataclass(frozen=True)
class Section:
    """One part of the general rules: its key, heading and paragraph."""

    key: str
    heading: str
    text: str


@dataclass(frozen=True)
class BidTable:
    """The table of one kind of bid: column keys and titles, one row per bid."""

    kind: str
    title: str
    columns: tuple[str, ...]
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    bid_ids: tuple[str, ...]
    #: Each row's incompatible bids, name by name (a list breaks only between them), when the table has the column.
    name_lists: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Reference:
    """The whole rules reference of a rule set in one language."""

    language: str
    title: str
    based_on: str | None
    general_title: str
    sections: tuple[Section, ...]
    tables: tuple[BidTable, ...]
    #: What the PDF says about itself (title, subject: see :mod:`printing.docinfo`).
    info: DocumentInfo


def general_sections(texts: Texts, rules: RuleSet | None = None) -> list[Section]:
    """The general rules, in the English file's order (then any the language adds); of several
    winning variants, the one the rule set plays unless the table chooses another is marked."""
    winning = rules.game.winning if rules is not None else None
    default = f"winning_{winning.default}" if winning is not None and len(winning.variants) > 1 else None
    keys: list[str] = []
    for data in (texts.fallback, texts.data):
        general = data.get("general")
        if isinstance(general, dict):
            keys.extend(k for k in general if k not in keys)
    sections = []
    for key in keys:
        if not has_text(texts, f"general.{key}"):
            continue
        heading = optional_label(texts, f"section_{key}", key.replace("_", " ").capitalize())
        if key == default:
            heading = texts.label("section_winning_default", section=heading)
        sections.append(Section(key, heading, " ".join(texts.general(key).split())))
    return sections


def match_sections(rules: RuleSet, texts: Texts) -> list[Section]:
    """Each match schedule of the rule set, made from its data (so a house rule's own schedule is
    told too, not only those the hand-written prose describes): its hands in order by their
    names, the one played unless the table chooses another marked."""
    match = rules.game.match
    if match is None:
        return []
    default = default_schedule(rules)
    sections = []
    for name, hands in schedules_of(match):
        key = "match_schedule_default" if name == default else "match_schedule"
        said = texts.label("match_hands", n=len(hands), hands=schedule_words(hands, texts))
        sections.append(Section(f"match_{name}", texts.label(key, schedule=texts.schedule_name(name)), f"{said}."))
    return sections


def _cell(bid: Bid, column: str, rules: RuleSet, texts: Texts) -> str:
    if column == "designation":
        return texts.bid_name(bid.id)
    if column == "worth":
        return worth_text(bid, texts)
    if column == "score":
        return score_text(bid, texts)
    if column == "trump":
        return trump_text(bid, texts)
    if column == "tricks":
        return tricks_text(bid, texts)
    if column == "priority":
        return priority_text(bid, texts)
    if column == "incompatibility":
        return incompatibility_text(bid, rules, texts)
    return bid_text(texts, bid.id, "rules") or bid_text(texts, bid.id, "short") or ""


def bid_table(kind: str, rules: RuleSet, texts: Texts) -> BidTable:
    bids = by_rank(rules.standard_bids if kind == "standard" else rules.special_bids)
    columns: tuple[str, ...] = STANDARD_COLUMNS if kind == "standard" else SPECIAL_COLUMNS
    title = texts.label(f"{kind}_bids")
    if rules.game.auction is None:
        # Without an auction, worth, score and priority mean nothing: name and rules only.
        columns = ("designation", "rules")
        if rules.game.match is not None:
            title = texts.label("hand_types")
    elif not any(bid.priority is not None for bid in rules.special_bids):
        columns = tuple(c for c in columns if c != "priority")  # no order of events (Combo Whist up to 1.3.0)
    return BidTable(
        kind=kind,
        title=title,
        columns=columns,
        headings=tuple(texts.label(c) for c in columns),
        rows=tuple(tuple(_cell(bid, c, rules, texts) for c in columns) for bid in bids),
        bid_ids=tuple(bid.id for bid in bids),
        name_lists=tuple(incompatible_words(bid, rules, texts) for bid in bids) if "incompatibility" in columns else (),
    )


def based_on_names(rules: RuleSet) -> list[str]:
    """The rule sets ``rules`` is based on, each game once, at the version it extends.

    A bundled older version is kept as an overlay of the next newer one (1.4.2 extends 1.5.0,
    which extends 1.5.1): how the data is stored, not what the rules are based on. So a bundled
    version names none of its own game's, and of another game only the version extended first
    is named (a house rule may keep its parent's name: its parent is named)."""
    from rulespec.translations import is_bundled

    names: list[str] = []
    seen = {rules.name} if is_bundled(rules) else set()
    for ref in rules.lineage[1:]:
        name = ref.split("@")[0]
        if name not in seen:
            seen.add(name)
            names.append(ref)
    return names


def build_reference(rules: RuleSet, texts: Texts) -> Reference:
    """Everything the reference prints, from the rule data and the texts of ``texts.language``."""
    based_on = None
    if parents := based_on_names(rules):
        based_on = optional_label(texts, "based_on", "based on {ruleset}", ruleset=", ".join(parents))
    return Reference(
        language=texts.language,
        title=title_of(rules, texts),
        based_on=based_on,
        general_title=optional_label(texts, "general_rules", "General rules"),
        sections=(*general_sections(texts, rules), *match_sections(rules, texts)),
        tables=tuple(
            bid_table(kind, rules, texts)
            for kind in ("standard", "special")
            if kind == "standard" or rules.special_bids
        ),
        info=document_info("rules", rules, texts),
    )


# --- Markdown ----------------------------------------------------------------------------


def _md(text: str) -> str:
    return md_inline(text)


#: Alignment of table columns (Markdown and HTML): numbers right, yes/no centred.
_ALIGN = {"worth": "right", "score": "right", "priority": "right", "trump": "center"}


def to_markdown(ref: Reference) -> str:
    """The reference as GitHub-flavoured Markdown."""
    out = [f"# {_md(ref.title)}", ""]
    if ref.based_on:
        out += [f"*{_md(ref.based_on)}*", ""]
    if ref.sections:
        out += [f"## {_md(ref.general_title)}", ""]
        for section in ref.sections:
            out += [f"### {_md(section.heading)}", "", md_block(section.text), ""]
    for table in ref.tables:
        out += [f"## {_md(table.title)}", ""]
        out.append("| " + " | ".join(_md(h) for h in table.headings) + " |")
        rule = {"right": "--:", "center": ":-:"}
        out.append("|" + "|".join(rule.get(_ALIGN.get(c, ""), "---") for c in table.columns) + "|")
        for row in table.rows:
            out.append("| " + " | ".join(_md(cell) for cell in row) + " |")
        out.append("")
    return "\n".join(out)


# --- HTML --------------------------------------------------------------------------------

_CSS = """
:root { --standard: #0b4f8a; --special: #b34a12; }
body { font-family: "DejaVu Sans", "Verdana", system-ui, sans-serif; line-height: 1.45; color: #1a1a1a;
       max-width: 62rem; margin: 2rem auto; padding: 0 1rem; hyphens: auto; }
h1 { margin-bottom: 0.2rem; }
.based-on { color: #6b6b6b; margin-top: 0; }
h2 { margin-top: 2.2rem; border-bottom: 2px solid #ccc; padding-bottom: 0.2rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.35rem 0.5rem; vertical-align: top; text-align: left; }
th { color: white; }
table.standard th { background: var(--standard); }
table.special th { background: var(--special); }
table.standard td:first-child { border-left: 6px solid var(--standard); font-weight: bold; }
table.special td:first-child { border-left: 6px solid var(--special); font-weight: bold; }
td.right { text-align: right; }
td.center { text-align: center; }
td.worth, td.tricks, td.priority { white-space: nowrap; }
td.rules { width: 55%; }
tbody tr:nth-child(even) { background: #f5f5f5; }
@media print { body { margin: 0; max-width: none; } tr { break-inside: avoid; } }
"""


def to_html(ref: Reference) -> str:
    """The reference as one self-contained HTML page (styles inline, hyphenation by ``lang``)."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{e(ref.language)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(ref.info.title)}</title>",  # (as the PDF's: "Combo Whist 1.5.1: Rules reference")
        f'<meta name="description" content="{e(ref.info.subject)}">',
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{e(ref.title)}</h1>",
    ]
    if ref.based_on:
        out.append(f'<p class="based-on">{e(ref.based_on)}</p>')
    if ref.sections:
        out.append('<section id="general">')
        out.append(f"<h2>{e(ref.general_title)}</h2>")
        for section in ref.sections:
            out.append(f'<h3 id="{e(section.key)}">{e(section.heading)}</h3>')
            out.append(f"<p>{e(section.text)}</p>")
        out.append("</section>")
    for table in ref.tables:
        out.append(f'<section id="{table.kind}-bids">')
        out.append(f"<h2>{e(table.title)}</h2>")
        out.append(f'<table class="{table.kind}">')
        out.append("<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in table.headings) + "</tr></thead>")
        out.append("<tbody>")
        for bid_id, row in zip(table.bid_ids, table.rows, strict=True):
            cells = []
            for column, cell in zip(table.columns, row, strict=True):
                classes = " ".join(filter(None, (column, _ALIGN.get(column))))
                cells.append(f'<td class="{classes}">{e(cell)}</td>')
            out.append(f'<tr id="bid-{e(bid_id)}">' + "".join(cells) + "</tr>")
        out.append("</tbody>")
        out.append("</table>")
        out.append("</section>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)
