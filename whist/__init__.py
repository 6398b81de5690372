"""The ``whist`` command line: check, show, play, simulate, print, translate, diff.

``whist.main(argv)`` runs the command as the ``whist`` script does; ``whist.cli.cli`` is its click
group, to which :mod:`whist.printcli` and the other ``*cli`` modules add their commands when one of
them runs (:mod:`whist.commands`).
"""

from __future__ import annotations

from rulespec.lazy import exported_on_first_use

#: What a user imports from ``whist``, and its module (imported on first use: ``import whist.diff``
#: stays light).
#: (Not ``cli``: once ``whist.cli`` is imported that name is the module, not its group.)
_EXPORTS = {"main": "whist.cli"}

__all__ = sorted(_EXPORTS)

__getattr__ = exported_on_first_use(__name__, _EXPORTS)
