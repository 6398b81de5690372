"""Every command that writes sentences or tables speaks Swedish with ``--lang sv``: no English left.

``whist cards --lang sv`` said "wrote card-sv.png: 1 cards on 1 page(s)" and ``whist rules``
"wrote … rules reference" (text in the code, not labels), and ``whist balance`` wrote "+0.12"
where Swedish writes "+0,12". The class: each such command's standard output holds no English
label phrase, none of the English words such lines were made of, and no decimal point between
digits (a version such as 1.5.1 is no decimal).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from test_translate_cli import whist  # the real entry point, in-process

from rulespec import load_ruleset
from rulespec.locale import load_texts

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "show": ["show", "combo-whist"],
    "rules": ["rules", "combo-whist", "-o", "{out}/regler.md"],
    "cards": ["cards", "combo-whist", "--bids", "trump", "-o", "{out}/kort.pdf"],
    "cards bleed": ["cards", "combo-whist", "--bids", "trump", "--bleed", "3", "-o", "{out}/kort.pdf"],
    "balance": ["balance", "combo-whist", "--deals", "30", "--agents", "random"],
    "balance against": [
        "balance",
        "combo-whist",
        "--deals",
        "20",
        "--agents",
        "random",
        "--against",
        "combo-whist@1.5.0",
    ],
    "duel": ["duel", "random", "random", "combo-whist", "--deals", "3"],
    "diff": ["diff", "combo-whist@1.5.0", "combo-whist"],
    "simulate": ["simulate", "combo-whist", "--games", "1", "--jobs", "1"],
}

#: Words of the English lines that were not labels; none is a Swedish word.
ENGLISH_WORDS = ("wrote", "cards", "page", "pages", "reference", "bleed", "interval", "points", "deal", "the", "and")


def english_phrases(ref: str = "combo-whist") -> list[str]:
    """The English labels' phrases (between placeholders) and bid names of ``ref`` that Swedish words
    differently: none of them may be on a Swedish screen (tests/test_play_swedish_narrow.py too)."""
    labels = {
        lang: yaml.safe_load((ROOT / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))["labels"]
        for lang in ("en", "sv")
    }
    phrases = []
    for key, text in labels["en"].items():
        if labels["sv"].get(key) != text:
            parts = re.split(r"\{[^}]*\}", str(text))
            phrases += [p.strip() for p in parts if len(p.strip()) >= 10 and " " in p.strip()]
    rules = load_ruleset(ref)
    en, sv = load_texts(rules, "en"), load_texts(rules, "sv")
    phrases += [en.bid_name(b) for b in rules.bids if en.bid_name(b) != sv.bid_name(b) and len(en.bid_name(b)) > 4]
    return phrases


@pytest.mark.parametrize("name", list(COMMANDS))
def test_no_english_in_swedish_output(capsys, monkeypatch, tmp_path, name) -> None:
    out_dir = tmp_path / "ut"
    out_dir.mkdir()
    argv = [a.replace("{out}", str(out_dir)) for a in COMMANDS[name]]
    monkeypatch.setenv("COLUMNS", "80")  # a pipe's width: lines wrap, never between a number and its unit
    code, out, err = whist(capsys, *argv, "--lang", "sv")
    assert code == 0, err
    assert re.findall(r"\d[ \u00a0]*[│┃]?\s*\n[│┃ ]*%", out) == [], out
    monkeypatch.setenv("COLUMNS", "250")  # wide: no column folds a word in two (a cut word reads as another)
    code, out, err = whist(capsys, *argv, "--lang", "sv")
    said = re.sub(r"`[^`\n]*`", "CODE", out.replace(str(out_dir), "UT"))  # rule expressions are code, not words
    assert said.strip()
    assert [p for p in english_phrases() if p in said] == []
    words = set(re.findall(r"[A-Za-z]+", said))
    assert [w for w in ENGLISH_WORDS if w in words] == [], said
    assert re.findall(r"(?<![\d.])\d+\.\d+(?![\d.])", said) == [], said  # 0.12, not a version 1.5.1
