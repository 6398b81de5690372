"""The impossible-combo checker against brute force: on small decks every deal and every legal play
is run through the real engine, every declaration is tried on each end of a hand, and the combos
that some end completes must be exactly those the checker calls possible.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from analysis_helpers import TINY_BIDS, write_rules

from interpreter.analysis import Verdict, check, requirement_bids
from interpreter.deal import Deal, bid_holds
from interpreter.decisions import BidAnswer, Request
from rulespec import model as M

# --- brute force on small decks -------------------------------------------------------------


def play_everything(rules: M.RuleSet, players: int, specials: tuple[str, ...]) -> list[Deal]:
    """Every end of a hand the engine can reach: every deal, every legal play and choice (``plain`` + ``specials``)."""
    seats = list(range(players))
    names = [rank + suit for rank, suit in rules.game.deck.cards(players)]
    hand = int(rules.game.deal.hand_size({"player_count": players}))
    ends: dict[Any, Deal] = {}

    def hands_of(cards: list[str]) -> Any:
        if len(cards) < hand * players:
            return
        first = None
        for chosen in itertools.combinations(cards, hand):
            if first is None:
                first = chosen
            rest = [c for c in cards if c not in chosen]
            if len(seats) == 1:
                yield [list(chosen)]
            else:
                for others in _deals(rest, hand, players - 1):
                    yield [list(chosen), *others]

    for hands in hands_of(names):
        stack: list[list[int]] = [[]]
        while stack:
            prefix = stack.pop()
            taken: list[int] = []
            counts: list[int] = []

            def ask(request: Request, prefix: list[int] = prefix, taken: list[int] = taken, counts=counts) -> Any:
                index = prefix[len(taken)] if len(taken) < len(prefix) else 0
                counts.append(len(request.options))
                taken.append(index)
                return request.options[index]

            deal = Deal(
                rules, seats, 1, {s: 0 for s in seats}, {s: {} for s in seats}, ask, random.Random(0), {},
                hands=dict(enumerate(hands)),
            )  # fmt: skip
            deal.declare(0, BidAnswer("plain", specials))
            deal.run_events()
            deal.play_hand()
            for i in range(len(prefix), len(counts)):
                stack.extend([*taken[:i], alt] for alt in range(1, counts[i]))
            key = tuple((t.winner.seat, tuple(c.name for c in t.cards)) for t in deal.tricks)
            ends.setdefault(key, deal)
    return list(ends.values())


def _deals(cards: list[str], hand: int, players: int) -> Any:
    if players == 0:
        yield []
        return
    for chosen in itertools.combinations(cards, hand):
        rest = [c for c in cards if c not in chosen]
        for others in _deals(rest, hand, players - 1):
            yield [list(chosen), *others]


def declarations(deal: Deal, bid: M.Bid) -> list[dict[str, Any]]:
    """Every value the engine lets the declarer choose for each of the bid's steps."""
    options: list[list[tuple[str, Any]]] = []
    for step in bid.steps:
        assert isinstance(step, M.Choose)
        if step.what == "number":
            values: list[Any] = list(step.source(deal.env)) if step.source else []
        elif step.what == "suit":
            values = list(deal.env["suits"])
        else:
            values = list(deal.deck)
        if step.count and step.count > 1:
            values = [list(v) for v in itertools.combinations(values, step.count)]
        options.append([(step.name, v) for v in values])
    return [dict(choice) for choice in itertools.product(*options)]


