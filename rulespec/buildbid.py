"""Building one bid: its table facts and each hook point (see :mod:`rulespec.hooks`).

The plain expression hook points are compiled from their registry entry alone
(:meth:`BidBuilder.plain_hooks`); the others have one method each here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulespec import model as M
from rulespec import scopes
from rulespec import types as T
from rulespec.buildbase import DIRECTIONS, BuilderBase, _constant, _literal_list
from rulespec.compiler import Expression
from rulespec.errors import did_you_mean
from rulespec.functions import ANSWERED
from rulespec.groupfacts import replace_fields
from rulespec.hooks import HOOKS, MARK_MOMENTS
from rulespec.loader import Key
from rulespec.namehints import bid_hint

#: A mapping of the merged rule data (a bid, a step, a hook point's body).
Raw = dict[str, Any]


class BidBuilder(BuilderBase):
    """Builds the bids of a rule set (a mixin of :class:`rulespec.build.Builder`)."""

    # -- bids

    def bid(self, bid_id: str) -> M.Bid | None:
        b: Key = ("bids", bid_id)
        raw = self.m.bids[bid_id]
        kind = raw.get("kind")
        if kind is None:
            # (a bid no parent has: often a changed bid's id mistyped, so the closest one is named first)
            close = bid_hint(bid_id, [other for other in self.m.bids if other != bid_id], self.m.lineage)
            add = "add 'kind: standard' or 'kind: special'"
            self.fail(b, f"bid '{bid_id}' needs a kind", f"{close} Or, for a new bid, {add}" if close else add)
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
        if raw.get("partners") is not None and not auctioned:  # (a match's hands have no declarer to side with)
            self.fail((*b, "partners"), "partners are the declarer's, and this game has no declarer", "remove it")
        declarations: dict[str, T.Type] = {}
        steps = self.steps(b, raw, declarations)
        card_rule = {**scopes.CARD_RULE, **declarations}
        trick_rule = {**scopes.TRICK_RULE, **declarations}
        return M.Bid(
            id=bid_id,
            params={k: v for k, v in self.params.items() if k in (raw.get("params") or {})},
            kind=kind,
            worth=self.expr_or_default((*b, "worth"), scopes.WORTH, T.NUMBER, "0"),
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

    def plain_hooks(self, b: Key, declarations: dict[str, T.Type]) -> dict[str, Any]:
        """The hook points that are one expression, compiled from their registry entry alone."""
        result = {}
        for hook in HOOKS.values():
            if hook.plain:
                names = {**getattr(scopes, hook.scope or ""), **(declarations if hook.with_declarations else {})}
                result[hook.name] = self.expr((*b, hook.name), names, T.by_name(hook.result))
        return result

    def parts(self, key: Key, names: dict[str, T.Type], **expected: T.Type) -> list[Expression | None]:
        """The expressions of a hook point's body at ``key``, each compiled to its type (in order,
        so errors come in the order written here); None for a part absent or in error."""
        return [self.expr((*key, part), names, result) for part, result in expected.items()]

    def repeatable(self, b: Key, raw: Raw, kind: str) -> Expression | None:
        if raw.get("repeatable") is None:
            return None
        if kind != "special":
            self.fail(
                (*b, "repeatable"), "only special bids can be repeated", "a combo bid holds exactly one standard bid"
            )
            return None
        return self.expr((*b, "repeatable"), scopes.AUCTION, T.NUMBER)

    def set_scores(self, b: Key, raw: Raw) -> M.SetScores | None:
        if raw.get("set_scores") is None:
            return None
        key = (*b, "set_scores")
        players = self.expr((*key, "players"), scopes.DECLARER_WINS, T.list_of(T.PLAYER))
        to = self.expr((*key, "to"), scopes.SET_SCORE, T.NUMBER)  # (each player in turn: player.score + 3)
        return M.SetScores(players, to) if players and to else None

    def melds(self, b: Key, raw: Raw, declarations: dict[str, T.Type]) -> tuple[M.Meld, ...]:
        names = {**scopes.MELD, **declarations}
        result = []
        for i, meld in enumerate(raw.get("melds") or []):
            lead, show, points = self.parts((*b, "melds", i), names, lead=T.BOOL, show=T.BOOL, points=T.NUMBER)
            if lead and show and points:
                result.append(M.Meld(meld["name"], lead, show, points))
        return tuple(result)

    def trump(self, b: Key, raw: Raw, declarations: dict[str, T.Type]) -> M.Trump | None:
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

    def tricks(self, b: Key, raw: Raw) -> M.Tricks | None:
        if raw.get("tricks") is None:
            return None
        key = (*b, "tricks")
        others: dict[int, M.Tricks] = {}
        for i, entry in enumerate(raw["tricks"].get("for_players") or []):
            count = entry["players"]
            if count in others:
                self.fail((*key, "for_players", i, "players"), f"{count} players are given twice")
            others[count] = self.trick_counts((*key, "for_players", i), entry)
        return replace_fields(self.trick_counts(key, raw["tricks"]), for_players=others)

    def trick_counts(self, key: Key, raw: Raw) -> M.Tricks:
        if "exactly" in raw and ("min" in raw or "max" in raw):
            self.fail(key, "'exactly' cannot be combined with 'min' or 'max'")
        return M.Tricks(
            min=self.expr((*key, "min"), scopes.DEAL, T.NUMBER),
            max=self.expr((*key, "max"), scopes.DEAL, T.NUMBER),
            exactly=self.expr((*key, "exactly"), scopes.DEAL, T.NUMBER),
        )

    def steps(self, b: Key, raw: Raw, declarations: dict[str, T.Type]) -> tuple[M.Step, ...]:
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

    def step_choose(self, key: Key, body: Raw, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
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
        declarations[ANSWERED + name] = T.list_of(T.PLAYER)  # for answered(name) in what comes after
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

    def step_give(self, key: Key, body: Raw, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        own = {**scopes.DEAL, **declarations}
        card = self.expr((*key, "card"), own, T.CARD)
        to = self.expr((*key, "to"), own, T.PLAYER)
        return M.Give(card, to) if card and to else None

    def step_pass_cards(self, key: Key, body: Raw, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        own = {**scopes.DEAL, **declarations}
        senders = self.expr((*key, "senders"), own, T.list_of(T.PLAYER))
        direction_text = body["direction"]
        if direction_text in DIRECTIONS:
            direction: Expression | None = _constant(direction_text, T.DIRECTION)
        else:
            direction = self.expr((*key, "direction"), own, T.DIRECTION)
        count = self.count_value((*key, "count"))
        return M.PassCards(senders, count, direction) if senders and direction and count else None

    def step_zone(self, key: Key, body: Raw, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
        owner = self.expr((*key, "owner"), {**scopes.DEAL, **declarations}, T.PLAYER)
        size = self.count_value((*key, "size"))
        return M.Zone(body["name"], owner, size, bool(body.get("refill"))) if owner and size else None

    def step_deal_back(self, key: Key, body: Raw, declarations: dict[str, T.Type], hidden: set[str]) -> M.Step | None:
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

    def visibility(self, b: Key, raw: Raw, card_rule: dict[str, T.Type]) -> tuple[M.Visibility, ...]:
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

    def plays_last(self, b: Key, raw: Raw, trick_rule: dict[str, T.Type]) -> M.PlaysLast | None:
        if raw.get("plays_last") is None:
            return None
        player, when = self.parts((*b, "plays_last"), trick_rule, player=T.PLAYER, when=T.BOOL)
        return M.PlaysLast(player, when) if player else None

    def rank_order(self, b: Key, raw: Raw) -> M.RankOrder | None:
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

    def trick_taker(self, b: Key, raw: Raw, trick_rule: dict[str, T.Type]) -> M.TrickTaker | None:
        if raw.get("trick_taker") is None:
            return None
        key = (*b, "trick_taker")
        when, chosen_by = self.parts(key, trick_rule, when=T.BOOL, chosen_by=T.PLAYER)
        to = (
            self.expr_of((*key, "to"), trick_rule, (T.PLAYER, T.list_of(T.PLAYER)))
            if self.m.get((*key, "to"))
            else None
        )
        options = raw["trick_taker"]
        if not (when and chosen_by):
            return None
        return M.TrickTaker(when, chosen_by, to, bool(options.get("optional")), bool(options.get("once")))

    def events_after(self, b: Key, raw: Raw) -> tuple[str, ...]:
        names = tuple(raw.get("events_after") or ())
        for i, name in enumerate(names):
            if name == b[-1]:
                self.fail((*b, "events_after", i), f"bid '{name}' cannot come after itself")
            elif name not in self.m.bids:
                self.fail((*b, "events_after", i), f"unknown bid '{name}'", bid_hint(name, self.m.bids, self.m.lineage))
        return names

    def marks(self, b: Key, raw: Raw) -> dict[str, Any]:
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

    def zone_limits(self, b: Key, raw: Raw, card_rule: dict[str, T.Type]) -> tuple[M.ZoneLimit, ...]:
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


def _hidden_hint(hidden: set[str]) -> str:
    if hidden:
        return "hidden so far: " + ", ".join(sorted(hidden))
    return "a choose step with 'hidden: true' must come first"
