"""A rule set reference with no name ('' or only a version, '@1.0') names no rule set.

It was taken as the folder of every bundled rule set (``bids/``), and the error said that folder
"holds no .yaml rule files", with the install path and no place in the file that named it. Every
way a name reaches :func:`rulespec.locate.locate` (the command line, a record passed as data or read
from a file) must say that no rule set is named, and where.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.gamestate import GameState
from interpreter.recordcheck import RecordError
from interpreter.records import state_from_record, to_record
from rulespec import RuleError, load_ruleset
from rulespec.locate import BUNDLED_DIR
from tests.test_translate_cli import whist

NAMELESS = ["", "@1.0", "@1.5.1", "@", "@combo-whist"]
RECORD = json.loads(json.dumps(to_record(GameState(load_ruleset("combo-whist"), 4, seed=1), "combo-whist")))


@pytest.mark.parametrize("ref", NAMELESS)
def test_loading_a_nameless_reference_says_no_rule_set_is_named(ref: str) -> None:
    with pytest.raises(RuleError, match="^no rule set is named") as refused:
        load_ruleset(ref)
    assert str(BUNDLED_DIR) not in str(refused.value) and "holds no" not in str(refused.value)


@pytest.mark.parametrize("command", ["check", "show", "simulate"])
@pytest.mark.parametrize("ref", NAMELESS)
def test_a_nameless_reference_on_the_command_line_is_refused(capsys, command: str, ref: str) -> None:
    code, _, err = whist(capsys, command, ref)
    assert code != 0
    assert "no rule set is named" in err and str(BUNDLED_DIR) not in err


@pytest.mark.parametrize("where", [None, Path(__file__).parent / "data" / "table-record.json"])
@pytest.mark.parametrize("ref", NAMELESS)
def test_a_record_naming_no_rule_set_is_refused_at_its_field(ref: str, where: Path | None) -> None:
    with pytest.raises(RecordError, match=r": \$\.ruleset: no rule set is named") as refused:
        state_from_record({**RECORD, "ruleset": ref}, path=where)
    assert str(refused.value).startswith(f"{where or 'record'}: ")


def test_a_saved_record_naming_no_rule_set_is_refused_by_replay(capsys, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps({**RECORD, "ruleset": ""}), encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(saved))
    assert code == 1
    assert f"{saved}: $.ruleset: no rule set is named" in err
