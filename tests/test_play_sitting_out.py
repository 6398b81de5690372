"""``whist play`` at a table of five: a deal the person's seat sits out is shown as it goes.

Nothing asks the person anything in such a deal, so it used to pass unseen: the screen jumped
from the title to the deal's last trick and result. Now the auction and every trick are shown,
once each and in order, from the seat's onlooker view, with a line saying that the seat sits out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

SAYS = {"en": "You sit this deal out; the others play it.", "sv": "Du står över den här given; de andra spelar den."}
TRICK = {"en": "Trick", "sv": "Stick"}


def play_one_deal(seat: int, lang: str, tmp: str) -> str:
    env = {**os.environ, "COLUMNS": "120", "WHIST_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    args = [
        "play",
        "--players",
        "5",
        "--seat",
        str(seat),
        "--seed",
        "3",
        "--deals",
        "1",
        "--save",
        f"{tmp}/s{seat}.json",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "whist", *args],
        input="pass\n" * 4 + "1\n" * 40,  # passes, then the first legal card for as long as asked
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_seat_that_sits_the_deal_out_watches_every_trick_once(lang: str, tmp_path: object) -> None:
    outputs = {seat: play_one_deal(seat, lang, str(tmp_path)) for seat in range(5)}
    out = [seat for seat, text in outputs.items() if SAYS[lang] in text]
    assert len(out) == 1  # four of five are dealt in
    shown = outputs[out[0]]
    assert shown.count(SAYS[lang]) == 1
    numbers = [int(n) for n in re.findall(rf"^{TRICK[lang]} (\d+):", shown, re.M)]
    assert numbers == list(range(1, 14))  # every trick, in order, none twice (the end of the deal adds none)
    for seat, text in outputs.items():
        if seat != out[0]:
            assert SAYS[lang] not in text
