"""A whole-number table option may declare its bounds, and every source of a table's choice keeps them.

``whist simulate --option rounds=-5`` used to be taken (the limited game then ended at its first
completed round), as were ``rounds=0`` and ``rounds=999999999``. A rule set now says
``rounds: {default: 3, min: 1, max: 20}``; the short form ``rounds: 3`` keeps meaning any whole
number (docs/writing-rules.md §2.4). The class: every bounded option of every bundled rule set and
example, one below and one above its bounds and at each bound, from every source — the state API,
the command line (``simulate``, ``play``), a record (``replay``, ``play --resume``) and a scenario —
and the loader's located errors for bounds that cannot hold: one error each, at the line that broke
them (an option with bounds is a whole number to the expressions that read it, whatever its default).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.errors import RuleErrors
from rulespec.locate import bundled_names, bundled_versions
from tests.test_record_fuzz import RECORD
from tests.test_translate_cli import whist

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "tests" / "scenarios" / "game-limited-win.yaml").read_text(encoding="utf-8")
REFS = [
    *bundled_names(),
    *(f"{name}@{version}" for name in bundled_names() for version in bundled_versions(name)),
    *(str(path) for path in sorted((ROOT / "bids" / "examples").glob("*.yaml"))),
]


def _bounded() -> list[tuple[str, str, int, int]]:
    found = []
    for ref in REFS:
        options = load_ruleset(ref).game.options
        for name, (low, high) in options.bounds.items():
            assert low is not None and high is not None, f"{ref}: {name} is bounded on one side only"
            found.append((ref, name, low, high))
    return found


BOUNDED = _bounded()


def test_combo_whist_plays_at_least_one_round() -> None:
    """The rulebook's limited variant plays an agreed number of rounds: none, or fewer, is no game."""
    options = load_ruleset("combo-whist").game.options
    assert options["rounds"] == 3
    assert options.bounds["rounds"] == (1, 20)
    assert ("combo-whist", "rounds", 1, 20) in BOUNDED
    # a house rule that only changes the default keeps the bounds (quick-game: rounds: 2)
    assert ((str(ROOT / "bids" / "examples" / "quick-game.yaml")), "rounds", 1, 20) in BOUNDED
    assert "rounds" not in load_ruleset("combo-whist@1.2.0").game.options  # removed there


def _values(low: int, high: int) -> list[tuple[int, bool]]:
    return [(low - 1, False), (low, True), (high, True), (high + 1, False), (-5, False), (999_999_999, False)]


CASES = [(ref, name, value, ok) for ref, name, low, high in BOUNDED for value, ok in _values(low, high)]


@pytest.mark.parametrize(("ref", "name", "value", "ok"), CASES)
def test_the_state_api_keeps_the_bounds(ref: str, name: str, value: int, ok: bool) -> None:
    rules = load_ruleset(ref)
    if ok:
        assert GameState(rules, rules.game.players.usual, options={name: value}).options[name] == value
    else:
        with pytest.raises(ValueError, match=f"option {name} takes a whole number from "):
            GameState(rules, rules.game.players.usual, options={name: value})


@pytest.mark.parametrize(("ref", "name", "value", "ok"), CASES)
def test_the_command_line_keeps_the_bounds(capsys, ref: str, name: str, value: int, ok: bool) -> None:
    args = ["--option", f"{name}={value}"]
    winning = load_ruleset(ref).game.winning  # (an option only another variant reads is refused)
    variant = ["--variant", "limited"] if name == "rounds" and winning and "limited" in winning.variants else []
    code, out, err = whist(capsys, "simulate", ref, "--games", "1", "--jobs", "1", *args, *variant)
    if ok:
        assert code == 0, err
        return
    assert code == 2, err
    assert f"--option: option {name} takes a whole number from " in err and out == ""
    code, out, err = whist(capsys, "play", ref, "--seat", "0", *args)
    assert code == 2, err
    assert f"option {name} takes a whole number from " in err and out == ""


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
@pytest.mark.parametrize(("value", "ok"), _values(1, 20))
def test_a_record_keeps_the_bounds(tmp_path, capsys, command: list[str], value: int, ok: bool) -> None:
    record: dict[str, Any] = json.loads(json.dumps(RECORD))
    assert record["ruleset"] == "combo-whist" and record["variant"] == "classic"  # rounds changes nothing
    record["options"] = {"rounds": value}
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    code, _, err = whist(capsys, *command, str(tmp_path / "game.json"))
    if ok:
        assert "takes a whole number" not in err
        if command == ["replay"]:
            assert code == 0, err
        return
    assert code == 1, err
    assert f"game.json: $.options.rounds: option rounds takes a whole number from 1 to 20, not {value}" in err


