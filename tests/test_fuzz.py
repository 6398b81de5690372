"""Property tests: broken input gives the project's errors, never another exception.

(a) Expressions: random text and mutations of every expression of the bundled rule files,
    compiled against a realistic scope, give an Expression or ExpressionSyntaxError /
    CompileError; what compiles evaluates to a value or an EvaluationError.
(b) Rule files: random YAML-ish documents and mutated copies of the bundled files, loaded
    with rulespec.load_ruleset, give a RuleSet or a rulespec.RuleError.

Deterministic (``derandomize=True``) so CI runs the same examples every time.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from compiler_fakes import make_env
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from rulespec import BUNDLED_DIR, RuleError, RuleSet, load_ruleset, scopes
from rulespec import model as M
from rulespec import types as T
from rulespec.compiler import (
    CompileError,
    EvaluationError,
    Expression,
    ExpressionSyntaxError,
    Scope,
    Vocabulary,
    compile_expression,
)
from rulespec.expressions import parse
from rulespec.validation import RULESET_SCHEMA

BUNDLED = BUNDLED_DIR / "combo-whist"
RULE_FILES = sorted(BUNDLED.glob("*.yaml"))
RULES = load_ruleset("combo-whist")

FAST = settings(max_examples=300, deadline=None, derandomize=True)
LOADS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --- (a) expressions ---------------------------------------------------------------------------


def count_event(name: str) -> None:
    """Tally an outcome in Hypothesis' statistics (``pytest --hypothesis-show-statistics``)."""
    if currently_in_test_context():
        event(name)


def strings_in(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings_in(value)


def expression_seeds() -> list[str]:
    """Every string of the bundled rule files that parses as an expression."""
    seeds: dict[str, None] = {}
    for path in RULE_FILES:
        for text in strings_in(yaml.safe_load(path.read_text(encoding="utf-8"))):
            try:
                parse(text)
            except ExpressionSyntaxError:
                continue
            seeds[text] = None
    return list(seeds)


SEEDS = expression_seeds()


def declarations(rules: RuleSet) -> dict[str, T.Type]:
    """The names the bids' choose steps declare, with their types."""
    names: dict[str, T.Type] = {}
    for bid in rules.bids.values():
        for step in bid.steps:
            if isinstance(step, M.Choose):
                element = scopes.CHOICE_TYPES[step.what]
                many = step.count is not None or step.who.type != T.PLAYER
                names[step.name] = T.list_of(element) if many else element
    return names


def realistic_scope(rules: RuleSet) -> Scope:
    vocabulary = Vocabulary(
        suits=frozenset(s.id for s in rules.game.deck.suits),
        ranks=frozenset(rules.game.deck.ranks),
        bids=frozenset(rules.bids),
        marks=frozenset(rules.game.marks),
        options={k: T.BOOL if isinstance(v, bool) else T.NUMBER for k, v in rules.game.options.items()},
        zones=frozenset(s.name for b in rules.bids.values() for s in b.steps if isinstance(s, M.Zone)),
    )
    constants = dict(rules.game.params)
    for bid in rules.bids.values():
        constants.update(bid.params)
    return Scope({**scopes.CARD_RULE, **declarations(rules)}, vocabulary, constants)


SCOPE = realistic_scope(RULES)


def runtime_env() -> dict[str, Any]:
    env = make_env()
    deck = env["deck"]
    env.update(
        justice_card=deck[5],
        guessed=[2, 5],
        guess=3,
        offered=deck[10:13],
        taken=deck[12],
        given=deck[0],
        plague="H",
        preferred_suit=["S", "D"],
        preference=[1, 5],
    )
    return env


def test_runtime_env_has_every_name_of_the_scope() -> None:
    assert set(SCOPE.names) <= set(runtime_env())


def test_seeds_cover_the_rule_files() -> None:
    assert len(SEEDS) > 60
    for text in ("bid.worth > lead.worth", "declarer.tricks in guessed", 'card.rank == "2"'):
        assert any(text in seed for seed in SEEDS), text
    # every seed that is an expression of the bundled rules compiles in the realistic scope
    compiled = [s for s in SEEDS if isinstance(outcome(s), Expression)]
    assert len(compiled) > len(SEEDS) // 2


TOKENS = [
    *"()[].,<>=!+-*/%\"' _\n",
    *"abcxyz0123456789",
    " and ",
    " or ",
    " not ",
    " in ",
    " not in ",
    " if ",
    " else ",
    "..",
    "==",
    "!=",
    "<=",
    "true",
    "false",
    '"H"',
    '"X"',
    "'2'",
    "1/0",
    "99999999999999999999",
    "(",
    ")",
    *sorted(SCOPE.names),
    *sorted(SCOPE.constants),
    *(f"{name}(" for name in ("count", "any", "all", "filter", "sum", "max", "min", "abs", "floor", "others")),
    *(f".{name}" for attributes in T.ATTRIBUTES.values() for name in attributes),
    ".tricks_in(",
    ".has(",
    "\u00e9",
    "\t",
    "\x00",
]

token_text = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)


@st.composite
def mutated_expression(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 6)))
        operation = draw(st.sampled_from(["insert", "delete", "replace", "duplicate", "character"]))
        if operation == "insert":
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[start:]
        elif operation == "delete":
            text = text[:start] + text[end:]
        elif operation == "replace":
            text = text[:start] + draw(st.sampled_from(TOKENS)) + text[end:]
        elif operation == "duplicate":
            text = text[:end] + text[start:end] + text[end:]
        else:
            text = text[:start] + draw(st.characters()) + text[end:]
    return text


