"""Incompatibility is symmetric, so every output names a pair on both bids' rows.

docs/writing-rules.md (§ ``incompatible``): "Lock says ``incompatible: [zero]``, and Zero then
also excludes Lock without saying so." A house rule that lists a pair on one side only must
still show it from both sides in ``whist show``, ``whist rules``, the cards, and ``whist diff``
(which says it once, naming both directions). The expectations come from the relation the
auction enforces (``incompatible_ids``), never from the column text itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_translate_cli import whist  # the real entry point, in-process

from printing.cards import card_faces
from rulespec import RuleSet, load_ruleset
from rulespec.bidtext import incompatible_names
from rulespec.locale import load_texts

ROOT = Path(__file__).resolve().parent.parent

ONE_SIDED = """\
ruleset: one-sided
version: 1.5.1+one.1
extends: combo-whist
bids:
  - id: lock
    incompatible: [zero, penalty]
  - id: mail
    incompatible: [hurry, non_trump_bids]
"""

RULE_SETS = ["combo-whist", "christmas-whist", str(ROOT / "bids/examples/club-rules.yaml")]


@pytest.fixture
def one_sided(tmp_path: Path) -> Path:
    path = tmp_path / "one-sided.yaml"
    path.write_text(ONE_SIDED, encoding="utf-8")
    return path


def covered(names: tuple[str, ...], rules: RuleSet) -> set[str]:
    """The bid ids a row's entries stand for (a group stands for its members)."""
    return {member for name in names for member in rules.group_members.get(name, (name,))}


@pytest.mark.parametrize("source", [*RULE_SETS, "one-sided"])
def test_every_row_covers_exactly_the_bids_the_auction_keeps_apart(source, one_sided):
    rules = load_ruleset(str(one_sided) if source == "one-sided" else source)
    for bid in rules.bids.values():
        assert covered(incompatible_names(bid, rules), rules) == set(bid.incompatible_ids), bid.id


def special_pairs(rules: RuleSet) -> list[tuple[str, str]]:
    """Every incompatible pair of special bids (the tables with an Incompatibility column)."""
    special = {b.id for b in rules.special_bids}
    return [(b.id, other) for b in rules.special_bids for other in sorted(b.incompatible_ids) if other in special]


def row_of(output: str, name: str) -> str:
    """The table row (terminal or Markdown) that starts with ``name``."""
    (row,) = [line for line in output.splitlines() if line.strip("│| ").startswith(name + " ")]
    return row


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_show_and_rules_name_a_one_sided_pair_on_both_rows(capsys, one_sided, lang):
    rules = load_ruleset(str(one_sided))
    texts = load_texts(rules, lang)
    pairs = special_pairs(rules)
    assert ("penalty", "lock") in pairs and ("hurry", "mail") in pairs  # written on one side only
    for command in (["show"], ["rules", "--format", "md"]):
        code, out, _ = whist(capsys, *command, str(one_sided), "--lang", lang)
        assert code == 0
        for bid_id, other in pairs:
            assert texts.bid_name(other) in row_of(out, texts.bid_name(bid_id)), (command, bid_id, other)


def test_cards_name_a_one_sided_pair_on_both_cards(one_sided):
    rules = load_ruleset(str(one_sided))
    texts = load_texts(rules, "en")
    faces = {face.bid_id: face for face in card_faces(rules, texts)}
    for bid_id, other in special_pairs(rules):
        (field,) = [f for f in faces[bid_id].fields if f.key == "incompatibility"]
        assert texts.bid_name(other) in field.value, (bid_id, other)


def test_diff_says_a_new_pair_once_naming_both_directions(capsys, one_sided):
    code, out, _ = whist(capsys, "diff", "combo-whist", str(one_sided))
    assert code == 0
    lines = [line for line in out.splitlines() if "incompatible" in line]
    assert "- **Lock**: now incompatible with Penalty, and Penalty with it" in lines
    assert "- **Mail**: now incompatible with Hurry, and Hurry with it" in lines
    assert not [line for line in lines if line.startswith("- **Penalty**") or line.startswith("- **Hurry**")]
