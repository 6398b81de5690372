"""The impossible-combo checker (``interpreter/analysis/``) and ``whist analyze``.

Hand-made cases on Combo Whist, the lists of every version that forbids impossible combo
bids, rule sets written here to reach the corners of the model, and a cross-check against
brute force: on small decks every deal and every legal play is run through the real engine,
every declaration is tried on each end of a hand, and the combos that some end completes
must be exactly those the checker calls possible.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from interpreter.analysis import (
    Verdict,
    analyze,
    check,
    deal_sizes,
    impossible_reason,
    reason,
    requirement_bids,
    table_feasible,
)
from interpreter.deal import Deal, bid_holds
from interpreter.decisions import BidAnswer, Request
from rulespec import load_ruleset
from rulespec import model as M
from rulespec.locale import load_texts
from whist.analyzecli import register

RULES = load_ruleset("combo-whist")


def impossible_sets(ref: str) -> set[frozenset[str]]:
    return {frozenset(f.bids) for f in analyze(load_ruleset(ref)).impossible}


def verdict(ids: list[str], players: int = 4, rules: M.RuleSet = RULES) -> Verdict:
    return check(rules, ids, players)


# --- hand-made cases on Combo Whist ---------------------------------------------------------


def test_zero_and_greed_can_never_be_completed() -> None:
    result = verdict(["zero", "greed"])
    assert result.possible is False
    assert result.observed == {"count"}  # the declarer's number of tricks alone decides it
    assert result.adjusted  # Zero alone is possible: it is Greed's ±1 that rules it out
    assert result.adjustments == (1, -1)
    words = reason(load_texts(RULES, "en"), result)
    assert words == (
        "no number of tricks for the declarer meets every requirement"
        " with the declarer's trick count 1 higher and 1 lower"
    )


def test_certainty_and_greed_whatever_the_guess() -> None:
    result = verdict(["certainty", "greed"])
    assert result.possible is False
    assert result.observed == {"count", "choices"}
    assert "whatever is chosen before the hand" in reason(load_texts(RULES, "en"), result)


def test_possible_combos_come_with_a_witness() -> None:
    trump = verdict(["trump"])
    assert trump.possible is True and trump.witness is not None and trump.witness["tricks[0]"] >= 5
    misery = verdict(["misery", "greed"])  # as the scenario mix-greed-misery plays it: 0 tricks against 13
    assert misery.possible is True and misery.witness is not None
    assert misery.witness["tricks[0]"] == 0
    assert verdict(["uncertainty", "greed"]).possible  # guesses on both sides of the count
    assert verdict(["master_misery", "greed", "lock"]).possible
    assert verdict(["limbo", "lock", "greed", "ending_dog", "plague"]).possible


def test_incompatible_pairs_would_be_possible() -> None:
    """Zero + Ending Dog and Zero + Lock are kept apart by the data, not because they are impossible."""
    assert "ending_dog" in RULES.bids["zero"].incompatible_ids and "lock" in RULES.bids["zero"].incompatible_ids
    assert verdict(["zero", "ending_dog"]).possible is True
    assert verdict(["zero", "lock"]).possible is True
    assert verdict(["zero", "plague"]).possible is True  # no plague card taken: not the most


def test_taintless_bid_needs_tricks_to_take_the_twos() -> None:
    """Two standard bids make no combo, but the checker answers for any set of bids."""
    zero = verdict(["taintless_bid", "zero"])
    assert zero.possible is False and zero.observed >= {"cards"}
    assert "cards won" in reason(load_texts(RULES, "en"), zero)
    one_trick = verdict(["taintless_bid", "greed"])  # all four 2s in one trick is enough (1.5.0 allowed it)
    assert one_trick.possible is True
    assert verdict(["taintless_bid", "plague", "lock", "ending_dog"], players=3).possible is True


def test_bids_without_requirements_are_factored_out() -> None:
    result = check(RULES, ["zero", "greed", "penalty", "hurry", "iron", "open_hand"], 4)
    assert result.bids == ("greed", "zero")
    assert [b.id for b in requirement_bids(RULES.special_bids)] == ["greed", "ending_dog", "lock", "plague"]
    assert check(RULES, ["sloth", "mail"], 4).possible is True  # nothing to meet


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("combo-whist", {("certainty", "greed"), ("zero", "greed")}),
        ("combo-whist@1.5.0", {("certainty", "greed"), ("zero", "greed")}),
        (
            "combo-whist@1.4.2",
            {
                ("certainty", "greed"),
                ("zero", "greed"),
                ("taintless_masters_game", "lock"),
                ("taintless_masters_game", "greed", "ending_dog"),
            },
        ),
        (
            "combo-whist@1.4.0",
            {
                ("certainty", "greed"),
                ("zero", "greed"),
                ("taintless_masters_game", "greed"),
                ("taintless_masters_game", "ending_dog"),
                ("taintless_masters_game", "lock"),
            },
        ),
    ],
)
def test_the_impossible_sets_of_each_version(ref: str, expected: set[tuple[str, ...]]) -> None:
    analysis = analyze(load_ruleset(ref))
    assert {frozenset(f.bids) for f in analysis.impossible} == {frozenset(e) for e in expected}
    assert not analysis.undecided and not analysis.unknown
    assert all(f.player_counts == (3, 4) for f in analysis.impossible)
    assert analysis.forbid_impossible == ref.startswith("combo-whist@1.4")


def test_the_reasons_of_1_4_2() -> None:
    rules = load_ruleset("combo-whist@1.4.2")
    texts = load_texts(rules, "en")
    words = {frozenset(f.bids): reason(texts, f.verdict) for f in analyze(rules).impossible}
    assert words[frozenset({"taintless_masters_game", "lock"})] == (
        "no choice of which tricks the declarer takes meets every requirement"
    )
    assert words[frozenset({"taintless_masters_game", "greed", "ending_dog"})].endswith("1 higher and 1 lower")


def test_the_full_analysis_takes_seconds() -> None:
    for ref in ("combo-whist@1.4.2", "combo-whist"):
        started = time.perf_counter()
        analysis = analyze(load_ruleset(ref))
        assert time.perf_counter() - started < 20  # about 1.5 s on an idle machine
        assert analysis.checked > 400


def test_impossible_reason_for_the_auction() -> None:
    rules = load_ruleset("combo-whist@1.4.2")
    words = impossible_reason(rules, BidAnswer("zero", ("greed", "penalty", "hurry")))
    assert words is not None and words.startswith("Zero + Greed can never be completed: no number of tricks")
    smallest = impossible_reason(rules, BidAnswer("taintless_masters_game", ("greed", "ending_dog", "lock", "plague")))
    assert smallest is not None and smallest.startswith("Taintless Master's Game + Lock can never be completed")
    assert impossible_reason(rules, BidAnswer("trump", ("greed", "open_hand"))) is None
    assert impossible_reason(rules, BidAnswer("certainty", ("greed",)), player_count=3) is not None
    assert impossible_reason(rules, BidAnswer("no_such_bid", ())) is None
    assert deal_sizes(rules) == (3, 4)


def test_table_feasible() -> None:
    assert table_feasible([3, 10], [12, None, None, None], {})
    assert not table_feasible([3, 10], [12, None, None, None], {(0, 0): 0})  # 12 tricks, none of the first 3
    assert table_feasible([3, 10], [10, None, None, None], {(0, 0): 0})
    assert not table_feasible([1], [0, 0], {})  # the last trick must go to someone
    assert not table_feasible([2, 2], [None, 3], {(1, 0): 0})  # row 1 can take at most 2
    assert table_feasible([2, 2], [None, 2], {(1, 0): 0, (0, 1): 0})
    assert not table_feasible([2, 2], [None, 2], {(1, 0): 0, (0, 1): 1})


# --- rule sets written here ---------------------------------------------------------------

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


def test_unmodelled_observations_count_as_met(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: nothing, kind: standard, worth: 1, score: 1, tricks: {exactly: 0}}
  - {id: rich, kind: special, worth: 0, requires: declarer.score > 100 and declarer.tricks > 0}
  - {id: same, kind: special, worth: 0, requires: declarer.won == deck}
  - {id: seated, kind: special, worth: 0, requires: count(others(declarer)) == player_count - 1}
  - {id: dealt, kind: special, worth: 0, requires: dealer != declarer or declarer.tricks >= 0}
"""
    rules = write_rules(tmp_path, "corners", 3, 2, bids)
    rich = check(rules, ["nothing", "rich"], 3)
    # The score is not modelled: the requirement counts as met, so nothing is proved here ...
    assert rich.possible is True and any("player.score" in u for u in rich.unknown)
    # ... but a requirement the model reads before the unknown part still counts.
    assert check(rules, ["plain", "same"], 3).possible is True  # lists of cards compared: not modelled
    assert check(rules, ["plain", "same"], 3).unknown
    assert check(rules, ["nothing", "seated"], 3).possible is True  # others(…) reads players in seat order
    assert check(rules, ["nothing", "dealt"], 3).possible is True
    analysis = analyze(rules)
    assert not analysis.impossible


