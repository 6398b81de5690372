"""What a person types at ``whist play`` is taken up to a bound: a pasted page is cut.

Every refusal echoes the input ("Not understood: …"), and the terminal renderer's time grows
faster than the length of one long word: a 200,000-character line took minutes to refuse. Any
line, whatever its length, comes back from the reader at most :data:`MAX_INPUT_CHARS` long (and
a cut one says so with "…"); every real answer is far shorter and comes back unchanged.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from whist.play import MAX_INPUT_CHARS, console_input


def _read(monkeypatch: pytest.MonkeyPatch, typed: str) -> str | None:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed + "\n"))
    return console_input(Console(file=io.StringIO()))("Your bid")


@pytest.mark.parametrize("length", [MAX_INPUT_CHARS + 1, 20_000, 1_000_000])
def test_a_long_line_is_cut(monkeypatch: pytest.MonkeyPatch, length: int) -> None:
    line = _read(monkeypatch, "x" * length)
    assert line == "x" * MAX_INPUT_CHARS + "…"


@settings(derandomize=True, max_examples=60, deadline=None)
@given(typed=st.text(alphabet=st.characters(blacklist_characters="\n\r"), max_size=MAX_INPUT_CHARS))
def test_every_answer_within_the_bound_comes_back_unchanged(typed: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _read(monkeypatch, typed) == typed


def test_the_longest_real_answer_fits() -> None:
    """Thirteen menu numbers (a whole hand to send) with spaces, and a combo of every bid by name."""
    assert len(" ".join(str(n) for n in range(1, 14))) < MAX_INPUT_CHARS
    assert len("+".join(["abundance"] * 31)) < MAX_INPUT_CHARS
