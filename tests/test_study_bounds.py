"""What a study holds while it runs, and what it checks before it starts.

A study of a million deals kept every deal's 52 dealt cards (about 4.7 KB a deal, never read by a
report) and, on processes, submitted every deal to the pool at once. Now the result a study keeps
of a deal holds no card, and the pool has at most ``jobs`` × ``IN_FLIGHT_PER_JOB`` tasks submitted
and not yet collected — the results in the tasks' order all the same. ``balance --against`` checked
the second rule set only after the first one's whole study ("christmas-whist has no auction"):
both are checked first, as a usage error.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter import duel, runner
from interpreter.duel import DealTask, arrangement, play_deal, play_deals
from whist.cli import cli


def _strings(value: Any) -> set[str]:
    """Every string anywhere in ``value`` (keys too)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in _strings(k) | _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return set()


@pytest.mark.parametrize(("ruleset", "players"), [("combo-whist", 4), ("christmas-whist", 2)])
def test_the_result_a_study_keeps_of_a_deal_holds_no_card(ruleset: str, players: int) -> None:
    tasks = [DealTask(ruleset, arrangement("random", "random", players, False), index, 3, players) for index in (0, 1)]
    kept, _ = play_deals(tasks, 1, None, None)
    for task, result in zip(tasks, kept, strict=True):
        dealt = {card for cards in play_deal(task)["hands"].values() for card in cards}
        assert len(dealt) >= 2 * players  # (the cards were there to be kept)
        assert not _strings(result) & dealt, sorted(_strings(result) & dealt)
        assert {k: v for k, v in play_deal(task).items() if k not in ("hands", "seconds")} == {
            k: v for k, v in result.items() if k != "seconds"
        }


class _Pool:
    """A pool that runs each task as it is submitted, counting what is submitted and not collected."""

    def __init__(self, max_workers: int, initializer: Any = None) -> None:
        self.submitted = 0

    def submit(self, function: Any, task: Any) -> Future[Any]:
        self.submitted += 1
        future: Future[Any] = Future()
        future.set_result(function(task))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def _double(n: int) -> int:
    return 2 * n


@pytest.mark.parametrize(("jobs", "tasks"), [(2, 1000), (3, 7), (5, 64)])
def test_the_pool_never_has_more_than_its_bound_in_flight(
    jobs: int, tasks: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    pools: list[_Pool] = []
    monkeypatch.setattr(runner, "ProcessPoolExecutor", lambda **kw: pools.append(_Pool(**kw)) or pools[-1])
    most = 0

    def collected(done: int) -> None:
        nonlocal most
        most = max(most, pools[0].submitted - (done - 1))  # in flight just before this one was collected

    assert runner.run(_double, list(range(tasks)), jobs=jobs, progress=collected) == [2 * n for n in range(tasks)]
    assert pools[0].submitted == tasks
    assert 1 <= most <= jobs * runner.IN_FLIGHT_PER_JOB


def test_a_study_on_processes_gives_the_figures_of_one_process() -> None:
    tasks = [DealTask("combo-whist", ("random",) * 4, index, 5, 4) for index in range(12)]
    one, _ = play_deals(tasks, 1, None, None)
    two, _ = play_deals(tasks, 2, None, None)
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in one]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in two]


@pytest.mark.parametrize(
    "args",
    [
        ["balance", "--against", "christmas-whist", "--deals", "1000000"],
        ["balance", "christmas-whist", "--deals", "1000000"],
    ],
)
def test_balance_checks_every_rule_set_before_any_deal(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[object] = []
    monkeypatch.setattr(duel, "play_deal", played.append)
    monkeypatch.setattr(duel, "study_deal", played.append)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "has no auction" in result.output and not played
