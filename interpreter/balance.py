"""What is a bid really worth? Completion and points per bid over many deals, with intervals.

:func:`balance` plays ``deals`` single deals (the deals of :mod:`interpreter.duel`: a fresh game
position, the dealer rotating) with one kind of agent at every seat and reports, for every
standard and special bid: how often it was in the declared combo, how often that combo was
completed (with a Wilson 95 % interval), and the declarer's points per deal when it was (mean
with a 95 % interval, and the means when completed and when failed). For the standard bids it
asks whether completion falls as the worth (rank) rises, names the bids out of line with their
neighbours — a bid completed clearly more often than a cheaper one, the two intervals apart —
and suggests the worth at which its completion rate would sit in line. It also reports each
seat position's points per deal (position 1 is the dealer's left) and the first position's
advantage over the others. :func:`compare` sets two rule sets' reports side by side, bid by bid.

The same seed gives the same figures for any number of processes or a cluster: each deal's
seed is its number's (:func:`interpreter.duel.deal_seed`) and results are gathered in order.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Any

from interpreter.duel import Z95, DealTask, interval, play_deals
from interpreter.runner import rules as load_rules
from interpreter.runner import ruleset_digest
from interpreter.seating import is_list, seat_agents
from rulespec.atomic import write_atomically
from rulespec.export import expression
from rulespec.model import RuleSet

Z = Z95  # the normal quantile of a two-sided 95 % interval (the Wilson interval's)
MIN_DEALS = 8  # deals a bid needs before it is judged in or out of line


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson 95 % interval of a proportion (good for small counts and rates near 0 or 1)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def bid_worth(bid: Any) -> float | None:
    """A bid's worth as a number for ordering (the highest it can take when it depends on the combo)."""
    value = expression(bid.worth)
    if isinstance(value, int | float):
        return value
    if isinstance(value, dict) and value.get("values"):
        numbers = [v for v in value["values"] if isinstance(v, int | float)]
        return max(numbers) if numbers else None
    return None


