"""The hook registry (rulespec/hooks.py) is the one list of a bid's hook points.

Each test enumerates the registry and checks one place that must follow it: the rule-file
schema, the export schema, the compiled model, the builder (every hook point compiles from the
bundled rule sets), the export, ``whist diff`` and the docs' hook table. Adding a hook point
therefore means: its registry entry, the builder's one entry (none for a plain expression), the
engine code that runs it and its docs line — and these tests say which one is missing.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulespec import RuleError, load_ruleset, scopes
from rulespec import model as M
from rulespec import types as T
from rulespec.diff import Side, diff_rulesets
from rulespec.export import hooks_to_data, ruleset_to_data
from rulespec.hooks import HOOK_OF_FIELD, HOOKS, MARK_MOMENTS, MODEL_FIELDS
from rulespec.validation import SCHEMA_DIR

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs" / "writing-rules.md"
#: A bid's table facts: the keys of a bid in a rule file that are not hook points.
BID_FACTS = {"id", "kind", "worth", "score", "priority", "events_after", "incompatible", "params"}
#: Every bundled rule set (the examples too): together they fill every hook point.
BUNDLED = [
    "combo-whist",
    *(f"combo-whist@{p.stem}" for p in sorted((REPO / "bids/combo-whist/versions").glob("*.yaml"))),
    "christmas-whist",
    *(str(p) for p in sorted((REPO / "bids/examples").glob("*.yaml"))),
]


def _schema(name: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


def test_the_rule_file_schema_has_a_property_for_each_hook_point_and_no_other() -> None:
    bid = set(_schema("ruleset.schema.json")["$defs"]["bid"]["properties"])
    assert bid - BID_FACTS == set(HOOKS)


def test_the_export_schema_names_the_registry_hook_points_in_order() -> None:
    def hooks(node: Any) -> Any:
        if isinstance(node, dict):
            if isinstance(node.get("hooks"), dict) and "propertyNames" in node["hooks"]:
                return node["hooks"]
            return next((h for h in map(hooks, node.values()) if h is not None), None)
        return None

    schema = hooks(_schema("export.schema.json"))
    assert schema["propertyNames"]["enum"] == list(HOOKS)
    assert schema["properties"]["marks"]["propertyNames"]["enum"] == list(MARK_MOMENTS)


def test_the_compiled_bid_has_each_registry_field_and_nothing_else_unregistered() -> None:
    fields = [f.name for f in dataclasses.fields(M.Bid)]
    facts = {"id", "kind", "worth", "params", "priority", "score", "events_after", "incompatible", "incompatible_ids"}
    assert set(MODEL_FIELDS) <= set(fields)
    assert set(fields) - facts == set(MODEL_FIELDS), "a new Bid field needs its hook point in rulespec/hooks.py"
    assert M.BID_HOOKS == MODEL_FIELDS
    assert all(HOOK_OF_FIELD[f] == h.name for h in HOOKS.values() for f in h.model_fields)


@pytest.mark.parametrize("hook", list(HOOKS.values()), ids=list(HOOKS))
def test_each_entry_is_complete(hook: Any) -> None:
    assert hook.meaning and hook.meaning == hook.meaning.strip() and "\n" not in hook.meaning
    if hook.scope is not None:
        assert isinstance(getattr(scopes, hook.scope), dict), hook.scope
    if hook.plain:  # the builder compiles it from the entry alone: a scope and a type it knows
        assert hook.scope is not None
        assert T.by_name(hook.result) in (T.BOOL, T.NUMBER, T.PLAYER, T.SUIT, T.list_of(T.PLAYER))


def test_every_hook_point_is_built_and_exported_from_the_bundled_rule_sets() -> None:
    """The builder fills each one (no hook point is declared but never read from a rule file)."""
    exported: set[str] = set()
    for ref in BUNDLED:
        for bid in load_ruleset(ref).bids.values():
            data = hooks_to_data(bid)
            assert list(data) == [h for h in HOOKS if h in data]  # registry order
            exported.update(data)
    assert exported == set(HOOKS)


#: What the engine reads of a hook point besides its compiled fields: the combo plan's names for it
#: (interpreter/prepared.py gathers a combo's hook points once, under these names).
PLAN_NAMES = {
    "trump": ("trump_changes",),
    "may_not_play": ("play_rules",),
    "may_not_lead": ("lead_rules",),
    "plays_last": ("plays_last_rules",),
    "trick_taker": ("taker_rules",),
    "tricks_adjust": ("adjustments",),
    "bonus": ("bonuses",),
    "penalty": ("penalties",),
}


def _hook_table() -> list[tuple[str, str, str, str]]:
    """The docs' hook table: (hook, anchor, what it changes, the engine code that runs it)."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### 3.2 Hook points") :].split("\n\n#### ")[0]
    pattern = r"^\| \[`(\w+)`\]\(#([\w-]+)\) \| (.+) \| (`[\w.]+`(?:, `[\w.]+`)*) \|$"
    return re.findall(pattern, section, re.MULTILINE)


