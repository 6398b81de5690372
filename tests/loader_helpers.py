"""Small rule files and shortcuts shared by the tests of rule sets as files and folders
(rulespec/loader.py, test_loader_*.py): a tiny game and its bids, ``child`` (a file extending
combo-whist), and ``the_problem`` (the one error that loading a file gives).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulespec import BUNDLED_DIR, RuleError, RuleErrors, RuleSet, load_ruleset

BUNDLED = BUNDLED_DIR / "combo-whist"

#: From the rulebook (its table, copied in tests/data/history/1.5.1.yaml): the standard bids whose Trump column is "no".
NON_TRUMP_STANDARD_BIDS = {
    "misery",
    "uncertainty",
    "limbo",
    "abundance",
    "certainty",
    "master_misery",
    "master_abundance",
    "zero",
    "taintless_bid",
}

TINY_GAME = """\
ruleset: tiny
version: "0.1"
game:
  players: {min: 4, max: 4}
  deck:
    suits: [{id: C}, {id: D}, {id: H}, {id: S}]
    ranks: ["2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K, A]
  deal: {hand_size: 13}
  params: {contract_tricks: 7}
  play: {first_leader: left_of(declarer)}
  scoring: {completed: standard.score, failed: -standard.score}
"""

TINY_BIDS = """\
bids:
  - id: contract
    kind: standard
    worth: 1
    score: 1
    trump: {chosen_by: declarer}
    tricks: {min: contract_tricks}
  - id: nullo
    kind: standard
    worth: 2
    score: 2
    tricks: {exactly: 0}
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load(path: Path) -> RuleSet:
    return load_ruleset(str(path))


def problems(path: Path | str) -> list[RuleError]:
    with pytest.raises(RuleError) as info:
        load_ruleset(str(path))
    error = info.value
    return list(error.errors) if isinstance(error, RuleErrors) else [error]


def the_problem(path: Path | str) -> RuleError:
    found = problems(path)
    assert len(found) == 1, [str(e) for e in found]
    return found[0]


def child(tmp_path: Path, body: str, name: str = "child.yaml") -> Path:
    return write(tmp_path / name, "extends: combo-whist\n" + textwrap.dedent(body))
