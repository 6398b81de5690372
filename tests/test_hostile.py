"""The corpus of hostile files: every case runs the real ``whist`` command, within limits.

Each folder ``tests/hostile/<case>/`` holds the input files and ``case.yaml``::

    args: [check, "{dir}/house.yaml"]   # whist's arguments; {dir}: the case folder (a copy)
    exit: 1
    stderr: ["house.yaml:3:9", "unknown placeholder"]   # substrings that must appear
    stdout: []                           # optional, the same for stdout
    absent: ["root:x:"]                  # optional: substrings that must NOT appear anywhere
    env: {}                              # optional extra environment ({dir} is replaced too)
    stdin: ""                            # optional
    cwd: "{dir}"                         # optional: where the command runs (default: the case folder)
    generate: nine_big_files             # optional: a generator below adds big or special files
    max_rss_mb: 200                      # optional: the most resident memory the run may take

The case folder is copied to a temporary folder first. Beside the copy lies ``secret.txt``
holding a random canary, and the environment variable ``WHIST_CANARY`` holds another: neither
may ever appear in the output. Every run must also end within :data:`TIME_LIMIT` seconds and
:data:`MEMORY_LIMIT` bytes of address space and :data:`MAX_RSS_MB` megabytes of resident memory, with
no traceback and no escape or C1 control character in its output.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

CASES = Path(__file__).parent / "hostile"
TIME_LIMIT = 10
MEMORY_LIMIT = 1 << 30
ROOT = Path(__file__).resolve().parent.parent


#: The most resident memory one run may reach, whatever the file (whist itself takes about 30 MB;
#: a record at the limits about 120 MB). A case may set its own ``max_rss_mb``.
MAX_RSS_MB = 200


RUNNER = Path(__file__).parent / "hostile_runner.py"


def _run(args: list[str], stdin: bytes, cwd: str, env: dict[str, str]) -> tuple[int | None, bytes, bytes, int]:
    """Run ``args``: (exit status or None after :data:`TIME_LIMIT`, stdout, stderr, peak resident
    bytes of the command), through ``hostile_runner.py`` (whose docstring says why)."""
    with tempfile.TemporaryDirectory() as folder:
        out, err = Path(folder) / "out", Path(folder) / "err"
        spec = {
            "args": args,
            "stdin": stdin.decode("utf-8"),
            "cwd": cwd,
            "env": env,
            "out": str(out),
            "err": str(err),
            "time_limit": TIME_LIMIT,
            "memory_limit": MEMORY_LIMIT,
        }
        runner = subprocess.run(
            [sys.executable, str(RUNNER), json.dumps(spec)], capture_output=True, text=True, timeout=TIME_LIMIT + 60
        )
        assert runner.returncode == 0, runner.stderr
        result = json.loads(runner.stdout)
        return result["code"], out.read_bytes(), err.read_bytes(), result["rss"]


# --- generators: files too big, or too special, to commit ----------------------------------


def _nine_big_files(folder: Path) -> None:
    big = folder / "big"
    big.mkdir()
    line = "# " + "x" * 76 + "\n"
    for i in range(9):
        (big / f"part{i}.yaml").write_text("ruleset: big\n" + line * 13_000, encoding="utf-8")


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "pipe.yaml")


def _link_out(folder: Path) -> None:
    (folder / "rules").mkdir(exist_ok=True)
    os.symlink(folder.parent / "secret.txt", folder / "rules" / "evil.yaml")


def _locale_link_out(folder: Path) -> None:
    (folder / "locales" / "en").mkdir(parents=True)
    os.symlink(folder.parent / "secret.txt", folder / "locales" / "en" / "house.yaml")


def _base60(folder: Path) -> None:
    number = ":".join(["59"] * 60_000)  # 180 kB: converting it would take minutes
    (folder / "house.yaml").write_text(f"ruleset: house\nextends: combo-whist\ngame:\n  params:\n    n: {number}\n")


def _alias_bytes(folder: Path) -> None:
    text = "x" * 200_000
    aliases = ", ".join(["*big"] * 3000)  # 600 MB of text once expanded
    (folder / "house.yaml").write_text(f'ruleset: house\nextends: combo-whist\nz: &big "{text}"\nq: [{aliases}]\n')


def _deep_record(folder: Path) -> None:
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)


def _record_shapes(folder: Path) -> None:
    """Records just under the byte limit made of what costs Python most memory per byte."""
    head = '{"format": "whist-rules/record", "format_version": 1, "ruleset": "combo-whist", "x": '
    room = 3_990_000 - len(head)
    shapes = {
        "lists": "[" + ",".join(["[]"] * (room // 3)) + "]",  # 1.3 million lists: once 450 MB
        "objects": "[" + ",".join(['{"a":1}'] * 249_000) + "]",  # just within the count of values
        "numbers": "[" + ",".join(["1.5"] * (room // 4)) + "]",
        "keys": "{" + ",".join(f'"{i}":0' for i in range(room // 10)) + "}",
        "escapes": '"' + '\\"' * (room // 2),  # unterminated: every quote could start a string
        "string": '"' + "x" * room + '"',
    }
    for name, body in shapes.items():
        (folder / f"{name}.json").write_text(head + body + "}", encoding="utf-8")


def _wide_yaml(folder: Path) -> None:
    """YAML files just under the byte limit made of many small values: a scenario, a locale."""
    lists = "[" + ",".join(["[]"] * 80_000) + "]"
    (folder / "scenario.yaml").write_text(f"ruleset: combo-whist\nplayers: 4\nx: {lists}\n", encoding="utf-8")
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "house.yaml").write_text("ruleset: house\nextends: combo-whist\n", encoding="utf-8")
    (folder / "locales" / "en" / "house.yaml").write_text(f"x: {lists}\n", encoding="utf-8")


def _many_bids(folder: Path) -> None:
    """A house rule of 2,000 new bids, none with a text (each warning was located by reading every
    rule file again: five minutes)."""
    bids = "".join(f"  - {{id: b{i}, kind: special, worth: 1, requires: declarer.tricks > 0}}\n" for i in range(2000))
    (folder / "house.yaml").write_text(
        f"ruleset: house\nversion: '1'\nextends: combo-whist\nbids:\n{bids}", encoding="utf-8"
    )


def _po_files(folder: Path) -> None:
    """PO files for ``translate import``: a named pipe, one whose text is the path of the secret,
    and one just under the byte limit made of the smallest entries."""
    os.mkfifo(folder / "pipe.po")
    (folder / "path.po").write_text(str(folder.parent / "secret.txt"), encoding="utf-8")
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: sv\\n"\n\n'
    entries = "".join(f'msgid "{i}"\nmsgstr ""\n\n' for i in range(1_990_000 // 26))
    (folder / "small.po").write_text(header + entries, encoding="utf-8")


def _huge_record(folder: Path) -> None:
    with open(folder / "huge.json", "wb") as handle:  # sparse: nothing is written
        handle.truncate(70_000_000)


def _record(folder: Path, ruleset: str = "combo-whist", deals: int = 1) -> dict[str, Any]:
    """A real record of a short game (seeded random agents), made by the project's own code."""
    from interpreter.agents import RandomAgent
    from interpreter.game import Game
    from interpreter.recordcheck import absolute_ref, ruleset_digest
    from interpreter.records import to_record
    from rulespec import load_ruleset

    rules = load_ruleset(absolute_ref(ruleset, folder / "game.json"))
    game = Game(rules, [RandomAgent(seat) for seat in range(4)], seed=7, max_deals=deals)
    game.run()
    return to_record(game, ruleset, {"human_seat": 0, "ruleset_digest": ruleset_digest(rules)})


