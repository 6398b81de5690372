"""Compiling merged rule data into the :mod:`rulespec.model` objects.

Every expression is compiled here, once, against the scope of the place it stands in
(:mod:`rulespec.scopes`). Problems are collected, not raised one by one, so ``whist check``
reports every broken place of a file in one run.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rulespec import model as M
from rulespec import scopes
from rulespec import types as T
from rulespec.compiler import FUNCTIONS as _FUNCTION_NAMES
from rulespec.compiler import CompileError, EvaluationError, Expression, Origin, Scope, Vocabulary, compile_expression
from rulespec.errors import ExpressionError, Position, RuleError, RuleErrors, did_you_mean
from rulespec.hooks import HOOKS, MARK_MOMENTS
from rulespec.loader import Key, Merged

#: Where cards can go: to the next sender on the left or right, or across to the one opposite.
DIRECTIONS = ("left", "right", "across")
_ALL_SCOPES = [v for k, v in vars(scopes).items() if k.isupper() and isinstance(v, dict) and k != "CHOICE_TYPES"]


def _literal_list(texts: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{text}"' for text in texts) + "]"


def _constant(value: Any, t: T.Type) -> Expression:
    return Expression(str(value), t, lambda env: value, None, value)


class Builder:
    """Builds one :class:`~rulespec.model.RuleSet` from :class:`~rulespec.loader.Merged` data."""

    def __init__(self, merged: Merged) -> None:
        self.m = merged
        self.errors: list[RuleError] = []
        self.vocab = Vocabulary()
        self.params: dict[str, Any] = {}  # game params, plus the current bid's while building it

    # -- error collection and compilation helpers

    def fail(self, key: Key, message: str, hint: str | None = None, offset: int | None = None) -> None:
        error = self.m.error(key, message, hint, offset)
        if error.position is None:  # nothing of ``key`` is written anywhere: blame the rule set's first file
            error = self.first_file_error(message, hint)
        self.errors.append(error)

    def fail_key(self, key: Key, message: str, hint: str | None = None) -> None:
        """Like :meth:`fail`, pointing at the mapping key of ``key`` rather than at its value."""
        src = self.m.origin.get(key)
        if src is None:
            self.fail(key, message, hint)
        else:
            self.errors.append(src.doc.key_error(src.key, message, hint))

    def first_file_error(self, message: str, hint: str | None) -> RuleError:
        path = self.m.sources[0] if self.m.sources else None
        if path is None:
            return RuleError(message, None, hint)
        for src in self.m.origin.values():
            if src.doc.path == path:
                return src.doc.error((), message, hint)
        try:
            first_line = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()[:1]
        except OSError:
            first_line = []
        return RuleError(message, Position(path, 1, 1), hint, first_line[0] if first_line else None)

    def expr(
        self,
        key: Key,
        names: Mapping[str, T.Type],
        expected: T.Type | None,
        default: str | None = None,
    ) -> Expression | None:
        """Compile the expression at ``key`` (or ``default`` when absent); None after an error."""
        value = self.m.get(key)
        if value is None:
            if default is None:
                return None
            value = default
            key = ()
        try:
            compiled = compile_expression(value, Scope(names, self.vocab, self.params), expected)
            if key and not compiled.is_constant:  # where its run-time errors point
                located = self.m.error(key, "")
                if located.position is not None:
                    compiled = dataclasses.replace(compiled, origin=Origin(located.position, located.source_line))
            return compiled
        except ExpressionError as exc:
            if key == ():
                raise AssertionError(f"built-in default {default!r} does not compile: {exc}") from exc
            if isinstance(exc, CompileError) and exc.param and self._fail_at_param(key, exc):
                return None
            word = isinstance(value, str) and value.strip().isidentifier()
            # ``worth: one``: a word where a number goes (unless it is close to a name: then a typo of it)
            if expected == T.NUMBER and word and exc.message.startswith("unknown name") and not exc.hint:
                self.fail(key, f"expected a number, got '{str(value).strip()}'", "write the number in digits, e.g. 1")
                return None
            offset = exc.offset if isinstance(value, str) else None
            self.fail(key, exc.message, exc.hint, offset)
            return None

    def _fail_at_param(self, used: Key, exc: CompileError) -> bool:
        """A param of the wrong type is reported where it is defined (the bid's, else the game's)."""
        name = str(exc.param)
        places = [("bids", used[1], "params", name)] if used[:1] == ("bids",) and len(used) > 1 else []
        for key in [*places, ("game", "params", name)]:
            value = self.m.get(key)
            if value is not None:
                where = ".".join(str(part) for part in used)
                wanted = exc.message.split(",")[0].removeprefix("expected ")
                self.fail(key, f"param '{name}' is {value!r}, but {where} uses it as {wanted}", f"write {wanted} here")
                return True
        return False

    def expr_of(self, key: Key, names: Mapping[str, T.Type], allowed: tuple[T.Type, ...]) -> Expression | None:
        """Compile an expression whose type must be one of ``allowed`` (e.g. a player or a list)."""
        result = self.expr(key, names, None)
        if result is not None and result.type not in allowed:
            wanted = " or ".join(T.with_article(t) for t in allowed)
            self.fail(key, f"expected {wanted}, got {T.with_article(result.type)}")
            return None
        return result

    def require(self, key: Key, what: str) -> bool:
        if self.m.get(key) is None:
            self.fail(
                key[:-1] if len(key) > 1 else key,
                f"missing {what} ('{'.'.join(map(str, key))}')",
                "add it here, or extend a rule set that has one (e.g. 'extends: combo-whist')",
            )
            return False
        return True

    # -- the whole rule set

    def build(self) -> M.RuleSet:
        deck = self.deck()
        self.vocab = self.vocabulary(deck)
        game_params = self.checked_params(("game", "params"), {})
        self.params = dict(game_params)
        game = self.game(deck)
        bids = {}
        for bid_id in self.m.bids:
            self.params = {**game_params, **self.checked_params(("bids", bid_id, "params"), game_params)}
            bids[bid_id] = self.bid(bid_id)
        self.params = dict(game_params)
        groups = {name: self.expr(("groups", name), scopes.GROUP, T.BOOL) for name in self.m.groups}
        if self.errors:
            raise RuleErrors(self.errors)
        members = self.group_members(bids, groups)  # type: ignore[arg-type]
        bids = self.resolve_incompatibilities(bids, members)  # type: ignore[arg-type]
        if self.errors:
            raise RuleErrors(self.errors)
        return M.RuleSet(
            name=self.m.name,
            version=self.m.version,
            game=game,
            bids=bids,  # type: ignore[arg-type]
            groups=groups,  # type: ignore[arg-type]
            group_members=members,
            lineage=tuple(self.m.lineage),
            sources=tuple(self.m.sources),
        )

    def vocabulary(self, deck: M.Deck | None) -> Vocabulary:
        options = {}
        for name, value in (self.m.get(("game", "options")) or {}).items():
            options[name] = T.BOOL if isinstance(value, bool) else T.NUMBER if isinstance(value, int) else T.TEXT
        zones = set()
        for bid in self.m.bids.values():
            for step in bid.get("steps", []) or []:
                if isinstance(step, dict) and "zone" in step:
                    zones.add(step["zone"]["name"])
        return Vocabulary(
            suits=frozenset(s.id for s in deck.suits) if deck else frozenset(),
            ranks=frozenset(deck.ranks) if deck else frozenset(),
            bids=frozenset(self.m.bids),
            marks=frozenset(self.m.get(("game", "marks")) or ()),
            options=options,
            zones=frozenset(zones),
            directions=frozenset(DIRECTIONS),
        )

    def checked_params(self, key: Key, outer: dict[str, Any]) -> dict[str, Any]:
        """Named values at ``key``; a name may not hide a name of the language or an outer param."""
        params = dict(self.m.get(key) or {})
        reserved = {name for scope in _ALL_SCOPES for name in scope} | set(_FUNCTION_NAMES)
        for name in params:
            if name in reserved or name in outer:
                where = "a game param" if name in outer else "a name of the rule language"
                self.fail_key((*key, name), f"param '{name}' would hide {where}", "choose another name")
        return params

    # -- game level

    def deck(self) -> M.Deck | None:
        if not self.require(("game", "deck"), "the deck"):
            return None
        suits = tuple(M.Suit(s["id"], s.get("color")) for s in self.m.get(("game", "deck", "suits")))
        ranks = tuple(str(r) for r in self.m.get(("game", "deck", "ranks")))
        for what, items, key in (("suit", [s.id for s in suits], "suits"), ("rank", list(ranks), "ranks")):
            for i, item in enumerate(items):
                if item in items[:i]:
                    self.fail(("game", "deck", key, i), f"{what} '{item}' is listed twice")
        removals = []
        for i, raw in enumerate(self.m.get(("game", "deck", "remove")) or []):
            key = ("game", "deck", "remove", i)
            when = self.expr((*key, "when"), scopes.SETUP, T.BOOL, default="true")
            cards = []
            for j, text in enumerate(raw.get("cards", [])):
                card = self.card_name((*key, "cards", j), str(text), suits, ranks)
                if card:
                    cards.append(card)
            removed_ranks = []
            for j, rank in enumerate(raw.get("ranks", [])):
                if str(rank) not in ranks:
                    self.fail((*key, "ranks", j), f"unknown rank '{rank}'", did_you_mean(str(rank), ranks))
                removed_ranks.append(str(rank))
            if when:
                removals.append(M.Removal(when, tuple(cards), tuple(removed_ranks)))
        return M.Deck(suits, ranks, tuple(removals))

    def card_name(
        self, key: Key, text: str, suits: tuple[M.Suit, ...], ranks: tuple[str, ...]
    ) -> tuple[str, str] | None:
        rank, suit = text[:-1], text[-1:]
        if rank not in ranks or suit not in {s.id for s in suits}:
            self.fail(key, f"'{text}' is not a card of this deck", "write rank then suit, e.g. 7C or 10H")
            return None
        return rank, suit

    def game(self, deck: M.Deck | None) -> M.Game:
        g = ("game",)
        players = self.m.get((*g, "players")) or {}
        self.require((*g, "deal", "hand_size"), "the hand size")
        hand_size = self.expr((*g, "deal", "hand_size"), scopes.SETUP, T.NUMBER, default="13")
        stock = self.m.get((*g, "deal", "stock"))
        set_aside = 0
        if self.m.get((*g, "deal", "set_aside")) is not None:
            set_aside = self.count_value((*g, "deal", "set_aside"), allow_zero=True) or 0
        deal = M.DealRules(
            hand_size=hand_size,  # type: ignore[arg-type]
            first_dealer=self.m.get((*g, "deal", "first_dealer")) or "random",
            next_dealer=self.m.get((*g, "deal", "next_dealer")) or "left",
            set_aside=set_aside or 0,
            stock=None if stock is None else M.Stock(int(stock.get("face_up", 0))),
        )
        play = M.PlayRules(
            first_leader=self.expr((*g, "play", "first_leader"), scopes.DEAL, T.PLAYER, default="left_of(dealer)"),  # type: ignore[arg-type]
            follow_suit=self.m.get((*g, "play", "follow_suit")) is not False,
            must_trump=self.m.get((*g, "play", "must_trump")) is True,
            trump=self.expr((*g, "play", "trump"), scopes.DEAL, T.SUIT),
            close_when=self.expr((*g, "play", "close_when"), scopes.DEAL, T.BOOL),
            after_trick=self.trick_steps((*g, "play", "after_trick")),
        )
        return M.Game(
            players=M.Players(
                min=players.get("min", 2),
                max=players.get("max", 12),
                in_deal=players.get("in_deal"),
                sit_out=players.get("sit_out", "right_of_dealer"),
            ),
            deck=deck or M.Deck((), ()),
            deal=deal,
            play=play,
            auction=self.auction(),
            scoring=self.scoring(),
            winning=self.winning(),
            marks=tuple(self.m.get((*g, "marks")) or ()),
            options=dict(self.m.get((*g, "options")) or {}),
            params=dict(self.params),
            match=self.match(),
        )

    def trick_steps(self, key: Key) -> tuple[M.Draw | M.TurnUp, ...]:
        steps: list[M.Draw | M.TurnUp] = []
        for i, step in enumerate(self.m.get(key) or []):
            ((kind, body),) = step.items()
            if kind == "draw":
                who = self.expr_of((*key, i, "draw", "who"), scopes.TRICK_RULE, (T.PLAYER, T.list_of(T.PLAYER)))
                if who is not None:
                    steps.append(M.Draw(who, body["from"]))
            else:
                steps.append(M.TurnUp(int(body)))
        return tuple(steps)

    def match(self) -> M.Match | None:
        key = ("game", "match")
        raw = self.m.get(key)
        if raw is None:
            return None
        schedules: dict[str, tuple[M.MatchHand, ...]] = {}
        for name, hands in raw["schedules"].items():
            built = []
            for i, hand in enumerate(hands):
                where = (*key, "schedules", name, i)
                if isinstance(hand, str):
                    self.known_bid(where, hand)
                    built.append(M.MatchHand(bid=hand))
                    continue
                for j, choice in enumerate(hand["from"]):
                    self.known_bid((*where, "from", j), choice)
                chooser = self.expr((*where, "chosen_by"), scopes.MATCH, T.PLAYER)
                built.append(M.MatchHand(chosen_by=chooser, choices=tuple(hand["from"])))
            schedules[name] = tuple(built)
        mark = raw.get("hand_winner_mark")
        if mark is not None and mark not in self.vocab.marks:
            self.fail((*key, "hand_winner_mark"), f"unknown mark '{mark}'", "declare it in game.marks")
        return M.Match(
            schedules=schedules,
            schedule=self.expr((*key, "schedule"), scopes.MATCH, T.TEXT),
            hand_points=self.expr((*key, "hand_points"), {**scopes.DEAL, "player": T.PLAYER}, T.NUMBER),
            hand_winner_mark=mark,
            tie=raw.get("tie", "replay"),
        )

    def known_bid(self, key: Key, bid_id: str) -> None:
        if bid_id not in self.m.bids:
            self.fail(key, f"unknown bid '{bid_id}'", did_you_mean(bid_id, self.m.bids))

    def auction(self) -> M.Auction | None:
        a = ("game", "auction")
        raw = self.m.get(a)
        if raw is None:
            return None
        combo = raw.get("combo") or {}
        return M.Auction(
            first_bidder=self.expr((*a, "first_bidder"), scopes.AUCTION, T.PLAYER, default="left_of(dealer)"),  # type: ignore[arg-type]
            may_bid=self.expr((*a, "may_bid"), scopes.AUCTION, T.BOOL, default="true"),  # type: ignore[arg-type]
            minimum_worth=self.minimum_worth((*a, "minimum_worth")),  # type: ignore[arg-type]
            beats=self.expr((*a, "beats"), scopes.BEATS, T.BOOL, default="bid.worth > lead.worth"),  # type: ignore[arg-type]
            combo_standard=combo.get("standard", "one"),
            combo_special=combo.get("special", "any_distinct"),
            all_pass=raw.get("all_pass", "redeal_same_dealer"),
            time_limits=dict(raw.get("time_limits") or {}),
            forbid_impossible=raw.get("forbid_impossible") is True,
            combo_worth=self.expr((*a, "combo_worth"), scopes.COMBO_WORTH, T.NUMBER),
        )

    def minimum_worth(self, key: Key) -> Expression | None:
        """The least worth of a combo bid: an expression (default 1), or ``false`` for none at all."""
        value = self.m.get(key)
        if value is False:
            return _constant(M.NO_MINIMUM, T.NUMBER)
        if value is True:
            self.fail(key, "'minimum_worth: true' says nothing", "give the least worth, or 'false' for no minimum")
            return None
        return self.expr(key, scopes.AUCTION, T.NUMBER, default="1")

    def scoring(self) -> M.Scoring | None:
        s = ("game", "scoring")
        raw = self.m.get(s)
        if raw is None:
            return None
        after = []
        for i, _ in enumerate(raw.get("after_deal") or []):
            key = (*s, "after_deal", i)
            players = self.expr((*key, "players"), scopes.AFTER_DEAL, T.list_of(T.PLAYER))
            points = self.expr((*key, "points"), scopes.AFTER_DEAL_POINTS, T.NUMBER)
            if players and points:
                after.append(M.AfterDeal(players, points))
        return M.Scoring(
            completed=self.expr((*s, "completed"), scopes.SCORING, T.NUMBER, default="standard.score"),  # type: ignore[arg-type]
            failed=self.expr((*s, "failed"), scopes.SCORING, T.NUMBER, default="0"),  # type: ignore[arg-type]
            after_deal=tuple(after),
            floor=self.floor((*s, "floor"), raw.get("floor")),
        )

    def floor(self, key: Key, raw: dict | None) -> M.Floor | None:
        if raw is None:
            return None
        debt = raw.get("debt")
        if debt is not None and debt not in self.vocab.marks:
            self.fail(
                (*key, "debt"),
                f"unknown mark '{debt}'",
                did_you_mean(debt, self.vocab.marks) or "declare it in game.marks",
            )
        return M.Floor(int(raw["score"]), debt, int(raw.get("debt_fades") or 0))

    def winning(self) -> M.Winning | None:
        w = ("game", "winning")
        raw = self.m.get(w)
        if raw is None:
            return None
        variants = {}
        for name in raw.get("variants") or {}:
            key = (*w, "variants", name)
            wins = self.expr((*key, "declarer_wins"), scopes.DECLARER_WINS, T.BOOL)
            target = self.expr((*key, "target"), scopes.WINNING, T.NUMBER)
            if wins:
                variants[name] = M.WinningVariant(name, wins, target)
        default = raw.get("default") or next(iter(variants), "")
        if variants and default not in variants:
            self.fail((*w, "default"), f"unknown winning variant '{default}'", did_you_mean(default, variants))
        return M.Winning(variants, default, self.expr((*w, "anyone_wins"), scopes.ANYONE_WINS, T.BOOL))

    # -- bids

    def bid(self, bid_id: str) -> M.Bid | None:
        b: Key = ("bids", bid_id)
        raw = self.m.bids[bid_id]
        kind = raw.get("kind")
        if kind is None:
            self.fail(b, f"bid '{bid_id}' needs a kind", "add 'kind: standard' or 'kind: special'")
            return None
        auctioned = self.m.get(("game", "auction")) is not None  # worth and score matter only then
        if raw.get("worth") is None and auctioned:
            self.fail(b, f"bid '{bid_id}' needs a worth", "add 'worth: N', its rank in the auction")
            return None
        if kind == "standard":
            if raw.get("score") is None and auctioned:
                self.fail(b, f"standard bid '{bid_id}' needs a score", "add 'score: N', the points for completing it")
            if raw.get("priority") not in (None, 0):
                self.fail((*b, "priority"), "standard bids have priority 0", "remove the priority")
        elif raw.get("score") is not None:
            self.fail((*b, "score"), "only standard bids have a score", "use 'bonus' for extra points")
        declarations: dict[str, T.Type] = {}
        steps = self.steps(b, raw, declarations)
        card_rule = {**scopes.CARD_RULE, **declarations}
        trick_rule = {**scopes.TRICK_RULE, **declarations}
        return M.Bid(
            id=bid_id,
            params={k: v for k, v in self.params.items() if k in (raw.get("params") or {})},
            kind=kind,
            worth=self.expr((*b, "worth"), scopes.WORTH, T.NUMBER, default="0"),  # type: ignore[arg-type]
            priority=raw.get("priority"),
            events_after=self.events_after(b, raw),
            score=self.expr((*b, "score"), scopes.DEAL, T.NUMBER),
            incompatible=tuple(raw.get("incompatible") or ()),
            trump=self.trump(b, raw, declarations),
            tricks=self.tricks(b, raw),
            steps=steps,
            tricks_adjust=tuple(raw.get("tricks_adjust") or ()),
            visible=self.visibility(b, raw, card_rule),
            plays_last=self.plays_last(b, raw, trick_rule),
            rank_order=self.rank_order(b, raw),
            trick_taker=self.trick_taker(b, raw, trick_rule),
            repeatable=self.repeatable(b, raw, kind),
            set_scores=self.set_scores(b, raw),
            zone_limits=self.zone_limits(b, raw, card_rule),
            melds=self.melds(b, raw, declarations),
            **self.plain_hooks(b, declarations),
            **self.marks(b, raw),
        )

    def plain_hooks(self, b: Key, declarations: dict[str, T.Type]) -> dict[str, Expression | None]:
        """The hook points that are one expression, compiled from their registry entry alone."""
        result = {}
        for hook in HOOKS.values():
            if hook.plain:
                names = {**getattr(scopes, hook.scope or ""), **(declarations if hook.with_declarations else {})}
                result[hook.name] = self.expr((*b, hook.name), names, T.Type(hook.result))
        return result

    def repeatable(self, b: Key, raw: dict, kind: str) -> Expression | None:
        if raw.get("repeatable") is None:
            return None
        if kind != "special":
            self.fail(
                (*b, "repeatable"), "only special bids can be repeated", "a combo bid holds exactly one standard bid"
            )
            return None
        return self.expr((*b, "repeatable"), scopes.AUCTION, T.NUMBER)

    def set_scores(self, b: Key, raw: dict) -> M.SetScores | None:
        if raw.get("set_scores") is None:
            return None
        key = (*b, "set_scores")
        players = self.expr((*key, "players"), scopes.DECLARER_WINS, T.list_of(T.PLAYER))
        to = self.expr((*key, "to"), scopes.DECLARER_WINS, T.NUMBER)
        return M.SetScores(players, to) if players and to else None

    def melds(self, b: Key, raw: dict, declarations: dict[str, T.Type]) -> tuple[M.Meld, ...]:
        names = {**scopes.MELD, **declarations}
        result = []
        for i, meld in enumerate(raw.get("melds") or []):
            key = (*b, "melds", i)
            lead = self.expr((*key, "lead"), names, T.BOOL)
            show = self.expr((*key, "show"), names, T.BOOL)
            points = self.expr((*key, "points"), names, T.NUMBER)
            if lead and show and points:
                result.append(M.Meld(meld["name"], lead, show, points))
        return tuple(result)

    def trump(self, b: Key, raw: dict, declarations: dict[str, T.Type]) -> M.Trump | None:
        t = raw.get("trump")
        if t is None:
            return None
        key = (*b, "trump")
        if ("chosen_by" in t) == ("suit" in t):
            self.fail(key, "trump needs either 'chosen_by' (a player chooses) or 'suit' (an expression)")
            return None
        own = {**scopes.DEAL, **declarations}
        return M.Trump(
            chosen_by=self.expr((*key, "chosen_by"), own, T.PLAYER),
            where=self.expr((*key, "where"), {**own, "suit": T.SUIT, "player": T.PLAYER}, T.BOOL),
            suit=self.expr((*key, "suit"), own, T.SUIT),
            after_each_trick=self.expr((*key, "after_each_trick"), {**scopes.TRICK_RULE, **declarations}, T.SUIT),
        )

    def tricks(self, b: Key, raw: dict) -> M.Tricks | None:
        if raw.get("tricks") is None:
            return None
        key = (*b, "tricks")
        others: dict[int, M.Tricks] = {}
        for i, entry in enumerate(raw["tricks"].get("for_players") or []):
            count = entry["players"]
            if count in others:
                self.fail((*key, "for_players", i, "players"), f"{count} players are given twice")
            others[count] = self.trick_counts((*key, "for_players", i), entry)
        return _replace(self.trick_counts(key, raw["tricks"]), for_players=others)

    def trick_counts(self, key: Key, raw: dict) -> M.Tricks:
        if "exactly" in raw and ("min" in raw or "max" in raw):
            self.fail(key, "'exactly' cannot be combined with 'min' or 'max'")
        return M.Tricks(
            min=self.expr((*key, "min"), scopes.DEAL, T.NUMBER),
            max=self.expr((*key, "max"), scopes.DEAL, T.NUMBER),
            exactly=self.expr((*key, "exactly"), scopes.DEAL, T.NUMBER),
        )

    def steps(self, b: Key, raw: dict, declarations: dict[str, T.Type]) -> tuple[M.Step, ...]:
        built: list[M.Step] = []
        hidden: set[str] = set()
        for i, step in enumerate(raw.get("steps") or []):
            ((kind, body),) = step.items()
            key = (*b, "steps", i, kind)
            make: Callable[..., M.Step | None] = getattr(self, f"step_{kind}")
            result = make(key, body, declarations, hidden)
            if result is not None:
                built.append(result)
        return tuple(built)

    def step_choose(self, key: Key, body: dict, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        own = {**scopes.DEAL, **declarations}
        who = self.expr_of((*key, "who"), own, (T.PLAYER, T.list_of(T.PLAYER)))
        element = scopes.CHOICE_TYPES[body["what"]]
        chooser = {**own, "player": T.PLAYER}
        source = None
        if body.get("from") is not None:
            source = self.expr((*key, "from"), chooser, T.list_of(element))
        elif element == T.NUMBER:
            self.fail(key, "a choice of a number needs 'from' (e.g. 0..hand_size)")
        elif element == T.DIRECTION:  # every direction of the language, in a fixed order
            source = self.expr((*key, "from"), chooser, T.list_of(element), default=_literal_list(DIRECTIONS))
        where = self.expr((*key, "where"), {**chooser, T.ELEMENT_NAMES[element]: element}, T.BOOL)
        name = body["as"]
        if name in own or name in scopes.CARD_RULE:
            self.fail((*key, "as"), f"'{name}' is already a name in rule expressions; choose another")
        count = self.count_value((*key, "count")) if body.get("count") is not None else None
        result: T.Type = T.list_of(element) if count else element
        if who is not None and who.type != T.PLAYER:
            if count:
                self.fail((*key, "count"), "when several players choose, each chooses one value")
            result = T.list_of(element)  # one value per chooser, in seat order
        declarations[name] = result
        if body.get("hidden"):
            hidden.add(name)
        if who is None:
            return None
        return M.Choose(
            who, body["what"], name, count, source, where, bool(body.get("hidden")), bool(body.get("optional"))
        )

    def step_reveal(self, key: Key, body: str, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        if body not in hidden:
            if body in declarations:
                self.fail(
                    key,
                    f"'{body}' is not hidden, so there is nothing to reveal",
                    "add 'hidden: true' to the choose step that makes it, or remove this step",
                )
            else:
                self.fail(
                    key,
                    f"nothing hidden is named '{body}' before this step",
                    did_you_mean(body, hidden) or _hidden_hint(hidden),
                )
            return None
        hidden.discard(body)
        return M.Reveal(body)

    def step_give(self, key: Key, body: dict, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        own = {**scopes.DEAL, **declarations}
        card = self.expr((*key, "card"), own, T.CARD)
        to = self.expr((*key, "to"), own, T.PLAYER)
        return M.Give(card, to) if card and to else None

    def step_pass_cards(self, key: Key, body: dict, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        own = {**scopes.DEAL, **declarations}
        senders = self.expr((*key, "senders"), own, T.list_of(T.PLAYER))
        direction_text = body["direction"]
        if direction_text in DIRECTIONS:
            direction: Expression | None = _constant(direction_text, T.DIRECTION)
        else:
            direction = self.expr((*key, "direction"), own, T.DIRECTION)
        count = self.count_value((*key, "count"))
        return M.PassCards(senders, count, direction) if senders and direction and count else None

    def step_zone(self, key: Key, body: dict, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        owner = self.expr((*key, "owner"), {**scopes.DEAL, **declarations}, T.PLAYER)
        size = self.count_value((*key, "size"))
        return M.Zone(body["name"], owner, size, bool(body.get("refill"))) if owner and size else None

    def step_deal_back(self, key: Key, body: dict, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        cards = self.expr((*key, "cards"), {**scopes.DEAL, **declarations}, T.list_of(T.CARD))
        name = body["as"]
        if name in scopes.DEAL or name in declarations or name in scopes.CARD_RULE:
            self.fail((*key, "as"), f"'{name}' is already a name in rule expressions; choose another")
        declarations[name] = T.list_of(T.CARD)
        return M.DealBack(cards, name, bool(body.get("face_up"))) if cards else None

    def count_value(self, key: Key, allow_zero: bool = False) -> int | None:
        """A number of cards or values: a whole number or a param name, known at load time."""
        expr = self.expr(key, scopes.BASE, T.NUMBER)
        if expr is None:
            return None
        least = 0 if allow_zero else 1
        if not expr.is_constant or not isinstance(expr.constant, int) or expr.constant < least:
            what = "a whole number (0 or more)" if allow_zero else "a positive whole number"
            self.fail(key, f"must be {what} or the name of a param")
            return None
        return int(expr.constant)

    def visibility(self, b: Key, raw: dict, card_rule: dict[str, T.Type]) -> tuple[M.Visibility, ...]:
        result = []
        players = (T.PLAYER, T.list_of(T.PLAYER))
        for i, _ in enumerate(raw.get("visible") or []):
            key = (*b, "visible", i)
            of = self.expr_of((*key, "of"), scopes.DEAL, players)
            cards = self.expr((*key, "cards"), card_rule, T.BOOL)
            to = self.expr_of((*key, "to"), scopes.DEAL, players) if self.m.get((*key, "to")) else None
            if of and cards:
                result.append(M.Visibility(of, cards, to))
        return tuple(result)

    def plays_last(self, b: Key, raw: dict, trick_rule: dict[str, T.Type]) -> M.PlaysLast | None:
        if raw.get("plays_last") is None:
            return None
        key = (*b, "plays_last")
        player = self.expr((*key, "player"), trick_rule, T.PLAYER)
        when = self.expr((*key, "when"), trick_rule, T.BOOL)
        return M.PlaysLast(player, when) if player else None

    def rank_order(self, b: Key, raw: dict) -> M.RankOrder | None:
        order = raw.get("rank_order")
        if order is None:
            return None
        lists = {}
        for end in ("lowest", "highest"):
            ranks = [str(r) for r in order.get(end, [])]
            for i, rank in enumerate(ranks):
                if rank not in self.vocab.ranks:
                    self.fail(
                        (*b, "rank_order", end, i), f"unknown rank '{rank}'", did_you_mean(rank, self.vocab.ranks)
                    )
            lists[end] = tuple(ranks)
        return M.RankOrder(lists["lowest"], lists["highest"])

    def trick_taker(self, b: Key, raw: dict, trick_rule: dict[str, T.Type]) -> M.TrickTaker | None:
        if raw.get("trick_taker") is None:
            return None
        key = (*b, "trick_taker")
        when = self.expr((*key, "when"), trick_rule, T.BOOL)
        chosen_by = self.expr((*key, "chosen_by"), trick_rule, T.PLAYER)
        to = (
            self.expr_of((*key, "to"), trick_rule, (T.PLAYER, T.list_of(T.PLAYER)))
            if self.m.get((*key, "to"))
            else None
        )
        options = raw["trick_taker"]
        if not (when and chosen_by):
            return None
        return M.TrickTaker(when, chosen_by, to, bool(options.get("optional")), bool(options.get("once")))

    def events_after(self, b: Key, raw: dict) -> tuple[str, ...]:
        names = tuple(raw.get("events_after") or ())
        for i, name in enumerate(names):
            if name == b[-1]:
                self.fail((*b, "events_after", i), f"bid '{name}' cannot come after itself")
            elif name not in self.m.bids:
                self.fail((*b, "events_after", i), f"unknown bid '{name}'", did_you_mean(name, self.m.bids))
        return names

    def marks(self, b: Key, raw: dict) -> dict[str, dict[str, int]]:
        """``marks: {when: …, add: {mark: n}}`` (or a list of them) as the compiled bid's ``marks_on_<when>`` fields."""
        entries = raw.get("marks") or []
        result: dict[str, dict[str, int]] = {}
        for i, entry in enumerate(entries if isinstance(entries, list) else [entries]):
            key = (*b, "marks", i) if isinstance(entries, list) else (*b, "marks")
            field_name = MARK_MOMENTS[entry["when"]]
            if field_name in result:
                self.fail(
                    (*key, "when"), f"marks 'when: {entry['when']}' is given twice", "add the marks into one entry"
                )
            for name in entry["add"]:
                if name not in self.vocab.marks:
                    self.fail_key(
                        (*key, "add", name),
                        f"unknown mark '{name}'",
                        did_you_mean(name, self.vocab.marks) or "declare it in game.marks",
                    )
            result[field_name] = dict(entry["add"])
        return result

    def zone_limits(self, b: Key, raw: dict, card_rule: dict[str, T.Type]) -> tuple[M.ZoneLimit, ...]:
        result = []
        for i, limit in enumerate(raw.get("zone_limits") or []):
            key = (*b, "zone_limits", i)
            if limit["zone"] not in self.vocab.zones:
                self.fail(
                    (*key, "zone"),
                    f"no bid makes a zone named '{limit['zone']}'",
                    did_you_mean(limit["zone"], self.vocab.zones),
                )
                continue
            forbid = self.expr((*key, "forbid"), card_rule, T.BOOL)
            if forbid:
                result.append(M.ZoneLimit(limit["zone"], forbid))
        return tuple(result)

    # -- incompatibilities and groups

    def group_members(self, bids: dict[str, M.Bid], groups: dict[str, Expression]) -> dict[str, tuple[str, ...]]:
        members = {}
        for name, condition in groups.items():
            chosen = []
            for bid in bids.values():
                belongs = self.in_group(name, condition, bid)
                if belongs is None:
                    break  # one message per group is enough
                if belongs:
                    chosen.append(bid.id)
            members[name] = tuple(chosen)
        return members

    def in_group(self, name: str, condition: Expression, bid: M.Bid) -> bool | None:
        """Whether ``bid`` belongs to group ``name``; None (and a problem) when that depends on the combo.

        A worth or score written as ``3 if … else 1`` is tried with each value it can take;
        one that cannot be known before the auction makes any use of it a problem.
        """
        worths = _fixed_values(bid.worth, "worth")
        scores = [0] if bid.score is None else _fixed_values(bid.score, "score")
        base = facts(bid)
        answers = set()
        try:
            for worth in worths:
                for score in scores:
                    answers.add(bool(condition({"bid": _replace(base, worth=worth, score=score)})))
        except _DependsOnCombo as exc:
            varying = [exc.fact]
        except TypeError:  # an unknown fact met Fraction() or the like
            varying = [v.fact for v in (*worths, *scores) if isinstance(v, _Unknown)] or ["worth"]
        except EvaluationError as exc:
            self.fail(("groups", name), f"group '{name}' fails for bid '{bid.id}': {exc.message}")
            return None
        else:
            if len(answers) == 1:
                return answers == {True}
            varying = [fact for fact, values in (("worth", worths), ("score", scores)) if len(values) > 1]
        self.fail(
            ("groups", name),
            f"group '{name}' cannot tell whether bid '{bid.id}' belongs to it: "
            f"its {' and '.join(varying)} {'depend' if len(varying) > 1 else 'depends'} on the combo",
            "name the bids in 'incompatible' one by one instead",
        )
        return None

    def resolve_incompatibilities(
        self, bids: dict[str, M.Bid], members: dict[str, tuple[str, ...]]
    ) -> dict[str, M.Bid]:
        """Expand group names and make the relation symmetric (A excludes B ⇒ B excludes A)."""
        excluded: dict[str, set[str]] = {bid_id: set() for bid_id in bids}
        for bid in bids.values():
            for i, name in enumerate(bid.incompatible):
                if name in bids:
                    targets: tuple[str, ...] = (name,)
                elif name in members:
                    targets = members[name]
                else:
                    self.fail(
                        ("bids", bid.id, "incompatible", i),
                        f"'{name}' is neither a bid nor a group",
                        did_you_mean(name, [*bids, *members]),
                    )
                    continue
                if bid.id in targets:
                    self.fail(("bids", bid.id, "incompatible", i), f"bid '{bid.id}' cannot be incompatible with itself")
                for target in targets:
                    excluded[bid.id].add(target)
                    excluded[target].add(bid.id)
        return {bid_id: _replace(bid, incompatible_ids=frozenset(excluded[bid_id])) for bid_id, bid in bids.items()}


