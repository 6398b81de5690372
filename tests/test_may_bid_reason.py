"""A bid refused by its ``may_bid`` says why: the bid's own text of who may bid it.

"Not allowed: You may not bid Extended Bid now." left a player of 1.2.0 guessing that a P (from a
completed Potential) was needed. Every bid whose data has ``may_bid`` has a locale text
``bids.<id>.may_bid``, and the refusal shows it — checked for every such bid of every bundled rule
set and version, in English and Swedish, from the engine's refusal at the first bid turn (nobody
holds anything yet, so the condition refuses every seat) and at the terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from interpreter.decisions import Agent, BidAnswer, Refusal, Request, View
from interpreter.game import Game
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet
from rulespec.textkeys import needed_texts
from whist.cli import cli
from whist.refusals import said

LANGUAGES = ("en", "sv")


def _refs() -> list[str]:
    return [ref for name in bundled_names() for ref in (name, *(f"{name}@{v}" for v in bundled_versions(name)))]


def _with_may_bid() -> list[tuple[str, str]]:
    """(rule set, bid id) of every bundled bid whose data says who may bid it."""
    found = []
    for ref in _refs():
        rules = load_ruleset(ref)
        found += [(ref, bid.id) for bid in rules.bids.values() if bid.may_bid is not None]
    return found


CASES = _with_may_bid()


def test_the_bundled_rule_sets_have_bids_with_may_bid() -> None:
    """(So that the tests below test something: 1.2.0, 1.1.1, 1.1.0 and 1.0.0 have Extended Bid.)"""
    assert {ref for ref, _ in CASES} >= {"combo-whist@1.2.0", "combo-whist@1.1.1"}


class _Asker(Agent):
    """Asks the first bid turn's check about a combo holding ``bid``, keeps the refusal, then stops."""

    def __init__(self, rules: RuleSet, bid: str) -> None:
        self.rules, self.bid, self.refusal = rules, bid, None

    def decide(self, request: Request, view: View) -> Any:
        assert request.kind == "bid" and request.check is not None
        bid = self.rules.bids[self.bid]
        standards = [b.id for b in self.rules.bids.values() if b.kind == "standard"]
        alone = [BidAnswer(self.bid, ())]
        answers = alone if bid.kind == "standard" else [BidAnswer(s, (self.bid,)) for s in standards]
        for answer in answers:
            reason = request.check(answer)
            if isinstance(reason, Refusal) and reason.key == "bid_not_yours_now" and reason.values["bid"] == self.bid:
                self.refusal = reason
                break
        raise _Stop


class _Stop(Exception):
    pass


def _refusal(rules: RuleSet, bid: str) -> Refusal:
    agent = _Asker(rules, bid)
    game = Game(rules, [agent] * rules.game.players.min, seed=1, first_dealer=0)
    with pytest.raises(_Stop):
        game.play_deal()
    assert agent.refusal is not None, f"{bid}: no seat was refused it at the first bid turn"
    return agent.refusal


@pytest.mark.parametrize(("ref", "bid"), CASES)
def test_the_refusal_says_who_may_bid_it(ref: str, bid: str) -> None:
    rules = load_ruleset(ref)
    assert f"bids.{bid}.may_bid" in needed_texts(rules)  # (so check and translate count it)
    refusal = _refusal(rules, bid)
    shown = {}
    for lang in LANGUAGES:
        texts = load_texts(rules, lang)
        why = texts.bid_text(bid, "may_bid")
        assert why and why != f"bids.{bid}.may_bid" and "{" not in why
        assert f"bids.{bid}.may_bid" not in texts.missing, f"{lang}: no text of who may bid {bid}"
        words = said(refusal, texts)
        assert texts.bid_name(bid) in words and words.endswith(why), words
        assert words.count(texts.bid_name(bid)) == 1
        shown[lang] = words
    assert shown["en"] != shown["sv"]  # (each in its own language)
    assert refusal.count(bid) == 1  # the engine's own sentence names the bid once


def test_a_refusal_without_the_text_is_said_as_before() -> None:
    """A bid with no ``may_bid`` text (a stranger's house rule) keeps the plain sentence."""
    ref, bid = CASES[0]
    texts = load_texts(load_ruleset(ref), "en")
    refusal = Refusal("bid_not_yours_now", "x", bid="no_such_bid", why="may_bid")
    assert said(refusal, texts) == "You may not bid no_such_bid now."
    assert said(Refusal("bid_not_yours_now", "x", bid=bid), texts) == f"You may not bid {texts.bid_name(bid)} now."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_shows_the_reason(lang: str, tmp_path: Path) -> None:
    ref, bid = next(case for case in CASES if case[0] == "combo-whist@1.2.0")
    rules = load_ruleset(ref)
    texts = load_texts(rules, lang)
    standard = next(b.id for b in rules.bids.values() if b.kind == "standard")
    typed = f"{texts.bid_name(standard)}+{texts.bid_name(bid)}\n"
    save = tmp_path / "save.json"
    args = ["play", ref, "--seed", "5", "--seat", "0", "--lang", lang, "--save", str(save), "--agents", "random"]
    result = CliRunner().invoke(cli, args, input=typed)
    why = texts.bid_text(bid, "may_bid")
    assert " ".join(why.split()[:4]) in result.output, result.output
