"""``whist play --save S`` and ``--resume S`` treat a file ``S`` alike.

``--save S`` with a save holding a key twice said "not a saved game" (a usage error, exit 2), while
``--resume S`` named the key at its place (exit 1). The class: a file that says it is a save (it
holds the format's name, ``"whist-rules/record"``) but cannot be read as one is a problem in that
file — for both options its located error and exit 1, and ``--save`` leaves it as it was; a file
that plainly is no save is a usage error (exit 2) for both, never replaced.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_record_fuzz import RECORD
from tests.test_translate_cli import whist

TEXT = json.dumps(RECORD, ensure_ascii=False, indent=1)


def _edit(old: str, new: str) -> bytes:
    """The save with its first ``old`` written as ``new`` (which must be there: the case is real)."""
    assert old in TEXT, old
    return TEXT.replace(old, new, 1).encode()


#: Broken saves: (what, the file's bytes, what the error must say, whether it is at a line and column).
BROKEN: list[tuple[str, bytes, str, bool]] = [
    ("a key twice", _edit('\n "seed": ', '\n "seed": 5,\n "seed": '), "duplicate key 'seed'", True),
    ("cut short", TEXT[: len(TEXT) // 2].encode(), "not a JSON record", True),
    ("a stray comma", _edit('"players": 4', '"players": 4,,'), "not a JSON record", True),
    ("a number too long", _edit('"seed": 3', '"seed": 3' + "0" * 5000), "digits", True),
    ("a number too large", _edit('"seed": 3', '"seed": 3' + "0" * 30), "out of range", False),
    ("a value of the wrong kind", _edit('"players": 4', '"players": "four"'), "players", False),
    ("a key missing", json.dumps({k: v for k, v in RECORD.items() if k != "decisions"}).encode(), "decisions", False),
    ("too deep", _edit('"options": {', '"options": {"x": ' + "[" * 40 + "]" * 40 + ","), "nesting", True),
    ("not UTF-8", _edit('"combo-whist"', '"combo-@whist"').replace(b"@", b"\xff"), "not UTF-8", False),
    ("too large", _edit('"options": {', '"options": {"x": "' + "y" * 4_000_000 + '",'), "larger", False),
]

#: Files that are no save at all.
NOT_SAVES: list[tuple[str, bytes]] = [
    ("a rule set", b"ruleset: house\nextends: combo-whist\n"),
    ("notes", b"my notes\n"),
    ("another program's JSON", b'{"format": "something-else/record", "seed": 1}\n'),
    ("a longer format name", b'{"format": "whist-rules/recordx"}'),
    ("bytes", bytes(range(256))),
]

OPTIONS = ["--save", "--resume"]


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize(("what", "content", "said", "at_place"), BROKEN, ids=[case[0] for case in BROKEN])
def test_a_broken_save_is_a_located_file_error_for_both_options(
    tmp_path: Path, capsys, option: str, what: str, content: bytes, said: str, at_place: bool
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    code, out, err = whist(capsys, "play", "--seat", "0", option, str(path))
    assert code == 1, (what, err)
    first = err.splitlines()[0]
    assert said in err and first.startswith(f"{path}:"), err
    if at_place:  # file:line:col, the line and a caret
        assert first.split(": ", 1)[0].count(":") == 2 and "^" in err, err
    else:  # file: $.json.path, or the file's own problem
        assert first.startswith(f"{path}: "), err
    if option == "--save":
        assert f"--save {path}: it is not replaced" in err
    assert path.read_bytes() == content  # never written over
    assert not (tmp_path / "game.json.lock").exists()


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize(("what", "content"), NOT_SAVES, ids=[case[0] for case in NOT_SAVES])
def test_a_file_that_is_no_save_is_a_usage_error_for_both_options(
    tmp_path: Path, capsys, option: str, what: str, content: bytes
) -> None:
    path = tmp_path / "notes.json"
    path.write_bytes(content)
    code, out, err = whist(capsys, "play", "--seat", "0", option, str(path))
    assert code == 2, (what, err)
    assert f"Invalid value for {option}: {path}" in err and "not a saved game" in err, err
    assert path.read_bytes() == content


@pytest.mark.parametrize(("what", "content", "said", "at_place"), BROKEN, ids=[case[0] for case in BROKEN])
def test_both_options_say_the_same(
    tmp_path: Path, capsys, what: str, content: bytes, said: str, at_place: bool
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    said_by = {option: whist(capsys, "play", "--seat", "0", option, str(path)) for option in OPTIONS}
    save, resume = said_by["--save"], said_by["--resume"]
    assert save[0] == resume[0] == 1
    assert save[2].replace(f"\n--save {path}: it is not replaced", "") == resume[2]
