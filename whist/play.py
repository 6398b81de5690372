"""A person at the terminal: the human agent of ``whist play``.

Everything shown comes from the :class:`~interpreter.decisions.View` the engine gives the
player (never more), every word from the locale, every number from the rule data. Input is
forgiving: ``QH``, ``q♥``, ``10♠``, ``ts`` or a menu number for a card; bid names or
numbers joined by ``+``; bad input is explained and asked again.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from interpreter.decisions import Agent, BidAnswer, IllegalDecision, Request, View
from rulespec.locale import Texts
from rulespec.model import RuleSet
from whist.bidfit import bid_layout
from whist.entrylines import print_entries
from whist.playcards import CardFormat
from whist.playhelp import asks_help, asks_state, choice_help_lines, say_help
from whist.playscreen import ask_bid, choice_help, choice_intro, exchanges
from whist.playtable import show_table
from whist.refusals import card_reason, choice_problem, said, typed_number
from whist.tablewords import ascii_only

InputFn = Callable[[str], str | None]  # prompt -> line (None: out of time)
#: Longest input line taken (real answers are under ~40): a pasted page is cut, so its echo stays short.
MAX_INPUT_CHARS = 500


def console_input(console: Console) -> Callable[[str, float | None], str | None]:
    """Read a line from the terminal; with a time limit, None when it runs out."""

    def read(prompt: str, limit: float | None = None) -> str | None:
        console.print(f"[bold]{prompt}[/bold] ", end="")
        if limit is not None and sys.stdin.isatty():
            ready, _, _ = select.select([sys.stdin], [], [], limit)
            if not ready:
                console.print()
                return None
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\n")
        return line if len(line) <= MAX_INPUT_CHARS else line[:MAX_INPUT_CHARS] + "…"

    return read


class HumanAgent(Agent):
    """Asks a person for each decision, showing only what the view allows."""

    def __init__(
        self,
        rules: RuleSet,
        texts: Texts,
        console: Console,
        read: Callable[[str, float | None], str | None],
        target: Callable[[], Any] | None = None,
        clock: bool = False,
        seat: int | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rules = rules
        self.texts = texts
        self.console = console
        self.read = read
        self.target = target
        self.clock = clock
        #: the bid clock's time in seconds (a test gives a clock of its own)
        self.now = now
        #: the person's seat, for what is shown with no view at hand (the report of a deal resumed past)
        self.seat = seat
        self.cards = CardFormat(rules, texts)
        self.seen_auction = 0
        self.seen_tricks = 0
        self.last_deal_key: tuple[Any, ...] | None = None
        self.refusal: str | None = None
        self.hint_shown = False
        self.last_view: View | None = None
        self.held: tuple[str, ...] | None = None  # the hand last seen (cards passed before play are told)
        self.sent_to: int | None = None  # the seat the person's passed cards went to (said with them)
        self.stock_seen: tuple[str | None, int] | None = None  # the face-up card and the stock last seen
        self.shown_facts: dict[str, str] = {}  # what the table showed last (shown again only when changed)

    # -- the table

    def refused(self, request: Request, reason: str) -> None:
        self.say_refused(reason)

    def say_refused(self, reason: str) -> None:
        """Tell the player why their input was refused (the reason in their language)."""
        self.say(self.texts.label("refused", reason=said(reason, self.texts)))

    def say(self, text: str) -> None:
        """A warning line (why an input was not taken), never read as markup."""
        self.console.print(f"[yellow]{escape(text)}[/yellow]")

    def name(self, seat: int, view: View | None) -> str:
        """``Seat 2``, or ``Seat 0 (you)`` for the person's own (the view's seat, else their own)."""
        label = self.texts.label("seat_n", n=seat)
        return f"{label} ({self.texts.label('you')})" if seat == (view.seat if view else self.seat) else label

    def combo_text(self, bids: list[str]) -> str:
        return " + ".join(self.texts.bid_name(b) for b in bids)

    def show_news(self, view: View) -> None:
        # A new deal: another dealer or hand before a declarer (whose steps change hands) or a card.
        key = (view.dealer, view.hand)
        if view.declarer is None and not view.tricks and not view.current_trick and key != self.last_deal_key:
            self.seen_auction = self.seen_tricks = 0
            self.last_deal_key = key
            self.shown_facts = {}
            line = "-" if ascii_only(self.console) else "─"
            self.console.rule(self.texts.label("dealer_is", player=self.name(view.dealer, view)), characters=line)
        if len(view.auction) < self.seen_auction:
            self.seen_auction = 0
        for seat, bid in view.auction[self.seen_auction :]:
            if bid is None:
                self.console.print(self.texts.label("player_passes", player=self.name(seat, view)))
            else:
                text = self.combo_text([bid["standard"], *bid["specials"]])
                self.console.print(self.texts.label("player_bids", player=self.name(seat, view), bid=text))
        self.seen_auction = len(view.auction)
        if len(view.tricks) < self.seen_tricks:
            self.seen_tricks = 0
        for trick in view.tricks[self.seen_tricks :]:
            plays = (f"{self.name(s, view)}: {self.cards.show(c)}" for s, c in trick["plays"])
            print_entries(self.console, self.texts.label("trick_n", n=trick["number"]), plays)
            self.console.print("  " + self.texts.label("wins_trick", player=self.name(trick["winner"], view)))
        self.seen_tricks = len(view.tricks)
        exchanges(self, view)  # (cards passed before the first trick, or drawn after the last one)

    def show_table(self, view: View, *, onlooker: bool = False) -> None:
        """The state of the deal (:func:`whist.playtable.show_table`); ``onlooker``: for a seat that
        sits the deal out, the public facts alone, each once."""
        show_table(self, view, onlooker=onlooker)

    def once(self, key: str, text: str, entries: list[str] | None = None) -> None:
        """Print ``text`` unless it is what was last printed under ``key`` (in this deal); with
        ``entries``, ``text`` is the head of a line of them (:func:`~whist.entrylines.print_entries`)."""
        fact = text if entries is None else repr((text, entries))
        if self.shown_facts.get(key) != fact:
            self.console.print(text) if entries is None else print_entries(self.console, text, entries)
            self.shown_facts[key] = fact

    # -- decisions

    def decide(self, request: Request, view: View | None) -> Any:
        assert view is not None, "a person at the terminal wants the view"
        self.last_view = view
        self.show_news(view)
        if request.kind == "bid":  # (the scores and the menu's names as the screen has room: whist.bidfit)
            layout = bid_layout(self, request, view)
            show_table(self, view, compact=layout.compact)
            return ask_bid(self, request, view, layout.cells, layout.hint, layout.highest)
        self.show_table(view)
        if request.kind == "play":
            if view.meld_leads:  # (the engine names them at one's own lead only)
                leads = " ".join(map(self.cards.show, self.cards.sorted_hand(view.meld_leads)))  # (as the hand)
                self.console.print(self.texts.label("meld_leads", cards=leads))
            return self.ask_card(request)
        return self.ask_choice(request, view)

    def say_state(self, menu: str | None = None) -> None:
        """The deal's state again, every fact of it (``!``), then the prompt's menu."""
        if self.last_view is None:
            return
        self.shown_facts = {}
        show_table(self, self.last_view)
        if menu is not None:
            self.console.print(menu)

    def bid_time(self, view: View) -> float | None:
        """The bid clock's limit in seconds (the rule set's suggestion), when the clock is on."""
        auction = self.rules.game.auction
        if not self.clock or auction is None or "per_bid" not in auction.time_limits:
            return None
        limits = auction.time_limits
        if not view.auction and limits.get("first_bid") is not None:
            return float(limits["first_bid"])  # the first bid's whole time ("but 1 minute before the first bid")
        extra = (limits.get("before_first_bid") or 0) if not view.auction else 0
        return float(limits["per_bid"] + extra)

    def ask_card(self, request: Request) -> str:
        legal = self.cards.sorted_hand(tuple(str(o) for o in request.options))
        menu = "  ".join(f"{i}:{self.cards.show(c)}" for i, c in enumerate(legal, 1))
        self.console.print(menu)
        while True:
            line = self.read(self.texts.label("prompt_card"), None) or ""
            if asks_help(line, self.texts.label, blank=True):
                say_help(self, [self.texts.label("help_card", letters=self.cards.letters_text())], menu)
                continue
            if asks_state(line, lambda text: self.cards.parse(text, request.options) is not None):
                self.say_state(menu)
                continue
            if line.strip().isdecimal() and 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            card = self.cards.parse(line, request.options)
            if card is not None:
                return card
            reason, by_rule = self._card_reason(line, request)
            self.say_refused(reason) if by_rule else self.say(reason)

    def _card_reason(self, line: str, request: Request) -> tuple[str, bool]:
        view = self.last_view
        if view is None:
            return self.texts.label("bad_input", input=line), False
        cards = self.cards
        return card_reason(
            line, request, view, cards.parse, lambda c: cards.show(c, False), cards.symbol, self.texts, self.rules
        )

    def ask_choice(self, request: Request, view: View) -> Any:
        what = request.what or "value"
        label = self.texts.get(f"declarations.{request.name}")
        plural = request.count > 1
        key = {"bid": "choose_contract"}.get(what, f"choose_{what}s" if plural else f"choose_{what}")
        title = self.texts.label(key, n=request.count)
        self.console.print(f"[bold]{title}[/bold] — {label}")
        if request.receiver is not None:  # cards passed: to whom (the rules say "to the right")
            self.sent_to = request.receiver
            self.console.print(self.texts.label("pass_receiver", player=self.name(request.receiver, view)))
        for line in choice_intro(self, request, view):
            self.console.print(line)
        options = list(request.options)
        if what == "card":
            options = self.cards.sorted_hand(tuple(str(o) for o in options))
        if what == "number":  # a number is typed as itself: numbering the numbers would read two ways
            menu = "  ".join(str(o) for o in options)
        else:
            menu = "  ".join(f"{i}:{self._option_text(o, what, view)}" for i, o in enumerate(options, 1))
        self.console.print(menu)
        single = "prompt_number" if what == "number" else "prompt_choice"
        prompt = self.texts.label("prompt_choices", n=request.count) if plural else self.texts.label(single)
        if request.optional:
            prompt = self.texts.label("prompt_optional", prompt=prompt)
        parse = self._parse_option
        while True:
            line = (self.read(prompt, None) or "").strip()
            if request.optional and line in ("-", ""):  # (Enter skips an optional choice; else it asks for help)
                return None
            if asks_state(line, lambda text: parse(text, options, what) is not None):
                self.say_state(menu)
                continue
            if asks_help(line, self.texts.label, lambda text: parse(text, options, what) is not None, True):
                say_help(self, [*choice_help_lines(request, self.texts.label), *choice_help(self, request, view)], menu)
                continue
            # The whole line first: an option's name may have spaces ("ta stick"); else one per word.
            whole = None if plural or not line else parse(line, options, what)
            parts = [line] if whole is not None else line.replace(",", " ").split()
            values = [whole] if whole is not None else [parse(part, options, what) for part in parts]
            distinct = len(set(map(str, values))) == len(values)
            if values and None not in values and len(values) == request.count and distinct:
                answer = values if plural else values[0]
                try:
                    return request.validate(answer)
                except IllegalDecision as exc:
                    self.say_refused(exc.reason)
                    continue
            self.say(choice_problem(self.texts, line, parts, values, options, request.count, what))

    def _option_text(self, option: Any, what: str, view: View) -> str:
        if what == "card":
            return self.cards.show(str(option))
        if what == "suit":
            return self.cards.suit(str(option))
        if what == "player":
            return self.name(int(option), view)
        if what == "bid":
            return self.texts.bid_name(str(option))
        if what == "direction":
            return self.texts.label(f"diff_dir_{option}")
        return str(option)

    def _parse_option(self, text: str, options: list[Any], what: str) -> Any:
        if what == "card":
            card = self.cards.parse(text, tuple(options))
            if card is not None:
                return card
        if what == "player":
            # A player's value is a seat number: "2" would read two ways, so the menu's number wins (the
            # menu is what the person reads), and the name shown (``Seat 1``, ``Seat 0 (you)``) is a value.
            if text.isdecimal():
                return options[int(text) - 1] if 1 <= int(text) <= len(options) else None
            you = f"({self.texts.label('you').casefold()})"  # (``Seat 2 (you)``: the person's own, as shown)
            typed = " ".join(text.casefold().split()).removesuffix(you).strip()
            return next((o for o in options if typed == self._seat_word(o)), None)
        if what == "suit":  # the language's suit letters first (Swedish K is klöver, though D is the English ruter)
            letter = self.cards.letters.get(text.strip().upper())
            if letter in options:
                return letter
        for option in options:
            if str(option).upper() == text.upper():
                return option
        if what == "bid":
            for option in options:
                if text.casefold() in (str(option).casefold(), self.texts.bid_name(str(option)).casefold()):
                    return option
        if what == "suit":
            for option in options:
                words = {self.cards.symbol.get(str(option), ""), self.texts.label(f"suit_{option}").upper()}
                if text.upper() in {w.upper() for w in words if w}:
                    return option
        if text.isdecimal() and what != "number" and 1 <= int(text) <= len(options):
            return options[int(text) - 1]
        if what == "number":
            value = typed_number(text)
            return value if value in options else None
        return None

    def _seat_word(self, seat: Any) -> str:
        return " ".join(self.texts.label("seat_n", n=seat).casefold().split())

    def ask_bid(self, request: Request, view: View) -> BidAnswer | None:
        return ask_bid(self, request, view)
