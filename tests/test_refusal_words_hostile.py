"""A refusal from a server that is not ours is said safely (interpreter/refusalwords.py).

``say_refusal`` reads a key and facts that came over the network. A hostile or broken server once
got its control characters said back (``{"bid": "\\x1b[2Jx"}`` clears a terminal), a 1,000-character
fact said whole, ``{seat}`` left in the sentence where a fact was missing, and an AttributeError
where the facts were no mapping. Whatever the key and facts, the sentence is printable, bounded,
has no placeholder left, and says the facts it was given.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter import GameState
from interpreter.decisions import IllegalDecision, Request
from interpreter.refusalwords import MAX_SENTENCE, say_refusal
from interpreter.wire import refusal_to_data
from rulespec import load_ruleset
from rulespec.locale import Texts, load_texts
from rulespec.placeholders import parse

LANGUAGES = ("en", "sv")


@functools.cache
def texts(lang: str) -> Texts:
    return load_texts(load_ruleset("combo-whist"), lang)


hostile_text = st.text(max_size=60) | st.sampled_from(["\x1b[2Jx", "\x07" * 3, "‮AS", "y" * 1000, "{seat}", "{{"])
plain = st.none() | st.booleans() | st.integers() | st.floats() | hostile_text
facts = st.dictionaries(
    st.sampled_from(["bid", "combo", "allowed", "value", "seat", "sender", "why", "n", "max", "name", "key", "texts"])
    | st.text(max_size=8),
    plain | st.lists(plain, max_size=60) | st.dictionaries(st.text(max_size=3), plain, max_size=3),
    max_size=6,
)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(
    key=st.sampled_from(["not_seats_turn", "not_an_option", "not_a_standard_bid", "bid_too_low", "analyze_impossible"])
    | hostile_text
    | st.integers(),
    values=facts | st.none() | st.lists(plain, max_size=3) | plain,
    lang=st.sampled_from(LANGUAGES),
)
def test_whatever_a_server_sends_is_said_as_a_printable_bounded_sentence(key: Any, values: Any, lang: str) -> None:
    said = say_refusal(texts(lang), key, values)
    assert said.isprintable() and 0 < len(said) <= MAX_SENTENCE
    assert "\x1b" not in said and "y" * 41 not in said  # no control character, no long text whole
    if "{" not in str(key) + str(values):  # (a stranger's own braces are said as they are)
        assert not parse(said).names, said  # no placeholder of the label is left


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_fact_is_a_question_mark_and_a_given_one_is_said(lang: str) -> None:
    assert "?" in say_refusal(texts(lang), "not_seats_turn", {"seat": 2})
    assert "{sender}" not in say_refusal(texts(lang), "not_seats_turn", {"seat": 2})
    said = say_refusal(texts(lang), "not_seats_turn", {"seat": 2, "sender": 3})
    assert "2" in said and "3" in said and "?" not in said
    assert say_refusal(texts(lang), "not_seats_turn", None) == say_refusal(texts(lang), "not_seats_turn", {})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_key_that_names_no_label_is_said_as_a_refusal_all_the_same(lang: str) -> None:
    for key in ("\x1b]0;owned\x07", "labels", "no_such_label", 7, "a.b"):
        said = say_refusal(texts(lang), key, {})  # type: ignore[arg-type]
        assert said.isprintable() and "\x1b" not in said
        assert said.startswith(texts(lang).label("refusal_unknown", label="")[:5])


def test_the_choices_are_a_list_a_client_can_say() -> None:
    """``allowed`` was one English string cut at 20 choices without a sign that more were left."""
    for count in (1, 5, 39, 40, 41, 52):
        options = tuple(f"o{i}" for i in range(count))
        with pytest.raises(IllegalDecision) as refused:
            Request("choose", 0, "pick", "number", options).validate("zz")
        data = json.loads(json.dumps(refusal_to_data(refused.value)))
        allowed = data["values"]["allowed"]
        assert isinstance(allowed, list) and len(allowed) <= 40
        if count <= 40:
            assert allowed == list(options)
        else:
            assert allowed[-1] == "…" and allowed[:-1] == list(options[: len(allowed) - 1])
        said = say_refusal(texts("sv"), data["key"], data["values"])
        assert "o0, o1" in said if count > 1 else "o0" in said
        assert ("…" in said) == (count > 20)  # (said: the first 20)


def test_a_refusal_of_the_engine_is_said_as_before() -> None:
    state = GameState(load_ruleset("combo-whist"), 4, seed=1)
    request = state.pending
    assert request is not None
    with pytest.raises(IllegalDecision) as refused:
        state.apply(None, seat=(request.seat + 1) % 4)
    data = json.loads(json.dumps(refusal_to_data(refused.value)))
    assert say_refusal(texts("en"), data["key"], data["values"]) == (
        f"Seat {request.seat} answers now, not seat {(request.seat + 1) % 4}."
    )
