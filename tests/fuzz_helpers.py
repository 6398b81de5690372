"""What the fuzz tests (test_fuzz_*.py) share: the bundled Combo Whist files they start from, a realistic
scope (the names and constants of its card rules), the tokens they draw broken text from, and a
tally of outcomes in Hypothesis' statistics.
"""

from __future__ import annotations

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from rulespec import BUNDLED_DIR, RuleSet, load_ruleset, scopes
from rulespec import model as M
from rulespec import types as T
from rulespec.compiler import Scope, Vocabulary

BUNDLED = BUNDLED_DIR / "combo-whist"
RULE_FILES = sorted(BUNDLED.glob("*.yaml"))
RULES = load_ruleset("combo-whist")


def count_event(name: str) -> None:
    """Tally an outcome in Hypothesis' statistics (``pytest --hypothesis-show-statistics``)."""
    if currently_in_test_context():
        event(name)


def declarations(rules: RuleSet) -> dict[str, T.Type]:
    """The names the bids' choose steps declare, with their types."""
    names: dict[str, T.Type] = {}
    for bid in rules.bids.values():
        for step in bid.steps:
            if isinstance(step, M.Choose):
                element = scopes.CHOICE_TYPES[step.what]
                many = step.count is not None or step.who.type != T.PLAYER
                names[step.name] = T.list_of(element) if many else element
    return names


def realistic_scope(rules: RuleSet) -> Scope:
    vocabulary = Vocabulary(
        suits=frozenset(s.id for s in rules.game.deck.suits),
        ranks=frozenset(rules.game.deck.ranks),
        bids=frozenset(rules.bids),
        marks=frozenset(rules.game.marks),
        options={k: T.BOOL if isinstance(v, bool) else T.NUMBER for k, v in rules.game.options.items()},
        zones=frozenset(s.name for b in rules.bids.values() for s in b.steps if isinstance(s, M.Zone)),
    )
    constants = dict(rules.game.params)
    for bid in rules.bids.values():
        constants.update(bid.params)
    return Scope({**scopes.CARD_RULE, **declarations(rules)}, vocabulary, constants)


SCOPE = realistic_scope(RULES)


TOKENS = [
    *"()[].,<>=!+-*/%\"' _\n",
    *"abcxyz0123456789",
    " and ",
    " or ",
    " not ",
    " in ",
    " not in ",
    " if ",
    " else ",
    "..",
    "==",
    "!=",
    "<=",
    "true",
    "false",
    '"H"',
    '"X"',
    "'2'",
    "1/0",
    "99999999999999999999",
    "(",
    ")",
    *sorted(SCOPE.names),
    *sorted(SCOPE.constants),
    *(f"{name}(" for name in ("count", "any", "all", "filter", "sum", "max", "min", "abs", "floor", "others")),
    *(f".{name}" for attributes in T.ATTRIBUTES.values() for name in attributes),
    ".tricks_in(",
    ".has(",
    "\u00e9",
    "\t",
    "\x00",
]


def junk_leaves(samples: list[str]) -> st.SearchStrategy[object]:
    """Plain values a stranger's data may hold where anything could be (None, flags, whole numbers
    of any size, floats, short texts) and ``samples``: texts that fool a lenient reader."""
    return (
        st.none()
        | st.booleans()
        | st.integers()
        | st.just(10**40)
        | st.floats()
        | st.text(max_size=8)
        | st.sampled_from(samples)
    )
