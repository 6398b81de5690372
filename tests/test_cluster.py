"""Studies on a Dask cluster play what this machine would, or say why not (interpreter/cluster.py).

A researcher found, on a local cluster: an edited house rule studied again gave the old figures
(workers kept the first load by its path); a worker with other files at the same relative path,
or another version of the program, gave other figures without a word; ``--allow-path`` did not
reach the workers; a scheduler lost mid-study, a worker killed again and again, a server that is
no scheduler, or a local worker killed, ended in tracebacks; a scheduler without workers waited
forever; and which error a failing study reported depended on ``--jobs``. Each is checked here
against a real cluster on this machine, or against the worker's own check called directly.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter import cluster as cluster_module
from interpreter.balance import balance
from interpreter.cluster import ClusterError, Setting, chunk_size, code_digest, ruleset_digest, setting
from interpreter.runner import rules as load_rules
from interpreter.runner import run
from rulespec import paths
from whist.cli import cli

distributed = pytest.importorskip("distributed", reason="Dask distributed is not installed (extra 'cluster')")

EXAMPLES = Path(__file__).resolve().parent.parent / "bids" / "examples"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as local:
        yield local.scheduler_address


def _club(folder: Path) -> Path:
    """A copy of the club's house rule in ``folder`` (its texts are not needed to study it)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXAMPLES / "club-rules.yaml", folder / "club-rules.yaml")
    return folder / "club-rules.yaml"


def _figures(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "seconds"}


def _penalty_row(data: dict[str, Any]) -> Any:
    return next(row for row in data["bids"] if row["id"] == "penalty")


def test_an_edited_house_rule_is_studied_as_edited(scheduler: str, tmp_path: Path) -> None:
    path = _club(tmp_path)
    before = balance(str(path), 30, 1, 4, "random", scheduler=scheduler)
    assert _figures(before) == _figures(balance(str(path), 30, 1, 4, "random"))
    path.write_text(path.read_text().replace("penalty: 3", "penalty: 9"))
    after = balance(str(path), 30, 1, 4, "random", scheduler=scheduler)
    assert _figures(after) == _figures(balance(str(path), 30, 1, 4, "random"))
    assert _penalty_row(after) != _penalty_row(before)


def test_a_relative_path_means_this_machines_file_on_every_worker(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker read a relative path from its own folder (where no such file is); it plays this one."""
    path = _club(tmp_path / "here")
    path.write_text(path.read_text().replace("penalty: 3", "penalty: 7"))
    monkeypatch.chdir(path.parent)
    on_cluster = balance("club-rules.yaml", 20, 2, 4, "random", scheduler=scheduler)
    assert _figures(on_cluster) == _figures(balance("club-rules.yaml", 20, 2, 4, "random"))


def test_allowed_folders_reach_the_workers(scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "a").mkdir()
    shutil.copy(EXAMPLES / "club-rules.yaml", tmp_path / "b" / "base.yaml")
    house = tmp_path / "a" / "house.yaml"
    house.write_text("ruleset: house\nversion: 1.5.1+h.1\nextends: ../b/base.yaml\n", encoding="utf-8")
    monkeypatch.setattr(paths, "_extra_roots", [(tmp_path / "b").resolve()])
    on_cluster = balance(str(house), 6, 1, 4, "random", scheduler=scheduler)
    assert _figures(on_cluster) == _figures(balance(str(house), 6, 1, 4, "random"))


def test_a_worker_of_another_program_or_other_rule_files_refuses_to_play(tmp_path: Path) -> None:
    """The check each worker makes before its first task (called here as a worker would)."""
    path = _club(tmp_path)
    wanted = setting([str(path)], load_rules)
    (ref, where, digest) = wanted.rulesets[0]
    assert where == str(path.resolve()) and digest == ruleset_digest(load_rules(str(path)))
    other_code = Setting("0" * 64, wanted.rulesets, ())
    with pytest.raises(ClusterError, match="another version of whist-rules"):
        cluster_module._enter(other_code)
    other_files = Setting(code_digest(), ((ref, where, "0" * 64),), ())
    with pytest.raises(ClusterError, match="files that differ from this machine's"):
        cluster_module._enter(other_files)
    missing = Setting(code_digest(), ((ref, str(tmp_path / "gone.yaml"), digest),), ())
    with pytest.raises(ClusterError, match=r"(?s)cannot load the rule set .* same rule set files at the same path"):
        cluster_module._enter(missing)


def test_a_study_errs_alike_for_any_jobs_and_names_the_deal(tmp_path: Path) -> None:
    """A rule that fails at run time in several deals: the first of them in the study's order is
    reported, with its number and seed, whatever finished first."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "ruleset: house\nversion: '1'\nextends: combo-whist\nbids:\n  - id: trump\n"
        "    may_not_play: 'card.value / (declarer.tricks - declarer.tricks) > 1'\n",
        encoding="utf-8",
    )
    outputs = set()
    for jobs in ("1", "2"):
        args = ["balance", str(house), "--agents", "random", "--deals", "40", "--seed", "1", "--jobs", jobs]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert "of the study: seed" in result.output and "house.yaml:" in result.output
        outputs.add(result.output)
    assert len(outputs) == 1, outputs


