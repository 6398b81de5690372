"""``whist play`` as a Swedish player at a 60-column terminal: a whole Combo Whist deal with a bid of
one's own and a Christmas Whist hand, with ``?`` and Enter alone at each prompt and a wrong input
of each kind.

What such a player met, and the class each test guards:

* a line of entries or a name cut where the terminal wrapped it (``… Plats`` / ``1: 6♠``,
  ``… + Öppen`` / ``Hand``): no name of a seat or a bid is ever broken across lines, and no line
  is wider than the terminal (``whist/entrylines.py``);
* Enter alone at a card's or a bid's prompt answered "Förstod inte: " (not understood: nothing) or
  "a combo bid holds exactly one standard bid (this one holds 0)": it now says what the prompt
  takes, as ``?`` does;
* a rank in a refusal written ``-4`` where the bid menu writes ``−4``;
* English left on the Swedish screen: no English text of the interface or of the rule set's bids.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from rulespec import load_ruleset
from rulespec.locale import load_texts
from tests.test_swedish_output import english_phrases
from whist.entrylines import entry_lines, kept_breaks
from whist.playcards import CardFormat

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 60
#: The end of each prompt, by kind (the prompt may wrap before it).
_S = r"(?:\x1b\[[0-9;]*m)*"  # (styles between a prompt's words and its parenthesis)
PROMPTS = {
    "bid": rf"buden{_S}\){_S} ",
    "card": rf"♠ eller dess nummer{_S}\){_S} ",
    "choice": rf"(?:värdet eller dess nummer|mellanslag|avstå){_S}\){_S} ",
    "enter": "nästa giv",
}
#: What is typed at the first prompt of each kind, one line after the other; then the plain answer.
FIRST_TRIES = {
    "bid": ["?", "", "hej", "99", "3+3", "1+17", "ö", "16"],
    "card": ["?", "", "zz", "99"],
    "choice": ["?", "zz", "99"],
    "enter": ["?"],
}
#: A terminal's styles (bold, colours), which may stand between any two characters of a prompt.
UNSTYLED = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PLAIN = {"bid": "pass", "card": "1", "choice": "1", "enter": ""}


def play_in_swedish(tmp_path: Path, *args: str) -> str:
    """What the terminal showed during one deal of ``whist play`` (``args``), answered as above."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "LANG", "LC_ALL")}
    env.update({"TERM": "xterm", "WHIST_LANG": "sv"})  # (a "dumb" one is 80 columns wide for rich)
    save = tmp_path / "save.json"
    command = ["-m", "whist", "play", *args, "--deals", "1", "--save", str(save)]
    child = pexpect.spawn(
        sys.executable, command, cwd=str(ROOT), dimensions=(40, WIDTH), env=env, encoding="utf-8", timeout=60
    )
    kinds = list(PROMPTS)
    tries = {kind: list(lines) for kind, lines in FIRST_TRIES.items()}
    shown: list[str] = []
    for _ in range(400):
        found = child.expect([*PROMPTS.values(), pexpect.EOF])
        shown.append(UNSTYLED.sub("", child.before + (child.after if isinstance(child.after, str) else "")))
        if found == len(kinds):
            break
        kind = kinds[found]
        line = tries[kind].pop(0) if tries[kind] else PLAIN[kind]
        several = re.findall(r"Dina (\d+) val", UNSTYLED.sub("", child.before))
        if kind == "choice" and line == PLAIN[kind] and several:  # the first ones of the list
            line = " ".join(str(n) for n in range(1, int(several[-1]) + 1))
        child.sendline(line)
    child.close()
    assert child.exitstatus == 0, shown[-1]
    return "".join(shown).replace("\r", "")


@pytest.fixture(scope="module")
def combo_deal(tmp_path_factory: pytest.TempPathFactory) -> str:
    return play_in_swedish(tmp_path_factory.mktemp("combo"), "combo-whist", "--seed", "5")


@pytest.fixture(scope="module")
def christmas_hand(tmp_path_factory: pytest.TempPathFactory) -> str:
    return play_in_swedish(tmp_path_factory.mktemp("christmas"), "christmas-whist", "--seed", "2")


def flat(screen: str) -> str:
    return " ".join(screen.split())


