"""Property tests: broken rule files give the project's errors, never another exception.

Random YAML-ish documents, random YAML data, child rule sets and mutated copies of the bundled
files, loaded with rulespec.load_ruleset, give a RuleSet or a rulespec.RuleError.
Deterministic (``derandomize=True``) so CI runs the same examples every time.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzz_helpers import RULE_FILES, RULES, TOKENS, count_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec import RuleError, RuleSet, load_ruleset
from rulespec.validation import RULESET_SCHEMA

LOADS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --- (b) rule files ---------------------------------------------------------------------------

#: The rule-file schema, the one list of keys a rule file may hold: the fuzzers draw their keys from it.
RULE_SCHEMA: dict[str, Any] = json.loads(RULESET_SCHEMA.read_text(encoding="utf-8"))


def schema_keys(node: Any) -> set[str]:
    """Every property name anywhere in a schema (top level, game, bids, steps, …)."""
    if isinstance(node, dict):
        own = set(node.get("properties") or {})
        return own.union(*(schema_keys(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(schema_keys(v) for v in node))
    return set()


KEYS = sorted(schema_keys(RULE_SCHEMA))
#: The keys of one bid (its table facts and every hook point).
BID_KEYS = sorted(set(RULE_SCHEMA["$defs"]["bid"]["properties"]) - {"id"})
#: The keys of the game section.
GAME_KEYS = sorted(RULE_SCHEMA["$defs"]["game"]["properties"])
BID_IDS = sorted(RULES.bids) + ["new_bid", "other"]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-30, 30),
    st.sampled_from(
        [
            0,
            10**30,
            "",
            "declarer",
            "declarer.tricks > 3",
            "count(deck, card.suit == 'H')",
            "1 / 0",
            "0..hand_size",
            "standard.score",
            "combo.worth",
            "bid.worth > 1",
            "special",
            "standard",
            "suit",
            "card",
            "number",
            "player",
            "left",
            "H",
            "7C",
            "atelier",
            "potential",
            "non_trump_bids",
            "oponents",
            "1.5.1",
            "combo-whist",
            "./missing.yaml",
            "..",
            *BID_IDS,
        ]
    ),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)


def yaml_values(max_leaves: int = 12) -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
        ),
        max_leaves=max_leaves,
    )


class RuleDir:
    """A scratch folder for one test; every example overwrites it."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def fresh(self) -> Path:
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)
        return self.root


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], RuleDir]:
    base = tmp_path_factory.mktemp("fuzz")
    return lambda name: RuleDir(base / name)


def load_outcome(path: Path) -> RuleSet | RuleError:
    try:
        rules = load_ruleset(str(path))
    except RuleError as exc:
        assert exc.message
        text = str(exc)  # rendering the message must not fail either
        assert text
        count_event("RuleError")
        return exc
    count_event("RuleSet")
    return rules


YAML_LINES = st.lists(
    st.tuples(
        st.integers(0, 4),
        st.sampled_from(["", "- ", "? "]),
        st.sampled_from([*KEYS, "<<", "&a x", "*a", "!!python/object:os.system", "!!binary", "0x1F", "~"]),
        st.sampled_from([":", ": ", " ", ":\t", ""]),
        st.one_of(
            st.sampled_from(
                [
                    "",
                    "null",
                    "[1, 2",
                    "{a: 1}",
                    "'quoted",
                    '"x"',
                    "|",
                    ">-",
                    "&anchor [1, 2]",
                    "*anchor",
                    "!!set {a}",
                    "2024-01-04",
                    "1e400",
                    "9" * 5000,
                    "combo-whist",
                    "declarer.tricks >= 5",
                    "\t",
                    "%YAML 1.1",
                    "---",
                    "...",
                ]
            ),
            st.text(max_size=10),
        ),
    ),
    max_size=15,
).map(lambda lines: "\n".join("  " * indent + dash + key + sep + value for indent, dash, key, sep, value in lines))


@LOADS
@given(st.one_of(YAML_LINES, st.text(max_size=200)), st.booleans())
def test_random_yamlish_documents(scratch: Callable[[str], RuleDir], text: str, extends: bool) -> None:
    folder = scratch("yamlish").fresh()
    path = folder / "rules.yaml"
    path.write_text(("extends: combo-whist\n" if extends else "") + text, encoding="utf-8", errors="surrogatepass")
    load_outcome(path)


