"""Wording and layout of ``whist diff``: change records (``rulespec/diff.py``) as a changelog.

Every word comes from the locale: labels ``diff_*`` of ``locales/<lang>/ui.yaml`` and the rule
sets' own bid names and declaration names. A field without a label of its own is named by its
path, a word per key (``who takes the trick / when``); a parameter by its name in backticks, as
expressions use it; an expression by its source in backticks. Nothing here names a bid or a version.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulespec import diff as D
from rulespec.locale import Texts
from rulespec.markdown import code as md_code
from rulespec.titles import title_of
from whist.diffwords import Wording

#: Markdown sections, in order: (label of the heading, its label in a game without an auction,
#: whose bids are kinds of hand; kinds listed under it).
SECTIONS = (
    ("diff_bids_added", "diff_hands_added", (D.BID_ADDED,)),
    ("diff_bids_removed", "diff_hands_removed", (D.BID_REMOVED,)),
    ("diff_bids_renamed", "diff_hands_renamed", (D.BID_RENAMED,)),
    ("diff_bids_changed", "diff_hands_changed", (D.BID_CHANGED,)),
    ("general_rules", "general_rules", (D.GENERAL,)),
    ("diff_texts_changed", "diff_texts_changed", (D.TEXT,)),
)


# --- one change in words -------------------------------------------------------------------


#: Texts other than a bid's told as "reworded" (paragraphs); any other is a short name, told old → new.
PROSE = ("general.", "title")


def describe(change: D.Change, words: Wording) -> tuple[str | None, str]:
    """``(subject, what happened)``: the subject is the bid's name (None for general rules)."""
    if change.kind == D.GENERAL:
        return None, _general(change, words)
    if change.kind == D.TEXT and change.bid is None and not (change.field or "").startswith(PROSE):
        # a short name (of a group of bids, a declaration, a mark, a label): said in full, with its key
        name = words.label("diff_name_of", text_key=md_code(change.field or ""))  # which name: its key
        if change.old and change.new:
            return None, words.label("diff_change", what=name, old=change.old, new=change.new)
        if change.new:
            return None, words.label("diff_added", what=name, new=change.new)
        return None, words.label("diff_removed", what=name, old=change.old or "")
    if change.kind == D.TEXT and change.bid is None:
        return None, words.label("diff_text_changed", what=_prose_name(change.field or "", words))
    if change.kind == D.BID_RENAMED:
        return None, words.label("diff_renamed", old=change.old, new=change.new)
    side = "old" if change.kind == D.BID_REMOVED else "new"
    subject = words.bid_name(change.bid or "", side)
    if change.kind == D.BID_ADDED:
        return subject, _bid_summary(change.new, words, words.auctioned("new"))
    if change.kind == D.BID_REMOVED:
        return subject, _bid_summary(change.old, words, words.auctioned("old"))
    if change.kind == D.TEXT:
        return subject, words.label("diff_text_changed", what=words.optional(f"diff_text_{change.field}") or "")
    return subject, _bid_field(change, words)


def _prose_name(key: str, words: Wording) -> str:
    """``general.hand`` → the heading of that section of the rules reference; ``title`` → the title label."""
    section = key.removeprefix("general.")
    return words.optional(f"section_{section}") or words.optional(f"diff_text_{section}") or key


def text_of(change: D.Change, words: Wording) -> str:
    subject, what = describe(change, words)
    return f"{subject}: {what}" if subject else what


def _bid_summary(bid: Mapping[str, Any] | None, words: Wording, auctioned: bool) -> str:
    """An added or removed bid: its kind and rank, and what it does — the hook points it fills
    (a number by its value: "extra points when completed 3"), so that a new bid's bonus is seen.
    In a game without an auction a bid is a kind of hand, ranked nowhere: said so, without a rank."""
    bid = bid or {}
    kind = words.optional(f"diff_kind_{bid.get('kind')}") or str(bid.get("kind"))
    summary = words.label("diff_bid_summary", kind=kind, worth=words.value(bid.get("worth")))
    if not auctioned:
        summary = words.label("diff_kind_hand")
    hooks = bid.get("hooks") or {}
    if not hooks:
        return summary
    said = [
        f"{words.optional(f'diff_key_{name}') or name} {words.value(value)}"
        if isinstance(value, int | float) and not isinstance(value, bool)
        else words.optional(f"diff_key_{name}") or name
        for name, value in hooks.items()
    ]
    return words.label("diff_bid_does", summary=summary, hooks=", ".join(said))


def _bid_field(change: D.Change, words: Wording) -> str:
    """A changed field of a bid: in the words of :data:`_BID_WORDING` when one fits, else generic."""
    field = change.field or ""
    for test, say in _BID_WORDING:
        if test(field, change):
            return say(change, words)
    return _generic(words.field_name(_bid_path(field)), change, words)


def _bid_path(field: str) -> str:
    """``hooks.trump.chosen_by`` → ``trump.chosen_by`` (``params.cards`` is worded as a parameter)."""
    for prefix in ("hooks.", "params."):
        if field.startswith(prefix):
            return field.removeprefix(prefix)
    return field


