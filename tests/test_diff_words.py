"""``whist diff`` names every field of a rule file in words, in every language.

A field without a label of its own was named by its path: the Swedish changelog of 1.4.2 →
1.5.1 said ``auction/forbid_impossible ja → nej`` and ``steps/choose:given/hidden ja → nej``,
and a parameter change read ``shame_score added: -5``. Now each key of a rule file has a word
(``diff_key_<key>`` in ``locales/<lang>/ui.yaml``), a step is named by its kind and what it
declares, and a parameter is named as one, its name in backticks as expressions write it.

The class, from the rule-file schema itself: every path a changed field can have (the game's
and a bid's, with its steps) is worded with no key left as written, in English and Swedish;
and the changelogs between the bundled versions and of the example house rules, in both
languages, show no key or path outside their expressions.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulespec import load_ruleset
from rulespec.diff import diff_rulesets
from rulespec.locate import BUNDLED_DIR, bundled_versions
from rulespec.validation import RULESET_SCHEMA
from tests.test_printing import texts_for
from whist.diff import text_of
from whist.diffcli import side
from whist.diffwords import Wording

REPO = Path(__file__).parent.parent
SCHEMA = json.loads((REPO / "rulespec" / "schema" / RULESET_SCHEMA.name).read_text(encoding="utf-8"))


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = SCHEMA["$defs"][node["$ref"].split("/")[-1]]
    return node


def _paths(node: Any, path: tuple[str, ...], depth: int = 0) -> Iterator[tuple[str, ...]]:
    """Every path of keys the schema allows under ``node`` ("#": a list's item, "*": a name)."""
    node = _resolve(node)
    if depth > 8 or not isinstance(node, dict):
        return
    for key, value in (node.get("properties") or {}).items():
        yield (*path, key)
        yield from _paths(value, (*path, key), depth + 1)
    for alternatives in ("anyOf", "oneOf", "allOf"):
        for alternative in node.get(alternatives, []):
            yield from _paths(alternative, path, depth + 1)
    if isinstance(node.get("items"), dict):
        yield from _paths(node["items"], (*path, "#"), depth + 1)
    if isinstance(node.get("additionalProperties"), dict):
        yield from _paths(node["additionalProperties"], (*path, "*"), depth + 1)


def _as_diff_field(path: tuple[str, ...]) -> str | None:
    """A schema path as ``whist diff`` passes it to :meth:`Wording.field_name` (None: never passed:
    a bid's id, its params, a step's kind alone)."""
    parts: list[str] = []
    rest = list(path)
    while rest:
        part = rest.pop(0)
        if part == "#" and parts and parts[-1] == "steps":
            if not rest:
                return None
            parts.append(f"{rest.pop(0)}:given")  # a step is named by its label (rulespec.diff.step_label)
        elif part == "#":
            parts.append("0")
        elif part == "*":
            parts.append("rounds")  # a name from the rule file (an option, a variant, a schedule)
        else:
            parts.append(part)
    if parts[:1] in (["id"], ["params"], ["kind"]):
        return None
    return ".".join(parts)


FIELDS = sorted(
    {field for path in _paths(SCHEMA["properties"]["game"], ()) if (field := _as_diff_field(path))}
    | {field for path in _paths(SCHEMA["$defs"]["bid"], ()) if (field := _as_diff_field(path))}
)
KEYS = {part for path in _paths(SCHEMA["properties"]["game"], ()) for part in path} | {
    part for path in _paths(SCHEMA["$defs"]["bid"], ()) for part in path
}
KEYS -= {"#", "*"}


@functools.cache
def _labels(lang: str) -> dict[str, str]:
    data = yaml.safe_load((REPO / "locales" / lang / "ui.yaml").read_text(encoding="utf-8"))
    return {k: v for k, v in data["labels"].items() if k.startswith(("diff_key_", "diff_param"))}


@pytest.fixture(scope="module")
def wordings() -> dict[str, Wording]:
    rules = load_ruleset("combo-whist")
    return {lang: Wording(texts_for(rules, lang), texts_for(rules, lang)) for lang in ("en", "sv")}


def _raw_keys(text: str, lang: str) -> list[str]:
    """Keys of a rule file left as written in ``text`` (outside backticks): any word with an
    underscore, and in Swedish any key whose Swedish word is not the key itself."""
    plain = re.sub(r"`[^`]*`", "", text)
    words = set(re.findall(r"[A-Za-z_]+", plain))
    raw = sorted(word for word in words if "_" in word)
    if lang == "sv":  # (a key that is also a Swedish word of the labels, "min." or "match", is one)
        raw += sorted(words & KEYS - _swedish_words())
    return raw


@functools.cache
def _swedish_words() -> set[str]:
    data = yaml.safe_load((REPO / "locales" / "sv" / "ui.yaml").read_text(encoding="utf-8"))
    return {word for text in data["labels"].values() for word in re.findall(r"[A-Za-z_]+", str(text))}


def test_the_schema_walk_finds_the_fields() -> None:
    assert len(FIELDS) > 150 and len(KEYS) > 100  # (a broken walk must not pass for want of fields)
    assert {"auction.forbid_impossible", "steps.choose:given.hidden", "winning.variants.rounds.target"} <= set(FIELDS)


def test_every_key_has_its_words_in_every_language() -> None:
    english, swedish = _labels("en"), _labels("sv")
    assert {f"diff_key_{key}" for key in KEYS} <= set(english)
    assert set(swedish) == set(english)
    assert all(text.strip() for text in [*english.values(), *swedish.values()])


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_field_of_a_rule_file_is_named_in_words(wordings: dict[str, Wording], lang: str) -> None:
    unworded = {field: raw for field in FIELDS if (raw := _raw_keys(wordings[lang].field_name(field), lang))}
    assert not unworded


def _changelogs() -> Iterator[tuple[str, str]]:
    versions = [f"combo-whist@{v}" for v in bundled_versions("combo-whist")] + ["combo-whist"]
    yield from zip(versions, versions[1:], strict=False)
    for example in sorted((BUNDLED_DIR / "examples").glob("*.yaml")):
        parent = yaml.safe_load(example.read_text(encoding="utf-8")).get("extends")
        if parent:
            yield parent, str(example)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_bundled_changelogs_show_no_key_or_path(lang: str) -> None:
    checked = 0
    for old_ref, new_ref in _changelogs():
        old, new = load_ruleset(old_ref), load_ruleset(new_ref)
        words = Wording(texts_for(old, lang), texts_for(new, lang))
        for change in diff_rulesets(side(old, words.old), side(new, words.new)):
            text = text_of(change, words)
            assert not _raw_keys(text, lang), (old_ref, new_ref, text)
            checked += 1
    assert checked > 50
