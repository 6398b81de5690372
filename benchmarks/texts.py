"""How long the commands that check texts take, beside the code at a baseline commit in the same run.

``whist check`` of a bundled rule set checks its texts in every language it has, and ``whist
translate check`` every rule set's texts in one language: each text's placeholders against what
its key may use. Both once looked at the bundled rule files and read the English ``ui.yaml`` again
for every text (about 2,000 texts a check, 14,500 for ``translate check``).

Run: python benchmarks/texts.py [--runs N] [--baseline COMMIT]
Prints each command's CPU time (median of N runs, each in a fresh process, alternating between the
two trees) in this tree and at the baseline.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.baseline import REPO, run_in, temporary_folder, unpack  # noqa: E402

#: The commit before the text checks asked each question once per check instead of once per text.
DEFAULT_BASELINE = "dd3cdd8"

COMMANDS = {
    "whist check combo-whist": ["check", "combo-whist"],
    "whist translate check sv": ["translate", "check", "sv"],
}

# Imports first (paid by every command alike), then the command alone, in CPU time of the process.
_SCRIPT = """
import contextlib, io, json, time
from whist.cli import main
args = json.loads(sys.argv[1])["args"]
sink = io.StringIO()
cpu = time.process_time()
with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
    try:
        main(args)
    except SystemExit:
        pass
print(json.dumps({"cpu": time.process_time() - cpu}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per command and tree (default 5)")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help=f"the commit to compare with ({DEFAULT_BASELINE})")
    args = parser.parse_args()
    with temporary_folder() as folder:
        old = unpack(args.baseline, Path(folder))
        for name, command in COMMANDS.items():
            now: list[float] = []
            then: list[float] = []
            for _ in range(args.runs):
                now.append(run_in(REPO, _SCRIPT, {"args": command})["cpu"])
                then.append(run_in(old, _SCRIPT, {"args": command})["cpu"])
            a, b = 1000 * statistics.median(now), 1000 * statistics.median(then)
            print(f"{name}: {a:,.0f} ms of CPU time, {b:,.0f} ms at {args.baseline} ({b / a:.1f}x as long)")


if __name__ == "__main__":
    main()
