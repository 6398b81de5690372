"""The ``whist balance`` command: what each bid is worth in play; :func:`register` adds it to a click group."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from whist.common import fail, rules_or_fail


def _usual_players(rules) -> int:
    limits = rules.game.players
    return limits.in_deal or max(limits.min, min(4, limits.max))


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def _span(pair: list[float] | None, percent: bool = True) -> str:
    if pair is None:
        return "–"
    return f"[{pair[0]:.0%}, {pair[1]:.0%}]" if percent else f"[{pair[0]:+.2f}, {pair[1]:+.2f}]"


def _number(value: Any) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else str(value)


def bids_table(data: dict[str, Any]) -> Table:
    table = Table(title=f"{data['ruleset']}: {data['declared']} declared deals of {data['deals']} ({data['agents']})")
    columns = ("bid", "kind", "worth", "bid", "completed", "rate [95 % interval]", "points/deal [95 % interval]")
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index < 2 else "right")
    for bid in data["bids"]:
        mean = bid["mean_points"]
        rate = f"{_percent(bid['completion_rate'])} {_span(bid['ci95'])}" if bid["bid"] else "–"
        points = "–" if mean is None else f"{mean:+.2f} {_span(bid['points_ci95'], percent=False)}"
        table.add_row(
            bid["id"], bid["kind"], _number(bid["worth"]), str(bid["bid"]), str(bid["completed"]), rate, points
        )
    return table


def findings(data: dict[str, Any]) -> list[str]:
    """The rank check and the seat positions, in sentences."""
    check, seats = data["rank_check"], data["seats"]
    lines = []
    if check["spearman"] is None:
        lines.append("Too few deals per standard bid to tell whether completion falls as the worth rises.")
    else:
        trend = "falls" if check["completion_falls_with_worth"] else "does not fall"
        lines.append(
            f"Completion {trend} as the worth rises (Spearman {check['spearman']:+.2f} over "
            f"{len(check['judged'])} standard bids with at least a few deals)."
        )
    for bid in check["out_of_line"]:
        lines.append(
            f"{bid['id']} (worth {_number(bid['worth'])}) is completed {_percent(bid['completion_rate'])} "
            f"{_span(bid['ci95'])}: priced {bid['priced']}; suggested worth {_number(bid['suggested_worth'])}. "
            f"Evidence: {'; '.join(bid['evidence'])}."
        )
    low, high = seats["first_seat_ci95"]
    lines.append(
        f"First seat (the dealer's left) against the others: {seats['first_seat_advantage']:+.2f} points "
        f"per deal, 95 % interval [{low:+.2f}, {high:+.2f}]."
    )
    return lines


def against_table(rows: list[dict[str, Any]], base: str, other: str) -> Table:
    table = Table(title=f"{base} against {other}")
    for index, column in enumerate(("bid", "worth", "rate", "other worth", "other rate", "difference", "apart")):
        table.add_column(column, justify="left" if index == 0 else "right")
    for row in rows:
        difference = row["difference"]
        table.add_row(
            row["id"],
            _number(row["worth"]),
            _percent(row["completion_rate"]),
            _number(row["other_worth"]),
            _percent(row["other_completion_rate"]),
            "–" if difference is None else f"{difference:+.0%}",
            {True: "yes", False: "no", None: "–"}[row["intervals_apart"]],
        )
    return table


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("ruleset", default="combo-whist")
    @click.option("--deals", type=click.IntRange(1, 10_000_000), default=200, show_default=True)
    @click.option("--seed", type=int, default=1, show_default=True)
    @click.option("--players", type=click.IntRange(2, 12), default=None, help="Players (default: the usual).")
    @click.option("--agents", "agent_kind", default="heuristic", show_default=True, help="random, heuristic, search")
    @click.option("--against", "other", default=None, help="Another rule set to compare bid by bid.")
    @click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Local processes.")
    @click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run on a Dask cluster.")
    @click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON document.")
    @click.option("--plot", "plot_path", default=None, metavar="FILE", help="Chart of completion rates (.png, .svg).")
    def balance(ruleset, deals, seed, players, agent_kind, other, jobs, scheduler, as_json, plot_path) -> None:
        """Per bid: how often it is bid and completed, points per deal, and bids priced out of line."""
        from rich.progress import Progress

        from interpreter import balance as study

        rules = rules_or_fail(ruleset)
        if other is not None:
            rules_or_fail(other)
        if plot_path is not None and not plot_path.lower().endswith((".png", ".svg")):
            fail(f"error: --plot writes .png or .svg files, not '{plot_path}'")
        players = players or _usual_players(rules)
        stderr = Console(stderr=True)
        try:
            with Progress(console=stderr, transient=True, disable=not stderr.is_terminal) as bar:
                task = bar.add_task("deals", total=deals * (2 if other else 1))
                data = study.balance(
                    ruleset,
                    deals,
                    seed,
                    players,
                    agent_kind,
                    jobs,
                    scheduler,
                    lambda done: bar.update(task, completed=done),
                )
                if other is not None:
                    theirs = study.balance(
                        other,
                        deals,
                        seed,
                        players,
                        agent_kind,
                        jobs,
                        scheduler,
                        lambda done: bar.update(task, completed=deals + done),
                    )
                    data["against"] = {"ruleset": other, "bids": study.compare(data, theirs)}
            if plot_path is not None:
                study.plot(data, plot_path)
        except (ValueError, OSError) as exc:
            fail(f"error: {exc}")
        if as_json:
            click.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        console = Console()
        console.print(bids_table(data))
        for line in findings(data):
            console.print(line)
        if "against" in data:
            console.print(against_table(data["against"]["bids"], ruleset, other))