def balance(
    ruleset: str,
    deals: int,
    seed: int,
    players: int,
    agents: str = "heuristic",  # one spec for every seat, or one per seat parted by '/'
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play the study's deals (:func:`interpreter.duel.play_deal`, one kind of agent at every seat)
    and summarise them (see the module's docstring); ``seconds`` is the only timing field."""
    rules = load_rules(ruleset, fresh=True)
    if rules.game.auction is None:
        raise ValueError(f"{rules.name} has no auction: there are no bids to weigh (try whist simulate)")
    seats = seat_agents(agents, players)  # one spec for every seat, or one per seat
    tasks = [DealTask(ruleset, seats, index, seed, players) for index in range(deals)]
    results, seconds = play_deals(tasks, jobs, scheduler, progress)
    data = summarise(rules, results, players)
    data.update(ruleset=ruleset, agents=agents, seed=seed, seconds=round(seconds, 2))
    data.update(ruleset_version=f"{rules.name}@{rules.version}", ruleset_sha256=ruleset_digest(rules))
    if is_list(agents):  # who sat where, and how each seat's agent fared (one agent everywhere: no need)
        data["seat_agents"] = {str(seat): spec for seat, spec in enumerate(seats)}
        data["by_seat"] = seat_figures(results, seats)
    return data


def summarise(rules: RuleSet, results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """The report of a study's deals (pure: the same deals give the same report)."""
    declared = [r for r in results if r["declarer"] is not None and r["combo"]]
    bids = []
    for bid in [*rules.standard_bids, *rules.special_bids]:
        deals = [r for r in declared if bid.id in r["combo"]]
        gains = [r["gains"][r["declarer"]] for r in deals]
        won = [r["gains"][r["declarer"]] for r in deals if r["completed"]]
        lost = [r["gains"][r["declarer"]] for r in deals if not r["completed"]]
        completed = len(won)
        low, high = wilson(completed, len(deals))
        mean, points_ci95 = interval(gains)
        bids.append(
            {
                "id": bid.id,
                "kind": bid.kind,
                "worth": bid_worth(bid),
                "bid": len(deals),
                "completed": completed,
                "completion_rate": round(completed / len(deals), 4) if deals else None,
                "ci95": [round(low, 4), round(high, 4)] if deals else None,  # (never bid: no rate, no interval)
                "mean_points": mean,
                "points_ci95": points_ci95,
                "points_when_completed": round(sum(won) / len(won), 4) if won else None,
                "points_when_failed": round(sum(lost) / len(lost), 4) if lost else None,
            }
        )
    return {
        "deals": len(results),
        "declared": len(declared),
        "players": players,
        "bids": bids,
        "rank_check": rank_check([b for b in bids if b["kind"] == "standard"]),
        "seats": seat_positions(results, players),
    }


def rank_check(bids: list[dict[str, Any]]) -> dict[str, Any]:
    """Does completion fall as the worth rises? Bids out of line, each with a suggested worth.

    Two bids contradict each other when the dearer one is completed clearly more often (their
    intervals apart). The bids out of line are the fewest that explain every contradiction:
    repeatedly the bid in the most remaining contradictions (a bid at odds with many neighbours,
    not each of those neighbours). One completed less often than dearer bids is ranked too low
    for how hard it is; one completed more often than cheaper bids, too high.
    """
    judged = [b for b in bids if b["bid"] >= MIN_DEALS and b["worth"] is not None]
    judged.sort(key=lambda b: (b["worth"], b["id"]))
    rates = [b["completion_rate"] for b in judged]
    worths = [b["worth"] for b in judged]
    correlation = _spearman(worths, rates) if len(judged) >= 3 else None
    pairs = {  # (cheaper, dearer) where the dearer bid is clearly easier
        (a["id"], b["id"]) for a in judged for b in judged if a["worth"] < b["worth"] and a["ci95"][1] < b["ci95"][0]
    }
    by_id = {b["id"]: b for b in judged}
    out_of_line = []
    while pairs:
        counts: dict[str, int] = {}
        for pair in pairs:
            for bid_id in pair:
                counts[bid_id] = counts.get(bid_id, 0) + 1
        worst = min(counts, key=lambda i: (-counts[i], by_id[i]["worth"], i))
        easier_dearer = [by_id[d] for c, d in sorted(pairs) if c == worst]  # it is harder than these
        harder_cheaper = [by_id[c] for c, d in sorted(pairs) if d == worst]  # it is easier than these
        pairs = {pair for pair in pairs if worst not in pair}
        bid = by_id[worst]
        too_low = len(easier_dearer) >= len(harder_cheaper)
        evidence = easier_dearer if too_low else harder_cheaper
        out_of_line.append(
            {
                "id": bid["id"],
                "worth": bid["worth"],
                "completion_rate": bid["completion_rate"],
                "ci95": bid["ci95"],
                "ranked": "too low" if too_low else "too high",
                "suggested_worth": _suggested_worth(bid, judged),
                "evidence": [{k: o[k] for k in ("id", "worth", "completion_rate", "ci95", "bid")} for o in evidence],
            }
        )
    return {
        "judged": [b["id"] for b in judged],
        "min_deals": MIN_DEALS,
        "spearman": None if correlation is None else round(correlation, 4),
        "completion_falls_with_worth": None if correlation is None else correlation < 0,
        "out_of_line": out_of_line,
    }


def _suggested_worth(bid: dict[str, Any], judged: list[dict[str, Any]]) -> Any:
    """The worth at which the bid's completion rate would sit among the others' (rates falling as
    worths rise): between the dearest easier bid and the cheapest harder one, a whole number."""
    others = [o for o in judged if o is not bid]
    harder = [o["worth"] for o in others if o["completion_rate"] <= bid["completion_rate"]]
    easier = [o["worth"] for o in others if o["completion_rate"] > bid["completion_rate"]]
    low = max(easier) if easier else min(o["worth"] for o in judged)
    high = min(harder) if harder else max(o["worth"] for o in judged)
    return _plain(low if low >= high else math.ceil((low + high) / 2))


def _plain(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (sx * sy) if sx and sy else 0.0


def seat_positions(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Points per deal by position from the dealer (1 = the dealer's left, usually the first bidder),
    with the deals played at each. The positions are those of a deal's seats: at a table larger than
    a deal (five or more, four dealt in) the rest sit out, and there is no position past the deal's."""
    size = max((len(result["players"] or range(players)) for result in results), default=0)
    by_position: dict[int, list[float]] = {p: [] for p in range(size)}
    declared: dict[int, int] = {p: 0 for p in range(size)}
    first: list[float] = []  # per deal: position 1's points minus the others' mean
    for result in results:
        seats = result["players"] or list(range(players))
        dealer = result["dealer"] if result["dealer"] is not None else 0
        index = seats.index(dealer) if dealer in seats else 0
        gains = {}
        for offset in range(len(seats)):
            seat = seats[(index + offset) % len(seats)]
            gains[offset] = result["gains"][seat]
            by_position[offset].append(result["gains"][seat])
            if result["declarer"] == seat:
                declared[offset] += 1
        if len(gains) > 1:
            others = [g for p, g in gains.items() if p != 1 % len(gains)]
            first.append(gains[1 % len(gains)] - sum(others) / len(others))
    positions = []
    for offset, values in by_position.items():
        mean, ci95 = interval(values)
        positions.append(
            {"position": offset, "deals": len(values), "mean_points": mean, "ci95": ci95, "declared": declared[offset]}
        )
    mean, ci95 = interval(first)
    return {"positions": positions, "first_seat_advantage": mean, "first_seat_ci95": ci95}


def seat_figures(results: list[dict[str, Any]], agents: tuple[str, ...]) -> list[dict[str, Any]]:
    """Points per deal of each seat and its agent (a seat keeps its agent while the dealer moves, so
    with different agents this is how each agent fared; the positions above mix them, every agent
    sitting at every position in turn), with how often the seat declared and completed."""
    figures = []
    for seat, spec in enumerate(agents):
        played = [r for r in results if seat in (r["players"] or range(len(agents)))]
        declared = [r for r in played if r["declarer"] == seat and r["combo"]]
        completed = sum(1 for r in declared if r["completed"])
        mean, ci95 = interval([r["gains"][seat] for r in played])
        figures.append(
            {
                "seat": seat,
                "agent": spec,
                "deals": len(played),
                "mean_points": mean,
                "ci95": ci95,
                "declared": len(declared),
                "completed": completed,
            }
        )
    return figures


def compare(base: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
    """Two reports bid by bid (bids of either): rates, their difference, and whether the intervals part."""
    theirs = {b["id"]: b for b in other["bids"]}
    ours = {b["id"]: b for b in base["bids"]}
    rows = []
    for bid_id in [*ours, *(i for i in theirs if i not in ours)]:
        a, b = ours.get(bid_id), theirs.get(bid_id)
        rate_a = a["completion_rate"] if a else None
        rate_b = b["completion_rate"] if b else None
        apart = None
        if a and b and a["bid"] and b["bid"]:
            apart = a["ci95"][1] < b["ci95"][0] or b["ci95"][1] < a["ci95"][0]
        rows.append(
            {
                "id": bid_id,
                "worth": a["worth"] if a else None,
                "other_worth": b["worth"] if b else None,
                "bid": a["bid"] if a else 0,
                "other_bid": b["bid"] if b else 0,
                "completion_rate": rate_a,
                "other_completion_rate": rate_b,
                "difference": round(rate_a - rate_b, 4) if rate_a is not None and rate_b is not None else None,
                "intervals_apart": apart,
                "mean_points": a["mean_points"] if a else None,
                "other_mean_points": b["mean_points"] if b else None,
            }
        )
    return rows


def plot(
    data: dict[str, Any], path: str, labels: dict[str, str] | None = None, names: dict[str, str] | None = None
) -> None:
    """A chart of completion rate with its interval per bid, ordered by worth (PNG or SVG by suffix).

    ``labels``: the texts to print (``title``, ``rate``, ``standard``, ``special``) and ``names``
    the bids' names, both from the locales (ids and English otherwise)."""
    names = names or {}
    labels = {
        "title": f"{data.get('ruleset', '')}: {data['declared']} / {data['deals']}",
        "rate": "completion (95 %)",
        "standard": "standard",
        "special": "special",
        **(labels or {}),
    }
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if not path.lower().endswith((".png", ".svg")):
        raise ValueError(f"--plot writes .png or .svg files, not '{path}'")
    bids = [b for b in data["bids"] if b["bid"]]
    bids.sort(key=lambda b: (b["kind"] != "standard", b["worth"] if b["worth"] is not None else 0, b["id"]))
    # The texts are the locales' and the rule set's: "$…$" in a name is text, not mathtext (a
    # malformed or huge formula stopped matplotlib with a traceback); the file is written whole.
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        _draw(plt, bids, labels, names, path)


def _draw(plt: Any, bids: list[dict[str, Any]], labels: dict[str, str], names: dict[str, str], path: str) -> None:
    figure, axes = plt.subplots(figsize=(max(6, 0.45 * len(bids) + 2), 4.5))
    for kind, colour in (("standard", "tab:blue"), ("special", "tab:orange")):
        xs = [i for i, b in enumerate(bids) if b["kind"] == kind]
        rates = [bids[i]["completion_rate"] for i in xs]
        below = [bids[i]["completion_rate"] - bids[i]["ci95"][0] for i in xs]
        above = [bids[i]["ci95"][1] - bids[i]["completion_rate"] for i in xs]
        axes.errorbar(xs, rates, yerr=[below, above], fmt="o", color=colour, capsize=3, label=labels[kind])
    axes.set_xticks(range(len(bids)))
    ticks = [f"{names.get(b['id'], b['id'])} ({_plain(b['worth'])})" for b in bids]
    axes.set_xticklabels(ticks, rotation=60, ha="right", fontsize=8)
    axes.set_ylim(0, 1)
    axes.set_ylabel(labels["rate"])
    axes.set_title(labels["title"])
    axes.legend()
    figure.tight_layout()
    svg = path.lower().endswith(".svg")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="svg" if svg else "png", metadata={"Date": None} if svg else {})
    plt.close(figure)
    write_atomically(path, buffer.getvalue())
