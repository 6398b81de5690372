"""Search: an agent that samples the hidden cards and plays its candidates out (PIMC).

:mod:`~interpreter.search.worlds` builds worlds consistent with a view,
:mod:`~interpreter.search.endgame` searches the last tricks exactly, and
:mod:`~interpreter.search.agent` is the agent (``--agents search``).
"""

from interpreter.search.agent import SearchAgent as SearchAgent
