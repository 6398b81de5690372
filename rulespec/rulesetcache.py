"""Values worked out once per rule set, kept only while the rule set lives.

A rule set is immutable once loaded, so what is derived from it alone (a deck's layout, a
combo's hook points, the prover's worlds, texts already checked) can be kept beside it. A
process that loads many rule files (an editor checking each save, a test run, a server)
must not keep them all: every such cache in the project is a :class:`RuleSetCache`, whose
entries go with their rule set.

Example::

    >>> from rulespec import load_ruleset
    >>> sizes: RuleSetCache[int] = RuleSetCache()
    >>> rules = load_ruleset("combo-whist")
    >>> sizes.get(rules, lambda r: len(r.bids)) == len(rules.bids)
    True
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

from rulespec.model import RuleSet

V = TypeVar("V")


class RuleSetCache(Generic[V]):
    """Values worked out once per rule set, kept only while the rule set lives.

    Keyed by the rule set's identity (rule sets are immutable and not hashable); a weak
    reference drops an entry together with its rule set. A value must not refer to its rule
    set (not even through an object it holds): it would keep the rule set, and itself, alive
    for good. Keep a :func:`weakref.ref` to it instead where one is needed.
    """

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[RuleSet], V]] = {}

    def get(self, rules: RuleSet, make: Callable[[RuleSet], V]) -> V:
        """The value for ``rules``, made by ``make(rules)`` on first use."""
        entry = self._entries.get(id(rules))
        if entry is not None and entry[0]() is rules:
            return entry[1]
        key = id(rules)

        def forget(ref: weakref.ref[RuleSet]) -> None:
            if self._entries.get(key, (None,))[0] is ref:  # not a newer rule set's entry
                del self._entries[key]

        value = make(rules)
        self._entries[key] = (weakref.ref(rules, forget), value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
