"""Christmas Whist on the command line (``whist simulate`` prints winners and points per kind of
hand), and the interpreter never names the game or its hands.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from christmas_helpers import KINDS, ROOT, RULES

from interpreter.agents import RandomAgent
from interpreter.simulation import play_games
from rulespec.locale import load_texts

# --- the command line -----------------------------------------------------------------------------


def _simulate_output() -> str:
    env = {**os.environ, "WHIST_LANG": "en", "COLUMNS": "120"}
    command = [sys.executable, "-m", "whist", "simulate", "christmas-whist", "--games", "100", "--seed", "1"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _rows(output: str) -> list[list[str]]:
    """The table rows as cells (the column widths depend on the numbers, so they are dropped)."""
    rows = []
    for line in output.splitlines():
        if not re.search(r"\w", line):
            continue
        rows.append([cell.strip() for cell in re.split(r"[│┃]", line) if cell.strip()])
    return rows


def test_simulate_prints_winners_and_points_per_kind_of_hand_and_repeats() -> None:
    texts = load_texts(RULES, "en")
    speed = texts.label("hands_per_second")
    first, second = _simulate_output(), _simulate_output()
    rows = [r for r in _rows(first) if r[0] != speed]
    assert rows == [r for r in _rows(second) if r[0] != speed]
    assert "labels." not in first, first
    by_label = {r[0]: r[1:] for r in rows}

    # The same numbers as the library's summary of the same games.
    data = play_games(RULES, range(100), 1, 2, RandomAgent).to_data(RULES)
    wins = [by_label[texts.label("sim_wins_seat", n=seat)] for seat in (0, 1)]
    assert wins == [[str(data["winners"][str(seat)])] for seat in (0, 1)]
    assert int(wins[0][0]) + int(wins[1][0]) == 100  # seven hands between two: never undecided
    assert by_label[texts.label("hands_played")] == [str(700 + data["replays"])]
    averages = {}
    for kind in KINDS:
        played, tied, average = by_label[texts.bid_name(kind)]
        assert int(played) > 0 and int(tied) == data["hand_types"][kind]["tied"]
        assert average == f"{data['hand_types'][kind]['average_points']:.2f}".replace("-", "\u2212")  # (a true minus)
        averages[kind] = float(average.replace("\u2212", "-"))
    # 11 tricks after the close are shared by two players: +-5.5 a player; melds only add.
    assert averages["tricks_up"] == 5.5 and averages["tricks_down"] == -5.5
    for kind in ("pairs_up", "marriages_up"):
        assert averages[kind] >= 5.5
    for kind in ("pairs_down", "marriages_down"):
        assert averages[kind] >= -5.5


# --- the interpreter knows no game ---------------------------------------------------------------


def test_the_interpreter_never_names_the_game_or_its_hands() -> None:
    words = ("christmas", *KINDS, "marriage", "marriages", "hands_won")
    pattern = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(words) + r")(?![A-Za-z0-9_])", re.IGNORECASE)
    found = []
    for path in sorted((ROOT / "interpreter").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
