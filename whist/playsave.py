"""A save that cannot be written does not end the game at the table.

``whist play`` saves after every decision. When a save fails (the folder was removed or made
read-only, the disk is full) the game goes on: the player is told once, with the reason, that the
file keeps the game as last saved (or that no file holds it yet), and told again when saving works
once more. Ending play instead would throw away the game in front of them for the sake of a file that
is already stale. What the file holds (:class:`Kept`) is followed, so that the lines play closes with
tell the truth: a save that is behind says up to which decision it holds the game, and a game no save
of which could be written is not offered for resume.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from interpreter.game import Game
from rulespec.locale import Texts


@dataclass
class Kept:
    """What a file holds of the game being played: ``path`` (None: no file holds it), up to its
    decision number ``decisions``, made in deal number ``deal`` (1 = first); ``behind``: a save failed
    after that, so the game went on past what the file holds."""

    path: str | None = None
    decisions: int = 0
    deal: int = 0
    behind: bool = False
    failed: bool = False  # some save of this session failed

    def lines(self, texts: Texts, shown: Callable[[str], str]) -> list[str]:
        """What to say when play ends while the save is behind (nothing when it is not); ``shown``
        makes the path safe where it is printed (rich's escape)."""
        if self.path is None or not self.behind:
            return []
        return [texts.label("save_behind", path=shown(self.path), n=self.decisions, deal=self.deal)]


def tolerant_saver(
    save: Callable[[Game], None], path: Path, texts: Texts, console: Console, kept: Kept
) -> Callable[[Game], None]:
    """``save`` with its failures (an :class:`OSError`) reported at the table instead of raised;
    ``kept`` follows what the file holds (it may start as a resumed game's own file)."""

    def on_decision(game: Game) -> None:
        try:
            save(game)
        except OSError as exc:
            if not kept.behind:  # once: the same warning after every card would bury the table
                reason = escape(str(exc.strerror or exc))
                key = "save_failed" if kept.path == str(path) else "save_failed_none"
                console.print(f"[yellow]{texts.label(key, path=escape(str(path)), reason=reason)}[/yellow]")
            kept.behind = kept.failed = True
            return
        if kept.behind:
            console.print(f"[yellow]{texts.label('saved_again', path=escape(str(path)))}[/yellow]")
        if len(game.decisions) != kept.decisions or kept.path != str(path):
            # (a decision is saved before its deal ends: it belongs to the deal not yet among the records)
            kept.decisions, kept.deal = len(game.decisions), len(game.deal_records) + 1
        kept.path, kept.behind = str(path), False

    return on_decision
