"""``whist cards --bids``: names that hold a comma, ids parted by spaces, names in other languages.

A print-shop tester found four faults. ``--bids "Pairs, Avoid Tricks"`` (one Christmas Whist bid)
printed two others, Pairs and Avoid Tricks, as the value was parted at the comma first.
``--bids "Misery Trump"`` (no bid's name) printed Misery and Trump, read as ids parted by spaces.
``--bids Mästarbrev`` in an English run was an unknown bid with no hint, though it is Master
Mail's Swedish name. And an unknown bid listed every bid on one line of 3,000 characters.
The class: every bid of every bundled rule set is chosen by its name in either language, in a list
or alone, whatever commas its name holds; words parted by spaces are ids only when each is an id
as written; a bid named in a language other than the run's and English is refused with its id;
the list of bids in the message is bounded.
"""

from __future__ import annotations

import pytest

from rulespec import load_ruleset
from rulespec.locale import load_texts
from rulespec.locate import bundled_names
from rulespec.samenames import shown_as
from tests.print_helpers import chosen_fixture, whist_fixture  # noqa: F401 - the fixtures `chosen`, `whist`

RULESETS = bundled_names()


def _cards(whist, tmp_path, ruleset: str, lang: str, *bids: str) -> tuple[int, str]:
    options = [arg for value in bids for arg in ("--bids", value)]
    code, _, err = whist("cards", ruleset, "--lang", lang, *options, "--bleed", "0", "-o", str(tmp_path / "c.pdf"))
    return code, err


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_name_is_one_bid_whatever_commas_it_holds(whist, tmp_path, chosen, ruleset, lang):
    """Each name given alone (one ``--bids`` each) is its bid; so is a list of the names without commas."""
    rules = load_ruleset(ruleset)
    texts = load_texts(rules, lang)
    ids = list(rules.bids)[::-1]
    code, err = _cards(whist, tmp_path, ruleset, lang, *(texts.bid_name(b) for b in ids))
    assert code == 0 and chosen[-1] == ids, err
    plain = [b for b in ids if "," not in texts.bid_name(b)]
    code, err = _cards(whist, tmp_path, ruleset, lang, ", ".join(texts.bid_name(b) for b in plain))
    assert code == 0 and chosen[-1] == plain, err
    assert ruleset != "christmas-whist" or len(plain) < len(ids)  # (the class is not empty)


@pytest.mark.parametrize("value", ["Misery Trump", "Trump Lock", "trump Lock", "TRUMP LOCK", "trump nothing"])
def test_words_parted_by_spaces_are_ids_only_when_each_is_an_id_as_written(whist, tmp_path, chosen, value):
    code, err = _cards(whist, tmp_path, "combo-whist", "en", value)
    assert code == 2 and f"unknown bid '{value}'" in err and not chosen


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_name_in_another_language_is_refused_with_its_id(whist, tmp_path, chosen, ruleset):
    """An English run knows English names; a Swedish one is refused, naming the bid's id."""
    rules = load_ruleset(ruleset)
    english, swedish = load_texts(rules, "en"), load_texts(rules, "sv")
    known = {shown_as(english.bid_name(b)) for b in rules.bids} | {shown_as(b) for b in rules.bids}
    foreign = {b: swedish.bid_name(b) for b in rules.bids if shown_as(swedish.bid_name(b)) not in known}
    assert foreign  # (the class is not empty)
    for bid_id, name in foreign.items():
        code, err = _cards(whist, tmp_path, ruleset, "en", name)
        assert code == 2 and f"unknown bid '{name}'" in err and f"did you mean '{bid_id}'" in err, (bid_id, err)
    assert not chosen


def test_the_bids_listed_in_a_message_are_bounded(whist, tmp_path):
    rules = load_ruleset("combo-whist")
    code, err = _cards(whist, tmp_path, "combo-whist", "en", "nothing")
    assert code == 2 and f"… and {len(rules.bids) - 12} more (whist show --ids)" in err
    assert max(len(line) for line in err.splitlines()) < 600
