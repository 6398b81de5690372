"""The hook points of a bid, each declared once.

A bid is a set of filled *hook points*: ``requires``, ``trump``, ``marks`` … An empty hook
point means "no change to the game's usual rule". This module is the one list of them: its
:data:`BID_HOOKS` says, for each, where it may be written, which names its expressions see,
what it yields, when the engine runs it, whether it can make a combo bid fail, what filling
it risks, and what it means in one line.

Everything else is driven by this list or checked against it by a test
(``tests/test_hooks.py``): the rule-file schema's bid properties, the export schema's hook
names, the builder's simple expression hooks, :meth:`rulespec.model.Bid.hooks`, the export,
``whist diff``, the hook table in ``docs/writing-rules.md``, and what the engine's agents and
prover read of a bid: which hook points can make a combo fail (:data:`CAN_FAIL_FIELDS`, the
prover's requirement bids) and what filling one risks (:data:`STAKE_OF_FIELD`, the heuristic
agent's harmless special bids). Adding a hook point means:
an entry here, the builder's one entry (unless it is a plain expression, which the builder
compiles from this entry alone), the engine code that runs it, and its docs line.

Example::

    >>> from rulespec.hooks import HOOKS
    >>> HOOKS["requires"].can_fail, HOOKS["requires"].result
    (True, 'bool')
    >>> HOOKS["marks"].fields
    ('marks_on_bidding', 'marks_on_declaring', 'marks_on_completion')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

#: When the engine runs a hook point.
Moment = Literal["auction", "before the hand", "play", "completion", "scoring", "after scoring"]

#: What filling a hook point risks for the declarer (agents choosing bids read it):
#: ``"none"``: it only shows cards or gives something extra; ``"cost"``: it costs something
#: (points lost on failure, marks spent, who may bid) but cannot make the combo fail;
#: ``"play"``: it changes how the hand is played or what completes the combo.
Stake = Literal["none", "cost", "play"]

#: The moments a ``marks`` entry may name, each filling one field of the compiled bid.
MARK_MOMENTS: Mapping[str, str] = {
    "bidding": "marks_on_bidding",  # when the bid is made, once per copy, even if it is outbid
    "declaring": "marks_on_declaring",  # when the combo bid wins the auction
    "completion": "marks_on_completion",  # when the combo bid is completed
}


@dataclass(frozen=True)
class HookPoint:
    """One hook point: how a rule author writes it, and how the engine uses it."""

    name: str  # its key in a bid of a rule file
    meaning: str  # one line: what it changes (the docs' hook table)
    moment: Moment  # when the engine runs it
    result: str  # what it yields: a type name of the expression language, or a structure
    scope: str | None = None  # the names its expressions see: a mapping of rulespec.scopes; None: no expression
    with_declarations: bool = False  # the bid's own ``steps`` names are in scope too
    can_fail: bool = False  # whether it can make the combo bid fail
    section: Literal["bid"] = "bid"  # where it may appear
    fields: tuple[str, ...] = ()  # the compiled :class:`rulespec.model.Bid` fields it fills; () is (name,)
    plain: bool = False  # one expression of type ``result``: the builder compiles it from this entry alone
    #: How ``whist diff`` compares it: down to the changed field; as a whole (one change, not
    #: two); or key by key with a missing side read as empty (``marks.declaring`` added).
    compared: Literal["fields", "whole", "by_key"] = "fields"
    #: What filling it risks (:data:`Stake`); ``stakes`` overrides it for some of its ``fields``.
    stake: Stake = "play"
    stakes: Mapping[str, Stake] = field(default_factory=dict)

    @property
    def model_fields(self) -> tuple[str, ...]:
        return self.fields or (self.name,)


_HOOK_LIST = (
    HookPoint("may_bid", "who may bid a combo with this bid", "auction", "bool", "AUCTION", plain=True, stake="cost"),
    HookPoint(
        "repeatable", "how many copies of the bid one combo bid may hold", "auction", "number", "AUCTION", stake="cost"
    ),
    HookPoint(
        "trump", "how the trump suit is set, and changed during the hand", "before the hand", "suit", "DEAL", True
    ),
    HookPoint(
        "steps",
        "what happens before the hand: choices, giving and passing cards, zones",
        "before the hand",
        "steps",
        "DEAL",
        True,
    ),
    HookPoint("visible", "cards shown to others", "play", "bool", "CARD_RULE", True, stake="none"),
    HookPoint("may_not_play", "cards a player may not play", "play", "bool", "CARD_RULE", True, plain=True),
    HookPoint("may_not_lead", "cards a player may not lead", "play", "bool", "CARD_RULE", True, plain=True),
    HookPoint("first_leader", "who leads the first trick", "play", "player", "DEAL", True, plain=True),
    HookPoint("plays_last", "the play order inside a trick", "play", "player", "TRICK_RULE", True),
    HookPoint("rank_order", "the order of the ranks", "play", "ranks"),
    HookPoint("trick_taker", "who takes a trick", "play", "player", "TRICK_RULE", True),
    HookPoint(
        "tricks",
        "how many tricks the declarer must take",
        "completion",
        "number",
        "DEAL",
        can_fail=True,
        compared="whole",
    ),
    HookPoint("tricks_adjust", "virtual tricks", "completion", "numbers", can_fail=True),
    HookPoint(
        "requires",
        "any other condition for completing the bid",
        "completion",
        "bool",
        "DEAL",
        True,
        can_fail=True,
        plain=True,
    ),
    HookPoint(
        "bonus",
        "extra points when the combo bid is completed",
        "scoring",
        "number",
        "DEAL",
        True,
        plain=True,
        stake="none",
    ),
    HookPoint(
        "penalty", "extra points lost when it fails", "scoring", "number", "DEAL", True, plain=True, stake="cost"
    ),
    HookPoint(
        "partners",
        "players on the declarer's side, set as play begins: they score what the declarer scores",
        "before the hand",
        "list[player]",
        "DEAL",
        True,
        plain=True,
        stake="none",  # (others gain or lose with the declarer; the declarer's own stake is unchanged)
    ),
    HookPoint(
        "marks",
        "marks the declarer (or bidder) gains or spends when bidding, declaring or completing",
        "auction",
        "marks",
        fields=tuple(MARK_MOMENTS.values()),
        compared="by_key",
        stake="cost",  # marks spent (or gained) when bidding or declaring
        stakes={"marks_on_completion": "none"},  # gained only once the combo is completed
    ),
    HookPoint(
        "set_scores", "players' scores set when the combo bid is completed", "after scoring", "number", "DECLARER_WINS"
    ),
    HookPoint("wins_game", "winning the game at once", "after scoring", "bool", "DEAL", True, plain=True),
    HookPoint(
        "zone_limits", "cards that may not lie in a zone", "before the hand", "bool", "CARD_RULE", True, stake="none"
    ),
    HookPoint("melds", "melds declared by leading a card and showing a matching one", "play", "number", "MELD", True),
    HookPoint(
        "points_each",
        "every player's points in a hand (games without a declarer)",
        "scoring",
        "number",
        "POINTS_EACH",
        True,
        plain=True,
    ),
)

#: Every hook point by its rule-file name, in the order the docs and the export list them.
HOOKS: Mapping[str, HookPoint] = {h.name: h for h in _HOOK_LIST}

#: The compiled bid's hook fields, in registry order (``marks`` fills three).
MODEL_FIELDS: tuple[str, ...] = tuple(f for h in _HOOK_LIST for f in h.model_fields)

#: The hook point that fills each compiled field.
HOOK_OF_FIELD: Mapping[str, str] = {f: h.name for h in _HOOK_LIST for f in h.model_fields}

#: Hook points that can make a combo bid fail (the others only change how it is played or scored).
CAN_FAIL: frozenset[str] = frozenset(h.name for h in _HOOK_LIST if h.can_fail)

#: What filling each compiled field risks (see :data:`Stake`), in registry order.
STAKE_OF_FIELD: Mapping[str, Stake] = {f: h.stakes.get(f, h.stake) for h in _HOOK_LIST for f in h.model_fields}

#: The compiled fields of the hook points that can make a combo bid fail.
CAN_FAIL_FIELDS: frozenset[str] = frozenset(f for h in _HOOK_LIST if h.can_fail for f in h.model_fields)
