"""Which combo bids can never be completed, proved by exhausting the outcomes their requirements observe.

A combo bid is completed when, at the end of the hand, every bid's ``tricks`` and ``requires``
hold under each of the combo's ``tricks_adjust`` (the engine's rule, see
:meth:`interpreter.deal.Deal.score`). The combo is *possible* when some deal, some legal play
by everybody and some choice of every declaration (guesses, a chosen suit, …) ends that way;
it is *impossible* when none does. Nothing is sampled: the checker searches the finite space
of what the requirements can see and either finds an end of a hand that completes the combo
(a witness) or exhausts the space.

**What an outcome is.** The end of a hand, as far as requirements can tell, is described by a
few numbers, which the search treats as variables and assigns only when a requirement reads
them (*prune by observation*):

* ``R[p]``: how many tricks player ``p`` took (``player.tricks``; the declarer's is adjusted);
* ``T[p, c]``: how many tricks of the class ``c`` of trick numbers player ``p`` took
  (``player.tricks_in(…)``, ``last_trick.winner``). The classes split 1..N only as finely as
  the numbers asked about require: a requirement that asks about tricks 1..3 splits them
  off, and the search restarts with the finer classes;
* ``C[p]``: how many cards of each *category* player ``p`` won (``player.won``). Cards fall
  into one category when no requirement can tell them apart: the card attributes the
  requirements read, and the values they compare them with (``card.suit == chosen_suit``,
  ``card.rank == "2"``), are found in the syntax trees; a value that cannot be worked out
  separates every value of that attribute;
* the declarations (``choose`` steps), the final trump suit, the declarer's seat (only when
  ``players`` is read in seat order), the dealer and the rank order in force.

The variables are constrained as real hands are: the tricks of each class and the cards of
each category are shared out exactly (with the cards nobody played set apart), a player
who took ``k`` tricks won ``k`` cards from each player, i.e. ``player_count × k`` cards. Partial
assignments are checked for a completion with a small max-flow. Which card lands in which
trick, who leads and who wins a trick by the cards are *not* modelled: every outcome of a
real hand is one of the outcomes searched, so the search may call a combo possible that is
not, never the reverse (it is *sound*).

**Exactly the engine's semantics.** Each outcome is realised as runtime objects (players
with trick counts and won cards that are real :class:`~interpreter.state.Card` objects, the
last trick, the deck) and the rule set's own compiled expressions are evaluated on them.
A name or attribute the model does not cover (a player's score, a trick's cards, ``combo``,
…) raises inside the evaluation; that requirement then counts as met at that point, which
keeps the answer sound, and is noted (:attr:`Verdict.unknown`).

**The search** is depth-first: evaluate every hook (``tricks`` first, then requirements that
look at no card, under every adjustment); when an evaluation reads a variable without a
value, try each value it can take. A failed hook records the variables it read; a branch
whose failure did not involve the variable just tried skips that variable's other values
(conflict-directed backjumping), so a conflict between trick counts is not re-proved for
every way the cards of a chosen suit could lie. A search that passes :data:`SEARCH_LIMIT` evaluations
(or meets a declaration or a card split too large to list) gives up: the combo then counts
as possible.

**Which bids matter.** Only bids that fill ``tricks``, ``requires`` or ``tricks_adjust`` can
make a combo impossible: the other bids only change how the hand is played, which the
outcomes already range over. So a combo's verdict depends on its *requirement bids* alone,
and is cached per rule set, set of requirement bids and number of players.
:func:`analyze` lists the minimal impossible sets (two bids that contradict each other,
not every combo holding them); :func:`impossible_reason` answers the auction.
"""

from __future__ import annotations

import itertools
import time
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

from interpreter import prepared
from interpreter.analysis.flow import table_feasible
from interpreter.analysis.observe import requirement_bids
from interpreter.analysis.outcome import World
from interpreter.analysis.results import Analysis, Finding, Refine, Unmodelled, Verdict
from interpreter.analysis.search import ProofSearch
from interpreter.analysis.wording import english_labels, proof_facts, reason
from interpreter.decisions import Refusal
from interpreter.prepared import deck_layout, rank_values
from interpreter.refusalwords import say_refusal
from rulespec import model as M
from rulespec.rulesetcache import RuleSetCache

