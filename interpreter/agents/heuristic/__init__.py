"""A heuristic agent: it bids what Monte Carlo playouts say it can complete, and plays toward it.

The agent is *generic*: it names no bid, no suit and no game. Everything it knows about a
bid it learns from the rule data and from the engine itself:

* **What a bid requires.** After a bid's steps have run, the agent asks the engine's own
  requirement hooks (``tricks`` and ``requires`` of every bid in the combo, with each
  ``tricks_adjust``) which final trick counts of the declarer would complete the combo, by
  giving the declarer virtual tricks (``player.adjust``, the mechanism the engine uses for
  virtual tricks). A trick requirement such as "at least 5" answers {5, …, 13}, a guess of 3
  answers {3}; a requirement that depends on more than the declarer's count (the others'
  tricks, which tricks, which cards) answers nothing useful yet, and then the direction —
  toward *more* or *fewer* tricks — is learnt from playouts in both directions.
* **How likely a bid is completed.** When first asked to bid in a deal, the agent deals the
  unknown cards at random (a few *layouts*, the same ones for every bid), makes itself the
  declarer of each candidate with :meth:`Deal.declare`, and plays the deal out with the real
  engine (:meth:`Deal.run_events`, :meth:`Deal.play_hand`, :meth:`Deal.score`), all four
  players using the fast greedy card policy below. The completion rate decides the bid; the
  playouts of a combo stop as soon as their completions settle that verdict, and a playout
  ends before its last trick when the declarer's trick counts alone decide the combo
  (:func:`counts_decide`) and are already settled. Playouts that meet a hook-less position met
  before replay the cards chosen there (:meth:`Playout.play_card`).
* **Which special bids are harmless.** A special bid that fills only hook points that show
  cards or add marks or bonus points (``visible``, ``zone_limits``, ``marks_on_completion``,
  ``bonus``) cannot make a combo fail, so it may raise a combo's worth to beat the lead; one
  that also adds a ``penalty``, spends marks or limits who may bid it is added only when the
  agent is confident (a bid that may be repeated, as often as the rules let it). Any other
  special bid is tried with playouts, only when nothing else beats the lead.

Play is greedy: a player who *wants* tricks wins cheaply (the lowest card that wins, a card
no unseen card can beat when others are still to play), draws trump as a declarer long in
trump, and discards low; a player who *avoids* tricks plays the highest card that does not
win, and dumps high cards. The declarer wants tricks while its count is below the counts
that complete its combo. The other players fight over the same tricks: they want them
exactly when the declarer does (to keep them from the declarer), and avoid them when the
declarer avoids them (to push them onto the declarer); they do not overtake a partner who
is winning the trick. Other choices — trump (the longest and strongest suit) and other
suits, numbers (guesses: the expected trick count), cards to pass or show or offer, who
takes a trick — use simple rules on the chooser's hand, always among the request's options;
a declarer's other suit choices in the real deal (whose meaning the agent cannot know) are
tried with playouts.

The agent never raises: should anything go wrong it answers like a random legal agent
(``strict=True`` re-raises instead, for tests).
"""

from __future__ import annotations

from interpreter.agents.heuristic.agent import HeuristicAgent
from interpreter.agents.heuristic.cardplay import Table, choose, pick_card
from interpreter.agents.heuristic.knowledge import (
    FEWER,
    MORE,
    Plan,
    Tables,
    completing_counts,
    counts_decide,
    expected_tricks,
    find_rules,
    rank_values,
    suit_strength,
)
from interpreter.agents.heuristic.playout import Estimate, Playout

__all__ = [
    "FEWER",
    "MORE",
    "Estimate",
    "HeuristicAgent",
    "Plan",
    "Playout",
    "Table",
    "Tables",
    "choose",
    "completing_counts",
    "counts_decide",
    "expected_tricks",
    "find_rules",
    "pick_card",
    "rank_values",
    "suit_strength",
]
