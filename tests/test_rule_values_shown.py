"""Words from the rule data that fill a text's placeholders are shown as written, never as markup.

A locale text's own words are escaped for where they are printed (rich markup at the terminal,
Markdown, HTML, ReportLab), but the values a text's ``{placeholders}`` take from the rule data
were not: a text param (``params: {motto: "[/]"}``) shown in a bid's name made ``whist show``
stop with a rich ``MarkupError`` traceback, ``[bold]`` in it restyled the terminal, and the
changelog of ``whist diff`` printed a text param's ``<img …>`` as raw HTML. And ``whist play``
printed its bid menu, with texts escaped for rich, without reading them as markup: a bid named
``[x]`` showed as ``\\[x]``, and a rank ``[/]`` (a rank is any text) stopped it with a traceback
when it showed the hand. The property: a house rule whose every text-valued param, option and
locale text holds markup runs through every command's human output with exit 0, no traceback,
and where the terminal shows it, shows it as written.
"""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from rich.markup import escape

from interpreter.decisions import Request
from rulespec import load_ruleset
from rulespec.locale import load_texts
from tests.test_translate_cli import whist

MOTTO = "[/][b]x[link=file:///etc/passwd]y"
HOUSE = f"""\
ruleset: house
version: 1.0.0
extends: combo-whist
game:
  deck:
    ranks: ["2", "3", "4", "5", "6", "[/]", "<b>", "9", "10", J, Q, K, A]  # a rank is any text
    remove: []
  params:
    gmotto: "{MOTTO}"
  options:
    style: "{MOTTO}"
bids:
  - id: odd
    kind: special
    worth: 1
    params: {{motto: "{MOTTO}"}}
    requires: option.style == gmotto or true
"""
LOCALE = """\
language: {lang}
ruleset: house
bids:
  odd:
    name: "Odd {{motto}}"
    short: "s {{motto}}"
    rules: "Rules say {{motto}}."
general:
  scoring: "Scoring {{gmotto}} and {{style}}."
"""
NAME = f"Odd {MOTTO}"
#: every command with a human output (to the terminal, or a document beside)
COMMANDS = [
    ["show", "{house}"],
    ["show", "{house}", "--lang", "sv"],
    ["simulate", "{house}", "--games", "2", "--jobs", "1", "--seed", "1"],
    ["simulate", "{house}", "--games", "1", "--jobs", "1", "--seed", "1", "--option", f"style={MOTTO}"],
    ["balance", "{house}", "--deals", "2", "--jobs", "1", "--seed", "1"],
    ["analyze", "{house}"],
    ["diff", "combo-whist", "{house}"],
    ["diff", "combo-whist", "{house}", "--texts"],
    ["rules", "{house}", "--format", "md", "-o", "{dir}/r.md"],
    ["rules", "{house}", "--format", "html", "-o", "{dir}/r.html"],
    ["rules", "{house}", "--format", "pdf", "-o", "{dir}/r.pdf"],
    ["translate", "status", "sv", "{house}"],
]


def _house(folder: Path) -> Path:
    for lang in ("en", "sv"):
        (folder / "locales" / lang).mkdir(parents=True)
        (folder / "locales" / lang / "house.yaml").write_text(LOCALE.format(lang=lang), encoding="utf-8")
    path = folder / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:1] + a[2:3]))
def test_markup_in_rule_values_runs_through_every_command(tmp_path, capsys, monkeypatch, args) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # (a table cell one line wide: the name whole)
    house = _house(tmp_path)
    code, out, err = whist(capsys, *[a.format(house=house, dir=tmp_path) for a in args])
    assert code == 0, err
    if args[0] == "show":
        assert NAME in out  # as written: not read as markup, not shown escaped
    if args[0] == "diff" and "--texts" not in args:
        assert MOTTO not in out and escape(MOTTO) not in out  # Markdown-escaped: brackets are literal there
        assert "\\[link=file:///etc/passwd\\]" in out


def test_the_play_screen_shows_rule_values_and_texts_as_written(tmp_path) -> None:
    from whist.playscreen import MAX_MENU_NAME, compact_bid_menu, full_bid_table

    rules = load_ruleset(_house(tmp_path))
    texts = load_texts(rules, "en")
    texts.escape = escape  # as whist play loads them
    request = Request("bid", 0, standard_ids=tuple(b.id for b in rules.standard_bids), special_ids=("odd", "iron"))
    for show in (compact_bid_menu, full_bid_table):
        screen = StringIO()
        show(Console(file=screen, width=200), request, rules, texts)
        whole = show is full_bid_table  # (the compact menu cuts a long name with …)
        assert (NAME if whole else NAME[: MAX_MENU_NAME - 1] + "…") in screen.getvalue(), screen.getvalue()
        assert "\\[" not in screen.getvalue()


def test_whist_play_shows_markup_in_ranks_and_names_as_written(tmp_path) -> None:
    from tests.test_play import drive

    house = _house(tmp_path)
    args = ["play", str(house), "--seed", "2", "--agents", "random", "--deals", "1", "--save", str(tmp_path / "s.json")]
    code, out = drive(args, {"Your bid": ["?", "pass"]})
    assert code == 0, out
    assert "Traceback" not in out and "Deal over." in out
    assert re.search(r"\[/\][♣♦♥♠]", out) and NAME in out  # a card of rank [/] on the table, the bid in the menu
    assert "\\[" not in out
