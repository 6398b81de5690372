"""Where a text stands for a name: a string literal (or a text param) used as a suit, rank, bid or
direction is checked against the rule set's vocabulary when the expression is compiled.

``"hearts"`` is text to the parser; beside ``trick.trump`` it must be a suit, and an unknown one
(``"heart"``) is a located error with a suggestion, never a comparison that is silently false.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec import types as T
from rulespec.compiled import CompileError, Vocabulary
from rulespec.errors import did_you_mean
from rulespec.evaluation import _Result


def coerce(vocab: Vocabulary, result: _Result, target: T.Type) -> _Result:
    """Let a string literal (or a text param) stand for a suit, rank, bid or direction (checked)."""
    if result.strings is not None and result.type == T.TEXT and target in T.NAMED_TYPES and target != T.TEXT:
        check_literals(vocab, result.strings, target)
        return _Result(result.fn, target, result.constant, values=result.values)
    if (
        result.literals is not None
        and T.is_list(target)
        and T.element_of(target) in T.NAMED_TYPES
        and T.element_of(target) != T.TEXT
    ):
        check_literals(vocab, result.literals, T.element_of(target))
        return _Result(result.fn, target, result.constant, values=result.values)
    return result


def coerce_pair(vocab: Vocabulary, left: _Result, right: _Result) -> tuple[_Result, _Result]:
    """Both sides of a binary operator, each a name of the other's type where it is a literal."""
    left = coerce(vocab, left, right.type)
    right = coerce(vocab, right, left.type)
    return left, right


def check_literals(vocab: Vocabulary, literals: Sequence[tuple[str, int]], target: T.Type) -> None:
    """Each ``(text, offset)`` must be a known name of ``target`` (no check when it has no fixed domain)."""
    domain = vocab.domain(target)
    if domain is None:
        return
    for text, offset in literals:
        if text not in domain:
            known = sorted(domain)  # nothing close: say what there is (suits, ranks, directions …)
            listed = f"the {target}s are: {', '.join(known)}" if len(known) <= 24 else None
            hint = did_you_mean(text, domain) or listed
            raise CompileError(f"unknown {target} '{text}'", offset, hint)
