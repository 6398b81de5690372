"""Suit letters a person could not tell apart when typing a card are refused by ``translate check``.

In ``whist play`` a card is typed rank first and suit last: the suit as its symbol, its letter in
the language, or its English letter (its id) when no suit's letter takes that. A German
translation gave clubs and diamonds the letter ``K`` (Kreuz, Karo): ``import`` and ``check``
accepted it, the hand showed two suits as ``K``, and typing ``AK`` meant diamonds (the last suit
given the letter won). Refused now are: one letter for two suits; a letter that is another suit's
symbol; a letter that ends another suit's letter when what is left before it is a rank too
(``NR`` and ``R``: ``KNR`` reads as king + ``NR`` and as knekt + ``R``). Not refused: a suit letter
that is also a rank's (Swedish ``K``, klöver and kung), since only the last letters name the suit.
And a file read all the same never makes a shared letter mean one of the suits.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.markup import escape

from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.translations import status
from tests.test_translate_cli import edit, whist
from tests.test_translate_cli import locales as locales  # the fixture: a copy of the project's locales/
from whist.playcards import CardFormat

#: Swedish suit letters as shipped (K klöver, R ruter, H hjärter, S spader), then changed: the
#: letters given, and whether a typed card could then be read as two suits.
CASES = {
    "as shipped": ({}, False),
    "one letter, two suits": ({"D": "K"}, True),
    "a letter that is another suit's symbol": ({"H": "♠"}, True),
    "one letter, two suits, in either case": ({"C": "r"}, True),  # typed letters are read in upper case
    "a letter ending another's, a rank left before it": ({"C": "NR"}, True),  # KNR: K + NR, or Kn + R
    "a letter ending another's, no rank left before it": ({"C": "XR"}, False),  # only ?XR + R: X ends no rank
    "a letter that is a rank's too": ({"S": "E"}, False),  # E is the ace: EE is the ace of spades
    "a letter that is another suit's English letter": ({"H": "D"}, False),  # R is diamonds' letter; D then is not
}

SWEDISH = {"C": "K", "D": "R", "H": "H", "S": "S"}


def give_letters(locales: Path, letters: dict[str, str]) -> None:
    path = locales / "sv" / "ui.yaml"
    for suit, letter in letters.items():
        edit(path, f"  suit_letter_{suit}: {SWEDISH[suit]}\n", f'  suit_letter_{suit}: "{letter}"\n')


@pytest.mark.parametrize("case", CASES)
def test_check_refuses_suit_letters_a_typed_card_could_not_tell_apart(locales, capsys, case: str) -> None:
    letters, ambiguous = CASES[case]
    give_letters(locales, letters)
    errors = [str(e) for e in status("sv", load_ruleset("combo-whist")).errors]
    about_suits = [e for e in errors if "could not be told apart in a typed card" in e]
    assert bool(about_suits) == ambiguous, errors
    if ambiguous:
        letter = next(iter(letters.values())).upper()
        line = (locales / "sv" / "ui.yaml").read_text("utf-8").splitlines()[int(about_suits[0].split(":")[1]) - 1]
        assert "suit_letter_" in line and f"'{letter}'" in about_suits[0]  # at a suit letter, naming the new one
        code, out, _ = whist(capsys, "translate", "check", "sv", "combo-whist")
        assert code == 1 and " 0 error(s)" not in out


def test_a_shared_letter_names_neither_suit_when_typed(locales) -> None:
    """A file that check refuses may still be read (``whist play`` does not run check): ``AK`` is
    then not a card, rather than silently the last suit given ``K``; the symbols still are."""
    give_letters(locales, {"D": "K"})
    rules = load_ruleset("combo-whist")
    texts = load_texts(rules, "sv")
    texts.escape = escape
    cards = CardFormat(rules, texts)
    options = ("AC", "AD", "AH", "AS")
    assert cards.parse("EK", options) is None and cards.parse("AK", options) is None
    assert cards.parse("E♣", options) == "AC" and cards.parse("E♦", options) == "AD"
    assert cards.parse("EH", options) == "AH"  # the letters no other suit shares are read as before
    assert "K" not in cards.letters


#: Swedish rank texts as shipped (E ess, K kung, D dam, Kn knekt), then changed: the texts given,
#: and whether two ranks would then read alike on a card or typed.
RANK_CASES = {
    "as shipped": ({}, False),
    "the ace as the king": ({"A": "K"}, True),  # two "K" cards in a hand; KS meant either
    "the knave as another rank's English letter": ({"J": "Q"}, True),  # Q is the queen's id, typed too
    "in either case": ({"Q": "k"}, True),
    "the ten as T": ({"J": "T"}, True),  # T is typed for a 10
    "a text of its own": ({"J": "B"}, False),
}
SWEDISH_RANKS = {"A": "E", "K": "K", "Q": "D", "J": "Kn"}


@pytest.mark.parametrize("case", RANK_CASES)
def test_check_refuses_rank_texts_that_read_alike(locales, case: str) -> None:
    """The same class for ranks: a German file gave the ace ``K`` and the hand showed two kings
    (``import`` and ``check`` said nothing)."""
    given, alike = RANK_CASES[case]
    path = locales / "sv" / "ui.yaml"
    for rank, text in given.items():
        edit(path, f"  rank_short_{rank}: {SWEDISH_RANKS[rank]}\n", f'  rank_short_{rank}: "{text}"\n')
    errors = [str(e) for e in status("sv", load_ruleset("combo-whist")).errors]
    about_ranks = [e for e in errors if "would both read" in e]
    assert bool(about_ranks) == alike, errors
    if alike:
        line = path.read_text("utf-8").splitlines()[int(about_ranks[0].split(":")[1]) - 1]
        assert "rank_short_" in line