def _write(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record), encoding="utf-8")


def _save_beside_house(folder: Path) -> None:
    """A save naming its rule set relative to its own folder (resumed from another folder)."""
    _write(folder / "saves" / "game.json", _record(folder / "saves", "house.yaml"))


def _illegal_play(folder: Path) -> None:
    record = _record(folder)
    index = next(i for i, d in enumerate(record["decisions"]) if d["kind"] == "play")
    hand = record["deals"][0]["hands"][str(record["decisions"][index]["seat"])]
    record["decisions"][index]["answer"] = next(c for c in ("2C", "3C", "4C", "5C", "6C") if c not in hand)
    _write(folder / "game.json", record)


def _old_save_not_fitting(folder: Path) -> None:
    """A save without a fingerprint whose decisions the rule set refuses now."""
    _illegal_play(folder)
    record = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del record["ruleset_digest"]
    _write(folder / "save.json", record)


def _save(folder: Path) -> None:
    _write(folder / "save.json", _record(folder))


def _save_changed_rules(folder: Path) -> None:
    record = _record(folder)
    record["ruleset_digest"] = "0" * 16
    _write(folder / "save.json", record)


def _save_naming_code(folder: Path) -> None:
    """A save whose agents name a module beside it (on PYTHONPATH in the case), which says so loudly
    when imported: a save may never choose code to run."""
    record = _record(folder)
    record["agents"] = "random/python:whist_probe:Evil/random"
    _write(folder / "save.json", record)
    (folder / "whist_probe.py").write_text('print("PROBE IMPORTED")\nraise SystemExit(0)\n', encoding="utf-8")


