"""The parse trees of the bundled rule sets' expressions, shipped like the parser's tables.

Parsing the ~50 expressions of the Combo Whist rule set was most of its load (Lark is pure
Python: ~7 ms, and ~4 ms more to load its tables and build its lexers in a new process). A parse
tree depends only on the expression's text, the grammar and Lark, so the trees of every
expression in ``bids/`` are written to ``grammar.trees.json`` (JSON: reading it runs no code),
with the grammar's SHA-256 and Lark's version; :class:`ExpressionParser` takes a tree from there
when the text is one of them and the fingerprint fits, and parses with Lark otherwise (a house
rule's own expressions, a changed grammar) — built only then. A tree keeps what
:mod:`rulespec.expressions` reads: rule names, tokens (type, text, position) and each subtree's
start.

``python -m rulespec.grammartable`` rewrites the file (after editing the grammar or a bundled
rule's expression); ``tests/test_grammar_tables.py`` checks that every shipped tree is the one
Lark gives, and that the bundled rule sets parse nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lark import Token, Tree

if TYPE_CHECKING:
    from lark import Lark

TREES_PATH = Path(__file__).with_name("grammar.trees.json")

Encoded = Any  # [type, text, start] for a token, [rule, start, [children]] for a tree, None for a gap


def encode(item: Tree[Token] | Token | None) -> Encoded:
    """A parse tree as JSON data."""
    if item is None:
        return None
    if isinstance(item, Token):
        return [item.type, str(item), item.start_pos]
    return [str(item.data), getattr(item.meta, "start_pos", None), [encode(child) for child in item.children]]


def decode(data: Encoded) -> Tree[Token] | Token | None:
    """The parse tree of :func:`encode`'s data (``ValueError`` if it is not such data)."""
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 3:
        raise ValueError("not an encoded tree")
    kind, value, third = data
    if isinstance(third, list):
        tree: Tree[Token] = Tree(str(kind), [decode(child) for child in third])  # type: ignore[misc]
        if value is not None:
            tree.meta.start_pos = int(value)
            tree.meta.empty = False
        return tree
    return Token(str(kind), str(value), int(third))


class ExpressionParser:
    """Parses an expression text: a shipped tree when there is one, else with Lark (made on first need)."""

    def __init__(self, make_lark: Callable[[], Lark], trees: dict[str, Encoded]) -> None:
        self._make_lark = make_lark
        self._lark: Lark | None = None
        self.trees = trees
        self.asked: set[str] | None = None  # when a set: the texts asked for are added to it

    @property
    def lark(self) -> Lark:
        """The Lark parser (built, or loaded from the tables, when first asked for)."""
        if self._lark is None:
            self._lark = self._make_lark()
        return self._lark

    def parse(self, text: str) -> Tree[Token]:
        """The parse tree of ``text``; Lark's exceptions for a text that does not parse."""
        if self.asked is not None:
            self.asked.add(text)
        shipped = self.trees.get(text)
        if shipped is not None:
            try:
                tree = decode(shipped)
                if isinstance(tree, Tree):
                    return tree
            except (ValueError, TypeError):  # a damaged file: Lark parses instead
                pass
        return self.lark.parse(text)


def read_trees(fingerprint: dict[str, str], path: Path | None = None) -> dict[str, Encoded]:
    """The shipped trees, if the file is there, readable and made for this ``fingerprint``; else none."""
    try:
        stored = json.loads((path or TREES_PATH).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(stored, dict) or any(stored.get(k) != v for k, v in fingerprint.items()):
        return {}
    trees = stored.get("trees")
    return trees if isinstance(trees, dict) else {}


def bundled_expressions() -> set[str]:
    """Every expression text the bundled rule sets (each version) and ``bids/examples`` parse."""
    from rulespec import expressions, load_ruleset
    from rulespec.locate import BUNDLED_DIR, bundled_names, bundled_versions

    refs = [*bundled_names(), *sorted(str(p) for p in (BUNDLED_DIR / "examples").glob("*.yaml"))]
    refs += [f"{name}@{version}" for name in bundled_names() for version in bundled_versions(name)]
    parser = expressions.shared_parser()
    parser.asked = set()
    expressions.parse.cache_clear()  # every text reaches the parser once
    try:
        for ref in refs:
            load_ruleset(ref)
        return parser.asked
    finally:
        parser.asked = None


def trees_data(lark: Lark, texts: Iterable[str], fingerprint: dict[str, str]) -> dict[str, Any]:
    """What ``grammar.trees.json`` holds: the trees of ``texts`` (those that parse) and the fingerprint."""
    trees = {}
    for text in sorted(texts):
        try:
            trees[text] = encode(lark.parse(text))
        except Exception:  # noqa: BLE001, S112 - a text that does not parse has no tree to ship
            continue
    return {**fingerprint, "trees": trees}
