"""Random JSON records never crash ``whist replay``: it ends with 0 or 1 and a message, never a traceback.

Records are made by mutating a real record (a value anywhere replaced by random JSON, a key
removed, the document wrapped or nested) and by random JSON documents, then given to the real
command's entry point in the same process (so hypothesis can try many).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.agents import RandomAgent
from interpreter.game import Game
from interpreter.records import to_record
from rulespec import load_ruleset
from whist.cli import main


def _real_record() -> dict[str, Any]:
    rules = load_ruleset("combo-whist")
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=3, max_deals=1)
    game.run()
    return json.loads(json.dumps(to_record(game, "combo-whist")))


RECORD = _real_record()

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**15), 10**15),
    st.sampled_from([0, 1, 3, 4, 12, 13, 99, -1, 10**40, 2**63]),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["combo-whist", "christmas-whist", "../x.yaml", "/etc/passwd", "AS", "H", "bid", "play", ""]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value[:30]):  # the first plays are enough to reach every kind
            out.extend(_paths(item, (*prefix, i)))
    return out


ALL_PATHS = _paths(RECORD)


@st.composite
def records(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from(["replace", "replace", "remove", "random"]))
    if kind == "random":
        return draw(JSON)
    record = copy.deepcopy(RECORD)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(ALL_PATHS[1:]))
        parent = record
        try:
            for part in where[:-1]:
                parent = parent[part]
            if kind == "remove" and isinstance(parent, dict):
                parent.pop(where[-1], None)
            else:
                parent[where[-1]] = draw(JSON)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed the place
    return record


def _replay(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(["replay", str(path)])
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue() + err.getvalue()


@settings(
    derandomize=True, max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(record=records())
def test_random_records_never_crash_replay(tmp_path: Path, record: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, output = _replay(path)  # any exception but SystemExit fails the test
    assert code in (0, 1), output
    assert output.strip()  # it says something: no difference, or what is wrong
    if code == 1:
        assert "game.json" in output or "replay stopped" in output or "difference" in output, output


def test_the_real_record_replays() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(RECORD), encoding="utf-8")
        assert _replay(path) == (0, f"{path}: replayed, no difference\n")
