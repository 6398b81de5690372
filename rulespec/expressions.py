"""Parsing of the expression language into a small syntax tree.

The grammar lives in ``grammar.lark`` (grammar as data). :func:`parse` turns one expression
string into a tree of :class:`Node` objects; each node knows its character offset so that
errors can point into the rule file. Parsing never evaluates anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from rulespec.errors import ExpressionError

# Lark is imported when the first expression is parsed, not with this module: importing it costs
# ~25 ms, which every ``whist`` command (even ``--help``) would otherwise pay.
if TYPE_CHECKING:
    from lark import Token, Tree
    from lark.exceptions import UnexpectedInput
    from lark.tree import Meta

    from rulespec.grammartrees import ExpressionParser

MAX_EXPRESSION_LENGTH = 2_000
MAX_EXPRESSION_DEPTH = 60


@dataclass(frozen=True)
class Node:
    """One syntax-tree node: ``kind`` is e.g. ``"number"``, ``"compare"``, ``"call"``."""

    kind: str
    offset: int
    value: object = None  # literal value, operator or name
    children: tuple[Node, ...] = ()


class ExpressionSyntaxError(ExpressionError):
    """A syntax error at a character ``offset`` of the expression text."""


@cache
def shared_parser() -> ExpressionParser:
    """The one expression parser of this process (built or loaded on first use)."""
    from rulespec.grammartable import expression_parser

    return expression_parser()


def _offset(item: Token | Node) -> int:
    from lark import Token

    if isinstance(item, Token):
        return item.start_pos or 0
    return item.offset


#: The children of a parse-tree node, already turned into nodes (or tokens, or None).
Items = list[Any]


#: Grammar rules whose node is an operator over its children, at the rule's start: rule → node kind.
_OPERATORS = {"or_op": "or", "and_op": "and", "not_op": "not", "in_op": "in", "range": "range", "neg": "neg"}
#: Grammar rules ``left op right`` whose node stands at the operator and holds it (``<=``, ``+``).
_INFIX = frozenset({"compare", "arith"})


class _ToNodes:
    """Lark parse tree → :class:`Node` tree, without recursion (a deep tree cannot overflow the stack)."""

    def transform(self, tree: Tree[Token]) -> Node:
        from lark import Tree

        results: dict[int, object] = {}
        stack: list[tuple[Tree[Token], bool]] = [(tree, False)]
        while stack:
            current, expanded = stack.pop()
            if not expanded:
                stack.append((current, True))
                stack.extend((child, False) for child in current.children if isinstance(child, Tree))
                continue
            items = [results.pop(id(child)) if isinstance(child, Tree) else child for child in current.children]
            results[id(current)] = self._node(str(current.data), current.meta, items)
        node = results[id(tree)]
        assert isinstance(node, Node)
        return node

    def _node(self, rule: str, meta: Meta, items: Items) -> Any:
        """The node of one grammar rule: an operator's from the tables, any other's from its method."""
        if rule in _OPERATORS:
            return Node(_OPERATORS[rule], meta.start_pos, None, tuple(items))
        if rule in _INFIX:
            left, op, right = items
            return Node(rule, _offset(op), str(op), (left, right))
        return getattr(self, rule)(meta, items)

    def number(self, meta: Meta, items: Items) -> Node:
        return Node("number", meta.start_pos, int(items[0]))

    def string(self, meta: Meta, items: Items) -> Node:
        return Node("string", meta.start_pos, str(items[0])[1:-1])

    def true(self, meta: Meta, items: Items) -> Node:
        return Node("bool", meta.start_pos, True)

    def false(self, meta: Meta, items: Items) -> Node:
        return Node("bool", meta.start_pos, False)

    def name(self, meta: Meta, items: Items) -> Node:
        return Node("name", meta.start_pos, str(items[0]))

    def list(self, meta: Meta, items: Items) -> Node:
        args = items[0] if items and items[0] is not None else ()
        return Node("list", meta.start_pos, None, tuple(args))

    def arguments(self, meta: Meta, items: Items) -> tuple[Any, ...]:
        return tuple(items)

    def attribute(self, meta: Meta, items: Items) -> Node:
        obj, name = items
        return Node("attribute", name.start_pos, str(name), (obj,))

    def call(self, meta: Meta, items: Items) -> Node:
        func, args = items
        return Node("call", func.offset, None, (func, *(args or ())))

    def conditional(self, meta: Meta, items: Items) -> Node:
        then, cond, other = items
        return Node("conditional", cond.offset, None, (cond, then, other))

    def not_in_op(self, meta: Meta, items: Items) -> Node:
        return Node("not", meta.start_pos, None, (Node("in", meta.start_pos, None, tuple(items)),))


def _depth(node: Node) -> int:
    """Tree depth, computed without recursion so a hostile input cannot overflow the stack."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        current, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in current.children)
    return deepest


_READABLE = {
    "RPAR": "')'",
    "RSQB": "']'",
    "COMMA": "','",
    "NAME": "a name",
    "NUMBER": "a number",
    "ELSE": "'else'",
}


def _accepted(exc: UnexpectedInput) -> set[str]:
    """The terminals the parser would have accepted where it stopped (exact, unlike LALR's ``expected``)."""
    parser = getattr(exc, "interactive_parser", None)
    if parser is not None:
        try:
            return set(parser.accepts())
        except Exception:  # pragma: no cover - fall back to Lark's (approximate) set
            pass
    return set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())


