"""Parsing of the expression language into a small syntax tree.

The grammar lives in ``grammar.lark`` (grammar as data). :func:`parse` turns one expression
string into a tree of :class:`Node` objects; each node knows its character offset so that
errors can point into the rule file. Parsing never evaluates anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

MAX_EXPRESSION_LENGTH = 2_000
MAX_EXPRESSION_DEPTH = 60


@dataclass(frozen=True)
class Node:
    """One syntax-tree node: ``kind`` is e.g. ``"number"``, ``"compare"``, ``"call"``."""

    kind: str
    offset: int
    value: object = None  # literal value, operator or name
    children: tuple[Node, ...] = ()


class ExpressionSyntaxError(Exception):
    """A syntax error at a character ``offset`` of the expression text."""

    def __init__(self, message: str, offset: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def _offset(item: Token | Node) -> int:
    if isinstance(item, Token):
        return item.start_pos or 0
    return item.offset


@v_args(meta=True)
class _ToNodes(Transformer):
    """Lark parse tree → :class:`Node` tree."""

    def number(self, meta, items):
        return Node("number", meta.start_pos, int(items[0]))

    def string(self, meta, items):
        return Node("string", meta.start_pos, str(items[0])[1:-1])

    def true(self, meta, items):
        return Node("bool", meta.start_pos, True)

    def false(self, meta, items):
        return Node("bool", meta.start_pos, False)

    def name(self, meta, items):
        return Node("name", meta.start_pos, str(items[0]))

    def list(self, meta, items):
        args = items[0] if items and items[0] is not None else ()
        return Node("list", meta.start_pos, None, tuple(args))

    def arguments(self, meta, items):
        return tuple(items)

    def attribute(self, meta, items):
        obj, name = items
        return Node("attribute", name.start_pos, str(name), (obj,))

    def call(self, meta, items):
        func, args = items
        return Node("call", func.offset, None, (func, *(args or ())))

    def conditional(self, meta, items):
        then, cond, other = items
        return Node("conditional", cond.offset, None, (cond, then, other))

    def or_op(self, meta, items):
        return Node("or", meta.start_pos, None, tuple(items))

    def and_op(self, meta, items):
        return Node("and", meta.start_pos, None, tuple(items))

    def not_op(self, meta, items):
        return Node("not", meta.start_pos, None, tuple(items))

    def compare(self, meta, items):
        left, op, right = items
        return Node("compare", _offset(op), str(op), (left, right))

    def in_op(self, meta, items):
        return Node("in", meta.start_pos, None, tuple(items))

    def not_in_op(self, meta, items):
        return Node("not", meta.start_pos, None, (Node("in", meta.start_pos, None, tuple(items)),))

    def range(self, meta, items):
        return Node("range", meta.start_pos, None, tuple(items))

    def arith(self, meta, items):
        left, op, right = items
        return Node("arith", _offset(op), str(op), (left, right))

    def neg(self, meta, items):
        return Node("neg", meta.start_pos, None, tuple(items))


def _depth(node: Node) -> int:
    """Tree depth, computed without recursion so a hostile input cannot overflow the stack."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        current, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in current.children)
    return deepest


def _expected_hint(expected: set[str]) -> str | None:
    readable = {
        "RPAR": "')'",
        "RSQB": "']'",
        "COMMA": "','",
        "NAME": "a name",
        "NUMBER": "a number",
        "ELSE": "'else'",
    }
    names = sorted(readable[e] for e in expected if e in readable)
    return f"expected {' or '.join(names)}" if names else None


def parse(text: str) -> Node:
    """Parse one expression; raise :class:`ExpressionSyntaxError` with an offset on failure."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise ExpressionSyntaxError(f"expression is longer than {MAX_EXPRESSION_LENGTH} characters", 0)
    if not text.strip():
        raise ExpressionSyntaxError("empty expression", 0)
    # Bound nesting before Lark or our transformer sees it (both would recurse).
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth > MAX_EXPRESSION_DEPTH // 2:
            raise ExpressionSyntaxError("expression is nested too deeply", i)
    try:
        tree = _parser().parse(text)
        node = _ToNodes().transform(tree)
    except UnexpectedEOF as exc:
        raise ExpressionSyntaxError(
            "unexpected end of expression", len(text.rstrip()), _expected_hint(set(exc.expected))
        ) from None
    except UnexpectedCharacters as exc:
        raise ExpressionSyntaxError(f"unexpected character {text[exc.pos_in_stream]!r}", exc.pos_in_stream) from None
    except UnexpectedToken as exc:
        token = exc.token
        if token.type == "$END":
            raise ExpressionSyntaxError(
                "unexpected end of expression", len(text.rstrip()), _expected_hint(set(exc.expected))
            ) from None
        raise ExpressionSyntaxError(
            f"unexpected {str(token)!r}", token.start_pos or 0, _expected_hint(set(exc.expected))
        ) from None
    except UnexpectedInput as exc:  # pragma: no cover - other Lark input errors
        raise ExpressionSyntaxError("invalid expression", getattr(exc, "pos_in_stream", 0) or 0) from None
    except RecursionError:
        raise ExpressionSyntaxError("expression is nested too deeply", 0) from None
    if _depth(node) > MAX_EXPRESSION_DEPTH:
        raise ExpressionSyntaxError("expression is nested too deeply", 0)
    return node


def source_names(node: Node) -> set[str]:
    """Every bare name an expression mentions (for dependency checks)."""
    names: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if current.kind == "name":
            names.add(str(current.value))
        stack.extend(current.children)
    return names
