"""Every per-seat place of a scenario, given a seat or a value of the wrong kind.

A scenario names seats in several places (a decision ``{SEAT: ANSWER}`` or ``{seat: S, answer:
A}``, ``scores``, ``marks`` and ``hands`` as lists or as ``SEAT: VALUE`` mappings, at the top
and in each deal of a game). Whatever a stranger writes there, ``whist replay`` stops with the
place (``file:line:col``), exit 1, before anything is played: never a traceback, and never a
value of the wrong kind carried into the game (a score ``b`` used to surface as an error in the
*rule file*, ``cannot evaluate 'b' >= -5``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_translate_cli import whist

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "tests" / "scenarios" / "game-classic-win.yaml").read_text(encoding="utf-8")
GAME = (ROOT / "tests" / "scenarios" / "game-classic-target-falls.yaml").read_text(encoding="utf-8")

BAD_SEATS = ["x", "1.5", "true", "null", "-1", "12", "seat"]
#: (what is replaced in the scenario, how each bad seat is written there)
SEAT_PLACES = {
    "decision": ("- {1: pass}", "- {{{seat}: pass}}"),
    "decision with seat": ("- {1: pass}", "- {{seat: {seat}, answer: pass}}"),
    "scores": ("scores: [5, 3, 12, 8]", "scores: {{0: 5, {seat}: 3}}"),
    "marks": ("scores: [5, 3, 12, 8]", "scores: [5, 3, 12, 8]\nmarks: {{{seat}: {{potential: 1}}}}"),
    "hands": ("\n  1: QC", "\n  {seat}: QC"),
}
BAD_VALUES = {
    "scores": ("scores: [5, 3, 12, 8]", ["[a, 3, 12, 8]", "[5, true, 12, 8]", "[5, 3, null, 8]", "{0: [1]}"]),
    "marks": (
        "scores: [5, 3, 12, 8]",
        ["{0: 5}", "[5]", "{0: {potential: x}}", "{0: {potential: 1.5}}", "{0: [potential]}"],
    ),
    "hands": ("\n  1: QC KC", ["\n  1: {a: b}\n  9: QC KC", "\n  1: 5\n  9: QC KC"]),
}


def _replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, str, str]:
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    return whist(capsys, "replay", str(tmp_path / "s.yaml"))


def _stops_at_the_place(code: int, out: str, err: str) -> None:
    assert code == 1, (out, err)
    assert re.search(r"s\.yaml:\d+:\d+: not a valid scenario", err), err
    assert "difference" not in out + err  # stopped before anything was played


@pytest.mark.parametrize("seat", BAD_SEATS)
@pytest.mark.parametrize("place", list(SEAT_PLACES))
def test_a_seat_that_is_no_seat_is_refused_at_its_place(tmp_path, capsys, place: str, seat: str) -> None:
    old, new = SEAT_PLACES[place]
    assert old in SCENARIO
    _stops_at_the_place(*_replay(tmp_path, capsys, SCENARIO.replace(old, new.format(seat=seat), 1)))


@pytest.mark.parametrize(
    ("place", "value"), [(place, value) for place, (_, values) in BAD_VALUES.items() for value in values]
)
def test_a_value_of_the_wrong_kind_is_refused_at_its_place(tmp_path, capsys, place: str, value: str) -> None:
    old, _ = BAD_VALUES[place]
    new = value if place == "hands" else f"{old.split(':')[0]}: {value}"
    if place == "marks":
        new = f"{old}\nmarks: {value}"
    assert old in SCENARIO
    _stops_at_the_place(*_replay(tmp_path, capsys, SCENARIO.replace(old, new, 1)))


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_the_deals_of_a_game_are_held_to_the_same_shape(tmp_path, capsys, seat: str) -> None:
    decision = re.search(r"\{(\d+): pass\}", GAME)
    assert decision is not None
    text = GAME.replace(decision.group(0), f"{{{seat}: pass}}", 1)
    _stops_at_the_place(*_replay(tmp_path, capsys, text))


def test_the_good_forms_still_play(tmp_path, capsys) -> None:
    """The same places written right: a seat as ``'1'`` or ``{seat: 1, answer: …}``, scores as a mapping."""
    text = SCENARIO.replace("- {1: pass}", "- {seat: 1, answer: pass}", 1)
    text = text.replace("scores: [5, 3, 12, 8]", "scores: {0: 5, '1': 3, 2: 12, 3: 8}\nmarks: [{}, {potential: 0}]", 1)
    code, out, err = _replay(tmp_path, capsys, text)
    assert code == 0, err
    assert "no difference" in out
