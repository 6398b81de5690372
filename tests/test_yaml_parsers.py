"""libyaml's C parser (used when PyYAML has it) reads rule files exactly as the pure-Python one:
the same data, the same source positions of every value and key, the same errors."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulespec import RuleError, yamlsource
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
        patch.setattr(yamlsource, "_C_LOADER", None)
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
