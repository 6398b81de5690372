"""Placeholders (rulespec/placeholders.py) and the property of issue 15: random locale texts
never crash a command. Expectations from the rule: ``{name}`` and ``{{``/``}}`` only, plain
replacement, anything else malformed."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.placeholders import MissingValues, fill, parse

VALUES = {"n": 3, "worth": "1 or 3"}


def test_fill_is_plain_replacement():
    assert fill("Take {n} tricks, worth {worth}", VALUES) == "Take 3 tricks, worth 1 or 3"
    assert fill("{{n}} {n}", VALUES) == "{n} 3"
    assert fill("{missing} {n}", VALUES) == "{missing} 3"
    assert fill("{n.__class__}", VALUES) == "{n.__class__}"  # malformed: shown as written, never evaluated
    try:
        fill("{a} {b} {n}", VALUES, strict=True)
    except MissingValues as exc:
        assert exc.names == ["a", "b"]
    else:
        raise AssertionError("strict fill must refuse a placeholder without a value")


TEXTS = st.text(alphabet=st.sampled_from(list("{}n:!.[]0 _aé█\\")), max_size=40)


@settings(derandomize=True, max_examples=400, deadline=None)
@given(TEXTS)
def test_fill_never_raises_and_never_grows_beyond_its_values(text):
    out = fill(text, VALUES)
    assert len(out) <= len(text) + len(text) * len("1 or 3")
    parsed = parse(text)
    if parsed.malformed is None:
        assert {name for name, _ in parsed.fields} <= set(text.replace("{", " ").replace("}", " ").split()) | {
            name for name, _ in parsed.fields
        }
    else:
        assert out == text


HOUSE = "ruleset: house\nversion: 1.0.0\nextends: combo-whist\n"
TEXT_CHARS = st.characters(codec="utf-8", exclude_categories=("Cs",))


@settings(
    derandomize=True,
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=st.text(TEXT_CHARS, max_size=30), rules_text=st.text(TEXT_CHARS, max_size=60))
def test_random_locale_texts_never_crash_a_command(tmp_path_factory, name, rules_text):
    folder = tmp_path_factory.mktemp("house")
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (folder / "locales" / "en").mkdir(parents=True)
    texts = {"language": "en", "ruleset": "house", "title": name, "bids": {"trump": {"rules": rules_text}}}
    import json

    # JSON is YAML: every string written with escapes, so any character reaches the reader
    (folder / "locales" / "en" / "house.yaml").write_text(json.dumps(texts), encoding="utf-8")
    env = {**os.environ, "LANG": "C", "WHIST_LANG": "en", "COLUMNS": "120"}
    for args in (["check"], ["show"], ["rules", "--format", "md"]):
        result = subprocess.run(
            [sys.executable, "-m", "whist", *args, str(folder / "house.yaml")],
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            timeout=120,
        )
        both = result.stdout + result.stderr
        assert result.returncode in (0, 1), both
        assert "Traceback" not in both
        assert "\x1b" not in both and not any(0x80 <= ord(ch) <= 0x9F for ch in both)


def test_a_name_in_a_translators_letters_says_placeholder_names_are_the_datas() -> None:
    """docs/writing-rules.md §1.7: names are ASCII because they are the rule data's own ids."""
    from rulespec.placeholders import DATA_NAMES

    for text in ("{poäng} poäng", "Ta {größe}", "{café_2}", "x {ñ}", "{Очки}"):
        malformed = parse(text).malformed
        assert malformed is not None and malformed.hint == DATA_NAMES, text
        assert text[malformed.offset] == "{"
    for text in ("{0}", "{a.b}", "{a b}", "{ä.b}", "{}"):  # not a name in any letters: the general hint
        malformed = parse(text).malformed
        assert malformed is not None and malformed.hint.startswith("write {name}"), text
    assert parse("{points_2} {_x} {A}").malformed is None


def test_whist_check_gives_a_translators_name_the_datas_hint(tmp_path) -> None:
    from test_translate_cli import HOUSE_EN, HOUSE_RULE

    from rulespec import load_ruleset
    from rulespec.localecheck import check_locales

    (tmp_path / "locales" / "sv").mkdir(parents=True)
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "house.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (tmp_path / "locales" / "en" / "house.yaml").write_text(HOUSE_EN, encoding="utf-8")
    sv = "language: sv\nruleset: house\nbids:\n  favourite:\n    short: Ta {favoritkort} kort {färg}\n"
    (tmp_path / "locales" / "sv" / "house.yaml").write_text(sv, encoding="utf-8")
    [error] = check_locales(load_ruleset(str(tmp_path / "house.yaml")))
    assert error.message == "malformed placeholder: '{färg}' is not a placeholder name"
    assert "rule data" in (error.hint or "") and "ASCII" in (error.hint or "")
    line = sv.splitlines()[4]
    assert (error.position.line, error.position.column) == (5, line.index("{färg}") + 1)
