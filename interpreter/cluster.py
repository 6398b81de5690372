"""A study's tasks on a Dask cluster, on workers checked to play what this machine would.

A worker is a long-lived process on another machine: it loads rule sets itself (compiled rules do
not travel) and keeps them between studies. Three things must be the same there as here, or its
figures are silently another study's, so every task checks them on its worker before it runs
(:class:`Setting`, worked out once per study on this machine and once per worker):

- the program: a digest of the engine's own source (``interpreter/``, ``rulespec/``), so a worker
  of an older or edited install is refused;
- each rule set the tasks load, by a digest of the bytes of every file it was read from; a house
  rule named by a path is sent by its absolute path (a worker read a relative one from its own
  folder), and a worker that kept an earlier load of a file since edited loads it again;
- the folders ``whist --allow-path`` let files lead to.

Anything the cluster itself does wrong (a scheduler that is no scheduler, one lost mid-study, a
worker killed again and again, no worker at all for :data:`NO_WORKER_SECONDS`) is a
:class:`ClusterError`, a message and no traceback. A task's own error (a rule's run-time error, an
agent that cannot be imported there) reaches the caller as it was raised, with a note naming the
worker. Tasks travel in chunks (:func:`chunk_size`): a deal of random agents costs less than
Dask's own bookkeeping of a task.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError
from contextlib import suppress
from dataclasses import dataclass
from functools import cache, partial
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from interpreter.runner import ruleset_digest
from rulespec.model import RuleSet

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["ClusterError", "Setting", "chunk_size", "on_dask", "ruleset_digest", "setting"]


class ClusterError(ValueError):
    """The cluster failed the study (not a task's own error): said to the person, exit 1."""


#: How long to wait for a scheduler to answer, and then for a first worker to join it.
CONNECT_SECONDS = 5
NO_WORKER_SECONDS = 30

#: Chunks in flight on the cluster at once (whose workers this process does not count).
IN_FLIGHT = 256

#: The engine's packages: a worker must run the same source to play the same games.
_CODE_PACKAGES = ("interpreter", "rulespec")


@cache
def code_digest() -> str:
    """A digest of the engine's source as installed here (its ``.py``, ``.json`` and ``.lark``
    files, by path within the package and bytes): equal on two machines when they play alike."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for package in _CODE_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".json", ".lark") and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Setting:
    """What a worker must share with this machine: the program, the rule sets the tasks load —
    ``(ref as the tasks name it, what the worker loads, digest)`` — and the folders allowed."""

    code: str
    rulesets: tuple[tuple[str, str, str], ...]
    allowed: tuple[str, ...]


def setting(refs: Sequence[str], load: Callable[[str], RuleSet]) -> Setting:
    """The :class:`Setting` of a study whose tasks load the rule sets ``refs`` (loaded here by ``load``)."""
    from rulespec.paths import extra_roots
    from rulespec.translations import is_bundled

    rulesets = []
    for ref in dict.fromkeys(refs):
        rules = load(ref)
        where = ref if is_bundled(rules) else str(Path(rules.sources[0]).resolve())
        rulesets.append((ref, where, ruleset_digest(rules)))
    return Setting(code_digest(), tuple(rulesets), tuple(str(p) for p in extra_roots()))


_checked: Setting | None = None  # the setting this worker process last checked


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return f"the Dask worker at {get_worker().address}"
    except (ImportError, ValueError):  # (not on a worker: a test calling it directly)
        return "a Dask worker"


def _enter(wanted: Setting) -> None:
    """Make this worker process play in ``wanted``, or say why it cannot (a :class:`ClusterError`)."""
    global _checked
    if _checked == wanted:
        return
    from interpreter.runner import keep
    from rulespec import RuleError, load_ruleset
    from rulespec.paths import allow, extra_roots

    where = _worker_name()
    if code_digest() != wanted.code:
        raise ClusterError(
            f"{where} runs another version of whist-rules than this machine (its engine's source "
            "differs): every machine of the cluster needs the same install (docs/studies.md §5)"
        )
    allow([folder for folder in wanted.allowed if Path(folder) not in extra_roots()])
    for ref, source, digest in wanted.rulesets:
        try:
            rules = load_ruleset(source)
        except (RuleError, OSError) as exc:
            raise ClusterError(
                f"{where} cannot load the rule set '{ref}' ({source}): {exc}\n"
                "every machine of the cluster needs the same rule set files at the same path (docs/studies.md §5)"
            ) from None
        if ruleset_digest(rules) != digest:
            raise ClusterError(
                f"{where} read the rule set '{ref}' ({source}) from files that differ from this machine's: "
                "every machine of the cluster needs the same rule set files at the same path (docs/studies.md §5)"
            )
        keep(ref, rules)  # (replacing a load kept from before the file was edited)
    _checked = wanted


def _run_chunk(function: Callable[[T], R], wanted: Setting, chunk: list[T]) -> list[R]:
    """``function`` over ``chunk`` on a worker, after checking the worker plays in ``wanted``."""
    _enter(wanted)
    try:
        return [function(task) for task in chunk]
    except Exception as exc:
        exc.add_note(f"(on {_worker_name()})")
        raise


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks per chunk: about eight chunks per worker (the last ones keep every worker busy to the
    end), at most 64 tasks (the progress moves), at least one."""
    return max(1, min(64, tasks // (max(1, workers) * 8)))


def _cluster_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is the cluster's own failure rather than a task's error."""
    package = (type(exc).__module__ or "").split(".")[0]
    return isinstance(exc, CancelledError | TimeoutError | OSError) or package in ("distributed", "tornado")


def on_dask(
    function: Callable[[T], R],
    tasks: Sequence[T],
    scheduler: str,
    wanted: Setting,
    finished: Callable[[list[T]], None],
) -> list[R]:
    """``[function(t) for t in tasks]`` on the workers of the Dask ``scheduler``, in the tasks' order;
    ``finished`` is told each chunk of tasks done. The first failing task, in the tasks' order,
    is the error raised."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask distributed; in a clone of whist-rules, install it with: "
            "pip install -e '.[cluster]'"
        ) from None
    dask: Any = distributed  # its calls are untyped; the tests run them on a LocalCluster
    silent = _silence(scheduler)
    if silent is not None:
        raise ClusterError(f"cannot reach a Dask scheduler at {scheduler}: {silent}")
    # Dask logs what goes wrong (a lost scheduler, its reconnecting) with tracebacks of its own, on
    # loggers each with a level of its own; the person is told once, by our message. Nothing below
    # critical is logged until the study ends (the engine logs nothing of its own).
    before = logging.root.manager.disable
    logging.disable(logging.ERROR)
    try:
        client = dask.Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
    except Exception as exc:  # (nothing of ours runs here: whatever fails is the address's)
        logging.disable(before)
        # A server of another protocol: Dask reads its first bytes as a frame's length (and once
        # tried to allocate exabytes for it).
        other = isinstance(exc, MemoryError | OverflowError) or "allocate" in str(exc)
        said = "the server there does not speak as a Dask scheduler does" if other else _said(exc)
        raise ClusterError(f"cannot reach a Dask scheduler at {scheduler}: {said}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=NO_WORKER_SECONDS)
        except Exception as exc:
            raise ClusterError(
                f"no Dask worker joined the scheduler at {scheduler} within {NO_WORKER_SECONDS} s "
                f"(start one with: dask worker {scheduler})"
            ) from (None if isinstance(exc, TimeoutError) else exc)
        _probe(client, wanted)
        size = chunk_size(len(tasks), len(client.scheduler_info().get("workers", {})) or 1)
        return _collect(dask, client, partial(_run_chunk, function, wanted), tasks, size, finished)
    except ClusterError:
        raise
    except Exception as exc:
        if not _cluster_failure(exc):
            raise
        raise ClusterError(f"the Dask cluster at {scheduler} failed the study: {_said(exc)}") from None
    finally:
        with suppress(Exception):  # (closing a client whose scheduler is gone: nothing left to do)
            client.close(timeout=CONNECT_SECONDS)
        logging.disable(before)


def _probe(client: Any, wanted: Setting) -> None:
    """Ask every worker there now for its engine's digest before sending any task. A task's code
    travels by reference: a worker of an older install cannot unpickle it, and Dask then closed
    that worker for good, the study waiting for one that never came. The probe is asked through
    the standard library (``pkgutil.resolve_name``), which any worker can unpickle; it imports this
    module there, or says why it cannot."""
    import pkgutil

    found = client.run(pkgutil.resolve_name, f"{__name__}:code_digest", on_error="return")
    for address, answer in sorted(found.items()):
        if isinstance(answer, BaseException):
            raise ClusterError(
                f"the Dask worker at {address} runs another version of whist-rules than this machine "
                f"(it has no {__name__}.code_digest: {_said(answer)}): every machine of the cluster needs "
                "the same install (docs/studies.md §5)"
            )
    digests = client.run(code_digest, on_error="return")
    for address, digest in sorted(digests.items()):
        if digest != wanted.code:
            raise ClusterError(
                f"the Dask worker at {address} runs another version of whist-rules than this machine (its "
                "engine's source differs): every machine of the cluster needs the same install (docs/studies.md §5)"
            )


def _collect(
    dask: Any,
    client: Any,
    run_chunk: Callable[[list[T]], list[R]],
    tasks: Sequence[T],
    size: int,
    finished: Callable[[list[T]], None],
) -> list[R]:
    """The chunks' results in order, at most :data:`IN_FLIGHT` chunks submitted at once. When no
    worker has been on the cluster for :data:`NO_WORKER_SECONDS`, the study stops."""
    import time

    chunks = ((begin, list(tasks[begin : begin + size])) for begin in range(0, len(tasks), size))
    results: list[Any] = [None] * len(tasks)
    running: dict[Any, tuple[int, list[T]]] = {}
    failed: tuple[int, BaseException] | None = None
    workerless_since: float | None = None
    while True:
        if failed is None:
            for begin, chunk in islice(chunks, IN_FLIGHT - len(running)):
                running[client.submit(run_chunk, chunk, pure=False)] = (begin, chunk)
        if failed is not None:  # only chunks before the failed one still count
            running = {f: bc for f, bc in running.items() if bc[0] < failed[0]}
        if not running:
            break
        try:
            done = dask.wait(list(running), timeout=CONNECT_SECONDS, return_when="FIRST_COMPLETED").done
        except TimeoutError:  # nothing finished in that time: is anyone still working?
            done = set()
        if not done:
            if client.scheduler_info().get("workers"):
                workerless_since = None
            elif workerless_since is None:
                workerless_since = time.monotonic()
            elif time.monotonic() - workerless_since > NO_WORKER_SECONDS:
                raise ClusterError(f"no Dask worker has been on the cluster for {NO_WORKER_SECONDS} s")
            continue
        for future in done:
            begin, chunk = running.pop(future)
            if future.status == "error":
                error = future.exception()
                if _cluster_failure(error) and not isinstance(error, ClusterError):
                    raise error
                if failed is None or begin < failed[0]:
                    failed = (begin, error)
                continue
            results[begin : begin + len(chunk)] = future.result()
            finished(chunk)
    if failed is not None:
        raise failed[1]
    return results


def _silence(scheduler: str) -> str | None:
    """Why nothing at ``scheduler`` speaks first, as a Dask scheduler does on every new connection
    (None: something does). A server that accepts and says nothing — the dashboard's port given
    for the scheduler's, any other quiet service — once kept Dask's own connecting waiting for
    ever, its timeout notwithstanding."""
    import socket

    host, _, port = scheduler.removeprefix("tcp://").rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS) as connection:
            connection.settimeout(CONNECT_SECONDS)
            if connection.recv(1):
                return None
            return "the server there closed the connection at once"
    except TimeoutError:
        return (
            f"the server there said nothing within {CONNECT_SECONDS} s, as no Dask scheduler does "
            "(the scheduler's port, not the dashboard's: 8786 by default)"
        )
    except OSError as exc:
        return exc.strerror or _said(exc)


def _said(exc: BaseException) -> str:
    """An exception as one line for people (some of Dask's carry no message)."""
    text = " ".join(str(exc).split()).partition(" Futures: [")[0]  # (not the list of every task's key)
    text = text if len(text) <= 300 else text[:299] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
