"""A bid turn's check (interpreter/bidcheck.py) and the bid choosers of a simulation.

The check keeps, within a turn, what does not change there (the least worth): asked again and again
in one turn, of a :class:`BidAnswer` or by ids, it must say what a fresh check says of each combo,
and what the rule set's words say (Combo Whist: a well-formed combo worth at least 1 that beats the
lead — more worth, or as much with more potentials than the high bidder). A random agent's bid
chooser (what a simulation asks instead of ``decide``) must answer as ``decide`` does, with the same
draws.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.bidcheck import BidCheck
from interpreter.decisions import BID, Agent, BidAnswer, Request, View
from interpreter.gamestate import GameState
from rulespec import load_ruleset
from rulespec.model import RuleSet

RULES = load_ruleset("combo-whist")
STANDARD = tuple(b.id for b in RULES.standard_bids)
SPECIAL = tuple(b.id for b in RULES.special_bids)
MINIMUM_WORTH = 1  # "minimum_worth: 1" in bids/combo-whist/game.yaml
assert RULES.game.auction is not None and RULES.game.auction.minimum_worth.constant == MINIMUM_WORTH

# Combos as anyone may send them: mostly well formed, sometimes an unknown id, a standard bid
# among the specials or a special bid twice.
answers = st.builds(
    BidAnswer,
    st.sampled_from((*STANDARD, "nonsense", SPECIAL[0])),
    st.lists(st.sampled_from((*SPECIAL, STANDARD[0], "nonsense")), max_size=4).map(tuple),
)


def position(seed: int, bids: int, rules: RuleSet = RULES) -> GameState:
    """A game stopped at a bid turn after ``bids`` bids (random legal ones, no passes)."""
    rng = random.Random(seed)
    state = GameState(rules, 4, seed=seed)
    made = 0
    while made < bids:
        request = state.pending
        assert request is not None and request.kind == "bid" and request.check is not None
        legal = [a for a in (BidAnswer(b.id) for b in rules.standard_bids) if request.check(a) is None]
        if not legal:
            break
        state.apply(rng.choice(legal))
        made += 1
    assert state.pending is not None and state.pending.kind == "bid"
    return state


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 40), st.integers(0, 3), st.lists(answers, min_size=1, max_size=25))
def test_the_combo_a_check_last_passed_is_the_combo_the_bid_makes(seed: int, bids: int, tried: list[Any]) -> None:
    """A turn's check keeps the combo it last found biddable (the bid made takes it instead of making
    it again): it is the combo made from that answer for the bidder, and a refusal leaves it as it was."""
    state = position(seed, bids)
    request, deal = state.pending, state.current
    assert request is not None and deal is not None and isinstance(request.check, BidCheck)
    check = request.check
    assert check.passed is None
    for answer in tried:
        before = check.passed
        if check(answer) is not None:
            assert check.passed is before
            continue
        assert check.passed is not None
        standard, specials, combo = check.passed
        assert (standard, specials) == (answer.standard, answer.specials)
        assert combo == deal.combos.make(answer, check.player)
    if check.passed is not None:  # the bid made leads with that very combo
        standard, specials, combo = check.passed
        state.apply(BidAnswer(standard, specials))
        bidding = deal._bidding
        assert bidding is None or bidding.lead == combo
        assert bidding is not None or deal.combo.specials == combo.specials


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 40), st.integers(0, 3), st.lists(answers, min_size=1, max_size=25))
def test_a_turns_check_says_what_a_fresh_check_and_the_rules_say(seed: int, bids: int, tried: list[Any]) -> None:
    state = position(seed, bids)
    request, deal = state.pending, state.current
    assert request is not None and deal is not None and isinstance(request.check, BidCheck)
    check = request.check
    bidding = deal._bidding
    assert bidding is not None
    player, lead, leader = check.player, bidding.lead, bidding.leader
    for answer in tried * 2:  # each combo asked twice: once new, once known
        said = check(answer)
        fresh = BidCheck(deal, player, lead, leader)(answer)
        assert said == fresh and getattr(said, "key", None) == getattr(fresh, "key", None)
        assert check.refusal(answer.standard, answer.specials) == said
        # Asked out of the turn (the bidder not in the environment), as a screen or a test asks it.
        away = deal.env.pop("player")
        try:
            assert deal.bid_problem(answer, player, lead, leader) == said
            assert "player" not in deal.env
        finally:
            deal.env["player"] = away
        problem = deal.combos.problem(answer)
        if problem:
            assert said == problem
            continue
        worth = deal.combos.make(answer, player).worth
        beats = (
            lead is None
            or leader is None
            or (worth > lead.worth or (worth == lead.worth and player.marks.potential > leader.marks.potential))
        )
        assert (said is None) == (worth >= MINIMUM_WORTH and beats), (answer, worth, said)


VERSIONS = {version: load_ruleset(f"combo-whist@{version}") for version in ("1.0.0", "1.1.1")}  # a bid with may_bid,
# and one with repeatable: checked one by one (who may bid it now, how many copies)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(VERSIONS)), st.integers(0, 40), st.integers(0, 3), st.data())
def test_a_turns_check_of_bids_checked_one_by_one_says_what_a_fresh_check_says(
    version: str, seed: int, bids: int, data: st.DataObject
) -> None:
    rules = VERSIONS[version]
    state = position(seed, bids, rules)
    request, deal = state.pending, state.current
    assert request is not None and deal is not None and isinstance(request.check, BidCheck)
    specials = tuple(b.id for b in rules.special_bids)
    assert deal.combos.checked_ids and deal.combos.checked_ids <= set(specials)
    tried = data.draw(
        st.lists(
            st.builds(
                BidAnswer,
                st.sampled_from(tuple(b.id for b in rules.standard_bids)),
                st.lists(st.sampled_from((*sorted(deal.combos.checked_ids) * 3, *specials)), max_size=4).map(tuple),
            ),
            min_size=1,
            max_size=20,
        )
    )
    check, bidding = request.check, deal._bidding
    assert bidding is not None
    for answer in tried * 2:
        said = check(answer)
        assert said == BidCheck(deal, check.player, bidding.lead, bidding.leader)(answer)
        assert said == deal.bid_problem(answer, check.player, bidding.lead, bidding.leader)


def test_as_much_worth_as_the_lead_beats_it_only_with_more_potentials() -> None:
    state = position(3, 1)
    deal, request = state.current, state.pending
    assert deal is not None and deal._bidding is not None and request is not None
    lead, leader = deal._bidding.lead, deal._bidding.leader
    assert lead is not None and leader is not None
    equal = next(BidAnswer(s) for s in STANDARD if deal.combos.make(BidAnswer(s)).worth == lead.worth)
    player = deal.by_seat[request.seat]
    before = player.marks.potential
    assert BidCheck(deal, player, lead, leader)(equal) is not None  # as many potentials: too low
    player.marks.add("potential", leader.marks.potential - before + 1)
    assert BidCheck(deal, player, lead, leader)(equal) is None  # one more than the high bidder: it beats


class _Asked(Agent):
    """Answers a bid request with its first standard bid that the check accepts, and keeps the requests."""

    wants_view = False
    legal_answers = True

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def decide(self, request: Request, view: View | None) -> Any:
        self.requests.append(request)
        assert request.check is not None
        return next((BidAnswer(s) for s in request.standard_ids if request.check(BidAnswer(s)) is None), None)


def refuse_some(standard: str, specials: tuple[str, ...]) -> str | None:
    """A check by ids that refuses about two combos in three, the same each time (and in every run:
    ``hash`` of texts changes from one process to the next, and in one run in some hundreds it
    refused every standard bid alone)."""
    return None if zlib.crc32(repr((standard, specials)).encode()) % 3 == 0 else "refused"


def check_some(answer: BidAnswer) -> str | None:
    """:func:`refuse_some` as a request's check."""
    return refuse_some(answer.standard, answer.specials)


