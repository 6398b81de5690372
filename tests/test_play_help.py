"""``?`` (and ``help``, or the word in the player's language) at every prompt of ``whist play``
says what that prompt takes, in the chosen language, and asks again.

It used to work only at the bid prompt; at a card, a choice or "press Enter" a ``?`` was "not
understood" (or, at "press Enter", went on to the next deal). The class: every kind of prompt —
a bid, a card, a choice of a suit, a card, a number, a player, a direction or the rules of a
hand, one and several, optional and not, and "press Enter" — met in real seeded games and asked
by the real human agent at a pseudo-terminal (``tests/play_prompts_driver.py``), in English and
Swedish; and ``?`` in a real ``whist play`` game.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from whist.playcards import CardFormat

ROOT = Path(__file__).resolve().parent.parent
ASK = re.compile(r"@@ ASK (\S+) (\S+) (\d+) (\d) ?([^\r\n]*)\r?\n")
#: Every kind of prompt the driver must reach (kind, what, several, optional).
KINDS = {
    ("bid", "-", False, False),
    ("play", "card", False, False),
    ("choose", "suit", False, False),
    ("choose", "suit", False, True),
    ("choose", "card", False, False),
    ("choose", "card", True, False),
    ("choose", "card", False, True),
    ("choose", "number", False, False),
    ("choose", "number", False, True),
    ("choose", "number", True, False),
    ("choose", "player", False, False),
    ("choose", "direction", False, False),
    ("choose", "bid", False, False),
    ("enter", "-", False, False),
}


def spawn(args: list[str], lang: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update({"TERM": "dumb", "WHIST_LANG": lang})  # plain text (rich wraps it at 80 columns: see flex)
    return pexpect.spawn(
        sys.executable, args, cwd=str(ROOT), dimensions=(24, 80), env=env, encoding="utf-8", timeout=60
    )


def flex(text: str) -> re.Pattern[str]:
    """``text`` as the terminal shows it: its words, wherever a line wraps between them."""
    return re.compile(r"\s+".join(re.escape(word) for word in text.split()))


def prompt_and_help(texts: Texts, kind: str, what: str, count: int, optional: bool) -> tuple[str, list[str]]:
    """The prompt a person sees, and the help lines ``?`` must bring, from the locale's words."""
    label = texts.label
    if kind == "bid":
        return label("prompt_bid"), [label("help_bid")]
    if kind == "play":
        letters = CardFormat(load_ruleset("combo-whist"), texts).letters_text()
        return label("prompt_card"), [label("help_card", letters=letters)]
    if kind == "enter":
        return label("press_enter"), [label("help_enter")]
    single = label("prompt_number") if what == "number" else label("prompt_choice")
    prompt = label("prompt_choices", n=count) if count > 1 else single
    lines = [label(f"help_choice_{what}")]
    if count > 1:
        lines.append(label("help_choices", n=count))
    if optional:
        prompt = label("prompt_optional", prompt=prompt)
        lines.append(label("help_optional"))
    return prompt, lines


def ask_for_help(child: pexpect.spawn, typed: str, prompt: str, lines: list[str]) -> str:
    """Type ``typed`` at ``prompt``: each help line must come, then the same prompt again."""
    child.sendline(typed)
    said = ""
    for line in lines:
        child.expect(flex(line))
        said += child.before + line
    child.expect(flex(prompt))
    return said + child.before


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_prompt_explains_itself_and_asks_again(lang: str) -> None:
    texts = load_texts(load_ruleset("combo-whist"), lang)
    refusals = [texts.label("bad_input", input=""), texts.label("not_a_choice", input="?")]
    child = spawn(["-m", "tests.play_prompts_driver", lang], lang)
    met = set()
    while child.expect([ASK, "@@ DONE", pexpect.EOF], timeout=120) == 0:
        kind, what, count, optional, answer = child.match.groups()
        met.add((kind, what, int(count) > 1, optional == "1"))
        prompt, lines = prompt_and_help(texts, kind, what, int(count), optional == "1")
        child.expect(flex(prompt))
        for typed in ("?", "help", texts.label("help_word"), " ? "):
            said = ask_for_help(child, typed, prompt, lines)
            assert not any(refusal.split(":")[0] in said for refusal in refusals), said
            assert "Traceback" not in said
        child.sendline(answer)
        if kind != "enter":
            child.expect_exact("@@ TAKEN")
    assert met == KINDS
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_choice_named_like_the_help_word_stays_choosable() -> None:
    """``help`` asks for help only where it is not an answer (``?`` always does)."""
    from whist.playhelp import asks_help

    def words(name: str) -> str:
        return {"help_word": "hjälp"}[name]

    assert asks_help("?", words, lambda text: True)
    assert asks_help(" HELP ", words) and asks_help("Hjälp", words)
    assert not asks_help("help", words, lambda text: text == "help")
    assert not asks_help("QH", words) and not asks_help("", words) and not asks_help(None, words)


def test_a_real_game_explains_its_bid_card_and_enter_prompts(tmp_path: Path) -> None:
    """``whist play`` itself: ``?`` at the bid prompt (the bids, then how to type one), at the card
    prompt and at "press Enter", each followed by the same prompt; then the game goes on."""
    texts = load_texts(load_ruleset("combo-whist"), "en")
    save = str(tmp_path / "game.json")
    args = ["-m", "whist", "play", "--seed", "5", "--agents", "random", "--deals", "2", "--save", save]
    child = spawn(args, "en")
    kinds = {"bid": texts.label("prompt_bid"), "card": texts.label("prompt_card"), "enter": texts.label("press_enter")}
    asked: set[str] = set()
    while True:
        number = flex(texts.label("prompt_number"))  # (a number's choice: typed as itself; 1 is one of them)
        choices = [flex(texts.label("prompt_choice")), re.compile(r"Your (\d+) choices"), number]
        index = child.expect([*map(flex, kinds.values()), *choices, pexpect.EOF], timeout=60)
        if index == len(kinds) + 3:
            break
        if index >= len(kinds):  # a choice another bid brings: the first ones offered
            count = int(child.match.group(1)) if index == len(kinds) + 1 else 1
            child.sendline(" ".join(str(i) for i in range(1, count + 1)))
            continue
        kind = list(kinds)[index]
        if kind not in asked:
            asked.add(kind)
            prompt, lines = prompt_and_help(texts, "play" if kind == "card" else kind, "-", 1, False)
            said = ask_for_help(child, "?", prompt, lines)
            if kind == "bid":
                assert texts.label("bid_menu_hint") in said or "Trump" in said  # the bids came first
        child.sendline({"bid": "pass", "card": "1", "enter": ""}[kind])
    assert asked == set(kinds)
    child.close()
    assert child.exitstatus == 0
