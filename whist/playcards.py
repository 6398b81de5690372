"""Card names as a person reads and types them in ``whist play``, in the chosen language.

A card is shown as its rank's short label and its suit's symbol (``Kn♦``). It is typed rank first,
suit last: the suit as its symbol, as the language's letter (Swedish ``K`` klöver, ``R`` ruter) or
as the English letter (the suit's id, ``C D H S``, when the language does not use that letter for
another suit); the rank as its short label (``Kn``, ``D``), its id (``Q``, ``10``) or ``T`` for ten.
So in Swedish ``KK`` is the king of clubs and ``DR`` the queen of diamonds: the rank comes first,
and only the last letter can name the suit, so a rank letter is never read as a suit.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape, render

from rulespec.locale import Texts
from rulespec.model import RuleSet


class CardFormat:
    """Card names as a person reads and types them, in the chosen language."""

    def __init__(self, rules: RuleSet, texts: Texts) -> None:
        self.texts = texts
        self.suits = [s.id for s in rules.game.deck.suits]
        self.ranks = list(rules.game.deck.ranks)
        self.symbol = {s: texts.label(f"suit_symbol_{s}") for s in self.suits}
        self.short = {r: self._short(r) for r in self.ranks}
        self.colors = {s.id: s.color for s in rules.game.deck.suits}
        #: the language's suit letters (typed, upper case) -> suit id; a suit without one has none.
        #: A letter two suits share names neither (``translate check`` refuses such a file; one
        #: read all the same must not make ``AK`` silently mean the last of them).
        given = [
            (texts.label(f"suit_letter_{s}").upper(), s) for s in self.suits if texts.has(f"labels.suit_letter_{s}")
        ]
        #: (nor is it read as the English letter of a suit whose id it is)
        self.shared = {letter for letter, _ in given if sum(other == letter for other, _ in given) > 1}
        self.letters = {letter: s for letter, s in given if letter not in self.shared}

    def _short(self, rank: str) -> str:
        """A rank as a card shows it: the label of a rank that has one (``K``, ``D`` for a queen in
        Swedish), else the rule file's own text (``10``; asked first, so not counted as missing)."""
        return self.texts.label(f"rank_short_{rank}") if self.texts.has(f"labels.rank_short_{rank}") else escape(rank)

    def show(self, name: str, markup: bool = True) -> str:
        rank, suit = name[:-1], name[-1]  # as rich markup (a rank may read "[/]": escaped), or plain
        text = f"{self.short.get(rank, escape(rank))}{self.symbol.get(suit, escape(suit))}"
        if not markup:
            return render(text).plain
        return f"[red]{text}[/red]" if self.colors.get(suit) == "red" else text

    def suit(self, suit: str) -> str:
        return f"{self.symbol.get(suit, suit)} {self.texts.label(f'suit_{suit}')}"

    def letters_text(self) -> str:
        """The suit letters a person may type, each with its suit's name (``K klöver, R ruter, …``)."""
        by_suit = {suit: letter for letter, suit in self.letters.items()}
        return ", ".join(f"{by_suit.get(s, s)} {self.texts.label(f'suit_{s}')}" for s in self.suits)

    def _typed_suit(self, wanted: str) -> tuple[str, str] | None:
        """The suit that ``wanted`` (upper case) ends with, and the rank text before it: a symbol,
        else the language's letter, else the English letter (the suit's id) no language letter takes."""
        endings = [(symbol.upper(), suit) for suit, symbol in self.symbol.items() if symbol]
        endings += sorted(self.letters.items(), key=lambda item: -len(item[0]))
        endings += [(suit.upper(), suit) for suit in self.suits if suit.upper() not in {*self.letters, *self.shared}]
        for ending, suit in endings:
            if ending and wanted.endswith(ending) and len(wanted) > len(ending):
                return wanted[: -len(ending)], suit
        return None

    def parse(self, text: str, options: tuple[Any, ...]) -> str | None:
        """The card name that ``text`` means among ``options``, or None."""
        typed = self._typed_suit(text.strip().upper().replace(" ", ""))
        if typed is None:
            return None
        rank_text, suit = typed
        for option in options:
            name = str(option)
            rank = name[:-1]
            forms = {rank.upper(), render(self.short.get(rank, rank)).plain.upper(), *(("T",) if rank == "10" else ())}
            if name[-1] == suit and rank_text in forms:
                return name
        return None

    def sorted_hand(self, cards: tuple[str, ...]) -> list[str]:
        order = {s: i for i, s in enumerate(self.suits)}
        value = {r: i for i, r in enumerate(self.ranks)}
        return sorted(cards, key=lambda c: (order.get(c[-1], 0), value.get(c[:-1], 0)))
