"""Swedish words of ``ui.yaml`` as a Swedish club reads them.

"Hemgångna" / "hemgången" reads as "passed away" (a bid *gick hem*); the rulebook says *buda*
("ska få budas"), not *bjuda*; a seed is a *slumpfrö*; one word for a match (*match*, not *parti*);
a list of names ends with "eller", not a comma; an optional prompt had doubled parentheses ("Ditt
val (värdet eller dess nummer) (eller '-' för att avstå)"); ``whist diff`` quoted with «…»
written into the code, whatever the language (Swedish quotes with ”…”).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulespec import load_ruleset
from rulespec.locale import load_texts

ROOT = Path(__file__).resolve().parent.parent
SWEDISH = yaml.safe_load((ROOT / "locales/sv/ui.yaml").read_text(encoding="utf-8"))["labels"]
#: Words the Swedish labels must not use, and why.
AVOIDED = {
    r"hemgång": "reads as 'passed away': say 'gick hem'",
    r"(?<!för)bjud": "the rulebook says 'buda' ('ska få budas')",
    r"\bfrö\b": "a seed of the shuffles is a 'slumpfrö'",
    r"\bparti": "a match is a 'match' everywhere",
}


@pytest.mark.parametrize("pattern", sorted(AVOIDED))
def test_no_swedish_label_uses_an_avoided_word(pattern: str) -> None:
    found = {key: text for key, text in SWEDISH.items() if re.search(pattern, str(text), re.IGNORECASE)}
    assert found == {}, AVOIDED[pattern]


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_an_optional_prompt_has_one_pair_of_parentheses(lang: str) -> None:
    texts = load_texts(load_ruleset("combo-whist"), lang)
    for key in ("prompt_choice", "prompt_number", "prompt_choices"):
        prompt = texts.label("prompt_optional", prompt=texts.label(key, n=2))
        assert not re.search(r"\)\s*\(", prompt), prompt
        assert prompt.count("(") == prompt.count(")") <= 1, prompt


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_list_of_alternatives_ends_with_the_language_s_or(lang: str) -> None:
    texts = load_texts(load_ruleset("combo-whist"), lang)
    word = {"en": "or", "sv": "eller"}[lang]
    assert texts.label("list_or", items="A, B", last="C") == f"A, B {word} C"


def test_quotes_are_the_language_s_not_the_code_s() -> None:
    for path in (ROOT / "whist").rglob("*.py"):
        assert not re.search("[«»]", path.read_text(encoding="utf-8")), path
    texts = load_texts(load_ruleset("combo-whist"), "sv")
    assert texts.label("quoted", text="x") == "”x”"
