"""Files written whole or not at all: every output of the project (PDF, PNG, HTML, Markdown, saves).

A temporary file in the target's folder (so the rename stays on one file system), flushed
and synced, then renamed over the target: a full disk, a crash or a killed process leaves the
previous file whole, never a truncated one. Temporary files of an earlier interrupted write
of the same target (ours only: ``.<name>.whist-<random>.tmp``) are removed first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

#: What our temporary files are called: ``.<target name>.whist-<random>.tmp`` beside the target.
TEMP_PREFIX_MARK = ".whist-"
TEMP_SUFFIX = ".tmp"


def temp_files(target: Path) -> list[Path]:
    """Our temporary files for ``target`` left behind by an interrupted write."""
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}{TEMP_PREFIX_MARK}"
    try:
        return [p for p in folder.iterdir() if p.name.startswith(prefix) and p.name.endswith(TEMP_SUFFIX)]
    except OSError:
        return []


def write_atomically(target: Path | str, data: bytes | str) -> None:
    """Write ``data`` to ``target`` whole or not at all (temp file, fsync, rename).

    Stale temporary files of an earlier interrupted write of the same target are removed. A target
    that is there but is not a regular file (``/dev/null``, a named pipe) is never replaced.
    An :class:`OSError` (full disk, no permission) leaves the target as it was and no temporary
    file behind, and is raised for the caller to report.
    """
    target = Path(target)
    with contextlib.suppress(FileNotFoundError):  # (what is not there yet is made)
        if not stat.S_ISREG(os.stat(target).st_mode):  # a link to a regular file is followed: fine
            # A rename would replace a device, a pipe or a socket with a file (as root: /dev/null).
            raise OSError(errno.EINVAL, "not a regular file (a device, pipe or socket): nothing written", str(target))
    for stale in temp_files(target):
        with contextlib.suppress(OSError):
            stale.unlink()
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}{TEMP_PREFIX_MARK}", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:  # (no such folder, no permission: the caller's path is named, not a temporary file's)
        raise OSError(exc.errno, exc.strerror, str(target)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask()
            os.chmod(name, mode)
        os.replace(name, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(exc, OSError):  # (the caller's path is named, never the temporary file it will not find)
            raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