def _generic(what: str, change: D.Change, words: Wording, shown: bool = False) -> str:
    """``what added: new``, ``what removed (was old)`` or ``what old → new``; ``shown``: the values
    are words already (else each is said by :meth:`Wording.value`)."""
    old, new = (v if shown else words.value(v) for v in (change.old, change.new))
    if change.old is None:
        return words.label("diff_added", what=what, new=new)
    if change.new is None:
        return words.label("diff_removed", what=what, old=old)
    return words.label("diff_change", what=what, old=old, new=new)


def _fact(change: D.Change, words: Wording) -> str:
    what = words.optional(f"diff_field_{change.field}") or change.field or ""
    if change.field == "kind":
        old, new = (words.optional(f"diff_kind_{v}") or str(v) for v in (change.old, change.new))
        return words.label("diff_change", what=what, old=old, new=new)
    if change.field == "events_after":  # bid ids: show their names
        old, new = (
            words.value([words.bid_name(b, side) for b in ids or []])
            for ids, side in ((change.old, "old"), (change.new, "new"))
        )
        return words.label("diff_change", what=what, old=old, new=new)
    return words.label("diff_change", what=what, old=words.value(change.old), new=words.value(change.new))


def _incompatible(change: D.Change, words: Wording) -> str:
    if change.new is not None:
        return words.label("diff_now_incompatible", bid=words.bid_name(change.new))
    return words.label("diff_no_longer_incompatible", bid=words.bid_name(change.old, "old"))


def _direction(change: D.Change, words: Wording) -> str:
    old = words.direction(change.old, change.context.get("old_chosen_by"))
    new = words.direction(change.new, change.context.get("new_chosen_by"))
    return words.label("diff_direction", old=old, new=new)


def _senders(change: D.Change, words: Wording) -> str:
    return words.label("diff_senders", old=words.who(change.old), new=words.who(change.new))


def _chosen_by(change: D.Change, words: Wording) -> str:
    hook = _bid_path(change.field or "").split(".")[0]
    what = words.optional(f"diff_field_{hook}") or hook
    return words.label("diff_chosen_by", what=what, old=words.who(change.old), new=words.who(change.new))


def _trump(change: D.Change, words: Wording) -> str:
    if change.new is None:
        return words.label("diff_trump_removed")
    chooser = change.new.get("chosen_by") if isinstance(change.new, dict) else None
    how = words.label("diff_chosen_by_value", who=words.who(chooser)) if chooser else words.value(change.new)
    return words.label("diff_trump_added", how=how)


def _tricks(change: D.Change, words: Wording) -> str:
    what = words.optional("diff_field_tricks") or "tricks"
    return words.label("diff_change", what=what, old=words.tricks(change.old), new=words.tricks(change.new))


def _step(change: D.Change, words: Wording) -> str:
    if "moved" in change.context:
        step = words.step(change.context["moved"], "new")
        return words.label("diff_step_moved", old=change.old, new=change.new, step=step)
    if change.new is None:
        return words.label("diff_step_removed", step=words.step(change.old, "old"))
    return words.label("diff_step_added", step=words.step(change.new, "new"))


def _has_choice(change: D.Change) -> bool:
    return "old_chosen_by" in change.context or "new_chosen_by" in change.context


def _chosen_value(change: D.Change, words: Wording) -> str:
    """A value that was (or became) a player's choice: ``… chosen by the declarer → right``."""
    old = words.direction(change.old, change.context.get("old_chosen_by"))
    new = words.direction(change.new, change.context.get("new_chosen_by"))
    return words.label("diff_change", what=words.field_name(_bid_path(change.field or "")), old=old, new=new)


def _param(change: D.Change, words: Wording) -> str:
    return _generic(words.param((change.field or "").removeprefix("params.")), change, words)


def _extra_points(change: D.Change, words: Wording) -> str:
    """``bonus`` and ``penalty``: extra points won or lost. A value that can only be 0 or less (a
    penalty of "−1 or 0": a failure costs a point *less*) is said with what it means, by the label
    ``diff_negative_<hook>`` (``{value}``: as written; ``{n}``: the same numbers without the minus)."""
    hook = _bid_path(change.field or "")
    old, new = (_points(value, hook, words) for value in (change.old, change.new))
    said = D.Change(change.kind, change.bid, change.field, old, new)
    return _generic(words.field_name(hook), said, words, shown=True)


def _points(value: Any, hook: str, words: Wording) -> str | None:
    if value is None:
        return None
    shown = words.value(value)
    numbers = value.get("values") if D.is_expression(value) else [value]
    if not numbers or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in numbers):
        return shown
    if max(numbers) > 0 or min(numbers) >= 0:  # (only a value that is never a gain is turned round)
        return shown
    less = {**value, "values": [-v for v in numbers]} if D.is_expression(value) else -value
    return words.optional(f"diff_negative_{hook}", value=shown, n=words.value(less)) or shown


def _pass_count(change: D.Change, words: Wording) -> str:
    return _generic(words.optional("diff_field_pass_count") or "count", change, words)


