"""Names that share one space must differ: a bid and a group, and the names a bid's steps declare.

Some names of a rule set are looked up in one table, whichever section wrote them:

* an ``incompatible`` list names a bid *or a group* by the same word. Bids are looked up first,
  so a house rule that adds a bid called ``non_trump_bids`` silently turned Open Trump's
  ``incompatible: [non_trump_bids, …]`` into a list of one new bid, and Misery went with
  Open Trump again. Such a pair is refused at the one written later, naming the other.
* what a bid's steps declare (a ``choose`` or ``deal_back`` step's ``as``, a ``zone``'s
  ``name``, a meld's ``name``) is kept by name in the deal's records, saves, views and a
  scenario's ``expect: declarations``: two bids whose steps use one name would keep one value
  and lose the other. Two standard bids may share one (a combo holds one standard bid, so they
  never meet in a deal), and so may melds (Christmas Whist's ``pair`` is one meld
  in two kinds of hand, each hand its own deal). A step's name also hides a param of the same
  name in the bid's expressions, and one of the engine's own decisions (``trick_taker``,
  ``contract``, …) is asked and recorded under its name: both are refused too.

Params against the language's own names, and a step's name against them, are checked where
they are built (:meth:`rulespec.build.Builder.checked_params`, :mod:`rulespec.buildbid`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from rulespec import scopes
from rulespec.errors import shown_path
from rulespec.loader import Key, Merged
from rulespec.textkeys import CONTRACT, PASS_CARDS, TRICK_TAKER, TRUMP

#: The field that names what a step declares, by the step's kind.
STEP_NAME_FIELDS = {"choose": "as", "deal_back": "as", "zone": "name"}
#: The names of the decisions the engine asks for itself (``interpreter.decisions.EngineName``):
#: a step or meld of one of these names would be taken for the engine's own decision.
ENGINE_NAMES = frozenset({"bid", "card", TRUMP, CONTRACT, TRICK_TAKER, PASS_CARDS})


def name_clashes(m: Merged, newest: Callable[[list[Key]], Key]) -> Iterator[tuple[Key, str, str]]:
    """(where, what is wrong, a hint) for each name that means two things (the module's list)."""
    yield from _bids_and_groups(m, newest)
    yield from _declared_names(m)


def _where(m: Merged, key: Key) -> str:
    position = m.error(key, "").position
    return f" ({shown_path(position.path)}:{position.line})" if position is not None else ""


def _bids_and_groups(m: Merged, newest: Callable[[list[Key]], Key]) -> Iterator[tuple[Key, str, str]]:
    for name in m.bids:
        if name not in m.groups:
            continue
        bid_key, group_key = ("bids", name, "id"), ("groups", name)
        if newest([group_key, bid_key]) == bid_key:
            yield (
                bid_key,
                f"bid '{name}' has the name of a group{_where(m, group_key)}: "
                f"an 'incompatible' list that names '{name}' could not tell them apart",
                "give the bid another id",
            )
        else:
            yield (
                group_key,
                f"group '{name}' has the id of a bid{_where(m, bid_key)}: "
                f"an 'incompatible' list that names '{name}' could not tell them apart",
                "give the group another name",
            )


def _declared(bid_id: str, raw: dict[str, Any]) -> Iterator[tuple[str, str, Key]]:
    """(name, kind, key) of each name the bid's steps and melds declare, in the order written."""
    for i, step in enumerate(raw.get("steps") or []):
        if not isinstance(step, dict) or len(step) != 1:
            continue
        ((kind, body),) = step.items()
        field = STEP_NAME_FIELDS.get(kind)
        if field is not None and isinstance(body, dict) and isinstance(body.get(field), str):
            yield body[field], kind, ("bids", bid_id, "steps", i, kind, field)
    for i, meld in enumerate(raw.get("melds") or []):
        if isinstance(meld, dict) and isinstance(meld.get("name"), str):
            yield meld["name"], "meld", ("bids", bid_id, "melds", i, "name")


def _declared_names(m: Merged) -> Iterator[tuple[Key, str, str]]:
    game_params = m.get(("game", "params")) or {}
    first: dict[str, tuple[str, str]] = {}  # name -> (bid, kind) of its first declaration
    for bid_id, raw in m.bids.items():
        params = {*game_params, *(raw.get("params") or {})}
        for name, kind, key in _declared(bid_id, raw):
            earlier = first.setdefault(name, (bid_id, kind))
            what = "a meld" if earlier[1] == "meld" else f"a {earlier[1]} step"
            if name in ENGINE_NAMES and (kind in ("zone", "meld") or name not in scopes.CARD_RULE):
                # (a choice named like a name of the language is refused where the step is built)
                yield key, f"'{name}' is the name of the engine's own decision", "choose another name"
            elif name in params:
                yield key, f"'{name}' would hide the param '{name}' in this bid's expressions", "choose another name"
            elif earlier[0] != bid_id and not kind == earlier[1] == "meld" and not _standard(m, bid_id, earlier[0]):
                yield (
                    key,
                    f"'{name}' is already declared by {what} of bid '{earlier[0]}': records, saves "
                    "and views keep one value per name, so one of the two would be lost",
                    "choose another name",
                )
            elif earlier[0] == bid_id and earlier[1] != kind and {kind, earlier[1]} != {"choose", "deal_back"}:
                # (two ``as`` names of one bid are refused where the steps are built)
                yield key, f"'{name}' is already declared by {what} of this bid", "choose another name"


def _standard(m: Merged, *bid_ids: str) -> bool:
    """Whether the bids are all standard bids: a combo holds one, so their names never meet in a deal."""
    return all((m.bids.get(bid_id) or {}).get("kind") == "standard" for bid_id in bid_ids)
