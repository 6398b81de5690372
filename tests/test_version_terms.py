"""Each version of Combo Whist says its own words, in its reference and on its cards.

Up to 1.4.2 the bid tables say Worth and Order (sv Värde, Ordning); 1.5.0 renamed them Rank and
Priority (the version tables, tests/data/history). The tables took the old words from the 1.4.2 locale's
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

The program's own labels (``locales/*/ui.yaml``) said Rank and Priority too beside an old version:
"Rank: 8" on the play screen, "a bid must beat rank 3", "rank 4 → 5" in ``whist diff``, "as the rank
rises" in ``whist balance``. Which labels speak of a bid's worth or a special bid's priority is read
from ui.yaml (those both English and Swedish word with the newest version's own word), and each of
them is said in the version's word; a game of an old version, played at the terminal, shows no word
of 1.5.x.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from play_prompts_driver import plain_answer
from rich.console import Console
from rich.markup import escape as rich_escape
from versions_helpers import NEWEST, VERSIONS

from interpreter import GameState, RandomAgent
from interpreter.decisions import BidAnswer, Request, View
from printing.cards import card_faces
from printing.reference import Reference, build_reference, to_markdown
from rulespec import load_ruleset
from rulespec.hookparts import Choose
from rulespec.locale import Texts, load_texts
from rulespec.locate import bundled_names, bundled_versions
from rulespec.model import RuleSet
from whist.play import HumanAgent

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


# --- the program's labels beside an old version ---------------------------------------------


def _plain(text: str) -> str:
    """A label's own words: its placeholders (``{worth}``, a value's name) left out."""
    return re.sub(r"\{[^{}]*\}", " ", text)


def _on_its_own(word: str, text: str) -> bool:
    """Whether ``text`` uses ``word`` as a word of its own (rank, ranks; rangen, prioriteten), not
    as the head of a compound: Swedish "rangordningen" is the order of the cards' ranks."""
    return re.search(rf"\b{re.escape(word)}\w{{0,4}}\b", text, re.IGNORECASE) is not None


@cache
def _bid_word_labels() -> dict[str, int]:
    """The labels of ui.yaml that speak of a bid's worth (0) or a special bid's priority (1).

    Those whose text, in the newest version, uses its word for one of them in English and in
    Swedish alike: English says rank for a card's rank too ("its rank, then its suit"), Swedish
    says valör for that, and rang only for a bid's.
    """
    names = yaml.safe_load((ROOT / "locales" / "en" / "ui.yaml").read_text(encoding="utf-8"))["labels"]
    texts = {lang: load_texts(_version_rules(NEWEST), lang) for lang in LANGS}
    found: dict[str, int] = {}
    for name in names:
        meanings = [
            meaning
            for meaning in (0, 1)
            if all(_on_its_own(_words(NEWEST, lang)[meaning], _plain(texts[lang].label(name))) for lang in LANGS)
        ]
        if meanings:
            found[name] = meanings[0]
    return found


def test_the_labels_that_speak_of_worth_and_priority_are_found_in_ui_yaml() -> None:
    found = _bid_word_labels()
    # Those the tables, the play screen, diff and balance show (a few, to show the reading works) …
    assert {"worth", "priority", "combo_rank", "needed_to_beat", "bid_too_low", "diff_key_priority"} <= set(found)
    assert found["worth"] == 0 and found["priority"] == 1
    # … and not a card's rank.
    assert not {"help_card", "diff_key_ranks", "analyze_unknown_rank_order"} & set(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", OLD)
def test_up_to_1_4_2_the_labels_say_worth_and_order(version: str, lang: str) -> None:
    texts = load_texts(_version_rules(version), lang)
    own, newer = _words(version, lang), _words(NEWEST, lang)
    wrong = []
    for name, meaning in _bid_word_labels().items():
        text = _plain(texts.label(name))
        if not _says(own[meaning], text) or any(_says(word, text) for word in newer):
            wrong.append((name, text))
    assert wrong == []
    assert not {key for key in texts.missing if key.startswith("labels.")}  # none in English for Swedish


# The labels a game's screen shows about a bid's worth: the bar to beat, a refused bid, the combo bid.
ON_SCREEN = ("needed_to_beat", "bid_too_low", "combo_rank")


def _too_low(request: Request, texts: Texts) -> str:
    """A standard bid, by name, that does not beat the highest bid (the first one, if all do)."""

    def refusal(bid_id: str) -> str | None:
        reason = request.check(BidAnswer(bid_id, ())) if request.check else None
        return getattr(reason, "key", None)

    low = [bid_id for bid_id in request.standard_ids if refusal(bid_id) == "bid_too_low"]
    return texts.bid_name((low or list(request.standard_ids))[0])


def _screen(version: str, lang: str, seed: int) -> str:
    """What a person at seat 0 sees over a seeded game of random players: each bid asked with the
    whole table of bids (?), a standard bid too low to beat the highest one, then a pass; any other request answered."""
    rules = _version_rules(version)
    texts = load_texts(rules, lang)
    texts.escape = rich_escape  # (as whist play shows them)
    console = Console(record=True, width=400, color_system=None)
    answers: list[str] = []

    def read(prompt: str, limit: float | None) -> str:
        assert answers, "the screen asked again after every answer was used: " + console.export_text()[-2000:]
        return answers.pop(0)

    human = HumanAgent(rules, texts, console, read)
    state = GameState(rules, 4, seed=seed, max_deals=3)
    agents = [RandomAgent(seed * 10 + seat) for seat in range(4)]
    while not state.is_over:
        request = state.pending
        assert request is not None
        view: View = state.view(request.seat)
        if request.seat == 0:
            bidding = request.kind == "bid"
            answers[:] = ["?", _too_low(request, texts), "pass"] if bidding else [plain_answer(request)]
            state.apply(human.decide(request, view))
        else:
            state.apply(agents[request.seat].decide(request, view))
    return console.export_text()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", OLD)
def test_a_game_of_an_old_version_shows_no_word_of_1_5(version: str, lang: str) -> None:
    rules = _version_rules(version)
    texts = load_texts(rules, lang)
    newer = _words(NEWEST, lang)
    shown, seen = "", set()
    for seed in range(6):  # (until the screen has shown each of ON_SCREEN once)
        screen = _screen(version, lang, seed)
        shown += screen
        for name in ON_SCREEN:
            parts = [re.escape(part) for part in re.split(r"\{[^{}]*\}", texts.label(name))]
            if re.search(r"\S+".join(parts), screen):
                seen.add(name)
        if seen == set(ON_SCREEN):
            break
    assert seen == set(ON_SCREEN)
    words = re.findall(r"\w+", _without_bid_names(shown, rules, texts))
    assert not [w for w in words if any(_says(n, w) for n in newer)]
