"""libyaml's C parser (used when PyYAML has it) reads rule files exactly as the pure-Python one:
the same data, the same source positions of every value and key, the same errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import RuleError, yamlbounds
from rulespec.yamlsource import parse_yaml

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("bids/**/*.yaml"), *ROOT.glob("locales/**/*.yaml"), *ROOT.glob("tests/**/*.yaml")])

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml: one parser only")


def both(text: str, path: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    def parse() -> object:
        try:
            document = parse_yaml(text, path)
        except RuleError as exc:
            return ("error", str(exc))
        return (document.data, document.locations, document.key_locations)

    fast = parse()
    with monkeypatch.context() as patch:
        patch.setattr(yamlbounds, "_C_LOADER", None)
        slow = parse()
    return fast, slow


def test_every_bundled_file_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(FILES) > 20
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        fast, slow = both(text, str(path), monkeypatch)
        assert fast == slow, path


@pytest.mark.parametrize(
    "text",
    [
        "a: [1, 2\n",  # an unclosed flow sequence
        "a: 1\n a: 2\n",  # bad indentation
        "a: 'it''s'\nb: \"\\u00e5 \\t\"\nc: |\n  två\n  rader\nd: >\n  folded\n",  # every scalar style
        "a: &x [1, 2]\nb: *x\n",
        "a: \x07\n",  # a control character
        "- åäö: [x, {y: z}]\n- ? complex\n  : key\n",
    ],
)
def test_tricky_texts_read_the_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = both(text, "t.yaml", monkeypatch)
    assert fast == slow


def _flow_yaml() -> st.SearchStrategy[str]:
    """Small flow-style documents with anchors and aliases (defined, undefined, inside their own anchor)."""
    names = st.sampled_from(["a", "b", "c"])
    scalars = st.sampled_from(["x", "'q r'", "12", "true", "~", '"a long text value"'])

    def compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
            st.lists(inner, max_size=4).map(lambda vs: "{" + ", ".join(f"k{i}: {v}" for i, v in enumerate(vs)) + "}"),
            st.tuples(names, st.lists(inner, max_size=3)).map(lambda p: f"&{p[0]} [" + ", ".join(p[1]) + "]"),
        )

    values = st.recursive(st.one_of(scalars, names.map(lambda n: f"*{n}")), compound, max_leaves=25)
    return st.lists(values, min_size=1, max_size=4).map(lambda vs: "".join(f"k{i}: {v}\n" for i, v in enumerate(vs)))


@pytest.mark.parametrize("limits", [(4, 60, 40, 100), (5, 70, 30, 90), (4, 45, 40, 100)])  # each reaches every bound
@settings(derandomize=True, max_examples=400, deadline=None)
@given(text=_flow_yaml())
def test_bounds_are_kept_alike_by_both_parsers(limits: tuple[int, int, int, int], text: str) -> None:
    """The C parser's path measures the composed tree; the pure-Python one walks the events: the
    same files are refused, with the same message at the same place (limits made small to reach them)."""
    with pytest.MonkeyPatch.context() as patch:
        for name, limit in zip(("MAX_DEPTH", "MAX_EVENTS", "MAX_VALUES", "MAX_EXPANDED_CHARS"), limits, strict=True):
            patch.setattr(yamlbounds, name, limit)
        fast, slow = both(text, "t.yaml", patch)
    assert fast == slow


@settings(derandomize=True, max_examples=200, deadline=None)
@given(text=_flow_yaml())
def test_the_event_bound_is_kept_alike_at_its_edge(text: str) -> None:
    """A file of exactly as many YAML events as allowed passes both ways; one more is refused both ways."""
    try:
        events = sum(1 for _ in yaml.parse(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return
    for limit in (events - 1, events):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(yamlbounds, "MAX_EVENTS", limit)
            fast, slow = both(text, "t.yaml", patch)
        assert fast == slow