def _functions(module: Path) -> dict[str, str]:
    """Every function and method of ``module`` by name: its source."""
    text = module.read_text(encoding="utf-8")
    tree = ast.parse(text)
    return {
        node.name: ast.get_source_segment(text, node) or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
    }


def test_the_docs_name_the_engine_code_of_every_hook_point_and_it_reads_the_hook() -> None:
    """A newcomer finds a hook point's code from the docs: each named ``module.function`` under
    interpreter/ exists and reads one of the hook's compiled fields (or the combo plan's name for it)."""
    rows = _hook_table()
    assert [name for name, *_ in rows] == list(HOOKS)
    for name, _, _, cell in rows:
        words = (*HOOKS[name].model_fields, *PLAN_NAMES.get(name, ()))
        for dotted in re.findall(r"`([\w.]+)`", cell):
            module, function = dotted.split(".")
            source = _functions(REPO / "interpreter" / f"{module}.py").get(function)
            assert source is not None, f"{name}: no function {function} in interpreter/{module}.py"
            assert any(re.search(rf"\.{word}\b", source) for word in words), f"{name}: {dotted} does not read it"


def test_the_docs_hook_table_is_the_registry() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### 3.2 Hook points") :]
    rows = [(name, anchor, meaning) for name, anchor, meaning, _ in _hook_table()]
    assert [(name, meaning) for name, _, meaning in rows] == [(h.name, h.meaning) for h in HOOKS.values()]
    headings = re.findall(r"^#### (.+)$", section, re.MULTILINE)
    for name, anchor, _ in rows:
        assert any(f"`{name}`" in heading for heading in headings), f"no '#### `{name}`' section"
        assert anchor.startswith(name) or anchor.replace("-", "_").find(name) >= 0


# --- marks: one hook point with a when ---------------------------------------------------------


def _child(tmp_path: Path, bids: str) -> Path:
    path = tmp_path / "child.yaml"
    path.write_text(f"extends: combo-whist\nbids:\n{bids}", encoding="utf-8")
    return path


@pytest.mark.parametrize("when", list(MARK_MOMENTS))
def test_marks_fill_the_compiled_field_of_their_moment(tmp_path: Path, when: str) -> None:
    bid = load_ruleset(_child(tmp_path, f"  - id: lock\n    marks: {{when: {when}, add: {{potential: 2}}}}\n")).bids[
        "lock"
    ]
    assert {f: getattr(bid, f) for f in MARK_MOMENTS.values()} == {
        f: ({"potential": 2} if f == MARK_MOMENTS[when] else {}) for f in MARK_MOMENTS.values()
    }
    assert hooks_to_data(bid)["marks"] == {when: {"potential": 2}}


def test_marks_at_two_moments_are_a_list(tmp_path: Path) -> None:
    marks = "[{when: bidding, add: {potential: -1}}, {when: completion, add: {potential: 2}}]"
    bid = load_ruleset(_child(tmp_path, f"  - id: lock\n    marks: {marks}\n")).bids["lock"]
    assert bid.marks_on_bidding == {"potential": -1} and bid.marks_on_completion == {"potential": 2}
    assert bid.marks_on_declaring == {}


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        ("[{when: bidding, add: {potential: -1}}, {when: bidding, add: {potential: 1}}]", "given twice"),
        ("{when: later, add: {potential: 1}}", "later"),
        ("{add: {potential: 1}}", "when"),
        ("{when: completion, add: {potentail: 1}}", "unknown mark 'potentail'"),
        ("{when: completion, add: {potential: one}}", "one"),
    ],
)
def test_bad_marks_are_refused_with_a_location(tmp_path: Path, marks: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        load_ruleset(_child(tmp_path, f"  - id: lock\n    marks: {marks}\n"))
    assert message in str(caught.value)
    assert re.search(r"child\.yaml:\d+:\d+", str(caught.value))


def test_a_version_overlay_changes_only_the_moment() -> None:
    """1.1.1 says ``marks: {when: bidding}`` over 1.2.0's ``{when: declaring, add: {potential: -1}}``."""
    old, new = (
        load_ruleset("combo-whist@1.1.1").bids["extended_bid"],
        load_ruleset("combo-whist@1.2.0").bids["extended_bid"],
    )
    assert (old.marks_on_bidding, old.marks_on_declaring) == ({"potential": -1}, {})
    assert (new.marks_on_bidding, new.marks_on_declaring) == ({}, {"potential": -1})


def test_diff_compares_marks_moment_by_moment() -> None:
    old, new = (Side(ruleset_to_data(load_ruleset(f"combo-whist@{v}"))) for v in ("1.1.1", "1.2.0"))
    changes = diff_rulesets(old, new)
    marks = [(c.field, c.old, c.new) for c in changes if c.bid == "extended_bid" and "marks" in (c.field or "")]
    assert marks == [
        ("hooks.marks.bidding", {"potential": -1}, None),
        ("hooks.marks.declaring", None, {"potential": -1}),
    ]
