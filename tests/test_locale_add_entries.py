"""``add_entries`` (``whist translate init --force``, PO import) on any partly written locale file.

Whatever the file already holds and whatever it lacks, the new entries land under their own
parents, every written text stays as it was, and the result reads back as exactly the union. A
nested block that ends the file next to new top-level keys once put the nested entries under the
new top-level key (``short:`` under ``declarations:``): this property finds every such layout.
"""

from __future__ import annotations

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from rulespec.locale import flatten
from rulespec.localeedit import add_entries, emit, nest
from rulespec.yamlsource import parse_yaml

#: Keys of a locale file at every depth a house rule's file has (labels have none: one level).
KEYS = (
    "title",
    "bids.big_hearts.name",
    "bids.big_hearts.short",
    "bids.big_hearts.rules",
    "bids.sloth.name",
    "bids.sloth.rules",
    "groups.sly_bids",
    "declarations.lucky_suit",
    "declarations.vault",
    "general.overview",
)


def written(keys: list[str]) -> str:
    """A locale file holding ``keys`` (each with a text of its own), as a person might have left it."""
    lines = ["language: en", "ruleset: mine"]
    emit(nest({key: f"text of {key}" for key in keys}, 0), "", lines, {})
    return "\n".join(line for line in lines if not line.lstrip().startswith("#")) + "\n"


@settings(max_examples=300, deadline=None, derandomize=True)
@seed(17)
@given(st.lists(st.sampled_from(KEYS), unique=True), st.permutations(KEYS), st.sampled_from(["en", "for"]))
def test_added_entries_land_under_their_parents_and_keep_what_is_written(
    present: list[str], order: list[str], label: str
) -> None:
    text = written(present)
    doc = parse_yaml(text, "mine.yaml")
    lacking = {key: None for key in order if key not in present}
    result = add_entries(doc, lacking, {key: f"what {key} says" for key in lacking}, label=label)
    parsed = parse_yaml(result, "mine.yaml")
    after = dict(flatten(parsed.data))
    assert {key: after.get(key) for key in KEYS} == {key: (f"text of {key}" if key in present else "") for key in KEYS}
    lines = result.splitlines()
    remaining = iter(lines)  # the lines written before are all there, in their order
    assert all(old in remaining for old in text.splitlines())
    for key in lacking:  # each with its comment right above it
        line = parsed.key_locations[tuple(key.split("."))].line
        assert lines[line - 2].strip() == f"# {label}: what {key} says"
