"""An agent of one's own, as docs/studies.md §4 puts it at a table: ``python:mybots:LowBot``.

Run from this folder (or put it on ``PYTHONPATH``)::

    PYTHONPATH=. whist simulate combo-whist --agents python:mybots:LowBot/random/random/random --games 20
"""

from __future__ import annotations

from typing import Any


class LowBot:
    """Passes every bid, plays the last of the legal cards it is offered, declines what may be
    declined and otherwise takes the first option of a choice.

    Only ``decide`` is needed: the other members of ``interpreter.decisions.Agent`` get their
    defaults. A better bot would read ``view`` (its hand, the trick so far, the combo bid).
    """

    def __init__(self, seed: int, rules: Any = None) -> None:
        self.seed = seed

    def decide(self, request: Any, view: Any) -> Any:
        if request.kind == "bid":
            return None  # pass
        if request.kind == "play":
            return request.options[-1]
        if request.optional:
            return None  # decline what may be declined
        options = list(request.options)
        return options[: request.count] if request.count > 1 else options[0]
