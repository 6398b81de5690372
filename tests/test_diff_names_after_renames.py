"""``whist diff``: after the list of renames, every line names a bid by the newer version's name.

``whist diff combo-whist@1.3.0 combo-whist@1.4.0`` listed "Switcheroo → Mail", then "Bid of Shame:
no longer incompatible with Master's Switcheroo" — a name the newer version no longer has, read as a
bid that still exists. The rule (``whist.diffwords.Wording.bid_name``): a bid both versions have is
named by the newer name everywhere after the renames; a bid only the older has (removed) by its
older name. Checked over every pair of bundled versions, both ways, in English and Swedish.

Also: an extra-points value that is never a gain ("extra points lost when failed: −1 or 0") is said
with what it means ("a failure costs 0 or 1 points less").
"""

from __future__ import annotations

import re
from itertools import permutations

import pytest

from rulespec import load_ruleset
from rulespec.diff import BID_RENAMED, diff_rulesets
from rulespec.locale import load_texts
from rulespec.locate import bundled_versions
from rulespec.markdown import inline as md_inline
from rulespec.model import RuleSet
from whist.diff import to_markdown
from whist.diffcli import side
from whist.diffwords import Wording

VERSIONS = ["combo-whist", *(f"combo-whist@{v}" for v in bundled_versions("combo-whist"))]
PAIRS = list(permutations(VERSIONS, 2))


def _words(old: RuleSet, new: RuleSet, lang: str) -> Wording:
    words = Wording(load_texts(old, lang), load_texts(new, lang))
    words.old.escape = words.new.escape = md_inline  # (as whist diff writes Markdown)
    return words


def _changelog(old_ref: str, new_ref: str, lang: str) -> tuple[str, Wording]:
    old, new = load_ruleset(old_ref), load_ruleset(new_ref)
    words = _words(old, new, lang)
    changes = diff_rulesets(side(old, words.old), side(new, words.new), texts=True)
    return to_markdown(changes, words, "t"), words


def _replaced_names(words: Wording) -> set[str]:
    """Names of the older version that the newer one replaced, and that name nothing else in either."""
    old, new = words.old.rules, words.new.rules
    assert old is not None and new is not None
    both = [b for b in old.bids if b in new.bids]
    replaced = {words.old.bid_name(b) for b in both if words.old.bid_name(b) != words.new.bid_name(b)}
    current = {words.new.bid_name(b) for b in new.bids}
    removed = {words.old.bid_name(b) for b in old.bids if b not in new.bids}
    return replaced - current - removed


def _after_renames(markdown: str, words: Wording) -> list[str]:
    """The changelog's lines after the section of renames (all of it when there is none)."""
    sections = re.split(r"^## ", markdown, flags=re.MULTILINE)
    heading = words.label("diff_bids_renamed")
    renamed_at = next((i for i, s in enumerate(sections) if s.startswith(heading)), 0)
    return "".join(sections[renamed_at + 1 :]).splitlines()


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize(("old", "new"), PAIRS, ids=[f"{a}..{b}" for a, b in PAIRS])
def test_no_line_after_the_renames_names_a_replaced_name(old: str, new: str, lang: str) -> None:
    markdown, words = _changelog(old, new, lang)
    replaced = _replaced_names(words)
    new_rules = words.new.rules
    assert new_rules is not None
    # every name the newer version has, longest first: an older name inside one of them is not a use of it
    current = sorted({words.new.bid_name(b) for b in new_rules.bids}, key=len, reverse=True)
    for line in _after_renames(markdown, words):
        line = re.sub(r"`[^`]*`", "", line)  # (expressions name bids by id)
        for name in current:
            line = line.replace(name, "")
        named = [name for name in replaced if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", line)]
        assert not named, f"{old} → {new} ({lang}): {named} in: {line}"


def test_the_rename_list_is_where_the_check_looks() -> None:
    """(The test above finds the renames section in both languages: otherwise it would check nothing.)"""
    for lang in ("en", "sv"):
        markdown, words = _changelog("combo-whist@1.3.0", "combo-whist@1.4.0", lang)
        assert len(_after_renames(markdown, words)) < len(markdown.splitlines()) - 5
        assert _replaced_names(words)


def test_the_example_of_the_report() -> None:
    markdown, _ = _changelog("combo-whist@1.3.0", "combo-whist@1.4.0", "en")
    assert "- **Bid of Shame**: no longer incompatible with Master's Mail, nor Master's Mail with it" in markdown
    assert "- **Master's Mail**: events after Mail → —" in markdown


def test_a_rename_is_listed_once() -> None:
    old, new = load_ruleset("combo-whist@1.3.0"), load_ruleset("combo-whist@1.4.0")
    words = _words(old, new, "en")
    changes = diff_rulesets(side(old, words.old), side(new, words.new))
    assert [(c.old, c.new) for c in changes if c.kind == BID_RENAMED and c.bid == "mail"] == [("Switcheroo", "Mail")]


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "combo-whist@1.2.0",
            "combo-whist@1.3.0",
            "en",
            "- **Plague**: extra points lost when failed added: −1 or 0, that is, a failure costs 0 or 1 points less",
        ),
        (
            "combo-whist@1.3.0",
            "combo-whist@1.4.0",
            "sv",
            "- **Pest**: extra poängavdrag när budet inte går hem togs bort (var −1 el. 0, alltså kostar ett "
            "misslyckande 0 el. 1 poäng mindre)",
        ),
    ],
)
def test_a_negative_penalty_is_said_as_points_less(old: str, new: str, lang: str, line: str) -> None:
    markdown, _ = _changelog(old, new, lang)
    assert line in markdown.splitlines()
