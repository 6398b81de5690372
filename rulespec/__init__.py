"""whist-rules' rule language: YAML rule sets, validated by a JSON Schema and compiled.

The public API::

    from rulespec import load_ruleset, RuleError
    rules = load_ruleset("combo-whist")          # a bundled name, a file or a folder
    rules.bids["trump"].tricks.min({})           # -> 5
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING

from rulespec.errors import Position, RuleError, RuleErrors
from rulespec.lazy import exported_on_first_use

if TYPE_CHECKING:
    from rulespec.hooks import HOOKS, HookPoint
    from rulespec.loader import BUNDLED_DIR, bundled_names
    from rulespec.model import Bid, RuleSet

#: Names imported on first use, so that ``import rulespec`` (and ``whist --help``) stays light:
#: the model pulls in jsonschema, the compiler lark.
_LAZY = {
    "BUNDLED_DIR": "rulespec.loader",
    "bundled_names": "rulespec.loader",
    "HOOKS": "rulespec.hooks",
    "HookPoint": "rulespec.hooks",
    "Bid": "rulespec.model",
    "RuleSet": "rulespec.model",
}

__all__ = [
    "BUNDLED_DIR",
    "HOOKS",
    "Bid",
    "HookPoint",
    "Position",
    "RuleError",
    "RuleErrors",
    "RuleSet",
    "bundled_names",
    "load_ruleset",
]

__getattr__ = exported_on_first_use(__name__, _LAZY)


def load_ruleset(ref: str | Path, relative_to: Path | None = None, named_in: str | None = None) -> RuleSet:
    """Load, validate and compile a rule set; raise :class:`RuleError` on any problem.

    ``named_in``: the file (a record, a scenario) that named ``ref``, whose folder ``relative_to``
    a relative path is read from; such a path follows the policy of :mod:`rulespec.paths`.
    """
    from rulespec.build import Builder
    from rulespec.loader import load_merged

    # A load makes thousands of small objects (YAML nodes, locations, syntax trees) that stay
    # alive until it ends: the cyclic garbage collector's passes over them find nothing and cost
    # a tenth of the load. It runs again afterwards; the amount of work a load does is bounded.
    collecting = gc.isenabled()
    gc.disable()
    try:
        merged = load_merged(str(ref), relative_to, named_in=named_in, defer_header=True)
        try:
            rules = Builder(merged).build()
        except RuleError as exc:  # a bad name or version is told with the problems of the bids below it
            if not merged.header_problems:
                raise
            raise RuleErrors([*merged.header_problems, *getattr(exc, "errors", [exc])]) from None
        if merged.header_problems:
            raise RuleErrors(merged.header_problems)
        return rules
    except RecursionError:
        raise RuleError(f"{ref}: rule set is nested too deeply") from None
    finally:
        if collecting:
            gc.enable()
