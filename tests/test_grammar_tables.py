"""The shipped LALR tables (``rulespec/grammar.tables.json``) match the grammar and parse alike."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from rulespec import grammartable


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
    monkeypatch.setattr(grammartable, "build_parser", lambda g: built.append(1) or original(g))
    parser = grammartable.expression_parser()
    assert built == [1]
    assert parser.parse("a.b + 1") == original(grammartable.GRAMMAR_PATH.read_text(encoding="utf-8")).parse("a.b + 1")


_REFERENCE = grammartable.build_parser(grammartable.GRAMMAR_PATH.read_text(encoding="utf-8"))
_SHIPPED = grammartable.expression_parser()
_PIECES = "a b.c 1 2.5 'x' + - * / == < >= and or not if else in ( ) [ ] , .. f( max( true @".split() + [" ", "\n"]  # noqa: SIM905 - one line reads better


def _expected(exc: UnexpectedInput) -> list[str]:
    # Lark keeps the expected terminals in a set, whose order varies from run to run.
    return sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12))
def test_shipped_and_built_parsers_agree_on_trees_and_errors(pieces: list[str]) -> None:
    """Same tree (with positions) or the same error at the same place, for any token soup."""
    text = " ".join(pieces)

    def outcome(parser):
        try:
            tree = parser.parse(text)
        except UnexpectedInput as exc:
            return ("error", type(exc).__name__, exc.pos_in_stream, exc.line, exc.column, _expected(exc))
        return ("tree", tree, [(t.line, t.column, t.end_pos) for t in tree.scan_values(lambda _: True)])

    assert outcome(_SHIPPED) == outcome(_REFERENCE)