@pytest.mark.parametrize(("value", "ok"), _values(1, 20))
def test_a_scenario_keeps_the_bounds(tmp_path, capsys, value: int, ok: bool) -> None:
    text = SCENARIO.replace("variant: limited\n", f"variant: limited\noptions: {{rounds: {value}}}\n", 1)
    assert text != SCENARIO
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    if not ok:
        assert code == 1
        assert "the scenario's game cannot be played" in err
        assert f"option rounds takes a whole number from 1 to 20, not {value}" in err
        return
    assert "cannot be played" not in err
    # three rounds are completed: the win counts when the table plays three or fewer
    assert (code == 0) == (value <= 3), err


# --- the loader: bounds that cannot hold, at the line that wrote them -------------------------------


def _house_rule(tmp_path: Path, options: str, parent: str = "extends: combo-whist") -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"ruleset: house\nversion: 0.1.0\n{parent}\ngame:\n  options:\n    {options}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("options", "column", "message"),
    [
        ("rounds: {default: 3, min: 5, max: 2}", 31, "option rounds: its min 5 is above its max 2"),
        ("rounds: {max: 0}", 19, "option rounds: its min 1 is above its max 0"),  # the parent's min, the child's max
        ("rounds: {default: 30}", 23, "option rounds: the default 30 is not a whole number from 1 to 20"),
        ("rounds: {max: 2}", 19, "option rounds: the default 3 is not a whole number from 1 to 2"),
        ("rounds: {min: 4}", 19, "option rounds: the default 3 is not a whole number from 4 to 20"),
        ("rounds: 0", 13, "option rounds: the default 0 is not a whole number from 1 to 20"),
        ("rounds: 21", 13, "option rounds: the default 21 is not a whole number from 1 to 20"),
        ("fast: {default: true, max: 1}", 32, "option fast is not a whole number: it cannot have a 'max'"),
        ("word: {default: x, min: 1}", 29, "option word is not a whole number: it cannot have a 'min'"),
        # a house rule that makes the parent's bounded whole number a word: told at its own default
        ("rounds: true", 13, "option rounds: the default true is not a whole number, and the option has a 'min'"),
        ("rounds: {default: x}", 23, "option rounds: the default 'x' is not a whole number, and the option has a"),
        ("rounds: {default: 3, maximum: 4}", 26, "unknown key 'maximum'"),
        ("extra: {min: 1}", 12, "'extra' needs the key 'default'"),
        ("rounds: {default: 1.5}", 23, "expected a whole number, true or false or text for 'default'"),
        ("rounds: [1]", 13, "expected a whole number, true or false, text or a mapping for 'rounds', got a list"),
    ],
)
def test_bounds_that_cannot_hold_are_located(tmp_path, capsys, options: str, column: int, message: str) -> None:
    path = _house_rule(tmp_path, options)
    with pytest.raises(RuleErrors) as caught:
        load_ruleset(str(path))
    shown = [str(error) for error in caught.value.errors]
    # one error, the house rule's: none also at a parent's expression that reads the option
    assert len(shown) == 1 and f"house.yaml:6:{column}: {message}" in shown[0], shown
    code, out, err = whist(capsys, "check", str(path))
    assert code == 1 and f"house.yaml:6:{column}: {message}" in err
    assert f"    {options}" in err and "^" in err  # the line and a caret


@pytest.mark.parametrize(
    ("options", "column", "message"),
    [
        ("rounds: true", 13, "the default true is not a whole number, and the option has a 'min'"),
        ("rounds: {max: 4}", 19, "the default 7 is not a whole number from 1 to 4"),
        ("rounds: {min: 9}", 19, "the default 7 is not a whole number from 9 to 50"),
    ],
)
def test_a_house_rule_of_a_house_rule_is_told_at_its_own_line(tmp_path, options: str, column: int, message: str):
    """Bounds and default written in three files (the bundled set, a house rule, a house rule of that):
    a clash is blamed on the line written last, in the file that broke what its parents said."""
    (tmp_path / "club").mkdir()
    _house_rule(tmp_path / "club", "rounds: {default: 7, max: 50}")
    child = tmp_path / "club" / "child.yaml"
    child.write_text(_house_rule(tmp_path, options, "extends: house.yaml").read_text(encoding="utf-8"))
    with pytest.raises(RuleErrors) as caught:
        load_ruleset(str(child))
    shown = [str(error) for error in caught.value.errors]
    assert len(shown) == 1 and f"child.yaml:6:{column}: option rounds: {message}" in shown[0], shown


