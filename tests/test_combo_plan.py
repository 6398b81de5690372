"""A combo's plan (interpreter/prepared.py) is made from each bid's share of the hook points,
worked out once per rule set: every field must be what the combo's bids in event order say."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.prepared import adjustments, combo_plan, event_order, rank_values
from rulespec import load_ruleset
from rulespec import model as M

REPO = Path(__file__).resolve().parent.parent
REFS = [
    "combo-whist",
    "combo-whist@1.0.0",
    "combo-whist@1.3.0",
    "christmas-whist",
    *(str(p) for p in sorted((REPO / "bids/examples").glob("*.yaml"))),
]
RULES = {ref: load_ruleset(ref) for ref in REFS}


def _expected(rules: M.RuleSet, bids: tuple[M.Bid, ...]) -> dict[str, object]:
    """The plan's fields written straight from the bids (as the model's field docs say)."""
    return {
        "plays_last_rules": tuple(b.plays_last for b in bids if b.plays_last is not None),
        "play_rules": tuple(b.may_not_play for b in bids if b.may_not_play is not None),
        "lead_rules": tuple(b.may_not_lead for b in bids if b.may_not_lead is not None),
        "taker_rules": tuple(b.trick_taker for b in bids if b.trick_taker is not None),
        "trump_changes": tuple(
            b.trump.after_each_trick for b in bids if b.trump is not None and b.trump.after_each_trick is not None
        ),
        "melds": tuple(m for b in bids for m in b.melds),
        "rank_value": rank_values(rules.game.deck.ranks, bids),
        "marks_on_declaring": tuple(item for b in bids for item in b.marks_on_declaring.items()),
        "adjustments": adjustments(bids),
        "bonuses": tuple(b.bonus for b in bids if b.bonus is not None),
        "penalties": tuple(b.penalty for b in bids if b.penalty is not None),
        "wins_game": tuple(b.wins_game for b in bids if b.wins_game is not None),
    }


@st.composite
def _combos(draw: st.DrawFn) -> tuple[str, str, tuple[str, ...]]:
    ref = draw(st.sampled_from(REFS))
    rules = RULES[ref]
    standard = draw(st.sampled_from([b.id for b in rules.standard_bids]))
    specials = [b.id for b in rules.special_bids]
    chosen = draw(st.lists(st.sampled_from(specials), max_size=6)) if specials else []  # repeats too
    return ref, standard, tuple(chosen)


@settings(derandomize=True, max_examples=400, deadline=None)
@given(_combos())
def test_a_plan_is_what_its_bids_in_event_order_say(combo: tuple[str, str, tuple[str, ...]]) -> None:
    ref, standard, specials = combo
    rules = RULES[ref]
    plan = combo_plan(rules, standard, specials)
    bids = event_order([rules.bids[standard], *(rules.bids[s] for s in specials)])
    assert plan.bids == bids
    for name, value in _expected(rules, bids).items():
        assert getattr(plan, name) == value, name


def test_every_bundled_bid_alone_beside_each_standard_bid() -> None:
    """Each special bid with each standard bid (the hooks of every bid meet the plan once)."""
    for rules in RULES.values():
        for standard in rules.standard_bids:
            for special in (None, *rules.special_bids):
                specials = () if special is None else (special.id,)
                plan = combo_plan(rules, standard.id, specials)
                bids = event_order([standard, *(rules.bids[s] for s in specials)])
                for name, value in _expected(rules, bids).items():
                    assert getattr(plan, name) == value, (standard.id, specials, name)
