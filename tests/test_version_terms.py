"""Each version of Combo Whist says its own words, in its reference and on its cards.

Up to 1.4.2 the bid tables say Worth and Order (sv Värde, Ordning); 1.5.0 renamed them Rank and
Priority (/work/shared/rules/README.md). The tables took the old words from the 1.4.2 locale's
``labels``, while the prose of every older version, inherited from 1.5.x's texts, went on about
"a combo bid of higher rank", "the order of priority" and "the combo's rank". So, for every
version and language, the words are read from that version's own ``labels.worth`` and
``labels.priority`` (never written here): up to 1.4.2 no word of 1.5.x's pair appears anywhere in
the reference or on a card (bid names such as Rank Trump aside), and the texts that define the
words use the version's own; 1.5.x defines Rank and Priority with its words, not the old ones.

The same kind of slip with a bid's chosen card: 1.4.0 calls Justice's card "the triumph trump",
and the quick-game example removes Justice, yet both references named "a card of justice" among
the events before the hand. Over every bundled rule set, version and example, the general rules
name no chosen value (``declarations.<name>``) in words other than the rule set's own.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from versions_helpers import NEWEST, VERSIONS

from printing.cards import card_faces
from printing.reference import Reference, build_reference, to_markdown
from rulespec import load_ruleset
from rulespec.hookparts import Choose
from rulespec.locale import Texts, load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet

ROOT = Path(__file__).resolve().parent.parent
LAST_OLD_WORDS = "1.4.2"  # 1.5.0 renamed Worth and Order to Rank and Priority
ALL_VERSIONS = [*VERSIONS, NEWEST]
LANGS = ["en", "sv"]


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


OLD = [v for v in ALL_VERSIONS if _key(v) <= _key(LAST_OLD_WORDS)]
NEW = [v for v in ALL_VERSIONS if _key(v) > _key(LAST_OLD_WORDS)]


@cache
def _rules(ref: str) -> RuleSet:
    return load_ruleset(ref)


def _version_rules(version: str) -> RuleSet:
    return _rules("combo-whist" if version == NEWEST else f"combo-whist@{version}")


def _words(version: str, lang: str) -> tuple[str, str]:
    """The version's words for a bid's worth and a special bid's priority, from its labels."""
    texts = load_texts(_version_rules(version), lang)
    return texts.label("worth").lower(), texts.label("priority").lower()


def _says(word: str, text: str) -> bool:
    """Whether ``text`` uses ``word`` or a form of it (rank, ranks, ranked; värde, värdet)."""
    return re.search(rf"\b{re.escape(word)}\w*", text, re.IGNORECASE) is not None


def _without_bid_names(text: str, rules: RuleSet, texts: Texts) -> str:
    for name in sorted((texts.bid_name(bid_id) for bid_id in rules.bids), key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _card_texts(rules: RuleSet, texts: Texts) -> str:
    parts: list[str] = []
    for face in card_faces(rules, texts):
        parts += [face.kind_label, face.worth_label, face.rules or "", face.short or ""]
        parts += [f"{field.label}: {field.value}" for field in face.fields]
    return "\n".join(parts)


def _combo_scores(reference: Reference, rules: RuleSet) -> list[str]:
    """The score cells of the bids that score the combo bid's worth (Taintless …)."""
    table = next(t for t in reference.tables if t.kind == "standard")
    column = table.columns.index("score")
    return [
        row[column]
        for bid_id, row in zip(table.bid_ids, table.rows, strict=True)
        if (score := rules.bids[bid_id].score) is not None and score.name_path == "combo.worth"
    ]


def test_the_two_eras_have_words_of_their_own() -> None:
    for lang in LANGS:
        old, new = _words(LAST_OLD_WORDS, lang), _words(NEWEST, lang)
        assert not set(old) & set(new), lang  # else the tests below could not tell them apart
        assert all(_words(v, lang) == old for v in OLD), lang
        assert all(_words(v, lang) == new for v in NEW), lang


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", OLD)
def test_up_to_1_4_2_the_texts_say_worth_and_order(version: str, lang: str) -> None:
    rules = _version_rules(version)
    texts = load_texts(rules, lang)
    worth, order = _words(version, lang)
    newer = _words(NEWEST, lang)
    reference = build_reference(rules, texts)
    everything = _without_bid_names(to_markdown(reference) + "\n" + _card_texts(rules, texts), rules, texts)
    assert not [w for w in re.findall(r"\w+", everything) if any(_says(n, w) for n in newer)]
    sections = {s.key: s.text for s in reference.sections}
    assert _says(worth, sections["combo_bids"])
    assert all(_says(worth, cell) for cell in _combo_scores(reference, rules))
    if any(bid.priority is not None for bid in rules.special_bids):
        assert _says(order, sections["event_order"])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", NEW)
def test_from_1_5_0_the_texts_say_rank_and_priority(version: str, lang: str) -> None:
    rules = _version_rules(version)
    texts = load_texts(rules, lang)
    rank, priority = _words(version, lang)
    older_worth, _ = _words(LAST_OLD_WORDS, lang)
    reference = build_reference(rules, texts)
    sections = {s.key: s.text for s in reference.sections}
    scores = _combo_scores(reference, rules)
    assert scores  # Taintless Bid scores the combo's rank
    for text in (sections["combo_bids"], *scores):
        assert _says(rank, text) and not _says(older_worth, text), text
    assert _says(priority, sections["event_order"])


# --- a chosen value in the rule set's own words ----------------------------------------------

REFS = [
    *bundled_names(),
    *(f"combo-whist@{v}" for v in bundled_versions("combo-whist")),
    *(str(p) for p in sorted((ROOT / "bids" / "examples").glob("*.yaml"))),
]


def _game(rules: RuleSet) -> str:
    return rules.lineage[-1].split("@")[0]


def _chosen(rules: RuleSet, lang: str) -> set[str]:
    """What the rule set calls the values its bids have players choose (its declarations)."""
    texts = load_texts(rules, lang)
    names = {step.name for bid in rules.bids.values() for step in bid.steps if isinstance(step, Choose)}
    return {texts.get(f"declarations.{name}").lower() for name in names}


@pytest.mark.parametrize("lang", LANGS)
def test_the_general_rules_name_chosen_values_in_the_rule_sets_own_words(lang: str) -> None:
    rule_sets = [_rules(ref) for ref in REFS]
    wrong = []
    for rules in rule_sets:
        own = _chosen(rules, lang)
        # Said by a relative (another version, the game the example extends) and not by this one.
        foreign = {w for other in rule_sets if _game(other) == _game(rules) for w in _chosen(other, lang)} - own
        for section in build_reference(rules, load_texts(rules, lang)).sections:
            said = [w for w in foreign if re.search(rf"\b{re.escape(w)}\b", section.text, re.IGNORECASE)]
            wrong += [(rules.id, section.key, w) for w in said]
    assert wrong == []