#: The label of the refusal of a combo bid that can never be completed (``locales/*/ui.yaml``).
IMPOSSIBLE = "analyze_impossible"
#: Evaluations one check may make before it gives up (then the combo counts as possible).
SEARCH_LIMIT = 200_000
#: Most sets of bids :func:`analyze` lists to check (it stops growing them past this).
SET_LIMIT = 100_000
#: Evaluations one whole analysis may make, every check together (the bundled rule sets need under
#: 50,000): past it the larger sets are left unchecked, so that a rule file with hundreds of
#: special bids cannot keep ``whist analyze`` running for hours.
ANALYSIS_LIMIT = 500_000
#: What setting up one search costs, in evaluations (about their time): a check that evaluates
#: little is not free either.
SEARCH_SETUP = 30


# --- worlds, checks and caches ------------------------------------------------------------


_WORLDS: RuleSetCache[dict[int, World | None]] = RuleSetCache()  # by player count


def deal_sizes(rules: M.RuleSet) -> tuple[int, ...]:
    """How many players a deal of ``rules`` can have."""
    players = rules.game.players
    sizes = {min(n, players.in_deal) if players.in_deal else n for n in range(players.min, players.max + 1)}
    return tuple(sorted(sizes))


def _rank_orders(rules: M.RuleSet) -> tuple[dict[str, int], ...]:
    """Every rank order a combo can put in force; empty when there are too many ways to tell.

    The engine applies each ``rank_order`` of the combo in event order; bids at one priority
    may come in any order, so every order of every subset of such bids is tried.
    """
    bids = [b for b in rules.bids.values() if "rank_order" in b.hooks()]
    if len(bids) > 4:
        return ()
    orders: dict[tuple[str, ...], None] = {}
    for size in range(len(bids) + 1):
        for chosen in itertools.permutations(bids, size):
            orders[tuple(rank_values(rules.game.deck.ranks, chosen))] = None  # the ranks from low to high
    return tuple({rank: i + 1 for i, rank in enumerate(ranks)} for ranks in orders)


def _world(rules: M.RuleSet, player_count: int) -> World | None:
    """The fixed facts for ``player_count`` players; None when the model does not cover the game."""
    worlds = _WORLDS.get(rules, lambda _: {})
    if player_count not in worlds:
        worlds[player_count] = _make_world(rules, player_count)
    return worlds[player_count]


def _make_world(rules: M.RuleSet, player_count: int) -> World | None:
    game = rules.game
    if game.deal.stock is not None or game.play.after_trick:
        return None  # hands refilled from a draw pile: the number of tricks is not the hand size
    try:
        hand_size = deck_layout(rules, player_count).hand_size
    except Exception:  # a hand size the model cannot work out
        return None
    cards = game.deck.cards(player_count)
    if hand_size < 1 or player_count * hand_size + game.deal.set_aside > len(cards):
        return None
    suits = tuple(s.id for s in game.deck.suits)
    with_trump = game.play.trump is not None or any(b.trump is not None for b in rules.bids.values())
    trump_domain: tuple[str | None, ...] = (None, *suits) if with_trump else (None,)
    return World(weakref.ref(rules), player_count, hand_size, cards, trump_domain, _rank_orders(rules))


