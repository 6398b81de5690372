"""Run one function over many tasks on this process, on local processes, or on a Dask cluster.

:func:`run` maps a picklable top-level function over tasks and returns the results **in the
tasks' order**, whatever ran where: a study whose tasks carry their own seeds gives the same
results for any ``jobs`` and on any cluster. Local processes need nothing beyond the standard
library; ``scheduler="tcp://HOST:PORT"`` needs ``pip install 'whist-rules[cluster]'``
(Dask distributed). Workers load rule sets themselves (compiled rules do not travel): tasks
name the rule set by reference and :func:`rules` keeps the loaded ones per process.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from rulespec.model import RuleSet

T = TypeVar("T")
R = TypeVar("R")

_loaded: dict[str, RuleSet] = {}  # rule sets by reference, in this process


def rules(ref: str) -> RuleSet:
    """The rule set ``ref`` (a name, name@version or path), loaded once per process."""
    if ref not in _loaded:
        from rulespec import load_ruleset

        if len(_loaded) > 8:
            _loaded.clear()
        _loaded[ref] = load_ruleset(ref)
    return _loaded[ref]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run(
    function: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """``[function(t) for t in tasks]``, on ``jobs`` local processes or the Dask ``scheduler``."""
    if scheduler:
        return _on_dask(function, tasks, scheduler, progress)
    jobs = max(1, min(jobs, len(tasks)))
    if jobs == 1:
        results = []
        for done, task in enumerate(tasks, 1):
            results.append(function(task))
            if progress is not None:
                progress(done)
        return results
    return _on_processes(function, tasks, jobs, progress)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us


def _on_processes(
    function: Callable[[T], R], tasks: Sequence[T], jobs: int, progress: Callable[[int], None] | None
) -> list[R]:
    results: list[Any] = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        running: dict[Future[R], int] = {pool.submit(function, task): i for i, task in enumerate(tasks)}
        done = 0
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                results[running.pop(future)] = future.result()
                done += 1
                if progress is not None:
                    progress(done)
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if process.is_alive():
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return results


def _on_dask(
    function: Callable[[T], R], tasks: Sequence[T], scheduler: str, progress: Callable[[int], None] | None
) -> list[R]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError(
            "--scheduler needs Dask distributed; install it with: pip install 'whist-rules[cluster]'"
        ) from None
    try:
        client = Client(scheduler, timeout="5s")
    except OSError as exc:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        futures = client.map(function, list(tasks), pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        results: list[Any] = [None] * len(tasks)
        for done, future in enumerate(as_completed(futures), 1):
            results[index[future.key]] = future.result()
            if progress is not None:
                progress(done)
        return results
    finally:
        client.close()
