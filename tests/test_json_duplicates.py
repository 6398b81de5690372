"""A JSON file from a stranger with a key given twice is refused at the second key, by every reader.

``json.loads`` keeps the last value silently: a save saying ``"seed": 3, "seed": 5`` was read as
seed 5 while a person reading it sees 3. Now :func:`rulespec.jsonsource.parse_json` refuses it
as every other file error is reported (``file:line:col``, the line, a caret, a hint; exit 1).
The class: every command that reads JSON (found by walking the sources for ``json.load``), a
duplicate at any depth, and a property over random documents that the place named is exactly
the second key.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from interpreter.records import read_record
from rulespec.controls import BIDI_CONTROLS
from rulespec.errors import RuleError
from rulespec.jsonsource import parse_json
from tests.test_record_fuzz import RECORD
from tests.test_translate_cli import whist

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("interpreter", "rulespec", "whist", "printing")

#: The JSON reads that are not of a stranger's file: each reads a file of the package itself.
OWN_FILES = {
    ("interpreter/recordcheck.py", "_SCHEMA_PATH.read_text(encoding='utf-8')"),
    ("interpreter/scenario.py", "SCHEMA_PATH.read_text(encoding='utf-8')"),
    ("interpreter/records.py", "json.dumps(value)"),  # a copy of the program's own data
    ("rulespec/schema/nullable.py", "text"),  # the bundled schema (a maintainer's script)
    ("rulespec/grammartrees.py", "(path or TREES_PATH).read_text(encoding='utf-8')"),
    ("rulespec/grammartable.py", "TABLES_PATH.read_text(encoding='utf-8')"),
    ("rulespec/knownvalid.py", "KNOWN_PATH.read_text(encoding='utf-8')"),
    ("rulespec/validation.py", "(SCHEMA_DIR / name).read_text(encoding='utf-8')"),
}


def _json_reads() -> set[tuple[str, str]]:
    """Every ``json.load``/``json.loads`` call in the packages: (file, its first argument)."""
    found = set()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("load", "loads")
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "json"
                ):
                    found.add((str(path.relative_to(ROOT)), ast.unparse(node.args[0]) if node.args else ""))
    return found


def test_every_json_read_of_a_strangers_file_goes_through_parse_json() -> None:
    """A new reader of a user's JSON that calls ``json.loads`` itself would keep the last of two
    keys again: it must use :func:`parse_json` (the one call left is inside it)."""
    reads = _json_reads()
    assert ("rulespec/jsonsource.py", "text") in reads
    assert reads - OWN_FILES == {("rulespec/jsonsource.py", "text")}


def _record_text(duplicate: str) -> str:
    """A real record, written as the program writes it, with one key given twice."""
    text = json.dumps(RECORD, ensure_ascii=False, indent=1)
    changed = {
        "top": text.replace('\n "seed": ', '\n "seed": 5,\n "seed": ', 1),
        "nested": text.replace('"seat": ', '"seat": 1, "seat": ', 1),
    }[duplicate]
    assert changed != text
    return changed


def _expect_located(err: str, name: str, key: str) -> None:
    lines = err.splitlines()
    head = next(i for i, line in enumerate(lines) if f"{name}:" in line and f"duplicate key '{key}'" in line)
    assert f'"{key}"' in lines[head + 1]  # the line
    assert lines[head + 2].strip() == "^"  # a caret under the second key
    column = int(lines[head].split(f"{name}:")[1].split(":")[1])
    assert lines[head + 2].index("^") == column - 1 + 4  # (the excerpt is indented by four)
    assert lines[head + 1][column - 1 + 4] == '"'
    assert f"hint: '{key}' is already given at line" in err
    assert "Traceback" not in err


COMMANDS = [["replay"], ["replay", "--json"], ["play", "--resume"], ["play", "--seat", "0", "--resume"]]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("duplicate", "key"), [("top", "seed"), ("nested", "seat")])
def test_every_json_reading_command_refuses_a_duplicate_key(tmp_path, capsys, command, duplicate, key) -> None:
    path = tmp_path / "game.json"
    path.write_text(_record_text(duplicate), encoding="utf-8")
    code, out, err = whist(capsys, *command, str(path))
    assert code == 1, err
    if "--json" in command:
        error = json.loads(out)["error"]
        assert "duplicate key" in json.dumps(error)
        return
    _expect_located(err, "game.json", key)


def test_a_save_with_a_duplicate_key_is_never_replaced(tmp_path, capsys) -> None:
    """``--save`` reads the file it would replace to see that it is a save: one that reads two
    ways is a broken save, named at its place as ``--resume`` names it (and stays as it was;
    tests/test_broken_saves.py holds every kind)."""
    path = tmp_path / "game.json"
    text = _record_text("top")
    path.write_text(text, encoding="utf-8")
    code, _, err = whist(capsys, "play", "--seat", "0", "--save", str(path))
    assert code == 1 and "it is not replaced" in err
    _expect_located(err, "game.json", "seed")
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("duplicate", ["top", "nested"])
def test_the_state_api_refuses_a_duplicate_key(tmp_path, duplicate) -> None:
    path = tmp_path / "game.json"
    path.write_text(_record_text(duplicate), encoding="utf-8")
    with pytest.raises(RuleError, match="duplicate key"):
        read_record(path)


# --- the place named is the second key, whatever the document --------------------------------------

#: Texts a JSON file may hold (a control or bidi character is refused on its own: tests/test_terminal_safety.py).
CHARS = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters=BIDI_CONTROLS)
KEYS = st.text(CHARS, max_size=6)
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text(CHARS, max_size=5))
DOCS = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(DOCS, KEYS, LEAVES, LEAVES, st.integers(0, 3), st.sampled_from([None, 1, 2]), st.booleans())
def test_the_second_key_is_named_at_its_place(doc, key, first, second, depth, indent, in_list) -> None:
    assume(key != "before" and "DUP" not in json.dumps(doc))
    inner = {"before": doc, "\u0000DUP\u0000": None}
    holder: Any = inner
    for _ in range(depth):
        holder = [holder, doc] if in_list else {"k": holder, "doc": doc}
    text = json.dumps(holder, indent=indent, ensure_ascii=bool(indent))
    encoded_key = json.dumps(key, ensure_ascii=bool(indent))
    pair = f"{encoded_key}: {json.dumps(first)}, {encoded_key}: {json.dumps(second)}"
    text = text.replace('"\\u0000DUP\\u0000": null', pair, 1)
    assert pair in text
    with pytest.raises(RuleError) as caught:
        parse_json(text, "doc.json")
    error = caught.value
    assert error.position is not None and error.message.startswith("duplicate key '")
    second_at = text.index(pair) + len(f"{encoded_key}: {json.dumps(first)}, ")
    line_start = text.rfind("\n", 0, second_at) + 1
    assert (error.position.line, error.position.column) == (
        text.count("\n", 0, second_at) + 1,
        second_at - line_start + 1,
    )
    assert error.source_line == text.split("\n")[error.position.line - 1]
    assert f"at line {text.count(chr(10), 0, text.index(pair)) + 1};" in (error.hint or "")
    assert parse_json(text.replace(pair, f"{encoded_key}: {json.dumps(first)}"), "doc.json") is not None