def _check(world: World, bids: Sequence[M.Bid], adjustments: tuple[int, ...] | None = None) -> Verdict:
    ids = tuple(sorted(b.id for b in bids))
    key = (frozenset(ids), adjustments)
    cached = world.verdicts.get(key)
    if cached is not None:
        world.spent += world.costs.get(key, 0)
        return cached
    before = world.spent
    natural = prepared.adjustments(bids)
    used = adjustments if adjustments is not None else natural
    numbers: set[frozenset[int]] = set()
    for bid in bids:
        numbers |= world.learned.get(bid.id, set())
    classes = _split([frozenset(range(1, world.tricks + 1))], numbers)
    while True:
        search = ProofSearch(world, bids, used, classes, SEARCH_LIMIT)
        try:
            result, _ = search.search()
        except Refine as refine:
            world.spent += search.evaluations + SEARCH_SETUP
            world.learned.setdefault(search.current, set()).add(refine.numbers)
            classes = _split(classes, [refine.numbers])
            continue
        except Exception as exc:  # a failure of the checker must never forbid a bid
            search.unknown.setdefault(Unmodelled(search.current, "checker", f"{type(exc).__name__}: {exc}"))
            result = None
        world.spent += search.evaluations + SEARCH_SETUP
        break
    adjusted = False
    if result is False and adjustments is None and used != (0,):
        adjusted = _check(world, bids, (0,)).possible is not False
    verdict = Verdict(
        bids=ids,
        player_count=world.player_count,
        possible=result,
        observed=frozenset(search.observed) if result is False else frozenset(),
        adjusted=adjusted,
        adjustments=used,
        unknown=tuple(search.unknown),
        evaluations=search.evaluations,
        witness=search.witness() if result else None,
    )
    world.verdicts[key] = verdict
    world.costs[key] = world.spent - before
    return verdict


def _split(classes: list[frozenset[int]], sets: Iterable[frozenset[int]]) -> list[frozenset[int]]:
    for numbers in sets:
        classes = [part for cls in classes for part in (cls & numbers, cls - numbers) if part]
    return sorted(classes, key=min)


def check(rules: M.RuleSet, bid_ids: Iterable[str], player_count: int) -> Verdict:
    """Whether the bids ``bid_ids`` (any of them, well formed as a combo or not) can be completed together.

    Only their requirement bids matter; with none, the answer is possible. Cached per rule set.
    """
    bids = requirement_bids(rules.bids[b] for b in dict.fromkeys(bid_ids))
    world = _world(rules, player_count)
    if world is None:
        return Verdict(tuple(sorted(b.id for b in bids)), player_count, None, unknown=(Unmodelled("", "game"),))
    return _check(world, bids)


# --- the auction --------------------------------------------------------------------------


def impossible_reason(rules: M.RuleSet, answer: Any, player_count: int | None = None) -> str | None:
    """Why the combo bid ``answer`` (standard + specials) can never be completed, or None: a
    :class:`Refusal` whose facts are the smallest set of its bids that is impossible on its own
    (``combo``: their ids) and what the proof found (:func:`~interpreter.analysis.wording.proof_facts`).

    Proved for ``player_count`` players in the deal, or for every deal size the rules allow
    when None. Cached per rule set, set of requirement bids and number of players; a failure
    of the checker allows the bid.
    """
    ids = [answer.standard, *answer.specials]
    if any(b not in rules.bids for b in ids):
        return None
    sizes = (player_count,) if player_count else deal_sizes(rules)
    verdicts = [check(rules, ids, size) for size in sizes]
    if not verdicts or any(v.possible is not False for v in verdicts):
        return None
    core = [b for b in ids if b in verdicts[0].bids]
    for bid_id in list(core):  # name the smallest set that is impossible on its own
        smaller = [b for b in core if b != bid_id]
        if smaller and all(check(rules, smaller, size).possible is False for size in sizes):
            core = smaller
    # The facts, plain data for a client: the bids by id and what the proof found; the English
    # sentence is said from them as a client says them (one wording, any language).
    facts = {"combo": tuple(core), **proof_facts(check(rules, core, sizes[0]))}
    return Refusal(IMPOSSIBLE, say_refusal(english_labels(rules), IMPOSSIBLE, facts), **facts)


# --- the whole rule set -------------------------------------------------------------------


