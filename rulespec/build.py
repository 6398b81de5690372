"""Compiling merged rule data into the :mod:`rulespec.model` objects.

Every expression is compiled here, once, against the scope of the place it stands in
(:mod:`rulespec.scopes`). Problems are collected, not raised one by one, so ``whist check``
reports every broken place of a file in one run.
"""

from __future__ import annotations

from typing import Any

from rulespec import model as M
from rulespec import scopes
from rulespec import types as T
from rulespec.buildbase import _ALL_SCOPES, DIRECTIONS, _constant
from rulespec.buildbid import BidBuilder
from rulespec.compiler import FUNCTIONS as _FUNCTION_NAMES
from rulespec.compiler import EvaluationError, Expression, Vocabulary
from rulespec.dealsize import deal_problems
from rulespec.declaredoptions import OPTION_TYPES, declared_options, option_kind
from rulespec.errors import RuleErrors, did_you_mean
from rulespec.groupfacts import DependsOnCombo, Unknown, fixed_values, replace_fields
from rulespec.loader import Key
from rulespec.namehints import bid_hint
from rulespec.namespaces import name_clashes
from rulespec.trumpsource import trump_problems


class Builder(BidBuilder):
    """Builds one :class:`~rulespec.model.RuleSet` from :class:`~rulespec.loader.Merged` data."""

    # -- the whole rule set

    def build(self) -> M.RuleSet:
        deck = self.deck()
        self.vocab = self.vocabulary(deck)
        game_params = self.checked_params(("game", "params"), {})
        self.params = dict(game_params)
        game = self.game(deck)
        if deck is not None and deck.suits and not self.errors:  # (only a deck built whole can be counted)
            for key, message, hint in deal_problems(game, self.m):
                self.fail(key, message, hint)
        built: dict[str, M.Bid | None] = {}
        for bid_id in self.m.bids:
            self.params = {**game_params, **self.checked_params(("bids", bid_id, "params"), game_params)}
            built[bid_id] = self.bid(bid_id)
        self.params = dict(game_params)
        compiled = {name: self.expr(("groups", name), scopes.GROUP, T.BOOL) for name in self.m.groups}
        if self.errors:
            raise RuleErrors(self.errors)
        # no errors: every bid and group compiled (None only ever comes with an error)
        bids = {bid_id: bid for bid_id, bid in built.items() if bid is not None}
        groups = {name: group for name, group in compiled.items() if group is not None}
        members = self.group_members(bids, groups)
        bids = self.resolve_incompatibilities(bids, members)
        for key, message, hint in [*trump_problems(game, bids), *name_clashes(self.m, self.newest)]:
            self.fail(key, message, hint)
        if self.errors:
            raise RuleErrors(self.errors)
        return M.RuleSet(
            name=self.m.name,
            version=self.m.version,
            game=game,
            bids=bids,
            groups=groups,
            group_members=members,
            lineage=tuple(self.m.lineage),
            sources=tuple(self.m.sources),
        )

    def vocabulary(self, deck: M.Deck | None) -> Vocabulary:
        raw = self.m.get(("game", "options")) or {}
        options = {name: OPTION_TYPES[option_kind(spec, self.m.first_defaults.get(name))] for name, spec in raw.items()}
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
            removal_key = ("game", "deck", "remove", i)
            when = self.expr((*removal_key, "when"), scopes.SETUP, T.BOOL, default="true")
            cards = []
            for j, text in enumerate(raw.get("cards", [])):
                card = self.card_name((*removal_key, "cards", j), str(text), suits, ranks)
                if card:
                    cards.append(card)
            removed_ranks = []
            for j, rank in enumerate(raw.get("ranks", [])):
                if str(rank) not in ranks:
                    self.fail((*removal_key, "ranks", j), f"unknown rank '{rank}'", did_you_mean(str(rank), ranks))
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
        hand_size = self.expr_or_default((*g, "deal", "hand_size"), scopes.SETUP, T.NUMBER, "13")
        stock = self.m.get((*g, "deal", "stock"))
        set_aside = 0
        if self.m.get((*g, "deal", "set_aside")) is not None:
            set_aside = self.count_value((*g, "deal", "set_aside"), allow_zero=True) or 0
        deal = M.DealRules(
            hand_size=hand_size,
            first_dealer=self.m.get((*g, "deal", "first_dealer")) or "random",
            next_dealer=self.m.get((*g, "deal", "next_dealer")) or "left",
            set_aside=set_aside or 0,
            stock=None if stock is None else M.Stock(int(stock.get("face_up", 0))),
        )
        play = M.PlayRules(
            first_leader=self.expr_or_default((*g, "play", "first_leader"), scopes.DEAL, T.PLAYER, "left_of(dealer)"),
            follow_suit=self.m.get((*g, "play", "follow_suit")) is not False,
            must_trump=self.m.get((*g, "play", "must_trump")) is True,
            trump=self.expr((*g, "play", "trump"), scopes.DEAL, T.SUIT),
            close_when=self.expr((*g, "play", "close_when"), scopes.DEAL, T.BOOL),
            after_trick=self.trick_steps((*g, "play", "after_trick")),
        )
        options = self.m.get((*g, "options"))
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
            options=declared_options(options, (*g, "options"), self.fail, self.newest, self.m.first_defaults),
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
            self.fail(key, f"unknown bid '{bid_id}'", bid_hint(bid_id, self.m.bids, self.m.lineage))

    def auction(self) -> M.Auction | None:
        a = ("game", "auction")
        raw = self.m.get(a)
        if raw is None:
            return None
        combo = raw.get("combo") or {}
        return M.Auction(
            first_bidder=self.expr_or_default((*a, "first_bidder"), scopes.AUCTION_START, T.PLAYER, "left_of(dealer)"),
            may_bid=self.expr_or_default((*a, "may_bid"), scopes.AUCTION, T.BOOL, "true"),
            minimum_worth=self.minimum_worth((*a, "minimum_worth")),
            beats=self.expr_or_default((*a, "beats"), scopes.BEATS, T.BOOL, "bid.worth > lead.worth"),
            combo_standard=combo.get("standard", "one"),
            combo_special=combo.get("special", "any_distinct"),
            all_pass=raw.get("all_pass", "redeal_same_dealer"),
            time_limits=dict(raw.get("time_limits") or {}),
            forbid_impossible=raw.get("forbid_impossible") is True,
            combo_worth=self.expr((*a, "combo_worth"), scopes.COMBO_WORTH, T.NUMBER),
        )

    def minimum_worth(self, key: Key) -> Expression:
        """The least worth of a combo bid: an expression (default 1), or ``false`` for none at all."""
        value = self.m.get(key)
        if value is False:
            return _constant(M.NO_MINIMUM, T.NUMBER)
        if value is True:
            self.fail(key, "'minimum_worth: true' says nothing", "give the least worth, or 'false' for no minimum")
        return self.expr_or_default(key, scopes.AUCTION, T.NUMBER, "1")

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
            completed=self.expr_or_default((*s, "completed"), scopes.SCORING, T.NUMBER, "standard.score"),
            failed=self.expr_or_default((*s, "failed"), scopes.SCORING, T.NUMBER, "0"),
            after_deal=tuple(after),
            floor=self.floor((*s, "floor"), raw.get("floor")),
        )

    def floor(self, key: Key, raw: dict[str, Any] | None) -> M.Floor | None:
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
        worths = fixed_values(bid.worth, "worth")
        scores = [0] if bid.score is None else fixed_values(bid.score, "score")
        base = facts(bid)
        answers = set()
        try:
            for worth in worths:
                for score in scores:
                    answers.add(bool(condition({"bid": replace_fields(base, worth=worth, score=score)})))
        except DependsOnCombo as exc:
            varying = [exc.fact]
        except TypeError:  # an unknown fact met Fraction() or the like
            varying = [v.fact for v in (*worths, *scores) if isinstance(v, Unknown)] or ["worth"]
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
                    hint = bid_hint(name, [*bids, *members], self.m.lineage)  # (a bid's name in any language too)
                    self.fail(("bids", bid.id, "incompatible", i), f"'{name}' is neither a bid nor a group", hint)
                    continue
                if bid.id in targets:
                    self.fail(("bids", bid.id, "incompatible", i), f"bid '{bid.id}' cannot be incompatible with itself")
                for target in targets:
                    excluded[bid.id].add(target)
                    excluded[target].add(bid.id)
        return {
            bid_id: replace_fields(bid, incompatible_ids=frozenset(excluded[bid_id])) for bid_id, bid in bids.items()
        }


