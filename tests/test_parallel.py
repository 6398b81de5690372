"""`whist simulate --jobs N`: games split by seed over processes give the same figures for any N."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from interpreter.agents import RandomAgent
from interpreter.parallel import agent_factory, simulate_on_cores
from interpreter.simulation import YOUNG_THRESHOLD, play_games
from rulespec import load_ruleset

ROOT = Path(__file__).resolve().parents[1]
TIMING = {"seconds", "deals_per_second", "hands_per_second"}


def figures(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in TIMING}


@pytest.mark.parametrize(("name", "players", "games"), [("combo-whist", 4, 24), ("christmas-whist", 2, 16)])
def test_the_same_figures_for_any_number_of_processes(name: str, players: int, games: int) -> None:
    rules = load_ruleset(name)
    one = play_games(rules, range(games), 5, players, RandomAgent).to_data(rules)  # the plain loop
    assert one["games"] == games and (one.get("deals") or one.get("hands"))
    for jobs in (1, 2, 3):
        seen: list[int] = []
        summary = simulate_on_cores(name, games, 5, players, "random", jobs=jobs, progress=seen.append)
        assert figures(summary.to_data(rules)) == figures(one), f"--jobs {jobs}"
        assert seen[-1] == games and seen == sorted(seen)  # one progress count, up to every game


def test_heuristic_agents_play_in_the_workers() -> None:
    rules = load_ruleset("christmas-whist")
    one = simulate_on_cores("christmas-whist", 2, 3, 2, "heuristic", jobs=1).to_data(rules)
    two = simulate_on_cores("christmas-whist", 2, 3, 2, "heuristic", jobs=2).to_data(rules)
    assert figures(one) == figures(two) and one["hands"] >= 7
    assert figures(one) == figures(play_games(rules, range(2), 3, 2, agent_factory("heuristic", rules)).to_data(rules))


def test_unknown_agents_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown agents"):
        agent_factory("clever")


def whist(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "whist", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_the_command_gives_the_same_json_for_any_jobs() -> None:
    outputs = [whist("simulate", "--games", "12", "--seed", "2", "--json", "--jobs", j) for j in ("1", "2")]
    assert all(done.returncode == 0 for done in outputs), outputs[0].stderr
    first, second = (figures(json.loads(done.stdout)) for done in outputs)
    assert first == second and first["games"] == 12


def test_a_worker_error_is_reported_for_people() -> None:
    # The command refuses a table the rule set does not allow before any worker starts (a usage error) …
    done = whist("simulate", "christmas-whist", "--games", "4", "--players", "3", "--jobs", "2")
    assert done.returncode == 2
    assert "christmas-whist is for 2 players, not 3" in done.stderr and "Traceback" not in done.stderr
    # … and an error raised where the games are played comes back through the pool as itself.
    with pytest.raises(ValueError, match="2 to 2 players"):
        simulate_on_cores("christmas-whist", 4, 1, 3, "random", jobs=2)


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--games", "400", "--agents", "heuristic", "--jobs", "2"),
        ("duel", "heuristic", "heuristic", "--deals", "400", "--jobs", "2"),  # the same pool: duel, balance
    ],
)
def test_ctrl_c_stops_every_worker(args: tuple[str, ...]) -> None:
    command = [sys.executable, "-m", "whist", *args]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    # Ctrl-C once the workers are playing: wait until the group holds more than the command itself
    # (on a busy machine the start-up alone can take seconds), then a moment more.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _in_group(process.pid) < 2 and process.poll() is None:
        time.sleep(0.2)
    time.sleep(1)
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole group
    try:
        _, err = process.communicate(timeout=120)  # the workers are ended within seconds; a busy machine
    except subprocess.TimeoutExpired:
        left = subprocess.run(
            ["ps", "-o", "pid,stat,etime,args", "-g", str(process.pid)], capture_output=True, text=True
        )
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"still running two minutes after Ctrl-C:\n{left.stdout}") from None
    assert process.returncode == 130 and b"Traceback" not in err
    assert _in_group(process.pid) == 0  # no worker is left running


def _in_group(group: int) -> int:
    """How many processes run in the process group ``group``."""
    return subprocess.run(["ps", "-eo", "pgid="], capture_output=True, text=True).stdout.split().count(str(group))


def test_a_stopped_pool_leaves_python_nothing_to_complain_about_at_exit(tmp_path: Path) -> None:
    """After a worker's error the pool is stopped; its manager thread must be done before the
    interpreter exits, or Python 3.11 may print its own traceback ("Bad file descriptor") after our
    message (it did in about one run in five). Several runs, so that the race would show."""
    path = tmp_path / "house.yaml"
    path.write_text(
        "ruleset: house\nversion: '1'\nextends: combo-whist\nbids:\n  - id: trump\n"
        "    may_not_play: 'card.value / (declarer.tricks - declarer.tricks) > 1'\n",
        encoding="utf-8",
    )
    for _ in range(8):
        done = whist("balance", str(path), "--agents", "random", "--deals", "40", "--jobs", "2")
        assert done.returncode == 1 and "division by zero" in done.stderr
        assert "Traceback" not in done.stderr and "Errno" not in done.stderr, done.stderr


def test_a_run_time_error_in_a_simulation_names_the_same_moment_as_a_full_game(tmp_path: Path) -> None:
    from interpreter.game import Game
    from rulespec.compiler import EvaluationError

    path = tmp_path / "house.yaml"
    path.write_text(
        "ruleset: house\nversion: '1'\nextends: combo-whist\nbids:\n  - id: trump\n"
        "    may_not_play: 'card.value / (declarer.tricks - declarer.tricks) > 1'\n",
        encoding="utf-8",
    )
    rules = load_ruleset(path)
    messages = []
    for lean in (False, True):
        for seed in range(40):  # until a random auction gives the bid
            game = Game(rules, [RandomAgent(seed * 17 + s) for s in range(4)], seed=seed, lean=lean)
            try:
                game.run()
            except EvaluationError as exc:
                messages.append(exc.message)
                break
    assert len(messages) == 2 and messages[0] == messages[1]
    assert "division by zero (during deal" in messages[0] and "decision 1)" not in messages[0]
    for command in (  # every command on the pool
        ("simulate", str(path), "--games", "40"),
        ("duel", "random", "random", str(path), "--deals", "40"),
        ("balance", str(path), "--agents", "random", "--deals", "40"),
    ):
        done = whist(*command, "--jobs", "2")
        assert done.returncode == 1 and "Traceback" not in done.stderr, command  # from a worker, for people
        assert "house.yaml:6:19: division by zero (during deal" in done.stderr and "decision 1)" not in done.stderr


def test_a_simulation_keeps_the_loaded_rule_set_out_of_the_collectors_passes() -> None:
    """play_games freezes what is alive when it first starts (the rule set): the collector's full
    passes then skip it, and a frozen rule set still plays (a second simulation gives the same figures)."""
    import gc

    rules = load_ruleset("combo-whist")
    first = play_games(rules, range(3), 9, 4, RandomAgent).to_data(rules)
    assert gc.get_freeze_count() > 0
    assert figures(play_games(rules, range(3), 9, 4, RandomAgent).to_data(rules)) == figures(first)


@pytest.mark.parametrize(("before", "after"), [((700, 10, 10), (YOUNG_THRESHOLD, 10, 10)), ((0, 10, 10), (0, 10, 10))])
def test_a_simulation_passes_over_young_objects_less_often_and_still_collects(before: Any, after: Any) -> None:
    """In a fresh process (the setting is the process's): a simulation raises the young objects' threshold
    to YOUNG_THRESHOLD (a turned-off collector stays off), and the collector still runs by itself."""
    script = f"""
import gc
from interpreter.agents import RandomAgent
from interpreter.simulation import YOUNG_THRESHOLD, play_games
from rulespec import load_ruleset
gc.set_threshold(*{before!r})
rules = load_ruleset("combo-whist")
passes = gc.get_stats()[0]["collections"]
play_games(rules, range(20), 9, 4, RandomAgent)
print(*gc.get_threshold(), gc.get_stats()[0]["collections"] > passes)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [*map(str, after), str(after[0] > 0)]
