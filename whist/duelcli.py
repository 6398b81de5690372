"""The ``whist duel`` command: two agents over mirrored deals; :func:`register` adds it to a click group."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.markup import escape as rich_escape
from rich.table import Table

from rulespec.locale import Texts
from whist.common import fail, rules_or_fail, texts_or_fail

DEFAULT_RULESET = "combo-whist"


def _usual_players(rules) -> int:
    limits = rules.game.players
    return limits.in_deal or max(limits.min, min(4, limits.max))


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("agent_a", metavar="A")
    @click.argument("agent_b", metavar="B")
    @click.argument("ruleset", default=DEFAULT_RULESET)
    @click.option("--deals", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
    @click.option("--seed", type=int, default=1, show_default=True)
    @click.option("--players", type=click.IntRange(2, 12), default=None, help="Players (default: the usual).")
    @click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Local processes.")
    @click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run on a Dask cluster.")
    @click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON document.")
    @click.option("--lang", default=None, metavar="LANG", help="Language of the texts (default: environment).")
    def duel(agent_a, agent_b, ruleset, deals, seed, players, jobs, scheduler, as_json, lang) -> None:
        """Agents A and B (random, heuristic, search) over mirrored deals: points, completion, A − B.

        \b
        Example:
          whist duel search heuristic --deals 400 --seed 1 --jobs 2
        """
        from rich.progress import Progress

        from interpreter.duel import duel as run_duel
        from interpreter.duel import parse_agent

        for spec, name in ((agent_a, "A"), (agent_b, "B")):
            try:
                parse_agent(spec)
            except ValueError as exc:  # a usage error (exit 2), before any deal is played
                hint = "agents are random, heuristic or search[:samples=N,rollouts=N,seconds=S]"
                raise click.BadParameter(f"{exc}\nhint: {hint}", param_hint=f"'{name}'") from None
        rules = rules_or_fail(ruleset)
        texts = texts_or_fail(rules, lang, rich_escape)  # shown through rich: brackets are not markup
        players = players or _usual_players(rules)
        stderr = Console(stderr=True)
        try:
            with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
                task = bar.add_task("deals", total=2 * deals)
                data = run_duel(
                    ruleset,
                    agent_a,
                    agent_b,
                    deals,
                    seed,
                    players,
                    jobs,
                    scheduler,
                    lambda done: bar.update(task, completed=done),
                )
        except ValueError as exc:
            fail(f"error: {exc}")
        if as_json:
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        console = Console()
        console.print(duel_table(data, texts))
        for line in duel_verdict(data, texts):
            console.print(line)


def duel_table(data: dict, texts: Texts) -> Table:
    """The agents side by side: points per deal, completion as declarer, thinking time."""
    label = texts.label
    ruleset = rich_escape(data["ruleset"])
    table = Table(title=label("duel_title", ruleset=ruleset, deals=data["deals"], seed=data["seed"]))
    for column in ("duel_agent", "duel_points", "duel_completion", "duel_speed"):
        table.add_column(label(column), justify="left" if column == "duel_agent" else "right")
    for name in data["agents"]:
        rate = data["declarer_completion"][name]
        speed = data["seconds_per_decision"][name]
        table.add_row(
            rich_escape(name),
            f"{data['mean_points'][name]:+.3f}",
            label("none")
            if rate is None
            else label("duel_completion_value", rate=f"{rate:.0%}", n=data["declared"][name]),
            label("none") if speed is None else f"{speed:.3f}",
        )
    return table


def duel_verdict(data: dict, texts: Texts) -> list[str]:
    """The difference A − B with its interval, and what it says."""
    difference = f"{data['difference']:+.3f}"
    if data["ci95"] is None:  # a single deal has no interval
        return [
            texts.label("duel_difference", difference=difference, low="?", high="?"),
            texts.label("duel_not_significant"),
        ]
    low, high = data["ci95"]
    lines = [texts.label("duel_difference", difference=difference, low=f"{low:+.3f}", high=f"{high:+.3f}")]
    verdict = "duel_significant" if low > 0 else "duel_significant_b" if high < 0 else "duel_not_significant"
    lines.append(texts.label(verdict))
    return lines