def _fails_from_three(index: int) -> int:
    if index >= 3:
        raise ValueError(f"task {index} failed")
    return index


def _ends_its_process(index: int) -> int:
    if index == 1:
        os._exit(3)
    return index


def test_local_processes_report_the_first_failing_task_and_a_killed_worker() -> None:
    for _ in range(3):
        with pytest.raises(ValueError, match="task 3 failed"):
            run(_fails_from_three, list(range(40)), jobs=2)
    with pytest.raises(ValueError, match="a worker process ended before its work was done"):
        run(_ends_its_process, list(range(8)), jobs=2)


def test_a_scheduler_without_workers_is_said_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster_module, "NO_WORKER_SECONDS", 1)
    with (
        distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as empty,
        pytest.raises(ClusterError, match="no Dask worker joined"),
    ):
        run(_fails_from_three, [0, 1], scheduler=empty.scheduler_address)


@pytest.mark.parametrize("greeting", [b"SSH-2.0-OpenSSH_9.6\r\n", b""])
def test_a_server_that_is_no_scheduler_is_said(greeting: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """One that greets in another protocol (Dask once tried to allocate 2.8 EiB for it) and one
    that says nothing (the dashboard's port given by mistake: it once waited forever)."""
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1)
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            held.append(connection)
            if greeting:
                connection.sendall(greeting)

    threading.Thread(target=serve, daemon=True).start()
    try:
        with pytest.raises(ClusterError, match="cannot reach a Dask scheduler"):
            run(_fails_from_three, [0, 1], scheduler=f"tcp://127.0.0.1:{port}")
    finally:
        server.close()
        for connection in held:
            connection.close()


def test_chunks_keep_every_worker_busy_and_the_progress_moving() -> None:
    assert chunk_size(1, 4) == 1 and chunk_size(10, 2) == 1
    assert chunk_size(2_000, 2) == 64 and chunk_size(2_000_000, 100) == 64
    assert chunk_size(320, 2) == 20


@pytest.mark.parametrize("command", [["balance", "--deals", "1"], ["duel", "random", "random", "--deals", "1"]])
def test_jobs_and_a_scheduler_together_are_a_usage_error(command: list[str]) -> None:
    """``--jobs 8 --scheduler …`` once left ``--jobs`` unused without a word."""
    for order in (
        ["--jobs", "2", "--scheduler", "tcp://127.0.0.1:9"],
        ["--scheduler", "tcp://127.0.0.1:9", "--jobs", "2"],
    ):
        result = CliRunner().invoke(cli, [*command, *order])
        assert result.exit_code == 2 and "not both" in result.output, result.output


def test_a_chart_that_cannot_be_written_loses_no_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--plot`` into a folder that went away while the study ran: the figures are printed first."""
    from whist import balancecli

    monkeypatch.setattr(balancecli, "check_output_folder", lambda path, hint: None)  # (passed before the deals)
    args = ["balance", "--deals", "2", "--agents", "random", "--json", "--plot", str(tmp_path / "gone" / "c.svg")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and "--plot: cannot write" in result.output, result.output
    assert '"bids"' in result.stdout and "Traceback" not in result.output


def test_workers_of_another_install_are_refused_before_any_task(scheduler: str) -> None:
    """Every worker is asked for its engine's digest through the standard library before any task
    is sent (a worker of an older install could not unpickle a task, and Dask closed it for good)."""
    other = Setting("0" * 64, (), ())
    with pytest.raises(ClusterError, match="runs another version of whist-rules .* engine's source differs"):
        cluster_module.on_dask(_fails_from_three, [0, 1], scheduler, other, lambda chunk: None)
