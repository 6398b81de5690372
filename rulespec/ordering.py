"""The order bids are shown in: by rank (their worth in the auction), lowest first.

Rule files list bids in any order, and a house rule's new bids come after its parent's; every
table, card sheet and bid menu shows them by rank instead, so a new bid of rank 1 stands among
the other bids of rank 1. The sort is stable (bids of one rank keep the order of the files),
and a bid whose rank depends on the combo (``3 or 1``) stands at its lowest rank. The engine's
own order (``RuleSet.bids``) is not changed: only what people read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from rulespec.model import Bid


def rank_key(bid: Bid) -> float:
    """The lowest rank a bid can have; bids without a known number rank last."""
    values = bid.worth.possible_values() if bid.worth is not None else None
    numbers = [v for v in values or () if isinstance(v, int | float) and not isinstance(v, bool)]
    return min(numbers) if numbers else math.inf


def by_rank(bids: Iterable[Bid]) -> list[Bid]:
    """``bids`` ordered by rank, lowest first; bids of one rank in their given order."""
    return sorted(bids, key=rank_key)