def facts(bid: M.Bid) -> M.BidFacts:
    """The ``bid`` value expressions see, for a bid whose worth does not depend on the combo."""
    worth = bid.worth.constant if bid.worth.is_constant else None
    # Special bids score nothing themselves (types.py: "0 for special bids").
    score = 0 if bid.score is None else bid.score.constant if bid.score.is_constant else None
    return M.BidFacts(bid.id, bid.kind, bid.has_trump, worth, bid.event_priority, score, least_tricks(bid.tricks))


def least_tricks(tricks: M.Tricks | None, env: dict[str, Any] | None = None) -> Any:
    """The fewest tricks a requirement asks for: its min or exactly (0 when it sets none). Without
    ``env`` only a constant counts (the table's figure); with it, any expression."""
    for bound in (tricks.exactly, tricks.min) if tricks is not None else ():
        if bound is not None and bound.is_constant:
            return bound.constant
        if bound is not None and env is not None:
            return bound(env)
    return 0


def least_tricks_fixed(tricks: M.Tricks | None) -> bool:
    """Whether :func:`least_tricks` of ``tricks`` is a constant (the same in every deal)."""
    bound = next((b for b in ((tricks.exactly, tricks.min) if tricks is not None else ()) if b is not None), None)
    return bound is None or bound.is_constant
