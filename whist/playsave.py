"""A save that cannot be written does not end the game at the table.

``whist play`` saves after every decision. When a save fails (the folder was removed or made
read-only, the disk is full) the game goes on: the player is told once, with the reason, that the
file keeps the game as last saved, and told again when saving works once more. Ending play
instead would throw away the game in front of them for the sake of a file that is already stale.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from interpreter.game import Game
from rulespec.locale import Texts


def tolerant_saver(save: Callable[[Game], None], path: Path, texts: Texts, console: Console) -> Callable[[Game], None]:
    """``save`` with its failures (an :class:`OSError`) reported at the table instead of raised."""
    failing = False

    def on_decision(game: Game) -> None:
        nonlocal failing
        try:
            save(game)
        except OSError as exc:
            if not failing:  # once: the same warning after every card would bury the table
                reason = escape(str(exc.strerror or exc))
                console.print(f"[yellow]{texts.label('save_failed', path=escape(str(path)), reason=reason)}[/yellow]")
            failing = True
            return
        if failing:
            console.print(f"[yellow]{texts.label('saved_again', path=escape(str(path)))}[/yellow]")
        failing = False

    return on_decision
