"""Names a package exports but imports on first use (PEP 562), so that importing the package stays light.

Each package's ``__init__`` lists what a user imports and the module it comes from::

    _EXPORTS = {"GameState": "interpreter.gamestate"}
    __all__ = sorted(_EXPORTS)
    __getattr__ = exported_on_first_use(__name__, _EXPORTS)

A name must not also be a submodule's: once that submodule is imported, Python sets the name on
the package to the module, and the export is lost (``tests/test_layers.py`` checks it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exported_on_first_use(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``exports`` is read from its module."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__
