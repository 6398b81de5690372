"""One ``whist play`` per save: a second game that would write the same file is refused.

Two ``whist play --resume S`` at once (or a new game ``--save S`` beside a resumed one) both
wrote ``S`` after every decision, the later overwriting the other. While a game plays, it holds
an operating-system lock (``flock``, through the ``filelock`` package) on ``S.lock`` beside the
save; a second game that would write ``S`` finds it held and stops before anything is written.

The lock is the process's, not the file's: it goes when play ends — normally, on Ctrl-C, or when
the process dies in any way (a crash, ``kill -9``, a closed terminal) — so a lock is never left
stale. The empty ``S.lock`` file stays (``filelock`` keeps it, so that every waiter locks the same
file); it means nothing while no game holds it.
"""

from __future__ import annotations

import os
from pathlib import Path

import click
from filelock import FileLock, Timeout


def lock_path(save: Path) -> Path:
    """The lock file of ``save``: beside the file it names (a link's target, so two names of one save share it)."""
    real = Path(os.path.realpath(save))
    return real.with_name(real.name + ".lock")


def hold_save(save: Path) -> str | None:
    """Hold the lock of ``save`` until the command ends; why not (another game holds it), or None.

    A folder where no lock file can be made (read-only) is not refused here: the save itself
    fails there too, and ``whist play`` says so and goes on (``whist.playsave``)."""
    path = lock_path(save)
    lock = FileLock(str(path), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        if not os.path.lexists(path):
            return None  # (no lock file could be made, as in /proc: nobody holds it, the save fails there too)
        return (
            f"error: {save} is being played by another 'whist play' right now; "
            "finish or stop that game first (Ctrl-C there keeps its save)"
        )
    except OSError:
        return None
    click.get_current_context().call_on_close(lock.release)
    return None
