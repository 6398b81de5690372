"""Run one function over many tasks on this process, on local processes, or on a Dask cluster.

:func:`run` maps a picklable top-level function over tasks and returns the results **in the
tasks' order**, whatever ran where: a study whose tasks carry their own seeds gives the same
results for any ``jobs`` and on any cluster. Local processes need nothing beyond the standard
library; ``scheduler="tcp://HOST:PORT"`` needs ``pip install 'whist-rules[cluster]'``
(Dask distributed). Workers load rule sets themselves (compiled rules do not travel): tasks
name the rule set by reference and :func:`rules` keeps the loaded ones per process.

This is the one pool of the project: ``whist simulate --jobs``, ``duel`` and ``balance`` all run
on it. Workers ignore Ctrl-C: the parent catches it, cancels what has not started and ends the
workers; a worker's error reaches the caller as it was raised (a rule's error stays located).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

from rulespec.model import RuleSet

T = TypeVar("T")
R = TypeVar("R")

_loaded: dict[str, RuleSet] = {}  # rule sets by reference, in this process


def rules(ref: str) -> RuleSet:
    """The rule set ``ref`` (a name, name@version or path), loaded once per process."""
    if ref not in _loaded:
        from rulespec import load_ruleset

        keep(ref, load_ruleset(ref))
    return _loaded[ref]


def keep(ref: str, loaded: RuleSet) -> None:
    """Remember ``loaded`` as the rule set ``ref`` in this process (a caller that has it already)."""
    if len(_loaded) > 8:  # a long-lived worker of many studies: forget the old ones
        _loaded.clear()
    _loaded[ref] = loaded


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
    size: Callable[[T], int] | None = None,
) -> list[R]:
    """``[function(t) for t in tasks]``, on ``jobs`` local processes or the Dask ``scheduler``.

    ``progress`` is told the work done so far after each task: the tasks finished, or the sum of
    their ``size`` (a task of many games counts as that many)."""
    done = 0

    def finished(task: T) -> None:
        nonlocal done
        done += size(task) if size is not None else 1
        if progress is not None:
            progress(done)

    if scheduler:
        return _on_dask(function, tasks, scheduler, finished)
    jobs = max(1, min(jobs, len(tasks)))
    if jobs == 1:
        results = []
        for task in tasks:
            results.append(function(task))
            finished(task)
        return results
    return _on_processes(function, tasks, jobs, finished)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us


#: Tasks in flight per process: enough that a worker finds its next one waiting, few enough that a
#: study of a million deals does not hold a million pending futures (and their tasks) at once.
IN_FLIGHT_PER_JOB = 4

#: Tasks in flight on a Dask cluster (whose workers this process does not count).
DASK_IN_FLIGHT = 1024


def _on_processes(function: Callable[[T], R], tasks: Sequence[T], jobs: int, finished: Callable[[T], None]) -> list[R]:
    """The tasks on ``jobs`` processes, at most ``jobs`` × :data:`IN_FLIGHT_PER_JOB` submitted and not
    yet collected; each result goes to its task's place, so the order is the tasks' whatever finishes first."""
    results: list[Any] = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    waiting = iter(enumerate(tasks))
    running: dict[Future[R], int] = {}
    try:
        while True:
            for index, task in islice(waiting, jobs * IN_FLIGHT_PER_JOB - len(running)):
                running[pool.submit(function, task)] = index
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                index = running.pop(future)
                results[index] = future.result()
                finished(tasks[index])
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results


#: How long a stop waits for the pool's manager thread after its workers are gone.
STOP_SECONDS = 10.0


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the tasks not started and end the workers (Ctrl-C, or a worker's error).

    The workers are ended and joined first, then the pool is shut down and its manager thread
    waited for (at most :data:`STOP_SECONDS`): finding its workers gone, it closes its wake-up pipe
    while it ends. Left running, it could close that pipe just as the interpreter's exit wakes it
    through the same pipe, and Python 3.11 then prints a traceback of its own ("Bad file
    descriptor") after our message."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # gone once shut down
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():  # (a worker that does not end on SIGTERM)
            process.kill()
            process.join(timeout=5)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:  # as shutdown(wait=True) does, but bounded: never hang on a stop
        manager.join(timeout=STOP_SECONDS)


def _on_dask(function: Callable[[T], R], tasks: Sequence[T], scheduler: str, finished: Callable[[T], None]) -> list[R]:
    try:
        import distributed
    except ImportError:
        raise ValueError(
            "--scheduler needs Dask distributed; install it with: pip install 'whist-rules[cluster]'"
        ) from None
    dask: Any = distributed  # its calls are untyped; the tests run them on a LocalCluster
    try:
        client = dask.Client(scheduler, timeout="5s")
    except OSError as exc:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    try:
        waiting = iter(enumerate(tasks))
        index: dict[Any, int] = {}

        def submit(count: int) -> list[Any]:  # the next ``count`` tasks, at most DASK_IN_FLIGHT at once
            futures = []
            for i, task in islice(waiting, count):
                futures.append(client.submit(function, task, pure=False))
                index[futures[-1].key] = i
            return futures

        results: list[Any] = [None] * len(tasks)
        completed = dask.as_completed(submit(DASK_IN_FLIGHT))
        for future in completed:
            i = index.pop(future.key)
            results[i] = future.result()
            finished(tasks[i])
            for more in submit(1):  # one out, one in
                completed.add(more)
        return results
    finally:
        client.close()
