"""The ``whist balance`` command: what each bid is worth in play; :func:`register` adds it to a click group."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.markup import escape as rich_escape

from printing.facts import decimal_text, display_number, worth_values
from rulespec.locale import Texts
from rulespec.model import RuleSet
from whist.cliargs import (
    AGENTS_HELP,
    DEFAULT_RULESET,
    STUDY_SEED,
    check_agent,
    check_output_folder,
    lang_option,
    players_for,
    players_option,
)
from whist.common import check_scheduler, fail, jobs_or_scheduler, note_missing, rules_or_fail, texts_or_fail
from whist.duelcli import interval_text
from whist.studycli import playing, report, study_title
from whist.tablewords import Table


def _percent(rate: float | None, texts: Texts, signed: bool = False) -> str:
    return texts.label("none") if rate is None else decimal_text(rate, texts, 0, signed=signed, percent=True)


def _points(value: float | None, texts: Texts) -> str:
    """Points per deal, signed (``+0.12``)."""
    return texts.label("none") if value is None else decimal_text(value, texts, 2, signed=True)


def _span(pair: list[float] | None, texts: Texts, percent: bool = True) -> str:
    """An interval in a table or beside a rate, ``[40 %, 80 %]``, or ``no interval`` (not a dash
    after a number: "+3.00 —" read as a minus)."""
    if pair is None:
        return texts.label("no_interval")
    if percent:
        return texts.label("interval", low=_percent(pair[0], texts), high=_percent(pair[1], texts))
    return texts.label("interval", low=_points(pair[0], texts), high=_points(pair[1], texts))


def _number(value: Any, texts: Texts) -> str:
    if value is None:
        return texts.label("none")
    return display_number(str(int(value)) if float(value).is_integer() else str(value))  # (a true minus: −4)


def _worth(texts: Texts, bid_id: str, value: Any) -> str:
    """A bid's rank as the play menu shows it: ``−4``, or ``1/3`` when it depends on the combo (the
    study orders such a bid by its highest rank, which alone would read as its only one)."""
    bid = texts.rules.bids.get(bid_id) if texts.rules is not None else None
    values = worth_values(bid) if bid is not None else None
    return "/".join(values) if values else _number(value, texts)


def _name(texts: Texts, bid_id: str) -> str:
    """A bid's name as ``texts`` give it (escaped for rich when they are), its id when they have none."""
    if texts.rules is not None and bid_id in texts.rules.bids:
        return texts.bid_name(bid_id)
    return bid_id if texts.escape is None else rich_escape(bid_id)


def bids_table(data: dict[str, Any], texts: Texts) -> Table:
    """Every bid: times bid and completed, completion and points per deal with their intervals."""
    label = texts.label
    title = label(
        "balance_title",
        ruleset=study_title(data, texts),
        declared=data["declared"],
        deals=data["deals"],
        agents=rich_escape(data["agents"]),
    )
    # The intervals' note goes under the table, not in two headers: in Swedish at 80 columns the
    # headers' words did not fit side by side, and rich folded words ("Standardbu/d").
    table = Table(title=title, caption=label("balance_brackets"))
    columns = (
        "balance_bid",
        "balance_kind",
        "worth",
        "balance_times_bid",
        "balance_completed",
        "balance_completion",
        "balance_points",
    )
    for index, column in enumerate(columns):
        table.add_column(label(column), justify="left" if index < 2 else "right")
    for bid in data["bids"]:
        mean = bid["mean_points"]
        rate = f"{_percent(bid['completion_rate'], texts)} {_span(bid['ci95'], texts)}" if bid["bid"] else label("none")
        points = label("none") if mean is None else f"{_points(mean, texts)} {_span(bid['points_ci95'], texts, False)}"
        kind = label("standard_bid" if bid["kind"] == "standard" else "special_bid")
        table.add_row(
            _name(texts, bid["id"]),
            kind,
            _worth(texts, bid["id"], bid["worth"]),
            str(bid["bid"]),
            str(bid["completed"]),
            rate,
            points,
        )
    return table