def test_a_whole_combo_deal_with_a_bid_of_ones_own(combo_deal: str) -> None:
    screen = flat(combo_deal)
    assert "Plats 0 (du) budar Obesudlat Bud" in screen and "Given är slut." in screen
    for said in (
        "Inget bud heter ”hej”.",
        "Det finns inget bud med nummer 99 (1–31).",
        "Ett kombinationsbud har exakt ett standardbud (det här har 2).",
        "Inte tillåtet: Ett kombinationsbud behöver rang 1 eller högre (det här: −4).",  # the menu's minus
        "”ö” kan vara Överflöd, Öppen Trumf eller Öppen Hand.",
        "Förstod inte: zz",
        "Det finns inget val med nummer 99",
    ):
        assert said in screen, said
    sv = load_texts(load_ruleset("combo-whist"), "sv")
    # '?' and Enter alone both say what the prompt takes (Enter at a bid: without the whole table)
    help_card = flat(sv.label("help_card", letters=CardFormat(load_ruleset("combo-whist"), sv).letters_text()))
    assert screen.count(flat(sv.label("help_bid"))) == 2 and screen.count(help_card) == 2
    assert "Förstod inte: Ditt" not in screen and "(det här har 0)" not in screen


def test_a_christmas_whist_hand(christmas_hand: str) -> None:
    screen = flat(christmas_hand)
    assert "Julwhist: du sitter på plats 0" in screen and "Stick 11:" in screen
    sv = load_texts(load_ruleset("christmas-whist"), "sv")
    letters = CardFormat(load_ruleset("christmas-whist"), sv).letters_text()
    assert screen.count(flat(sv.label("help_card", letters=letters))) == 2
    assert "Förstod inte: zz" in screen and "Det finns inget val med nummer 99" in screen


@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist"])
def test_no_line_is_wider_than_the_terminal_and_no_name_is_cut(ref: str, combo_deal: str, christmas_hand: str) -> None:
    screen = combo_deal if ref == "combo-whist" else christmas_hand
    lines = [line.rstrip() for line in screen.split("\n")]
    assert [line for line in lines if cell_len(line) > WIDTH] == []
    sv = load_texts(load_ruleset(ref), "sv")
    seats = [sv.label("seat_n", n=n) for n in range(4)]
    names = [*(sv.bid_name(b) for b in load_ruleset(ref).bids), *seats, *(f"{s} ({sv.label('you')})" for s in seats)]
    joined = "\n".join(lines)
    for name in (n for n in names if " " in n):
        for cut in (i for i, ch in enumerate(name) if ch == " "):
            assert f"{name[:cut]}\n{name[cut + 1 :]}" not in joined, f"{name} cut at a line's end"


@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist"])
def test_no_english_is_left_on_the_swedish_screen(ref: str, combo_deal: str, christmas_hand: str) -> None:
    screen = flat(combo_deal if ref == "combo-whist" else christmas_hand)
    english = english_phrases(ref)
    assert english and [phrase for phrase in english if phrase in screen] == []


# --- the wrapping itself, for any entries, names and width ------------------------------------

words = st.text(st.sampled_from("abcåäö♠♥10"), min_size=1, max_size=9)
names = st.lists(words, min_size=1, max_size=3).map(" ".join)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(head=names, entries=st.lists(names, min_size=1, max_size=8), width=st.integers(12, 90))
def test_a_line_of_entries_breaks_between_entries_only(head: str, entries: list[str], width: int) -> None:
    lines = entry_lines(head, entries, width)
    assert lines[0].startswith(f"{head}: {entries[0]}")
    rebuilt = " ".join(" ".join(lines).split())
    assert rebuilt == " ".join(f"{head}: {'  '.join(entries)}".split())  # every entry, in order
    placed = iter(entries)
    for line in lines:
        body = line[len(head) + 2 :] if line is lines[0] else line.strip()
        pieces = body.split("  ")
        assert all(piece == next(placed) for piece in pieces)  # whole entries only on each line
        assert cell_len(line) <= width or len(pieces) == 1


@settings(derandomize=True, max_examples=200, deadline=None)
@given(parts=st.lists(names, min_size=1, max_size=12), width=st.integers(8, 90), data=st.data())
def test_a_text_breaks_between_words_never_inside_a_kept_name(
    parts: list[str], width: int, data: st.DataObject
) -> None:
    kept = sorted({p for p in parts if " " in p and data.draw(st.booleans())}, key=len, reverse=True)
    plain = " + ".join(parts)
    breaks = kept_breaks(plain, kept, width)
    lines = [plain[a:b].rstrip() for a, b in zip([0, *breaks], [*breaks, len(plain)], strict=True)]
    assert " ".join(lines) == plain.replace("  ", " ") or "".join(lines).replace(" ", "") == plain.replace(" ", "")
    for name in kept:
        assert plain.count(name) == sum(line.count(name) for line in lines), name
    for line in lines:
        assert (
            cell_len(line) <= width
            or not any(cell_len(line[:cut]) <= width for cut in (i for i, ch in enumerate(line) if ch == " "))
            or any(name in line for name in kept)
        )