def brute_force(rules: M.RuleSet, players: int, play_with: tuple[str, ...]) -> dict[tuple[str, ...], bool]:
    """For every combo (standard + any special bids with requirements): whether some end of a hand completes it.

    The hands are played with ``play_with`` (bids without requirements that change how tricks are
    taken); the requirements of the combo are then judged on each end by the engine's own check.
    """
    ends = play_everything(rules, players, play_with)
    bids = requirement_bids(rules.bids.values())
    met: dict[tuple[str, tuple[int, ...]], int] = {}  # (bid, adjustments) → bit set of the ends meeting it
    for index, deal in enumerate(ends):
        declarer = deal.declarer
        assert declarer is not None
        for bid in bids:
            for adjustments in ((0,), (1, -1)):
                for chosen in declarations(deal, bid):
                    deal.env.update(chosen)
                    try:
                        ok = True
                        for k in adjustments:
                            declarer.adjust = k
                            ok = ok and bid_holds(bid, deal.env, declarer)
                    finally:
                        declarer.adjust = 0
                    if ok:
                        met[(bid.id, adjustments)] = met.get((bid.id, adjustments), 0) | 1 << index
                        break
    everything = (1 << len(ends)) - 1
    specials = [b.id for b in requirement_bids(rules.special_bids)]
    result: dict[tuple[str, ...], bool] = {}
    for standard in rules.standard_bids:
        for size in range(len(specials) + 1):
            for chosen in itertools.combinations(specials, size):
                combo = (standard.id, *chosen)
                adjustments = tuple(k for b in combo for k in rules.bids[b].tricks_adjust) or (0,)
                ends_left = everything
                for bid_id in combo:
                    if requirement_bids([rules.bids[bid_id]]) and rules.bids[bid_id].tricks_adjust == ():
                        ends_left &= met.get((bid_id, adjustments), 0)
                result[combo] = ends_left != 0
    return result


def compare(verdicts: dict[tuple[str, ...], Verdict], truth: dict[tuple[str, ...], bool]) -> list[tuple[str, ...]]:
    """The combos the checker calls possible although no hand completes them; fails on any unsound answer."""
    unsound = [combo for combo, possible in truth.items() if possible and verdicts[combo].possible is False]
    assert not unsound, f"called impossible, but some hand completes them: {unsound}"
    assert sum(not p for p in truth.values()) > 40  # there are impossible combos to agree on
    return [combo for combo, possible in truth.items() if not possible and verdicts[combo].possible]


#: Bids whose requirements only count tricks: the whist play cannot constrain them in these decks.
COUNTING = {"plain", "nothing", "everything", "most", "fewest", "guess", "two_guesses", "greed"}


@pytest.mark.parametrize(("players", "hand"), [(2, 3), (3, 2), (2, 2)])
def test_checker_against_brute_force(tmp_path: Path, players: int, hand: int) -> None:
    """Every combo of the tiny rule sets, against every hand the engine can play.

    Free play (no duty to follow suit, and ``free`` lets the declarer hand every trick to anyone):
    every split of the tricks and cards that the checker's model allows can really be played, so
    the checker must agree exactly. Whist play (follow suit, the highest card of the led suit
    wins): the checker must never call a combo impossible that some hand completes; it may call
    possible what these tiny decks cannot play (with 2 suits and 2 players the declarer cannot
    take only the middle of three tricks: who leads and who wins a trick are not modelled), but
    never when the bids only count tricks. The checker does not read the play rules, so one set
    of verdicts serves both. (2, 2) leaves two of the six cards undealt.
    """
    free = write_rules(tmp_path, "tiny-free", players, hand, TINY_BIDS, follow=False)
    whist = write_rules(tmp_path, "tiny-whist", players, hand, TINY_BIDS)
    assert check(free, ["plain", "free"], players).bids == ()  # no requirement: factored out
    free_truth = brute_force(free, players, ("free",))
    verdicts = {combo: check(free, combo, players) for combo in free_truth}
    assert all(v.possible is not None for v in verdicts.values())
    imprecise = compare(verdicts, free_truth)
    assert not imprecise, f"called possible, but no hand completes them: {imprecise}"
    for combo in list(verdicts)[::50]:  # the same answers for the rule set played by whist rules
        assert check(whist, combo, players).possible == verdicts[combo].possible
    imprecise = compare(verdicts, brute_force(whist, players, ()))
    assert not [combo for combo in imprecise if set(combo) <= COUNTING]
