"""Run one function over many tasks on this process, on local processes, or on a Dask cluster.

:func:`run` maps a picklable top-level function over tasks and returns the results **in the
tasks' order**, whatever ran where: a study whose tasks carry their own seeds gives the same
results for any ``jobs`` and on any cluster. Local processes need nothing beyond the standard
library; ``scheduler="tcp://HOST:PORT"`` needs Dask distributed (the extra ``cluster``) and runs on
:mod:`interpreter.cluster`, which checks each worker first. Workers load rule sets themselves
(compiled rules do not travel): tasks name the rule set by reference and :func:`rules` keeps the
loaded ones per process. When tasks fail, the error raised is the first failing task's in the
tasks' order, whichever finished first: a study fails alike for any ``jobs``.

This is the one pool of the project: ``whist simulate --jobs``, ``duel`` and ``balance`` all run
on it. Workers ignore Ctrl-C: the parent catches it, cancels what has not started and ends the
workers; a worker's error reaches the caller as it was raised (a rule's error stays located).
"""

from __future__ import annotations

import hashlib
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from itertools import islice
from typing import Any, TypeVar

from rulespec.model import RuleSet

T = TypeVar("T")
R = TypeVar("R")

_loaded: dict[str, tuple[RuleSet, tuple[tuple[str, int, int], ...]]] = {}  # by reference, in this process


def rules(ref: str, fresh: bool = False) -> RuleSet:
    """The rule set ``ref`` (a name, name@version or path), loaded once per process. ``fresh``: load
    it again if one of its files changed since (a study's start asks so; its tasks need not: a
    process of a long-lived program may study a house rule, have it edited, and study it again)."""
    if ref in _loaded and fresh and _signature(_loaded[ref][0]) != _loaded[ref][1]:
        del _loaded[ref]
    if ref not in _loaded:
        from rulespec import load_ruleset

        keep(ref, load_ruleset(ref))
    return _loaded[ref][0]


def keep(ref: str, loaded: RuleSet) -> None:
    """Remember ``loaded`` as the rule set ``ref`` in this process (a caller that has it already)."""
    if len(_loaded) > 8:  # a long-lived worker of many studies: forget the old ones
        _loaded.clear()
    _loaded[ref] = (loaded, _signature(loaded))


def ruleset_digest(loaded: RuleSet) -> str:
    """A digest (SHA-256) of the bytes of every file ``loaded`` was read from, in order — not of their
    paths: a bundled rule set lives at another path in each install. Two machines with equal digests
    play a rule set alike (given the same program); a study's JSON report keeps it."""
    digest = hashlib.sha256()
    for source in loaded.sources:
        with open(source, "rb") as file:
            digest.update(file.read() + b"\0")
    return digest.hexdigest()


def _signature(loaded: RuleSet) -> tuple[tuple[str, int, int], ...]:
    """When and how large each file of ``loaded`` was last written (a change of either: load again)."""
    found = []
    for source in loaded.sources:
        try:
            stat = os.stat(source)
        except OSError:  # (gone since: a load again will say so)
            found.append((source, -1, -1))
            continue
        found.append((source, stat.st_mtime_ns, stat.st_size))
    return tuple(found)


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
    rulesets: Sequence[str] = (),
) -> list[R]:
    """``[function(t) for t in tasks]``, on ``jobs`` local processes or the Dask ``scheduler``.

    ``progress`` is told the work done so far after each task: the tasks finished, or the sum of
    their ``size`` (a task of many games counts as that many). ``rulesets``: the rule sets the
    tasks load (by :func:`rules`), which a cluster's workers are checked to have as this machine has."""
    done = 0

    def finished(task: T) -> None:
        nonlocal done
        done += size(task) if size is not None else 1
        if progress is not None:
            progress(done)

    if scheduler:
        from interpreter.cluster import on_dask, setting

        def chunk_finished(chunk: list[T]) -> None:
            for task in chunk:
                finished(task)

        return on_dask(function, tasks, scheduler, setting(rulesets, partial(rules, fresh=True)), chunk_finished)
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


def _on_processes(function: Callable[[T], R], tasks: Sequence[T], jobs: int, finished: Callable[[T], None]) -> list[R]:
    """The tasks on ``jobs`` processes, at most ``jobs`` × :data:`IN_FLIGHT_PER_JOB` submitted and not
    yet collected; each result goes to its task's place, so the order is the tasks' whatever finishes first."""
    results: list[Any] = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    waiting = iter(enumerate(tasks))
    running: dict[Future[R], int] = {}
    failed: tuple[int, BaseException] | None = None
    try:
        while True:
            if failed is None:
                for index, task in islice(waiting, jobs * IN_FLIGHT_PER_JOB - len(running)):
                    running[pool.submit(function, task)] = index
            else:  # only the tasks before the failed one still count (all of them were submitted)
                running = {future: index for future, index in running.items() if index < failed[0]}
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                index = running.pop(future)
                error = future.exception()
                if isinstance(error, BrokenProcessPool):
                    raise ValueError(
                        "a worker process ended before its work was done (stopped from outside, or out of memory?)"
                    ) from None
                if error is not None:
                    if failed is None or index < failed[0]:
                        failed = (index, error)
                    continue
                results[index] = future.result()
                finished(tasks[index])
        if failed is not None:
            raise failed[1]
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
