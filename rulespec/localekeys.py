"""What a locale file may hold: its header, the shape of its sections, and the names under them.

One verdict per kind of mistake, whichever command reads the file (``whist check``,
``whist translate status``/``check``, and every command that shows texts, through
:func:`rulespec.translations.catalog`):

- a section that is not a mapping (``bids:`` written as a YAML list) is an error, in any file;
- in a file a rule set brings (not the project's ``locales/``), a name the rule set never asks
  for is an error at its key, with did-you-mean: an unknown bid id, bid text or label, and
  equally an unknown group, declaration, mark or variant (``groups.foo``);
- ``language:`` that is not the file's folder (``language: se`` in ``locales/sv/``), and
  ``ruleset:`` that is not the rule set the file's name says (``ruleset: bonanzza`` in
  ``bonanza.yaml``), are errors: the file would be read for another language or rule set than
  its author thinks.

The project's own files serve every bundled version (a bid of 1.5 is unknown to 1.3), so their
names are checked by the project's tests, not here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulespec import locale  # LOCALES_DIR read at call time (tests point it elsewhere)
from rulespec.errors import RuleError, did_you_mean
from rulespec.locale import META_KEYS, SHARED_FILE
from rulespec.locate import bundled_names
from rulespec.model import RuleSet
from rulespec.placeholdernames import label_placeholders
from rulespec.textkeys import BID_TEXT_FIELDS, needed_texts
from rulespec.yamlsource import Document

#: Top-level keys that hold a mapping of texts by name.
TEXT_GROUPS = ("labels", "general", "groups", "declarations", "marks", "variants", "schedules", "ui")
#: Top-level keys that hold a mapping (whose shape :func:`shape_problems` checks).
SECTIONS = ("bids", *TEXT_GROUPS)
#: Top-level keys that hold one text.
SINGLE_TEXTS = ("title",)
#: Every top-level key a locale file may have (rulespec/schema/locale.schema.json says the same).
TOP_KEYS = (*META_KEYS, *SINGLE_TEXTS, *SECTIONS)
#: Sections whose names come from the rule set's data (:func:`rulespec.textkeys.needed_texts`).
NAMED_BY_DATA = ("groups", "declarations", "marks", "variants", "schedules")


def is_own(path: Path | str) -> bool:
    """Whether a locale file holds texts a rule set brings for itself: not one of the project's
    ``locales/``, nor a copy beside a house rule of a bundled rule set's file (``translate init``
    writes ``locales/de/combo-whist.yaml`` there), which serves every version of it as the
    project's does."""
    path = Path(path)
    if path.stem.split("@")[0] in bundled_names():
        return False
    return locale.LOCALES_DIR.resolve() not in path.resolve().parents


def shape_problems(doc: Document) -> list[RuleError]:
    """Sections that are not mappings: ``bids`` by bid id, the text groups by name."""
    data = doc.data if isinstance(doc.data, dict) else {}
    errors = []
    for top, value in data.items():
        if top == "bids" and value is not None and not isinstance(value, dict):
            errors.append(
                doc.error(
                    ("bids",),
                    "'bids' must be a mapping from bid ids to their texts",
                    "write each bid's id as a key, e.g. bids: {my_bid: {name: My Bid}}",
                )
            )
        elif top in TEXT_GROUPS and value is not None and not isinstance(value, dict):
            errors.append(doc.error((top,), f"'{top}' must be a mapping of texts"))
        elif top not in TOP_KEYS:  # (``lables:``: its texts would be read by nobody, said nowhere)
            known = did_you_mean(str(top), TOP_KEYS) or f"a locale file holds {', '.join(TOP_KEYS)}"
            errors.append(doc.key_error((top,), f"unknown section '{top}'", known))
    return errors


