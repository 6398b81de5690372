"""Which files a rule set, a record or a scenario may make us read, and reading them safely.

Files come from strangers, and a file can name another one (``extends: ../x.yaml``, the rule
set of a saved game). The policy, so that a shared file cannot make us read anything else:

* a **bundled name** (``combo-whist@1.4.2``) is always fine;
* a path **the user typed** (on the command line) is fine: the user named it;
* a path **written in a file** must lead to a file under a *root*: the folder the user named
  (the folder of the rule file, record or scenario given on the command line), the bundled
  rule sets, or a folder allowed explicitly with ``whist --allow-path DIR`` (or the environment
  variable ``WHIST_ALLOW_PATH``, folders separated by ``os.pathsep``). Links are followed
  before the check, so a link cannot lead out either.

Whatever the path, only **regular files** are read (no devices, named pipes or terminals),
each at most :data:`MAX_FILE_BYTES`, and a rule set's files together at most
:data:`MAX_RULESET_BYTES`; names longer than the system allows are an error, not a crash.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

from rulespec.errors import Position, RuleError

#: Largest single file (rule file, locale, scenario): a house rule is a few kilobytes.
MAX_FILE_BYTES = 256_000
#: Largest rule set: all its files, along its ``extends`` chain, together.
MAX_RULESET_BYTES = 512_000
#: Longest path and longest single name accepted (most systems: 4096 and 255).
MAX_PATH_CHARS = 4096
MAX_NAME_CHARS = 255
#: Environment variable naming more folders files may lead to.
ALLOW_ENV = "WHIST_ALLOW_PATH"

_extra_roots: list[Path] = []
#: The roots in force while a file given by the user is being loaded (see :func:`rooted`).
_roots: contextvars.ContextVar[tuple[Path, ...] | None] = contextvars.ContextVar("whist_roots", default=None)


def allow(folders: Sequence[str | Path]) -> None:
    """Let paths written in files lead under ``folders`` too (``whist --allow-path``)."""
    for folder in folders:
        _extra_roots.append(Path(folder).resolve())


def extra_roots() -> list[Path]:
    """The folders allowed explicitly: by :func:`allow` and by :data:`ALLOW_ENV`."""
    env = [Path(p).resolve() for p in os.environ.get(ALLOW_ENV, "").split(os.pathsep) if p.strip()]
    return [*_extra_roots, *env]


def check_name(path: str | Path) -> None:
    """Refuse a path the system cannot even look up (too long), with a message, not an OSError."""
    text = str(path)
    if len(text) > MAX_PATH_CHARS or any(len(part) > MAX_NAME_CHARS for part in Path(text).parts):
        shown = text[:60] + "…" if len(text) > 60 else text
        raise RuleError(
            f"path is too long: '{shown}'",
            None,
            f"paths may have at most {MAX_PATH_CHARS} characters, each name at most {MAX_NAME_CHARS}",
        )


def exists(path: Path) -> bool:
    """``path.exists()`` that says False (not OSError) for names the system refuses."""
    check_name(path)
    try:
        path.stat()
    except (OSError, ValueError):
        return False
    return True


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def bundled_root() -> Path:
    from rulespec.loader import BUNDLED_DIR  # the loader imports this module

    return BUNDLED_DIR.resolve()


@contextlib.contextmanager
def rooted(named: Path) -> Iterator[None]:
    """While loading what the user named at ``named``, paths inside files must stay under its folder.

    Nested calls keep the outermost roots (a rule set named by a record stays under the record's folder).
    """
    if _roots.get() is not None:
        yield
        return
    resolved = named.resolve()
    root = resolved if resolved.is_dir() else resolved.parent
    token = _roots.set((root,))
    try:
        yield
    finally:
        _roots.reset(token)


def user_roots() -> tuple[Path, ...] | None:
    """The roots in force (None: nothing from a file is being loaded)."""
    return _roots.get()


def check_allowed(path: Path, named_in: str, shown: str | None = None) -> Path:
    """``path``, written in the file ``named_in``, if the policy allows it; else a :class:`RuleError`.

    ``shown``: the path as the file wrote it (for the message).
    """
    check_name(path)
    resolved = path.resolve()
    roots = [*(user_roots() or ()), bundled_root(), *extra_roots()]
    if any(_inside(resolved, root) for root in roots):
        return path
    raise RuleError(
        f"'{shown or path}' (named in {named_in}) is outside the folders a file may lead to",
        None,
        "a file may name files under the folder you gave (or bundled rule sets); "
        "to allow another folder: whist --allow-path DIR …",
    )


def check_link_stays(path: Path, home: Path | None = None) -> None:
    """A file found in a folder (not named by anyone) must lie in that folder, or under an allowed one.

    ``home``: the folder the search started from (default: the file's own folder). Every link
    between it and the file counts, a linked sub-folder as much as a linked file: a locale found
    at ``home/locales/sv/x.yaml`` may not be read (or written) through a link ``locales/sv``
    that leads elsewhere. The file itself need not exist yet (a file about to be written).
    """
    resolved = path.resolve()
    here = (home if home is not None else path.parent).resolve()
    if not any(_inside(resolved, root) for root in (here, bundled_root(), *extra_roots())):
        raise RuleError(
            "this file is (or lies behind) a link that leads out of its folder",
            Position(str(path)),
            "replace the link by the file itself, or allow its folder: whist --allow-path DIR …",
        )


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); :class:`RuleError` otherwise.

    Opened without blocking (a named pipe would otherwise wait forever) and checked to be a
    regular file before anything is read (``/dev/zero`` never ends).
    """
    check_name(path)
    where = Position(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise RuleError(f"cannot read file: {exc.strerror}", where) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, pipe or terminal)"
            raise RuleError(f"cannot read this: it is {kind}", where, "give a regular file")
        if info.st_size > limit:
            raise RuleError(f"file is larger than {limit} bytes", where)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # the file grew while we read it
            raise RuleError(f"file is larger than {limit} bytes", where)
        return b"".join(chunks)
    except OSError as exc:
        raise RuleError(f"cannot read file: {exc.strerror}", where) from None
    finally:
        os.close(fd)


class Budget:
    """Bytes a rule set may still read (all its files along ``extends`` together)."""

    def __init__(self, limit: int = MAX_RULESET_BYTES) -> None:
        self.limit = limit
        self.left = limit

    def take(self, path: Path, size: int) -> None:
        self.left -= size
        if self.left < 0:
            raise RuleError(
                f"the rule set's files are larger than {self.limit} bytes together",
                Position(str(path)),
                "a rule set needs only a few small files",
            )