def chart_texts(data: dict[str, Any], texts: Texts) -> tuple[dict[str, str], dict[str, str]]:
    """The chart's labels and its bids' names, from the texts the tables print with: unescaped, as
    matplotlib prints text as it is (an escaped ``[`` read ``\\[`` on the chart)."""
    from dataclasses import replace

    plain = replace(texts, escape=None)
    return plot_labels(data, plain), {b["id"]: _name(plain, b["id"]) for b in data["bids"]}


def plot_labels(data: dict[str, Any], texts: Texts) -> dict[str, str]:
    """The chart's texts in the chosen language (``texts`` without an escape: matplotlib prints them as they are)."""
    label = texts.label
    title = label(
        "balance_title",
        ruleset=study_title(data, texts, markup=False),
        declared=data["declared"],
        deals=data["deals"],
        agents=data["agents"],
    )
    return {
        "title": title,
        "rate": label("balance_rate"),  # (the chart draws the intervals: its axis says so)
        "standard": label("standard_bids"),
        "special": label("special_bids"),
    }


def findings(data: dict[str, Any], texts: Texts) -> list[str]:
    """The rank check and the seat positions, in sentences."""
    check, seats, label = data["rank_check"], data["seats"], texts.label
    lines = []
    if check["spearman"] is None:
        lines.append(label("balance_too_few"))
    else:
        key = "balance_falls" if check["completion_falls_with_worth"] else "balance_does_not_fall"
        lines.append(
            label(
                key,
                rho=decimal_text(check["spearman"], texts, 2, signed=True),
                n=len(check["judged"]),
                min=check["min_deals"],
            )
        )
    for bid in check["out_of_line"]:
        evidence = "; ".join(
            label(
                "balance_evidence",
                bid=_name(texts, e["id"]),
                worth=_number(e["worth"], texts),
                rate=_percent(e["completion_rate"], texts),
                interval=_span(e["ci95"], texts),
            )
            for e in bid["evidence"]
        )
        lines.append(
            label(
                "balance_too_low" if bid["ranked"] == "too low" else "balance_too_high",
                bid=_name(texts, bid["id"]),
                worth=_number(bid["worth"], texts),
                rate=_percent(bid["completion_rate"], texts),
                interval=_span(bid["ci95"], texts),
                suggested=_number(bid["suggested_worth"], texts),
                evidence=evidence,
            )
        )
    for seat in data.get("by_seat", []):  # an agent per seat: who sat where, and how each fared
        if not seat["deals"]:  # (sat out every deal: no points to say, not 0)
            lines.append(label("balance_by_seat_none", n=seat["seat"], agent=rich_escape(seat["agent"])))
            continue
        lines.append(
            label(
                "balance_by_seat",
                n=seat["seat"],
                agent=rich_escape(seat["agent"]),
                points=_points(seat["mean_points"], texts),
                interval=interval_text(seat["ci95"], texts, 2),
                declared=seat["declared"],
                completed=seat["completed"],
            )
        )
    lines.append(
        label(
            "balance_first_seat",
            points=_points(seats["first_seat_advantage"], texts),
            interval=interval_text(seats["first_seat_ci95"], texts, 2),  # (none from a single deal)
        )
    )
    return lines


def against_table(
    rows: list[dict[str, Any]], base: str, other: str, texts: Texts, other_texts: Texts | None = None
) -> Table:
    """Two rule sets bid by bid: ranks, completion, the difference, whether the intervals part. A bid
    only the other rule set has is named by ``other_texts`` (its texts in the same language)."""
    label = texts.label
    theirs = other_texts or texts
    base, other = rich_escape(base), rich_escape(other)
    table = Table(title=label("against_title", ruleset=base, other=other))
    columns = [
        label("balance_bid"),  # (A and B, as the title names them: a rule set's name would fold at 80 columns)
        label("against_worth"),
        label("against_rate"),  # (a rate without its interval here)
        label("against_other_worth"),
        label("against_other_rate"),
        label("against_difference"),
        label("against_apart"),
    ]
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    for row in rows:
        difference = row["difference"]
        apart = row["intervals_apart"]
        ours = texts.rules is not None and row["id"] in texts.rules.bids
        table.add_row(
            _name(texts if ours else theirs, row["id"]),
            _worth(texts, row["id"], row["worth"]),
            _percent(row["completion_rate"], texts),
            _worth(theirs, row["id"], row["other_worth"]),
            _percent(row["other_completion_rate"], texts),
            _percent(difference, texts, signed=True),
            label("none") if apart is None else label("yes" if apart else "no"),
        )
    return table


