"""The shipped LALR tables and parse trees (``rulespec/grammar.*.json``) match the grammar and parse alike."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from rulespec import expressions, grammartable, grammartrees
from rulespec.fastlark import LeanLALR, RootFirstLexer


def test_shipped_tables_are_current() -> None:
    """If this fails, the grammar changed: run ``python -m rulespec.grammartable``."""
    grammar = grammartable.GRAMMAR_PATH.read_text(encoding="utf-8")
    stored = json.loads(grammartable.TABLES_PATH.read_text(encoding="utf-8"))
    # The tables themselves may be ordered differently from run to run (Lark iterates sets);
    # that they parse alike is the property test below.
    assert {key: stored[key] for key in ("grammar_sha256", "lark")} == grammartable._fingerprint(grammar)


def test_tables_are_used_when_current(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_build(grammar: str) -> None:
        raise AssertionError("built from the grammar although the tables are current")

    monkeypatch.setattr(grammartable, "build_parser", no_build)
    assert grammartable.expression_parser().parse("1 + 2") is not None


@pytest.mark.parametrize("content", ["", "{not json", '{"grammar_sha256": "0", "lark": "0"}', "[1, 2]"])
def test_broken_or_stale_tables_fall_back_to_the_grammar(tmp_path, monkeypatch, content: str) -> None:
    path = tmp_path / "tables.json"
    path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(grammartable, "TABLES_PATH", path)
    built = []
    original = grammartable.build_parser
    monkeypatch.setattr(grammartable, "build_parser", lambda g, plugins=None: built.append(1) or original(g, plugins))
    parser = grammartable.expression_parser().lark  # Lark's parser is made when first needed
    assert built == [1]
    assert parser.parse("a.b + 1") == original(grammartable.GRAMMAR_PATH.read_text(encoding="utf-8")).parse("a.b + 1")


_REFERENCE = grammartable.build_parser(grammartable.GRAMMAR_PATH.read_text(encoding="utf-8"))
_SHIPPED = grammartable.expression_parser().lark  # from the shipped tables, with rulespec.fastlark
_PIECES = "a b.c 1 2.5 'x' + - * / == < >= and or not if else in ( ) [ ] , .. f( max( true @".split() + [" ", "\n"]  # noqa: SIM905 - one line reads better


def _expected(exc: UnexpectedInput) -> list[str]:
    # Lark keeps the expected terminals in a set, whose order varies from run to run.
    return sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])


def _outcome(parser, text: str) -> tuple[object, ...]:
    """The tree with the positions of its tokens and subtrees, or the error and where it is."""
    try:
        tree = parser.parse(text)
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        where = (exc.pos_in_stream, exc.line, exc.column, token and (token.type, str(token)))
        return ("error", type(exc).__name__, *where, _expected(exc))
    tokens = [(t.line, t.column, t.end_pos) for t in tree.scan_values(lambda v: v is not None)]
    # The start of every subtree too: expressions.py gives each node its offset from it.
    starts = [(sub.data, getattr(sub.meta, "start_pos", None)) for sub in tree.iter_subtrees_topdown()]
    return ("tree", tree, tokens, starts)


@settings(derandomize=True, max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_shipped_and_built_parsers_agree_on_trees_and_errors(pieces: list[str]) -> None:
    """Same tree (with positions) or the same error at the same place, for any token soup."""
    text = " ".join(pieces)
    assert _outcome(_SHIPPED, text) == _outcome(_REFERENCE, text)


def test_the_shipped_parser_has_the_shortcuts() -> None:
    """The property above compares the parser with rulespec.fastlark's shortcuts to plain Lark."""
    assert isinstance(_SHIPPED.parser.lexer, RootFirstLexer) and isinstance(_SHIPPED.parser.parser, LeanLALR)
    assert not isinstance(_REFERENCE.parser.lexer, RootFirstLexer)


