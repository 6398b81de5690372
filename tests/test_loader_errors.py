"""Errors of layered rule sets point at the file that says it (the child or the parent), with the
line; and loading leaves the garbage collector as it found it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from loader_helpers import BUNDLED, child, problems, the_problem

from rulespec import RuleError, load_ruleset


def line_of(path: Path, needle: str) -> int:
    """The 1-based number of the line of ``path`` that contains ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# --- errors point at the file that says it ------------------------------------------------------


def test_error_in_a_new_bid_points_at_the_child(tmp_path: Path) -> None:
    path = child(
        tmp_path,
        """\
        bids:
          - id: lone_wolf
            kind: special
            worth: 2
            requires: declarer.tricks > max(oponents, player.tricks)
        """,
    )
    error = the_problem(path)
    assert error.message == "unknown name 'oponents'"
    assert error.position is not None
    assert error.position.path == str(path)
    assert error.position.line == line_of(path, "oponents")
    assert error.position.column == path.read_text().splitlines()[error.position.line - 1].index("oponents") + 1


def test_error_in_a_changed_field_points_at_the_child(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: plague\n    bonus: count(declarer.won, card.suit == 'X')\n")
    error = the_problem(path)
    assert error.message == "unknown suit 'X'"
    assert error.position is not None and error.position.path == str(path) and error.position.line == 4


def test_error_in_a_parents_text_points_at_the_parent(tmp_path: Path) -> None:
    # Removing an option the parent's rules read breaks the parent's expression: the message
    # points at the parent's line that uses it.
    found = problems(child(tmp_path, "game:\n  options: {rounds: null}\n"))
    game = BUNDLED / "game.yaml"
    assert [e.message for e in found] == ["unknown option 'rounds'"]
    assert all(e.position and Path(e.position.path).resolve() == game.resolve() for e in found)
    assert {e.position.line for e in found if e.position} == {line_of(game, "rounds_completed >= option.rounds")}


def test_schema_error_in_a_child_points_at_the_child(tmp_path: Path) -> None:
    path = child(tmp_path, "bids:\n  - id: plague\n    worth: [2]\n")
    error = the_problem(path)
    assert error.position is not None and error.position.path == str(path) and error.position.line == 4


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("ref", ["combo-whist", "no-such-rule-set"])
def test_a_load_leaves_the_garbage_collector_as_it_found_it(enabled: bool, ref: str) -> None:
    """load_ruleset pauses the cyclic collector while it runs (for speed), loaded or refused."""
    import contextlib
    import gc

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        with contextlib.suppress(RuleError):
            load_ruleset(ref)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
