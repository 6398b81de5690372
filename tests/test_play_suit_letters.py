"""``whist play --suit-letters`` shows suits as the language's letters, and keeps every other letter.

A terminal or screen reader without ♣♦♥♠ had only ``PYTHONIOENCODING=ascii``, which also wrote
Swedish å ä ö as a a o. The class: with ``--suit-letters``, in English and Swedish, the play screen
holds no suit symbol, the hand is written with the language's suit letters, and the language's own
letters are written as they are.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec import load_ruleset
from rulespec.locale import load_texts

SUITS = "♣♦♥♠♧♢♡♤"


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_suits_are_letters_and_the_rest_is_as_written(lang: str, tmp_path: Path) -> None:
    env = {**os.environ, "WHIST_LANG": lang, "COLUMNS": "100"}
    args = ["play", "--suit-letters", "--seed", "3", "--seat", "3", "--agents", "random", "--save", "s.json"]
    ran = subprocess.run(
        [sys.executable, "-m", "whist", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    shown = ran.stdout
    texts = load_texts(load_ruleset("combo-whist"), lang)
    hand = next(line for line in shown.splitlines() if line.startswith(texts.label("your_hand")))
    assert not [ch for ch in shown if ch in SUITS], shown
    letters = {texts.label(f"suit_letter_{s}") for s in "CDHS"}
    cards = hand.split(":", 1)[1].split()
    assert len(cards) == 13 and all(card[-1] in letters for card in cards), hand
    assert ran.stderr.strip().splitlines()[-1].endswith(" --suit-letters"), ran.stderr  # (the resume command)
    if lang == "sv":
        assert texts.label("scores") in shown and "ä" in texts.label("scores")  # (Poängställning, as written)
