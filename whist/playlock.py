"""One ``whist play`` per save: a second game that would write the same file is refused.

Two ``whist play --resume S`` at once (or a new game ``--save S`` beside a resumed one) both
wrote ``S`` after every decision, the later overwriting the other. While a game plays, it holds
an operating-system lock (``flock``) on ``S.lock`` beside the save; a second game that would
write ``S`` finds it held and stops before anything is written.

The lock is the process's, not the file's: it goes when play ends — normally, on Ctrl-C, or when
the process dies in any way (a crash, ``kill -9``, a closed terminal) — so a lock is never left
stale. When play ends in the process's own hands, ``S.lock`` is removed as well, which ``filelock``
refuses to do on Unix because a plain removal lets two games hold the lock: one that opened the
old file just before it went gets its lock once the holder lets go, while a third locks a new file
of the same name. So the holder removes the file *before* it lets go, and a game that gets a lock
checks that the file it locked is still the one at that name, and tries again if not (the pattern
of filelock's issue #574 and its fix, and of other flock users). After a ``kill -9`` the empty
file stays and means nothing; the next game to hold it removes it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from filelock import FileLock

try:
    import fcntl
except ImportError:  # pragma: no cover  # (Windows: filelock, which removes its file there itself)
    fcntl = None  # type: ignore[assignment]

#: Tries to lock the file at the name before giving up (each lost try means another game let go
#: of a file just then: a few at most).
_TRIES = 50


def lock_path(save: Path) -> Path:
    """The lock file of ``save``: beside the file it names (a link's target, so two names of one save share it)."""
    real = Path(os.path.realpath(save))
    return real.with_name(real.name + ".lock")


class SaveLock:
    """The lock of one save: :meth:`acquire` without waiting, :meth:`release` removing the file."""

    def __init__(self, save: Path) -> None:
        self.path = lock_path(save)
        self._fd: int | None = None
        self._other: FileLock | None = None  # (the lock of a system without flock)

    def acquire(self) -> bool | None:
        """True: held now; False: another game holds it; None: no lock file can be made here
        (nobody can hold it, and the save fails there too)."""
        if fcntl is None:  # pragma: no cover
            return self._acquire_filelock()
        for _ in range(_TRIES):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
            except OSError:
                return None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except OSError:
                os.close(fd)
                return None
            if self._still_named(fd):
                self._fd = fd
                return True
            os.close(fd)  # a file its holder removed as it let go: lock the one at the name now
        return False

    def _still_named(self, fd: int) -> bool:
        try:
            named, held = os.stat(self.path), os.fstat(fd)
        except OSError:
            return False
        return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)

    def release(self) -> None:
        """Remove the lock file, then let go of it (in that order: see the module's docstring)."""
        if self._fd is None:
            if self._other is not None:  # pragma: no cover
                self._other.release()
            return
        with contextlib.suppress(OSError):  # (gone already, or a folder made read-only: it still goes below)
            os.unlink(self.path)
        os.close(self._fd)
        self._fd = None

    def _acquire_filelock(self) -> bool | None:  # pragma: no cover
        from filelock import FileLock, Timeout  # noqa: F811  # (imported above for the types only)

        lock = FileLock(str(self.path), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            return False if os.path.lexists(self.path) else None
        except OSError:
            return None
        self._other = lock
        return True


def hold_save(save: Path) -> str | None:
    """Hold the lock of ``save`` until the command ends; why not (another game holds it), or None.

    A folder where no lock file can be made (read-only) is not refused here: the save itself
    fails there too, and ``whist play`` says so and goes on (``whist.playsave``)."""
    lock = SaveLock(save)
    held = lock.acquire()
    if held is False:
        return (
            f"error: {save} is being played by another 'whist play' right now; "
            "finish or stop that game first (Ctrl-C there keeps its save)"
        )
    if held:
        click.get_current_context().call_on_close(lock.release)
    return None
