"""The state API's documented examples pass ``mypy --strict`` as a reader's own code would.

A server author copies README's examples (the state API, a table over the network) and
GameState's docstring example, then runs their type checker: ``pending`` is ``Request | None``, and
``while not state.is_over: request = state.pending`` left every use of ``request`` an error, as
did ``interpreter/located.py`` itself (a decorator's wrapper mypy could not match). The examples
are checked here the way the README says to (MYPYPATH at the repository, the package's own
modules checked strictly too, as a reader's mypy follows the imports into them).
"""

from __future__ import annotations

import inspect
import re
import textwrap
from pathlib import Path

import pytest

from interpreter.gamestate import GameState

ROOT = Path(__file__).resolve().parent.parent


def _examples() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    api = readme[readme.index("## The state API") : readme.index("### Inside")]
    blocks = re.findall(r"```python\n(.*?)```", api, re.S)
    after = (inspect.getdoc(GameState) or "").split("::\n", 1)[1].splitlines()
    lines = after[: next(i for i, line in enumerate(after) if line and line[0] != " ")]
    example = textwrap.dedent("\n".join(lines))
    return {
        **{f"readme_{i}.py": block for i, block in enumerate(blocks)},
        "gamestate_doc.py": 'name = "combo-whist"\n' + example,
    }


def test_the_examples_are_the_ones_documented() -> None:
    examples = _examples()
    assert len(examples) == 3 and "while (request := state.pending) is not None" in examples["gamestate_doc.py"]
    assert all("state.pending" in code and "state.apply(" in code for code in examples.values())


def test_the_documented_examples_pass_mypy_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = pytest.importorskip("mypy.api")
    for name, code in _examples().items():
        (tmp_path / name).write_text(code, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # (no project config: --strict alone)
    monkeypatch.setenv("MYPYPATH", str(ROOT))
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), *sorted(_examples())])
    assert status == 0, out + err
