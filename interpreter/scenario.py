"""Scenario files: a scripted deal with the outcome it must have.

A scenario gives the hands, the decisions (auction, declarations, choices) and the tricks
in play order; the engine plays the deal — refusing anything illegal — and the outcome is
compared with ``expect``. This is how every rule is tested (``tests/scenarios/``)::

    ruleset: house-rules.yaml     # a bundled rule set's name, or a rule file beside the scenario
    players: 4
    dealer: 0                     # seat 1 bids first, seat 1's right-hand player leads
    scores: [0, 0, 0, 0]          # before the deal (optional)
    marks: {2: {star: 1}}         # before the deal (optional)
    hands:
      0: 2C 3C 4C ...             # 13 card names each, or a list
    decisions:                    # every answer but card plays, in the order asked
      - {1: {standard: trump, specials: [penalty]}}
      - {2: pass}
      - {1: H}                    # seat 1 chooses hearts as trump
    tricks:                       # each trick's cards in play order
      - 2H 3H 4H 5H
    expect:
      declarer: 1
      trick_winners: [0, ...]
      tricks_won: {1: 7}
      completed: true
      points: 1
      scores: [0, 1, 0, 0]

Every decision the engine asks for must be in the file: card plays in ``tricks``, every other
answer in ``decisions``. A decision the file does not give stops the deal with an error that
names it (its number among the deal's ``decisions`` or card plays, the seat, what was asked),
so a scenario that forgot one cannot pass silently. A scenario that scripts only what matters
says so::

    fill: first-legal             # unscripted plays and choices: the first legal option; bids: pass

``expect: {error: "..."}`` expects the deal to stop with an illegal (or missing) decision (alone
in its ``expect``; in a game, in the last deal, with nothing expected at the end: the game stops
there); a broken hand or stock is the file's mistake, never an expected error;
``auction_order: [1, 2, 3, 0, 1]`` lists the seats of the auction in turn (a barred player
passes without being asked but is listed).

A whole game (several deals, game-level rules) puts the deals under ``deals``; each deal has
its own ``hands`` (dealt from ``seed`` when left out), ``decisions``, ``tricks`` and ``expect``
(checked after that deal; besides the keys above: ``dealer``, who dealt it, ``next_dealer``,
and ``target``, the winning score after it). ``expect`` at the top is checked after the last
deal: ``winner``, ``reason`` (``declarer``, ``anyone``, ``instant``, ``match``; null while the
game goes on), ``scores``, ``marks``, ``deals`` (how many were played). The game must not end
before the last deal listed. See interpreter/scenario_game.py::

    ruleset: house-rules.yaml
    players: 4
    dealer: 0
    scores: [12, 0, 0, 0]          # before the first deal (optional), as are marks
    fill: first-legal              # for every deal (optional)
    deals:
      - hands: {0: ..., 1: ..., 2: ..., 3: ...}
        decisions: [{1: pass}, {2: pass}, {3: pass}, {0: pass}]
        expect: {redeal: true, next_dealer: 0}
      - hands: {...}
        decisions: [...]
        expect: {declarer: 1, completed: true, scores: [12, 13, 0, 0]}
    expect: {winner: 1, reason: declarer, deals: 2}

The keys a scenario may hold are listed in ``SCENARIO_KEYS``, ``DEAL_KEYS``, ``EXPECT_KEYS``
and ``GAME_EXPECT_KEYS``; nothing else is accepted. What else makes a scenario wrong (a seat not at
the table, a trick that is not one card per seat, a card not of the deck, nothing expected) is
refused at its place: :mod:`interpreter.scenario_checks`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from interpreter.decisions import Agent, BidAnswer, Request, ScriptError, View
from interpreter.game import Game
from interpreter.prepared import deck_layout
from interpreter.recordcheck import MAX_SCHEMA_ERRORS
from interpreter.scenario_checks import (
    ScenarioData,
    ScenarioScript,
    check_before,
    check_cards,
    check_file,
    check_layout,
    check_seats,
    left_over,
    locate,
    refusal,
    setup_error,
)
from interpreter.scenario_outcome import EXPECT_KEYS, compare, deal_outcome, seat_map
from interpreter.standings import plain_number
from rulespec import load_ruleset
from rulespec.errors import RuleError, did_you_mean
from rulespec.paths import rooted
from rulespec.yamlsource import Document, read_yaml

SCENARIO_KEYS = (
    "ruleset",
    "players",
    "dealer",
    "seed",
    "options",
    "variant",
    "scores",
    "marks",
    "rounds_completed",
    "hand_number",
    "fill",
    "hands",
    "stock",
    "decisions",
    "tricks",
    "expect",
    "deals",
)
DEAL_KEYS = ("hands", "stock", "decisions", "tricks", "expect", "fill")
GAME_EXPECT_KEYS = ("winner", "reason", "scores", "marks", "deals", "error")
FILL_POLICIES = ("first-legal",)


class FirstLegal(Agent):
    """The policy for plays and choices a scenario leaves open (``fill: first-legal``): the first option; pass."""

    def decide(self, request: Request, view: View | None) -> Any:
        if request.kind == "bid":
            return None
        if request.count > 1:
            return list(request.options[: request.count])
        return request.options[0] if request.options else None


@dataclass
class Progress:
    """The game a scenario plays, for its seats to report a missing decision (set once it exists)."""

    game: Game | None = None


class Strict(Agent):
    """The seat of a scenario without ``fill``: any decision the file does not give is an error naming it."""

    wants_view = False

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def decide(self, request: Request, view: View | None) -> Any:
        game = self.progress.game
        assert game is not None
        deal = len(game.deal_records) + 1
        # Numbered as the file counts them: card plays in ``tricks``, the rest in ``decisions``.
        if request.kind == "play":
            trick = len(game.current.trick_log) + 1 if game.current is not None else 0
            missing = f"card play {game.script.play_position + 1} of deal {deal} (trick {trick})"
        else:
            missing = f"decision {game.script.position + 1} of deal {deal}"
        raise ScriptError(
            f"{missing} is missing: seat {request.seat} was asked for {request.asked} "
            "(give it, or write 'fill: first-legal' to let the first legal answer fill it)"
        )


def _cards(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return [str(v) for v in value]


def _decision(entry: Any) -> dict[str, Any]:
    if isinstance(entry, dict) and "answer" in entry:
        return {"seat": int(entry["seat"]), "answer": _answer(entry["answer"])}
    if isinstance(entry, dict) and len(entry) == 1:
        ((seat, answer),) = entry.items()
        return {"seat": int(seat), "answer": _answer(answer)}
    raise RuleError(f"a decision is {{SEAT: ANSWER}} or {{seat: S, answer: A}}, not {entry!r}")


def _answer(answer: Any) -> Any:
    if isinstance(answer, dict) and "standard" in answer:
        return BidAnswer(str(answer["standard"]), tuple(answer.get("specials") or ())).to_data()
    if isinstance(answer, str) and " " in answer.strip():
        return answer.split()
    return answer


SCHEMA_PATH = Path(__file__).parent / "scenario.schema.json"


def load_scenario(path: Path) -> dict[str, Any]:
    """Read a scenario file and check its shape (``scenario.schema.json``, then the keys this reader
    knows), located at the value."""
    import json

    import jsonschema

    doc = read_yaml(Path(path))
    data = doc.data
    if not isinstance(data, dict) or ("hands" not in data and "deals" not in data):
        raise RuleError(f"{path}: a scenario needs 'ruleset', 'players' and 'hands' (one deal) or 'deals' (a game)")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    found = jsonschema.Draft202012Validator(schema).iter_errors(data)
    # (at one place, an unknown key first: ``standrd:`` is told as itself, not as 'standard' missing)
    errors = sorted(
        islice(found, MAX_SCHEMA_ERRORS), key=lambda e: (list(map(str, e.path)), e.validator != "additionalProperties")
    )
    if errors:
        _schema_error(doc, errors[0])
    _known_keys(doc, [], SCENARIO_KEYS, "scenario key")
    if "hands" in data and "deals" in data:
        raise doc.error(["deals"], "a scenario has either 'hands' (one deal) or 'deals' (a game), not both")
    _known_keys(doc, ["expect"], GAME_EXPECT_KEYS if "deals" in data else EXPECT_KEYS, "expect key")
    for number in range(1, len(data.get("deals") or []) + 1):
        _known_keys(doc, ["deals", number - 1], DEAL_KEYS, "key", f" in deal {number}")
        _known_keys(doc, ["deals", number - 1, "expect"], EXPECT_KEYS, "expect key", f" in deal {number}")
    scenario = ScenarioData(data)
    doc.data = scenario  # (the same values: the document now locates the scenario's own)
    scenario.doc = doc
    check_file(scenario)
    return scenario


def _schema_error(doc: Document, error: Any) -> None:
    """The schema's first complaint, at its place; an unknown key (a bid answer's ``special:``) at
    that key, with the key meant."""
    where = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = tuple(error.schema.get("properties", ()))
        key = next(str(k) for k in error.instance if k not in known)
        what = "a bid answer" if "standard" in known else "a decision"
        meant = did_you_mean(key, known) or f"known: {', '.join(known)}"
        raise doc.key_error([*where, key], f"unknown key '{key}' in {what}", meant)
    hint = None
    if error.validator == "required" and error.validator_value == ["ruleset"]:  # as the format's reference says
        hint = "a scenario starts with 'ruleset: NAME' (a bundled rule set) or the path of a rule file"
    elif error.validator in ("minProperties", "minItems", "minLength") and "expect" in map(str, where):
        hint = (
            "an empty expectation checks nothing (an expected mapping is compared key by key): fill it or leave it out"
        )
    raise doc.error(where, f"not a valid scenario: {error.message[:160]}", hint)


def _known_keys(doc: Document, where: list[str | int], known: tuple[str, ...], what: str, deal: str = "") -> None:
    """Refuse the first key of the mapping at ``where`` that is not ``known``, at that key (a typo
    such as ``scroes`` is a mistake in the file, not a difference found by playing it)."""
    mapping: Any = doc.data
    for part in where:  # (the schema has checked the kinds: a deal is a mapping in a list)
        mapping = mapping.get(part) if isinstance(mapping, dict) else mapping[int(part)]
    for key in mapping if isinstance(mapping, dict) else ():
        if key not in known:
            hint = did_you_mean(str(key), known) or f"known: {', '.join(known)}"
            raise doc.key_error([*where, key], f"unknown {what} '{key}'{deal}", hint)


def fills_gaps(value: Any) -> bool:
    """Whether a scenario's (or a deal's) ``fill`` asks to answer unscripted decisions; refuses an unknown policy."""
    if value is None:
        return False
    if value not in FILL_POLICIES:
        raise RuleError(f"fill: {value!r} is not a policy (known: {', '.join(FILL_POLICIES)})")
    return True


def make_script(deal: dict[str, Any]) -> ScenarioScript:
    """One deal's decisions and card plays, in the order the engine asks for them."""
    tricks = [_cards(trick) for trick in deal.get("tricks") or []]
    return ScenarioScript(
        decisions=[_decision(e) for e in deal.get("decisions") or []],
        plays=[card for trick in tricks for card in trick],
        tricks=[number for number, trick in enumerate(tricks) for _ in trick],
    )


