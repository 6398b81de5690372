"""Whether a partial table of won tricks and cards can be completed: a small max-flow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

# --- the flow check of a partial table ----------------------------------------------------


def _max_flow(capacity: dict[int, dict[int, int]], source: int, sink: int) -> int:
    """Edmonds–Karp on a tiny graph (``capacity`` is changed into the residual graph)."""
    flow = 0
    while True:
        parent = {source: source}
        queue = [source]
        for node in queue:
            for nxt, cap in capacity[node].items():
                if cap > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
            if sink in parent:
                break
        if sink not in parent:
            return flow
        bottleneck, node = None, sink
        while node != source:
            cap = capacity[parent[node]][node]
            bottleneck = cap if bottleneck is None else min(bottleneck, cap)
            node = parent[node]
        assert bottleneck is not None
        node = sink
        while node != source:
            prev = parent[node]
            capacity[prev][node] -= bottleneck
            capacity[node][prev] = capacity[node].get(prev, 0) + bottleneck
            node = prev
        flow += bottleneck


def table_feasible(columns: Sequence[int], totals: Sequence[int | None], cells: Mapping[tuple[int, int], int]) -> bool:
    """Whether a table of whole numbers ≥ 0 exists with these column sums, row sums and known cells.

    A row whose total is None may sum to anything (the column sums still have to be met).
    """
    rows = len(totals)
    left = list(columns)
    known = [0] * rows
    for (row, column), value in cells.items():
        left[column] -= value
        known[row] += value
    if min(left, default=0) < 0:
        return False
    rest = [None if total is None else total - known[row] for row, total in enumerate(totals)]
    if any(r is not None and r < 0 for r in rest):
        return False
    demand = sum(left)
    fixed = sum(r for r in rest if r is not None)
    free = [row for row in range(rows) if rest[row] is None]
    if fixed > demand or (demand > fixed and not free):
        return False
    if not cells:
        return True
    source, pool, sink = 0, 1, 2
    row_node = {row: 3 + row for row in range(rows)}
    column_node = {column: 3 + rows + column for column in range(len(columns))}
    capacity: dict[int, dict[int, int]] = {n: {} for n in range(3 + rows + len(columns))}
    capacity[source][pool] = demand - fixed
    big = demand + 1
    for row in range(rows):
        room = rest[row]
        if room is None:
            capacity[pool][row_node[row]] = big
        else:
            capacity[source][row_node[row]] = room
        for column in range(len(columns)):
            if (row, column) not in cells and left[column]:
                capacity[row_node[row]][column_node[column]] = big
    for column in range(len(columns)):
        if left[column]:
            capacity[column_node[column]][sink] = left[column]
    return _max_flow(capacity, source, sink) == demand
