"""The rule set builder's core: collecting located errors and compiling expressions at a key.

:class:`BuilderBase` holds the merged data and the errors found so far; :meth:`BuilderBase.expr`
compiles the expression at a key against a scope, and every problem becomes a
:class:`~rulespec.errors.RuleError` at its place in its file. The parts of a rule set are
built by :class:`rulespec.buildbid.BidBuilder` (a bid's hook points) and
:class:`rulespec.build.Builder` (the game sections, groups, the whole).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import CompileError, Expression, Origin, Scope, Vocabulary, compile_expression
from rulespec.errors import ExpressionError, Position, RuleError
from rulespec.loader import Key, Merged

#: Where cards can go: to the next sender on the left or right, or across to the one opposite.
DIRECTIONS = ("left", "right", "across")
_ALL_SCOPES = [v for k, v in vars(scopes).items() if k.isupper() and isinstance(v, dict) and k != "CHOICE_TYPES"]


def _literal_list(texts: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{text}"' for text in texts) + "]"


def _constant(value: Any, t: T.Type) -> Expression:
    return Expression(str(value), t, lambda env: value, None, value)


class BuilderBase:
    """Collects located errors while compiling the expressions of one :class:`~rulespec.loader.Merged` rule set."""

    def __init__(self, merged: Merged) -> None:
        self.m = merged
        self.errors: list[RuleError] = []
        self.vocab = Vocabulary()
        self.params: dict[str, Any] = {}  # game params, plus the current bid's while building it

    # -- error collection and compilation helpers

    def fail(self, key: Key, message: str, hint: str | None = None, offset: int | None = None) -> None:
        error = self.m.error(key, message, hint, offset)
        if error.position is None:  # nothing of ``key`` is written anywhere: blame the rule set's first file
            error = self.first_file_error(message, hint)
        self.errors.append(error)

    def newest(self, keys: list[Key]) -> Key:
        """Of ``keys``, the one written last (in the file merged last; the first on a tie): where a
        clash between values is blamed, as a child that breaks its parent's value is told at its own line."""
        order = {path: i for i, path in enumerate(self.m.applied)}

        def written(key: Key) -> int:
            src = self.m.source(key)
            return order.get(src.doc.path, -1) if src else -1

        return max(keys, key=written)

    def fail_key(self, key: Key, message: str, hint: str | None = None) -> None:
        """Like :meth:`fail`, pointing at the mapping key of ``key`` rather than at its value."""
        src = self.m.origin.get(key)
        if src is None:
            self.fail(key, message, hint)
        else:
            self.errors.append(src.doc.key_error(src.key, message, hint))

    def first_file_error(self, message: str, hint: str | None) -> RuleError:
        path = self.m.sources[0] if self.m.sources else None
        if path is None:
            return RuleError(message, None, hint)
        for src in self.m.origin.values():
            if src.doc.path == path:
                return src.doc.error((), message, hint)
        try:
            first_line = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()[:1]
        except OSError:
            first_line = []
        return RuleError(message, Position(path, 1, 1), hint, first_line[0] if first_line else None)

    def expr(
        self,
        key: Key,
        names: Mapping[str, T.Type],
        expected: T.Type | None,
        default: str | None = None,
    ) -> Expression | None:
        """Compile the expression at ``key`` (or ``default`` when absent); None after an error."""
        value = self.m.get(key)
        if value is None:
            if default is None:
                return None
            value = default
            key = ()
        try:
            compiled = compile_expression(value, Scope(names, self.vocab, self.params), expected)
            if key and not compiled.is_constant:  # where its run-time errors point
                located = self.m.error(key, "")
                if located.position is not None:
                    compiled = dataclasses.replace(compiled, origin=Origin(located.position, located.source_line))
            return compiled
        except ExpressionError as exc:
            if key == ():
                raise AssertionError(f"built-in default {default!r} does not compile: {exc}") from exc
            if isinstance(exc, CompileError) and exc.param and self._fail_at_param(key, exc):
                return None
            word = isinstance(value, str) and value.strip().isidentifier()
            # ``worth: one``: a word where a number goes (unless it is close to a name: then a typo of it)
            if expected == T.NUMBER and word and exc.message.startswith("unknown name") and not exc.hint:
                self.fail(key, f"expected a number, got '{str(value).strip()}'", "write the number in digits, e.g. 1")
                return None
            offset = exc.offset if isinstance(value, str) else None
            self.fail(key, exc.message, exc.hint, offset)
            return None

    def expr_or_default(self, key: Key, names: Mapping[str, T.Type], expected: T.Type, default: str) -> Expression:
        """Like :meth:`expr` with a built-in default, never None: after an error (already recorded,
        so no rule set is built) the default stands in."""
        compiled = self.expr(key, names, expected, default=default)
        if compiled is None:
            compiled = compile_expression(default, Scope(names, self.vocab, self.params), expected)
        return compiled

    def _fail_at_param(self, used: Key, exc: CompileError) -> bool:
        """A param of the wrong type is reported where it is defined (the bid's, else the game's)."""
        name = str(exc.param)
        places = [("bids", used[1], "params", name)] if used[:1] == ("bids",) and len(used) > 1 else []
        for key in [*places, ("game", "params", name)]:
            value = self.m.get(key)
            if value is not None:
                where = ".".join(str(part) for part in used)
                wanted = exc.wanted or exc.message.split(",")[0].removeprefix("expected ")
                self.fail(key, f"param '{name}' is {value!r}, but {where} uses it as {wanted}", f"write {wanted} here")
                return True
        return False

    def expr_of(self, key: Key, names: Mapping[str, T.Type], allowed: tuple[T.Type, ...]) -> Expression | None:
        """Compile an expression whose type must be one of ``allowed`` (e.g. a player or a list)."""
        result = self.expr(key, names, None)
        if result is not None and result.type not in allowed:
            wanted = " or ".join(T.with_article(t) for t in allowed)
            self.fail(key, f"expected {wanted}, got {T.with_article(result.type)}")
            return None
        return result

    def require(self, key: Key, what: str) -> bool:
        if self.m.get(key) is None:
            self.fail(
                key[:-1] if len(key) > 1 else key,
                f"missing {what} ('{'.'.join(map(str, key))}')",
                "add it here, or extend a rule set that has one (e.g. 'extends: combo-whist')",
            )
            return False
        return True