def _expected_hint(accepted: set[str], found: str | None = None) -> str | None:
    """A hint from what the parser would have accepted instead of the terminal type ``found``."""
    if found == "COMPARE" and not accepted & {"COMPARE", "NAME"}:
        return "comparisons do not chain: write 'a < b and b < c'"
    if found == "NUMBER" and accepted == {"NAME"}:
        return "numbers are whole numbers: write a fraction as 3/2"
    if found in ("RPAR", "RSQB") and found not in accepted and accepted & {"$END", "AND", "OR"}:
        return f"there is no open '{'(' if found == 'RPAR' else '['}' for it to close"
    if accepted == {"IN"}:
        return "expected 'in' (as in 'x not in list')"
    names = sorted(_READABLE[e] for e in accepted if e in _READABLE)
    if names:
        return f"expected {' or '.join(names)}"
    if "$END" in accepted:
        return "expected an operator (such as 'and', '==' or '+') or the end of the expression"
    return None


_KEYWORDS = ("if", "else", "and", "or", "not", "in", "true", "false")


# Operators from other languages a newcomer may type, longest first, with what this one writes.
_FOREIGN_OPERATORS = (
    ("=>", "write >= for 'at least'"),
    ("=<", "write <= for 'at most'"),
    ("&&", "write 'and'"),
    ("||", "write 'or'"),
    ("&", "write 'and'"),
    ("|", "write 'or'"),
    ("!", "write 'not' (and != for 'differs from')"),
    ("=", "use == to compare"),
)


def _character_hint(text: str, pos: int) -> str | None:
    ch = text[pos]
    for written, hint in _FOREIGN_OPERATORS:
        if text.startswith(written, pos):
            return hint
    if ch in "\"'":
        return "a string needs its closing quote on the same line, at most 200 characters later"
    if ch.isalpha() and ch.isupper():
        word = re.match(r"\w+", text[pos:])
        if word and word.group().lower() in _KEYWORDS:
            return f"write '{word.group().lower()}' in lower case"
        return 'names are lower_snake_case; write a suit or rank as a string, e.g. "H"'
    return None


def _bracket_depth_error(text: str) -> ExpressionSyntaxError | None:
    """Bound bracket nesting before the parser sees the text (brackets inside strings do not count)."""
    depth = 0
    quote: str | None = None
    for i, ch in enumerate(text):
        if quote is not None:
            if ch == quote or ch == "\n":
                quote = None
            continue
        if ch in "\"'":
            quote = ch
            continue
        depth += ch in "(["
        depth -= ch in ")]"
        if depth > MAX_EXPRESSION_DEPTH // 2:
            return ExpressionSyntaxError("expression is nested too deeply", i)
    return None


@lru_cache(maxsize=4096)
def parse(text: str) -> Node:
    """Parse one expression; raise :class:`ExpressionSyntaxError` with an offset on failure.

    Trees are immutable, so a text read again (a parent rule set under each child) is parsed once.
    """
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise ExpressionSyntaxError(f"expression is longer than {MAX_EXPRESSION_LENGTH} characters", 0)
    if not text.strip():
        raise ExpressionSyntaxError("empty expression", 0)
    too_deep = _bracket_depth_error(text)
    if too_deep is not None:
        raise too_deep
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

    try:
        tree = shared_parser().parse(text)
    except UnexpectedCharacters as exc:
        pos = exc.pos_in_stream or 0
        raise ExpressionSyntaxError(f"unexpected character {text[pos]!r}", pos, _character_hint(text, pos)) from None
    except UnexpectedEOF as exc:  # pragma: no cover - LALR reports the end as a '$END' token
        hint = _expected_hint(set(exc.expected))
        raise ExpressionSyntaxError("unexpected end of expression", len(text.rstrip()), hint) from None
    except UnexpectedToken as exc:
        token = exc.token
        hint = _expected_hint(_accepted(exc), token.type)
        if token.type == "$END":
            raise ExpressionSyntaxError("unexpected end of expression", len(text.rstrip()), hint) from None
        raise ExpressionSyntaxError(f"unexpected {str(token)!r}", token.start_pos or 0, hint) from None
    except UnexpectedInput as exc:  # pragma: no cover - other Lark input errors
        raise ExpressionSyntaxError("invalid expression", getattr(exc, "pos_in_stream", 0) or 0) from None
    except RecursionError:  # pragma: no cover - the LALR parser does not recurse
        raise ExpressionSyntaxError("expression is nested too deeply", 0) from None
    node = _ToNodes().transform(tree)
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


def name_path(node: Node | None) -> str | None:
    """The dotted name an expression is, when it is nothing but a name: ``combo.worth``, ``hand_size``.

    Renderers ask this of the parse tree, never of the source text (spacing, comments and
    parentheses do not matter): ``hand_size`` as the exact trick count is "all tricks".
    """
    parts: list[str] = []
    while node is not None and node.kind == "attribute" and len(node.children) == 1:
        parts.append(str(node.value))
        node = node.children[0]
    if node is None or node.kind != "name":
        return None
    return ".".join([str(node.value), *reversed(parts)])


def call_of_name(node: Node) -> tuple[str, Node] | None:
    """``left(declarer)`` → ``("left", <declarer>)``: a call of a named function with one argument."""
    if node.kind == "call" and len(node.children) == 2 and node.children[0].kind == "name":
        return str(node.children[0].value), node.children[1]
    return None
