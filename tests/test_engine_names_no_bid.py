"""The engine names no bid and no game: a rule lives in its rule set's data, never in interpreter/.

The developers' guide puts it as a command: ``grep -riw BID interpreter/`` finds nothing, for every
bid id of every bundled rule set (all versions, the examples) and every rule set's name. The one
exception is a word that is also a word of the rule language itself — a key of the rule file schema
such as ``trump`` (a bid's trump) or ``penalty`` (a bid's penalty field): the engine must be able to
name its own vocabulary even when a rulebook gives a bid the same name. That list is not written by
hand here but read from the schema, so a bid id cannot slip through by being added to it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from rulespec import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def _schema_words() -> set[str]:
    """Every property name of the rule file schema: the words of the rule language."""
    schema = json.loads((ROOT / "rulespec" / "schema" / "ruleset.schema.json").read_text(encoding="utf-8"))
    words: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    words.update(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema)
    return words


def _bundled_rule_sets() -> Iterator[str]:
    """Every bundled rule set: the current ones, every version, and the examples."""
    yield "combo-whist"
    yield "christmas-whist"
    for version in sorted((ROOT / "bids" / "combo-whist" / "versions").glob("*.yaml")):
        yield f"combo-whist@{version.stem}"
    for example in sorted((ROOT / "bids" / "examples").glob("*.yaml")):
        yield str(example)


def _names() -> set[str]:
    names: set[str] = set()
    for source in _bundled_rule_sets():
        rules = load_ruleset(source)
        names.update(bid.id for bid in rules.bids.values())
        names.add(rules.name)
    return names


def test_the_names_cover_both_kinds_of_bid_and_the_games() -> None:
    names = _names()
    # A few of the rulebooks' ids, so that an empty or wrong list cannot pass the test below.
    assert {"misery", "open_hand", "plague", "greed", "combo-whist", "christmas-whist"} <= names
    assert len(names) > 30


def test_interpreter_names_no_bid_and_no_game() -> None:
    allowed = _schema_words()
    assert {"trump", "penalty"} <= allowed  # the two ids that are also words of the language
    hits: list[str] = []
    for name in sorted(_names() - allowed):
        # grep -w: a word is letters, digits and underscores; a game's name has hyphens in it.
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
        for path in sorted((ROOT / "interpreter").rglob("*")):
            if not path.is_file() or path.suffix not in {".py", ".json", ".lark", ".yaml"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{number}: {name}: {line.strip()}")
    assert hits == [], "\n".join(hits)