def register(cli: click.Group) -> None:
    @cli.command()
    @click.argument("ruleset", default=DEFAULT_RULESET)
    @click.option("--deals", type=click.IntRange(1, 1_000_000), default=200, show_default=True)
    @click.option("--seed", type=STUDY_SEED, default=1, show_default=True)
    @players_option()
    @click.option("--agents", "agent_kind", default="heuristic", show_default=True, help=AGENTS_HELP)
    @click.option("--against", "other", default=None, help="Another rule set to compare bid by bid.")
    @click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Local processes.")
    @click.option(
        "--scheduler", default=None, metavar="tcp://HOST:PORT", callback=check_scheduler, help="Run on a Dask cluster."
    )
    @click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON document.")
    @click.option("--plot", "plot_path", default=None, metavar="FILE", help="Chart of completion rates (.png, .svg).")
    @lang_option()
    def balance(
        ruleset: str,
        deals: int,
        seed: int,
        players: int | None,
        agent_kind: str,
        other: str | None,
        jobs: int,
        scheduler: str | None,
        as_json: bool,
        plot_path: str | None,
        lang: str | None,
    ) -> None:
        """Per bid: how often it is bid and completed, points per deal, and bids ranked out of line.

        \b
        Example:
          whist balance bids/examples/club-rules.yaml --against combo-whist --deals 1000 --plot bids.png
        """
        from interpreter import balance as study

        jobs_or_scheduler(scheduler)
        rules = rules_or_fail(ruleset)
        texts = texts_or_fail(rules, lang, rich_escape)  # shown through rich: brackets are not markup
        other_rules = None if other is None else rules_or_fail(other)
        other_texts = None if other_rules is None else texts_or_fail(other_rules, lang, rich_escape)
        if plot_path is not None and not plot_path.lower().endswith((".png", ".svg")):
            raise click.BadParameter(f"writes .png or .svg files, not '{plot_path}'", param_hint="'--plot'")
        if plot_path is not None:  # before the deals are played, like every command's output file
            check_output_folder(Path(plot_path), "'--plot'")
        players = players_for(rules, players)
        _check_bids(rules, "'RULESET'")
        if other_rules is not None:  # checked now, not after the first rule set's whole study
            _check_bids(other_rules, "'--against'")
        check_agent(agent_kind, "'--agents'", players, rules=rules)
        refs = [ruleset] if other is None else [ruleset, other]
        with playing(deals * len(refs), texts) as moved:
            reports = [
                study.balance(ref, deals, seed, players, agent_kind, jobs, scheduler, _after(moved, deals * i))
                for i, ref in enumerate(refs)
            ]
            data = reports[0]
            if other is not None:
                data["against"] = {"ruleset": other, "bids": study.compare(data, reports[1])}
                data["against"].update({key: reports[1][key] for key in ("ruleset_version", "ruleset_sha256")})
        report(data, as_json, lambda: _shown(data, texts, ruleset, other, other_texts))
        note_missing(texts, ruleset=ruleset)
        if plot_path is not None:  # after the report: a chart that cannot be written loses no study
            try:
                study.plot(data, plot_path, *chart_texts(data, texts))
            except OSError as exc:
                fail(f"error: --plot: cannot write {plot_path}: {exc.strerror or exc} (the figures are above)")


def _check_bids(rules: RuleSet, hint: str) -> None:
    """A rule set without an auction has no bids to weigh: a usage error before any deal is played."""
    if rules.game.auction is None:
        message = f"{rules.name} has no auction: there are no bids to weigh (try whist simulate)"
        raise click.BadParameter(message, param_hint=hint)


def _after(moved: Callable[[int], None], before: int) -> Callable[[int], None]:
    """The progress of a study that starts after ``before`` deals of another."""
    return lambda done: moved(before + done)


def _shown(
    data: dict[str, Any], texts: Texts, ruleset: str, other: str | None, other_texts: Texts | None = None
) -> list[Any]:
    shown: list[Any] = [bids_table(data, texts), *findings(data, texts)]
    if other is not None:
        shown.append(against_table(data["against"]["bids"], ruleset, other, texts, other_texts))
    return shown
