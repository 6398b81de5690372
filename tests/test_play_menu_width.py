"""The compact bid menu of ``whist play`` fits an 80 × 24 screen whatever the bids are called.

One house-rule bid named in 88 letters made the grid a single column of 31 lines (and wrapped
that one), past the 24 lines the play screen is made for. The class: any names — long, wide
(emoji, CJK-width), with combining marks or zero-width characters, with rich markup — give a menu
in two columns or more, of at most 80 cells, every bid still there with its number and rank.
"""

from __future__ import annotations

import dataclasses
import io

from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from interpreter.decisions import Request
from rulespec import load_ruleset
from rulespec.locale import load_texts
from whist.playscreen import MAX_MENU_NAME, compact_bid_menu, worth_text

RULES = load_ruleset("combo-whist")
STANDARD = tuple(b.id for b in RULES.standard_bids)
SPECIAL = tuple(b.id for b in RULES.special_bids)
NAMES = st.text(alphabet="aZ [/]\\ åÄ\u0301\u200b😀漢\u05d0", min_size=1, max_size=120).filter(str.strip)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(STANDARD + SPECIAL), NAMES, max_size=6))
@example({"abundance": "Abundantly Magnificent Declaration of Extraordinary Tricks Without Any Trump Whatsoever"})
@example({"trump": "漢" * 40, "lock": "[bold]" + "x" * 50 + "[/bold]"})
def test_the_menu_fits_80_columns_in_two_columns(names: dict[str, str]) -> None:
    from rich.markup import escape

    texts = load_texts(RULES, "en")
    bids = {**texts.data.get("bids", {})}
    data = dataclasses.replace(texts, data={**texts.data, "bids": bids}, escape=escape)  # as whist play shows them
    for bid_id, name in names.items():
        bids[bid_id] = {**bids.get(bid_id, {}), "name": name}
    screen = io.StringIO()
    request = Request("bid", 0, standard_ids=STANDARD, special_ids=SPECIAL)
    ids = compact_bid_menu(Console(file=screen, width=80, color_system=None), request, RULES, data)
    lines = screen.getvalue().splitlines()
    assert sorted(ids) == sorted(STANDARD + SPECIAL)
    assert len(lines) <= 16, lines  # two columns at least: 16 rows for 31 bids
    assert all(cell_len(line) <= 80 for line in lines), lines
    shown = "\n".join(lines)
    for number, bid_id in enumerate(ids, 1):
        assert f"{number:>2} " in shown and f" {worth_text(RULES, bid_id, data)}" in shown


def test_no_bundled_bid_name_is_cut_in_the_menu() -> None:
    """The bundled names fit the menu's cell whole (only a house rule's longer name is cut)."""
    longest = max(
        len(texts.bid_name(b)) for texts in (load_texts(RULES, "en"), load_texts(RULES, "sv")) for b in RULES.bids
    )
    assert longest <= MAX_MENU_NAME
