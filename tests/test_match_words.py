"""A match of hands as the player reads it: the rules reference, the start of ``whist play`` and
``whist diff`` say a rule set's own schedules by the hands' names (``rulespec/matchtext.py``).

The house rule is the one a rule author wrote: Christmas Whist with a kind of hand of its own
(Hearts Down, with a meld named "whispered") and a schedule of its own (``club``) made the default.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import click
import pexpect
import pypdf
import pytest
import yaml
from click.testing import CliRunner
from rich.console import Console

from interpreter.agents.randomagent import RandomAgent
from interpreter.game import Game
from printing.reference import build_reference, to_html, to_markdown
from printing.reference_pdf import reference_pdf
from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names
from rulespec.model import RuleSet
from whist.diffcli import register
from whist.playcli import match_lines

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "sv")

HOUSE = """\
ruleset: xmas-d
version: 1.0.0+d.1
extends: christmas-whist
game:
  options: {match: club}
  match:
    schedules:
      club: [tricks_up, hearts_down, marriages_up]
bids:
  - id: hearts_down
    kind: standard
    params: {trick_points: 1, heart_points: -1}
    points_each: >-
      count(player.won_tricks, trick.after_close) * trick_points
      + sum(filter(player.won_tricks, trick.after_close), count(trick.cards, card.suit == "H")) * heart_points
    melds:
      - {name: whispered, lead: card.rank == "K", show: card.rank == "Q" and card.suit == trick.lead.suit, points: 2}
"""
#: A house rule of an auction game with a bid whose choice is shown under a name of its own.
AUCTION_HOUSE = """\
ruleset: combo-d
version: 1.5.1+d.1
extends: combo-whist
bids:
  - id: hearts_down
    kind: special
    worth: 1
    priority: 5
    steps:
      - choose: {who: declarer, what: suit, as: whispered}
    requires: count(declarer.won, card.suit == whispered) >= 5
