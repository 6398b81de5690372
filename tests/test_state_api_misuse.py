"""The state API as a developer misuses it: switches passed by position, records from anywhere, a
result read before ``is_over``.

- ``state.apply(card, seat)`` once turned the answer's check off (``apply``'s second positional
  parameter was a driver's switch): a bad card then broke the game. Every switch and option of the
  public methods of :class:`GameState`, :class:`Game` and :class:`Deal` is keyword-only now, and an
  answer applied wrongly in any way leaves the state exactly as it was.
- ``state_from_record(record)`` read whatever file a record named and echoed its first line, and a
  record of the wrong shape was a TypeError or KeyError from deep inside. A record passed as data is
  checked as a file is, and names a bundled rule set only (a path needs ``path=``).
- ``state.result`` is there as soon as the last answer is applied, whether ``is_over`` was asked or not.
"""

from __future__ import annotations

import copy
import inspect
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fuzz_helpers import junk_leaves
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from table_helpers import TABLES, beside, everything, new_table, players, ref, step

from interpreter.agents import RandomAgent
from interpreter.deal import Deal
from interpreter.decisions import IllegalDecision
from interpreter.game import Game
from interpreter.gamestate import GameState
from interpreter.recordcheck import RecordError
from interpreter.records import state_from_record, to_record, write_record
from rulespec import load_ruleset

tables = st.sampled_from(sorted(TABLES))


@pytest.mark.parametrize("cls", [GameState, Game, Deal])
def test_every_switch_and_option_of_a_public_method_is_named(cls: type) -> None:
    """Only what every call gives (the answer, the seat to view, the rules) may go by position: an
    optional parameter passed by position is a switch turned on by mistake. (A constructor's ``seed``
    is the one optional setting a game is known by.)"""
    checked = 0
    for name, member in inspect.getmembers(cls, callable):
        if name.startswith("_") and not (name == "__init__" and cls is not Deal):  # (a deal is made by its game)
            continue
        for parameter in inspect.signature(member).parameters.values():
            if parameter.default is inspect.Parameter.empty or (name == "__init__" and parameter.name == "seed"):
                continue
            checked += 1
            assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, f"{cls.__name__}.{name}({parameter.name})"
    assert checked >= 2


def test_a_drivers_switch_is_private_and_cannot_be_given_by_position() -> None:
    state = new_table("combo-whist", 3)
    parameters = inspect.signature(GameState.apply).parameters
    assert [p.name for p in parameters.values() if p.kind is not inspect.Parameter.KEYWORD_ONLY] == ["self", "answer"]
    assert all(
        p.name in ("seat", "decision") or p.name.startswith("_")
        for p in parameters.values()
        if p.default is not p.empty
    )
    before = everything(state)
    with pytest.raises(TypeError):
        state.apply("ZZ", True)  # type: ignore[misc]  # (the explorer's call: once the check was off)
    with pytest.raises(TypeError):
        state.apply("ZZ", validated=True)  # type: ignore[call-arg]
    assert everything(state) == before


#: Ways of getting an answer wrong: (positional extras, keywords), the answer itself drawn apart.
wrong_ways = st.one_of(
    st.tuples(st.just(()), st.fixed_dictionaries({})),
    st.tuples(st.tuples(st.sampled_from([0, 1, True, None, "0"])), st.fixed_dictionaries({})),
    st.tuples(st.just(()), st.fixed_dictionaries({"seat": st.sampled_from([-1, 1, 2, 3, 7, "0", True, 0.0])})),
    st.tuples(st.just(()), st.fixed_dictionaries({"decision": st.sampled_from([-1, 0, 10**6, "1", True, 1.0])})),
    st.tuples(st.just(()), st.fixed_dictionaries({"validated": st.just(True)})),
)
answers = (
    st.none()
    | st.sampled_from(["ZZ", "AS", "2C", "10H", "hearts", "", "pass", 0, 1, 5, -1, True])
    | st.lists(st.sampled_from(["AS", "KS", "QS", 1]), max_size=4)
    | st.frozensets(st.sampled_from(["AS", "KS", "QS"]), max_size=3)
    | st.dictionaries(st.sampled_from(["standard", "specials"]), st.sampled_from(["trump", ["mail"], 3]), max_size=2)
)


