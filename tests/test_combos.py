"""Combo bids made from answers (interpreter/auction.py): the verdicts and combos it keeps.

A combo, or what is wrong with it, is kept per rule set when it cannot differ from deal to
deal: these tests check that what is kept equals what is worked out afresh, and that a worth
which reads the deal (here an option) is worked out every time.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.auction import ComboMaker, _bid_tables
from interpreter.decisions import BidAnswer
from rulespec import load_ruleset
from rulespec import model as M

RULES = load_ruleset("combo-whist")

VARIANT = """\
# yaml-language-server: $schema=../rulespec/schema/ruleset.schema.json
ruleset: combo-whist-dear-mail
version: 1.5.1+test.1
extends: combo-whist
game:
  options:
    mail_worth: 2
bids:
  - id: master_mail
    worth: option.mail_worth if standard.trump else 1
"""


def fresh_env(players: int = 4, **options: Any) -> dict[str, Any]:
    """The names a worth may read, as a deal's environment has them."""
    return {"player_count": players, "suits": list("CDHS"), "ranks": [], "option": SimpleNamespace(**options)}


def random_answer(rules: M.RuleSet, rng: random.Random) -> BidAnswer:
    standard = rng.choice([b.id for b in rules.standard_bids])
    specials = tuple(b.id for b in rules.special_bids if rng.random() < 0.15)
    return BidAnswer(standard, specials)


def test_a_worth_that_reads_only_the_combo_is_kept() -> None:
    tables = _bid_tables(RULES)
    variable, by_deal = tables[3], tables[4]
    assert "master_mail" in variable  # 3 with a trump bid other than Grill, else 1
    assert "master_mail" not in by_deal
    maker = ComboMaker(RULES, fresh_env())
    answer = BidAnswer("trump", ("master_mail",))
    combo = maker.make(answer)
    assert combo.worth == 1 + 3
    assert maker.make(answer) is combo  # kept
    assert maker.make(BidAnswer("grill", ("master_mail",))).worth == RULES.bids["grill"].worth.constant + 1


def test_a_worth_that_reads_only_the_standard_bid_is_kept_per_standard_bid() -> None:
    """Master Mail is worth 3 beside a trump bid other than Grill, else 1, whatever else is in the combo."""
    assert "master_mail" in _bid_tables(RULES)[9]
    maker = ComboMaker(RULES, fresh_env())
    for standard, worth in [("trump", 3), ("grill", 1), ("misery", 1), ("block_trump", 3), ("grill", 1)]:
        for others in [(), ("sloth",), ("justice", "sloth")]:
            combo = maker.make(BidAnswer(standard, ("master_mail", *others)))
            assert combo.specials[0].id == "master_mail" and combo.specials[0].worth == worth, (standard, others)


def test_a_worth_that_reads_the_deal_is_worked_out_every_time(tmp_path: Path) -> None:
    path = tmp_path / "dear-mail.yaml"
    path.write_text(VARIANT, encoding="utf-8")
    rules = load_ruleset(path)
    assert "master_mail" in _bid_tables(rules)[4]  # reads an option
    answer = BidAnswer("trump", ("master_mail",))
    cheap = ComboMaker(rules, fresh_env(mail_worth=2)).make(answer)
    dear = ComboMaker(rules, fresh_env(mail_worth=5)).make(answer)
    assert (cheap.worth, dear.worth) == (1 + 2, 1 + 5)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_kept_combos_and_verdicts_equal_fresh_ones(seed: int, players: int) -> None:
    rng = random.Random(seed)
    maker = ComboMaker(RULES, fresh_env(players))
    for _ in range(10):
        answer = random_answer(RULES, rng)
        for _ in range(2):  # the second time comes from what was kept
            assert maker.problem(answer) == maker._problem(answer)
            if maker.problem(answer) is not None:
                continue
            combo = maker.make(answer)
            assert combo.ids == [answer.standard, *answer.specials]
            facts = [maker.facts[b] for b in combo.ids]
            env = {**maker.base_env, "standard": facts[0], "specials": facts[1:]}
            assert [b.worth for b in combo.bids] == [RULES.bids[b].worth(env) for b in combo.ids]
            assert combo.worth == sum(b.worth for b in combo.bids)


@pytest.mark.parametrize("players", [3, 4])
def test_verdicts_are_kept_per_number_of_players(players: int) -> None:
    maker = ComboMaker(RULES, fresh_env(players))
    answer = BidAnswer("trump", ("zero", "ending_dog"))
    assert maker.problem(answer) == maker._problem(answer) is not None  # incompatible


# Combos as anyone may send them, from every bid id of a rule set and an unknown one: standard bids
# among the specials, special bids twice (repeatable or not), incompatible pairs.
@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist", "combo-whist@1.0.0", "combo-whist@1.4.2"])
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_the_quick_verdict_of_a_new_combo_is_the_full_checks(ref: str, seed: int) -> None:
    """A combo found well formed at once (the quick way a new combo is checked first) is one the full
    check finds nothing wrong with, and the verdict kept is the full check's, refusal and facts alike."""
    rules = load_ruleset(ref)
    rng = random.Random(seed)
    ids = [*rules.bids, "nonsense"]
    maker = ComboMaker(rules, fresh_env(), impossible=lambda *_: None)
    specials = [b.id for b in rules.special_bids]
    for _ in range(30):
        standard = rng.choice([b.id for b in rules.standard_bids] + ids[:2])
        pool = ids if not specials or rng.random() < 0.2 else specials
        drawn = tuple(rng.choice(pool) for _ in range(rng.randrange(5)))
        answer = BidAnswer(standard, drawn)
        if maker._well_formed(standard, drawn):
            assert maker._problem(answer) is None, answer
        verdict, full = maker.problem(answer), maker._problem(answer)
        assert verdict == full and getattr(verdict, "values", None) == getattr(full, "values", None), answer


def test_the_quick_verdict_finds_what_is_wrong() -> None:
    maker = ComboMaker(RULES, fresh_env())
    assert maker._well_formed("trump", ("sloth", "justice"))
    for standard, specials in [
        ("trump", ("zero", "ending_dog")),  # incompatible
        ("trump", ("sloth", "sloth")),  # twice
        ("trump", ("grill",)),  # a standard bid among the specials
        ("sloth", ()),  # a special bid as the standard bid
        ("trump", ("nonsense",)),
    ]:
        assert not maker._well_formed(standard, specials)
        assert maker.problem(BidAnswer(standard, specials)) is not None
