"""The texts a rule set's data asks for (rulespec/textkeys.py) and what is said when one is unwritten.

A house rule that adds a bid, a choice, a zone or a meld without texts is valid data, but every
language would show ids (``big_hearts``). ``whist check`` warns at the bid, ``whist translate
status``/``check`` count the texts as missing in English too, and the commands that show texts say
how many are shown as ids and which command lists them. The list of needed texts is checked from
both sides: every decision the engine asks for in played games is shown under a needed text, and
the bundled English files hold exactly the declarations the current data asks for.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from locales_helpers import clean_env, whist

from interpreter import GameState, RandomAgent
from rulespec import load_ruleset
from rulespec.loader import bundled_versions
from rulespec.locale import flatten, read_locale
from rulespec.textkeys import needed_texts
from rulespec.translations import catalog

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "bids" / "examples").glob("*.yaml"))
BUNDLED = ["combo-whist", "christmas-whist", *(f"combo-whist@{v}" for v in bundled_versions("combo-whist"))]


@pytest.mark.parametrize("ref", BUNDLED + EXAMPLES)
def test_every_bundled_rule_set_has_every_text_its_data_asks_for(ref: str) -> None:
    rules = load_ruleset(ref)
    needed = needed_texts(rules)
    assert needed  # every rule set has bids
    for lang in ("en", "sv"):
        entries = catalog(lang, rules).entries
        assert [key for key in needed if key not in entries] == [], lang


@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist"])
def test_the_current_english_files_name_exactly_the_declarations_the_data_asks_for(ref: str) -> None:
    """The other side: a declaration text nothing asks for would be a kind of name textkeys misses."""
    rules = load_ruleset(ref)
    written = {key for key in catalog("en", rules).entries if key.startswith("declarations.")}
    asked = {key for key in needed_texts(rules) if key.startswith("declarations.")}
    assert written == asked


@pytest.mark.parametrize("ref", ["combo-whist", "christmas-whist", "combo-whist@1.0.0", "combo-whist@1.2.0"])
def test_every_decision_asked_in_played_games_is_shown_under_a_needed_text(ref: str) -> None:
    rules = load_ruleset(ref)
    needed = needed_texts(rules)
    asked: set[str] = set()
    for seed in range(6):
        players = 4 if rules.game.auction else 2
        state = GameState(rules, players=players, seed=seed, max_deals=10)
        agents = [RandomAgent(seed * 10 + seat) for seat in range(players)]
        while not state.is_over:
            request = state.pending
            if request.kind == "choose":
                asked.add(f"declarations.{request.name}")
            answer = agents[request.seat].decide(request, state.view(request.seat))
            if request.kind == "bid" and answer is not None:
                asked.update(f"bids.{bid}.name" for bid in (answer.standard, *answer.specials) if bid)
            state.apply(answer)
    assert any(key.startswith("declarations.") for key in asked)
    assert sorted(asked - set(needed)) == []


HOUSE = """\
ruleset: mine
version: "1"
extends: combo-whist
game:
  marks: [potential, streak]
groups:
  sly_bids: bid.id == "sloth"
bids:
  - id: sloth
    worth: -2
  - id: big_hearts
    kind: special
    worth: 2
    incompatible: [sly_bids]
    steps:
      - choose: {who: declarer, what: suit, as: lucky_suit}
      - zone: {name: vault, owner: declarer, size: 2}
    requires: count(declarer.won, card.suit == lucky_suit) >= 5
"""
NEEDED = [
    "bids.big_hearts.name",
    "bids.big_hearts.short",
    "bids.big_hearts.rules",
    "declarations.lucky_suit",
    "declarations.vault",
    "marks.streak",
    "groups.sly_bids",
]
ENGLISH = """\
language: en
ruleset: mine
bids:
  big_hearts:
    name: Big Hearts
    short: Five of the suit you name
    rules: Name a suit and set two cards aside; take at least five cards of the suit you named.
groups:
  sly_bids: the sly bids
declarations:
  lucky_suit: lucky suit
  vault: vault
marks:
  streak: S
