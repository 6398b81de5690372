"""Property over seeds and player counts: the record of any game, finished or not, survives the
file round trip and replays with no difference.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from interpreter_helpers import (
    PASSING_BIDS,
    PLAYER_COUNTS,
    RULESET_REF,
    SEEDS,
    VISIBILITY_BIDS,
    property_settings,
    run_game,
)

from interpreter import records

# --- replay ----------------------------------------------------------------------------


def test_replay_of_any_record_is_identical() -> None:
    seen: Counter[str] = Counter()

    @property_settings(40)
    @given(seed=SEEDS, players=PLAYER_COUNTS, target=st.sampled_from((None, *VISIBILITY_BIDS, *PASSING_BIDS)))
    def check(seed: int, players: int, target: str | None) -> None:
        game = run_game(players, seed, target, max_deals=12)
        record = records.to_record(game, RULESET_REF)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "game.json"
            records.write_record(record, path)
            read = records.read_record(path)
        assert read == json.loads(json.dumps(record))
        assert records.replay(read) == []
        seen["finished" if game.result is not None else "in progress"] += 1

    check()
    assert seen["finished"] > 0 and seen["in progress"] > 0, seen
