"""The ``whist`` command line: check, show, play, simulate, print, translate, diff.

``whist.main(argv)`` runs the command as the ``whist`` script does; ``whist.cli`` is its click
group, to which :mod:`whist.printcli` and the other ``*cli`` modules add their commands when one of
them runs (:mod:`whist.commands`).
"""

from __future__ import annotations

import importlib
from typing import Any

#: What a user imports from ``whist``, and its module (imported on first use: ``import whist.diff``
#: stays light).
_EXPORTS = {"main": "whist.cli", "cli": "whist.cli"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'whist' has no attribute {name!r}")
