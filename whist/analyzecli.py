"""The ``whist analyze`` command; :func:`register` adds it to a click group.

``whist analyze RULESET`` lists every combo bid that can never be completed, as the minimal
sets of bids that make it so (Zero + Greed, not every combo holding them), each with the
reason the checker (:mod:`interpreter.analysis`) proved, in words or as JSON.
"""

from __future__ import annotations

import json
import textwrap
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from rulespec.locale import Texts
from rulespec.model import RuleSet
from rulespec.titles import title_of
from whist.cliargs import lang_option, players_for, players_option
from whist.common import note_missing, rules_or_fail, texts_or_fail

# The checker is imported when a command uses it, not at start-up (``whist --help`` stays quick).
if TYPE_CHECKING:
    from interpreter.analysis import Analysis, Finding


def _names(texts: Texts, finding: Finding) -> list[str]:
    names = [texts.bid_name(b) for b in finding.bids]
    if finding.standard is None:
        names.append(texts.label("analyze_any_standard"))
    return names


def _entry(texts: Texts, finding: Finding) -> dict[str, Any]:
    verdict = finding.verdict
    entry: dict[str, Any] = {
        "standard": finding.standard,
        "specials": list(finding.specials),
        "names": _names(texts, finding),
        "player_counts": list(finding.player_counts),
    }
    if verdict.possible is False:
        from interpreter.analysis import reason

        entry["reason"] = reason(texts, verdict)
        entry["observed"] = sorted(verdict.observed)
        entry["adjusted"] = verdict.adjusted
    else:
        from interpreter.analysis.wording import unmodelled_words

        entry["unknown"] = [unmodelled_words(texts, item) for item in verdict.unknown]
    return entry


def to_json(texts: Texts, analysis: Analysis) -> str:
    """The analysis as JSON: the rule set, and each minimal impossible (and undecided) set of bids."""
    from interpreter.analysis.wording import unmodelled_words

    data = {
        "ruleset": analysis.ruleset,
        "forbid_impossible": analysis.forbid_impossible,
        "player_counts": list(analysis.player_counts),
        "note": analysis.note,
        "impossible": [_entry(texts, f) for f in analysis.impossible],
        "undecided": [_entry(texts, f) for f in analysis.undecided],
        "checked": analysis.checked,
        "not_modelled": [unmodelled_words(texts, item) for item in analysis.unknown],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)


def to_text(rules: RuleSet, texts: Texts, analysis: Analysis, width: int = 80) -> str:
    """The analysis for people: a title, each impossible set with its reason and its bids' short rules."""
    label = texts.label
    title = title_of(rules, texts, version=False)
    lines = [label("analyze_title", title=title, version=rules.version)]
    if analysis.note in ("no_auction", "not_modelled"):
        lines.append(label(f"analyze_{analysis.note}"))
        return "\n".join(lines) + "\n"
    counts = ", ".join(str(n) for n in analysis.player_counts)
    rule = label("analyze_forbidden" if analysis.forbid_impossible else "analyze_allowed")
    lines += [f"{label('analyze_players', n=counts)}. {rule}", ""]
    # Only what was checked is claimed: requirements not modelled count as met, undecided sets as
    # possible, and an incomplete search left the larger sets out; then "every other one" is hedged.
    hedged = bool(analysis.unknown or analysis.undecided or analysis.note == "incomplete")
    if not analysis.impossible:
        lines.append(label("analyze_none_hedged" if hedged else "analyze_none"))
    for finding in analysis.impossible:
        heading = " + ".join(_names(texts, finding))
        if tuple(finding.player_counts) != tuple(analysis.player_counts):
            only = ", ".join(str(n) for n in finding.player_counts)
            heading += f" ({label('analyze_only_players', n=only)})"
        from interpreter.analysis import reason

        lines += [f"• {heading}", f"  {reason(texts, finding.verdict)}"]
        for bid_id in finding.bids:
            short = texts.bid_text(bid_id, "short")
            if short and short != f"bids.{bid_id}.short":
                lines.append(f"  – {texts.bid_name(bid_id)}: {short}")
    if analysis.undecided:
        lines += ["", label("analyze_undecided")]
        lines += [f"• {' + '.join(_names(texts, finding))}" for finding in analysis.undecided]
    if analysis.unknown:
        from interpreter.analysis.wording import unmodelled_words

        lines += ["", label("analyze_unknown")]
        lines += [f"• {unmodelled_words(texts, item)}" for item in analysis.unknown]
    if analysis.note == "incomplete":
        lines += ["", label("analyze_incomplete")]
    lines.append("")
    if analysis.impossible:
        lines.append(label("analyze_summary", n=len(analysis.impossible)))
        lines.append(label("analyze_others_hedged" if hedged else "analyze_others"))
    lines.append(label("analyze_checked", checked=analysis.checked))
    return "\n".join(wrapped(line, width) for line in lines) + "\n"


def wrapped(line: str, width: int) -> str:
    """``line`` folded at spaces to ``width`` columns, its continuation lines under its text (after
    its indent and bullet): a reason ran to 151 columns and the terminal broke it mid-word."""
    text = line.lstrip(" ")
    indent = len(line) - len(text) + (2 if text[:2] in ("• ", "– ") else 0)
    return (
        textwrap.fill(line, width, subsequent_indent=" " * indent, break_long_words=False, break_on_hyphens=False)
        if line.strip()
        else line
    )


@click.command("analyze")
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@players_option("every size it allows")
@lang_option("the names and reasons")
def analyze_command(ruleset: str, as_json: bool, players: int | None, lang: str | None) -> None:
    """List the combo bids of RULESET that can never be completed, each with the reason.

    \b
    Example:
      whist analyze combo-whist --players 3
    """
    rules = rules_or_fail(ruleset)
    texts = texts_or_fail(rules, lang)
    if players is not None:  # None: every size the rule set allows
        players_for(rules, players)
    in_deal = rules.game.players.in_deal
    sizes = None if players is None else [min(players, in_deal) if in_deal else players]
    from interpreter.analysis import analyze

    analysis = analyze(rules, sizes)
    width = Console().width  # (the terminal's, else COLUMNS, else 80: as the other commands' tables)
    click.echo(to_json(texts, analysis) if as_json else to_text(rules, texts, analysis, width), nl=as_json)
    note_missing(texts, ruleset=ruleset)


def register(cli: click.Group) -> None:
    """Add ``analyze`` to the ``whist`` command group."""
    cli.add_command(analyze_command)
