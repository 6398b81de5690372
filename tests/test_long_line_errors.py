"""A rule file of one long line with thousands of mistakes is reported in time proportional to them.

``whist check`` of a 250 kB file written as one flow list of 80,000 empty bids (``bids: [{}, {}, …]``)
ran for more than five minutes: each message cleaned the whole long line for its excerpt before
cutting 100 characters of it, and the check that keeps one message per place compared every new
place with every earlier one. Both were quadratic; now an excerpt reads only what it shows, and a
place is looked up once per depth. Work is counted here, never timed.
"""

from __future__ import annotations

from pathlib import Path

import rulespec.errors as errors
from rulespec import load_ruleset
from rulespec.errors import MAX_EXCERPT, Position, RuleError, RuleErrors


def test_an_excerpt_reads_only_the_characters_it_shows(monkeypatch) -> None:
    looked = []
    category = errors.unicodedata.category
    monkeypatch.setattr(errors.unicodedata, "category", lambda ch: looked.append(ch) or category(ch))
    line = "x" * 200_000 + "\t\x1b" + "y" * 200_000
    shown = str(RuleError("broken", Position("f.yaml", 1, 200_002), None, line)).splitlines()
    assert len(looked) <= MAX_EXCERPT
    assert shown[1] == "    …" + "x" * 49 + " ?" + "y" * 49 + "…" and shown[2] == "    " + " " * 51 + "^"


def test_a_long_line_of_mistakes_gets_one_message_each(tmp_path: Path) -> None:
    """Every empty bid is told it needs an id, once, at its own column (none dropped as a consequence)."""
    count = 3000
    path = tmp_path / "house.yaml"
    path.write_text("extends: combo-whist\nbids: [" + ",".join(["{}"] * count) + "]\n", encoding="utf-8")
    try:
        load_ruleset(str(path))
    except RuleErrors as caught:
        found = [e for e in caught.errors if e.position is not None and e.position.line == 2]
    assert len(found) == count
    assert len({e.position.column for e in found if e.position}) == count
    assert all(len(line) <= MAX_EXCERPT + 8 for e in found[:50] for line in str(e).splitlines()[1:2])