GENERATORS: dict[str, Callable[[Path], None]] = {
    "nine_big_files": _nine_big_files,
    "fifo": _fifo,
    "link_out": _link_out,
    "locale_link_out": _locale_link_out,
    "base60": _base60,
    "alias_bytes": _alias_bytes,
    "deep_record": _deep_record,
    "huge_record": _huge_record,
    "record_shapes": _record_shapes,
    "wide_yaml": _wide_yaml,
    "many_bids": _many_bids,
    "po_files": _po_files,
    "save_beside_house": _save_beside_house,
    "illegal_play": _illegal_play,
    "save": _save,
    "old_save_not_fitting": _old_save_not_fitting,
    "save_changed_rules": _save_changed_rules,
    "save_naming_code": _save_naming_code,
}


# --- the test ------------------------------------------------------------------------------


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "case.yaml").is_file()) if CASES.is_dir() else []


def _controls(text: str) -> list[str]:
    """Escape and C1 control characters (also C1 bytes that were not UTF-8)."""
    bad = []
    for ch in text:
        code = ord(ch)
        if code == 0x1B or 0x80 <= code <= 0x9F or 0xDC80 <= code <= 0xDC9F or code == 0x9B:
            bad.append(f"U+{code:04X}")
    return bad


def test_the_corpus_is_there() -> None:
    assert len(_cases()) >= 20
    for case in _cases():
        spec = yaml.safe_load((case / "case.yaml").read_text(encoding="utf-8"))
        assert isinstance(spec.get("args"), list) and isinstance(spec.get("exit"), int), case.name
        assert spec.get("generate") is None or spec["generate"] in GENERATORS, case.name


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name)
def test_hostile_case(case: Path, tmp_path: Path) -> None:
    spec = yaml.safe_load((case / "case.yaml").read_text(encoding="utf-8"))
    run_case(case, spec, tmp_path)


def test_the_harness_sees_a_leaked_canary(tmp_path: Path) -> None:
    """The user may name any file (here the secret itself): its line is shown, and the harness must notice."""
    (tmp_path / "empty").mkdir()
    spec = {"args": ["check", "{secret}"], "exit": 1}
    with pytest.raises(AssertionError, match="a secret reached the output"):
        run_case(tmp_path / "empty", spec, tmp_path / "run")


def run_case(case: Path, spec: dict[str, Any], tmp_path: Path) -> None:
    """Run one case as described in the module's docstring; fail on any broken promise."""
    work = tmp_path / "case"
    shutil.copytree(case, work, symlinks=True)
    file_canary = "FILECANARY" + secrets.token_hex(12)
    env_canary = "ENVCANARY" + secrets.token_hex(12)
    (tmp_path / "secret.txt").write_text(f"{file_canary}\nsecret: {file_canary}\n", encoding="utf-8")
    if spec.get("generate"):
        GENERATORS[spec["generate"]](work)

    def fill(text: Any) -> str:
        return str(text).replace("{dir}", str(work)).replace("{secret}", str(tmp_path / "secret.txt"))

    env = {k: v for k, v in os.environ.items() if not k.startswith("WHIST_")}
    env.update(WHIST_CANARY=env_canary, PYTHONPATH=str(ROOT), COLUMNS="100", LANG="C.UTF-8", WHIST_LANG="en")
    env.update({k: fill(v) for k, v in (spec.get("env") or {}).items()})
    returncode, out, err, rss = _run(
        [sys.executable, "-m", "whist", *(fill(a) for a in spec["args"])],
        spec.get("stdin", "").encode("utf-8"),
        fill(spec.get("cwd", "{dir}")),
        env,
    )
    if returncode is None:
        pytest.fail(f"{case.name}: whist ran longer than {TIME_LIMIT} s")
    proc = subprocess.CompletedProcess(spec["args"], returncode, out, err)
    stdout = proc.stdout.decode("utf-8", "surrogateescape")
    stderr = proc.stderr.decode("utf-8", "surrogateescape")
    shown = f"\n--- stdout:\n{stdout[:3000]}\n--- stderr:\n{stderr[:3000]}"
    assert proc.returncode == spec["exit"], f"exit {proc.returncode}, expected {spec['exit']}{shown}"
    limit = spec.get("max_rss_mb", MAX_RSS_MB)
    assert rss <= limit * 1024 * 1024, f"whist's memory peaked at {rss >> 20} MB (at most {limit} MB){shown}"
    for part in spec.get("stderr") or []:
        assert fill(part) in stderr, f"missing on stderr: {part!r}{shown}"
    for part in spec.get("stdout") or []:
        assert fill(part) in stdout, f"missing on stdout: {part!r}{shown}"
    both = stdout + stderr
    assert "Traceback" not in both, shown
    assert not _controls(both), f"control characters in the output: {_controls(both)[:5]}{shown}"
    assert file_canary not in both and env_canary not in both, f"a secret reached the output{shown}"
    for part in spec.get("absent") or []:
        assert fill(part) not in both, f"must not appear: {part!r}{shown}"
