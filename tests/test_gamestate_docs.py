"""``help(GameState)`` teaches the state interface (interpreter/gamestate.py).

Its example called ``choose(...)``, defined nowhere; ``is_over`` had no docstring; ``result`` (an
attribute set as the game ends) was not in ``help()`` at all. The class: the example runs as it is
written, and every public member a caller uses, and every attribute the example reads, is explained.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import pydoc
import textwrap

from interpreter.gamestate import GameResult, GameState


def _example() -> str:
    """The indented block after the class docstring's ``::``."""
    after = (inspect.getdoc(GameState) or "").split("::\n", 1)[1].splitlines()
    block = []
    for line in after:
        if line and not line.startswith(" "):
            break
        block.append(line)
    return textwrap.dedent("\n".join(block))


def test_the_class_example_runs_as_written() -> None:
    scope: dict[str, object] = {"name": "combo-whist"}  # (the example's rule set)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(_example(), "GameState example", "exec"), scope)  # noqa: S102 (our own docstring)
    state = scope["state"]
    assert isinstance(state, GameState) and state.is_over
    assert isinstance(state.result, GameResult) and printed.getvalue().startswith("GameResult(")


def test_every_public_member_has_a_docstring() -> None:
    missing = [
        name
        for name, member in inspect.getmembers(GameState)
        if not name.startswith("_")
        and (callable(member) or isinstance(member, property))
        and not inspect.getdoc(member)
    ]
    assert missing == []


def test_help_names_what_the_example_reads() -> None:
    shown = pydoc.render_doc(GameState, renderer=pydoc.plaintext)
    for name in ("pending", "apply", "view", "is_over", "result", "decisions", "deal_records"):
        assert (
            f"``{name}``" in shown or f":attr:`{name}`" in shown or f"{name}(" in shown or f"\n |  {name}\n" in shown
        ), name
    assert "Whether the game has ended" in shown
    assert "choose(" not in shown
