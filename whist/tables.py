"""Bid tables for the terminal (rich), built from a rule set and its texts."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from rulespec.bidtext import incompatibility_text, number_text, score_text, tricks_text
from rulespec.locale import Texts
from rulespec.model import RuleSet
from rulespec.ordering import by_rank


def standard_table(rules: RuleSet, texts: Texts) -> Table:
    table = Table(title=texts.label("standard_bids"), title_justify="left")
    for column in ("designation", "worth", "score", "trump", "tricks"):
        table.add_column(texts.label(column), justify="left" if column == "designation" else "right")
    for bid in by_rank(rules.standard_bids):
        table.add_row(
            texts.bid_name(bid.id),
            number_text(bid.worth, texts),
            score_text(bid, texts),
            texts.label("yes" if bid.has_trump else "no"),
            tricks_text(bid, texts),
        )
    return table


def special_table(rules: RuleSet, texts: Texts) -> Table:
    table = Table(title=texts.label("special_bids"), title_justify="left")
    for column in ("designation", "worth", "priority", "incompatibility"):
        table.add_column(texts.label(column), justify="right" if column in ("worth", "priority") else "left")
    for bid in by_rank(rules.special_bids):
        table.add_row(
            texts.bid_name(bid.id),
            number_text(bid.worth, texts),
            str(bid.priority) if bid.priority is not None else texts.label("none"),
            incompatibility_text(bid, rules, texts),
        )
    return table


def _overview(data: dict[str, Any], rules: RuleSet, texts: Texts) -> Table:
    """The two-column table that opens a simulation summary (label, figure)."""
    title = texts.label("sim_title", title=texts.get("title"), version=rules.version, games=data["games"])
    overview = Table(title=title, title_justify="left", show_header=False)
    overview.add_column("")
    overview.add_column("", justify="right")
    return overview


def match_simulation_tables(data: dict[str, Any], rules: RuleSet, texts: Texts) -> list[Table]:
    """The summary of ``whist simulate`` for a match game: winners, then each kind of hand."""
    overview = _overview(data, rules, texts)
    overview.add_row(texts.label("hands_played"), str(data["hands"]))
    overview.add_row(texts.label("hands_replayed"), str(data["replays"]))
    overview.add_row(texts.label("hands_per_second"), str(data["hands_per_second"]))
    for seat, wins in data["winners"].items():
        overview.add_row(texts.label("sim_wins_seat", n=seat), str(wins))
    table = Table(title=texts.label("hand_types"), title_justify="left")
    table.add_column(texts.label("designation"))
    table.add_column(texts.label("times_played"), justify="right")
    table.add_column(texts.label("avg_points"), justify="right")
    for bid_id, row in data["hand_types"].items():
        average = texts.label("none") if row["average_points"] is None else f"{row['average_points']:.2f}"
        table.add_row(texts.bid_name(bid_id), str(row["played"]), average)
    return [overview, table]


def simulation_tables(data: dict[str, Any], rules: RuleSet, texts: Texts) -> list[Table]:
    """The summary of ``whist simulate``: games and winners, then per-bid statistics."""
    if rules.game.match is not None:
        return match_simulation_tables(data, rules, texts)
    overview = _overview(data, rules, texts)
    overview.add_row(texts.label("sim_deals"), str(data["deals"]))
    overview.add_row(texts.label("sim_redeals"), str(data["redeals"]))
    overview.add_row(texts.label("sim_speed"), str(data["deals_per_second"]))
    overview.add_row(texts.label("sim_unfinished"), str(data["unfinished"]))
    for seat, wins in data["winners"].items():
        overview.add_row(texts.label("sim_wins_seat", n=seat), str(wins))
    for reason, count in data["win_reasons"].items():
        overview.add_row(texts.label("sim_ended_by", reason=texts.label(f"reason_{reason}")), str(count))
    tables = [overview]
    for kind in ("standard_bids", "special_bids"):
        table = Table(title=texts.label(kind), title_justify="left")
        table.add_column(texts.label("designation"))
        table.add_column(texts.label("sim_times_bid"), justify="right")
        table.add_column(texts.label("completed"), justify="right")
        table.add_column(texts.label("sim_rate"), justify="right")
        for bid_id, row in data[kind].items():
            rate = texts.label("none") if row["completion_rate"] is None else f"{row['completion_rate']:.0%}"
            table.add_row(texts.bid_name(bid_id), str(row["bid"]), str(row["completed"]), rate)
        tables.append(table)
    return tables
