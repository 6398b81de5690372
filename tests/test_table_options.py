"""Table options (``game.options``) from every source are held to what the rule set declares.

An option can come from the command line (``--option``, checked by the CLI), a scenario's
``options:``, a record's or a save's ``options``, or the state API. From a file, an undeclared
name used to be kept silently and a value of the wrong kind (``rounds: x``) only failed mid-game,
as an error blamed on the *rule file* (``cannot evaluate 3 >= 'x'``), or not at all. Now every
source refuses both before a deal is played: the whole class, over every option every bundled
rule set declares and every kind of wrong value.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from interpreter.gamestate import GameState
from interpreter.tableoptions import option_problem
from rulespec import load_ruleset
from tests.test_record_fuzz import RECORD
from tests.test_translate_cli import whist

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "tests" / "scenarios" / "game-limited-win.yaml").read_text(encoding="utf-8")
RULESETS = ["combo-whist", "christmas-whist", "combo-whist@1.0.0"]


def _wrong_values(default: Any) -> list[Any]:
    """Values of every other kind than ``default``'s (and an empty list and mapping)."""
    values: list[Any] = ["three", 1.5, True, None, [1], {"a": 1}, 7]
    return [v for v in values if type(v) is not type(default)]


CASES = [
    (ref, name, value)
    for ref in RULESETS
    for name, default in load_ruleset(ref).game.options.items()
    for value in _wrong_values(default)
] + [(ref, "no_such_option", 1) for ref in RULESETS]


@pytest.mark.parametrize(("ref", "name", "value"), CASES)
def test_the_state_api_refuses_a_wrong_option(ref: str, name: str, value: Any) -> None:
    rules = load_ruleset(ref)
    with pytest.raises(ValueError, match=name):
        GameState(rules, rules.game.players.usual, options={name: value})


@pytest.mark.parametrize("ref", RULESETS)
def test_every_declared_default_is_an_acceptable_value(ref: str) -> None:
    declared = load_ruleset(ref).game.options
    for option, default in declared.items():
        assert option_problem(declared, option, default) is None


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
@pytest.mark.parametrize("value", ["x", 1.5, True, [1], None])
def test_a_record_with_a_wrong_option_is_refused_at_its_place(tmp_path, capsys, command, value) -> None:
    record = json.loads(json.dumps(RECORD))
    record["options"] = {"rounds": value}
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    code, _, err = whist(capsys, *command, str(tmp_path / "game.json"))
    assert code == 1, err
    assert "game.json: $.options.rounds: option rounds takes a whole number" in err


def test_a_record_with_an_undeclared_option_is_refused(tmp_path, capsys) -> None:
    record = json.loads(json.dumps(RECORD))
    record["options"] = {"round": 3}
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(tmp_path / "game.json"))
    assert code == 1
    assert "$.options.round: 'round' is not an option of this rule set (its options: rounds)" in err


@pytest.mark.parametrize("options", ["{rounds: x}", "{rounds: 1.5}", "{rounds: true}", "{rounds: [1]}", "{round: 3}"])
def test_a_scenario_with_a_wrong_option_stops_before_it_plays(tmp_path, capsys, options: str) -> None:
    """``game-limited-win`` compares ``rounds_completed >= option.rounds``: a text there used to reach it."""
    text = SCENARIO.replace("variant: limited\n", f"variant: limited\noptions: {options}\n", 1)
    assert text != SCENARIO
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    code, out, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    assert code == 1
    assert "the scenario's game cannot be played" in err and "round" in err
    assert "game.yaml" not in err  # not blamed on the rule file


@pytest.mark.parametrize("setting", ["players: 2", "variant: nope"])
def test_a_scenario_the_rule_set_refuses_is_a_message_not_a_traceback(tmp_path, capsys, setting: str) -> None:
    text = SCENARIO.replace("variant: limited\n", f"{setting}\n", 1).replace("players: 4\n", "", 1)
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(tmp_path / "s.yaml"))
    assert code == 1
    assert "the scenario's game cannot be played" in err