def analyze(rules: M.RuleSet, player_counts: Sequence[int] | None = None) -> Analysis:
    """Every minimal set of bids that a combo bid of ``rules`` may not hold because it can never be completed.

    Sets are made of one standard bid and special bids with requirements that may be combined
    (``incompatible``); a set is listed when it is impossible and none of its subsets is. A
    set of special bids that is impossible whatever the standard bid is listed once, without
    a standard bid. Bids without requirements never make a combo impossible and are left out.
    """
    started = time.perf_counter()
    auction = rules.game.auction
    sizes = tuple(player_counts) if player_counts else deal_sizes(rules)
    analysis = Analysis(rules.id, sizes, bool(auction and auction.forbid_impossible))
    if auction is None:
        analysis.note = "no_auction"
        return analysis
    worlds = {size: _world(rules, size) for size in sizes}
    if any(world is None for world in worlds.values()):
        analysis.note = "not_modelled"
        return analysis
    specials = requirement_bids(rules.special_bids) if auction.combo_special != "none" else []
    standards = list(rules.standard_bids)
    candidates: list[tuple[M.Bid | None, tuple[M.Bid, ...]]] = []
    sets = (chosen for size in range(len(specials) + 1) for chosen in itertools.combinations(specials, size))
    for chosen in sets:  # smallest first
        if len(candidates) > SET_LIMIT:  # checked at every set: one size can hold millions of them
            analysis.note = "incomplete"  # larger sets of special bids are not checked
            break
        if _compatible(chosen):
            if chosen:
                candidates.append((None, chosen))
            candidates.extend((s, chosen) for s in standards if _compatible((s, *chosen)))
    candidates.sort(key=lambda c: (len(c[1]) + (c[0] is not None), c[0] is not None))
    found: dict[tuple[str | None, tuple[str, ...]], dict[int, Verdict]] = {}
    undecided: dict[tuple[str | None, tuple[str, ...]], dict[int, Verdict]] = {}
    impossible_sets: dict[int, list[frozenset[str]]] = {size: [] for size in sizes}
    unknown: dict[Unmodelled, None] = {}
    checked: set[tuple[frozenset[str], int]] = set()
    already = sum(world.spent for world in worlds.values() if world is not None)  # worlds are kept
    for standard, chosen in candidates:
        spent = sum(world.spent for world in worlds.values() if world is not None) - already
        if spent > ANALYSIS_LIMIT:  # the sets are in order of size: what is left is larger
            analysis.note = "incomplete"
            break
        ids = frozenset(b.id for b in chosen) | ({standard.id} if standard else set())
        key = (standard.id if standard else None, tuple(b.id for b in chosen))
        for size, world in worlds.items():
            assert world is not None
            if any(known <= ids for known in impossible_sets[size]):
                continue
            core = requirement_bids(([standard] if standard else []) + list(chosen))
            verdict = _check(world, core)
            checked.add((frozenset(verdict.bids), size))
            unknown.update(dict.fromkeys(verdict.unknown))
            if verdict.possible is False:
                impossible_sets[size].append(ids)
                found.setdefault(key, {})[size] = verdict
            elif verdict.possible is None:
                undecided.setdefault(key, {})[size] = verdict
    for (standard_id, special_ids), verdicts in found.items():
        first = next(iter(verdicts.values()))
        analysis.impossible.append(Finding(standard_id, special_ids, tuple(sorted(verdicts)), first))
    for (standard_id, special_ids), verdicts in undecided.items():
        first = next(iter(verdicts.values()))
        analysis.undecided.append(Finding(standard_id, special_ids, tuple(sorted(verdicts)), first))
    analysis.checked = len(checked)
    analysis.unknown = tuple(unknown)
    analysis.seconds = time.perf_counter() - started
    return analysis


def _compatible(bids: Sequence[M.Bid]) -> bool:
    return all(b.id not in a.incompatible_ids for i, a in enumerate(bids) for b in bids[i + 1 :])


__all__ = [
    "Analysis",
    "Finding",
    "Verdict",
    "analyze",
    "check",
    "deal_sizes",
    "impossible_reason",
    "reason",
    "requirement_bids",
    "table_feasible",
]