def new_game(data: dict[str, Any], base_dir: Path | None, deals: list[dict[str, Any]]) -> tuple[Game, Progress]:
    """The game a scenario plays: its rule set, seats (filling or strict), scores and marks before it."""
    ref = data.get("ruleset")
    if not isinstance(ref, str):  # which rules a scenario tests is never left to a default
        raise RuleError("a scenario needs 'ruleset': the name of a bundled rule set, or the path of a rule file")
    try:
        if base_dir is None:
            rules = load_ruleset(ref)
        else:  # a path in the scenario stays under its folder (rulespec.paths)
            with rooted(base_dir):
                rules = load_ruleset(ref, relative_to=base_dir, named_in=f"the scenario in {base_dir}")
    except RuleError as exc:
        if exc.position is not None:  # (a mistake inside the rule file is told there)
            raise
        raise locate(data, ["ruleset"], exc.message, exc.hint) from None
    players = int(data.get("players", 4))
    progress = Progress()
    agents = [Strict(progress) for _ in range(players)]  # each deal says whether it fills
    try:
        game = Game(
            rules,
            agents,
            seed=int(data.get("seed", 0)),
            options=dict(data.get("options") or {}),
            variant=data.get("variant"),
            first_dealer=int(data.get("dealer", 0)),
        )
    except ValueError as exc:  # what the rule set refuses: its player count, a variant, an option
        said = str(exc).replace("first_dealer", "dealer")
        place = next((k for k in ("dealer", "variant", "option") if k in said), "players")
        path = ["options" if place == "option" else place]
        raise locate(data, path, f"the scenario's game cannot be played: {said}", "see the rule set") from None
    check_seats(data, players)
    check_before(data, game)
    progress.game = game
    for seat, score in seat_map(data.get("scores")).items():
        game.scores[seat] = score
    for seat, marks in seat_map(data.get("marks")).items():
        game.marks[seat] = dict(marks)
    game.deals_completed = int(data.get("rounds_completed", 0)) * players
    if any(d.get("hands") is not None for d in deals):
        hands = [{seat: _cards(cards) for seat, cards in seat_map(d.get("hands")).items()} or None for d in deals]
        game.deal_hands = hands
    if any(d.get("stock") is not None for d in deals):
        game.deal_stocks = [_cards(d["stock"]) if d.get("stock") is not None else None for d in deals]
    game.match_position = int(data.get("hand_number", 1)) - 1
    return game, progress