def header_problems(doc: Document, path: Path) -> list[RuleError]:
    """``language:`` other than the folder's, ``ruleset:`` other than the file name's rule set."""
    data = doc.data if isinstance(doc.data, dict) else {}
    errors = []
    folder = path.parent.name
    language = data.get("language")
    if language is not None and str(language) != folder:
        hint = f"write language: {folder}, or move the file to locales/{language}/"
        errors.append(doc.error(("language",), f"language '{language}' in a file of locales/{folder}/", hint))
    named = path.stem.split("@")[0]
    ruleset = data.get("ruleset")
    if ruleset is not None and named != SHARED_FILE and str(ruleset) != named:
        hint = f"write ruleset: {named} (the texts of a rule set are read from the file named after it)"
        errors.append(doc.error(("ruleset",), f"ruleset '{ruleset}' in {path.name}, the texts of '{named}'", hint))
    return errors


def file_problems(doc: Document, path: Path, rules: RuleSet | None) -> tuple[list[RuleError], set[str]]:
    """Every problem of one locale file this module finds, and the dotted keys of the unknown names."""
    errors = shape_problems(doc) + header_problems(doc, path)
    named = name_problems(doc, rules) if rules is not None and is_own(path) else []
    return errors + [error for _, error in named], {key for key, _ in named}


def name_problems(doc: Document, rules: RuleSet) -> list[tuple[str, RuleError]]:
    """Names a rule set's own locale file may not hold, each with its dotted key (``groups.foo``)."""
    problems: list[tuple[str, RuleError]] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    known_top = (*META_KEYS, "bids", *TEXT_GROUPS, *SINGLE_TEXTS)
    asked = needed_texts(rules)
    for top, value in data.items():
        top = str(top)
        if top not in known_top:
            problems.append((top, doc.key_error((top,), f"unknown key '{top}'", did_you_mean(top, known_top))))
        elif top == "bids" and isinstance(value, dict):
            problems.extend(_bid_problems(doc, value, rules))
        elif top == "labels" and isinstance(value, dict):
            labels = label_placeholders()
            for name in map(str, value):
                if name not in labels:
                    hint = did_you_mean(name, labels) or "a locale file can only translate the project's labels"
                    error = doc.key_error(("labels", name), f"unknown label '{name}'", hint)
                    problems.append((f"labels.{name}", error))
        elif top in NAMED_BY_DATA and isinstance(value, dict):
            known = {key.split(".", 1)[1] for key in asked if key.startswith(f"{top}.")}
            known.update(rules.groups if top == "groups" else ())
            for name in map(str, value):
                if name not in known:
                    problems.append((f"{top}.{name}", _unknown_name(doc, top, name, known, rules)))
    return problems


def _unknown_name(doc: Document, top: str, name: str, known: set[str], rules: RuleSet) -> RuleError:
    what = top.removesuffix("s")  # (a group, a declaration, a mark, a variant, a schedule)
    hint = did_you_mean(name, sorted(known)) or (
        f"the {top} of {rules.name}: {', '.join(sorted(known))}" if known else f"{rules.name} has no {top}"
    )
    return doc.key_error((top, name), f"unknown {what} '{name}': {rules.name} asks for no text of it", hint)


def _bid_problems(doc: Document, bids: dict[Any, Any], rules: RuleSet) -> list[tuple[str, RuleError]]:
    problems: list[tuple[str, RuleError]] = []
    for bid_id, fields in bids.items():
        bid_id = str(bid_id)
        if bid_id not in rules.bids:
            hint = did_you_mean(bid_id, rules.bids) or f"the bids of {rules.name}: see whist show {rules.name}"
            problems.append((f"bids.{bid_id}", doc.key_error(("bids", bid_id), f"unknown bid id '{bid_id}'", hint)))
        elif not isinstance(fields, dict):
            error = doc.error(("bids", bid_id), f"the texts of bid '{bid_id}' must be a mapping")
            problems.append((f"bids.{bid_id}", error))
        else:
            for name in map(str, fields):
                if name not in BID_TEXT_FIELDS:
                    hint = did_you_mean(name, BID_TEXT_FIELDS) or f"one of: {', '.join(BID_TEXT_FIELDS)}"
                    error = doc.key_error(("bids", bid_id, name), f"unknown bid text '{name}'", hint)
                    problems.append((f"bids.{bid_id}.{name}", error))
    return problems
