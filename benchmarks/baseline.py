"""The code as it was at an earlier commit, for a benchmark's baseline measured in the same run.

A frozen copy of old code kept in the tree would be a second implementation to keep alive; instead
the baseline is taken from git history: ``git archive REV`` unpacked into a temporary folder, and
the same small measuring script run alternately in that tree and in this one (each in its own
process, so the two never share a module).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def unpack(revision: str, into: Path) -> Path:
    """The tree of ``revision`` unpacked under ``into`` (its Python files are what a run imports)."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", revision], capture_output=True, check=True
    ).stdout
    tree = into / revision
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def run_in(tree: Path, script: str, argument: dict[str, Any]) -> dict[str, Any]:
    """Run ``script`` (Python source reading a JSON argument from ``sys.argv[1]`` and printing a JSON
    result on its last line) with ``tree`` first on the import path; its result."""
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{script}", json.dumps(argument)],
        capture_output=True,
        text=True,
        cwd=tree,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the run in {tree} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def temporary_folder() -> tempfile.TemporaryDirectory[str]:
    """Where baselines are unpacked (removed when the benchmark ends)."""
    return tempfile.TemporaryDirectory(prefix="whist-baseline-")
