"""A bid named by its name where a rule file wants its id gets a hint with the id.

A Swedish club wrote ``incompatible: [noll]`` and was told "'noll' is neither a bid nor a group"
with no hint: Noll is Zero's Swedish name, and ``whist show --lang sv`` never prints ids. Every
bundled bid, by each of its names in every language (written as an id can be: lower case,
``_`` between words, no accents), now gets ``did you mean '<id>' (<name>)?`` wherever a rule file
names a bid (``incompatible``, ``remove_bids``, ``events_after``).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from rulespec import load_ruleset
from rulespec.errors import RuleError
from rulespec.locale import load_texts

RULES = load_ruleset("combo-whist")


def _as_id(name: str) -> str:
    folded = "".join(c for c in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(c))
    return "_".join(re.findall(r"[a-z0-9]+", folded))


def _written_names() -> list[tuple[str, str, str]]:
    """(the bid's id, its name in a language, that name written as an id) where that is not an id."""
    cases = []
    for lang in ("en", "sv"):
        texts = load_texts(RULES, lang)
        for bid in RULES.bids:
            name = texts.bid_name(bid)
            written = _as_id(name)
            if written and written not in RULES.bids and written[0].isalpha():
                cases.append((bid, name, written))
    return cases


CASES = _written_names()


def _error(tmp_path: Path, body: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(f"ruleset: house\nversion: 1.5.1+h.1\nextends: combo-whist\n{body}", encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        load_ruleset(str(path))
    return str(caught.value)


def test_there_are_names_to_try() -> None:
    assert len(CASES) >= 25 and any(written == "noll" for _, _, written in CASES)


@pytest.mark.parametrize(("bid", "name", "written"), CASES, ids=[c[2] for c in CASES])
def test_a_bid_named_by_its_name_is_hinted_by_its_id(tmp_path: Path, bid: str, name: str, written: str) -> None:
    other = next(b for b in RULES.special_bids if b.id != bid).id
    said = _error(tmp_path, f"bids:\n  - id: {other}\n    incompatible: [{written}]\n")
    assert f"'{written}' is neither a bid nor a group" in said
    assert f"did you mean '{bid}'" in said, said


@pytest.mark.parametrize("body", ["remove_bids: [noll]\n", "bids:\n  - id: greed\n    events_after: [noll]\n"])
def test_every_place_that_names_a_bid_gives_the_hint(tmp_path: Path, body: str) -> None:
    assert "did you mean 'zero' (Noll)?" in _error(tmp_path, body)


@pytest.mark.parametrize(("bid", "name", "written"), CASES, ids=[c[2] for c in CASES])
def test_a_bid_changed_by_its_name_is_hinted_by_its_id(tmp_path: Path, bid: str, name: str, written: str) -> None:
    """``- id: noll`` meant to change Zero: it was told to add a kind (which would make a new bid)."""
    said = _error(tmp_path, f"bids:\n  - id: {written}\n    worth: 5\n")
    assert f"bid '{written}' needs a kind" in said and f"did you mean '{bid}'" in said, said


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_name_as_shown_is_hinted_by_its_id_though_not_an_id_in_form(tmp_path: Path, lang: str) -> None:
    """``incompatible: [Öppen Hand]`` — a name as ``whist show --lang sv`` prints it — was only told
    to use lower_snake_case; every bid's name in every language now gets its id."""
    texts = load_texts(RULES, lang)
    for bid in RULES.special_bids:
        name = texts.bid_name(bid.id)
        if _as_id(name) == name:
            continue  # (written as an id can be: the case above)
        other = next(b for b in RULES.special_bids if b.id != bid.id).id
        said = _error(tmp_path, f'bids:\n  - id: {other}\n    incompatible: ["{name}"]\n')
        assert f"write its id, {bid.id}" in said, (name, said)