def test_special_bids_impossible_whatever_the_standard(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: few, kind: standard, worth: 1, score: 1, tricks: {max: 1}}
  - {id: greedy, kind: special, worth: 0, tricks: {min: 2}}
  - {id: first, kind: special, worth: 0, requires: 'declarer.tricks_in([1]) == 1'}
  - {id: no_first, kind: special, worth: 0, requires: declarer.tricks_in(1..1) == 0}
  - {id: shy, kind: special, worth: 0, requires: 'declarer.tricks_in([hand_size]) == 0'}
"""
    rules = write_rules(tmp_path, "specials", 2, 2, bids)
    analysis = analyze(rules)
    found = {(f.standard, f.specials) for f in analysis.impossible}
    assert (None, ("first", "no_first")) in found  # with any standard bid: listed once
    assert ("few", ("greedy",)) in found
    assert (None, ("greedy", "shy")) in found  # both tricks of two, but not the last
    assert not any(f.standard and {"first", "no_first"} <= set(f.specials) for f in analysis.impossible)


def test_trump_and_rank_order_are_variables(tmp_path: Path) -> None:
    bids = """
bids:
  - {id: plain, kind: standard, worth: 1, score: 1}
  - {id: nothing, kind: standard, worth: 1, score: 1, tricks: {exactly: 0}}
  - id: trumps
    kind: standard
    worth: 1
    score: 1
    trump: {chosen_by: declarer}
    requires: count(declarer.won, card.is_trump) >= trumps_needed
    params: {trumps_needed: 3}
  - {id: greedy_trumps, kind: special, worth: 0, requires: 'count(declarer.won, card.is_trump) >= 4'}
  - {id: iron, kind: special, worth: 0, rank_order: {lowest: [A]}}
  - {id: lowest, kind: special, worth: 0, requires: 'count(declarer.won, card.value == 1) >= 2'}
