"""``?`` (or ``help``, or the word in the player's language) at any prompt of ``whist play``; ``!``
to hear the deal's state again.

Every prompt — a bid, a card, a choice of a suit, a card, a number, a player, a direction or the
rules of a hand, one or several, optional or not, and "press Enter" — answers ``?`` by saying
what it takes, in the chosen language, and asks again. ``?`` is never an answer; the word
(``help``, ``hjälp``) is taken as a request for help only where it is not an answer itself (a
choice whose value is that word stays choosable).

``!`` at a bid, card or choice prompt says the deal's state again — the scores, the trump, the
combo bid or contract, what is declared, the open cards and the hand — all of it, though the
screen says a fact once: a person with a screen reader cannot glance back up the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from interpreter.decisions import Request

if TYPE_CHECKING:
    from whist.play import HumanAgent

#: The kinds of a choice that have their own help text (``help_choice_<what>``); others: ``value``.
CHOICE_KINDS = ("suit", "card", "number", "player", "direction", "bid")


def asks_help(
    line: str | None, words: Callable[[str], str], is_answer: Callable[[str], bool] | None = None, blank: bool = False
) -> bool:
    """Whether ``line`` asks for help: ``?``, or ``help`` / the language's word when it is not an
    answer (``is_answer`` of the typed text), or nothing typed when that is no answer (``blank``: a
    person who presses Enter at a card's prompt does not know what to type; "not understood" would
    not tell them). ``words``: the label lookup (``texts.label``)."""
    typed = (line or "").strip()
    if typed == "?" or (blank and not typed):
        return True
    if typed.casefold() not in ("help", words("help_word").casefold()):
        return False
    return is_answer is None or not is_answer(typed)


#: What asks for the deal's state again (never an answer: see :func:`asks_state`).
STATE_KEY = "!"


def asks_state(line: str | None, is_answer: Callable[[str], bool] | None = None) -> bool:
    """Whether ``line`` asks for the deal's state again (:data:`STATE_KEY`, when it is no answer)."""
    typed = (line or "").strip()
    return typed == STATE_KEY and (is_answer is None or not is_answer(typed))


def choice_help_lines(request: Request, words: Callable[..., str]) -> list[str]:
    """What a choice takes: the kind of value, how many, and whether it may be skipped."""
    what = request.what if request.what in CHOICE_KINDS else "value"
    lines = [words(f"help_choice_{what}")]
    if request.count > 1:
        lines.append(words("help_choices", n=request.count))
    if request.optional:
        lines.append(words("help_optional"))
    return lines


def say_help(human: HumanAgent, lines: list[str], menu: str | None = None, state: bool = True) -> None:
    """The help, with how to hear the deal's state again (``state``: during a deal), then the menu
    again (the prompt follows)."""
    for line in [*lines, human.texts.label("help_state")] if state else lines:
        human.console.print(f"[cyan]{line}[/cyan]")
    if menu is not None:
        human.console.print(menu)


def wait_for_enter(human: HumanAgent) -> None:
    """The end of a deal: any line goes on to the next deal, except a request for help."""
    label = human.texts.label
    while asks_help(human.read(label("press_enter"), None), label):
        say_help(human, [label("help_enter")], state=False)
