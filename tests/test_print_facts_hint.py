"""Facts that do not fit a card say which fact takes the room and what to do.

A house rule whose bid is incompatible with many long-named bids was refused with "the facts of
bid 'x' do not fit on its card" and no hint (the rules text has a fallback, the facts have none).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printing.cards import write_cards
from rulespec import RuleError, load_ruleset
from rulespec.locale import load_texts


def test_an_overlong_incompatibility_list_is_named_in_the_hint(tmp_path: Path) -> None:
    ids = [f"an_uncommonly_long_special_bid_{i:02d}" for i in range(30)]
    lines = ["ruleset: fh", "version: 1.5.1+fh.1", "extends: combo-whist", "bids:"]
    lines += [f"  - {{id: {bid}, kind: special, worth: 1}}" for bid in ids]
    lines.append(f"  - {{id: lonely, kind: special, worth: 1, incompatible: [{', '.join(ids)}]}}")
    path = tmp_path / "fh.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rules = load_ruleset(str(path))
    with pytest.raises(RuleError) as caught:
        write_cards(rules, load_texts(rules, "en"), ["lonely"])
    assert "the facts of bid 'lonely' (en) do not fit on its card" in caught.value.message
    assert caught.value.hint is not None and "names 30 bids and groups" in caught.value.hint
    assert "group" in caught.value.hint  # (the way out: one group instead of thirty names)
