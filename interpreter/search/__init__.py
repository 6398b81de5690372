"""Search: an agent that samples the hidden cards and plays its candidates out (PIMC).

:mod:`~interpreter.search.memory` is what the agent remembers of a deal beyond its view,
:mod:`~interpreter.search.worlds` builds worlds consistent with a view (dealing the unseen cards,
then :mod:`~interpreter.search.replay` replays the public history on them and says what to
repair), :mod:`~interpreter.search.endgame` searches the last tricks exactly, and
:mod:`~interpreter.search.agent` is the agent (``--agents search``).
"""

from interpreter.search.agent import SearchAgent

__all__ = ["SearchAgent"]
