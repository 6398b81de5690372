"""The expression parser's LALR tables, built once and shipped as JSON beside ``grammar.lark``.

Building the parser from ``grammar.lark`` costs about 50 ms (Lark analyses the grammar and
computes the LALR tables), most of a rule set's load. The tables never change while the grammar
and Lark stay the same, so they are written to ``grammar.tables.json`` (JSON, not pickle: loading
it runs no code) together with the grammar's SHA-256 and Lark's version. :func:`expression_parser`
uses the file only when both match; otherwise (a changed grammar, another Lark, a missing or
broken file) it builds the parser from the grammar as before — slower, never wrong.

Regenerate after editing the grammar: ``python -m rulespec.grammartable`` (a test checks that the
shipped file is current). It also writes the parse trees of the bundled rule sets' expressions
(:mod:`rulespec.grammartrees`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import lark
from lark import Lark

from rulespec.fastlark import PLUGINS
from rulespec.grammartrees import TREES_PATH, ExpressionParser, bundled_expressions, read_trees, trees_data

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
TABLES_PATH = Path(__file__).with_name("grammar.tables.json")
_OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}
# JSON keys are strings; Lark's tables have integer keys (states), so such a dict is written
# as a tagged list of pairs.
_PAIRS = "__pairs__"


def _fingerprint(grammar: str) -> dict[str, str]:
    return {"grammar_sha256": hashlib.sha256(grammar.encode("utf-8")).hexdigest(), "lark": lark.__version__}


def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value) and _PAIRS not in value:
            return {key: _encode(item) for key, item in value.items()}
        return {_PAIRS: [[_encode(key), _encode(item)] for key, item in value.items()]}
    if isinstance(value, (list, tuple)):
        return [_encode(item) for item in value]
    return value


def _decode_pairs(obj: dict[str, Any]) -> Any:
    if set(obj) == {_PAIRS}:
        return {_hashable(key): item for key, item in obj[_PAIRS]}
    return obj


def _hashable(key: Any) -> Any:
    return tuple(_hashable(item) for item in key) if isinstance(key, list) else key


def build_parser(grammar: str, plugins: dict[str, Any] | None = None) -> Lark:
    """The parser built from the grammar text (the slow way; without ``plugins``, the reference)."""
    return Lark(grammar, **_OPTIONS, _plugins=plugins or {})


def tables_data(parser: Lark, grammar: str) -> dict[str, Any]:
    """What ``grammar.tables.json`` holds for ``parser``: its serialized tables and fingerprint."""
    data, memo = parser.memo_serialize([lark.lexer.TerminalDef, lark.grammar.Rule])
    return {**_fingerprint(grammar), "data": _encode(data), "memo": _encode(memo)}


def expression_parser() -> ExpressionParser:
    """The expression parser: the shipped trees of the bundled expressions (:mod:`rulespec.grammartrees`),
    and for other texts Lark, from the shipped tables when they fit, else built from the grammar;
    with the shortcuts of :mod:`rulespec.fastlark` either way."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    return ExpressionParser(lambda: lark_parser(grammar), read_trees(_fingerprint(grammar)))


def lark_parser(grammar: str) -> Lark:
    """Lark's parser of ``grammar``: from the shipped tables when they fit, else built."""
    try:
        stored = json.loads(TABLES_PATH.read_text(encoding="utf-8"), object_hook=_decode_pairs)
        if isinstance(stored, dict) and all(stored.get(k) == v for k, v in _fingerprint(grammar).items()):
            # The options (LALR, positions, placeholders) are part of the stored data. The public
            # Lark.load takes no options, and the fast lexer needs _plugins: its dict loader does.
            parser: Lark = Lark._load_from_dict(stored["data"], stored["memo"], _plugins=PLUGINS)  # type: ignore[no-untyped-call]  # noqa: SLF001
            return parser
    except Exception:  # noqa: BLE001 - any problem with the cache means: build the parser instead
        pass
    return build_parser(grammar, PLUGINS)


def write_tables(path: Path = TABLES_PATH, trees_path: Path = TREES_PATH) -> None:
    """Write the tables for the current grammar and Lark, and the trees of the bundled expressions
    (each file atomically: a temporary file, renamed)."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    parser = build_parser(grammar)
    _write_json(path, tables_data(parser, grammar))
    _write_json(trees_path, trees_data(parser, bundled_expressions(), _fingerprint(grammar)))


def _write_json(path: Path, data: dict[str, Any]) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    temporary.replace(path)


if __name__ == "__main__":
    write_tables()
    print(f"wrote {TABLES_PATH} and {TREES_PATH}")
