"""Bid tables for the terminal (rich), built from a rule set and its texts."""

from __future__ import annotations

from typing import Any

from printing.facts import decimal_text, incompatible_words
from rulespec.locale import Texts
from rulespec.model import Bid, RuleSet
from rulespec.titles import title_of
from whist.tablewords import KEPT_SPACE, Table


def bid_tables(rules: RuleSet, texts: Texts, ids: bool = False) -> list[Table]:
    """The bid tables ``whist show`` prints: the rules reference's (:func:`printing.reference.bid_table`,
    so the same columns and cells — a game without an auction shows each kind of hand with its rules,
    not worths and scores that mean nothing there), without the reference's long "rules" column beside
    the facts of an auction's bids. A game without special bids has no special table. With ``ids``,
    each bid's id first: what a rule file, ``--bids`` and ``--agents`` name it by, in every language."""
    from printing.reference import bid_table

    tables = []
    for kind in ("standard", "special"):
        if kind == "special" and not rules.special_bids:
            continue
        data = bid_table(kind, rules, texts)
        keep = [i for i, column in enumerate(data.columns) if column != "rules" or len(data.columns) == 2]
        table = Table(title=data.title, title_justify="left")
        if ids:
            table.add_column(texts.label("bid_id"), justify="left")
        for i in keep:
            wide = data.columns[i] in ("designation", "rules", "incompatibility")
            table.add_column(data.headings[i], justify="left" if wide else "right")
        for bid_id, row in zip(data.bid_ids, data.rows, strict=True):
            cells = [
                _names_kept(row[i], rules.bids[bid_id], rules, texts)
                if data.columns[i] == "incompatibility"
                else row[i]
                for i in keep
            ]
            table.add_row(*([bid_id] if ids else []), *cells)
        tables.append(table)
    return tables


#: The longest name kept on one line (the bundled names are at most 23 characters long).
KEPT_NAME = 24


def _names_kept(cell: str, bid: Bid, rules: RuleSet, texts: Texts) -> str:
    """An incompatibility list that wraps between names only: each name's spaces kept together
    (a name cut at the line's end, "Open" / "Hand", read as two bids), printed as plain spaces. A
    name longer than :data:`KEPT_NAME` may wrap at its own spaces: kept whole, a narrow column
    would cut it in the middle of a word."""
    for name in sorted(incompatible_words(bid, rules, texts), key=len, reverse=True):
        if len(name) <= KEPT_NAME:
            cell = cell.replace(name, name.replace(" ", KEPT_SPACE))
    return cell


def _overview(data: dict[str, Any], rules: RuleSet, texts: Texts) -> Table:
    """The two-column table that opens a simulation summary (label, figure)."""
    key = "sim_title_match" if rules.game.match is not None else "sim_title"  # (a match game's games are matches)
    title = texts.label(key, title=title_of(rules, texts, version=False), version=rules.version, games=data["games"])
    overview = Table(title=title, title_justify="left", show_header=False)
    overview.add_column("")
    overview.add_column("", justify="right")
    return overview


def _winners(overview: Table, data: dict[str, Any], texts: Texts) -> None:
    """The wins of each seat; with an agent per seat (``seat_agents``), first who sat where."""
    from rich.markup import escape

    for seat, spec in data.get("seat_agents", {}).items():
        overview.add_row(texts.label("sim_agent_seat", n=seat), escape(spec))
    for seat, wins in data["winners"].items():
        overview.add_row(texts.label("sim_wins_seat", n=seat), str(wins))


def _speed(per_second: float | None, texts: Texts) -> str:
    """Deals (or hands) per second, as the simulation rounds it: one decimal."""
    return texts.label("none") if per_second is None else decimal_text(per_second, texts, 1)


def _percent(rate: float | None, texts: Texts) -> str:
    return texts.label("none") if rate is None else decimal_text(rate, texts, 0, percent=True)


def match_simulation_tables(data: dict[str, Any], rules: RuleSet, texts: Texts) -> list[Table]:
    """The summary of ``whist simulate`` for a match game: winners and the matches no one won (and
    why), then each kind of hand: played, tied, and a player's average points where it was not tied."""
    overview = _overview(data, rules, texts)
    overview.add_row(texts.label("hands_played"), str(data["hands"]))
    overview.add_row(texts.label("hands_replayed"), str(data["replays"]))
    overview.add_row(texts.label("hands_per_second"), _speed(data["hands_per_second"], texts))
    _winners(overview, data, texts)
    undecided, unfinished = data["undecided"], data["unfinished"]
    overview.add_row(texts.label("match_undecided"), str(undecided))
    if undecided:  # why: level at the end, or stopped at the cap (a drawn match is not unfinished)
        overview.add_row(f"  {texts.label('match_drawn')}", str(undecided - unfinished))
        overview.add_row(f"  {texts.label('match_unfinished')}", str(unfinished))
    table = Table(
        title=texts.label("hand_types"),
        title_justify="left",
        caption=texts.label("hand_types_note"),
        caption_justify="left",
    )
    table.add_column(texts.label("designation"))
    table.add_column(texts.label("times_played"), justify="right")
    table.add_column(texts.label("times_tied"), justify="right")
    table.add_column(texts.label("avg_points"), justify="right")
    for bid_id, row in data["hand_types"].items():
        average = texts.label("none") if row["average_points"] is None else decimal_text(row["average_points"], texts)
        table.add_row(texts.bid_name(bid_id), str(row["played"]), str(row["tied"]), average)
    return [overview, table]


def simulation_tables(data: dict[str, Any], rules: RuleSet, texts: Texts, variant: str | None = None) -> list[Table]:
    """The summary of ``whist simulate``: games and winners, then per-bid statistics; the winning
    variant played (``variant``, else the rule set's default) by its name, when there is a choice."""
    if rules.game.match is not None:
        return match_simulation_tables(data, rules, texts)
    overview = _overview(data, rules, texts)
    winning = rules.game.winning
    if winning is not None and len(winning.variants) > 1:
        overview.add_row(texts.label("variant"), texts.variant_name(variant or winning.default))
    overview.add_row(texts.label("sim_deals"), str(data["deals"]))
    overview.add_row(texts.label("sim_redeals"), str(data["redeals"]))
    overview.add_row(texts.label("sim_speed"), _speed(data["deals_per_second"], texts))
    overview.add_row(texts.label("sim_unfinished"), str(data["unfinished"]))
    _winners(overview, data, texts)
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
            rate = _percent(row["completion_rate"], texts)
            table.add_row(texts.bid_name(bid_id), str(row["bid"]), str(row["completed"]), rate)
        tables.append(table)
    return tables