def test_the_random_agents_bid_chooser_answers_as_decide() -> None:
    by_request, by_chooser = RandomAgent(11, bid_chance=0.7), RandomAgent(11, bid_chance=0.7)
    chooser = by_chooser.bid_chooser(2)
    repeatable = (SPECIAL[3],)
    for turn in range(300):
        ids = STANDARD, SPECIAL, repeatable if turn % 2 else ()
        request = Request("bid", 2, BID, "", (), 1, False, check_some, *ids)
        assert by_request.decide(request, None) == chooser(refuse_some, *ids)
    assert by_request.rng.getstate() == by_chooser.rng.getstate()


def test_the_default_bid_chooser_asks_decide_with_the_turns_request() -> None:
    agent = _Asked()
    answer = agent.bid_chooser(1)(refuse_some, STANDARD, SPECIAL, ())
    (request,) = agent.requests
    assert (request.kind, request.seat, request.name) == ("bid", 1, BID) and request.check is not None
    assert (request.standard_ids, request.special_ids, request.repeatable_ids) == (STANDARD, SPECIAL, ())
    tried = [BidAnswer(s, specials) for s in STANDARD for specials in ((), SPECIAL[:2])]
    assert [request.check(a) for a in tried] == [refuse_some(a.standard, a.specials) for a in tried]
    assert answer == next(BidAnswer(s) for s in STANDARD if refuse_some(s, ()) is None)


class _LowBidder(RandomAgent):
    """A random agent that bids its own way (through ``decide``)."""

    def decide(self, request: Request, view: View | None) -> Any:
        if request.kind == "bid":
            return next((BidAnswer(s) for s in request.standard_ids if refuse_some(s, ()) is None), None)
        return super().decide(request, view)


def test_a_random_agent_that_decides_bids_its_own_way_is_asked_through_decide() -> None:
    agent = _LowBidder(3)
    assert agent.bid_chooser(0)(refuse_some, STANDARD, SPECIAL, ()) == agent.decide(
        Request("bid", 0, BID, "", (), 1, False, check_some, STANDARD, SPECIAL, ()), None
    )