ATOMS: dict[str, list[str]] = {
    "number": ["0", "1", "3", "13", "99999999999999999999", "hand_size", "player_count", "cards", "declarer.tricks"]
    + ["card.value", "trick.number", "combo.worth", "guess"],
    "bool": ["true", "false", "card.is_trump", "declarer.is_declarer", "combo.has('grill')"],
    "numbers": ["guessed", "[]", "[1, 2]", "1..hand_size", "1..99999999999999999999"],
    "players": ["players", "opponents"],
    "cards": ["deck", "declarer.won", "player.hand", "trick.cards", "offered"],
    "player": ["player", "declarer", "dealer", "trick.winner", "card.holder", "taken.holder"],
    "suit": ["'H'", '"S"', "trump", "card.suit", "plague", "trick.led_suit"],
}


def _typed_level(inner: dict[str, st.SearchStrategy[str]]) -> dict[str, st.SearchStrategy[str]]:
    """Expressions of each type one level deeper than ``inner``'s."""
    num, boolean, numbers = inner["number"], inner["bool"], inner["numbers"]
    players, cards, player, suit = inner["players"], inner["cards"], inner["player"], inner["suit"]

    def binary(left: st.SearchStrategy[str], ops: list[str], right: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(left, st.sampled_from(ops), right).map(lambda t: f"({t[0]} {t[1]} {t[2]})")

    def call(name: str, *args: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(*args).map(lambda t: f"{name}({', '.join(t)})")

    def conditional(branch: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.tuples(branch, boolean, branch).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})")

    walk_number = st.one_of(num, st.just("number"), binary(st.just("number"), ["+", "*", "%"], num))
    return {
        "number": st.one_of(
            inner["number"],
            binary(num, ["+", "-", "*", "/", "%"], num),
            num.map(lambda a: f"-{a}"),
            call("abs", num),
            call("floor", num),
            call("count", numbers),
            call("count", players, boolean),
            call("count", cards, boolean),
            call("count", numbers, binary(walk_number, ["<", "==", ">"], num)),
            call("sum", numbers),
            call("sum", numbers, walk_number),
            call("sum", players, num),
            call("max", num, num),
            call("min", numbers),
            call("max", cards, num),
            call("min", players, num),
            numbers.map(lambda a: f"declarer.tricks_in({a})"),
            conditional(num),
        ),
        "bool": st.one_of(
            inner["bool"],
            binary(num, ["==", "!=", "<", "<=", ">", ">="], num),
            binary(boolean, ["and", "or"], boolean),
            boolean.map(lambda a: f"not {a}"),
            binary(num, ["in", "not in"], numbers),
            binary(numbers, ["==", "!="], numbers),
            binary(player, ["in", "not in"], players),
            binary(player, ["==", "!="], player),
            binary(suit, ["==", "!="], suit),
            call("any", players, boolean),
            call("all", cards, boolean),
            call("any", numbers, binary(walk_number, ["<", "==", ">"], num)),
            conditional(boolean),
        ),
        "numbers": st.one_of(
            inner["numbers"],
            binary(num, [".."], num),
            st.tuples(num, num).map(lambda t: f"[{t[0]}, {t[1]}]"),
            call("filter", numbers, binary(walk_number, ["<", "==", ">"], num)),
            conditional(numbers),
        ),
        "players": st.one_of(inner["players"], call("others", player), call("filter", players, boolean)),
        "cards": st.one_of(inner["cards"], call("filter", cards, boolean), conditional(cards)),
        "player": st.one_of(inner["player"], call("left_of", player), call("right_of", player), conditional(player)),
        "suit": st.one_of(inner["suit"], conditional(suit)),
    }


def _typed_expressions(depth: int) -> st.SearchStrategy[str]:
    level = {kind: st.sampled_from(atoms) for kind, atoms in ATOMS.items()}
    for _ in range(depth):
        level = _typed_level(level)
    return st.one_of(*level.values())


#: Mostly well-typed expressions of every type.
grammar_expression = _typed_expressions(3)


def outcome(text: str) -> Expression | ExpressionSyntaxError | CompileError:
    try:
        return compile_expression(text, SCOPE)
    except (ExpressionSyntaxError, CompileError) as exc:
        assert isinstance(exc.offset, int) and 0 <= exc.offset <= len(text), (text, exc.offset)
        assert exc.message
        return exc


def conforms(t: T.Type, value: Any) -> bool:
    if t == T.NUMBER:
        return isinstance(value, int | Fraction) and not isinstance(value, bool)
    if t == T.BOOL:
        return isinstance(value, bool)
    if T.is_list(t):
        return isinstance(value, list | tuple | range)
    if t in (T.SUIT, T.RANK, T.TEXT, T.ZONE):
        return isinstance(value, str)
    return True


def check_expression(text: str) -> None:
    result = outcome(text)
    count_event(type(result).__name__)
    if not isinstance(result, Expression):
        return
    try:
        value = result(runtime_env())
    except EvaluationError as exc:
        assert isinstance(exc, RuleError) and exc.message
        count_event("EvaluationError")
        return
    assert conforms(result.type, value), (text, result.type, value)


@FAST
@given(mutated_expression())
def test_mutated_expressions(text: str) -> None:
    check_expression(text)


@FAST
@given(token_text)
def test_token_soup(text: str) -> None:
    check_expression(text)


@FAST
@given(grammar_expression)
def test_grammar_built_expressions(text: str) -> None:
    check_expression(text)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.text(max_size=40))
def test_random_text(text: str) -> None:
    check_expression(text)


@pytest.mark.parametrize("text", SEEDS)
def test_every_seed(text: str) -> None:
    check_expression(text)


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