def _bid_meant(game: Game, refused: str) -> str | None:
    """The bid a refused bid's id means, when it is close to one (``Trump``: did you mean 'trump'?)."""
    found = re.search(r"'([^']*)' is not a (standard|special) bid", refused)
    if found is None:
        return None
    bids = game.rules.standard_bids if found.group(2) == "standard" else game.rules.special_bids
    return did_you_mean(found.group(1), [bid.id for bid in bids])


def play_scripted_deal(
    game: Game, progress: Progress, deal: dict[str, Any], fill: bool, where: tuple[dict[str, Any], list[str | int]]
) -> tuple[dict[str, Any], bool]:
    """Play the game's next deal from ``deal``'s script (``where``: the scenario and the deal's path
    in it); its outcome, and whether the script was used up."""
    data, path = where
    game.script = make_script(deal)
    game.agents = [FirstLegal() if fill else Strict(progress) for _ in game.agents]
    dealer = game.dealer
    seats = game.seats_in_deal()
    check_layout(data, path, deal, seats, dealer)
    check_cards(data, path, deal, deck_layout(game.rules, len(seats)).card_by_name)
    number = len(game.deal_records) + 1
    try:
        game.play_deal()
    except ScriptError as exc:
        if game.current is None:  # the deal refused its hands or stock: the file's mistake
            raise setup_error(data, path, deal, str(exc)) from None
        game.current = None
        error, stopped = refusal(data, path, deal, number, game.script, str(exc), _bid_meant(game, str(exc)))
        return {"error": error, "stopped": stopped}, True
    outcome = deal_outcome(game, game.deal_records[-1])
    outcome.update(dealer=dealer, next_dealer=game.dealer, target=plain_number(game.winning_target()))
    return outcome, game.script.exhausted


def run_scenario(data: dict[str, Any], base_dir: Path | None = None) -> tuple[dict[str, Any], Game]:
    """Play the scripted deal; return its outcome (the keys of ``expect``) and the game."""
    game, progress = new_game(data, base_dir, [data])
    outcome, _ = play_scripted_deal(game, progress, data, fills_gaps(data.get("fill")), (data, []))
    return outcome, game


def check_scenario(data: dict[str, Any], base_dir: Path | None = None) -> list[str]:
    """The differences between a scenario's ``expect`` and what the engine did (empty: passes)."""
    if "deals" in data:
        from interpreter.scenario_game import check_game_scenario

        return check_game_scenario(data, base_dir)
    expect = data.get("expect") or {}
    if [k for k in expect if k not in EXPECT_KEYS]:
        return compare(expect, {})
    outcome, game = run_scenario(data, base_dir)
    problems = compare(expect, outcome)
    if not problems:
        problems += left_over(data, [], game.script, 1, "error" in outcome)
    return problems
