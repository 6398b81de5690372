"""Small rule sets written for the tests of the impossible-combo checker (test_analysis_*.py).

``write_rules`` writes a game of a few cards (two suits, ranks Q K A) with the bids given;
``TINY_BIDS`` are standard and special bids whose requirements reach every kind of variable of
the checker.
"""

from __future__ import annotations

from pathlib import Path

from rulespec import load_ruleset
from rulespec import model as M

HEADER = """
ruleset: {name}
version: "0.1"
game:
  players: {{min: {players}, max: {players}}}
  deck:
    suits: [{{id: C, color: black}}, {{id: H, color: red}}]
    ranks: [Q, K, A]
  deal: {{hand_size: {hand}}}
  auction: {{minimum_worth: 0}}
  play: {{first_leader: left_of(declarer), follow_suit: {follow}}}
"""

#: Standard and special bids whose requirements reach every kind of variable of the checker;
#: none changes how the hand is played, so every combo can be played with the bid ``plain``.
TINY_BIDS = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: nothing, kind: standard, worth: 1, score: 1, tricks: {exactly: 0}}
  - {id: everything, kind: standard, worth: 1, score: 1, tricks: {min: hand_size}}
  - {id: most, kind: standard, worth: 1, score: 1, requires: 'declarer.tricks > max(opponents, player.tricks)'}
  - {id: fewest, kind: standard, worth: 1, score: 1, requires: 'declarer.tricks <= min(opponents, player.tricks)'}
  - id: guess
    kind: standard
    worth: 1
    score: 1
    steps: [{choose: {who: declarer, what: number, from: 0..hand_size, as: guessed}}]
    requires: declarer.tricks == guessed
  - id: two_guesses
    kind: standard
    worth: 1
    score: 1
    params: {guesses: 2}
    steps: [{choose: {who: declarer, what: number, count: guesses, from: 0..hand_size, as: guessed_pair}}]
    requires: declarer.tricks in guessed_pair
  - id: all_aces
    kind: standard
    worth: 1
    score: 1
    requires: count(declarer.won, card.rank == "A") == count(deck, card.rank == "A")
  - id: late
    kind: standard
    worth: 1
    score: 1
    requires: declarer.tricks_in(1..1) < declarer.tricks_in(2..hand_size)
  - {id: greed, kind: special, worth: 0, tricks_adjust: [1, -1]}
  - {id: dog, kind: special, worth: 0, requires: last_trick.winner != declarer}
  - {id: lock, kind: special, worth: 0, requires: declarer.tricks_in(1..1) == 0}
  - id: plague
    kind: special
    worth: 0
    steps: [{choose: {who: declarer, what: suit, as: plague_suit}}]
    requires: >-
      count(declarer.won, card.suit == plague_suit)
      <= max(opponents, count(player.won, card.suit == plague_suit))
      or count(declarer.won, card.suit == plague_suit) == count(deck, card.suit == plague_suit)
  - {id: hearts, kind: special, worth: 0, requires: 'count(declarer.won, card.suit == "H") >= 2'}
  - id: named
    kind: special
    worth: 0
    steps: [{choose: {who: declarer, what: card, from: deck, as: named_card}}]
    requires: named_card in declarer.won
  - id: pair
    kind: special
    worth: 0
    steps:
      - choose: {who: declarer, what: suit, as: pair_suit}
      - choose: {who: declarer, what: card, from: deck, as: pair_card}
    # A suit and a card of another suit: take a card of the suit, but not the named card.
    requires: >-
      pair_card.suit != pair_suit and count(declarer.won, card.suit == pair_suit) >= 1
      and not (pair_card in declarer.won)
  # No requirement: it only lets the declarer hand every trick to anyone (the brute force plays with it).
  - id: free
    kind: special
    worth: 0
    trick_taker: {when: "true", chosen_by: declarer}
"""


def write_rules(tmp_path: Path, name: str, players: int, hand: int, bids: str, follow: bool = True) -> M.RuleSet:
    path = tmp_path / f"{name}.yaml"
    text = HEADER.format(name=name, players=players, hand=hand, follow=str(follow).lower()) + bids
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)
