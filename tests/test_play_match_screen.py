"""The end of a match's hand and of the match in ``whist play``, as a person reads them.

Christmas Whist is won by hands won ("Whoever wins the best of the 7 Hands wins the Game"), but
the last screen said only points ("Scores: Seat 0 (you): 0  Seat 1: 0 … Seat 1 wins the match")
and the hands won were a cryptic ``W3`` beside a name (now explained under the table). The
hand's points lacked "(you)" (the record's seats are text) and had an ASCII hyphen for a minus;
a resumed finished game lost every "(you)"; ``--resume X --deals 1`` replayed the finished hand
and played nothing new. Whole matches of every kind of hand are played here through ``whist play``
itself, in both languages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.markup import escape, render

from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from whist.cli import cli

RULES = load_ruleset("christmas-whist")
ANSWERS = "1\n" * 3000  # the first card, the first choice, Enter


def _texts(lang: str) -> Texts:
    texts = load_texts(RULES, lang)
    texts.escape = escape
    return texts


def _play(tmp_path: Path, lang: str, *args: str) -> tuple[str, dict[str, Any]]:
    save = tmp_path / "save.json"
    command = ["play", "--agents", "random", "--lang", lang, *args]
    if "--resume" not in args:
        command = ["play", "christmas-whist", "--seed", "5", "--save", str(save), *command[1:]]
    result = CliRunner().invoke(cli, command, input=ANSWERS)
    assert result.exit_code == 0, result.output
    return result.output, json.loads(save.read_text(encoding="utf-8"))


def _entries(line: str, head: str) -> dict[str, str]:
    """``Head: Seat 0 (you): 6  Seat 1: -5`` as {"Seat 0 (you)": "6", "Seat 1": "-5"}."""
    body = line.split(f"{head}:", 1)[1]
    return {name.strip(): value for name, value in re.findall(r"([^:]+?):\s*(\S+)(?:\s{2,}|$)", body.strip())}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_hand_and_the_match_say_hands_won_and_points_as_shown(tmp_path: Path, lang: str) -> None:
    texts = _texts(lang)
    output, record = _play(tmp_path, lang, "--option", "match=three")
    label = texts.label
    me, other = f"{label('seat_n', n=0)} ({label('you')})", label("seat_n", n=1)
    hands = [d for d in record["deals"] if "contract" in d]
    points_lines = [line for line in output.splitlines() if line.startswith(label("hand_points") + ":")]
    won_lines = [line for line in output.splitlines() if line.startswith(label("hands_won") + ":")]
    assert len(points_lines) == len(won_lines) == len(hands) >= 3
    for deal, points, won in zip(hands, points_lines, won_lines, strict=True):
        shown = _entries(points, label("hand_points"))
        assert set(shown) == {me, other}, points  # the person's seat says "(you)"
        for seat, value in deal["hand_points"].items():
            assert shown[me if seat == "0" else other] == str(value).replace("-", "\u2212")  # a true minus
        counts = _entries(won, label("hands_won"))
        marks = deal["marks"]
        assert counts == {
            me: str(marks.get("0", {}).get("hands_won", 0)),
            other: str(marks.get("1", {}).get("hands_won", 0)),
        }
    winner = record["result"]["winner"]
    final = record["deals"][-1]["marks"]
    total = sum(m.get("hands_won", 0) for m in final.values())
    name = me if winner == 0 else other
    assert label("match_won_by_hands", player=name, n=final[str(winner)]["hands_won"], total=total) in output
    sign = texts.get("marks.hands_won")  # the sign beside a name ("W3") is explained under the table
    assert label("hands_won_sign", sign=sign) in output.split(points_lines[0])[0]


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_resumed_game_counts_new_deals_only_and_keeps_you(tmp_path: Path, lang: str) -> None:
    texts = _texts(lang)
    _, first = _play(tmp_path, lang, "--option", "match=three", "--deals", "1")
    assert len(first["deals"]) == 1
    save = str(tmp_path / "save.json")
    output, second = _play(tmp_path, lang, "--resume", save, "--deals", "1")
    assert len(second["deals"]) == 2  # one new deal, as asked
    _, ended = _play(tmp_path, lang, "--resume", save)
    assert ended["result"] is not None
    output, _ = _play(tmp_path, lang, "--resume", save)  # a finished game: its last hand is shown again
    me = f"{texts.label('seat_n', n=0)} ({texts.label('you')})"
    lines = [line for line in output.splitlines() if line.startswith(texts.label("hand_points"))]
    assert lines and all(me in line for line in lines), output


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_game_stopped_says_how_to_play_on_in_its_language(tmp_path: Path, lang: str) -> None:
    """A game begun with ``--lang sv`` and stopped was told to resume with ``whist play --resume X``,
    which played on in English (a save keeps no language); a game stopped by ``--deals`` said nothing."""
    save = str(tmp_path / "save.json")
    output, _ = _play(tmp_path, lang, "--option", "match=three", "--deals", "1")
    command = f"whist play --resume {save} --lang {lang}"
    flat = "".join(output.split())  # (a long path folds at the window's width)
    assert "".join(render(_texts(lang).label("play_paused", command=escape(command))).plain.split()) in flat
    stopped = CliRunner().invoke(cli, ["play", "--resume", save, "--agents", "random", "--lang", lang], input="1\n")
    assert stopped.exit_code == 1
    said = render(_texts(lang).label("play_stopped", command=escape(command))).plain
    assert "".join(said.split()) in "".join(stopped.output.split()), stopped.output