BASE_WITH_AN_OPTION = """ruleset: base
version: 0.1.0
extends: combo-whist
game:
  options:
    handicap: 0
    style: fast
    strict: false
bids:
  - id: lucky
    kind: special
    worth: 1
    requires: 'declarer.tricks >= option.handicap and (option.style == "fast") != option.strict'
"""


@pytest.mark.parametrize(
    ("options", "column", "message"),
    [
        ("handicap: true", 15, "option handicap: the default true is not a whole number"),
        ("handicap: {default: word}", 25, "option handicap: the default 'word' is not a whole number"),
        ("style: 3", 12, "option style: the default 3 is not a word"),
        ("strict: slow", 13, "option strict: the default 'slow' is not true or false"),
    ],
)
def test_a_house_rule_that_changes_an_options_kind_is_told_at_its_own_line(
    tmp_path, options: str, column: int, message: str
) -> None:
    """An option without bounds keeps the kind its declaration gave it: a house rule's default of
    another kind is one error, at that default, not a type error at the parent's expression."""
    (tmp_path / "base.yaml").write_text(BASE_WITH_AN_OPTION, encoding="utf-8")
    child = _house_rule(tmp_path, options, "extends: base.yaml")
    with pytest.raises(RuleErrors) as caught:
        load_ruleset(str(child))
    shown = [str(error) for error in caught.value.errors]
    assert len(shown) == 1 and f"house.yaml:6:{column}: {message}" in shown[0], shown
    # a default of the same kind is a house rule's right, also over a grandparent
    same = _house_rule(tmp_path, "handicap: 2", "extends: base.yaml")
    assert load_ruleset(str(same)).game.options["handicap"] == 2


def test_a_bound_on_one_side_only(tmp_path) -> None:
    rules = load_ruleset(str(_house_rule(tmp_path, "laps: {default: 2, min: 0}")))
    assert rules.game.options.bounds["laps"] == (0, None)
    assert GameState(rules, 4, options={"laps": 10**6}).options["laps"] == 10**6
    with pytest.raises(ValueError, match="option laps takes a whole number of at least 0, not -1"):
        GameState(rules, 4, options={"laps": -1})
    rules = load_ruleset(str(_house_rule(tmp_path, "laps: {default: 2, max: 9}")))
    with pytest.raises(ValueError, match="option laps takes a whole number of at most 9, not 10"):
        GameState(rules, 4, options={"laps": 10})


def test_a_house_rule_changes_the_default_and_keeps_or_drops_the_bounds(tmp_path) -> None:
    kept = load_ruleset(str(_house_rule(tmp_path, "rounds: 5"))).game.options
    assert (kept["rounds"], kept.bounds["rounds"]) == (5, (1, 20))
    wider = load_ruleset(str(_house_rule(tmp_path, "rounds: {max: 50}"))).game.options
    assert (wider["rounds"], wider.bounds["rounds"]) == (3, (1, 50))
    free = load_ruleset(str(_house_rule(tmp_path, "rounds: {default: -2, min: null, max: null}"))).game.options
    assert free["rounds"] == -2 and "rounds" not in free.bounds
    assert GameState(load_ruleset(str(tmp_path / "house.yaml")), 4, options={"rounds": -9}).options["rounds"] == -9
    new = load_ruleset(str(_house_rule(tmp_path, "handicap: -1"))).game.options
    assert new["handicap"] == -1 and "handicap" not in new.bounds  # the short form: any whole number


def test_the_interchange_shows_the_bounds_as_rule_files_write_them(capsys) -> None:
    code, out, _ = whist(capsys, "show", "combo-whist", "--format", "json")
    assert code == 0
    assert json.loads(out)["game"]["options"] == {"rounds": {"default": 3, "min": 1, "max": 20}}
    code, out, _ = whist(capsys, "show", "christmas-whist", "--format", "json")
    assert json.loads(out)["game"]["options"] == {"match": "full"}


def test_the_changelog_names_a_changed_default_or_bound(tmp_path, capsys) -> None:
    code, out, _ = whist(capsys, "diff", "combo-whist", str(_house_rule(tmp_path, "rounds: {default: 4, min: 2}")))
    assert code == 0
    assert "- table option rounds 3 → 4\n" in out and "- table option rounds / least value 1 → 2\n" in out
    assert "greatest value" not in out  # unchanged
