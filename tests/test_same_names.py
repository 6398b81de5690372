"""No two bids may read the same in one language (rulespec/samenames.py).

Nothing stopped a translation from giving two bids one name ("Trumf" for Trump and Grill), or a
house rule from naming its new bid like an old one: every table then shows two rows alike, and a
name typed at the table is ambiguous. A zero-width space or a change of case made the same name
pass as another. The class: a clash is an error in ``whist check`` (a house rule's own locale
files) and in ``whist translate status``/``check`` (any language), located at the name, for
every way of writing the same name; no bundled rule set or version has one in any language.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulespec import load_ruleset
from rulespec.locate import bundled_names, bundled_versions
from rulespec.samenames import shown_as
from rulespec.translations import status
from whist.cli import cli

HOUSE = """ruleset: house
version: "1"
extends: combo-whist
bids:
  - id: lucky
    kind: special
    worth: 1
"""

#: Ways of writing Trump's English name that read as Trump, and near names that do not.
SAME = ["Trump", "TRUMP", "trump ", "  Trump", "Tr\\u200bump", "\\uff34rump", "Tru\\u00admp"]
OTHER = ["Trumps", "Trum p", "Triumph"]


def _house(tmp_path: Path, english_name: str, swedish: str | None = None) -> Path:
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "locales" / "en" / "house.yaml").write_text(
        f'language: en\nruleset: house\nbids:\n  lucky:\n    name: "{english_name}"\n    short: s\n    rules: r\n',
        encoding="utf-8",
    )
    if swedish is not None:
        (tmp_path / "locales" / "sv").mkdir()
        (tmp_path / "locales" / "sv" / "house.yaml").write_text(swedish, encoding="utf-8")
    return tmp_path / "house.yaml"


@pytest.mark.parametrize("name", SAME + OTHER)
def test_a_house_rules_bid_named_like_another_is_an_error(tmp_path: Path, name: str) -> None:
    house = _house(tmp_path, name)
    result = CliRunner().invoke(cli, ["check", str(house)])
    if name in OTHER:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1
    assert f"{house.parent / 'locales' / 'en' / 'house.yaml'}:5:11: " in result.stderr
    assert "is also the name of bid 'trump'" in result.stderr
    assert "\u200b" not in result.stderr and "\u00ad" not in result.stderr  # written out, not printed
    checked = CliRunner().invoke(cli, ["translate", "check", "en", str(house)])
    assert checked.exit_code == 1 and "is also the name of bid 'trump'" in checked.stderr


def test_a_translation_giving_two_bids_one_name_is_an_error(tmp_path: Path) -> None:
    swedish = "language: sv\nruleset: house\nbids:\n  lucky:\n    name: Grill\n    short: s\n    rules: r\n"
    house = _house(tmp_path, "Lucky", swedish)
    report = status("sv", load_ruleset(house))
    (clash,) = [e for e in report.errors if "also the name" in e.message]
    assert clash.position is not None and clash.position.line == 5
    assert "'Grill' is also the name of bid 'grill'" in clash.message
    result = CliRunner().invoke(cli, ["check", str(house)])
    assert result.exit_code == 1 and "locales/sv/house.yaml:5:" in result.stderr


def test_names_are_compared_as_they_read() -> None:
    assert len({shown_as(n.encode().decode("unicode_escape")) for n in SAME}) == 1
    assert len({shown_as(n) for n in ["Trump", *OTHER]}) == 1 + len(OTHER)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_bundled_rule_set_gives_two_bids_one_name(lang: str) -> None:
    refs = [*bundled_names(), *(f"{n}@{v}" for n in bundled_names() for v in bundled_versions(n))]
    for ref in refs:
        report = status(lang, load_ruleset(ref))
        assert not [e for e in report.errors if "also the name" in e.message], ref


def check_house(folder: Path, house: str, lang: str, texts: str) -> str:
    """``whist check`` of a house rule with one locale file (``texts`` in ``lang``): it fails; its errors."""
    (folder / "house.yaml").write_text(house, encoding="utf-8")
    (folder / "locales" / lang).mkdir(parents=True)
    header = f"language: {lang}\nruleset: house\n"
    (folder / "locales" / lang / "house.yaml").write_text(header + texts, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(folder / "house.yaml")])
    assert result.exit_code == 1
    return result.stderr


def test_two_marks_with_one_sign_are_an_error(tmp_path: Path) -> None:
    """A mark's sign stands beside a player's name (``P2``, ``B1``): two alike cannot be told apart."""
    house = HOUSE.replace("combo-whist", "combo-whist@1.0.0")
    errors = check_house(tmp_path, house, "sv", "marks:\n  blockade: p\n")
    assert "locales/sv/house.yaml:4:13: 'p' is also the sign of mark 'potential'" in errors


def test_two_winning_variants_with_one_name_are_an_error(tmp_path: Path) -> None:
    """A house rule's new variant named like an old one: the game's opening and summaries could not tell them apart."""
    house = "ruleset: house\nversion: '1'\nextends: combo-whist\ngame:\n  winning:\n    variants:\n"
    house += "      fast: {declarer_wins: completed}\n"
    errors = check_house(tmp_path, house, "en", "variants:\n  fast: classic\n")
    assert "locales/en/house.yaml:4:9: 'classic' is also the name of variant 'classic'" in errors


@pytest.mark.parametrize("name", ["Lock", "LOCK", "Lo\\u200bck"])
def test_a_group_named_like_a_bid_is_an_error(tmp_path: Path, name: str) -> None:
    """Incompatibility lists name bids and groups side by side: a group named "Lock" made a card say
    its bid was incompatible with the bid Lock, which it was not."""
    house = "ruleset: house\nversion: '1'\nextends: combo-whist\ngroups:\n  heavy: bid.worth >= 4\n"
    house += "bids:\n  - {id: gb, kind: special, worth: 1, incompatible: [heavy]}\n"
    texts = f'bids:\n  gb: {{name: Group Bid, short: g, rules: g}}\ngroups:\n  heavy: "{name}"\n'
    errors = check_house(tmp_path, house, "en", texts)
    assert "locales/en/house.yaml:6:10: '" in errors and "is also the name of bid 'lock'" in errors


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_bundled_group_reads_as_a_bid(lang: str) -> None:
    refs = [*bundled_names(), *(f"{n}@{v}" for n in bundled_names() for v in bundled_versions(n))]
    for ref in refs:
        rules = load_ruleset(ref)
        assert rules.groups or ref.startswith("christmas"), ref  # (else this says nothing of Combo Whist)
        assert not [e for e in status(lang, rules).errors if "is also the name of bid" in e.message], ref
