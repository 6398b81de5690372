"""Run one command of the hostile corpus and measure it: ``python hostile_runner.py SPEC``.

``tests/test_hostile.py`` starts this small program, which starts the command. Why not start the
command directly: a process's peak resident memory (``ru_maxrss``) counts the memory of the
process it was forked from until it starts the new program, so a command started by a pytest
that has grown to 300 MB would be measured at 300 MB, whatever it took itself. Forked from this
fresh interpreter instead, it starts at a few megabytes.

SPEC is JSON: ``args``, ``stdin`` (text), ``cwd``, ``env``, ``out`` and ``err`` (files for the
command's output), ``time_limit`` (seconds) and ``memory_limit`` (bytes of address space). It
prints JSON: ``code`` (the exit status, or null when the time limit killed it) and ``rss`` (the
command's peak resident memory, in bytes).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
from typing import Any


def run(spec: dict[str, Any]) -> dict[str, Any]:
    """Run the command ``spec`` describes; its exit status and peak resident memory."""
    stdin = spec["stdin"].encode("utf-8")
    assert len(stdin) < 65_536, "stdin must fit a pipe's buffer (it is written before the command runs)"
    read_end, write_end = os.pipe()  # a pipe, as a shell gives it: never a regular file
    os.write(write_end, stdin)
    os.close(write_end)
    limit = int(spec["memory_limit"])

    def limit_memory() -> None:  # runs in the child before the command starts
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with open(spec["out"], "wb") as out, open(spec["err"], "wb") as err:
        try:
            proc = subprocess.Popen(
                spec["args"], stdin=read_end, stdout=out, stderr=err, cwd=spec["cwd"], env=spec["env"],
                preexec_fn=limit_memory,
            )  # fmt: skip
        finally:
            os.close(read_end)
        killed = threading.Event()
        timer = threading.Timer(spec["time_limit"], lambda: (killed.set(), proc.kill()))
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = code = os.waitstatus_to_exitcode(status)  # (reaped here, not by Popen)
    rss = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)  # bytes on macOS, kB elsewhere
    return {"code": None if killed.is_set() else code, "rss": rss}


if __name__ == "__main__":
    print(json.dumps(run(json.loads(sys.argv[1]))))
