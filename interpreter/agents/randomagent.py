"""The random agent: a random legal answer to every request (seeded, so games repeat)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from interpreter.decisions import Agent, BidAnswer, BidChoice, Ids, Refuse, Request, View
from interpreter.draws import pick


class RandomAgent(Agent):
    """Answers every request with a random legal answer (seeded, so games repeat).

    For a bid it does not enumerate the combos (there are hundreds of thousands): it draws
    a standard bid and a few special bids at random and keeps the first legal draw, or passes.
    """

    wants_view = False  # decides without looking at the table
    legal_answers = True  # an option itself, a checked bid or a pass: the game need not check again

    def __init__(self, seed: int = 0, bid_chance: float = 0.5, tries: int = 8) -> None:
        self.rng = random.Random(seed)
        self.bid_chance = bid_chance
        self.tries = tries

    @property
    def rng(self) -> random.Random:
        """The agent's random numbers (seeded): every draw it makes comes from here."""
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._bits = rng.getrandbits  # (for pick(), a draw per card played: looked up once)

    # A copy draws from its own generator: its ``_bits`` is made again for it (a deep copy would keep the
    # original's, as it keeps every built-in method).
    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != "_bits"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bits = self._rng.getrandbits

    def decide(self, request: Request, view: View | None) -> Any:
        if request.kind == "bid":
            return self._bid(request)
        if request.optional and self.rng.random() < 0.2:
            return None
        if request.count > 1:
            return self.rng.sample(list(request.options), request.count)
        return pick(self._bits, request.options)

    def card_chooser(self, seat: int) -> Callable[[Sequence[str]], str]:
        return partial(pick, self._bits)  # as decide() answers a play request: the same draw

    def bid_chooser(self, seat: int) -> BidChoice:
        if type(self).decide is not RandomAgent.decide:
            return super().bid_chooser(seat)  # a kind of random agent that bids its own way: through decide()
        return self._choose_bid  # as decide() answers a bid request: the same draws

    def _bid(self, request: Request) -> BidAnswer | None:
        check = request.check

        def refuse(standard: str, specials: Ids) -> str | None:
            assert check is not None
            return check(BidAnswer(standard, specials))

        return self._choose_bid(
            refuse if check is not None else None, request.standard_ids, request.special_ids, request.repeatable_ids
        )

    def _choose_bid(
        self, refuse: Refuse | None, standard_ids: Ids, special_ids: Ids, repeatable_ids: Ids
    ) -> BidAnswer | None:
        if self._rng.random() >= self.bid_chance or refuse is None:
            return None
        # (looked up once: a bid turn tries up to ``tries`` combos, most of them refused)
        draw, bits = self._rng.random, self._bits
        for _ in range(self.tries):
            standard = pick(bits, standard_ids)
            chosen = []  # (a plain loop: quicker than a comprehension, which is a call of its own)
            for special in special_ids:
                if draw() < 0.12:
                    chosen.append(special)
            specials = tuple(chosen)
            # Sometimes a second copy of a repeatable bid (rule sets without any draw nothing more).
            if specials and repeatable_ids:
                specials += tuple(s for s in specials if s in repeatable_ids and draw() < 0.5)
            if refuse(standard, specials) is None:  # (asked by ids: no BidAnswer for a refused combo)
                return BidAnswer(standard, specials)
        return None
