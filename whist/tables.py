"""Bid tables for the terminal (rich), built from a rule set and its texts."""

from __future__ import annotations

from rich.table import Table

from rulespec.compiler import Expression
from rulespec.locale import Texts
from rulespec.model import Bid, RuleSet, Tricks
from rulespec.ordering import by_rank


def number_text(expr: Expression | None, texts: Texts) -> str:
    """A worth or score as printed: ``2``, ``1 or 3`` (from a conditional), or a description."""
    if expr is None:
        return texts.label("none")
    values = expr.possible_values()
    if values is not None:
        ordered = sorted(values) if all(isinstance(v, int) for v in values) else values
        return f" {texts.label('or')} ".join(str(v) for v in ordered)
    if " ".join(expr.source.split()) == "combo.worth":
        return "*"
    return expr.source


def tricks_text(bid: Bid, texts: Texts) -> str:
    """The Tricks column: ``min. 5``, ``all``, …, and other numbers of players after it."""
    if bid.tricks is None:
        return texts.label("tricks_see_rules")
    text = requirement_text(bid.tricks, texts)
    for players, other in bid.tricks.for_players.items():
        text = texts.label("tricks_for_players", text=text, players=players, other=requirement_text(other, texts))
    return text


def requirement_text(tricks: Tricks, texts: Texts) -> str:
    if tricks.exactly is not None:
        if " ".join(tricks.exactly.source.split()) == "hand_size":  # every trick of the hand
            return texts.label("tricks_all")
        return texts.label("tricks_exactly", n=number_text(tricks.exactly, texts))
    if tricks.min is not None and tricks.max is not None:
        return texts.label("tricks_range", min=number_text(tricks.min, texts), max=number_text(tricks.max, texts))
    if tricks.min is not None:
        return texts.label("tricks_min", n=number_text(tricks.min, texts))
    return texts.label("tricks_max", n=number_text(tricks.max, texts))


def score_text(bid: Bid, texts: Texts) -> str:
    """The Score column; a standard bid that also has a bonus scores "3+" (e.g. a point per extra trick)."""
    text = number_text(bid.score, texts)
    return texts.label("score_plus", n=text) if bid.kind == "standard" and bid.bonus is not None else text


def incompatibility_text(bid: Bid, rules: RuleSet, texts: Texts) -> str:
    names = []
    for name in bid.incompatible:
        names.append(texts.bid_name(name) if name in rules.bids else texts.get(f"groups.{name}"))
    return ", ".join(names) or texts.label("none")


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


def _overview(data: dict, rules: RuleSet, texts: Texts) -> Table:
    """The two-column table that opens a simulation summary (label, figure)."""
    title = texts.label("sim_title", title=texts.get("title"), version=rules.version, games=data["games"])
    overview = Table(title=title, title_justify="left", show_header=False)
    overview.add_column("")
    overview.add_column("", justify="right")
    return overview


def match_simulation_tables(data: dict, rules: RuleSet, texts: Texts) -> list[Table]:
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


def simulation_tables(data: dict, rules: RuleSet, texts: Texts) -> list[Table]:
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