def test_right_options_still_play() -> None:
    rules = load_ruleset("christmas-whist")
    state = GameState(rules, 2, seed=1, options={"match": "single"})
    assert state.options["match"] == "single"
    game_rules = load_ruleset("combo-whist")
    assert GameState(game_rules, 4, options={"rounds": 5}).options["rounds"] == 5


@pytest.mark.parametrize("name", RULESETS)
def test_the_state_api_takes_only_the_rule_sets_own_winning_variants(name: str) -> None:
    """A variant a rule set does not have is refused, also by a rule set that has none at all
    (it used to be taken silently there)."""
    rules = load_ruleset(name)
    players = rules.game.players.usual
    with pytest.raises(ValueError, match="nope"):
        GameState(rules, players, seed=1, variant="nope")
    winning = rules.game.winning
    for variant in winning.variants if winning else ():
        assert GameState(rules, players, seed=1, variant=variant).variant == variant


# --- a word that must name one of the rule set's own things (a match schedule) ------------------


def _christmas_record(options: dict[str, Any]) -> dict[str, Any]:
    from interpreter.agents import RandomAgent
    from interpreter.game import Game
    from interpreter.records import to_record

    rules = load_ruleset("christmas-whist")
    game = Game(rules, [RandomAgent(seat) for seat in range(2)], seed=2, options={"match": "single"})
    game.run()
    record: dict[str, Any] = json.loads(json.dumps(to_record(game, "christmas-whist")))
    record["options"] = options
    return record


def test_a_schedule_the_rule_set_does_not_define_is_refused_before_any_hand() -> None:
    """``match: nope`` is a word, as the option's default is, but names no schedule: it used to pass
    every check and stop the game at its first hand."""
    rules = load_ruleset("christmas-whist")
    assert rules.game.match is not None
    for name in rules.game.match.schedules:
        assert GameState(rules, 2, seed=1, options={"match": name}).options["match"] == name
    with pytest.raises(ValueError, match="unknown match schedule 'nope'; known: full, five, three, single"):
        GameState(rules, 2, seed=1, options={"match": "nope"})


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "christmas-whist", "--games", "1", "--jobs", "1"],
        ["play", "christmas-whist", "--seat", "0"],
    ],
)
def test_every_command_refuses_an_unknown_schedule_as_a_usage_error(capsys, command: list[str]) -> None:
    code, out, err = whist(capsys, *command, "--option", "match=nope")
    assert code == 2, err
    assert "--option" in err and "unknown match schedule 'nope'" in err
    assert "Traceback" not in err and out == ""


def test_a_record_naming_an_unknown_schedule_is_refused(tmp_path, capsys) -> None:
    good = _christmas_record({"match": "single"})
    (tmp_path / "good.json").write_text(json.dumps(good), encoding="utf-8")
    assert whist(capsys, "replay", str(tmp_path / "good.json"))[0] == 0
    (tmp_path / "game.json").write_text(json.dumps(_christmas_record({"match": "nope"})), encoding="utf-8")
    code, _, err = whist(capsys, "replay", str(tmp_path / "game.json"))
    assert code == 1, err
    assert "unknown match schedule 'nope'" in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_schedule_may_be_named_as_the_screens_name_it(capsys, lang: str) -> None:
    """The game shows "Match: Fem givar"; ``--option match=fem`` was refused listing ids only. A
    schedule's name in any language (any case) is read as its id; a word that is neither lists both."""
    from rulespec.locale import load_texts

    rules = load_ruleset("christmas-whist")
    texts = load_texts(rules, lang)
    assert rules.game.match is not None
    simulate = ("simulate", "christmas-whist", "--games", "1", "--jobs", "1", "--json", "--option")
    plain = whist(capsys, *simulate, "match=five")
    for schedule in rules.game.match.schedules:
        name = texts.schedule_name(schedule)
        assert name != schedule
        code, out, err = whist(capsys, *simulate, f"match={name.upper()}")
        assert code == 0, err
        if schedule == "five":
            assert json.loads(out)["hands"] == json.loads(plain[1])["hands"]
    code, _, err = whist(capsys, "simulate", "christmas-whist", "--games", "1", "--option", "match=fem")
    assert code == 2 and "five: Five hands / Fem givar" in err, err