_Test = Callable[[str, D.Change], bool]
_Say = Callable[[D.Change, Wording], str]
#: Nicer wording for some fields of a bid, tried in order: (does it fit the field and change, how to say it).
_BID_WORDING: Sequence[tuple[_Test, _Say]] = (
    (lambda f, c: f in D.BID_FACTS, _fact),
    (lambda f, c: f == "incompatible_with", _incompatible),
    (lambda f, c: f.startswith("params."), _param),
    (lambda f, c: f in ("hooks.bonus", "hooks.penalty"), _extra_points),
    (lambda f, c: f == "hooks.tricks", _tricks),
    (lambda f, c: f == "hooks.trump" and (c.old is None or c.new is None), _trump),
    (lambda f, c: "step" in c.context or "moved" in c.context, _step),
    (lambda f, c: f.startswith("hooks.steps.pass_cards") and f.endswith(".direction"), _direction),
    (lambda f, c: f.startswith("hooks.steps.pass_cards") and f.endswith(".senders"), _senders),
    (lambda f, c: f.startswith("hooks.steps.pass_cards") and f.endswith(".count"), _pass_count),
    (lambda f, c: f.endswith(".chosen_by") and c.old is not None and c.new is not None, _chosen_by),
    (lambda f, c: _has_choice(c), _chosen_value),
)


def _general(change: D.Change, words: Wording) -> str:
    field = change.field or ""
    if field.startswith("game.params."):
        return _generic(words.param(field.removeprefix("game.params.")), change, words)
    if field.startswith("groups."):
        name = field.removeprefix("groups.")
        group = words.group_name(name)
        return _generic(words.label("diff_group", group=group), change, words)
    if field == "game.winning.default" and isinstance(change.old, str) and isinstance(change.new, str):
        old, new = words.variant(change.old), words.variant(change.new)
        return words.label("diff_change", what=words.field_name("winning.default"), old=old, new=new)
    if field == "game.auction.minimum_worth":  # false: no minimum at all
        old, new = (words.label("none") if v is False else words.value(v) for v in (change.old, change.new))
        return words.label("diff_change", what=words.field_name("auction.minimum_worth"), old=old, new=new)
    if field.startswith("game.match.schedules.") and (field.count(".") == 3 or field.endswith(".from")):
        # a schedule, or the hands one is chosen from: by the hands' names, not their ids; the
        # schedule by its own name (``schedules.five``), in the newer rule set's texts, else the older's
        schedule, _, tail = field.removeprefix("game.match.schedules.").partition(".")
        sides = (words.new, words.old)
        named = next((t.schedule_name(schedule) for t in sides if t.has(f"schedules.{schedule}")), schedule)
        what = f"{words.field_name('match.schedules')} {named}"
        what += f" / {words.field_name(tail)}" if tail else ""
        before, after = (words.hands(value, side) for value, side in ((change.old, "old"), (change.new, "new")))
        return _generic(what, D.Change(change.kind, None, field, before, after), words, shown=True)
    if field == "game.deck.remove":
        what = words.field_name("deck.remove")
        return words.label("diff_change", what=what, old=words.removals(change.old), new=words.removals(change.new))
    return _generic(words.field_name(field.removeprefix("game.")), change, words)


# --- whole outputs -------------------------------------------------------------------------


def to_records(changes: Sequence[D.Change], words: Wording) -> list[dict[str, Any]]:
    """The JSON records: ``{kind, bid, field, old, new, text}``."""
    return [change.to_data(text_of(change, words)) for change in changes]


def to_json(changes: Sequence[D.Change], words: Wording) -> str:
    return json.dumps(to_records(changes, words), indent=2, ensure_ascii=False)


def title(words: Wording, old_id: str, new_id: str) -> str:
    """``Changes from Combo Whist 1.5.0 to Combo Whist 1.5.1`` (each side's title, else its name, and version)."""
    old_name = _display_name(words.old, old_id)
    new_name = _display_name(words.new, new_id)
    if old_name == new_name:
        old_name, new_name = old_id, new_id
    return words.label("diff_title", old=old_name, new=new_name)


def _display_name(texts: Texts, ruleset_id: str) -> str:
    """``Combo Whist 1.5.1`` (:func:`rulespec.titles.title_of`), or ``tiny-whist 0.1`` when it has no title."""
    if texts.rules is not None:
        return title_of(texts.rules, texts)
    name, _, version = ruleset_id.partition("@")
    return f"{name} {version}".strip()


def to_markdown(changes: Sequence[D.Change], words: Wording, heading: str) -> str:
    """A changelog: a heading, then one section per kind of change that has any."""
    lines = [f"# {heading}", ""]
    auctioned = words.auctioned("new")
    for label, hands_label, kinds in SECTIONS:
        items = [c for c in changes if c.kind in kinds]
        if not items:
            continue
        lines += [f"## {words.label(label if auctioned else hands_label)}", ""]
        for change in items:
            subject, what = describe(change, words)
            lines.append(f"- **{subject}**: {what}" if subject else f"- {what}")
        lines.append("")
    if not changes:
        lines += [words.label("diff_no_changes"), ""]
    return "\n".join(lines)