@settings(derandomize=True, max_examples=120, deadline=None)
@given(name=tables, seed=st.integers(0, 5_000), at=st.integers(0, 200), way=wrong_ways, answer=answers, data=st.data())
def test_an_answer_applied_wrongly_in_any_way_leaves_the_state_as_it_was(
    name: str, seed: int, at: int, way: tuple[tuple[Any, ...], dict[str, Any]], answer: Any, data: st.DataObject
) -> None:
    state = new_table(name, seed)
    step(state, players(state, seed), at)
    request = state.pending
    if request is None:
        return
    extra, keywords = way
    if data.draw(st.booleans()) and request.options:
        answer = data.draw(st.sampled_from(request.options))  # a legal answer, given wrongly
    if "seat" in keywords and keywords["seat"] == request.seat:
        keywords = {"seat": request.seat + 1}
    if "decision" in keywords and keywords["decision"] == state.decision_number:
        keywords = {"decision": state.decision_number + 1}
    clone = state.clone()
    before, record = everything(state), json.dumps(to_record(state, ref(name)))
    try:
        state.apply(answer, *extra, **keywords)
    except (IllegalDecision, TypeError):
        assert everything(state) == before == everything(clone)
        assert json.dumps(to_record(state, ref(name))) == record
        assert everything(state_from_record(json.loads(record), path=beside(name))) == before  # (read back whole)
    else:  # only a legal answer, given plainly, is taken
        assert not extra and not keywords
        assert len(state.decisions) == len(clone.decisions) + 1 and state.decisions[-1]["seat"] == request.seat


# -- records from anywhere

GOOD = json.loads(json.dumps(to_record(step_to := new_table("combo-whist", 3), "combo-whist")))
step(step_to, players(step_to, 3), 12)
PLAYED = json.loads(json.dumps(to_record(step_to, "combo-whist")))
SECRET = Path(__file__).read_text(encoding="utf-8").splitlines()[0]  # a file's first line, never said back

