"""The ``whist duel`` command: two agents over mirrored deals; :func:`register` adds it to a click group."""

from __future__ import annotations

from typing import Any

import click
from rich.markup import escape as rich_escape

from printing.facts import decimal_text
from rulespec.locale import Texts
from whist.cliargs import (
    AGENT_KINDS_HELP,
    DEFAULT_RULESET,
    STUDY_SEED,
    check_agent,
    lang_option,
    players_for,
    players_option,
)
from whist.common import check_scheduler, jobs_or_scheduler, note_missing, rules_or_fail, texts_or_fail
from whist.studycli import playing, report, study_title
from whist.tablewords import Table

#: ``whist duel --help``: the agents are named as ``--agents`` names them (one text, whist.cliargs).
DUEL_HELP = f"""Agents A and B over mirrored deals: points, completion, A − B.

A and B are each one of: {AGENT_KINDS_HELP}.

In a match game (Christmas Whist) each deal is a whole match, and matches won are counted.

\b
Example:
  whist duel search heuristic --deals 400 --seed 1 --jobs 2
"""


def register(cli: click.Group) -> None:
    @cli.command(help=DUEL_HELP)
    @click.argument("agent_a", metavar="A")
    @click.argument("agent_b", metavar="B")
    @click.argument("ruleset", default=DEFAULT_RULESET)
    @click.option("--deals", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
    @click.option("--seed", type=STUDY_SEED, default=1, show_default=True)
    @players_option()
    @click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Local processes.")
    @click.option(
        "--scheduler", default=None, metavar="tcp://HOST:PORT", callback=check_scheduler, help="Run on a Dask cluster."
    )
    @click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON document.")
    @lang_option()
    def duel(
        agent_a: str,
        agent_b: str,
        ruleset: str,
        deals: int,
        seed: int,
        players: int | None,
        jobs: int,
        scheduler: str | None,
        as_json: bool,
        lang: str | None,
    ) -> None:
        """Agents A and B over mirrored deals (the help: :data:`DUEL_HELP`)."""
        from interpreter.duel import duel as run_duel

        jobs_or_scheduler(scheduler)
        rules = rules_or_fail(ruleset)
        for spec, name in ((agent_a, "A"), (agent_b, "B")):
            check_agent(spec, f"'{name}'", rules=rules)
        texts = texts_or_fail(rules, lang, rich_escape)  # shown through rich: brackets are not markup
        players = players_for(rules, players)
        with playing(2 * deals, texts) as moved:
            data = run_duel(ruleset, agent_a, agent_b, deals, seed, players, jobs, scheduler, moved)
        report(data, as_json, lambda: [duel_table(data, texts), *duel_verdict(data, texts)])
        note_missing(texts, ruleset=ruleset)


def duel_table(data: dict[str, Any], texts: Texts) -> Table:
    """The agents side by side: points per deal, completion as declarer (a match game: points per
    match, matches won), thinking time."""
    label = texts.label
    ruleset = study_title(data, texts)
    matches = "wins" in data  # a match game: whole matches, and who won them (no declarers)
    title = "duel_title_match" if matches else "duel_title"
    table = Table(title=label(title, ruleset=ruleset, deals=data["deals"], seed=data["seed"]))
    columns = ("duel_points_match", "duel_wins") if matches else ("duel_points", "duel_completion")
    for column in ("duel_agent", *columns, "duel_speed"):
        table.add_column(label(column), justify="left" if column == "duel_agent" else "right")
    for name in data["agents"]:
        rate = data["declarer_completion"][name]
        speed = data["seconds_per_decision"][name]
        if matches:  # each agent plays every match twice, once from each side
            outcome = label("duel_wins_value", won=data["wins"][name], n=2 * data["deals"])
        elif rate is None:
            outcome = label("none")
        else:
            outcome = label(
                "duel_completion_value", rate=decimal_text(rate, texts, 0, percent=True), n=data["declared"][name]
            )
        table.add_row(
            rich_escape(name),
            decimal_text(data["mean_points"][name], texts, 3, signed=True),
            outcome,
            label("none") if speed is None else decimal_text(speed, texts, 3),
        )
    return table


def duel_verdict(data: dict[str, Any], texts: Texts) -> list[str]:
    """The difference A − B with its interval, and what it says (and the matches that did not finish)."""
    unfinished = data.get("unfinished", 0)
    note = [texts.label("duel_unfinished", n=unfinished, matches=2 * data["deals"])] if unfinished else []
    return _difference(data, texts) + note


def _difference(data: dict[str, Any], texts: Texts) -> list[str]:
    """``A − B per deal: +0.250, 95 % interval [+0.1, +0.4]`` and the verdict: which agent is better,
    neither, or too few deals to tell (:func:`interpreter.duel.verdict`: below 30 deals none is given)."""
    from interpreter.duel import MIN_DEALS_TO_TELL, verdict

    difference = decimal_text(data["difference"], texts, 3, signed=True)
    per = "_match" if "wins" in data else ""  # per match, or per deal
    shown = interval_text(data["ci95"], texts, 3)
    lines = [texts.label(f"duel_difference{per}", difference=difference, interval=shown)]
    said = verdict(data["deals"], data["ci95"])
    if said is None:  # (two deals won by a point each said "[+1.000, +1.000] / A is better")
        lines.append(texts.label(f"duel_too_few{per}", min=MIN_DEALS_TO_TELL))
    else:
        key = {"A": "duel_significant", "B": "duel_significant_b"}.get(said, f"duel_not_significant{per}")
        lines.append(texts.label(key))
    return lines


def interval_text(pair: list[float] | None, texts: Texts, places: int) -> str:
    """A 95 % interval in a sentence, ``95 % interval [−0.10, +0.30]``, or the one way a study says
    there is none (``no interval``: too few values, or too few all alike)."""
    if pair is None:
        return texts.label("no_interval")
    low, high = (decimal_text(end, texts, places, signed=True) for end in pair)
    return texts.label("interval_95", low=low, high=high)