def _expressions() -> st.SearchStrategy[str]:
    """Well-formed expressions of every construct, nested (so that the trees are deep and varied)."""
    atoms = st.sampled_from(["a", "b_c", "x1", "0", "42", "'s'", '"t u"', "true", "false", "[]", "f()"])

    def compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.sampled_from(
            ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in", "not in", ".."]
        )
        return st.one_of(
            st.tuples(inner, binary, inner).map(lambda p: f"({p[0]}) {p[1]} ({p[2]})"),
            st.tuples(atoms, binary, atoms).map(" ".join),
            st.tuples(st.sampled_from(["-(", "not (", "(", "["]), inner).map(
                lambda p: p[0] + p[1] + ("]" if p[0] == "[" else ")")
            ),
            st.tuples(inner, st.sampled_from(["a", "worth"])).map(lambda p: f"({p[0]}).{p[1]}"),
            st.tuples(inner, st.lists(inner, max_size=3)).map(lambda p: f"({p[0]})({', '.join(p[1])})"),
            st.tuples(inner, inner, inner).map(lambda p: f"({p[0]}) if ({p[1]}) else ({p[2]})"),
            st.lists(inner, min_size=1, max_size=3).map(lambda items: "[" + ", ".join(items) + ",]"),
        )

    return st.recursive(atoms, compound, max_leaves=12)


@settings(derandomize=True, max_examples=400, deadline=None)
@given(_expressions())
def test_shipped_and_built_parsers_agree_on_well_formed_expressions(text: str) -> None:
    """Deep, valid expressions (most token soups above are errors): the same trees and positions."""
    assert _outcome(_SHIPPED, text) == _outcome(_REFERENCE, text)
    assert _outcome(_SHIPPED, text)[0] == "tree"


# --- the shipped parse trees of the bundled expressions (rulespec/grammartrees.py) ---------------


def test_every_shipped_tree_is_the_one_lark_gives() -> None:
    """Tree, tokens and positions; and the syntax nodes expressions.py makes of them."""
    trees = grammartable.expression_parser().trees
    assert len(trees) > 50
    for text, shipped in trees.items():
        tree = grammartrees.decode(shipped)
        assert isinstance(tree, Tree)
        reference = _REFERENCE.parse(text)
        assert grammartrees.encode(tree) == grammartrees.encode(reference), text
        assert expressions._ToNodes().transform(tree) == expressions._ToNodes().transform(reference), text


def test_loading_the_bundled_rule_sets_parses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every expression of bids/ has its shipped tree (else: run ``python -m rulespec.grammartable``)."""

    def no_lark() -> Lark:
        raise AssertionError("an expression of a bundled rule set was parsed: its tree is not shipped")

    parser = grammartable.expression_parser()
    strict = grammartrees.ExpressionParser(no_lark, parser.trees)
    monkeypatch.setattr(expressions, "shared_parser", lambda: strict)
    expressions.parse.cache_clear()
    try:
        asked = grammartrees.bundled_expressions()
        assert len(asked) > 50 and asked <= set(parser.trees)
    finally:
        expressions.parse.cache_clear()


def test_other_texts_and_damaged_trees_are_parsed_by_lark(tmp_path) -> None:
    grammar = grammartable.GRAMMAR_PATH.read_text(encoding="utf-8")
    fingerprint = grammartable._fingerprint(grammar)
    path = tmp_path / "trees.json"
    path.write_text(json.dumps({**fingerprint, "trees": {"a": ["name", 0, [["NAME", "a", 0]]], "b": [1, 2]}}))
    trees = grammartrees.read_trees(fingerprint, path)
    parser = grammartrees.ExpressionParser(lambda: _REFERENCE, trees)
    for text in ("a", "b", "c + 1"):
        assert grammartrees.encode(parser.parse(text)) == grammartrees.encode(_REFERENCE.parse(text))
    with pytest.raises(UnexpectedInput):
        parser.parse("a +")
    assert grammartrees.read_trees({**fingerprint, "lark": "0"}, path) == {}  # made for another Lark
    assert grammartrees.read_trees(fingerprint, tmp_path / "missing.json") == {}
