"""Who sits where: ``--agents`` as one agent for every seat, or one agent per seat parted by ``/``.

``heuristic`` puts a heuristic agent at every seat; ``heuristic/random/random/random`` puts one at
seat 0 and random agents at the three others. A search agent's budget is written with commas
(``search:samples=8,rollouts=4``), so commas cannot part the seats as well:
``search:samples=8,rollouts=4,heuristic,random`` could be read more than one way. A list written
with commas is refused, and the refusal shows it written with ``/``.
"""

from __future__ import annotations

from interpreter.duel import AGENT_KINDS, parse_agent

#: What parts the seats' agents in an ``--agents`` list.
SEPARATOR = "/"


def seat_agents(spec: str, seats: int | None, where: str = "seats at the table") -> tuple[str, ...]:
    """The agent spec at each of ``seats`` seats: one spec is every seat's; a list (parted by
    :data:`SEPARATOR`) must name each seat once. ``where`` names the seats in a refusal (``play``
    lists only the other seats). Every spec is checked (:func:`interpreter.duel.parse_agent`); a
    refusal is a ``ValueError``. ``seats`` None: one agent, no list (a duel's A or B)."""
    parts = spec.split(SEPARATOR)
    for part in parts:
        _check(part)
    if len(parts) == 1:
        return (spec,) * (seats or 1)
    if seats is None:
        raise ValueError(f"'{spec}': one agent here, not one per seat")
    if len(parts) != seats:
        example = SEPARATOR.join(parts[i] if i < len(parts) else parts[-1] for i in range(seats))
        raise ValueError(
            f"{len(parts)} agents for {seats} {where if seats > 1 else where.replace('seats', 'seat')}: "
            "give one agent for all of them, "
            f"or one per seat parted by '{SEPARATOR}' (e.g. {example})"
        )
    return tuple(parts)


def is_list(spec: str) -> bool:
    """Whether ``spec`` names an agent per seat (so a summary says who sat where)."""
    return SEPARATOR in spec


def _check(spec: str) -> None:
    try:
        parse_agent(spec)
    except ValueError:
        written = _with_separator(spec)
        if written is not None:
            raise ValueError(
                f"'{spec}': the seats' agents are parted by '{SEPARATOR}', not ',' (a search budget "
                f"takes the commas): {written}"
            ) from None
        raise


def _with_separator(spec: str) -> str | None:
    """``spec`` read as a list of agents parted by commas, written with :data:`SEPARATOR` (None if
    it is not such a list): a piece that starts with an agent kind starts a seat, a ``name=value``
    piece belongs to the seat before it (a search budget)."""
    seats: list[str] = []
    for piece in spec.split(","):
        if piece.partition(":")[0] in AGENT_KINDS:
            seats.append(piece)
        elif "=" in piece and seats:
            seats[-1] += "," + piece
        else:
            return None
    return SEPARATOR.join(seats) if len(seats) > 1 else None