python_junk = st.recursive(
    junk_leaves(["4", "x", "/etc/passwd", "../../etc", str(Path(__file__)), "passwd", "combo-whist@0.1"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner)
        | st.frozensets(st.integers(0, 3), max_size=2)
        | st.dictionaries(st.sampled_from(["seat", "answer", "kind", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)


def _malformed(base: dict[str, Any], how: str, key: str, value: Any, index: int) -> Any:
    record = copy.deepcopy(base)
    if how == "drop":
        record.pop(key, None)
    elif how == "set":
        record[key] = value
    elif how == "decision" and record["decisions"]:
        record["decisions"][index % len(record["decisions"])] = value
    elif how == "decision field" and record["decisions"]:
        record["decisions"][index % len(record["decisions"])][key] = value
    elif how == "whole":
        return value
    return record


#: Where a server would keep a record it passes with ``path=`` (in the repository: nothing outside it is read).
RECORD_FILE = Path(__file__).parent / "data" / "table-record.json"


@settings(derandomize=True, max_examples=200, deadline=None)
@given(
    how=st.sampled_from(["drop", "set", "decision", "decision field", "whole"]),
    key=st.sampled_from([*sorted(PLAYED), "seat", "answer"]),
    value=python_junk,
    index=st.integers(0, 50),
    played=st.booleans(),
    with_path=st.booleans(),
)
def test_a_malformed_record_is_a_value_error_that_names_the_field(
    how: str, key: str, value: Any, index: int, played: bool, with_path: bool
) -> None:
    """With ``path=`` or without, a record of the wrong shape is refused at its field (``path=`` once
    let ``players: "4"`` through to a TypeError, and ``seed: 5.0`` be taken)."""
    # (with path= a rule set named by a path is read: only the record's own junk elsewhere, then)
    assume(not (with_path and how == "set" and key == "ruleset"))
    record = _malformed(PLAYED if played else GOOD, how, key, value, index)
    where = RECORD_FILE if with_path else None
    try:
        state = state_from_record(record, path=where)
    except RecordError as error:  # its shape, or what it says against the rules: at its JSON path
        assert str(error).startswith(f"{where or 'record'}: $") and SECRET not in str(error)
        if how == "drop" and key in ("format", "ruleset", "players", "seed", "decisions", "deals"):
            assert f"'{key}' is a required property" in str(error)
        elif how == "set" and isinstance(value, str) and "/" in value and not with_path:
            assert "path=" in str(error)
    except ValueError as error:  # a recorded decision the game refuses: said with its number
        assert str(error).startswith("decision ") and SECRET not in str(error)
    else:
        assert isinstance(state, GameState)


@pytest.mark.parametrize("where", [None, RECORD_FILE])
@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("players", "4", "is not of type 'integer'"),
        ("seed", 5.0, "is not of type 'integer'"),
        ("seed", float("nan"), "not finite"),
        ("ruleset_id", None, "is not of type 'string'"),
        ("options", [1, 2], "is not of type 'object'"),
        ("options", "deep", "nested more than"),
    ],
)
def test_a_record_is_checked_alike_with_path_and_without(where: Path | None, field: str, value: Any, said: str) -> None:
    if value == "deep":  # (Python data nested past any depth a file may have: once a RecursionError)
        value = nested = {}
        for _ in range(5_000):
            nested["x"] = nested = {}
    with pytest.raises(RecordError, match=rf"^{re.escape(str(where or 'record'))}: \$\.{field}") as refused:
        state_from_record({**GOOD, field: value}, path=where)
    assert said in str(refused.value)


@pytest.mark.parametrize("named", ["/etc/passwd", "../../etc", str(Path(__file__)), "tests/data/half-points.yaml"])
def test_a_record_without_path_reads_no_file_it_names(named: str) -> None:
    with pytest.raises(RecordError, match=r"^record: \$\.ruleset: .* is a path, and no path= says where") as refused:
        state_from_record({**GOOD, "ruleset": named})
    assert SECRET not in str(refused.value) and "pass path=" in str(refused.value)


def test_a_record_whose_rule_set_is_a_file_is_read_with_path() -> None:
    state = new_table("half-points", 2)
    step(state, players(state, 2), 9)
    record = to_record(state, ref("half-points"))
    assert everything(state_from_record(record, path=beside("half-points"))) == everything(state)


def test_a_bundled_name_is_never_taken_for_a_file_of_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house").write_text("name: house\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"^record: \$\.ruleset: unknown rule set 'house'"):
        state_from_record({**GOOD, "ruleset": "house"})


# -- the result


@pytest.mark.parametrize(("ruleset", "players_", "max_deals"), [("combo-whist", 4, 2), ("christmas-whist", 2, 50)])
def test_the_result_is_there_once_the_last_answer_is_applied(ruleset: str, players_: int, max_deals: int) -> None:
    """Unfinished at the deal cap (Combo Whist, two deals) or at a match's end: ``result`` is read
    first, never ``is_over`` or ``pending`` (which once had to run the game on to set it)."""
    state = GameState(load_ruleset(ruleset), players_, seed=4, max_deals=max_deals)
    agents = players(state, 4)
    while (request := state.pending) is not None:
        state.apply(agents[request.seat].decide(request, state.view(request.seat)))
        assert (state.result is not None) == state.clone().is_over  # (asked of a copy: the state is not run on)
    assert state.result is not None and state.result.deals == len(state.deal_records) <= max_deals
    assert state.result.reason == ("unfinished" if ruleset == "combo-whist" else "match")


# -- what a developer's tools read


def test_the_packages_say_they_are_typed_and_ship_it() -> None:
    """PEP 561: without ``py.typed`` in the installed package, mypy ignores every hint we write."""
    root = Path(__file__).resolve().parents[1]
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    for package in ("rulespec", "interpreter", "whist"):
        assert (root / package / "py.typed").is_file() and "py.typed" in data[package], package
    assert "*.json" in data["interpreter"]  # (the record and scenario schemas it reads)


def test_the_examples_seed_their_agents_by_name() -> None:
    """``RandomAgent(seat)`` read as if the agent knew its seat; the parameter is the seed."""
    root = Path(__file__).resolve().parents[1]
    for path in (root / "README.md", root / "interpreter" / "__init__.py"):
        calls = re.findall(r"RandomAgent\(([^)]*)\)", path.read_text(encoding="utf-8"))
        assert calls and all(call.startswith("seed=") for call in calls), (path.name, calls)
    assert list(inspect.signature(RandomAgent).parameters)[0] == "seed"


def test_a_record_written_to_a_missing_folder_names_that_path(tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "game.json"
    with pytest.raises(OSError) as failed:
        write_record(GOOD, target)
    assert failed.value.filename == str(target) and str(target) in str(failed.value)
    assert not (tmp_path / "no such folder").exists()


@pytest.mark.parametrize("path", [None, "tests/data/record.json"])
def test_a_records_rule_set_id_never_names_a_file_to_read(path: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ruleset_id`` picks the bundled version a save was made with (``NAME@VERSION``); one written
    as ``combo-whist@/../../x.yaml`` was loaded as a path."""
    import rulespec

    asked: list[str] = []
    load = rulespec.load_ruleset
    monkeypatch.setattr(
        "interpreter.recordcheck.load_ruleset", lambda ref, *a, **k: asked.append(str(ref)) or load(ref, *a, **k)
    )
    record = {**GOOD, "ruleset_id": "combo-whist@/../../../../../../tmp/x.yaml"}
    with pytest.raises(RecordError, match=r"\$\.ruleset_id: the record is of"):
        state_from_record(record, path=None if path is None else Path(path))
    assert asked == ["combo-whist"]
