"""The words of ``whist diff``: values, players, directions, steps and field names as the locale says them.

:class:`Wording` reads labels ``diff_*`` of ``locales/<lang>/ui.yaml`` (never counted as
missing) and the two rule sets' own names; :mod:`whist.diff` uses it to word each change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulespec import diff as D
from rulespec.expressions import ExpressionSyntaxError, Node, call_of_name, name_path, parse
from rulespec.locale import Texts, text_at
from rulespec.markdown import code as md_code
from rulespec.matchtext import hand_words, planned_from_data
from rulespec.numbers import shown_number
from rulespec.placeholders import fill


@dataclass
class Wording:
    """Words for the changes between two rule sets: labels, and each side's names."""

    old: Texts
    new: Texts

    # --- looking texts up ------------------------------------------------------------------

    def optional(self, key: str, **values: Any) -> str | None:
        """The label ``key`` when the language (or English) has it, else None (never counted as missing)."""
        for data in (self.new.data, self.new.fallback):
            text = text_at(data, f"labels.{key}")
            if text is not None:
                return fill(text, values, literal=self.new.escape)  # escaped as Texts.get escapes
        return None

    def label(self, key: str, **values: Any) -> str:
        return self.new.label(key, **values)

    def group_name(self, name: str) -> str:
        """A group by its name in the newer rule set's texts, else the older one's, else its id."""
        for texts in (self.new, self.old):
            for data in (texts.data, texts.fallback):
                words = (data.get("groups") or {}).get(name)
                if isinstance(words, str) and words.strip():
                    return self.new.escape(words) if self.new.escape else words
        return name

    def bid_name(self, bid_id: str, side: str = "new") -> str:
        """A bid's name in every line after the list of renames: the newer rule set's name of a bid
        both sides have (a rename is said once, in that list; a line after it in the older name
        read as a bid that no longer exists), the older one's of a bid only it has (removed), else
        the name on ``side``."""
        for texts in (self.new, self.old):
            if texts.rules is not None and bid_id in texts.rules.bids:
                return texts.bid_name(bid_id)
        return (self.old if side == "old" else self.new).bid_name(bid_id)

    def auctioned(self, side: str = "new") -> bool:
        """Whether that side's game has an auction (else its bids are kinds of hand, with no rank)."""
        rules = (self.old if side == "old" else self.new).rules
        return rules is None or rules.game.auction is not None

    def hands(self, value: Any, side: str) -> str | None:
        """A match schedule (or a chosen hand's ``from`` list) by the hands' names, in order (None: absent)."""
        if value is None:
            return None
        if not isinstance(value, list):
            value = [value]
        texts = self.old if side == "old" else self.new
        return "; ".join(hand_words(planned_from_data(hand), texts) for hand in value) or self.label("none")

    # --- values ----------------------------------------------------------------------------

    def value(self, value: Any) -> str:
        """A value as a changelog shows it: ``3``, ``1 or 3``, ``yes``, `` `expr` ``, ``a, b``."""
        if value is None:
            return self.label("none")
        if isinstance(value, bool):
            return self.label("yes" if value else "no")
        if D.is_expression(value):
            values = value.get("values")
            if values:
                ordered = sorted(values) if all(isinstance(v, int) for v in values) else values
                return f" {self.label('or')} ".join(shown_number(v) for v in ordered)
            return md_code(str(value["expr"]))
        if isinstance(value, list):
            return ", ".join(self.value(v) for v in value) or self.label("none")
        if isinstance(value, dict):
            return ", ".join(f"{self.field_name(str(k))}: {self.value(v)}" for k, v in value.items())
        if isinstance(value, str) and self.new.escape:  # a text param or option: the file's words, escaped
            return self.new.escape(value)
        return shown_number(value)

    def who(self, value: Any) -> str:
        """A player or players: ``the declarer``, ``the player on the declarer's right``, else the value."""
        source = value["expr"] if D.is_expression(value) else value
        if isinstance(source, str):
            words = self._who_words(source.strip())
            if words is not None:
                return words
        return self.value(value)

    def _who_words(self, source: str) -> str | None:
        try:
            return self._who_node(parse(source))
        except ExpressionSyntaxError:
            return None

    def _who_node(self, node: Node) -> str | None:
        """``declarer`` → "the declarer"; ``left(declarer)`` → "the player on the declarer's left"."""
        name = name_path(node)
        if name is not None:
            return self.optional(f"diff_who_{name}")
        call = call_of_name(node)
        if call is None:
            return None
        inner = self._who_node(call[1])
        return None if inner is None else self.optional(f"diff_who_{call[0]}", who=inner)

    def direction(self, value: Any, chosen_by: Any = None) -> str:
        if chosen_by is not None:
            return self.label("diff_chosen_by_value", who=self.who(chosen_by))
        if isinstance(value, str):
            return self.optional(f"diff_dir_{value}") or value
        return self.value(value)

    def tricks(self, value: Any) -> str:
        """A ``tricks`` hook as the tables print it: ``min. 5``, ``0``, ``5–7``."""
        if not isinstance(value, dict):
            return self.label("tricks_see_rules") if value is None else self.value(value)
        text = self._requirement({k: v for k, v in value.items() if k != "for_players"})
        for other in value.get("for_players") or ():  # e.g. a three-player table
            requirement = self._requirement({k: v for k, v in other.items() if k != "players"})
            text = self.label("tricks_for_players", text=text, players=other["players"], other=requirement)
        return text

    def _requirement(self, value: dict[str, Any]) -> str:
        n = {k: self.value(v) for k, v in value.items()}
        if _name_of(value.get("exactly")) == "hand_size":  # every trick of the hand, as the tables say
            return self.label("tricks_all")
        if "exactly" in n:
            return self.label("tricks_exactly", n=n["exactly"])
        if "min" in n and "max" in n:
            return self.label("tricks_range", min=n["min"], max=n["max"])
        if "min" in n:
            return self.label("tricks_min", n=n["min"])
        return self.label("tricks_max", n=n.get("max", "?"))

    def field_name(self, path: str) -> str:
        """A field as people read it: its own label (``diff_field_<path>``, longest prefix first),
        the rest of the path a word per key (``diff_key_<key>``): ``winning variant Classic / target``."""
        parts = path.split(".")
        for cut in range(len(parts), 0, -1):
            head = self.optional("diff_field_" + "_".join(parts[:cut]))
            if head is not None:
                rest = [self._part(p) for p in parts[cut:]]
                return " ".join([head, " / ".join(rest)]) if rest else head
        return " / ".join(self._part(p) for p in parts)

    def _part(self, part: str) -> str:
        """A part of a path: a list index as ``#1``, a step by its kind and what it declares
        (``choose:given``), a winning variant by its label (``Classic``), a key by its word, else as written."""
        if part.isdecimal():
            return f"#{int(part) + 1}"
        kind, _, name = part.partition(":")
        if name:  # a step's label (rulespec.diff.step_label), ``#2`` for a second one of the same
            name, _, nth = name.partition("#")
            quoted = self.label("quoted", text=self._declaration(name, "new"))
            return " ".join(filter(None, (self.key(kind), quoted, nth and f"#{nth}")))
        return self._named_variant(part) or self.key(part)

    def key(self, key: str) -> str:
        """A key of a rule file in words (``diff_key_forbid_impossible``), else as written."""
        return self.optional(f"diff_key_{key}") or key

    def param(self, name: str) -> str:
        """A named value of a rule set (``params``): ``parameter `shame_score```; the name is what expressions use."""
        return self.label("diff_param", param=md_code(name))

    def variant(self, name: str) -> str:
        """A winning variant by its name (``variants.classic``: Classic), else its id."""
        return self._named_variant(name) or name

    def _named_variant(self, name: str) -> str | None:
        """A winning variant's name in the newer rule set's texts, else the older one's, else None."""
        for texts in (self.new, self.old):
            if texts.has(f"variants.{name}"):
                return texts.variant_name(name)
        return None

    def removals(self, value: Any) -> str:
        """``deck.remove`` as people read it: ``7C, all 8, 9, 10 (when `player_count == 3`)``."""
        if not isinstance(value, list):
            return self.value(value)
        parts = []
        for removal in value:
            cards = [str(c) for c in removal.get("cards", [])]
            if removal.get("ranks"):
                cards.append(self.label("diff_removal_ranks", ranks=", ".join(map(str, removal["ranks"]))))
            parts.append(self.label("diff_removal", cards=", ".join(cards), when=self.value(removal.get("when"))))
        return "; ".join(parts) or self.label("none")

    # --- steps -----------------------------------------------------------------------------

    def step(self, step: Any, side: str) -> str:
        kind = D.step_kind(step)
        body = step.get(kind) if isinstance(step, dict) else None
        if kind == "choose" and isinstance(body, dict):
            what = self._declaration(body.get("as", ""), side)
            return self.label("diff_step_choose", who=self.who(body.get("who")), what=what)
        if kind == "pass_cards" and isinstance(body, dict):
            return self.label(
                "diff_step_pass_cards",
                senders=self.who(body.get("senders")),
                count=self.value(body.get("count")),
                direction=self.direction(body.get("direction")),
            )
        if isinstance(body, str):  # reveal: NAME
            return f"{self.key(kind)}: {self.label('quoted', text=self._declaration(body, side))}"
        return f"{self.key(kind)}: {self.value(body)}"

    def _declaration(self, name: str, side: str) -> str:
        texts = self.old if side == "old" else self.new
        for data in (texts.data, texts.fallback):
            words = (data.get("declarations") or {}).get(name)
            if isinstance(words, str) and words.strip():
                return self.new.escape(words) if self.new.escape else words
        return name


def _name_of(value: Any) -> str | None:
    """The name an exported expression is, when it is nothing but one (read from its parse tree)."""
    if not D.is_expression(value):
        return None
    try:
        return name_path(parse(str(value["expr"])))
    except ExpressionSyntaxError:
        return None