"""
    rules = write_rules(tmp_path, "variables", 2, 3, bids)
    assert check(rules, ["trumps"], 2).possible is True  # all three cards of the trump suit
    assert check(rules, ["trumps", "greedy_trumps"], 2).possible is False  # a suit has three cards
    assert check(rules, ["plain", "greedy_trumps"], 2).possible is False  # no trump at all
    # The lowest rank is Q, or A under Iron: two cards of value 1 either way, and they can be won.
    lowest = check(rules, ["plain", "lowest"], 2)
    assert lowest.possible is True and not lowest.unknown
    assert check(rules, ["nothing", "lowest"], 2).possible is False


def test_a_search_that_gives_up_allows_the_bid(monkeypatch: pytest.MonkeyPatch) -> None:
    import interpreter.analysis as analysis

    monkeypatch.setattr(analysis, "SEARCH_LIMIT", 3)
    rules = load_ruleset("combo-whist@1.4.2")  # a fresh rule set: nothing cached for it
    assert check(rules, ["certainty", "greed"], 4).possible is None  # 211 evaluations needed
    assert impossible_reason(rules, BidAnswer("certainty", ("greed",)), 4) is None
    found = analyze(rules, [4])
    assert any(set(f.bids) == {"certainty", "greed"} for f in found.undecided)
    assert not any(set(f.bids) == {"certainty", "greed"} for f in found.impossible)


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


# --- whist analyze --------------------------------------------------------------------------


@pytest.fixture
def runner() -> Any:
    group = click.Group("whist")
    register(group)
    return lambda *args: CliRunner().invoke(group, list(args))


def test_cli_lists_the_impossible_combos(runner: Any) -> None:
    result = runner("analyze", "combo-whist@1.4.2")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Combo Whist 1.4.2: combo bids that can never be completed")
    assert "This version forbids bidding them." in out
    assert "• Zero + Greed\n" in out and "• Taintless Master's Game + Greed + Ending Dog\n" in out
    assert "  – Lock: Take none of the first 3 tricks" in out
    assert "A combo bid that holds one of these 4 sets of bids can never be completed" in out


def test_cli_json_and_swedish(runner: Any) -> None:
    data = json.loads(runner("analyze", "combo-whist", "--json").output)
    assert data["ruleset"] == "combo-whist@1.5.1" and data["forbid_impossible"] is False
    assert [(e["standard"], e["specials"]) for e in data["impossible"]] == [
        ("certainty", ["greed"]),
        ("zero", ["greed"]),
    ]
    assert data["impossible"][1]["observed"] == ["count"] and data["impossible"][1]["adjusted"] is True
    swedish = runner("analyze", "combo-whist@1.4.0", "--lang", "sv", "--players", "3").output
    assert "kombinationsbud som aldrig kan gå hem" in swedish and "• Noll + Girighet" in swedish
    assert "Spelare i en giv: 3." in swedish


def test_cli_on_games_it_does_not_analyse(runner: Any) -> None:
    assert "This game has no combo bids." in runner("analyze", "christmas-whist").output
    bad = runner("analyze", "combo-whist", "--players", "2")
    assert bad.exit_code == 1
