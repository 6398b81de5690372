"""A param whose value has the wrong type is the param's mistake: told where it is defined.

``params: {free_trick: five}`` used in ``trick.number < free_trick`` was reported at the
comparison ("'<' compares numbers, not text"), while other uses said "param 'free_trick' is
'five' … write a number here" at the param. Every operator and function that can meet a
param's value is tried here with a value of the wrong type; each must blame the param, with
what its place needed. A new function of the language must add its case (the last test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.compiler import FUNCTIONS
from tests.loader_helpers import child, load, the_problem

#: (what it exercises, the expression with P for the param, P's wrong value, what the place needs)
CASES = [
    ("<", "declarer.tricks < P", "five", "a number"),
    (">", "P > declarer.tricks", "five", "a number"),
    ("<=", "declarer.tricks <= P", "five", "a number"),
    (">=", "P >= 1", "five", "a number"),
    ("==", "declarer.tricks == P", "five", "a number"),
    ("!=", "P != declarer", "five", "a player"),
    ("+", "declarer.tricks + P > 1", "five", "a number"),
    ("-", "P - 1 > 1", "five", "a number"),
    ("*", "P * 2 > 1", "five", "a number"),
    ("/", "declarer.tricks / P > 1", "five", "a number"),
    ("%", "declarer.tricks % P == 0", "five", "a number"),
    ("neg", "-P < 0", "five", "a number"),
    ("and", "P and true", 5, "a bool"),
    ("or", "false or P", 5, "a bool"),
    ("not", "not P", 5, "a bool"),
    ("if", "(1 if declarer.tricks > 3 else P) > 0", "five", "a number"),
    ("if-condition", "(1 if P else 2) > 0", 5, "a bool"),
    ("range", "count(1..P) > 0", "five", "a number"),
    ("in-right", "declarer.tricks in P", "five", "a list"),
    ("in-left", "P in [1, 2]", "five", "a number"),
    ("list", "count([1, P]) > 0", "five", "a number"),
    ("method", "declarer.tricks_in(P) > 0", 3, "a list of number"),
    ("count", "count(P) > 0", 3, "a list"),
    ("any", "any(P)", 3, "a list"),
    ("all", "all(P, player.tricks > 0)", 3, "a list"),
    ("filter", "count(filter(P, player.tricks > 0)) > 0", 3, "a list"),
    ("first", "first(P) == declarer", 3, "a list"),
    ("sum", "sum(P) > 0", 3, "a list"),
    ("max", "max(P, 3) > 1", "five", "a number"),
    ("min", "min(1, P) > 0", "five", "a number"),
    ("abs", "abs(P) > 0", "five", "a number"),
    ("floor", "floor(P) > 0", "five", "a number"),
    ("left_of", "left_of(P) == declarer", 5, "a player"),
    ("right_of", "right_of(P) == declarer", 5, "a player"),
    ("others", "count(others(P)) > 0", 5, "a player"),
]


def _house(tmp_path: Path, name: str, expression: str, value: object, where: str) -> Path:
    game = f"game:\n  params: {{p: {value!r}}}\n" if where == "game" else ""
    bid = f"    params: {{p: {value!r}}}\n" if where == "bid" else ""
    return child(
        tmp_path,
        f"{game}bids:\n  - id: house\n    kind: special\n    worth: 1\n{bid}"
        f"    requires: '{expression.replace('P', 'p')}'\n",
        f"{name}-{where}.yaml",
    )


@pytest.mark.parametrize(("what", "expression", "value", "wanted"), CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("where", ["game", "bid"])
def test_a_wrongly_typed_param_is_told_at_its_definition(
    tmp_path: Path, what: str, expression: str, value: object, wanted: str, where: str
) -> None:
    path = _house(tmp_path, what.replace("/", "slash").replace("%", "mod"), expression, value, where)
    error = the_problem(path)
    assert error.message == f"param 'p' is {value!r}, but bids.house.requires uses it as {wanted}"
    assert error.hint == f"write {wanted} here"
    assert error.position is not None and error.position.line == (3 if where == "game" else 6)


def test_a_param_of_the_right_type_passes_in_every_case(tmp_path: Path) -> None:
    """The cases fail for the value's type only: a value that fits loads (so the test is not vacuous)."""
    fitting = {"a number": 2, "a bool": True}  # (the others: a list or a player, which no param can be)
    for what, expression, _, wanted in CASES:
        if wanted in fitting:
            path = _house(tmp_path, f"ok-{what}".replace("/", "slash").replace("%", "mod"), expression, "", "game")
            text = path.read_text(encoding="utf-8").replace("{p: ''}", f"{{p: {fitting[wanted]!r}}}")
            path.write_text(text, encoding="utf-8")
            load(path)


def test_every_function_that_takes_a_value_has_a_case() -> None:
    covered = {case[0] for case in CASES}
    assert set(FUNCTIONS) - {"answered"} <= covered  # answered() takes a step's name, never a value
