"""Every field of a scenario, given a value of the wrong kind: a located error, exit 1, never a traceback.

A scenario comes from a stranger as often as a rule file does. Each field of a valid scenario (a
deal, and a game of deals) is replaced in turn by values it cannot hold, and ``whist replay`` must
stop with the place (``file:line:col``) and exit 1: not a traceback (``tricks_won: {x: 6}`` was a
ValueError, ``hand_number: 8`` of a Christmas match an IndexError), and not a pass.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.test_translate_cli import whist

HERE = Path(__file__).parent / "scenarios"
DEAL = yaml.safe_load((HERE / "trump-basic.yaml").read_text(encoding="utf-8"))
GAME = yaml.safe_load((HERE / "game-classic-target-falls.yaml").read_text(encoding="utf-8"))
XMAS = yaml.safe_load((HERE / "xmas-pairs-down.yaml").read_text(encoding="utf-8"))

NOT_A_NUMBER: list[Any] = ["x", 1.5, [1], {"a": 1}, True]
NOT_A_TEXT: list[Any] = [5, ["a"], {"a": 1}, True, "x"]  # ("x": no such rule set, variant, policy)
NOT_A_LIST: list[Any] = ["x", 5, {"a": 1}, [5], [[1]], [{"a": {"b": 1}}]]
#: (the path of a field, the wrong values for it)
FIELDS: list[tuple[tuple[Any, ...], list[Any]]] = [
    (("ruleset",), NOT_A_TEXT),
    (("players",), [*NOT_A_NUMBER, 1, 99]),
    (("dealer",), [*NOT_A_NUMBER, -1, 4, 99]),
    (("seed",), NOT_A_NUMBER),
    (("rounds_completed",), [*NOT_A_NUMBER, -1]),
    (("hand_number",), [*NOT_A_NUMBER, 0, 1]),  # (a deal of Combo Whist is no hand of a match)
    (("variant",), NOT_A_TEXT),
    (("fill",), NOT_A_TEXT),
    (("options",), ["x", 5, [1], {"a": 1}, {"rounds": "x"}]),
    (("scores",), ["x", 5, True, ["x"], {0: "x"}, [0, 0, 0, 0, 0]]),
    (("marks",), ["x", 5, [5], {0: 5}, {0: {"potential": "x"}}]),
    (("hands",), ["x", 5, True, {0: 5}, {0: {"a": 1}}]),
    (("hands", 0), [5, {"a": 1}, "x", [1], ""]),
    (("stock",), [5, {"a": 1}, "x", "2C"]),
    (("decisions",), NOT_A_LIST),
    (("decisions", 0), ["x", 5, [1], {}, {1: {"standard": 5}}, {"seat": "x", "answer": "pass"}]),
    (("tricks",), NOT_A_LIST),
    (("tricks", 0), [5, {"a": 1}, "x y z w", "2C"]),
    (("expect",), ["x", 5, [1]]),
    *(
        (("expect", key), ["x", {"x": 1}])
        for key in ("declarer", "trick_winners", "tricks_won", "completed", "points", "scores", "marks")
    ),
    *((("expect", key), [5, ["a"]]) for key in ("trump", "error")),
    (("expect", "combo_worth"), ["x", [1]]),
    (("expect", "deals"), [1]),  # (a key of a game's end, not of a deal)
]
GAME_FIELDS: list[tuple[tuple[Any, ...], list[Any]]] = [
    (("deals",), ["x", 5, {"a": 1}, [5], ["x"]]),
    (("deals", 0, "hands"), ["x", 5, {0: 5}]),
    (("deals", 0, "fill"), ["x", 5]),
    (("deals", 0, "expect"), ["x", [1], {"next_dealer": "x"}, {"winner": 9}]),
    (("deals", 0, "extra"), [1]),
    (("expect", "winner"), ["x", 9]),
    (("expect", "deals"), ["x", -1]),
    (("expect", "declarer"), [1]),  # (a key of a deal, not of a game's end)
]
XMAS_FIELDS: list[tuple[tuple[Any, ...], list[Any]]] = [
    (("hand_number",), [0, 8, 1000, "x"]),
    (("stock",), ["8S AS", [1]]),
    (("expect", "hand_points"), [{"x": 1}, {5: 1}, "x"]),
    (("expect", "melds"), ["x", 5]),
]


def _cases(base: str, fields: list[tuple[tuple[Any, ...], list[Any]]]) -> list[Any]:
    return [
        pytest.param(base, path, value, id=f"{base}:{'.'.join(map(str, path))}={value!r}")
        for path, values in fields
        for value in values
    ]


CASES = _cases("deal", FIELDS) + _cases("game", GAME_FIELDS) + _cases("xmas", XMAS_FIELDS)
BASES = {"deal": DEAL, "game": GAME, "xmas": XMAS}


def _with(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of ``data`` with ``value`` at ``path``."""
    copy = yaml.safe_load(yaml.safe_dump(data))
    place = copy
    for part in path[:-1]:
        place = place[part]
    place[path[-1]] = value
    return copy


@pytest.mark.parametrize(("base", "path", "value"), CASES)
def test_a_field_of_the_wrong_kind_is_a_located_error(
    tmp_path, capsys, base: str, path: tuple[Any, ...], value: Any
) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(yaml.safe_dump(_with(BASES[base], path, value), sort_keys=False), encoding="utf-8")
    code, out, err = whist(capsys, "replay", str(file))  # (it asserts that no traceback was printed)
    assert code == 1, out + err
    assert re.search(r"s\.yaml:\d+:\d+: ", err), out + err
    assert "difference" not in out + err  # refused as a mistake in the file, not found by playing it


@pytest.mark.parametrize("base", list(BASES))
def test_the_scenarios_mutated_are_valid(tmp_path, capsys, base: str) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(yaml.safe_dump(BASES[base], sort_keys=False), encoding="utf-8")
    code, out, err = whist(capsys, "replay", str(file))
    assert code == 0 and "no difference" in out, out + err