"""


def test_a_house_rule_without_its_texts_is_valid_and_every_command_says_what_is_unwritten(tmp_path: Path) -> None:
    house = tmp_path / "mine.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    written = catalog("en", load_ruleset("combo-whist")).entries
    assert [key for key in needed_texts(load_ruleset(house)) if key not in written] == NEEDED

    check = whist("check", str(house))
    assert check.returncode == 0 and "ok (mine@1" in check.stdout
    # one warning for the bid, at its id, with the line and a caret; the group is the bid's too
    line = HOUSE.splitlines().index("  - id: big_hearts") + 1
    assert f"warning: {house}:{line}:9: the bid 'big_hearts' has no English text for " in check.stderr
    assert ", ".join(key for key in NEEDED if not key.startswith("marks.")) + ": a language without" in check.stderr
    assert "  - id: big_hearts\n" in check.stderr and "\n" + " " * 12 + "^\n" in check.stderr
    assert "locales/en/mine.yaml beside the rule file" in check.stderr
    # and one for the new mark, at the game section's marks
    marks_line = HOUSE.splitlines().index("  marks: [potential, streak]") + 1
    assert f"warning: {house}:{marks_line}:3: 'game.marks' has no English text for marks.streak" in check.stderr
    as_json = json.loads(whist("check", str(house), "--json").stdout)
    assert as_json[0]["ok"] is True and len(as_json[0]["warnings"]) == 2

    for lang in ("en", "sv"):
        status = whist("translate", "status", lang, str(house))
        assert [line for line in status.stdout.splitlines() if line.startswith("missing: ")] == [
            f"missing: {key}" for key in NEEDED
        ]
    failing = whist("translate", "check", "en", str(house))
    # named by the file the text belongs in (a house rule's own, beside it), which exists or not
    own = house.parent / "locales" / "en" / "mine.yaml"
    said = (
        f"{own}: missing declarations.vault" if own.exists() else f"{own} (not written yet): missing declarations.vault"
    )
    assert failing.returncode == 1 and said in failing.stderr

    shown = whist("show", str(house))
    assert shown.returncode == 0 and "big_hearts" in shown.stdout
    assert "text(s) missing in every language, shown as ids" in shown.stderr
    assert f"(see: whist translate status en {house})" in shown.stderr

    # the hint's command writes every one of them, empty, with what each is for; empty is still missing
    assert f"'whist translate init en {house}' writes every one, empty" in check.stderr
    init = whist("translate", "init", "en", str(house))
    english = tmp_path / "locales" / "en" / "mine.yaml"
    assert init.returncode == 0 and init.stdout.strip() == f"wrote {english} (7 entries)"
    skeleton = read_locale(english)
    assert sorted(key for key, _ in flatten(skeleton.data) if key not in ("language", "ruleset")) == sorted(NEEDED)
    assert all(text == "" for key, text in flatten(skeleton.data) if key in NEEDED)
    lines = english.read_text(encoding="utf-8").splitlines()
    assert (
        lines[lines.index('    name: ""') - 1]
        == "    # for: the bid's name, in tables, on its card and in the bid menu"
    )
    assert lines[lines.index('  vault: ""') - 1] == "  # for: what 'vault' is called where a player decides or sees it"
    assert whist("check", str(house)).stderr.count("warning: ") == 2
    assert whist("translate", "check", "en", str(house)).returncode == 1
    # half written: --force adds only what the file lacks and keeps what is written
    english.write_text("language: en\nruleset: mine\nbids:\n  big_hearts:\n    name: Big Hearts\n", encoding="utf-8")
    added = whist("translate", "init", "en", str(house), "--force")
    assert added.stdout.strip() == f"{english}: 6 missing entries added"
    assert read_locale(english).data["bids"]["big_hearts"]["name"] == "Big Hearts"

    # with its English texts: nothing to warn of; Swedish falls back to them, and says so
    english.write_text(ENGLISH, encoding="utf-8")
    check = whist("check", str(house))
    assert (check.returncode, check.stderr) == (0, "")
    assert whist("translate", "check", "en", str(house)).returncode == 0
    sv = whist("translate", "status", "sv", str(house))  # now in the English file's order
    assert sorted(line for line in sv.stdout.splitlines() if line.startswith("missing: ")) == [
        f"missing: {key}" for key in sorted(NEEDED)
    ]
    shown = whist("show", str(house), "--lang", "sv", env=clean_env())
    assert "Big Hearts" in shown.stdout and "big_hearts" not in shown.stdout
    assert f"missing in 'sv', shown in English (see: whist translate status sv {house})" in shown.stderr
    assert "every language" not in shown.stderr


def test_the_note_names_the_rule_set_as_typed_and_quotes_it_for_the_shell(tmp_path: Path) -> None:
    folder = tmp_path / "our club"
    folder.mkdir()
    house = folder / "mine.yaml"
    house.write_text(textwrap.dedent(HOUSE), encoding="utf-8")
    shown = whist("show", str(house))
    assert f"(see: whist translate status en '{house}')" in shown.stderr


def test_the_projects_english_is_never_generated() -> None:
    refused = whist("translate", "init", "en", "combo-whist")
    assert refused.returncode == 1 and "the project's English files are written, not generated" in refused.stderr


def test_locale_files_left_behind_by_a_renamed_rule_set_are_named(tmp_path: Path) -> None:
    """After `ruleset: club-d` became `club-e`, locales/en/club-d.yaml was silently unread: the
    warnings only said texts were missing in club-e.yaml. check names the unread file at `ruleset:`."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "ruleset: club-e\nversion: '1'\nextends: combo-whist\nbids:\n  - {id: extra, kind: special, worth: 1}\n",
        encoding="utf-8",
    )
    english = tmp_path / "locales" / "en"
    english.mkdir(parents=True)
    (english / "club-d.yaml").write_text("language: en\nruleset: club-d\n", encoding="utf-8")
    (english / "ui.yaml").write_text("language: en\n", encoding="utf-8")  # read by every rule set
    check = whist("check", str(house))
    assert check.returncode == 0
    assert f"{house}:1:10: locales/en/ beside the rule file has club-d.yaml, which this rule set" in check.stderr
    assert "ui.yaml" not in check.stderr.split("which this rule set")[0]
    (english / "club-d.yaml").rename(english / "club-e.yaml")  # renamed too: nothing to say
    assert "which this rule set does not read" not in whist("check", str(house)).stderr
