"""Hints for the slips of someone who knows another language's operators, or YAML less well.

tests/broken/70-78 show one case of each in a whole rule file; these tests go over the class:
every operator spelling of other languages, wherever it stands, and every bid named by its
English name (any case, the rule set's own texts included) where an id is wanted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loader_helpers import the_problem, write

from rulespec.expressions import ExpressionSyntaxError, parse

FOREIGN = {
    "=": "use == to compare",
    "=>": "write >= for 'at least'",
    "=<": "write <= for 'at most'",
    "&&": "write 'and'",
    "||": "write 'or'",
    "&": "write 'and'",
    "|": "write 'or'",
}


@pytest.mark.parametrize("written", FOREIGN)
@pytest.mark.parametrize("template", ["a {} b", "(a {} b)", "x and a{}b", "f(a {} 1, 2)"])
def test_an_operator_of_another_language_gets_this_ones(written: str, template: str) -> None:
    text = template.format(written)
    with pytest.raises(ExpressionSyntaxError) as info:
        parse(text)
    assert info.value.offset == text.index(written)  # the caret stays on the culprit
    assert info.value.hint == FOREIGN[written]


@pytest.mark.parametrize("text", ["!a", "not !a", "a and !b"])
def test_an_exclamation_mark_means_not(text: str) -> None:
    with pytest.raises(ExpressionSyntaxError) as info:
        parse(text)
    assert info.value.offset == text.index("!")
    assert info.value.hint is not None and "'not'" in info.value.hint


@pytest.mark.parametrize("text", ["a != b", "a >= b", "a <= b", "a == b", "not a", "a and b or c"])
def test_what_this_language_writes_still_parses(text: str) -> None:
    parse(text)


HOUSE_TEXTS = """\
language: en
ruleset: house
bids:
  hurry: {name: Rush}
  quick: {name: Quick Step}
"""


@pytest.mark.parametrize(
    ("key", "written", "bid_id"),
    [
        ("incompatible", "Ending Dog", "ending_dog"),
        ("incompatible", "ENDING  DOG", "ending_dog"),  # any case, any spacing
        ("incompatible", "Rush", "hurry"),  # the house rule's own name for a parent's bid
        ("events_after", "Master Mail", "master_mail"),
        ("incompatible", "Quick Step", "quick"),  # a bid the house rule adds
    ],
)
def test_a_bid_named_by_its_name_gets_its_id(tmp_path: Path, key: str, written: str, bid_id: str) -> None:
    write(tmp_path / "locales" / "en" / "house.yaml", HOUSE_TEXTS)
    path = write(
        tmp_path / "house.yaml",
        f"ruleset: house\nversion: '1'\nextends: combo-whist\n"
        f"bids:\n  - id: quick\n    kind: special\n    worth: 1\n    {key}: [{written}]\n",
    )
    problem = the_problem(path)
    assert problem.message.startswith(f"'{written}' is not a valid name")
    assert problem.hint == f"that is a bid's name; write its id, {bid_id}"


def test_a_name_no_bid_has_keeps_the_usual_hint(tmp_path: Path) -> None:
    path = write(
        tmp_path / "house.yaml",
        "extends: combo-whist\nbids:\n  - id: quick\n    kind: special\n    worth: 1\n    incompatible: [Big Dog]\n",
    )
    assert the_problem(path).hint == "use lower_snake_case, e.g. my_bid"


@pytest.mark.parametrize("key", ["incompatible", "events_after"])
def test_one_name_where_a_list_is_wanted(tmp_path: Path, key: str) -> None:
    path = write(
        tmp_path / "house.yaml",
        f"extends: combo-whist\nbids:\n  - id: quick\n    kind: special\n    worth: 1\n    {key}: zero\n",
    )
    problem = the_problem(path)
    assert problem.message == f"expected a list for '{key}', got text" and problem.hint == "write [zero]"


@pytest.mark.parametrize(
    ("place", "shown"),
    [
        ("requires: [declarer]", 'requires: "[declarer]"'),
        ("steps:\n      - choose: {who: declarer, what: number, from: [1, 2], as: n}", 'from: "[1, 2]"'),
    ],
)
def test_an_unquoted_list_where_an_expression_is_wanted(tmp_path: Path, place: str, shown: str) -> None:
    path = write(
        tmp_path / "house.yaml",
        f"extends: combo-whist\nbids:\n  - id: quick\n    kind: special\n    worth: 1\n    {place}\n",
    )
    assert the_problem(path).hint == f"quote it, or YAML reads a list: {shown}"
