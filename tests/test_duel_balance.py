"""whist duel and whist balance (issue 19): mirrored deals, intervals, the rank check, any --jobs, Dask.

Random agents keep these quick; what is checked is the arithmetic and the plumbing, which do
not depend on the agents' strength.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter.balance import balance, rank_check, summarise, wilson
from interpreter.duel import DealTask, arrangement, duel, play_deal
from interpreter.runner import rules as load_rules
from whist.cli import cli

TIMING = ("seconds", "seconds_per_decision")


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_a_mirrored_deal_is_the_same_cards_with_the_agents_swapped() -> None:
    seats = arrangement("random", "heuristic", 4, False)
    assert seats == ("random", "heuristic", "random", "heuristic")
    assert arrangement("random", "heuristic", 4, True) == ("heuristic", "random", "heuristic", "random")
    first = play_deal(DealTask("combo-whist", seats, 3, 9, 4, False))
    second = play_deal(DealTask("combo-whist", arrangement("random", "heuristic", 4, True), 3, 9, 4, True))
    assert first["hands"] == second["hands"]
    assert first["dealer"] == second["dealer"] == 3 % 4


@pytest.mark.parametrize(("ruleset", "players"), [("combo-whist", 4), ("christmas-whist", 2)])
def test_luck_cancels_between_identical_agents(ruleset: str, players: int) -> None:
    """Alike agents with alike seeds play both halves of a deal alike: A − B is exactly 0."""
    data = duel(ruleset, "random", "random", 6, 2, players)
    assert data["difference"] == 0
    assert data["ci95"] is None and data["verdict"] is None  # (six deals all alike: no interval, no verdict)
    assert data["agents"] == ["random (A)", "random (B)"]


def test_duel_reports_the_issue_keys_and_a_consistent_difference() -> None:
    data = duel("combo-whist", "heuristic", "random", 4, 1, 4)
    for key in ("agents", "deals", "mean_points", "difference", "ci95"):
        assert key in data
    assert data["deals"] == 4
    assert set(data["mean_points"]) == {"heuristic", "random"}
    points = data["mean_points"]
    assert data["difference"] == pytest.approx(points["heuristic"] - points["random"], abs=1e-3)
    low, high = data["ci95"]
    assert low <= data["difference"] <= high


def test_the_same_seed_gives_the_same_duel_and_balance_for_any_jobs() -> None:
    one = duel("combo-whist", "random", "heuristic", 3, 5, 4, jobs=1)
    two = duel("combo-whist", "random", "heuristic", 3, 5, 4, jobs=2)
    assert _without_timing(one) == _without_timing(two)
    one = balance("combo-whist", 10, 4, 4, "random", jobs=1)
    two = balance("combo-whist", 10, 4, 4, "random", jobs=2)
    assert _without_timing(one) == _without_timing(two)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def _bid(bid_id: str, worth: int, completed: int, deals: int) -> dict[str, Any]:
    low, high = wilson(completed, deals)
    return {
        "id": bid_id,
        "kind": "standard",
        "worth": worth,
        "bid": deals,
        "completion_rate": completed / deals,
        "ci95": [low, high],
    }


def test_rank_check_names_the_bid_at_odds_with_its_neighbours() -> None:
    """ "dear" is completed clearly more often than two cheaper bids: it alone is ranked too high."""
    bids = [_bid("cheap", 1, 60, 100), _bid("middle", 2, 40, 100), _bid("dear", 3, 90, 100), _bid("top", 4, 10, 100)]
    check = rank_check(bids)
    assert [b["id"] for b in check["out_of_line"]] == ["dear"]
    flagged = check["out_of_line"][0]
    assert flagged["ranked"] == "too high"
    assert flagged["suggested_worth"] <= 1  # easier than the cheapest: belongs at the bottom
    assert {e["id"] for e in flagged["evidence"]} == {"cheap", "middle"}
    hard = rank_check([_bid("a", 1, 80, 100), _bid("hard", 2, 10, 100), _bid("c", 3, 60, 100), _bid("d", 4, 50, 100)])
    assert [(b["id"], b["ranked"]) for b in hard["out_of_line"]] == [("hard", "too low")]
    assert hard["out_of_line"][0]["suggested_worth"] == 4
    in_line = rank_check([_bid("a", 1, 80, 100), _bid("b", 2, 50, 100), _bid("c", 3, 20, 100)])
    assert in_line["out_of_line"] == [] and in_line["completion_falls_with_worth"] is True


def test_balance_counts_every_declared_deal_per_bid() -> None:
    rules = load_rules("combo-whist")
    results = [play_deal(DealTask("combo-whist", ("random",) * 4, i, 3, 4)) for i in range(8)]
    data = summarise(rules, results, 4)
    declared = [r for r in results if r["declarer"] is not None]
    standard = [b for b in data["bids"] if b["kind"] == "standard"]
    assert sum(b["bid"] for b in standard) == len(declared)  # one standard bid per combo
    for bid in data["bids"]:
        assert set(bid) >= {"id", "kind", "worth", "bid", "completed", "completion_rate", "ci95", "mean_points"}
        assert bid["completed"] <= bid["bid"]
        if bid["bid"]:
            assert bid["ci95"][0] <= bid["completion_rate"] <= bid["ci95"][1]
    assert len(data["seats"]["positions"]) == 4


def _run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def test_cli_duel_and_balance_json_and_plots(tmp_path) -> None:
    result = _run("duel", "random", "heuristic", "--deals", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["deals"] == 2
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    result = _run("balance", "--deals", "6", "--agents", "random", "--json", "--plot", str(png))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bids"]
    assert png.read_bytes().startswith(b"\x89PNG")
    result = _run(
        "balance",
        "bids/examples/club-rules.yaml",
        "--against",
        "combo-whist",
        "--deals",
        "4",
        "--agents",
        "random",
        "--plot",
        str(svg),
    )
    assert result.exit_code == 0, result.output
    assert "against combo-whist" in result.output
    assert b"<svg" in svg.read_bytes()


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("duel", "random", "nobody"), 2),  # usage errors: before any deal is played
        (("duel", "search:samples=x", "random"), 2),
        (("balance", "--agents", "nobody", "--deals", "1"), 2),
        (("balance", "--deals", "1", "--plot", "chart.pdf"), 2),
        (("balance", "christmas-whist", "--deals", "1"), 2),  # no bids to weigh: said before any deal
        (("balance", "--deals", "1", "--agents", "random", "--scheduler", "tcp://127.0.0.1:9"), 1),
    ],
)
def test_cli_refusals_are_messages_not_tracebacks(args: tuple[str, ...], code: int) -> None:
    result = _run(*args)
    assert result.exit_code == code
    assert "error" in result.output.lower()
    assert "Traceback" not in result.output


def test_a_dask_cluster_gives_the_same_figures() -> None:
    distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed (extra 'cluster')")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = balance("combo-whist", 6, 7, 4, "random", scheduler=cluster.scheduler_address)
        duel_on_dask = duel("combo-whist", "random", "heuristic", 2, 7, 4, scheduler=cluster.scheduler_address)
    assert _without_timing(on_dask) == _without_timing(balance("combo-whist", 6, 7, 4, "random"))
    assert _without_timing(duel_on_dask) == _without_timing(duel("combo-whist", "random", "heuristic", 2, 7, 4))


def test_cli_texts_come_from_the_locales() -> None:
    result = _run("duel", "random", "random", "--deals", "1", "--lang", "sv")
    assert result.exit_code == 0, result.output
    assert "speglade givar" in result.output and "inget intervall" in result.output
    result = _run("balance", "--deals", "3", "--agents", "random", "--lang", "sv")
    assert result.exit_code == 0, result.output
    assert "Spelförarens poäng:" in result.output and "Budat" in result.output and "Specialbud" in result.output


def test_agent_specs_with_a_search_budget() -> None:
    from interpreter.duel import make_agent, parse_agent
    from interpreter.search import SearchAgent

    assert parse_agent("heuristic") == ("heuristic", {})
    assert parse_agent("search:samples=3,seconds=0.25") == ("search", {"samples": 3, "seconds": 0.25})
    agent = make_agent("search:samples=3,rollouts=9,endgame=0", 1, load_rules("combo-whist"))
    assert isinstance(agent, SearchAgent) and (agent.samples, agent.rollouts, agent.endgame) == (3, 9, 0)
    for bad in ("search:samples=x", "search:depth=3", "heuristic:samples=3", "search:samples=0", "minimax"):
        with pytest.raises(ValueError):
            parse_agent(bad)


def test_a_single_deal_has_no_interval() -> None:
    data = duel("combo-whist", "random", "heuristic", 1, 3, 4)
    assert data["ci95"] is None


def _square_slowly_first(n: int) -> int:
    import time

    time.sleep(0.2 if n == 0 else 0)  # the first task finishes last
    return n * n


def test_runner_keeps_the_tasks_order_on_processes() -> None:
    from interpreter.runner import run

    seen: list[int] = []
    assert run(_square_slowly_first, [0, 1, 2, 3], jobs=2, progress=seen.append) == [0, 1, 4, 9]
    assert seen == [1, 2, 3, 4]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("unit", ["deal", "match"])
def test_a_duel_without_an_interval_says_so_and_one_with_says_what_it_shows(lang: str, unit: str) -> None:
    """One mirrored deal has no interval: the duel said "95 % interval [?, ?]" and then "the interval
    holds 0". Whatever the figures, the verdict follows from the interval, or says there is none."""
    from rulespec.locale import load_texts
    from whist.duelcli import duel_verdict

    texts = load_texts(load_rules("combo-whist"), lang)
    per = "_match" if unit == "match" else ""
    base: dict[str, Any] = {"deals": 1, "difference": -1.0, **({"wins": {}} if unit == "match" else {})}
    lines = duel_verdict({**base, "ci95": None}, texts)
    assert lines[1] == texts.label(f"duel_too_few{per}", min=30) and "?" not in lines[0]
    assert lines[0].endswith(texts.label("no_interval"))
    base["deals"] = 30  # (a verdict needs 30 deals: tests/test_study_intervals.py)
    for (low, high), verdict in [((0.5, 1.5), "duel_significant"), ((-2.0, -0.5), "duel_significant_b")]:
        assert duel_verdict({**base, "ci95": [low, high]}, texts)[1] == texts.label(verdict)
    assert duel_verdict({**base, "ci95": [-1.0, 1.0]}, texts)[1] == texts.label(f"duel_not_significant{per}")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_duel_and_balance_name_the_game_as_simulate_does(lang: str) -> None:
    """Their titles said the argument as typed ("combo-whist:", "bids/examples/club-rules.yaml:")
    where ``simulate`` says the game's title with its version."""
    from rulespec.locale import load_texts
    from rulespec.titles import title_of

    for ruleset, command in [("christmas-whist", "duel"), ("bids/examples/club-rules.yaml", "balance")]:
        rules = load_rules(ruleset)
        title = title_of(rules, load_texts(rules, lang))
        args = ["random", "random", ruleset] if command == "duel" else [ruleset, "--agents", "random"]
        result = _run(command, *args, "--deals", "1", "--jobs", "1", "--lang", lang)
        assert result.exit_code == 0, result.output
        assert f"{title} — " in result.output and f"{ruleset}:" not in result.output, result.output


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_study_of_one_says_its_count_without_a_plural(lang: str) -> None:
    """ "1 games", "1 mirrored deals", "1 speglade givar": the titles put the count after a colon."""
    import re

    runs = [
        ("simulate", "--games", "1"),
        ("duel", "random", "random", "--deals", "1"),
        ("duel", "random", "random", "christmas-whist", "--deals", "1"),
        ("balance", "--agents", "random", "--deals", "1"),
    ]
    for args in runs:
        result = _run(*args, "--jobs", "1", "--lang", lang)
        assert result.exit_code == 0, result.output
        assert not re.search(r"\b1 (games|mirrored|declared|spel|speglade|givar)\b", result.output), result.output