@LOADS
@given(yaml_values(20))
def test_random_yaml_data(scratch: Callable[[str], RuleDir], data: Any) -> None:
    folder = scratch("data").fresh()
    path = folder / "rules.yaml"
    document = {"extends": "combo-whist", **data} if isinstance(data, dict) else data
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    load_outcome(path)


bid_overlays = st.lists(
    st.fixed_dictionaries(
        {"id": st.sampled_from(BID_IDS)},
        optional={key: yaml_values(6) for key in BID_KEYS},
    ),
    max_size=4,
)


@LOADS
@given(
    bid_overlays,
    st.lists(st.sampled_from(BID_IDS), max_size=3, unique=True),
    st.dictionaries(
        st.sampled_from(GAME_KEYS),
        yaml_values(6),
        max_size=2,
    ),
    st.dictionaries(
        st.sampled_from(["non_trump_bids", "big"]), st.one_of(st.none(), st.booleans(), SCALARS), max_size=2
    ),
)
def test_random_child_rule_sets(
    scratch: Callable[[str], RuleDir],
    bids: list[dict[str, Any]],
    removed: list[str],
    game: dict[str, Any],
    groups: dict[str, Any],
) -> None:
    folder = scratch("child").fresh()
    document: dict[str, Any] = {"extends": "combo-whist", "bids": bids}
    if removed:
        document["remove_bids"] = removed
    if game:
        document["game"] = game
    if groups:
        document["groups"] = groups
    path = folder / "house.yaml"
    path.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    load_outcome(path)


def paths_of(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths_of(value, (*prefix, index))


@st.composite
def mutated_rule_data(draw: st.DrawFn) -> tuple[str, Any]:
    """One bundled file's data with a few random changes at random places."""
    path = draw(st.sampled_from(RULE_FILES))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths_of(data) if p]
        if not places:  # an earlier change left nothing to change (a scalar, an empty mapping)
            break
        place = draw(st.sampled_from(places))
        parent: Any = data
        for part in place[:-1]:
            parent = parent[part]
        key = place[-1]
        operation = draw(st.sampled_from(["set", "delete", "add", "swap"]))
        if operation == "set":
            parent[key] = draw(yaml_values(6))
        elif operation == "delete":
            del parent[key]
        elif operation == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(yaml_values(4))
        elif operation == "add":
            parent.insert(key, draw(yaml_values(4)))
        elif isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return path.name, data


def copy_bundled(folder: Path) -> None:
    for path in RULE_FILES:
        shutil.copy(path, folder / path.name)


def load_mutated(scratch: RuleDir, name: str, text: str) -> None:
    """The bundled rule files with ``name`` replaced by ``text``: they load, or fail as they should."""
    folder = scratch.fresh()
    copy_bundled(folder)
    (folder / name).write_text(text, encoding="utf-8", errors="surrogatepass")  # a drawn lone surrogate too
    load_outcome(folder)


@LOADS
@given(mutated_rule_data())
def test_mutated_rule_data(scratch: Callable[[str], RuleDir], mutation: tuple[str, Any]) -> None:
    name, data = mutation
    load_mutated(scratch("mutated-data"), name, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


@st.composite
def mutated_rule_text(draw: st.DrawFn) -> tuple[str, str]:
    path = draw(st.sampled_from(RULE_FILES))
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(["character", "delete", "insert", "line", "swap"]))
        position = draw(st.integers(0, len(text)))
        if operation == "character":
            text = text[:position] + draw(st.characters()) + text[position + 1 :]
        elif operation == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 20)) :]
        elif operation == "insert":
            text = (
                text[:position]
                + draw(st.sampled_from([*TOKENS, ": ", "- ", "\n  ", "\t", "#", "&a ", "*a", "null"]))
                + text[position:]
            )
        else:
            lines = text.splitlines(keepends=True)
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if operation == "line":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
    return path.name, text


@LOADS
@given(mutated_rule_text())
def test_mutated_rule_text(scratch: Callable[[str], RuleDir], mutation: tuple[str, str]) -> None:
    name, text = mutation
    load_mutated(scratch("mutated-text"), name, text)


def test_unchanged_copy_loads(tmp_path: Path) -> None:
    copy_bundled(tmp_path)
    assert isinstance(load_outcome(tmp_path), RuleSet)