def facts(bid: M.Bid) -> M.BidFacts:
    """The ``bid`` value expressions see, for a bid whose worth does not depend on the combo."""
    worth = bid.worth.constant if bid.worth.is_constant else None
    # Special bids score nothing themselves (types.py: "0 for special bids").
    score = 0 if bid.score is None else bid.score.constant if bid.score.is_constant else None
    return M.BidFacts(bid.id, bid.kind, bid.has_trump, worth, bid.event_priority, score, least_tricks(bid.tricks))


def least_tricks(tricks: M.Tricks | None, env: Mapping[str, Any] | None = None) -> Any:
    """The fewest tricks a requirement asks for: its min or exactly (0 when it sets none).

    Without ``env`` only a constant counts (the table's figure); with it, any expression.
    """
    for bound in (tricks.exactly, tricks.min) if tricks is not None else ():
        if bound is not None and (bound.is_constant or env is not None):
            return bound.constant if bound.is_constant else bound(env)
    return 0


def _replace(obj: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(obj, **changes)


def _hidden_hint(hidden: set[str]) -> str:
    if hidden:
        return "hidden so far: " + ", ".join(sorted(hidden))
    return "a choose step with 'hidden: true' must come first"


class _DependsOnCombo(Exception):
    """Raised when an expression looks at a bid fact that is known only in a combo."""

    def __init__(self, fact: str) -> None:
        super().__init__(fact)
        self.fact = fact


class _Unknown:
    """A bid fact that depends on the combo: any use of it raises :class:`_DependsOnCombo`."""

    def __init__(self, fact: str) -> None:
        self.fact = fact

    def _refuse(self, *args: Any) -> Any:
        raise _DependsOnCombo(self.fact)

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse  # type: ignore[assignment]
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse
    __truediv__ = __rtruediv__ = __mod__ = __rmod__ = __neg__ = __abs__ = __bool__ = _refuse
    __hash__ = __index__ = __int__ = __float__ = __floor__ = _refuse  # type: ignore[assignment]


def _fixed_values(expression: Expression, fact: str) -> list[Any]:
    """The values a bid's worth or score can take before the auction (an unknown when open)."""
    values = expression.possible_values()
    return values if values else [_Unknown(fact)]