"""
NAMES = {"en": ("Hearts Down", "Whispered suit"), "sv": ("Hjärter ner", "Viskad färg")}
#: The house schedule's name in each language (a schedule is named by its text, its id only where none).
CLUB = {"en": "Club night", "sv": "Klubbkväll"}
#: The schedule each match game plays unless the table chooses another, as its rule file says.
DEFAULTS = {"christmas-whist": "full", "xmas-d": "club"}


def _write(folder: Path, name: str, rules: str) -> Path:
    for lang, (bid, declared) in NAMES.items():
        texts = {"language": lang, "ruleset": name, "bids": {"hearts_down": {"name": bid, "short": bid, "rules": bid}}}
        texts["declarations"] = {"whispered": declared}
        if "club:" in rules:
            texts["schedules"] = {"club": CLUB[lang]}
        (folder / "locales" / lang).mkdir(parents=True, exist_ok=True)
        (folder / "locales" / lang / f"{name}.yaml").write_text(yaml.safe_dump(texts, allow_unicode=True), "utf-8")
    path = folder / f"{name}.yaml"
    path.write_text(rules, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def houses(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("houses")
    return {"xmas-d": _write(folder, "xmas-d", HOUSE), "combo-d": _write(folder, "combo-d", AUCTION_HOUSE)}


@pytest.fixture(scope="module")
def match_games(houses: dict[str, Path]) -> list[RuleSet]:
    """Every bundled rule set with a match, and the house rule."""
    bundled = [load_ruleset(name) for name in bundled_names()]
    games = [rules for rules in [*bundled, load_ruleset(str(houses["xmas-d"]))] if rules.game.match is not None]
    assert {rules.name for rules in games} == set(DEFAULTS)  # (a new match game says its default above)
    return games


def _label(lang: str, key: str) -> str:
    return str(yaml.safe_load((ROOT / "locales" / lang / "ui.yaml").read_text("utf-8"))["labels"][key])


def _in_order(text: str, names: list[str]) -> bool:
    """Whether every name is in ``text``, each after the one before."""
    at = 0
    for name in names:
        at = text.find(name, at)
        if at < 0:
            return False
        at += len(name)
    return True


def _hand_names(rules: RuleSet, schedule: str, lang: str) -> list[str]:
    texts = load_texts(rules, lang)
    names = []
    for hand in rules.game.match.schedules[schedule]:  # type: ignore[union-attr]
        names += [texts.bid_name(bid) for bid in ([hand.bid] if hand.bid else hand.choices)]
    return names


@pytest.mark.parametrize("lang", LANGS)
def test_the_reference_tells_every_schedule_by_its_hands_names(match_games: list[RuleSet], lang: str) -> None:
    for rules in match_games:
        texts = load_texts(rules, lang)
        ref = build_reference(rules, texts)
        written = {"md": to_markdown(ref), "html": to_html(ref)}
        plain = _label(lang, "match_schedule")
        marked = [
            s.heading
            for s in ref.sections
            if s.key.startswith("match_")
            and s.heading != plain.replace("{schedule}", texts.schedule_name(s.key.removeprefix("match_")))
        ]
        default_name = texts.schedule_name(DEFAULTS[rules.name])
        default = _label(lang, "match_schedule_default").replace("{schedule}", default_name)
        assert marked == [default], (rules.name, marked)
        for name in rules.game.match.schedules:  # type: ignore[union-attr]
            section = next(s for s in ref.sections if s.key == f"match_{name}")
            named = texts.schedule_name(name)
            assert named != name and re.search(r"[A-Z]", named), named  # (every schedule here has a name)
            assert named in section.heading
            assert _in_order(section.text, _hand_names(rules, name, lang)), section.text
            assert not re.search(r"\b[a-z]+_[a-z]+\b", section.text)  # (no bid id left as written)
            for text in written.values():
                assert named in text and all(hand in text for hand in _hand_names(rules, name, lang))


def test_the_printed_reference_tells_the_house_schedule(match_games: list[RuleSet]) -> None:
    rules = next(rules for rules in match_games if rules.name == "xmas-d")
    pdf = reference_pdf(build_reference(rules, load_texts(rules, "en")))
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "Match: Club night (played unless the table chooses another)" in text
    assert "Hands played (3): 1. Take Tricks; 2. Hearts Down; 3. Marriages." in text


@pytest.mark.parametrize("lang", LANGS)
def test_play_says_the_match_in_force_and_its_hands(match_games: list[RuleSet], lang: str) -> None:
    for rules in match_games:
        texts = load_texts(rules, lang)
        for name, options in [(DEFAULTS[rules.name], {}), *((n, {"match": n}) for n in rules.game.match.schedules)]:  # type: ignore[union-attr]
            game = Game(rules, [RandomAgent(seat) for seat in range(2)], seed=1, options=options)
            console = Console(record=True, width=300)
            match_lines(console, game, texts, options)
            said = console.export_text()
            assert _label(lang, "match_schedule").replace("{schedule}", texts.schedule_name(name)) in said
            assert _in_order(said, _hand_names(rules, name, lang)), said
            assert (f"match={name}" in said) == bool(options)


def _first_screen(tmp_path: Path, lang: str, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update({"TERM": "dumb", "WHIST_LANG": lang})
    # A save of its own for each call: a first call stopped after its first save would leave a game
    # not yet over, which a second call's --save then (rightly) refuses to overwrite.
    save = tmp_path / f"g-{lang}-{len(list(tmp_path.glob('g-*.json')))}.json"
    command = ["-m", "whist", "play", "--agents", "random", "--seed", "3", "--save", str(save), *args]
    child = pexpect.spawn(sys.executable, command, dimensions=(40, 160), env=env, encoding="utf-8", timeout=60)
    try:
        child.expect(_label(lang, "saved_to").split("{")[0].strip())
        return str(child.before)
    finally:
        child.terminate(force=True)


def test_play_at_the_terminal_starts_with_the_match(tmp_path: Path, houses: dict[str, Path]) -> None:
    house = _first_screen(tmp_path, "en", str(houses["xmas-d"]))
    assert "Match: Club night" in house and "Hands played (3): 1. Take Tricks; 2. Hearts Down; 3. Marriages" in house
    assert "Table options" not in house
    chosen = _first_screen(tmp_path, "sv", "christmas-whist", "--option", "match=three")
    assert "Bordsval: match=three" in chosen and "Match: Tre givar" in chosen
    assert "Givar som spelas (3): 1. Ta Stick; 2. Undvik Stick; 3. Par" in chosen


@pytest.fixture(scope="module")
def diff():
    group = click.Group()
    register(group)
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(group, ["diff", *args], env={"WHIST_LANG": "", "LANGUAGE": "", "LANG": "C"})
        assert result.exit_code == 0, result.stderr
        return result.stdout

    return run


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("parent,house", [("combo-whist", "combo-d"), ("christmas-whist", "xmas-d")])
def test_diff_words_a_kind_of_hand_as_its_game_has_it(diff, houses, parent: str, house: str, lang: str) -> None:
    """A bid added to a game with an auction has a rank; to a game without one it is a kind of
    hand, with none; a schedule is told by its hands' names; a new name is told with its key."""
    auctioned = load_ruleset(parent).game.auction is not None
    bid, declared = NAMES[lang]
    md = diff(parent, str(houses[house]), "--texts", "--lang", lang)
    lines = json.loads(diff(parent, str(houses[house]), "--texts", "--lang", lang, "--format", "json"))
    added = next(r["text"] for r in lines if r["kind"] == "bid_added")
    heading = "diff_bids_added" if auctioned else "diff_hands_added"
    assert f"## {_label(lang, heading)}\n" in md
    rank = _label(lang, "diff_field_worth")
    if auctioned:
        assert f"{rank} 1" in added
    else:
        kind = _label(lang, "diff_kind_hand")
        assert added.startswith(f"{bid}: {kind};") and rank not in added
        assert f"- **{bid}**: {kind};" in md
    named = next(r["text"] for r in lines if r["field"] == "declarations.whispered")
    assert "`declarations.whispered`" in named and named.endswith(declared)
    schedules = [r["text"] for r in lines if (r["field"] or "").startswith("game.match.schedules")]
    if not auctioned:
        club = load_ruleset(str(houses[house]))
        assert len(schedules) == 1 and _in_order(schedules[0], _hand_names(club, "club", lang))
        assert CLUB[lang] in schedules[0] and " club " not in schedules[0]  # the schedule by its name
        assert "tricks_up" not in md and "tricks\\_up" not in md


def test_a_schedule_without_a_name_is_a_missing_text_and_shown_by_its_id(tmp_path: Path) -> None:
    """A schedule is named by ``schedules.<id>``; a house rule's new one without a text is counted
    missing (``translate status``) and read as its id, as a bid without a name is."""
    from rulespec.translations import status

    path = _write(tmp_path, "xmas-d", HOUSE.replace("club:", "late:").replace("{match: club}", "{match: late}"))
    rules = load_ruleset(str(path))
    assert "schedules.late" in status("en", rules).missing and "schedules.full" not in status("en", rules).missing
    assert load_texts(rules, "en").schedule_name("late") == "late"
    assert load_texts(rules, "sv").schedule_name("five") == "Fem givar"
